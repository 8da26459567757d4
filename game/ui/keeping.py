"""A match's bookkeeping: starting one (the run's match n deals from
seed + n, whether the matches before it were finished or left), continuing
the saved one exactly, saving after every action, counting each hand in
the statistics (one person's record, or each person's by name) and keeping finished matches for REPLAYS. The context
(``scenes/context.py``) holds one ``Keeping``; the table scene
(``scenes/play.py``) shows the match it makes.
"""

from __future__ import annotations

import gc
import hashlib
import secrets
from typing import TYPE_CHECKING

from game.rules import Game
from game.rules.rulesets import RULESETS
from game.rules.teams import team_letter, team_totals
from game.storage.saves import SavedMatch, now, state_digest
from game.storage.settings import table_key
from game.ui.seats.kinds import Seating

if TYPE_CHECKING:
    from game.ui.run import Run
    from game.ui.table.match import Match, TableSettings


def settle_heap() -> None:
    """Keep what has been made so far (modules, resources, the computer
    players' tables) out of the garbage collector's way for the rest of the
    run: its full collections, which come every few thousand allocations
    while a computer searches, then scan only what the match itself makes,
    instead of costing a frame some 8 ms at a table of ten (``gc.freeze``)."""
    gc.collect()
    gc.freeze()


def engine(match: Match) -> Game:
    """The engine's game of a match played on this machine (the only kind
    kept here: an online match's is the server's)."""
    game = match.game
    assert isinstance(game, Game), "a match of this machine's engine"
    return game


def saved_seating(saved: SavedMatch) -> Seating | None:
    """Who sat where in a saved match: its people's names (one person: the
    1991 seating, None)."""
    return Seating.from_names(saved.names) if saved.names else None


class Keeping:
    """Starting, continuing, saving and counting the matches of a run.
    ``first_deal`` (a deck, top card first, and a starter) stacks the
    first hand of the first match; ``saved`` is the match to continue."""

    def __init__(self, ctx: Run, first_deal: tuple[list[str] | None, int | None], saved: SavedMatch | None) -> None:
        self._ctx = ctx
        self._first_deal = first_deal
        self.saved = saved
        self.number = -1  # the match's number in this run, from 0 (it deals from seed + number); -1: none yet
        self.moves = 0  # actions (and new hands) sent to the engine in this match
        self._hand_counted = False  # the hand that is over is in the statistics
        self._date = ""
        self._id = ""

    # ----- a match --------------------------------------------------------------------

    def start(self) -> Match:
        """A new match, the one after the last started (finished or left): the
        run's match n (counted from 0) deals from seed + n, so every run with a
        seed repeats, and no new match deals the cards of one left before it.
        The table's code and the computer players are imported here, not
        before: the first frame (the title or the loading screen) comes sooner."""
        from game.ui.table.match import Match
        from game.ui.table.source import EngineSource

        ctx = self._ctx
        ctx.audio.stop_music()
        self.number += 1
        number = self.number
        deck, starter = self._first_deal if number == 0 else (None, None)
        rules, players = ctx.next_match.rules_and_players()
        level = ctx.next_match.level
        ctx.notice(f"match {number + 1} level {level}")
        teams = ctx.next_match.teams
        if not RULESETS[rules].classic(players):
            partners = " partners" if teams else ""
            ctx.notice(f"table {rules} {players} players scoring {ctx.settings.scoring}{partners}")
        seed = ctx.seed + number
        house = ctx.next_match.house_in_play(rules)
        scoring = ctx.settings.scoring
        game = Game(rules, players, seed=seed, deck=deck, starter=starter, scoring=scoring, house=house, teams=teams)
        match = Match(self._table(level, ctx.seed, ctx.next_match.seating(players, seed)), EngineSource(game))
        if match.seating.several:
            names = ", ".join(match.seating.name(seat).lower() for seat in match.seating.people)
            ctx.notice(f"people {names} at seats {' '.join(map(str, match.seating.people))}")
        self.moves, self._hand_counted = 0, False
        self._date = now()
        self._id = secrets.token_hex(6)
        self.save(match, moved=False)
        match.hints = ctx.settings.hints_for(rules)
        settle_heap()
        return match

    def take_up(self) -> Match | None:
        """The saved match, as it was left: the engine's game replayed from
        its record, the computer with the same seed and level (None: the
        table cannot open it, set aside and said)."""
        from game.ui.table.match import Match
        from game.ui.table.source import EngineSource

        ctx = self._ctx
        saved, self.saved = self.saved, None
        assert saved is not None, "take_up: a saved match to continue"
        ctx.title.can_continue = False
        ctx.audio.stop_music()
        self.number, self.moves, self._hand_counted = saved.match, saved.moves, saved.hand_counted
        self._date = saved.date
        self._id = saved.match_id or hashlib.sha256(f"{saved.date} {saved.record[:400]}".encode()).hexdigest()[:12]
        try:
            game = saved.game()
            table = table_key(game.rules.name, game.players, game.teams)
            ctx.stats.level(saved.level, table)  # a table the statistics know
            ctx.notice(f"match {saved.match + 1} level {saved.level} continued after {saved.moves} moves")
            ctx.notice(f"state {state_digest(game)}")
            opening = self._table(saved.level, saved.computer_seed, saved_seating(saved), continued=saved)
            match = Match(opening, EngineSource(game))
        except Exception as error:  # passed every check, yet the table cannot open it: a bad save too, never a crash
            ctx.warn(ctx.store.set_match_aside(f"the table cannot open it ({type(error).__name__}: {error})"))
            return None
        match.hints = ctx.settings.hints_for(saved.rules)
        settle_heap()
        return match

    def _table(
        self,
        level: str,
        computer_seed: int,
        seating: Seating | None,
        continued: SavedMatch | None = None,
    ) -> TableSettings:
        """A table of this run (its sound, notices and title art), saved
        after every action and counted after every hand: a new match, dealt
        on the table, or the ``continued`` one, shown as it stands (seen
        from the seat it was left at, the scepter's timer as it was)."""
        from game.ui.table.match import TableSettings

        ctx = self._ctx
        viewer = continued.viewer if continued is not None and continued.names else None
        scepter = continued.scepter if continued is not None else None
        return TableSettings(
            ctx.audio,
            ctx.notice,
            ctx.show,
            level,
            computer_seed,
            seating,
            viewer,
            title_art=not ctx.low_memory,
            as_it_stands=continued is not None,
            scepter=None if scepter is None else tuple(scepter),
            acted=self.save,
            hand_ended=self.record_hand,
        )

    def _saved(self, match: Match, result: str | None = None) -> SavedMatch:
        game = engine(match)
        return SavedMatch(
            record=game.record(),
            level=match.level,
            computer_seed=match.computer_seed,
            rules=game.rules.name,
            players=game.players,
            scoring=game.scoring,
            match=self.number,
            moves=self.moves,
            hand_counted=self._hand_counted and game.hand_over,
            date=self._date,
            result=result,
            match_id=self._id,
            names=match.seating.names if match.seating.several else (),
            viewer=match.viewer if match.seating.several else 0,
            scepter=match.scepter.state if match.scepter is not None else None,
        )

    def save(self, match: Match, moved: bool = True) -> None:
        """After every action: the match as it stands, atomically."""
        self.moves += moved
        if not match.game.hand_over:
            self._hand_counted = False
        warning = self._ctx.store.save_match(self._saved(match))
        if warning:
            self._ctx.warn_once(warning)
        self._ctx.notice(f"saved match {self.moves} moves")

    def record_hand(self, match: Match) -> None:
        """Count the hand (and the match, at its end) and save at once; a
        continued match whose hand was counted before is not counted again.
        At the end of the match, keep it for replays: nothing to continue."""
        ctx = self._ctx
        result, game, seating = match.result, engine(match), match.seating
        assert result is not None, "record_hand: a hand that is over"
        hand = f"{self._id} {game.hand_number}"
        if not self._hand_counted and ctx.stats.counted != hand:
            if seating.several:
                self._record_people(match)
            else:
                you, sides = seating.people[0], game.sides
                won = sides[result.winner] == sides[you]  # (with partners: your team's hand)
                table = table_key(game.rules.name, game.players, game.teams)
                ctx.stats.record_hand(match.level, won=won, points=result.points if won else 0, table=table)
                if game.match_over:
                    assert game.match_winner is not None  # (a match won)
                    won_match = sides[game.match_winner] == sides[you]
                    ctx.stats.record_match(match.level, won=won_match, score=game.scores[you], table=table)
            ctx.stats.counted = hand  # in the same file, the same write, as the counts
            ctx.save()
            ctx.notice("saved settings and statistics")
        self._hand_counted = True
        if game.match_over:
            score = ", ".join(f"{seating.name(seat).lower()} {n}" for seat, n in enumerate(game.scores))
            if game.teams:  # partners: each team's total once, by its letter
                totals = team_totals(game.scores, game.sides).items()
                score = ", ".join(f"team {team_letter(side).lower()} {total}" for side, total in totals)
            winner = game.match_winner
            assert winner is not None, "record_hand: a match won"
            if seating.several:
                won_by = f"{seating.name(winner).lower()} won,"
            else:
                won_by = "won" if game.sides[winner] == game.sides[seating.people[0]] else "lost"
            warning = ctx.store.keep_finished(self._saved(match, result=f"{won_by} {score}"))
            if warning:  # not kept for replays: then the saved match is not cleared either
                ctx.warn(warning)
            else:
                ctx.store.clear_match()
                ctx.notice("match kept for replays")
        else:
            self.save(match, moved=False)

    def _record_people(self, match: Match) -> None:
        """Several people: each person's hand (and match) by name."""
        stats = self._ctx.stats
        result, game, seating = match.result, match.game, match.seating
        assert result is not None, "_record_people: a hand that is over"
        sides = game.sides
        for seat in seating.people:
            name = seating.name(seat)
            won = sides[result.winner] == sides[seat]  # (with partners: the person's team's hand)
            stats.record_person_hand(name, won=won, points=result.points if won else 0)
            if game.match_over:
                assert game.match_winner is not None  # (a match won)
                won_match = sides[game.match_winner] == sides[seat]
                stats.record_person_match(name, won=won_match, score=game.scores[seat])
        if game.match_over:
            for seat in seating.people:
                record = stats.person(seating.name(seat))
                self._ctx.notice(
                    f"stats {seating.name(seat).lower()} matches won {record.matches_won} of {record.matches_played},"
                    f" hands won {record.hands_won} of {record.hands_played}, points {record.hand_points}"
                )
