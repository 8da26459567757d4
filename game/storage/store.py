"""The one place the game keeps things: ``Store``.

What the game keeps is three things: the settings and statistics (one
document, ``game.storage.settings``), the match being played (one document,
``game.storage.saves``) and the last ``KEEP_REPLAYS`` finished matches. The
``Store`` is the one interface the game calls for all three::

    store = open_store(directory)                 # or Store(Memory()) for a scripted run
    settings, stats, warning = store.load_settings()
    saved, warning = store.load_match()           # None: nothing to continue
    warning = store.save_settings(settings, stats)  # after every hand
    warning = store.save_match(saved)             # after every action
    warning = store.keep_finished(saved)          # then store.clear_match()
    store.finished()                              # the replays, newest first

Where the texts live is a ``Backend``, chosen once: ``Files`` (the desktop's
data folder, ``game.storage.files``), ``LocalStorage`` (the page's, in
Pyodide: ``game.storage.local_storage``) or ``Memory`` (this run only:
``game.storage.memory``). The backends only read, write, remove and keep
aside texts under two names (``SETTINGS`` and ``MATCH``) and hold the list
of finished matches; the rules of keeping things safe are written once,
here, and tests/test_storage_contract.py checks every backend keeps them:

* nothing the game loads or saves raises for anything the disk, the browser
  or the texts can do: it returns one warning line (or None) to show;
* a document that cannot be fully read is kept aside (under a new name with
  a timestamp) before anything is saved over it; if even that fails, or the
  document was written by a newer game, nothing is saved over it this run;
* a finished match is cleared from the match being played only once it is
  safely among the replays; if the replays cannot take it, it waits aside.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from game.storage.backend import MATCH, SETTINGS, Backend
from game.storage.files import Files
from game.storage.local_storage import LocalStorage
from game.storage.saves import SavedMatch, brief, dump, parse
from game.storage.settings import Settings, Stats
from game.storage.settings_document import Reading, fallback, one_line, read_document
from game.storage.settings_document import dump as dump_settings


class Store:
    """Settings and statistics, the match being played and the finished
    ones, kept in ``backend``. ``load_settings`` and ``load_match`` first:
    they decide whether the run may write over what is there."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._settings_read_only = False
        self._match_read_only = False

    @property
    def directory(self) -> Path | None:
        """The data folder (None in the browser and in memory)."""
        return self.backend.directory

    # ----- settings and statistics ----------------------------------------------------

    def load_settings(self) -> tuple[Settings, Stats, str | None]:
        """The settings and statistics kept (the defaults the first time), and one warning line or None."""
        self._settings_read_only = False
        try:
            text = self.backend.read(SETTINGS)
        except Exception as error:  # OSError; in the browser, any JavaScript error
            # Unreadable now is not lost: never write over what could not be read.
            self._settings_read_only = True
            why = f"cannot be read ({one_line(error)}); using defaults, and nothing is saved this run"
            return Settings(), Stats(), self._settings_warning(why)
        reading = read_document(text)
        if reading.problem is None:
            return reading.settings, reading.stats, None
        return reading.settings, reading.stats, self._keep_settings(reading)

    def _keep_settings(self, reading: Reading) -> str:
        """Keep a document that was not fully read; the warning that says so."""
        if reading.newer:
            self._settings_read_only = True
            why = "left as it is; using defaults for this run, and nothing is saved over it"
            return self._settings_warning(f"{reading.problem}: {why}")
        try:
            aside = self.backend.keep_aside(SETTINGS, "unreadable", brief=True)
        except Exception as error:
            self._settings_read_only = True
            why = f"it could not be kept aside ({one_line(error)}), so nothing is saved this run"
            return self._settings_warning(f"{reading.problem}; {why}; {fallback(reading)}")
        return self._settings_warning(f"{reading.problem}; the file is kept as {aside}; {fallback(reading)}")

    def save_settings(self, settings: Settings, stats: Stats) -> str | None:
        """Write the settings and statistics; a warning line if they could not be."""
        if self._settings_read_only:
            return None  # already said at load
        try:
            self.backend.write(SETTINGS, dump_settings(settings, stats))
        except Exception as error:  # OSError; QuotaExceededError, SecurityError...
            return self._settings_warning(f"cannot be saved ({one_line(error)}); the last save is kept")
        return None

    def _settings_warning(self, problem: str) -> str:
        return f"warning: saved settings and statistics in {self.backend.source(SETTINGS)}: {problem}"

    # ----- the match being played ----------------------------------------------------

    def load_match(self) -> tuple[SavedMatch | None, str | None]:
        """The saved match, or None (with a warning if there was a bad one,
        which is then kept aside)."""
        self._match_read_only = False
        try:
            text = self.backend.read(MATCH)
        except Exception as error:  # OSError; JavaScript errors in the browser
            return None, self.set_match_aside(f"cannot be read ({brief(error)})")
        if text is None:
            return None, None
        try:
            return parse(text), None
        except ValueError as error:
            return None, self.set_match_aside(str(error))

    def set_match_aside(self, problem: str) -> str:
        """Keep the saved match aside, as it cannot be continued (``problem``
        says why); the warning that says so and where it is now. If it
        cannot be moved, no match is saved over it this run."""
        try:
            aside = self.backend.keep_aside(MATCH, "unreadable")
        except Exception as error:
            self._match_read_only = True
            why = f"{problem}; and it cannot be moved ({brief(error)}), so no match is saved over it this run"
            return self._match_warning(why, "it is left where it is")
        return self._match_warning(problem, f"it is kept as {aside}")

    def _match_warning(self, problem: str, kept: str) -> str:
        return f"warning: the saved match in {self.backend.source(MATCH)} cannot be continued: {problem}; {kept}"

    def save_match(self, saved: SavedMatch) -> str | None:
        """Write the match being played; a warning line if it could not be."""
        if self._match_read_only:
            return None  # said at load
        try:
            self.backend.write(MATCH, dump(saved))
        except Exception as error:
            where = self.backend.source(MATCH)
            return f"warning: the match cannot be saved in {where} ({brief(error)}); the last save is kept"
        return None

    def clear_match(self) -> None:
        """The match is finished (and kept for replays) or left by choice:
        nothing to continue."""
        if self._match_read_only:
            return
        try:
            self.backend.remove(MATCH)
        except Exception as error:
            where = self.backend.source(MATCH)
            print(f"warning: the saved match in {where} cannot be removed ({brief(error)})", file=sys.stderr)

    # ----- the finished matches ------------------------------------------------------

    def keep_finished(self, saved: SavedMatch) -> str | None:
        """Add a finished match to the replays, keeping the last ``KEEP_REPLAYS``;
        None once it is safely written (then the caller may ``clear_match``).
        If it cannot be, the saved match is kept aside instead, never dropped,
        and the warning says where."""
        try:
            for where, text in self.backend.waiting():  # matches that could not be kept before, oldest first
                self.backend.add_finished(text)
                self.backend.forget_waiting(where)
            kept = self.finished()
            if kept and kept[0].record == saved.record:
                return None  # kept already (the game was stopped before it cleared the match)
            self.backend.add_finished(dump(saved))
        except Exception as error:
            return self._keep_waiting(saved, f"the finished match cannot be kept for replays ({brief(error)})")
        return None

    def _keep_waiting(self, saved: SavedMatch, problem: str) -> str:
        """The finished match, with its result, kept aside where the match
        is saved until the replays can take it (the next ``keep_finished``)."""
        where = self.backend.source(MATCH)
        if self._match_read_only:
            return f"warning: {problem}; nothing is saved over {where} this run"
        with contextlib.suppress(Exception):  # a full disk: then the last save, one move short, is kept
            self.backend.write(MATCH, dump(saved))
        try:
            aside = self.backend.keep_aside(MATCH, "finished")
        except Exception:
            return f"warning: {problem}; it stays in {where}"
        return f"warning: {problem}; it is kept as {aside} until it can be"

    def finished(self) -> list[SavedMatch]:
        """The finished matches kept, newest first (unreadable ones skipped)."""
        try:
            texts = [text for _, text in reversed(self.backend.waiting())] + self.backend.finished_texts()
        except Exception:
            return []
        matches = []
        for text in texts:
            try:
                matches.append(parse(text, replay=False))
            except ValueError:
                continue
        return matches

    def take_problems(self) -> list[str]:
        """The warnings about unusable replays since last asked."""
        return self.backend.take_problems()


def open_store(directory: str | os.PathLike[str]) -> Store:
    """The page's localStorage in the browser, the files of ``directory`` elsewhere."""
    if sys.platform == "emscripten":
        return Store(LocalStorage())
    return Store(Files(directory))
