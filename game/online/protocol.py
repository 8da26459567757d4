"""The table server's protocol: JSON text messages over a WebSocket.

Pure Python (no asyncio, no pyxel), shared by the server, the desktop
client and the browser client. ``docs/online.md`` documents every message.

A view travels as a JSON object with the fields of ``game.rules.View``
except ``events``: a ``state`` message carries only the events this seat
has not been sent yet in this hand (``hand`` numbers the hands), and
``Session`` on the client side puts the view back together.
"""

from __future__ import annotations

import json
import math
import re
import secrets
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..rules.events import Event
from ..rules.game import Pending, View
from . import chat
from .verify import NONCE, NONCE_LENGTH, SEEN_MOST, ShuffleFailed, Verdict, check, pledge_of

VERSION = 1
MAX_MESSAGE = 4096  # bytes a client may send in one message (the wire layer closes a longer one: 1009)
ROOM_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
NAME_LENGTH = 16
NAME_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -"  # what the pixel font draws, and the keys type
_VIEW_FIELDS = tuple(f.name for f in fields(View) if f.name != "events")


class ProtocolError(ValueError):
    """A message the server cannot take: its text goes back to the client."""


Message = dict[str, Any]  # a message as JSON reads it: its values are any JSON


# ----- the messages: every type, its fields and the kinds of JSON value they take -----


@dataclass(frozen=True)
class Kind:
    """A kind of JSON value a field takes, named as a reason says it."""

    name: str
    holds: Callable[[object], bool]


TEXT = Kind("text", lambda value: isinstance(value, str))
WHOLE = Kind("a whole number", lambda value: isinstance(value, int) and not isinstance(value, bool))
NUMBER = Kind("a number", lambda value: isinstance(value, int | float) and not isinstance(value, bool))
FLAG = Kind("true or false", lambda value: isinstance(value, bool))
OBJECT = Kind("an object", lambda value: isinstance(value, dict))
LIST = Kind("a list", lambda value: isinstance(value, list | tuple))  # (tuples: the server's, before encode)
NULL = Kind("null", lambda value: value is None)
ANY = Kind("any JSON value", lambda value: True)
HEX = Kind("hex text (0-9, a-f)", lambda value: isinstance(value, str) and NONCE.fullmatch(value) is not None)
ECHO_MOST = 2**53 - 1  # a ping's number at most (either way): every JSON reader holds it exactly
ECHO_LONGEST = 64  # characters of a ping's text at most
# What a ``ping``'s ``id`` may be, which its ``pong`` echoes: a whole number a JavaScript client can
# read back as it sent it, or short text of characters (no lone surrogate, which no UTF-8 client reads).
ECHO = Kind(
    f"a whole number of at most {ECHO_MOST} either way, or text of at most {ECHO_LONGEST} characters",
    lambda value: (
        (isinstance(value, int) and not isinstance(value, bool) and abs(value) <= ECHO_MOST)
        or (isinstance(value, str) and len(value) <= ECHO_LONGEST and not any("\ud800" <= c <= "\udfff" for c in value))
    ),
)


@dataclass(frozen=True)
class Field:
    """One field of a message: the kinds of value it takes, whether every
    such message has it, and for text its longest."""

    kinds: tuple[Kind, ...]
    required: bool = False
    longest: int | None = None

    def problem(self, name: str, value: object) -> str | None:
        """Why ``value`` cannot be this field (None: it can)."""
        fits = any(kind.holds(value) for kind in self.kinds)
        too_long = self.longest is not None and isinstance(value, str) and len(value) > self.longest
        return None if fits and not too_long else self.wanted(name)

    def wanted(self, name: str) -> str:
        """What the field must be, in words: "action must be text of at most 64 characters"."""
        names = [
            f"{kind.name} of at most {self.longest} characters" if kind in (TEXT, HEX) and self.longest else kind.name
            for kind in self.kinds
        ]
        return f"{name} must be {' or '.join(names)}"


def _field(*kinds: Kind, required: bool = False, longest: int | None = None) -> Field:
    return Field(kinds, required, longest)


# What a client sends (docs/online.md, "The protocol"). A field it leaves
# out is not there; fields not named here are let be. ``decode`` checks
# each message against this table, so the server reads only fields of
# their kinds: what a value means (a name's letters, a table's settings,
# an action) the room judges.
CLIENT_MESSAGES: Mapping[str, Mapping[str, Field]] = {
    "hello": {
        "version": _field(WHOLE),
        "name": _field(TEXT),  # as every table shows it: ``clean_name``
        "token": _field(TEXT, NULL, longest=64),  # a rejoin
        "table": _field(OBJECT),  # the creator's table: ``room.check_table``
        "watch": _field(FLAG),  # watch the room (its public table only), not play
        "pledge": _field(HEX, longest=NONCE_LENGTH),  # to the nonce mixed into the match's seed: ``verify``
    },
    "act": {
        "action": _field(TEXT, required=True, longest=64),
        "id": _field(WHOLE, TEXT, NULL),  # comes back in ``ack`` or ``refused``
        "seat": _field(WHOLE),  # must be the sender's own
    },
    "start": {},  # the creator: the match now (in the lobby), or the next one (once a match is over)
    "again": {"pledge": _field(HEX, longest=NONCE_LENGTH)},  # PLAY AGAIN: yes to the next match, its nonce's pledge
    "nonce": {"nonce": _field(HEX, required=True, longest=NONCE_LENGTH)},  # the nonce pledged, once ``reveal`` asks
    "next": {},
    "back": {},
    "ping": {"id": _field(ECHO, NULL)},  # comes back in ``pong``: bounded to what a ping needs
    "chat": {"say": _field(TEXT, required=True, longest=chat.LONGEST)},  # one of ``chat.SAYINGS``
}

# What ``welcome``, ``seats`` and ``match`` say of the seats (``Room.seats_fields``).
SEATS_FIELDS: Mapping[str, Field] = {
    "seats": _field(LIST, required=True),
    "started": _field(FLAG, required=True),
    "waiting": _field(LIST, required=True),
    "watching": _field(WHOLE),  # how many watch the room (a server of before watchers says nothing)
    "creator": _field(WHOLE),  # the seat that may start (a server of before PLAY AGAIN: seat 0)
    "again": _field(LIST),  # once a match is over, the seats that said PLAY AGAIN
    "shuffling": _field(LIST),  # the seats whose nonce the deal waits for (``reveal``)
}

# What the server sends, each message in one of these shapes (the tests
# check every message a room sends against it: ``problem``).
SERVER_MESSAGES: Mapping[str, Mapping[str, Field]] = {
    "welcome": {
        "room": _field(TEXT, required=True),
        "seat": _field(WHOLE, required=True),
        "table": _field(OBJECT, required=True),
        "token": _field(TEXT),  # a new seat's
        **SEATS_FIELDS,
        "match": _field(WHOLE),  # which of the room's matches this is
        "commitment": _field(TEXT),  # to the match's shuffle (a room from before it has none): ``verify``
    },
    "seats": SEATS_FIELDS,
    "match": {  # PLAY AGAIN: the room's next match begins (its first ``state`` follows)
        "match": _field(WHOLE, required=True),
        **SEATS_FIELDS,
        "commitment": _field(TEXT),  # to this match's shuffle, as the ``over`` before gave it
    },
    "reveal": {  # every seat is fixed: the deal waits for the nonces pledged (``verify``)
        "match": _field(WHOLE, required=True),  # the match to be dealt
        "pledges": _field(LIST, required=True),  # each seat's pledge, in seat order ("" for none)
        "deadline": _field(NUMBER, required=True),  # seconds left to reveal: then it is dealt without
    },
    "state": {
        "moves": _field(WHOLE, required=True),
        "hand": _field(WHOLE, required=True),
        "reset": _field(FLAG, required=True),
        "first": _field(WHOLE),  # with ``reset``
        "view": _field(OBJECT, required=True),
        "events": _field(LIST, required=True),
        "deadline": _field(NUMBER, NULL, required=True),
        "scepter": _field(NUMBER, NULL, required=True),
        "ack": _field(WHOLE, TEXT),
    },
    "over": {
        "record": _field(TEXT, required=True),
        "winner": _field(WHOLE, NULL, required=True),
        "scores": _field(LIST, required=True),
        "ended": _field(NUMBER, NULL, required=True),
        "shuffle": _field(OBJECT),  # the seed, secret, nonces and pledges (a room from before it has none)
        "match": _field(WHOLE),  # which of the room's matches it was
        "next_commitment": _field(TEXT),  # to the next match's shuffle, before PLAY AGAIN's pledges
    },
    "refused": {
        "action": _field(TEXT, required=True),
        "reason": _field(TEXT, required=True),
        "id": _field(WHOLE, TEXT, NULL, required=True),
    },
    "error": {
        "reason": _field(TEXT, required=True),
        "fatal": _field(FLAG),
        "retry": _field(FLAG),
    },
    "pong": {"id": _field(ANY, required=True)},
    "chat": {"seat": _field(WHOLE, required=True), "say": _field(TEXT, required=True)},
}


def problem(message: object, messages: Mapping[str, Mapping[str, Field]]) -> str | None:
    """Why ``message`` is none of ``messages`` (``CLIENT_MESSAGES`` or
    ``SERVER_MESSAGES``), in words for the sender; None if it is one."""
    if not isinstance(message, dict):
        return "a message is a JSON object"
    kind = message.get("type")
    schema = messages.get(kind) if isinstance(kind, str) else None
    if schema is None:
        return f"unknown message type {str(kind)[:32]!r}: use {', '.join(messages)}"
    for name, field in schema.items():
        if name in message:
            reason = field.problem(name, message[name])
            if reason is not None:
                return reason
        elif field.required:
            return field.wanted(name)
    return None


def room_names(typed: str) -> list[str]:
    """The names a room typed as ``typed`` may have, in the order the server
    looks for them: as typed, in capitals (the server's own names), in small
    letters (a name chosen in small letters, typed in capitals)."""
    return list(dict.fromkeys((typed, typed.upper(), typed.lower())))


def room_from_path(path: str) -> str | None:
    """The room of a request path ``/ROOM`` (``/`` asks for a new room: ""),
    or None for any other path: never a file name with a slash or dots."""
    path = path.split("?", 1)[0]
    if path in ("", "/"):
        return ""
    name = path[1:] if path.startswith("/") else None
    return name if name is not None and ROOM_NAME.fullmatch(name) else None


def decode(text: str | bytes) -> Message:
    """A client's message, one of ``CLIENT_MESSAGES`` with its fields of
    their kinds; ProtocolError with a clear reason for anything else. (Its
    size the wire layer has bounded: ``MAX_MESSAGE``.)"""
    if isinstance(text, bytes):
        raise ProtocolError("messages are JSON text, not binary")
    try:
        message = json.loads(text, parse_constant=_not_a_number, parse_float=_finite)
    except ProtocolError:
        raise
    except (ValueError, RecursionError) as error:
        raise ProtocolError(f"malformed JSON: {str(error)[:80]}") from None
    reason = problem(message, CLIENT_MESSAGES)
    if reason is not None:
        raise ProtocolError(reason)
    assert isinstance(message, dict)  # (``problem`` has checked)
    return message


def told_apart(name: str, taken: Iterable[str]) -> str:
    """``name`` (cleaned), or, when another at the table reads the same (ANNA,
    and ＡＮＮＡ, anna, Á NNA or ANNA behind a zero-width space all clean to
    ANNA), the first of "NAME 2", "NAME 3"... that nobody has, cut to fit.

    >>> told_apart("ANNA", ["ANNA", "ANNA 2", "COMPUTER 1"])
    'ANNA 3'
    >>> told_apart("ANNABELLE SMITHS", ["ANNABELLE SMITHS"])
    'ANNABELLE SMIT 2'
    """
    others = {other for other in taken if other}
    number = 1
    told = name
    while told in others:
        number += 1
        suffix = f" {number}"
        told = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
    return told


def _not_a_number(constant: str) -> float:
    """NaN and Infinity are no JSON: taken in, they would be sent back (a pong's id) as
    text no JSON parser reads."""
    raise ProtocolError(f"{constant} is not a JSON number")


def _finite(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):  # (1e999)
        raise ProtocolError(f"{text[:20]} is too large a number")
    return number


def clean_name(name: object) -> str:
    """A player's name as every table shows it: the letters A to Z, digits,
    spaces and dashes (as the PEOPLE screen types them, and all the pixel
    font draws), up to 16. Fullwidth letters become their plain selves and
    accents are left off (NFKD: ZOË is ZOE); letters of other alphabets,
    which may look like these (a Cyrillic A in ANNA), are left out."""
    if not isinstance(name, str):
        raise ProtocolError("name must be text")
    letters = unicodedata.normalize("NFKD", name[: NAME_LENGTH * 8]).upper()
    cleaned = " ".join("".join(ch for ch in letters if ch in NAME_CHARACTERS).split())[:NAME_LENGTH].rstrip()
    if not any(ch.isalnum() for ch in cleaned):
        raise ProtocolError("a name needs a letter or a digit")
    return cleaned


_ENCODER = json.JSONEncoder(separators=(",", ":"), check_circular=False)


def encode(message: Message) -> str:
    """A message as compact JSON text. One encoder for every message: the
    server encodes four views an action. Tuples go as JSON arrays, named
    ones (an ``Event``, a ``Pending``) too, in their fields' order."""
    return _ENCODER.encode(message)


# ----- views and events as JSON ------------------------------------------------


def event_json(event: Event) -> list[object]:
    """An event as the JSON array a ``state`` message carries (``encode``
    writes an ``Event`` itself the same way, fields in order)."""
    return [event.kind, event.seat, list(event.cards), event.count, event.colour, event.reason, event.points]


def event_from_json(item: list[Any]) -> Event:
    kind, seat, cards, count, colour, reason, points = item
    return Event(kind, seat, tuple(cards), count, colour, reason, points)


def view_json(view: View) -> dict[str, object]:
    """The view without its events (sent apart, only the new ones), ready
    for ``encode``: its tuples stay tuples (JSON arrays), so that the
    server's four views an action cost one dict copy each."""
    data = vars(view).copy()
    del data["events"]
    return data


def view_from_json(data: Message, events: list[Event]) -> View:
    values: dict[str, Any] = {}  # (JSON values, as the server sent them)
    for name in _VIEW_FIELDS:
        value = data.get(name)
        if name == "pending":
            value = None if value is None else Pending(*value)
        elif name == "teams":
            value = value is True  # (a server before partners sends none)
        elif isinstance(value, list):
            value = tuple(value)
        values[name] = value
    return View(events=tuple(events), **values)


class Session:
    """The client's side of the protocol, without any transport: feed it the
    server's messages (``receive``), read ``seat``, ``token``, ``view``,
    ``seats``; ``hello`` and ``act`` give the messages to send."""

    def __init__(self, name: str, token: str | None = None, table: Message | None = None, watch: bool = False) -> None:
        self.name = name
        self.token = token
        self.table = table
        self.watch = watch  # this session watches the room (``seat`` WATCHER once welcomed)
        self.watching = 0  # how many watch the room, as the server last said
        self.creator = 0  # the seat that may start a match (the room's creator, or the one it passed to)
        self.again: list[int] = []  # once a match is over: the seats that said PLAY AGAIN
        self.match = 1  # which of the room's matches this is
        self.viewed_match = 0  # the match ``view`` is of (the last one's, until the next one's first state)
        self.next_commitment: str | None = None  # to the next match's shuffle, once this one is over
        self.room: str | None = None
        self.seat: int | None = None
        self.seats: list[Message] = []
        self.started = False
        self.waiting: list[int] = []  # at a hand's end: the seats the next hand waits for
        self.shuffling: list[int] = []  # before a deal: the seats whose nonce it waits for (``reveal``)
        self.view: View | None = None
        self.hand = 0
        self.moves = 0
        self.deadline: float | None = None  # seconds left for the person to act, as the server sent it
        self.deadline_received = 0.0  # time.monotonic() when it came
        self.scepter: float | None = None  # Royal Revenge: how full the scepter's timer is, 0 to 1
        self.acked = 0  # the last of this session's actions the server answered with a state
        self.events: list[Event] = []  # this hand's events, as this seat saw them, from number first_event on
        self.first_event = 0  # a rejoin is sent the view and only the hand's last events
        self.record: str | None = None  # the whole match, once it is over (a replay)
        # The shuffle's check (``verify``): the nonce this session pledges in its hello, and each match's
        # nonce it pledged (``nonces``: a seat rejoined with a token was pledged by the session that took it);
        # the pledges each match's ``reveal`` showed before this session revealed its nonce; the commitment
        # the welcome gave; the hand shown after a move that brought it a card, (moves, hand); and, once the
        # match is over, what the server revealed and the verdict.
        self.nonce = secrets.token_hex(16)
        self.nonces: dict[int, str] = {}
        self.pledged: dict[int, list[str]] = {}
        self.commitment: str | None = None
        self.seen: list[tuple[int, tuple[str, ...]]] = []
        self.shuffle: Message | None = None
        self.verdict: Verdict | None = None
        self.refusals: list[Message] = []
        self.errors: list[str] = []
        self.chats: list[tuple[int, str]] = []  # (seat, saying) as they came, for the table to take
        self.replies: list[Message] = []  # what the session answers by itself (a nonce ``reveal`` asks for)
        # One handler for each type of message the server sends (``SERVER_MESSAGES``: ``receive``).
        self._handlers: dict[object, Callable[[Message, float], None]] = {
            "welcome": self._on_welcome,
            "seats": self._on_seats,
            "match": self._on_match,
            "reveal": self._on_reveal,
            "state": self._on_state,
            "over": self._on_over,
            "refused": self._on_refused,
            "error": self._on_error,
            "pong": self._on_pong,
            "chat": self._on_chat,
        }
        self._next_id = 0

    def hello(self) -> Message:
        if self.watch:
            return {"type": "hello", "version": VERSION, "watch": True}
        message: Message = {"type": "hello", "version": VERSION, "name": self.name}
        if self.token:
            message["token"] = self.token
        else:
            message["pledge"] = pledge_of(self.nonce)
            if self.table is not None:
                message["table"] = self.table
        return message

    def act(self, action: str) -> Message:
        self._next_id += 1
        return {"type": "act", "action": action, "id": self._next_id}

    def play_again(self) -> Message:
        """PLAY AGAIN: yes to the room's next match, with the pledge of a
        nonce for its shuffle (one a match: the server keeps the first)."""
        nonce = self.nonces.setdefault(self.match + 1, secrets.token_hex(16))
        return {"type": "again", "pledge": pledge_of(nonce)}

    def take_replies(self) -> list[Message]:
        """What the session answers by itself, for the client to send now."""
        replies, self.replies = self.replies, []
        return replies

    def receive(self, message: Message, arrived: float | None = None) -> None:
        """Take one message of the server's, to its type's handler (one for
        each of ``SERVER_MESSAGES``; another type is let be); ``arrived``:
        when it came (time.monotonic(), by default now), from which a
        deadline it carries counts."""
        handler = self._handlers.get(message.get("type"))
        if handler is not None:
            handler(message, time.monotonic() if arrived is None else arrived)

    def _on_welcome(self, message: Message, arrived: float) -> None:
        if self.room is not None and message.get("match", 1) != self.match:
            self._next_match(message)  # (it began while this session was away)
        self.room, self.seat, self.match = message["room"], message["seat"], message.get("match", self.match)
        if "token" in message:  # a new seat: this hello's pledge is its
            self.nonces.setdefault(self.match, self.nonce)
        self.commitment = self.commitment or message.get("commitment")  # the first one, before the deal
        self.token = message.get("token", self.token)
        self.table = message.get("table", self.table)
        self._seats(message)

    def _on_seats(self, message: Message, arrived: float) -> None:
        self._seats(message)

    def _on_match(self, message: Message, arrived: float) -> None:
        self._next_match(message)

    def _on_state(self, message: Message, arrived: float) -> None:
        if message["hand"] != self.hand or message.get("reset"):
            self.hand, self.events = message["hand"], []
            first = message.get("first", 0)
            self.first_event = first if isinstance(first, int) and not isinstance(first, bool) else 0
        self.events.extend(event_from_json(item) for item in message["events"])
        self.moves = message["moves"]
        self.deadline = message.get("deadline")
        self.deadline_received = arrived
        self.scepter = message.get("scepter")
        ack = message.get("ack")
        if isinstance(ack, int) and not isinstance(ack, bool):
            self.acked = max(self.acked, ack)
        self.view = view_from_json(message["view"], self.events)
        self.viewed_match = self.match
        self._seen(self.view.hand)

    def _on_over(self, message: Message, arrived: float) -> None:
        self.record = message["record"]
        self.shuffle = message.get("shuffle")
        self.verdict = self.check_shuffle()
        self.next_commitment = message.get("next_commitment")

    def _on_refused(self, message: Message, arrived: float) -> None:
        self.refusals.append(message)

    def _on_error(self, message: Message, arrived: float) -> None:
        self.errors.append(message.get("reason", ""))

    def _on_chat(self, message: Message, arrived: float) -> None:
        seat, say = message.get("seat"), message.get("say")
        if isinstance(seat, int) and not isinstance(seat, bool) and say in chat.SAYINGS:
            self.chats.append((seat, say))

    def _on_pong(self, message: Message, arrived: float) -> None:
        """Nothing to take: a pong only says the connection lives."""

    def _seen(self, hand: tuple[str, ...]) -> None:
        """Keep the hand shown if a card came to it (a deal, a draw, a swap) since the last kept."""
        last = self.seen[-1][1] if self.seen else ()
        if len(self.seen) < SEEN_MOST and Counter(hand) - Counter(last):
            self.seen.append((self.moves, tuple(hand)))

    def check_shuffle(self) -> Verdict:
        """Whether the match was dealt from the shuffle committed to (``verify.check``)."""
        if self.shuffle is None:
            return Verdict(None, "the server sent no shuffle: a room from before the check")
        assert self.record is not None  # (with the ``over`` message)
        nonce, pledged = self.nonces.get(self.match), self.pledged.get(self.match)
        seat = None if self.watch else self.seat  # (a watcher was dealt nothing to compare)
        try:
            return Verdict(True, check(self.record, self.shuffle, self.commitment, seat, nonce, self.seen, pledged))
        except ShuffleFailed as failed:
            return Verdict.of_failure(failed)

    def kept_shuffle(self) -> Message | None:
        """The shuffle as a saved match keeps it, for ``python -m game.online.verify`` (None: none sent)."""
        if self.shuffle is None:
            return None
        seen = [[moves, list(hand)] for moves, hand in self.seen]
        kept = {
            **self.shuffle,
            "commitment": self.commitment,
            "seat": self.seat,
            "nonce": self.nonces.get(self.match, ""),  # ("": none of this session's: rejoined after a restart)
            "pledged": self.pledged.get(self.match),  # (None: not at the table when the pledges were shown)
            "seen": seen,
        }
        return {**kept, "watcher": True} if self.watch else kept

    def _on_reveal(self, message: Message, arrived: float) -> None:
        """The deal waits for the nonces pledged: reveal this session's, if
        the pledges shown are the first shown for that match (a later
        ``reveal``, to a rejoin, must show the same) and hold its pledge."""
        match, pledges = message.get("match"), message.get("pledges")
        if not isinstance(match, int) or not isinstance(pledges, list):
            return
        pledges = [pledge if isinstance(pledge, str) else "" for pledge in pledges]
        shown = self.pledged.setdefault(match, pledges)
        nonce, seat = self.nonces.get(match), self.seat
        if not nonce or shown != pledges or seat is None or not 0 <= seat < len(pledges):
            return
        if pledges[seat] == pledge_of(nonce):
            self.replies.append({"type": "nonce", "nonce": nonce})

    def _next_match(self, message: Message) -> None:
        """The room's next match begins (``match`` numbers them): its record
        and shuffle are to come. The last match's view stays until the new
        one's first state (``viewed_match`` says which match it is of), which
        starts its events afresh."""
        self._seats(message)
        self.match = message["match"]
        self.record = self.shuffle = self.verdict = None
        self.seen = []
        self.commitment = message.get("commitment")
        self.next_commitment = None

    def _seats(self, message: Message) -> None:
        self.seats = message.get("seats", self.seats)
        self.started = message.get("started", self.started)
        creator, again = message.get("creator", 0), message.get("again")
        self.creator = creator if isinstance(creator, int) and not isinstance(creator, bool) else 0
        self.again = [n for n in again if isinstance(n, int)] if isinstance(again, list) else []
        watching = message.get("watching")
        self.watching = watching if isinstance(watching, int) and not isinstance(watching, bool) else 0
        waiting, shuffling = message.get("waiting"), message.get("shuffling")
        self.waiting = [n for n in waiting if isinstance(n, int)] if isinstance(waiting, list) else []
        self.shuffling = [n for n in shuffling if isinstance(n, int)] if isinstance(shuffling, list) else []

    @property
    def dealt_without_you(self) -> bool:
        """This match was dealt although this session pledged a nonce to it
        and was never asked for it (no ``reveal``): its seat had no part in
        the shuffle, and the server could have chosen the deal
        (``verify.NotInShuffle``; the match's result says so too)."""
        match = self.match
        return (
            not self.watch and self.viewed_match == match and bool(self.nonces.get(match)) and match not in self.pledged
        )

    @property
    def my_turn(self) -> bool:
        view = self.view
        return view is not None and view.turn == view.seat and bool(view.legal)
