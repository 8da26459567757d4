"""What every room store offers the table server, and the shape of a room in it.

A room is kept as two things: its **state** (the room file of
``room_file.to_file`` without its record's actions: the table, the seats, the
timers, whether it started and is over, and the record's header), written
again only when it changes, and its **actions**, an append-only log, one
row each, numbered from 0, as boardgame.io keeps its deltalog. A room
file is the state with the actions put back (``room_file``).

The server hands a store all the rooms' changes of one turn of its event
loop at once (``write``), as one transaction, or those of every turn
since its last write where the store asks for a write at most every
``commit_every`` seconds (SQLite: group commits), and answers nobody
before it returns: a change the store could not keep (``StoreError``) is
never answered.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..room_match import record_of

RoomFile = dict[
    str, Any
]  # a room file, as JSON reads it (``room_file.to_file``, checked by ``room_file.room_from_file``)

HEADER = "header"  # the state's key for the record's header (rules, players, seed...)
ASIDE = ".unreadable-"  # a room kept aside is renamed NAME.unreadable-TIMESTAMP: no room's name has a dot


class StoreError(Exception):
    """The store cannot be opened, or cannot keep a change: the reason."""


class StoreLost(StoreError):
    """This server lost its store (it cannot be reached, or did not answer in
    time) or its lease on its rooms: another server may play them now, so
    it lets go of every room (``Keeper.let_go_of_everything``)."""


@dataclass(frozen=True)
class Change:
    """What one room has that the store does not hold yet."""

    name: str
    first: int  # the number of the first of ``actions``: how many the store holds before them
    actions: Sequence[str]
    state: str | None  # the room's new state, as JSON text (None: as before)
    started: bool = False
    over: bool = False


class RoomStore(ABC):
    """Rooms by name: load one, write the changes of many, list, remove."""

    def set_aside(self) -> list[str]:
        """What the store left out as it opened because it could not be read
        (each with its reason), for the server to say once; nothing by default."""
        return []

    @abstractmethod
    def write(self, changes: Sequence[Change]) -> None:
        """Keep every change (append the actions, replace the state), all or
        none: StoreError if it could not, and then the store holds what it
        held before."""

    @abstractmethod
    def load(self, name: str) -> RoomFile | None:
        """The room as a room file (``room_file``), None if there is no such
        room; ValueError, KeyError or TypeError if what is held is not a
        room (``room_file.room_from_file`` then checks the file itself)."""

    @abstractmethod
    def names(self) -> list[str]:
        """Every room's name, in no order."""

    @abstractmethod
    def unstarted(self, before: float) -> list[str]:
        """The rooms whose match never started and whose state last changed
        before ``before`` (seconds since the epoch), the oldest first."""

    @abstractmethod
    def remove(self, name: str) -> None:
        """Forget the room and its actions (nothing if there is none)."""

    @abstractmethod
    def rename(self, name: str, new: str) -> None:
        """Keep the room under another name (``keep_aside``)."""

    commit_every = 0.0  # seconds between writes at most (``Server.submit``): the changes of the turns between in one
    renew_every: float | None = None  # seconds between ``renew`` calls, for a store shared by several servers
    remote = False  # its calls may wait on a network: the server makes them in a thread of their own, each bounded

    def claim(self, name: str) -> bool:
        """Take the room for this server to play, before it loads it: False
        if another live server plays it (one server a store: always True)."""
        return True

    def release(self, name: str) -> None:
        """This server lets go of the room (put away): any server may claim it
        (one server a store: nothing to do)."""
        return None

    def renew(self) -> bool:
        """Keep this server's lease on the rooms it claimed; False if it had
        lapsed (its rooms may be another server's now: it must drop them,
        and has a new lease for the rooms it claims from now on)."""
        return True

    def rejoin(self) -> None:
        """After the server let go of its rooms (``StoreLost``): connect again
        if need be, and take a new lease, so that every room this server
        played is anybody's (StoreLost while the store cannot be reached)."""
        return None

    def interrupt(self) -> None:
        """From another thread: make the call under way fail at once (it
        took too long: ``store_calls``); nothing for a store on this machine."""
        return None

    @abstractmethod
    def close(self) -> None:
        """Let the store go (what it holds is whole at every moment anyway)."""

    def keep_aside(self, name: str, stamp: str) -> str:
        """Rename a room that cannot be read to ``NAME.unreadable-STAMP``,
        which no hello can reach, for an operator to look at (``--export``)."""
        aside = f"{name}{ASIDE}{stamp}"
        self.rename(name, aside)
        return aside


class UnreadableRoom(ValueError):
    """What the store holds under a room's name is not a room: why."""


def room_file(state: str, actions: Sequence[str]) -> RoomFile:
    """The room file of a stored room: its state with its records whole.
    The log holds every match's actions in order: each earlier match of
    the state (PLAY AGAIN) takes its ``moves`` of them, this one the rest.
    UnreadableRoom for a state that is not a room's (``[]``, ``1e999``: read
    as any input is, it was a traceback at every hello)."""
    try:
        return _room_file(state, actions)
    except UnreadableRoom:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as error:
        raise UnreadableRoom(f"its stored state is not a room's ({type(error).__name__}: {str(error)[:80]})") from None


def _room_file(state: str, actions: Sequence[str]) -> RoomFile:
    file: RoomFile = json.loads(state)
    if not isinstance(file, dict) or not isinstance(file.get("earlier", []), list):
        raise UnreadableRoom("its stored state is not a room's (not an object with a list of earlier matches)")
    first, earlier = 0, []
    for played in file.get("earlier", []):
        moves = played["moves"]
        record = record_of(played[HEADER], actions[first : first + moves])
        earlier.append({**_without(played, HEADER, "moves"), "record": record})
        first += moves
    file["earlier"] = earlier
    file["moves"] = len(actions)
    file["record"] = record_of(file.pop(HEADER), actions[first:])
    return file


def _without(data: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in keys}
