"""One room of the table server: its table, its seats and its match.

Pure and synchronous (no asyncio, no sockets): the server hands a room
what arrives, with the time, and sends what the room answers, a list of
``(connection, message)``; ``tick`` runs the timers and the computers and
``wakeup`` says when it next needs to. Connections are any hashable
objects the server chooses. The engine (``game.rules``) lives only here,
and each connection is only ever sent its own seat's view
(``Game.view(seat)``) and the events of it that it has not had yet.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypedDict, TypeGuard, TypeVar

from .. import ai
from ..ai.policy import ScepterClock, Seconds
from ..rules import WATCHER, Game
from ..rules.rulesets import RULESETS
from . import chat
from .protocol import Message, ProtocolError, clean_name, told_apart, view_json
from .room_computers import Computers
from .verify import SEEDS, Shuffle, ShuffleFailed

FILE_VERSION = 1
DEFAULT_TURN_TIME = 30.0
RECENT_EVENTS = 30  # events a rejoin is sent with the view (as lichess resends a game's last 30 moves)
GRACE = 5.0  # seconds a dropped person in turn keeps the seat before a computer plays it
REJOIN_WAIT = 2  # the next hand waits for a person whose connection went this many graces (a client retries every 5 s)
REVEAL_TIME = 10.0  # seconds the seats have to reveal the nonces they pledged: then the deal goes on without
MOST_WATCHERS = 16  # connections that may watch one room at once
MOST_MATCHES = 50  # matches one room plays (PLAY AGAIN): each kept as its replay, read back with the room
ALL_PLAYED = f"this room has played its {MOST_MATCHES} matches: make a new room to play on"
TOKEN_SHA256 = re.compile(r"[0-9a-f]{64}")
TABLE_KEYS = ("rules", "players", "people", "scoring", "house", "level", "turn_time")

Conn = TypeVar("Conn", bound=Hashable)  # a connection: any hashable object the server chooses
Out = list[tuple[Conn, Message]]  # what a room answers: each message and its connection (``Out[Conn]``)
Handler = Callable[[Conn, int, Message, float], Out[Conn]]  # a client message's: (conn, its seat, message, now)


class TableSettings(TypedDict):
    """The creator's table, as ``check_table`` makes it (TABLE_KEYS)."""

    rules: str
    players: int
    people: int
    scoring: str
    house: list[str]
    level: str
    turn_time: float


class JoinError(ValueError):
    """A join the room refuses, with the reason sent back."""


class SeatTaken(JoinError):
    """A rejoin while the server still holds the seat's last connection
    (dropped, but not yet noticed): refused now, worth trying again soon."""


# The letters of a name the server makes for a room: capitals and digits
# that no other letter or digit looks like in the game's pixel font (each
# differs from every other in at least 3 of its 15 dots) nor, typed or read
# out, in any font (no O/0/Q, I/1/L, S/5, Z/2, B/8, G/6, U/V).
ROOM_LETTERS = "3479ACDFJPRTWXY"
ROOM_GROUPS = 4  # of 3 letters, between dashes: KX7-RPA-3WF-CDJ (47 random bits, as many as 8 of token_urlsafe)


def new_room_name() -> str:
    """A room's name as the server makes it, to read out and type: in
    capitals, and a room is found in any case (``protocol.room_names``)."""
    return "-".join("".join(secrets.choice(ROOM_LETTERS) for _ in range(3)) for _ in range(ROOM_GROUPS))


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_table(table: object) -> TableSettings:
    """The creator's table settings, checked, with defaults filled in."""
    if not isinstance(table, dict):
        raise ProtocolError("table must be an object")
    unknown = sorted(set(table) - set(TABLE_KEYS))
    if unknown:
        raise ProtocolError(f"unknown table setting {unknown[0][:32]!r}: use {', '.join(TABLE_KEYS)}")
    rules = table.get("rules", "1991")
    if not isinstance(rules, str) or rules not in RULESETS:
        raise ProtocolError(f"rules must be one of {', '.join(RULESETS)}")
    players = _whole_setting(table, "players", 2)
    people = _whole_setting(table, "people", players)
    if not 1 <= people <= players:
        raise ProtocolError(f"people must be 1 to players ({players})")
    house = table.get("house", [])
    if not isinstance(house, list) or not all(isinstance(name, str) for name in house):
        raise ProtocolError("house must be a list of house rules' names")
    scoring = table.get("scoring", "points")
    if not isinstance(scoring, str):
        raise ProtocolError("scoring must be text")
    level = table.get("level", "normal")
    if not isinstance(level, str) or level not in ai.LEVELS:
        raise ProtocolError(f"level must be one of {', '.join(ai.LEVELS)}")
    turn_time = table.get("turn_time", DEFAULT_TURN_TIME)
    if not isinstance(turn_time, int | float) or isinstance(turn_time, bool) or not 0.1 <= turn_time <= 3600:
        raise ProtocolError("turn_time must be 0.1 to 3600 seconds")
    try:
        game = Game(rules=rules, players=players, seed=0, scoring=scoring, house=tuple(house))
    except ValueError as error:
        raise ProtocolError(str(error)) from None
    return {
        "rules": rules,
        "players": players,
        "people": people,
        "scoring": scoring,
        "house": list(game.house),
        "level": level,
        "turn_time": float(turn_time),
    }


def _whole_setting(table: dict[str, object], key: str, default: int) -> int:
    value = table.get(key, default)
    if not whole(value):
        raise ProtocolError(f"{key} must be a whole number")
    return value


@dataclass
class Seat:
    kind: str  # "person" or "computer"
    name: str | None = None
    token_sha256: str | None = None
    standin: bool = False  # a computer plays for the absent person
    conn: Hashable | None = None
    dropped: float | None = None
    ready: bool = False  # asked for the next hand
    again: bool = False  # said yes to another match, once this one is over (PLAY AGAIN)

    def public(self, number: int) -> dict[str, object]:
        name = self.name or (f"COMPUTER {number}" if self.kind == "computer" else None)
        return {"name": name, "kind": self.kind, "connected": self.conn is not None, "standin": self.standin}


@dataclass
class Member:
    seat: int
    hand: int = 0  # the hand whose events it has
    sent: int = 0  # how many of that hand's events it has
    rejoined: bool = False  # back in a match under way: its next state carries only the last events


@dataclass
class Played:
    """A match the room has played, kept while it plays the next ones
    (PLAY AGAIN): its own record and replay, with its shuffle revealed."""

    header: str  # its record's header (rules, players, seed...)
    actions: list[str]
    ended: float | None
    shuffle: Message | None  # (None: a room from before the shuffle's check)

    def record(self) -> str:
        return record_of(self.header, self.actions)

    def file_state(self) -> Message:
        """As the room's state keeps it: its actions are in the room's log (``Room.actions``)."""
        return {"header": self.header, "moves": len(self.actions), "ended": self.ended, "shuffle": self.shuffle}


class Room(Generic[Conn]):
    def __init__(
        self, name: str, table: TableSettings, seed: int | None = None, computer_seed: int | None = None
    ) -> None:
        self.name = name
        self.table = table
        self.computer_seed = secrets.randbelow(2**31) if computer_seed is None else computer_seed
        # The shuffle every seat's welcome commits to; the nonces of the people seated are mixed into
        # the match's seed as it starts (``start``), unless ``seed`` fixes it. None: a room from before it.
        self.shuffle: Shuffle | None = Shuffle.new(table["players"], seed)
        self.game = self._new_game(self.shuffle.seed)
        self.seats = [Seat("person" if n < table["people"] else "computer") for n in range(table["players"])]
        self.started = False
        self.over = False
        self.played = False  # a person has acted here (a room made and left is not: it is put away first)
        self.moves = 0  # actions sent to the engine in this match (record lines), ``next`` included
        self.match = 1  # which of the room's matches this is (PLAY AGAIN plays the next)
        self.earlier: list[Played] = []  # the matches played before this one
        self.creator = 0  # the seat that may start the match (the room's creator, or the next person: ``_pass_on``)
        # The next match's shuffle, made as this one ends: its commitment goes out with ``over``, before the
        # people's nonces come with their PLAY AGAIN (``again``).
        self.next_shuffle: Shuffle | None = None
        # Until when the next deal (the first, or PLAY AGAIN's) waits for the nonces pledged (``deal_match``).
        self.reveal_until: float | None = None
        self.created = time.strftime("%Y-%m-%d %H:%M")
        self.ended: float | None = None  # when the match ended (time.time()): its replay's date
        self.members: dict[Conn, Member] = {}
        self.watchers: dict[Conn, Member] = {}  # connections that watch, at most MOST_WATCHERS: seat WATCHER's view
        self.turn_key: tuple[int, int] | None = None
        self._turns_counted = (-1, 0, 0)  # (hand, events, turn events among them): see _turn_key
        self.turn_since = 0.0
        self.computers = Computers(table["level"], self.computer_seed)
        self.grace = GRACE
        # Royal Revenge: the scepter's timer, in seconds of play (it stands still while the room is empty or a
        # hand is over); its lengths come from the room's computer seed, as the offline table's from its own.
        self.scepter = ScepterClock(self.computer_seed, Seconds()) if self.game.rules.scepter else None
        self._header: str | None = None  # the record's header, once asked for (``file_state``)
        self.chat_allowances: dict[int, chat.Allowance] = {}  # each seat's quick chat (not kept)
        # One handler for each type of message a client sends (``protocol.CLIENT_MESSAGES``: ``handle``).
        self._handlers: dict[str, Handler[Conn]] = {
            "hello": self._on_hello,
            "act": self._on_act,
            "start": self._on_start,
            "again": self._on_again,
            "nonce": self._on_nonce,
            "next": self._on_next,
            "back": self._on_back,
            "ping": self._on_ping,
            "chat": self._on_chat,
        }

    def _new_game(self, seed: int) -> Game:
        table = self.table
        return Game(
            rules=table["rules"],
            players=table["players"],
            seed=seed,
            scoring=table["scoring"],
            house=tuple(table["house"]),
        )

    # ----- joining and leaving ------------------------------------------------

    def join(self, conn: Conn, hello: Message, now: float) -> Out[Conn]:
        out = self._join(conn, hello, now)
        self._wind_scepter(now)  # it stood still while the room was empty: from now on it runs
        return out

    def _join(self, conn: Conn, hello: Message, now: float) -> Out[Conn]:
        token = hello.get("token")  # (text of at most 64 characters, or None: ``protocol.decode``)
        if token is not None:
            digest = token_hash(token)
            seat = next((n for n, s in enumerate(self.seats) if s.token_sha256 == digest), None)
            if seat is None:
                raise JoinError("this token holds no seat in this room")
            if self.seats[seat].conn is not None:
                raise SeatTaken("this seat is already connected: a token is good for one connection at a time")
            fresh = None
        else:
            if self.over:
                raise JoinError("the match in this room is over: its people may play again, and you may watch")
            name = clean_name(hello.get("name"))
            free = [n for n, s in enumerate(self.seats) if s.kind == "person" and s.token_sha256 is None]
            if self.started or not free:
                raise JoinError("the room is full")
            seat, fresh = free[0], new_token()
            others = (str(s.public(n)["name"] or "") for n, s in enumerate(self.seats) if n != seat)
            name = told_apart(name, others)  # (nobody at the table reads as another)
            self.seats[seat].name, self.seats[seat].token_sha256 = name, token_hash(fresh)
            pledge = hello.get("pledge")  # (hex of at most 64 digits: ``protocol.decode``)
            if self.shuffle is not None and isinstance(pledge, str):
                self.shuffle = self.shuffle.with_pledge(seat, pledge)
        place = self.seats[seat]
        place.conn, place.dropped, place.standin = conn, None, False
        self.members[conn] = Member(seat, rejoined=self.started)
        self._pass_on()  # a creator who has left: the one who joins may start
        welcome = self._welcome(seat)
        if fresh is not None:
            welcome["token"] = fresh
        out = [(conn, welcome)]
        if (
            not self.started
            and self.reveal_until is None
            and all(s.token_sha256 or s.kind == "computer" for s in self.seats)
        ):
            return out + self.deal_match(now)
        out += self.seat_news()
        out += self._nonce_asked(conn, now)
        if self.started:
            out.append((conn, self.state(conn, now)))
        if self.over:
            out.append((conn, self.over_message()))
        return out

    def watch(self, conn: Conn, now: float) -> Out[Conn]:
        """A connection watches the room, at any moment of its match: it is
        sent the public table only (``WATCHER``'s view), and every seat is
        told how many watch. JoinError past ``MOST_WATCHERS``."""
        if len(self.watchers) >= MOST_WATCHERS:
            raise JoinError(f"this room has as many watchers as it takes ({MOST_WATCHERS})")
        self.watchers[conn] = Member(WATCHER, rejoined=self.started)
        out = [(conn, self._welcome(WATCHER)), *self.seat_news(), *self._nonce_asked(conn, now)]
        if self.started:
            out.append((conn, self.state(conn, now)))
        if self.over:
            out.append((conn, self.over_message()))
        return out

    def _welcome(self, seat: int) -> Message:
        """The first answer to a seat's connection (or a watcher's, ``WATCHER``): the room, the table, the
        seats, and the shuffle's commitment (a watcher may check the deal too)."""
        welcome = {
            "type": "welcome",
            "room": self.name,
            "seat": seat,
            "table": self.table,
            "match": self.match,
            **self.seats_fields(),
        }
        if self.shuffle is not None:
            welcome["commitment"] = self.shuffle.commitment
        return welcome

    @property
    def everyone(self) -> list[Conn]:
        """Every connection to the room: its people's, then its watchers'."""
        return [*self.members, *self.watchers]

    @property
    def occupied(self) -> bool:
        """Somebody is connected, to play or to watch: the room stays in memory."""
        return bool(self.members or self.watchers)

    def leave(self, conn: Conn, now: float) -> Out[Conn]:
        if self.watchers.pop(conn, None) is not None:
            return self.seat_news()
        member = self.members.pop(conn, None)
        if member is None:
            return []
        seat = self.seats[member.seat]
        seat.conn, seat.dropped, seat.again = None, now, False
        self._wind_scepter(now)  # the last to leave: it stands still
        self._pass_on()
        if self.over and self._all_again():  # the one left was the last to say yes
            return self.deal_match(now)
        return self.seat_news()

    def _pass_on(self) -> None:
        """The creator's power passes to the next person connected, if the
        creator has gone (in the lobby or after a match), so that someone
        can always start; it stays where it is while nobody else is here."""
        if self.seats[self.creator].conn is not None:
            return
        players = len(self.seats)
        for step in range(1, players):
            seat = (self.creator + step) % players
            if self.seats[seat].kind == "person" and self.seats[seat].conn is not None:
                self.creator = seat
                return

    def start(self, now: float) -> Out[Conn]:
        self._fix_seats()
        self.started = True
        if self.shuffle is not None and self.shuffle.match_seed != self.game.seed:
            self.game, self._header = self._new_game(self.shuffle.match_seed), None  # the nonces mixed in
        self.turn_key, self.turn_since = self._turn_key(), now
        self._wind_scepter(now)  # the first hand's minute begins
        return self.seat_news() + self.broadcast(now)

    def _fix_seats(self) -> None:
        """The match's seats are fixed: a computer plays each free one."""
        for seat in self.seats:
            if seat.kind == "person" and seat.token_sha256 is None:
                seat.kind = "computer"

    # ----- the deal: the nonces pledged, then revealed ------------------------------

    def deal_match(self, now: float) -> Out[Conn]:
        """Deal the room's match, the first or PLAY AGAIN's next: at once;
        or, if seats pledged nonces to its shuffle, once everyone has been
        shown every pledge and sent its nonce (``reveal``), or ``REVEAL_TIME``
        later without the nonces that have not come. Nobody chooses a nonce
        after seeing another's (docs/online.md, "A shuffle anyone can check")."""
        if self.reveal_until is not None:
            return []  # (asked already)
        if not self.started:
            self._fix_seats()  # before any pledge is shown: nobody sits down after
        shuffle = self._to_deal()
        if shuffle is None or not shuffle.awaited:
            return self._deal_now(now)
        self.reveal_until = now + REVEAL_TIME
        return self.seat_news() + [(conn, self._reveal_message(now)) for conn in self.everyone]

    def _deal_now(self, now: float) -> Out[Conn]:
        self.reveal_until = None
        return self.play_again(now) if self.over else self.start(now)

    def _to_deal(self) -> Shuffle | None:
        """The shuffle of the match to be dealt next: this one's, or once it is over the next one's."""
        return self.next_shuffle if self.over else self.shuffle

    def _reveal_message(self, now: float) -> Message:
        shuffle = self._to_deal()
        assert shuffle is not None and shuffle.pledges is not None and self.reveal_until is not None
        return {
            "type": "reveal",
            "match": self.match + 1 if self.over else self.match,
            "pledges": list(shuffle.pledges),
            "deadline": round(max(0.0, self.reveal_until - now), 2),
        }

    def _nonce_asked(self, conn: Conn, now: float) -> Out[Conn]:
        """A connection that comes while the deal waits for the nonces is asked too (a rejoin reveals its own)."""
        return [] if self.reveal_until is None else [(conn, self._reveal_message(now))]

    def _revealed(self, conn: Conn, seat: int, nonce: str, now: float) -> Out[Conn]:
        """A seat's nonce, revealed: kept if it is the one it pledged; the
        deal is made once the last awaited one has come."""
        shuffle = self._to_deal()
        if self.reveal_until is None or shuffle is None or shuffle.pledges is None:
            return [(conn, {"type": "error", "reason": "no deal waits for a nonce now"})]
        if not shuffle.pledges[seat]:
            return [(conn, {"type": "error", "reason": "you pledged no nonce for this deal"})]
        if seat not in shuffle.awaited:
            return []  # (revealed already: the first stands)
        try:
            shuffle = shuffle.with_nonce(seat, nonce)
        except ShuffleFailed as failed:
            return [(conn, {"type": "error", "reason": str(failed)})]
        if self.over:
            self.next_shuffle = shuffle
        else:
            self.shuffle = shuffle
        return self.seat_news() if shuffle.awaited else self._deal_now(now)

    def shuffling(self) -> list[int]:
        """The seats whose nonce the deal waits for."""
        shuffle = self._to_deal()
        return [] if self.reveal_until is None or shuffle is None else shuffle.awaited

    # ----- messages -------------------------------------------------------------

    def handle(self, conn: Conn, message: Message, now: float) -> Out[Conn]:
        """A message of a connection's, one of ``protocol.CLIENT_MESSAGES``
        (``decode`` has checked its fields), to its type's handler. Any but
        a ping, a second hello or a chat says the person is here: a seat a
        computer played for them is theirs again (``_back``)."""
        if conn in self.watchers:
            return self._watcher_says(conn, message)
        self._wind_scepter(now)
        seat = self.members[conn].seat
        kind = message["type"]
        out = [] if kind in ("ping", "hello", "chat") else self._back(seat)
        return out + self._handlers[kind](conn, seat, message, now)

    def _on_ping(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        return [(conn, {"type": "pong", "id": message.get("id")})]

    def _on_hello(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        return [(conn, {"type": "error", "reason": "you have already joined this room"})]

    def _on_chat(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        return self._chat(conn, seat, message["say"], now)

    def _on_back(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        return []  # (``handle`` has given the seat back)

    def _on_start(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        """The creator deals the match now (computers in the free seats), or, once it is over, the next."""
        if seat != self.creator or (self.started and not self.over):
            reason = "only the room's creator starts it, before its match or after it"
            return [(conn, {"type": "error", "reason": reason})]
        if self.over and self._all_played():
            return [(conn, {"type": "error", "reason": ALL_PLAYED})]
        return self.deal_match(now)

    def _on_again(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        return self._again(conn, seat, message.get("pledge"), now)

    def _on_nonce(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        return self._revealed(conn, seat, message["nonce"], now)

    def _on_next(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        if not self.started:
            return [(conn, {"type": "error", "reason": "the match has not started"})]
        return self._ready(seat, now)

    def _on_act(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        """An action of the engine's notation, for the sender's own seat."""
        if not self.started:
            return [(conn, {"type": "error", "reason": "the match has not started"})]
        action, ident = message["action"], message.get("id")  # (their kinds checked: ``protocol.decode``)
        if "seat" in message and message["seat"] != seat:
            reason = f"you hold seat {seat}: you cannot act for another seat"
            return [(conn, {"type": "refused", "action": action, "reason": reason, "id": ident})]
        try:
            self._act(action, seat)
        except ValueError as error:
            return [(conn, {"type": "refused", "action": action, "reason": str(error), "id": ident})]
        self.played = True
        return self.after_action(now, conn, ident)

    def _watcher_says(self, conn: Conn, message: Message) -> Out[Conn]:
        """A watcher may only ping: it holds no seat, and says nothing at the table."""
        if message["type"] == "ping":
            return [(conn, {"type": "pong", "id": message.get("id")})]
        return [(conn, {"type": "error", "reason": "you are watching this room: a watcher does not play or chat"})]

    def _chat(self, conn: Conn, seat: int, say: str, now: float) -> Out[Conn]:
        """A saying, to everyone in the room (the sender's own copy says it
        went); refused past the seat's allowance. It is not kept: a chat is
        of the moment, and is no move of the match."""
        if say not in chat.SAYINGS:
            return [(conn, {"type": "error", "reason": f"say one of {', '.join(chat.SAYINGS)}"})]
        if not self.chat_allowances.setdefault(seat, chat.Allowance()).take(now):
            return [(conn, {"type": "error", "reason": chat.REFUSED})]
        said = {"type": "chat", "seat": seat, "say": say}
        return [(member, said) for member in self.everyone]

    def _act(self, action: str, seat: int) -> None:
        if self.over:
            raise ValueError("the match is over")
        if action == "fanfare" or action == "next":
            raise ValueError(f"{action!r} is not a seat's action here")
        self.game.act(action, seat=seat)

    def _back(self, seat: int) -> Out[Conn]:
        place = self.seats[seat]
        if not place.standin:
            return []
        place.standin = False
        self.computers.replan()
        return self.seat_news()

    def _ready(self, seat: int, now: float) -> Out[Conn]:
        game = self.game
        if not game.hand_over or game.match_over:
            return []
        self.seats[seat].ready = True
        return self.seat_news() if self.waiting() else self._deal(now)

    def waiting(self) -> list[int]:
        """The seats the next hand waits for: every person at the table who
        has not said ready, one whose connection went too until it has been
        gone ``REJOIN_WAIT`` graces (``tick``: a computer plays for them then); it
        is dealt anyway once the turn time is up."""
        game = self.game
        if not self.started or not game.hand_over or game.match_over:
            return []
        return [n for n, s in enumerate(self.seats) if s.kind == "person" and not s.standin and not s.ready]

    def _absences(self) -> dict[int, float]:
        """Between hands: each person waited for whose connection has gone, and when they stop being waited for."""
        absences = {}
        for number in self.waiting():
            dropped = self.seats[number].dropped
            if self.seats[number].conn is None and dropped is not None:
                absences[number] = dropped + REJOIN_WAIT * self.grace
        return absences

    def _let_absent_go(self, now: float) -> Out[Conn]:
        """Between hands: a person gone ``REJOIN_WAIT`` graces is not waited for (a
        computer plays for them until they are back); dealt if everyone else is ready."""
        for number, until in self._absences().items():
            if now >= until:
                self.seats[number].standin = True
        if any(seat.ready for seat in self.seats) and not self.waiting():
            return self._deal(now)
        return self.seat_news()

    def _deal(self, now: float) -> Out[Conn]:
        self.game.next_hand()
        for seat in self.seats:
            seat.ready = False
        return self.seat_news() + self.after_action(now)  # nobody is waited for now

    # ----- play again: the room's next match ---------------------------------------

    def _again(self, conn: Conn, seat: int, pledge: str | None, now: float) -> Out[Conn]:
        """A person says yes to another match (PLAY AGAIN), with the pledge of
        a nonce for its shuffle: it is dealt once every person here has said yes."""
        if not self.over:
            return [(conn, {"type": "error", "reason": "PLAY AGAIN is for when the match is over"})]
        if self._all_played():
            return [(conn, {"type": "error", "reason": ALL_PLAYED})]
        if self.seats[seat].again or self.reveal_until is not None:
            return []  # (said already: its first pledge stands; or the deal is under way)
        self.seats[seat].again = True
        if self.next_shuffle is not None and pledge is not None:
            self.next_shuffle = self.next_shuffle.with_pledge(seat, pledge)
        return self.deal_match(now) if self._all_again() else self.seat_news()

    def _all_played(self) -> bool:
        """The room has played as many matches as it may (``MOST_MATCHES``)."""
        return len(self.earlier) + 1 >= MOST_MATCHES

    def _all_again(self) -> bool:
        """Every person here has said yes (and somebody is here)."""
        here = [seat for seat in self.seats if seat.kind == "person" and seat.conn is not None]
        return bool(here) and all(seat.again for seat in here)

    def play_again(self, now: float) -> Out[Conn]:
        """The room's next match, at the same table with the same people:
        the match over is kept (``earlier``) as its own record; a person who
        has left is played by a computer until they come back."""
        game = self.game
        shuffle = None if self.shuffle is None else self.shuffle.as_json()
        self.earlier.append(Played(self.record_header_text(), recorded_actions(game), self.ended, shuffle))
        self.shuffle = self.next_shuffle or self._following_shuffle()
        self.next_shuffle = None
        self.game, self._header = self._new_game(self.shuffle.match_seed), None
        self.match += 1
        self.moves, self.over, self.ended = 0, False, None
        self.computers.new_match()
        self._turns_counted = (-1, 0, 0)
        if self.game.rules.scepter:
            self.scepter = ScepterClock(self.computer_seed, Seconds())
        for place in self.seats:
            place.ready = place.again = False
            place.standin = place.kind == "person" and place.conn is None
        out: Out[Conn] = []
        news = self._match_news()
        for conn, member in [*self.members.items(), *self.watchers.items()]:
            member.hand, member.sent, member.rejoined = 0, 0, False
            out.append((conn, news))
        self.turn_key, self.turn_since = self._turn_key(), now
        self._wind_scepter(now)
        return out + self.broadcast(now)

    def _following_shuffle(self) -> Shuffle:
        """The next match's shuffle: random, or, in a room with a fixed seed (the tests'), the next seed."""
        shuffle, players = self.shuffle, self.table["players"]
        if shuffle is not None and shuffle.nonces is None:
            return Shuffle.new(players, (shuffle.seed + 1) % SEEDS)
        return Shuffle.new(players)

    def _match_news(self) -> Message:
        """The news of the room's next match: its number and its shuffle's commitment."""
        news: Message = {"type": "match", "match": self.match, **self.seats_fields()}
        if self.shuffle is not None:
            news["commitment"] = self.shuffle.commitment
        return news

    def after_action(self, now: float, conn: Conn | None = None, ident: int | str | None = None) -> Out[Conn]:
        self.moves += 1
        self.computers.replan()
        key = self._turn_key()
        if key != self.turn_key:
            self.turn_key, self.turn_since = key, now
        out = self.broadcast(now, conn, ident)
        if self.game.match_over and not self.over:
            self.over, self.ended = True, time.time()
            self.next_shuffle = self._following_shuffle()  # committed to now, before PLAY AGAIN's nonces
            out += [(c, self.over_message()) for c in self.everyone]
        return out

    def _turn_key(self) -> tuple[int, int]:
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

    # ----- what each connection is sent ----------------------------------------

    def public_seats(self) -> list[dict[str, object]]:
        return [seat.public(n) for n, seat in enumerate(self.seats)]

    def seats_fields(self) -> Message:
        """What a ``welcome`` and a ``seats`` message say of the seats."""
        return {
            "seats": self.public_seats(),
            "started": self.started,
            "waiting": self.waiting(),
            "watching": len(self.watchers),
            "creator": self.creator,
            "again": [n for n, seat in enumerate(self.seats) if seat.again],
            "shuffling": self.shuffling(),
        }

    def seat_news(self) -> Out[Conn]:
        message = {"type": "seats", **self.seats_fields()}
        return [(conn, message) for conn in self.everyone]

    def broadcast(self, now: float, acting: Conn | None = None, ident: int | str | None = None) -> Out[Conn]:
        if not self.started:
            return []
        out = []
        for conn in self.everyone:
            message = self.state(conn, now)
            if conn is acting and ident is not None:
                message["ack"] = ident
            out.append((conn, message))
        return out

    def state(self, conn: Conn, now: float) -> Message:
        """The connection's seat's view, with the events it has not had; a
        new hand's, or a rejoin's, starts its list of events afresh
        (``reset``), from the hand's event number ``first``. A rejoin is
        sent the view and only the last ``RECENT_EVENTS`` events, however
        long the hand: the view is where the table stands."""
        member = self.members.get(conn) or self.watchers[conn]
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
        seat = self.seats[self._in_turn()]
        if seat.kind != "person" or seat.standin:
            return None
        limit = self.turn_since + self.table["turn_time"]
        if seat.conn is None and seat.dropped is not None:
            limit = min(limit, max(seat.dropped, self.turn_since) + self.grace)
        return limit

    def over_message(self) -> Message:
        game = self.game
        return {
            "type": "over",
            "record": game.record(),
            "winner": game.match_winner,
            "scores": list(game.scores),
            "ended": self.ended,
            "match": self.match,
            **({} if self.shuffle is None else {"shuffle": self.shuffle.as_json()}),
            **({} if self.next_shuffle is None else {"next_commitment": self.next_shuffle.commitment}),
        }

    # ----- time: the turn timer and the computers --------------------------------

    def live(self) -> bool:
        """Played only while somebody is there: nobody's seat is lost to an empty room."""
        return self.started and not self.over and any(s.conn is not None for s in self.seats)

    def wakeup(self, now: float) -> float | None:
        """When ``tick`` next has something to do (None: nothing until a message)."""
        if self.reveal_until is not None:
            return self.reveal_until
        if not self.live():
            return None
        times = []
        limit = self.deadline()
        if limit is not None:
            times.append(limit)
        if self.game.hand_over:
            times += self._absences().values()
        due = self.computers.due(self.game, self.moves, now, self.plays_itself)
        if due is not None:
            times.append(due)
        game = self.game
        if self.scepter is not None and not game.hand_over and (not self.scepter.due or self._fanfare_may_sound()):
            times.append(self.scepter.due_at(now))  # due, it waits for the next action: every one wakes the room
        return min(times) if times else None

    def tick(self, now: float) -> Out[Conn]:
        if self.reveal_until is not None:
            return self._deal_now(now) if now >= self.reveal_until else []  # (without the nonces not come)
        self._wind_scepter(now)
        if not self.live():
            return []
        game = self.game
        if self.scepter is not None and self.scepter.due and self._fanfare_may_sound():
            game.act("fanfare")
            self.scepter.restart()  # (after it: a room file's restarts are never more than its record's fanfares)
            return self.after_action(now)
        limit = self.deadline()
        if game.hand_over and any(now >= until for until in self._absences().values()):
            return self._let_absent_go(now)
        if limit is not None and now >= limit:
            if game.hand_over:
                return self._deal(now)
            self.seats[self._in_turn()].standin = True
            self.computers.replan()
            return self.seat_news() + self.broadcast(now)
        move = self.computers.next_move(game, self.moves, now, self.plays_itself)
        if move is None:
            return []
        seat, action = move
        game.act(action, seat=seat)
        return self.after_action(now)

    def _fanfare_may_sound(self) -> bool:
        """At the start of a turn, and not while a missed UNO call may be caught."""
        return self.game.accepts_fanfare and self.game.exposed is None

    def _wind_scepter(self, now: float) -> None:
        """The scepter runs while the room plays a hand."""
        if self.scepter is not None:
            self.scepter.wind(now, self.live() and not self.game.hand_over)

    def plays_itself(self, seat: int) -> bool:
        place = self.seats[seat]
        return place.kind == "computer" or place.standin

    def _in_turn(self) -> int:
        """The seat in turn, in a hand under way (the engine's ``turn`` is None only between hands)."""
        turn = self.game.turn
        assert turn is not None
        return turn

    # ----- its log: the records of its matches -----------------------------------

    def record_header_text(self) -> str:
        """This match's record without its actions: its rules, players, seed..."""
        if self._header is None:
            self._header = record_header(self.game)
        return self._header

    @property
    def logged(self) -> int:
        """The actions of every match the room has played (its log's length: ``actions``)."""
        return sum(len(played.actions) for played in self.earlier) + self.moves

    def actions(self, first: int) -> list[str]:
        """The room's actions from the ``first``-th on, every match's in
        order (``logged`` in all): what a store keeps of it, one each."""
        before = self.logged - self.moves
        if first >= before:
            return recorded_actions(self.game)[first - before :]
        return [action for played in self.earlier for action in played.actions][first:] + recorded_actions(self.game)


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


def whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
