"""The store of a server with no data folder: the rooms live as long as the process."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from .base import Change, RoomFile, RoomStore, StoreError, room_file


@dataclass
class _Stored:
    state: str
    started: bool
    over: bool
    changed: float
    actions: list[str] = field(default_factory=list)


class MemoryStore(RoomStore):
    def __init__(self) -> None:
        self._rooms: dict[str, _Stored] = {}

    def write(self, changes: Sequence[Change]) -> None:
        for change in changes:  # checked first: all or none
            held = self._rooms.get(change.name)
            if (0 if held is None else len(held.actions)) != change.first or (held is None and change.state is None):
                raise StoreError(f"room {change.name}: the store holds another version of it")
        now = time.time()
        for change in changes:
            held = self._rooms.get(change.name)
            if held is None:
                assert change.state is not None  # (a new room comes with its state: checked above)
                held = self._rooms[change.name] = _Stored(change.state, change.started, change.over, now)
            elif change.state is not None:
                held.state, held.started, held.over, held.changed = change.state, change.started, change.over, now
            held.actions.extend(change.actions)

    def load(self, name: str) -> RoomFile | None:
        held = self._rooms.get(name)
        return None if held is None else room_file(held.state, held.actions)

    def names(self) -> list[str]:
        return list(self._rooms)

    def unstarted(self, before: float) -> list[str]:
        waiting = [(held.changed, name) for name, held in self._rooms.items() if not held.started]
        return [name for changed, name in sorted(waiting) if changed < before]

    def remove(self, name: str) -> None:
        self._rooms.pop(name, None)

    def rename(self, name: str, new: str) -> None:
        self._rooms[new] = self._rooms.pop(name)

    def close(self) -> None:
        """Nothing to let go: the rooms go with the process."""
