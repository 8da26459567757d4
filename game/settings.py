"""Saved settings and statistics: one small JSON document, kept safe.

The document holds the player's settings and their statistics per difficulty::

    {"version": 1,
     "settings": {"difficulty": "normal", "sound": true, "rules": "1991"},
     "stats": {"easy": {...}, "normal": {...}, "hard": {...}}}

On the desktop it is the file ``uno1991.json`` in the directory the caller
passes in (``pyxel.user_data_dir(...)``); in the browser it is the text under
one localStorage key. Both stores have the same interface::

    store = open_store(directory)
    settings, stats, warning = store.load()    # warning: one line, or None
    ...
    stats.record_hand("hard", won=True, points=85)
    warning = store.save(settings, stats)      # after every hand

Neither ``load`` nor ``save`` raises for anything the disk, the browser or the
document's contents can do; they return one warning line for the caller to
show (or ``None``). Programming errors, such as recording an unknown
difficulty, still raise ``ValueError``.

How a bad document is read:

* missing (first run): defaults, no warning;
* empty, unreadable, too large, not UTF-8, not JSON (garbled or truncated),
  not a JSON object, or a ``version`` other than 1: all defaults, one warning;
* a JSON object of version 1 whose fields are partly wrong: each field with the
  wrong type or out of range (a negative count, an unknown difficulty...) falls
  back to its own default and one warning names them all; the good fields are
  kept, so one bad number does not wipe a player's record;
* unknown keys are ignored and missing keys take their default, both silently,
  so older and newer files of the same version read cleanly.

Nothing is ever read with pickle or eval: only ``json.loads`` and type checks.
The file is written atomically: a temporary file in the same directory,
flushed and fsynced, then ``os.replace``, so a crash leaves either the old
document or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol

from .rules.rulesets import RULESETS

VERSION = 1
FILENAME = "uno1991.json"
STORAGE_KEY = "uno1991"
DIFFICULTIES = ("easy", "normal", "hard")
# Larger than any real document (about 1 KB); anything bigger is not ours.
MAX_TEXT = 64 * 1024
# Counts and point totals stay below JavaScript's largest exact integer.
MAX_COUNT = 2**53 - 1


@dataclass
class Settings:
    """The player's choices. ``rules`` names a rule set in ``RULESETS``."""

    difficulty: str = "normal"
    sound: bool = True
    rules: str = "1991"

    def __post_init__(self) -> None:
        if self.difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {self.difficulty!r}")
        if not isinstance(self.sound, bool):
            raise ValueError(f"sound must be True or False, not {self.sound!r}")
        if not isinstance(self.rules, str) or self.rules not in RULESETS:
            raise ValueError(f"unknown rule set {self.rules!r}")


@dataclass
class LevelStats:
    """The record against one difficulty.

    matches_won, matches_lost, hands_won, hands_lost: how many of each.
    best_hand: the most points the player scored in one hand won.
    hand_points: all the points the player scored in hands won.
    best_match: the player's highest final score in a match, won or lost.
    match_points: the player's final scores of all matches, added up.
    """

    matches_won: int = 0
    matches_lost: int = 0
    hands_won: int = 0
    hands_lost: int = 0
    best_hand: int = 0
    hand_points: int = 0
    best_match: int = 0
    match_points: int = 0

    @property
    def hands_played(self) -> int:
        return self.hands_won + self.hands_lost

    @property
    def matches_played(self) -> int:
        return self.matches_won + self.matches_lost

    @property
    def average_hand(self) -> float:
        """Average points per hand won (0.0 before the first win)."""
        return self.hand_points / self.hands_won if self.hands_won else 0.0

    @property
    def average_match(self) -> float:
        """Average final score per match played (0.0 before the first match)."""
        return self.match_points / self.matches_played if self.matches_played else 0.0


@dataclass
class Stats:
    """Statistics per difficulty: ``stats.hard.hands_won`` or ``stats.level("hard")``."""

    easy: LevelStats = field(default_factory=LevelStats)
    normal: LevelStats = field(default_factory=LevelStats)
    hard: LevelStats = field(default_factory=LevelStats)

    def level(self, difficulty: str) -> LevelStats:
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {difficulty!r}")
        return getattr(self, difficulty)

    def record_hand(self, difficulty: str, won: bool, points: int) -> None:
        """Count a hand; ``points`` is what the player scored, used when ``won``."""
        _check_points(points)
        level = self.level(difficulty)
        if won:
            level.hands_won += 1
            level.hand_points += points
            level.best_hand = max(level.best_hand, points)
        else:
            level.hands_lost += 1

    def record_match(self, difficulty: str, won: bool, score: int) -> None:
        """Count a match; ``score`` is the player's final score in it."""
        _check_points(score)
        level = self.level(difficulty)
        if won:
            level.matches_won += 1
        else:
            level.matches_lost += 1
        level.match_points += score
        level.best_match = max(level.best_match, score)


def _check_points(points: int) -> None:
    if type(points) is not int or points < 0:
        raise ValueError(f"points must be a whole number >= 0, not {points!r}")


# ----- the document ---------------------------------------------------------------


def dump(settings: Settings, stats: Stats) -> str:
    """The JSON text of the document."""
    document = {
        "version": VERSION,
        "settings": {f.name: getattr(settings, f.name) for f in fields(Settings)},
        "stats": {
            name: {f.name: getattr(stats.level(name), f.name) for f in fields(LevelStats)} for name in DIFFICULTIES
        },
    }
    return json.dumps(document, indent=2, allow_nan=False) + "\n"


def parse(text: str | bytes | None, source: str) -> tuple[Settings, Stats, str | None]:
    """Read a document's text (``None`` when there is none yet).

    Returns the settings, the statistics and one warning line or ``None``.
    Never raises.
    """
    if text is None:
        return Settings(), Stats(), None
    problem, data = _decode(text)
    if problem is not None:
        return Settings(), Stats(), _warning(source, problem + "; using defaults")
    bad: list[str] = []
    settings = _read_settings(data.get("settings"), bad)
    stats = _read_stats(data.get("stats"), bad)
    if bad:
        return settings, stats, _warning(source, "ignored bad values " + ", ".join(bad) + "; using defaults for them")
    return settings, stats, None


def _decode(text: str | bytes) -> tuple[str | None, Any]:
    if not isinstance(text, str | bytes):
        return f"unexpected {type(text).__name__} instead of text", None
    if len(text) > MAX_TEXT:
        return f"larger than {MAX_TEXT // 1024} KiB", None
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            return "not UTF-8 text (garbled)", None
    if not text.strip():
        return "empty", None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        return f"not valid JSON, garbled or truncated ({_one_line(error)})", None
    if not isinstance(data, dict):
        return f"a JSON {type(data).__name__}, not an object", None
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        return f"version {_show(version)}, expected {VERSION}", None
    return None, data


def _read_settings(section: Any, bad: list[str]) -> Settings:
    if section is None:
        return Settings()
    if not isinstance(section, dict):
        bad.append(f"settings={_show(section)}")
        return Settings()
    checks = {
        "difficulty": lambda v: v in DIFFICULTIES,
        "sound": lambda v: isinstance(v, bool),
        "rules": lambda v: isinstance(v, str) and v in RULESETS,
    }
    return Settings(**_read_fields(section, checks, "settings", bad))


def _read_stats(section: Any, bad: list[str]) -> Stats:
    if section is None:
        return Stats()
    if not isinstance(section, dict):
        bad.append(f"stats={_show(section)}")
        return Stats()
    checks = {f.name: _is_count for f in fields(LevelStats)}
    levels = {}
    for name in DIFFICULTIES:
        level = section.get(name)
        if level is None:
            continue
        if not isinstance(level, dict):
            bad.append(f"stats.{name}={_show(level)}")
            continue
        levels[name] = LevelStats(**_read_fields(level, checks, f"stats.{name}", bad))
    return Stats(**levels)


def _read_fields(section: dict, checks: dict, prefix: str, bad: list[str]) -> dict:
    values = {}
    for name, check in checks.items():
        if name not in section:
            continue
        value = section[name]
        if check(value):
            values[name] = value
        else:
            bad.append(f"{prefix}.{name}={_show(value)}")
    return values


def _is_count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT


def _show(value: Any) -> str:
    text = _one_line(repr(value))
    return text if len(text) <= 40 else text[:37] + "..."


def _one_line(value: Any) -> str:
    return " ".join(str(value).split())


def _warning(source: str, problem: str) -> str:
    return f"warning: saved settings and statistics in {source}: {problem}"


# ----- stores -----------------------------------------------------------------------


class Store(Protocol):
    """Where settings and statistics are kept: ``FileStore``, ``BrowserStore``
    (and, for scripted runs, ``game.ui.host.MemoryStore``)."""

    def load(self) -> tuple[Settings, Stats, str | None]: ...

    def save(self, settings: Settings, stats: Stats) -> str | None: ...


class FileStore:
    """The document as ``directory/uno1991.json``."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FILENAME

    def load(self) -> tuple[Settings, Stats, str | None]:
        try:
            with open(self.path, "rb") as file:
                text = file.read(MAX_TEXT + 1)
        except FileNotFoundError:
            text = None
        except OSError as error:
            return Settings(), Stats(), _warning(self.path, f"cannot be read ({_one_line(error)}); using defaults")
        return parse(text, str(self.path))

    def save(self, settings: Settings, stats: Stats) -> str | None:
        """Write the document atomically; returns a warning line if it could not."""
        data = dump(settings, stats).encode("utf-8")
        temp = None
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=f".{FILENAME}.", suffix=".tmp", dir=self.directory)
            with os.fdopen(fd, "wb") as file:
                file.write(data)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temp, self.path)
            temp = None
            _sync_directory(self.directory)
        except OSError as error:
            return _warning(self.path, f"cannot be saved ({_one_line(error)}); the last save is kept")
        finally:
            if temp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temp)
        return None


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the OS allows (not on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


class BrowserStore:
    """The document under one key of the page's localStorage (Pyodide).

    ``storage`` is anything with ``getItem(key)`` and ``setItem(key, text)``;
    by default ``js.window.localStorage``, looked up when first needed.
    """

    def __init__(self, storage: Any = None, key: str = STORAGE_KEY) -> None:
        self.storage = storage
        self.key = key
        self.source = f"localStorage[{key!r}]"

    def _storage(self) -> Any:
        if self.storage is None:
            import js  # Pyodide only

            self.storage = js.window.localStorage
        return self.storage

    def load(self) -> tuple[Settings, Stats, str | None]:
        # Pyodide turns JavaScript errors (localStorage blocked, say) into Exception subclasses.
        try:
            text = self._storage().getItem(self.key)
        except Exception as error:
            return Settings(), Stats(), _warning(self.source, f"cannot be read ({_one_line(error)}); using defaults")
        return parse(text, self.source)

    def save(self, settings: Settings, stats: Stats) -> str | None:
        try:
            self._storage().setItem(self.key, dump(settings, stats))
        except Exception as error:  # QuotaExceededError, SecurityError...
            return _warning(self.source, f"cannot be saved ({_one_line(error)}); the last save is kept")
        return None


def open_store(directory: str | os.PathLike[str]) -> FileStore | BrowserStore:
    """localStorage in the browser, ``directory/uno1991.json`` elsewhere."""
    if sys.platform == "emscripten":
        return BrowserStore()
    return FileStore(directory)
