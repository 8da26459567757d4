"""A match on the table: one hand after another against the computer
players, to 500.

Data flows one way. A key or a click becomes an action text, the engine
(``game.act``) checks and applies it and returns events, and the
choreographer turns the events into animation steps that update the board
one frame at a time. The UI never changes the game any other way. Who
decides for each seat is the match's ``Seating`` (``seats/kinds.py``): in
the 1991 game you are seat 0, the computer players seats 1 and up (one at a
table of two, as in 1991). The match is made of parts, each with a typed view
of what it needs of the table: a ``PersonTurn`` turns a person's keys into
actions (``seats/person.py``), a ``ComputerTurns`` a computer's choices
(``seats/computers.py``), and the ``TableSource`` takes every action: the
engine here, or the table server (``source.py``, ``online_match.py``). This
module runs the frame and keeps the table seen from the person in front of
the screen (places round the table, place 0 at the bottom).

A match has four scenes of its own: ``table`` (a hand being played),
``handover`` (several people: the curtain while the screen passes to the
next person to decide), ``hand_result`` (who went out, the points, the
running totals and the cards left) and ``match_result`` (the winner and the
final scores). The last hand of a match shows its result too; RETURN then
shows the match's.

Besides playing your cards you may have to decide: the colour of a Wild
(yours, or any Wild while you are King in Royal Revenge), whether to
challenge a Wild Draw Four played on you, and, as King, who is the Jester
and who draws for a King's Choice. U calls UNO as you play your
next-to-last card, and catches a computer player that forgot to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TypeVar

from game.rules import Card, Event, IllegalAction
from game.ui.device.audio import Audio
from game.ui.device.keys import Pointer
from game.ui.scenes import handover
from game.ui.seats.computers import JUMP_IN_FRAMES, Computers, ComputerTurns
from game.ui.seats.kinds import Seating
from game.ui.seats.person import CHALLENGE_LABELS, SEAT_CHOICES, TABLE_KEYS, PersonTurn
from game.ui.table import narration, results, tabletop
from game.ui.table.animation import Timeline
from game.ui.table.board import Board
from game.ui.table.choreography import Choreographer
from game.ui.table.panels import marked
from game.ui.table.prompt_line import prompt_line
from game.ui.table.scepter import Scepter
from game.ui.table.source import TableGame, TableSource

# JUMP_IN_FRAMES: the jump-in window, named here as docs/tabletop.md names it.
__all__ = ["JUMP_IN_FRAMES", "Match", "TableSettings", "hand_result"]

T = TypeVar("T")


def hand_result(game: TableGame) -> results.HandResult:
    """The result of a hand that is over, its points as the engine scored them."""
    end = next(event for event in reversed(game.events) if event.kind == "hand_end")
    two = game.players == 2
    loser = 1 - end.seat if two else None
    return results.HandResult(
        winner=end.seat,
        points=end.points,
        scores=tuple(game.scores),
        target=game.rules.target,
        loser_cards=tuple(card for card in game.hands[loser] if card) if loser is not None else (),  # online: unknown
        last=game.match_over,
        left=tuple(len(hand) for hand in game.hands),
        tally=game.scoring == "tally",
        sides=game.sides if game.teams else (),
        given=_points_left(game) if game.teams else (),
    )


def _points_left(game: TableGame) -> tuple[int, ...]:
    """The points in each seat's hand (the cards' values, ``Card.points``);
    () where a hand is not known here (online, the others' cards)."""
    if not all(code for hand in game.hands for code in hand):
        return ()
    return tuple(sum(Card(code).points for code in hand) for hand in game.hands)


def _nothing(match: Match) -> None:
    """A table nobody keeps (a test's): nothing saved, nothing counted."""


@dataclass(frozen=True)
class TableSettings:
    """What a table is, made once by whoever opens one (``keeping.py``,
    ``online_play.py``, a test) and given whole to ``Match``, with the
    source of its game."""

    audio: Audio  # the run's sound
    notice: Callable[[str], None]  # takes the lines a player would notice
    set_scene: Callable[[str], None]  # takes the match's scene changes
    level: str  # the computer players'
    computer_seed: int = 0  # the computer players' and the scepter's
    seating: Seating | None = None  # who decides for each seat (None: you in seat 0 against computers)
    # The seat the table is seen from as it opens (a continued match of
    # several people); None: the seat in turn, or the first person's.
    viewer: int | None = None
    title_art: bool = True  # on the match's result
    # The game shown as it stands (a continued match, a rejoin), or its hand dealt on the table.
    as_it_stands: bool = False
    scepter: tuple[int, ...] | None = None  # the scepter's timer as a continued match left it
    acted: Callable[[Match], None] = _nothing  # after every action the engine takes and every new hand: save
    hand_ended: Callable[[Match], None] = _nothing  # once at the end of each hand (its ``result`` set)


class Match:
    """One match, on a table made from its ``TableSettings``, its game
    from ``source``: the engine on this machine (``EngineSource``) or the
    table server (``OnlineLink``)."""

    def __init__(self, table: TableSettings, source: TableSource) -> None:
        self.level = table.level
        self.audio = table.audio
        self.notice = table.notice
        self._set_scene = table.set_scene
        self._hand_ended = table.hand_ended
        self.title_art = table.title_art
        self._acted = table.acted
        self.source = source
        self.game = source.game
        self.players = self.game.players
        self.computer_seed = table.computer_seed
        self.seating = table.seating if table.seating is not None else Seating.solo(self.players)
        engine = source.engine  # (None: the server's computers decide, and its scepter sounds the fanfare)
        computer_seats = [seat for seat in range(self.players) if self.seating.is_computer(seat)]
        self.computers = Computers(self.level, self.computer_seed, computer_seats if engine is not None else [])
        # The person in front of the screen: the table is seen from their
        # seat (``viewer``), and their hand is face up only once the curtain
        # has opened for them (``in_front``; always, with one person). A
        # table nobody here sits at (a watcher's) is seen from ``viewer``'s
        # seat with nobody in front: every hand face down, no key its.
        people = self.seating.people
        turn, viewer = self.game.turn, table.viewer
        if viewer is None:
            viewer = turn if turn is not None and turn in people and self.seating.several else people[0]
        self.viewer = viewer
        self.in_front: int | None = None if self.seating.several or not people else viewer
        self.handover_to: int | None = None
        self.scepter = Scepter(self.computer_seed) if self.game.rules.scepter and engine is not None else None
        if self.scepter is not None and table.scepter is not None:
            self.scepter.state = list(table.scepter)  # a continued match: the timer as it was left
        deck_size = len(self.game.rules.deck)
        self.board = Board(draw_count=deck_size, counts=[0] * self.players, scores=(0,) * self.players)
        self.board.house = self.game.house
        self.board.hidden = self.seating.several or not people
        self.timeline = Timeline(self.board)
        tally = self.game.scoring == "tally"
        self.director = Choreographer(self.timeline, self.audio, self.notice, deck_size, self.players, tally=tally)
        self.seen_from(viewer)
        self.result: results.HandResult | None = None
        self.hints = False  # lift the cards of your hand that may be played (the HINTS setting)
        self.show_history = False  # H: the last lines of the message bar, over the table
        self.scene = "table"
        self.frame = 0
        self.moves = 0  # actions sent to the engine by this table
        self.fanfare_showing = False  # the fanfare took the turn, and its news still moves
        self.person = PersonTurn(self, self.game, self.board)
        self.computer_turns = ComputerTurns(self, engine, self.computers, self.person) if engine is not None else None
        self._clear_turn()
        if table.as_it_stands:
            self.restore()
        else:
            self.start_hand(self.game.opening)

    @property
    def computer(self):
        """The computer player of a table of two (seat 1)."""
        return self.computers.players[1]

    # ----- hands -----------------------------------------------------------------

    def start_hand(self, opening: list[Event]) -> None:
        """Deal a new hand on the table: its ``opening`` events, animated."""
        self._clear_turn()
        self.scene = "table"
        self._set_scene("table")
        self.board.prompt = ""
        if self.seating.several:  # anybody may have pressed RETURN: the curtain first
            self.in_front, self.board.hidden = None, True
        self.board.king, self.board.jester = self.place_of(self.game.king), self.place_of(self.game.jester)
        self.stage(opening)

    def restore(self, news: str = narration.CONTINUED) -> None:
        """Set the table straight to the engine's position (a continued
        match): the hands, piles, scores, the card you picked up under the
        arrow, and the hand's result if it is over; ``news`` says why."""
        game, board = self.game, self.board
        self._clear_turn()
        self.timeline.clear()  # what was still to be shown of the position before is void
        board.show(game, viewer=self.viewer)
        self.director.say(narration.MATCH_WAS_OVER if game.match_over else news)
        view = self.director.seating
        others = " | ".join(
            f"{view.name(place).lower()} {board.counts[place]} cards" for place in range(1, self.players)
        )
        scores = " ".join(str(score) for score in board.scores)
        you = "you" if view.you(0) else view.name(0).lower()
        held = " ".join(board.hand) if self.seating.people else f"{len(board.hand)} cards"  # (watched: face down)
        self.notice(
            f"table {you} {held} | {others} | top {board.top} "
            f"{board.colour} | scores {scores} | drawn {board.drawn or '-'}"
        )
        if game.hand_over:
            self._end_hand()
            return
        turn = game.turn
        if self.seating.several:
            board.hidden = True
            if turn is not None and self.seating.is_person(turn):  # behind the curtain, as it was left
                self._draw_curtain(turn)
                return
        if self.in_front_turn:
            self._show("table", self.person.table_prompt())
        else:
            assert turn is not None  # (the hand goes on)
            self._show("table", narration.computer_turn_prompt(turn, self.seating))

    def _clear_turn(self) -> None:
        """Forget what the table knew of a turn in progress (a new hand, or a
        continued match shown as it stands)."""
        self.person.clear()
        self.computers.forget()
        self.fanfare_showing = False

    def stage(self, events: list[Event]) -> None:
        """Animate the engine's events; the director sees your hand only (and
        how many cards the others hold, for hands swapped or passed on),
        everything in places round the table seen from the person in front."""
        game, viewer = self.game, self.viewer
        counts = [len(hand) for hand in game.hands]
        scores: list[int] = game.scores
        if viewer:
            events = [self._placed(event) for event in events]
            scores, counts = self._turned(game.scores), self._turned(counts)
        self.director.stage(events, game.hands[viewer], scores, counts)

    # ----- who is in front of the screen -----------------------------------------

    def place(self, seat: int) -> int:
        """Where a seat of the engine sits round the table as drawn (0: the bottom)."""
        return (seat - self.viewer) % self.players

    def place_of(self, seat: int | None) -> int | None:
        return None if seat is None else self.place(seat)

    def seat(self, place: int) -> int:
        """The seat of the engine at a place round the table as drawn."""
        return (place + self.viewer) % self.players

    def _turned(self, values: list[T]) -> list[T]:
        return [values[self.seat(place)] for place in range(self.players)]

    def _placed(self, event: Event) -> Event:
        seat = event.seat if event.seat < 0 else self.place(event.seat)
        count = self.place(event.count) if event.kind == "swap" else event.count
        return event._replace(seat=seat, count=count)

    def seen_from(self, viewer: int) -> None:
        """Draw the table from ``viewer``'s seat from now on."""
        self.viewer = viewer
        view = self.seating.seen_from(viewer)
        self.director.seating = view
        named = self.seating.several or self.source.names_every_seat
        names = tuple(marked(view.name(place), view.marks[place]) for place in range(self.players))
        self.board.names = names if named else None
        self.board.numbers = tuple(self.seat(place) for place in range(self.players))
        self.board.place_sides(self.game, viewer)

    def reseat(self, seating: Seating) -> None:
        """Who sits where has changed (online: a person away, or back)."""
        self.seating = seating
        self.seen_from(self.viewer)

    @property
    def in_front_turn(self) -> bool:
        """The decision to make now is the person's in front of the screen."""
        game = self.game
        return not game.hand_over and game.turn == self.viewer and self.in_front == self.viewer

    def _watch_handover(self) -> None:
        """Several people: once the table is still, hide every hand unless the
        person in front decides now; when the next decision is another
        person's, draw the curtain for them."""
        if not self.seating.several or self.scene != "table" or not self.timeline.idle:
            return
        game = self.game
        decider = None if game.hand_over else game.turn
        if decider is not None and decider != self.in_front and self.seating.is_person(decider):
            self.board.hidden = True  # while a missed UNO call may be caught too: it is no longer theirs
            if not self.computers.holding:
                self._draw_curtain(decider)
            return
        hidden = decider is None or decider != self.in_front
        if self.board.hidden and not hidden and not game.hand_over:
            self.audio.play("pip")  # the turn is back with the person in front
        self.board.hidden = hidden

    def _draw_curtain(self, seat: int) -> None:
        self.board.hidden = True
        self.handover_to = seat
        self.in_front = None
        self.person.kept_keys = []
        name = self.seating.name(seat)
        self._show("handover", narration.handover_prompt(name))
        self.notice(f"handover to {name.lower()}")

    def open_curtain(self) -> None:
        """The person named on the curtain is alone in front of the screen:
        the table turns to their seat, their hand face up, and their pip."""
        seat, self.handover_to = self.handover_to, None
        assert seat is not None  # (the curtain names a person)
        self.seen_from(seat)
        self.in_front = seat
        self.board.selected = 0  # the arrow starts at the left of this person's hand
        self.board.show(self.game, viewer=seat)
        self.board.news = self.board.last_heard(seat)  # never another person's own line
        self.board.hidden = False
        self._clear_turn()
        self.audio.play("pip")
        self.notice(f"in front {self.seating.name(seat).lower()}")
        self._show("table", self.person.table_prompt())

    def _show(self, scene: str, prompt: str) -> None:
        self.scene = scene
        self._set_scene(scene)
        self.board.prompt = prompt

    def _end_hand(self) -> None:
        """Show the hand's result, once its last cards have moved; at the end
        of the match too, before the match's result."""
        self.source.hand_ending()
        result = self.result = self._hand_result()
        game = self.game
        self._show("hand_result", narration.PROMPT_MATCH_RESULT if game.match_over else narration.PROMPT_NEXT_HAND)
        for line in result.lines():
            self.notice(f"result {line}")
        if self.players == 2:
            loser = 1 - result.winner
            seating = self.seating
            owner = "your" if seating.you(loser) else "computer" if seating.is_computer(loser) else self._name(loser)
            self.notice(f"result {owner} cards left: {' '.join(result.loser_cards)}")
        else:
            self.notice("result cards left: " + " ".join(str(n) for n in result.left))
        self._hand_ended(self)

    def _hand_result(self) -> results.HandResult:
        result = hand_result(self.game)
        names = self.source.result_names(self.seating)
        return result if names is None else replace(result, names=names)

    def leave(self) -> None:
        """You leave the match: a hand the engine has ended still counts,
        though its last cards are still moving and its result not yet shown."""
        if self.scene == "table" and self.game.hand_over:
            self.result = self._hand_result()
            self._hand_ended(self)

    def go_on(self) -> None:
        """RETURN (A, a click) on a hand result: deal the next hand or, after
        the last hand, show the match's result."""
        if self.scene != "hand_result":
            return
        game = self.game
        if not game.match_over:
            opening = self.source.next_hand()
            if opening is not None:
                self._acted(self)
                self.start_hand(opening)
            return
        self._show("match_result", self.source.match_over_prompt)
        self.notice(f"match winner {self._you_or_name(game.match_winner)}")
        totals = " ".join(f"{self._you_or_name(s)} {score}" for s, score in enumerate(game.scores))
        self.notice(f"result final scores {totals}")

    def _name(self, seat: int) -> str:
        return self.seating.name(seat).lower()

    def _you_or_name(self, seat: int | None) -> str:
        assert seat is not None  # (the match is over: it has a winner)
        return "you" if self.seating.you(seat) else self._name(seat)

    def say(self, text: str) -> None:
        """A line on the message bar's news line (the sound switch, say)."""
        self.director.say(text)

    @property
    def waiting_for_you(self) -> bool:
        """True while the table waits for you (no animation playing, no
        action of yours on its way)."""
        return self.scene == "table" and self.timeline.idle and self.in_front_turn and not self.source.busy

    @property
    def naming_colour(self) -> bool:
        """True while you must name a colour (``PersonTurn.naming_colour``)."""
        return self.person.naming_colour

    # ----- each frame -------------------------------------------------------------

    def update(
        self, pressed: list[str], pointer: Pointer | None = None, pads: dict[int, list[str]] | None = None
    ) -> None:
        """One frame: ``pressed`` the keyboard's keys (and, with one person,
        the first gamepad's), ``pads`` each gamepad's buttons by number,
        with several people (each pad acts for its own person)."""
        self.source.before_frame(pressed, pointer)
        self.frame += 1
        if self.scene == "handover":
            self._update_curtain(pressed, pointer, pads or {})
        elif self.scene == "table":
            self._take_keys(pressed, pointer, pads or {})
        self.timeline.update()
        self._watch_handover()
        person = self.person
        seat_choice = self.waiting_for_you and person.deciding in SEAT_CHOICES
        if seat_choice and self.board.pick not in person.pick_places():
            self.board.pick = person.first_pick()  # highlighted first, for LEFT/RIGHT and RETURN
        if self.scene == "table":
            person.jump_window += self.timeline.idle and person.jump_in_card() is not None
            self.board.prompt = prompt_line(self)
            self.board.playable = person.playable() if self.hints else None
        self.source.after_frame()

    def _take_keys(self, pressed: list[str], pointer: Pointer | None, pads: dict[int, list[str]]) -> None:
        """A frame of the hand being played: the computers think and watch,
        the keys out of turn (U, K, J, H) for each person, then the scepter,
        then the keys and mouse of the turn."""
        idle = self.timeline.idle
        if self.computer_turns is not None:
            self.computer_turns.think(idle)
            self.computer_turns.watch(idle)
        person, in_front = self.person, self.in_front
        if "U" in pressed:
            self._out_of_turn(person.uno_key, in_front)
        if "K" in pressed and self.seating.several:
            self._out_of_turn(person.catch_for_next)
        if "J" in pressed:
            self._out_of_turn(person.jump_in, in_front)
        for pad, names in pads.items():
            seat = self.seating.seat_of_pad(pad)
            if seat is None or self.scene != "table":
                continue
            if "U" in names:
                self._out_of_turn(person.uno_key, seat)
            if "J" in names:
                self._out_of_turn(person.jump_in, seat)
            if seat == in_front:
                pressed = pressed + [name for name in names if name not in ("U", "J")]
        if "H" in pressed:
            self.show_history = not self.show_history
        self._tick_scepter()
        self._update_table(pressed, pointer)

    def _out_of_turn(self, key: Callable[..., None], *seat: int | None) -> None:
        """U, J or K: the engine here takes them at once; the table server
        may find your last action still on its way, which is said, not a crash."""
        try:
            key(*seat)
        except IllegalAction as error:
            self.audio.play("buzz")
            self.say(narration.refused(str(error)))

    def _update_curtain(self, pressed: list[str], pointer: Pointer | None, pads: dict[int, list[str]]) -> None:
        """RETURN (a click, or the A button of the named person's own pad)
        opens the curtain."""
        assert self.handover_to is not None  # (the curtain names a person)
        pad = self.seating.pad(self.handover_to)
        buttons = pads.get(pad, []) if pad is not None else []
        if "RETURN" in pressed or (pointer is not None and pointer.clicked) or "RETURN" in buttons:
            self.open_curtain()
            return
        # H: the last messages are the next person's to read, not the curtain's; its prompt line says so.
        if "H" in pressed:
            self.board.prompt = narration.history_waits(self.seating.name(self.handover_to))
        # Behind the curtain a missed UNO call may still be caught (or called late).
        if "K" in pressed:
            self._out_of_turn(self.person.catch_for_next)
        for other, names in pads.items():
            seat = self.seating.seat_of_pad(other)
            if seat is not None and "U" in names and self.game.exposed is not None:
                self._out_of_turn(self.person.uno_key, seat)

    def _update_table(self, pressed: list[str], pointer: Pointer | None) -> None:
        table_keys = [key for key in pressed if key in TABLE_KEYS]
        if self.source.busy:
            self.person.keep_or_refuse(table_keys)  # as while your move moves
            return
        self.fanfare_showing = self.fanfare_showing and not self.timeline.idle
        if not self.timeline.idle:
            self.person.keep_or_refuse(table_keys)
        elif self.game.hand_over:
            self._end_hand()
        elif not self.in_front_turn:
            self.person.keep_or_refuse(table_keys)
            if self.computer_turns is not None:
                self.computer_turns.take_turn()
        else:
            self.person.take_turn(table_keys, pointer)

    def act(self, action: str, seat: int | None = None) -> None:
        """Send an action to the source (the engine, or the table server),
        save the match, and stage what follows once its events are known.
        With several people, another's action (a catch, a computer's move)
        first turns the hand in front face down: the cards it brings (a
        catch's two) fly face down."""
        if self.seating.several and (self.game.turn if seat is None else seat) != self.in_front:
            self.board.hidden = True
        events = self.source.act(action, seat)
        self.moves += 1
        if events is not None:
            self._acted(self)
            self.stage(events)

    # ----- Royal Revenge: the scepter's timer -------------------------------------------

    def _tick_scepter(self) -> None:
        """About a minute of play, then the fanfare at the start of a turn."""
        scepter = self.scepter
        if scepter is None or self.game.hand_over:
            return
        scepter.tick()
        self.board.scepter = scepter.progress
        if scepter.due and self.game.accepts_fanfare and self.timeline.idle and not self.computers.holding:
            scepter.restart()
            self._clear_turn()
            self.act("fanfare")
            self.fanfare_showing = True

    # ----- drawing ------------------------------------------------------------------------

    def draw(self, paused: bool = False) -> None:
        """The table and, at the end of a hand or match, its result; the arrow
        and the choices only while the game waits for you."""
        if self.scene == "handover":
            assert self.handover_to is not None  # (the curtain names a person)
            handover.draw_curtain(self.seating.name(self.handover_to), self.board.prompt, self.frame)
            return
        person = self.person
        waiting = self.waiting_for_you and not paused
        deciding = person.deciding if waiting else None
        arrow = waiting and not self.game.choosing_colour and deciding is None
        colours = waiting and person.naming_colour and (deciding is None or person.wild is not None)
        pending = self.game.pending
        challenged = pending is not None and deciding == "challenge" and person.wild is None
        colour_before = (
            pending.colour if pending is not None and challenged else None
        )  # the colour the Wild Draw Four left
        self.board.row_busy = colours or challenged
        under_result = self.scene in ("hand_result", "match_result")
        tabletop.draw_table(self.board, self.frame if arrow else None, self.frame, under_result)
        if colours:
            tabletop.draw_colour_choice(person.colour_cursor, self.frame)
        if challenged:
            labels = CHALLENGE_LABELS[: len(person.challenge_choices())]
            tabletop.draw_choices(labels, person.choice_cursor, self.frame)
            assert colour_before is not None  # (a challenge names it)
            tabletop.draw_colour_before(colour_before)
        if self.show_history and self.scene == "table":
            tabletop.draw_history(self.board.heard(self.in_front))
        if self.scene == "hand_result":
            assert self.result is not None
            results.draw_hand_result(self.result)
        elif self.scene == "match_result":
            assert self.result is not None and self.game.match_winner is not None
            names = self.result.names
            winner, scores = self.game.match_winner, self.result.scores
            footer, sides = self.source.footer, self.result.sides
            results.draw_match_result(winner, scores, self.title_art, footer=footer, names=names, sides=sides)
        self.source.draw()
