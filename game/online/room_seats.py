"""Who sits where in a room: its seats (a person's or a computer's), the
tokens that hold them, the connections at them, and the creator who may
start the match.

Pure: ``Seating`` answers a hello with a seat (``claim``), sits and stands
connections, and says who is here; the room tells everyone the news.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from .protocol import Message, clean_name, told_apart

TOKEN_SHA256 = re.compile(r"[0-9a-f]{64}")

# The letters of a name the server makes for a room: capitals and digits
# that no other letter or digit looks like in the game's pixel font (each
# differs from every other in at least 3 of its 15 dots) nor, typed or read
# out, in any font (no O/0/Q, I/1/L, S/5, Z/2, B/8, G/6, U/V).
ROOM_LETTERS = "3479ACDFJPRTWXY"
ROOM_GROUPS = 4  # of 3 letters, between dashes: KX7-RPA-3WF-CDJ (47 random bits, as many as 8 of token_urlsafe)

Conn = TypeVar("Conn", bound=Hashable)  # a connection: any hashable object the server chooses


def new_room_name() -> str:
    """A room's name as the server makes it, to read out and type: in
    capitals, and a room is found in any case (``protocol.room_names``)."""
    return "-".join("".join(secrets.choice(ROOM_LETTERS) for _ in range(3)) for _ in range(ROOM_GROUPS))


def new_token() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class JoinError(ValueError):
    """A join the room refuses, with the reason sent back."""


class SeatTaken(JoinError):
    """A rejoin while the server still holds the seat's last connection
    (dropped, but not yet noticed): refused now, worth trying again soon."""


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


class Seating(Generic[Conn]):
    """A room's seats, ``people`` of its ``players`` a person's (until the
    match starts: then a computer plays each free one, ``fix``), the
    connection at each (``members``), and the ``creator``'s seat."""

    __slots__ = ("creator", "members", "seats")

    def __init__(self, players: int, people: int) -> None:
        self.seats = [Seat("person" if n < people else "computer") for n in range(players)]
        self.members: dict[Conn, Member] = {}
        self.creator = 0  # the seat that may start the match (the room's creator, or the next person: ``pass_on``)

    def claim(self, hello: Message, started: bool, over: bool) -> tuple[int, str | None]:
        """The seat a hello asks for, and its token if it is a new one: its
        token's seat (a rejoin), or the first free person's seat under the
        name it gives, told apart from the others'. JoinError if none."""
        token = hello.get("token")  # (text of at most 64 characters, or None: ``protocol.decode``)
        if token is not None:
            digest = token_hash(token)
            seat = next((n for n, s in enumerate(self.seats) if s.token_sha256 == digest), None)
            if seat is None:
                raise JoinError("this token holds no seat in this room")
            if self.seats[seat].conn is not None:
                raise SeatTaken("this seat is already connected: a token is good for one connection at a time")
            return seat, None
        if over:
            raise JoinError("the match in this room is over: its people may play again, and you may watch")
        name = clean_name(hello.get("name"))
        free = [n for n, s in enumerate(self.seats) if s.kind == "person" and s.token_sha256 is None]
        if started or not free:
            raise JoinError("the room is full")
        seat, fresh = free[0], new_token()
        others = (str(s.public(n)["name"] or "") for n, s in enumerate(self.seats) if n != seat)
        name = told_apart(name, others)  # (nobody at the table reads as another)
        self.seats[seat].name, self.seats[seat].token_sha256 = name, token_hash(fresh)
        return seat, fresh

    def sit(self, conn: Conn, seat: int, rejoined: bool) -> None:
        """The connection takes its seat (back from a computer standing in)."""
        place = self.seats[seat]
        place.conn, place.dropped, place.standin = conn, None, False
        self.members[conn] = Member(seat, rejoined=rejoined)
        self.pass_on()  # a creator who has left: the one who joins may start

    def stand(self, conn: Conn, now: float) -> Member | None:
        """The connection has gone from its seat (None: it held none)."""
        member = self.members.pop(conn, None)
        if member is None:
            return None
        seat = self.seats[member.seat]
        seat.conn, seat.dropped, seat.again = None, now, False
        self.pass_on()
        return member

    def pass_on(self) -> None:
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

    def all_taken(self) -> bool:
        """Every person's seat has been given (the match may be dealt)."""
        return all(s.token_sha256 or s.kind == "computer" for s in self.seats)

    def fix(self) -> None:
        """The match's seats are fixed: a computer plays each free one."""
        for seat in self.seats:
            if seat.kind == "person" and seat.token_sha256 is None:
                seat.kind = "computer"

    def give_back(self, seat: int) -> bool:
        """The person is here: a seat a computer played for them is theirs again (False: it was)."""
        place = self.seats[seat]
        if not place.standin:
            return False
        place.standin = False
        return True

    def plays_itself(self, seat: int) -> bool:
        place = self.seats[seat]
        return place.kind == "computer" or place.standin

    def anyone_here(self) -> bool:
        return any(s.conn is not None for s in self.seats)

    def all_again(self) -> bool:
        """Every person here has said yes to another match (and somebody is here)."""
        here = [seat for seat in self.seats if seat.kind == "person" and seat.conn is not None]
        return bool(here) and all(seat.again for seat in here)

    def for_next_match(self) -> None:
        """Before the next match: nobody has said anything yet, and a computer
        plays for each person who has left until they come back."""
        for place in self.seats:
            place.ready = place.again = False
            place.standin = place.kind == "person" and place.conn is None

    def public(self) -> list[dict[str, object]]:
        return [seat.public(n) for n, seat in enumerate(self.seats)]
