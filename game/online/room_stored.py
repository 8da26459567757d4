"""A room as its store keeps it (``stored_state``), the rooms nobody
started removed from it (``remove_old``), and the room files of a server
from before the stores, put in its store once (``import_room_files``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ..storage.safe_files import keep_aside, read_limited
from .room import Room
from .room_file import BadRoomFile, file_state, room_from_text
from .server_conn import Conn
from .store import Change, RoomStore

ROOM_FILE_MOST = 64 * 1024 * 1024  # bytes of an old room file, read at most (a long match's is a few MB)


def stored_state(room: Room[Conn]) -> str:
    """The room's state as the store keeps it (``store.base``)."""
    return json.dumps(file_state(room), separators=(",", ":"))  # the C encoder: no indent


def remove_old(store: RoomStore, before: float, here: set[str]) -> list[str]:
    """Remove the rooms whose match never started and whose state last
    changed ``before`` (seconds since the epoch), but those ``here`` (in
    the server's memory): their names."""
    names = [name for name in store.unstarted(before) if name not in here]
    for name in names:
        store.remove(name)
    return names


def import_room_files(store: RoomStore, folder: Path, log: Callable[[str], None]) -> None:
    """Room files of a server from before the stores (``DATA_DIR/rooms/*.json``),
    each put in the store once, at start, then the folder kept aside
    (``rooms.imported-TIMESTAMP``); a file that cannot be read is kept
    aside in it (``.unreadable``), as before: a link is never opened (a link
    to /etc/shadow was read as root), nor a pipe, nor a file larger than a
    room's. Nothing if there is no such folder."""
    if not folder.is_dir() or folder.is_symlink():
        return
    changes, unreadable = [], 0
    for path in sorted(folder.glob("*.json")):
        try:
            room: Room[Conn] = room_from_text(read_limited(path, ROOM_FILE_MOST, links=False), 0.0)
            if room.name != path.stem or store.load(room.name) is not None:
                raise BadRoomFile("its name is not its file's, or the store has such a room")
        except (OSError, ValueError) as error:  # (BadRoomFile is a ValueError)
            unreadable += 1
            log(f"room file {path.name} could not be imported ({error}): kept as {keep_aside(path, 'unreadable').name}")
            continue
        changes.append(Change(room.name, 0, room.actions(0), stored_state(room), room.started, room.over))
    store.write(changes)
    aside = keep_aside(folder, "imported")
    log(f"imported {len(changes)} room files into the store ({unreadable} unreadable): the files kept in {aside}")
