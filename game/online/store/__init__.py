"""Where the table server keeps its rooms: a ``RoomStore`` (``base``) in
memory, in SQLite (the default, ``DATA_DIR/rooms.sqlite3``) or in
PostgreSQL (``--store postgresql://...``)."""

from __future__ import annotations

from pathlib import Path

from .base import Change, RoomFile, RoomStore, StoreError, StoreLost
from .memory import MemoryStore

__all__ = ["Change", "MemoryStore", "RoomStore", "StoreError", "StoreLost", "open_store", "read_room"]


def open_store(data_dir: Path | None, url: str | None = None, server: bool = True) -> RoomStore:
    """The store ``url`` names (``postgresql://...``, ``sqlite``, ``memory``;
    None: SQLite in ``data_dir``, or memory without one). ``server``: this
    process plays the rooms; otherwise it only reads them (``--export``).
    StoreError if it cannot be used."""
    if url is not None and url.startswith(("postgresql://", "postgres://")):
        from .postgresql import PostgresStore

        return PostgresStore(url, server)
    if url == "memory" or (url is None and data_dir is None):
        return MemoryStore()
    if url not in (None, "sqlite"):
        raise StoreError(f"unknown store {url!r}: postgresql://..., sqlite or memory")
    if data_dir is None:
        raise StoreError("the SQLite store needs a data folder (--data-dir)")
    from .sqlite import SqliteStore

    return SqliteStore(Path(data_dir), server)


def read_room(data_dir: Path | None, url: str | None, name: str) -> RoomFile | None:
    """One room as its file held it, read beside a running server (None: no
    such room); StoreError if the store cannot be read."""
    store = open_store(data_dir, url, server=False)
    try:
        return store.load(name)
    finally:
        store.close()
