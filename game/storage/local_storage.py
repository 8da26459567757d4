"""The browser's backend: the page's localStorage (Pyodide).

* ``uno1991``: the settings and statistics;
* ``uno1991.match``: the match being played;
* ``uno1991.replays``: the last 20 finished matches, a JSON list of their
  texts, newest first.

An item that cannot be used is moved to a new key with a timestamp
(``uno1991.unreadable-20261201-003000``), never over another item.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.storage.backend import KEEP_REPLAYS, MATCH, SETTINGS, Text
from game.storage.safe_files import keep_item_aside, stored_text

STORAGE_KEY = "uno1991"
MATCH_KEY = "uno1991.match"
REPLAYS_KEY = "uno1991.replays"
KEYS = {SETTINGS: STORAGE_KEY, MATCH: MATCH_KEY}


class LocalStorage:
    """The page's localStorage, or ``storage``: anything with
    ``getItem(key)``, ``setItem(key, text)`` and ``removeItem(key)``
    (``js.window.localStorage`` by default, looked up when first needed)."""

    def __init__(self, storage: Any = None) -> None:
        self.storage = storage

    @property
    def directory(self) -> Path | None:
        return None

    def _storage(self) -> Any:
        if self.storage is None:
            import js  # Pyodide only

            self.storage = js.window.localStorage
        return self.storage

    def source(self, name: str) -> str:
        return f"localStorage[{KEYS[name]!r}]"

    def read(self, name: str) -> object:
        return stored_text(self._storage().getItem(KEYS[name]))

    def write(self, name: str, text: str) -> None:
        self._storage().setItem(KEYS[name], text)

    def remove(self, name: str) -> None:
        self._storage().removeItem(KEYS[name])

    def keep_aside(self, name: str, label: str, brief: bool = False) -> str:
        storage = self._storage()
        aside = keep_item_aside(storage, KEYS[name], label)
        storage.removeItem(KEYS[name])
        return f"localStorage[{aside!r}]"

    def add_finished(self, text: Text) -> None:
        kept = text.decode("utf-8") if isinstance(text, bytes) else text
        texts = [kept, *self.finished_texts()][:KEEP_REPLAYS]
        self._storage().setItem(REPLAYS_KEY, json.dumps(texts))

    def finished_texts(self) -> list[object]:
        stored = stored_text(self._storage().getItem(REPLAYS_KEY))
        try:
            texts = json.loads(stored) if isinstance(stored, str) else []
        except ValueError:
            return []
        return texts if isinstance(texts, list) else []

    def waiting(self) -> list[tuple[str, Text]]:
        return []  # a finished match the replays could not take stays kept aside, under its own key

    def forget_waiting(self, where: str) -> None:
        raise KeyError(where)

    def take_problems(self) -> list[str]:
        return []
