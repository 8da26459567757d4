"""What a ``Store`` needs of the place it keeps its texts: ``Backend``.

Three backends implement it: ``Files`` (``game.storage.files``),
``LocalStorage`` (``game.storage.local_storage``) and ``Memory``
(``game.storage.memory``); tests/test_storage_contract.py runs the same
checks over all three (the browser's in Chromium).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

SETTINGS = "settings"  # the settings and statistics document
MATCH = "match"  # the match being played
KEEP_REPLAYS = 20

Text = str | bytes


class Backend(Protocol):
    """Where a ``Store`` keeps its texts. Each method raises on failure
    (OSError; in the browser, any JavaScript error): the ``Store`` turns
    failures into warnings. ``name`` is ``SETTINGS`` or ``MATCH``."""

    @property
    def directory(self) -> Path | None:
        """The data folder, for what is kept beside the store's files (None: no folder)."""

    def source(self, name: str) -> str:
        """Where ``name`` is kept, as a warning says it."""

    def read(self, name: str) -> object:
        """The text under ``name`` (str or bytes; anything else is a bad
        document), or None if there is none yet."""

    def write(self, name: str, text: str) -> None:
        """Put ``text`` under ``name``, in one step (never half-written)."""

    def remove(self, name: str) -> None:
        """Remove the text under ``name`` (nothing if there is none)."""

    def keep_aside(self, name: str, label: str, brief: bool = False) -> str:
        """Move the text under ``name`` to a new place named with ``label``
        and a timestamp, never over another; returns that place as a warning
        says it (``brief``: as briefly as it can, for the title screen)."""

    def add_finished(self, text: Text) -> None:
        """Add a finished match, the newest, keeping the last ``KEEP_REPLAYS``."""

    def finished_texts(self) -> list[object]:
        """The finished matches' texts, newest first."""

    def waiting(self) -> list[tuple[str, Text]]:
        """Finished matches kept aside because the replays could not take
        them: (where, text), oldest first."""

    def forget_waiting(self, where: str) -> None:
        """A waiting match is among the replays now: remove it from ``where``."""

    def take_problems(self) -> list[str]:
        """Warnings about finished matches found unusable, since last asked."""
