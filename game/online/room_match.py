"""A room's match in play and its turn clock.

``Play`` holds the engine (``game.rules.Game``, which lives only on the
server) and keeps time for it: each turn's deadline, after which a
computer plays for the person in turn, the grace a dropped person keeps
their seat, the wait between hands for the people to say ready, and Royal
Revenge's scepter timer. The room asks it what each connection is sent
(``state``: its seat's view, and the events it has not had yet).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Generic

from ..ai.policy import ScepterClock, Seconds
from ..rules import Game
from .protocol import Message, view_json
from .room_computers import Computers
from .room_seats import Conn, Member, Seating
from .room_table import TableSettings

RECENT_EVENTS = 30  # events a rejoin is sent with the view (as lichess resends a game's last 30 moves)
GRACE = 5.0  # seconds a dropped person in turn keeps the seat before a computer plays it
REJOIN_WAIT = 2  # the next hand waits for a person whose connection went this many graces (a client retries every 5 s)


class Play(Generic[Conn]):
    """The room's match: whether it has ``started`` and is ``over``, the
    ``moves`` sent to the engine so far (record lines, ``next`` included),
    and its clock: ``turn_since``, when the turn (``turn_key``) began, the
    ``grace``, and the ``scepter``. ``seating`` says who plays each seat,
    the room's ``computers`` play the others."""

    __slots__ = (
        "_header",
        "_turns_counted",
        "computer_seed",
        "computers",
        "ended",
        "game",
        "grace",
        "moves",
        "over",
        "scepter",
        "seating",
        "started",
        "table",
        "turn_key",
        "turn_since",
    )

    def __init__(
        self, table: TableSettings, seating: Seating[Conn], computers: Computers, computer_seed: int, seed: int
    ) -> None:
        self.table, self.seating, self.computers, self.computer_seed = table, seating, computers, computer_seed
        self.game = self.new_game(seed)
        self.started = False
        self.over = False
        self.moves = 0
        self.ended: float | None = None  # when the match ended (time.time()): its replay's date
        self.turn_key: tuple[int, int] | None = None
        self._turns_counted = (-1, 0, 0)  # (hand, events, turn events among them): see _turn_key
        self.turn_since = 0.0
        self.grace = GRACE
        # Royal Revenge: the scepter's timer, in seconds of play (it stands still while the room is empty or a
        # hand is over); its lengths come from the room's computer seed, as the offline table's from its own.
        self.scepter = self._new_scepter()
        self._header: str | None = None  # the record's header, once asked for (``record_header_text``)

    def new_game(self, seed: int) -> Game:
        table = self.table
        return Game(
            rules=table["rules"],
            players=table["players"],
            seed=seed,
            scoring=table["scoring"],
            house=tuple(table["house"]),
            teams=table["teams"],
        )

    def _new_scepter(self) -> ScepterClock | None:
        return ScepterClock(self.computer_seed, Seconds()) if self.game.rules.scepter else None

    # ----- the match's lifecycle: started, played, over, the next ---------------

    def start(self, seed: int | None, now: float) -> None:
        """The match starts, dealt from ``seed`` (None: the one it was made with)."""
        self.started = True
        if seed is not None and seed != self.game.seed:
            self.game, self._header = self.new_game(seed), None  # the nonces mixed in
        self.turn_key, self.turn_since = self.turn(), now
        self.wind_scepter(now)  # the first hand's minute begins

    def next_match(self, seed: int, now: float) -> None:
        """The room's next match (PLAY AGAIN), dealt from ``seed``."""
        self.game, self._header = self.new_game(seed), None
        self.moves, self.over, self.ended = 0, False, None
        self.computers.new_match()
        self._turns_counted = (-1, 0, 0)
        if self.game.rules.scepter:
            self.scepter = self._new_scepter()
        self.turn_key, self.turn_since = self.turn(), now
        self.wind_scepter(now)

    def act(self, action: str, seat: int) -> None:
        """A seat's action (ValueError, with the reason, if it may not)."""
        if self.over:
            raise ValueError("the match is over")
        if action == "fanfare" or action == "next":
            raise ValueError(f"{action!r} is not a seat's action here")
        self.game.act(action, seat=seat)

    def acted(self, now: float) -> None:
        """An action went to the engine: a new turn begins its clock."""
        self.moves += 1
        self.computers.replan()
        key = self.turn()
        if key != self.turn_key:
            self.turn_key, self.turn_since = key, now

    def ends(self) -> bool:
        """The match has just ended (with the action the room has sent out)."""
        if self.game.match_over and not self.over:
            self.over, self.ended = True, time.time()
            return True
        return False

    def turn(self) -> tuple[int, int]:
        """Which turn this is: a new one at every turn event, so that each
        turn gets the room's whole turn time, an extra turn too (after a
        1991 Draw Two or Skip the same person plays again), while a card
        drawn and then played is one turn. The hand's turn events are
        counted as they come (a whole hand's, each action, cost a quarter
        of the four views sent)."""
        game = self.game
        events = game.events
        counted = self._turns_counted
        if counted[0] != game.hand_number or counted[1] > len(events):
            counted = (game.hand_number, 0, 0)
        turns = counted[2] + sum(1 for event in events[counted[1] :] if event.kind == "turn")
        self._turns_counted = (game.hand_number, len(events), turns)
        return (game.hand_number, turns)

    # ----- between hands ----------------------------------------------------------

    def ready(self, seat: int) -> bool:
        """The seat asks for the next hand (False: no hand is to come)."""
        game = self.game
        if not game.hand_over or game.match_over:
            return False
        self.seating.seats[seat].ready = True
        return True

    def waiting(self) -> list[int]:
        """The seats the next hand waits for: every person at the table who
        has not said ready, one whose connection went too until it has been
        gone ``REJOIN_WAIT`` graces (``tick``: a computer plays for them then); it
        is dealt anyway once the turn time is up."""
        game = self.game
        if not self.started or not game.hand_over or game.match_over:
            return []
        seats = self.seating.seats
        return [n for n, s in enumerate(seats) if s.kind == "person" and not s.standin and not s.ready]

    def absences(self) -> dict[int, float]:
        """Between hands: each person waited for whose connection has gone, and when they stop being waited for."""
        absences = {}
        seats = self.seating.seats
        for number in self.waiting():
            dropped = seats[number].dropped
            if seats[number].conn is None and dropped is not None:
                absences[number] = dropped + REJOIN_WAIT * self.grace
        return absences

    def let_absent_go(self, now: float) -> bool:
        """Between hands: a person gone ``REJOIN_WAIT`` graces is not waited for (a
        computer plays for them until they are back). Whether the hand may be
        dealt now (everyone else is ready)."""
        seats = self.seating.seats
        for number, until in self.absences().items():
            if now >= until:
                seats[number].standin = True
        return any(seat.ready for seat in seats) and not self.waiting()

    def next_hand(self) -> None:
        self.game.next_hand()
        for seat in self.seating.seats:
            seat.ready = False

    # ----- the clock -------------------------------------------------------------

    def live(self) -> bool:
        """Played only while somebody is there: nobody's seat is lost to an empty room."""
        return self.started and not self.over and self.seating.anyone_here()

    def deadline_left(self, now: float) -> float | None:
        limit = self.deadline()
        return None if limit is None else round(max(0.0, limit - now), 2)

    def deadline(self) -> float | None:
        """When the person to act loses the turn to a computer (None: no person to act)."""
        game = self.game
        if not self.started or self.over:
            return None
        if game.hand_over:
            return self.turn_since + self.table["turn_time"]
        seat = self.seating.seats[self.in_turn()]
        if seat.kind != "person" or seat.standin:
            return None
        limit = self.turn_since + self.table["turn_time"]
        if seat.conn is None and seat.dropped is not None:
            limit = min(limit, max(seat.dropped, self.turn_since) + self.grace)
        return limit

    def wakeup(self, now: float) -> float | None:
        """When the clock next has something to do (None: nothing until a message)."""
        if not self.live():
            return None
        times = []
        limit = self.deadline()
        if limit is not None:
            times.append(limit)
        game = self.game
        if game.hand_over:
            times += self.absences().values()
        due = self.computers.due(game, self.moves, now, self.seating.plays_itself)
        if due is not None:
            times.append(due)
        if self.scepter is not None and not game.hand_over and (not self.scepter.due or self.fanfare_may_sound()):
            times.append(self.scepter.due_at(now))  # due, it waits for the next action: every one wakes the room
        return min(times) if times else None

    def turn_lost(self) -> None:
        """The person in turn ran out of time: a computer plays for them."""
        self.seating.seats[self.in_turn()].standin = True
        self.computers.replan()

    def computer_plays(self, now: float) -> bool:
        """A computer's move, if one is due (False: none yet)."""
        move = self.computers.next_move(self.game, self.moves, now, self.seating.plays_itself)
        if move is None:
            return False
        seat, action = move
        self.game.act(action, seat=seat)
        return True

    def fanfare_due(self) -> bool:
        return self.scepter is not None and self.scepter.due and self.fanfare_may_sound()

    def sound_fanfare(self) -> None:
        assert self.scepter is not None
        self.game.act("fanfare")
        self.scepter.restart()  # (after it: a room file's restarts are never more than its record's fanfares)

    def fanfare_may_sound(self) -> bool:
        """At the start of a turn, and not while a missed UNO call may be caught."""
        return self.game.accepts_fanfare and self.game.exposed is None

    def wind_scepter(self, now: float) -> None:
        """The scepter runs while the room plays a hand."""
        if self.scepter is not None:
            self.scepter.wind(now, self.live() and not self.game.hand_over)

    def in_turn(self) -> int:
        """The seat in turn, in a hand under way (the engine's ``turn`` is None only between hands)."""
        turn = self.game.turn
        assert turn is not None
        return turn

    # ----- what a connection is sent, and what the log keeps --------------------------

    def state(self, member: Member, now: float) -> Message:
        """The member's seat's view, with the events it has not had; a
        new hand's, or a rejoin's, starts its list of events afresh
        (``reset``), from the hand's event number ``first``. A rejoin is
        sent the view and only the last ``RECENT_EVENTS`` events, however
        long the hand: the view is where the table stands."""
        game = self.game
        reset = member.rejoined or member.hand != game.hand_number
        if member.hand != game.hand_number:
            member.hand, member.sent = game.hand_number, 0
        first = member.sent
        view = game.view(member.seat, events_from=first)
        events = view.events
        member.sent += len(events)
        if member.rejoined:
            member.rejoined = False
            first, events = max(first, member.sent - RECENT_EVENTS), events[-RECENT_EVENTS:]
        message = {
            "type": "state",
            "moves": self.moves,
            "hand": game.hand_number,
            "reset": reset,
            "view": view_json(view),
            "events": events,  # Events: JSON arrays as event_json makes them
            "deadline": self.deadline_left(now),
            "scepter": None if self.scepter is None else round(self.scepter.progress, 3),
        }
        if reset:
            message["first"] = first
        return message

    def record_header_text(self) -> str:
        """This match's record without its actions: its rules, players, seed..."""
        if self._header is None:
            self._header = record_header(self.game)
        return self._header


def record_of(header: str, actions: Sequence[str]) -> str:
    """A record from its header and its actions, one a line (``record_header``'s inverse)."""
    return header + "".join(f"{action}\n" for action in actions)


def record_header(game: Game) -> str:
    """A game's record without its actions: its rules, players, seed..."""
    record = game.record()
    return record[: len(record) - sum(len(action) + 1 for action in recorded_actions(game))]


def recorded_actions(game: Game) -> list[str]:
    """The engine's actions so far, which its record lists (a room's game keeps its record: it is never one
    set up from a view)."""
    actions = game._actions
    assert actions is not None
    return actions
