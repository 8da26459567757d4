"""A match's bookkeeping, as the App runs it: starting one (match n deals
from seed + n), continuing the saved one exactly, saving after every
action, counting each hand in the statistics (one person's record, or each
person's by name) and keeping finished matches for REPLAYS. ``App`` mixes
this in.
"""

from __future__ import annotations

import gc
import hashlib
import secrets
from typing import TYPE_CHECKING

from game.storage.saves import SavedMatch, now, state_digest
from game.storage.settings import table_key
from game.ui.seats.kinds import Seating

if TYPE_CHECKING:
    from game.ui.table.match import Match


def settle_heap() -> None:
    """Keep what has been made so far (modules, resources, the computer
    players' tables) out of the garbage collector's way for the rest of the
    run: its full collections, which come every few thousand allocations
    while a computer searches, then scan only what the match itself makes,
    instead of costing a frame some 8 ms at a table of ten (``gc.freeze``)."""
    gc.collect()
    gc.freeze()


def saved_seating(saved: SavedMatch) -> Seating | None:
    """Who sat where in a saved match: its people's names (one person: the
    1991 seating, None)."""
    return Seating.from_names(saved.names) if saved.names else None


class MatchKeeping:
    """Starting, continuing, saving and counting matches."""

    # ----- a match --------------------------------------------------------------------

    def _start_match(self) -> None:
        """A new match; match n plays from seed + n, so every run repeats.
        The table's code and the computer players are imported here, not
        before: the first frame (the title or the loading screen) comes sooner."""
        from game.ui.table.match import Match

        self.audio.stop_music()
        deck, starter = self._first_deal if self.matches == 0 else (None, None)
        rules, players = self._rules_and_players()
        self.notice(f"match {self.matches + 1} level {self.level}")
        if (rules, players) != ("1991", 2):
            self.notice(f"table {rules} {players} players scoring {self.settings.scoring}")
        self.match = Match(
            self.seed + self.matches,
            self.level,
            self.audio,
            self.notice,
            self._set_scene,
            hand_ended=self._record_hand,
            computer_seed=self.seed,
            deck=deck,
            starter=starter,
            title_art=not self.low_memory,
            rules=rules,
            acted=self._save_match,
            players=players,
            scoring=self.settings.scoring,
            house=self.settings.house if rules == "standard" else (),
            seating=self._seating(players, self.seed + self.matches),
        )
        if self.match.seating.several:
            names = ", ".join(self.match.seating.name(seat).lower() for seat in self.match.seating.people)
            self.notice(f"people {names} at seats {' '.join(map(str, self.match.seating.people))}")
        self._moves, self._hand_counted = 0, False
        self._match_date = now()
        self._match_id = secrets.token_hex(6)
        self._save_match(self.match, moved=False)
        self._shown_prompt = ""
        self.match.hints = self.settings.hints_for(rules)
        settle_heap()

    def _continue(self) -> None:
        """The saved match, as it was left: the engine's game replayed from
        its record, the computer with the same seed and level."""
        from game.ui.table.match import Match

        saved, self._saved_at_start = self._saved_at_start, None
        self.title.can_continue = False
        self.audio.stop_music()
        self.matches, self._moves, self._hand_counted = saved.match, saved.moves, saved.hand_counted
        self._match_date = saved.date
        self._match_id = (
            saved.match_id or hashlib.sha256(f"{saved.date} {saved.record[:400]}".encode()).hexdigest()[:12]
        )
        try:
            game = saved.game()
            table = table_key(game.rules.name, game.players)
            self.stats.level(saved.level, table)  # a table the statistics know
            self.notice(f"match {saved.match + 1} level {saved.level} continued after {saved.moves} moves")
            self.notice(f"state {state_digest(game)}")
            match = Match(
                game.seed,
                saved.level,
                self.audio,
                self.notice,
                self._set_scene,
                hand_ended=self._record_hand,
                computer_seed=saved.computer_seed,
                title_art=not self.low_memory,
                acted=self._save_match,
                game=game,
                seating=saved_seating(saved),
                viewer=saved.viewer if saved.names else None,
                scepter=saved.scepter,
            )
        except Exception as error:  # passed every check, yet the table cannot open it: a bad save too, never a crash
            self._warn(self.store.set_match_aside(f"the table cannot open it ({type(error).__name__}: {error})"))
            self._to_title()
            return
        self.match = match
        self.match.hints = self.settings.hints_for(saved.rules)
        self._shown_prompt = ""
        settle_heap()

    def _saved(self, match: Match, result: str | None = None) -> SavedMatch:
        game = match.game
        return SavedMatch(
            record=game.record(),
            level=match.level,
            computer_seed=match.computer_seed,
            rules=game.rules.name,
            players=game.players,
            scoring=game.scoring,
            match=self.matches,
            moves=self._moves,
            hand_counted=self._hand_counted and game.hand_over,
            date=self._match_date,
            result=result,
            match_id=self._match_id,
            names=match.seating.names if match.seating.several else (),
            viewer=match.viewer if match.seating.several else 0,
            scepter=match.scepter.state if match.scepter is not None else None,
        )

    def _save_match(self, match: Match, moved: bool = True) -> None:
        """After every action: the match as it stands, atomically."""
        self._moves += moved
        if not match.game.hand_over:
            self._hand_counted = False
        warning = self.store.save_match(self._saved(match))
        if warning:
            self._warn_once(warning)
        self.notice(f"saved match {self._moves} moves")

    def _record_hand(self, match: Match) -> None:
        """Count the hand (and the match, at its end) and save at once; a
        continued match whose hand was counted before is not counted again.
        At the end of the match, keep it for replays: nothing to continue."""
        result, game, seating = match.result, match.game, match.seating
        hand = f"{self._match_id} {game.hand_number}"
        if not self._hand_counted and self.stats.counted != hand:
            if seating.several:
                self._record_people(match)
            else:
                you = seating.people[0]
                won = result.winner == you
                table = table_key(game.rules.name, game.players)
                self.stats.record_hand(match.level, won=won, points=result.points if won else 0, table=table)
                if game.match_over:
                    won_match = game.match_winner == you
                    self.stats.record_match(match.level, won=won_match, score=game.scores[you], table=table)
            self.stats.counted = hand  # in the same file, the same write, as the counts
            self._save()
            self.notice("saved settings and statistics")
        self._hand_counted = True
        if game.match_over:
            score = ", ".join(f"{seating.name(seat).lower()} {n}" for seat, n in enumerate(game.scores))
            if seating.several:
                won = f"{seating.name(game.match_winner).lower()} won,"
            else:
                won = "won" if game.match_winner == seating.people[0] else "lost"
            warning = self.store.keep_finished(self._saved(match, result=f"{won} {score}"))
            if warning:  # not kept for replays: then the saved match is not cleared either
                self._warn(warning)
            else:
                self.store.clear_match()
                self.notice("match kept for replays")
        else:
            self._save_match(match, moved=False)

    def _record_people(self, match: Match) -> None:
        """Several people: each person's hand (and match) by name."""
        result, game, seating = match.result, match.game, match.seating
        for seat in seating.people:
            name = seating.name(seat)
            won = result.winner == seat
            self.stats.record_person_hand(name, won=won, points=result.points if won else 0)
            if game.match_over:
                self.stats.record_person_match(name, won=game.match_winner == seat, score=game.scores[seat])
        if game.match_over:
            for seat in seating.people:
                record = self.stats.person(seating.name(seat))
                self.notice(
                    f"stats {seating.name(seat).lower()} matches won {record.matches_won} of {record.matches_played},"
                    f" hands won {record.hands_won} of {record.hands_played}, points {record.hand_points}"
                )
