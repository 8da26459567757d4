"""The connections that watch a room: at most ``MOST_WATCHERS``, each sent
the public table only (``WATCHER``'s view), at any moment of its match; a
watcher holds no seat, and says nothing at the table."""

from __future__ import annotations

from typing import Generic

from ..rules import WATCHER
from .protocol import Message
from .room_seats import Conn, JoinError, Member

MOST_WATCHERS = 16  # connections that may watch one room at once


class Watchers(Generic[Conn]):
    """A room's watchers (``members``), each with what it has been sent."""

    __slots__ = ("members",)

    def __init__(self) -> None:
        self.members: dict[Conn, Member] = {}

    def __len__(self) -> int:
        return len(self.members)

    def __contains__(self, conn: object) -> bool:
        return conn in self.members

    def add(self, conn: Conn, rejoined: bool) -> None:
        """JoinError past ``MOST_WATCHERS``."""
        if len(self.members) >= MOST_WATCHERS:
            raise JoinError(f"this room has as many watchers as it takes ({MOST_WATCHERS})")
        self.members[conn] = Member(WATCHER, rejoined=rejoined)

    def remove(self, conn: Conn) -> bool:
        """The watcher has gone (False: it was not one)."""
        return self.members.pop(conn, None) is not None

    @staticmethod
    def answer(message: Message) -> Message:
        """A watcher may only ping."""
        if message["type"] == "ping":
            return {"type": "pong", "id": message.get("id")}
        return {"type": "error", "reason": "you are watching this room: a watcher does not play or chat"}
