"""Saved settings and statistics: one small JSON document, kept safe.

The document holds the player's settings and their statistics per difficulty::

    {"version": 1,
     "settings": {"difficulty": "normal", "sound": true, "rules": "1991"},
     "stats": {"easy": {...}, "normal": {...}, "hard": {...},
               "counted": "3f9a1c0e7b2d 4"}}

``counted`` names the last hand counted (its match's id and its number):
written in the same file, in the same write, as the counts it added, so a
match continued after a crash knows whether that hand is in already.

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

How a bad document is read (nothing a player saved is ever lost):

* missing (first run): defaults, no warning;
* empty, unreadable, too large, not UTF-8, not JSON (garbled or truncated),
  not a JSON object, or without a whole-number ``version``: all defaults;
* a JSON object of version 1 whose fields are partly wrong: each field with the
  wrong type or out of range (a negative count, an unknown difficulty, a
  ``null`` section...) falls back to its own default; the good fields are
  kept, so one bad number does not wipe a player's record;
* either way the file is first kept aside, renamed with a timestamp
  (``uno1991.json.unreadable-20261201-003000``, never over another file),
  and one warning line names both files; the next save writes a fresh file;
* a ``version`` above 1 was written by a newer game: this run uses the
  defaults in memory, says so, and never writes over that file;
* unknown keys are ignored and missing keys take their default, both silently,
  so older and newer files of the same version read cleanly.

Nothing is ever read with pickle or eval: only ``json.loads`` and type checks.
The file is written atomically (``game.storage.safe_files``): a temporary file in
the same directory, flushed and fsynced, then ``os.replace``, so a crash
leaves either the old document or the new one, never half of one.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Protocol

from game.online.address import is_address
from game.online.protocol import NAME_CHARACTERS
from game.rules.house import HOUSE_RULES
from game.rules.rulesets import RULESETS
from game.storage.safe_files import keep_aside, keep_item_aside, stored_text, where_broken, write_atomically

VERSION = 1
FILENAME = "uno1991.json"
STORAGE_KEY = "uno1991"
DIFFICULTIES = ("easy", "normal", "hard")
# Larger than any real document (about 1 KB); anything bigger is not ours.
MAX_TEXT = 64 * 1024
# Counts and point totals stay below JavaScript's largest exact integer.
MAX_COUNT = 2**53 - 1
MAX_COUNTED = 64  # "MATCH-ID HAND", the last hand counted


SCORINGS = ("points", "tally")
MOST_OPPONENTS = 9
# Several people at one machine: how they sit round the table.
SEATINGS = ("together", "apart", "shuffled")
MOST_PEOPLE = 10
NAME_LENGTH = 9  # PLAYER 10 fits; so does a panel


@dataclass
class Settings:
    """The player's choices. ``rules`` names a rule set in ``RULESETS``;
    ``opponents`` is how many computer players to sit with (each rule set
    takes as many as it can, up to this: 1991 always one); ``scoring`` is
    ``points`` (first to 500) or ``tally`` (the lowest total wins);
    ``house`` the house rules switched on for standard UNO (their names in
    ``HOUSE_RULES`` order). ``hints``: lift the cards of your hand that
    may be played (None: the rule set's own default, off in the 1991 game,
    which refuses a card with a buzz as its manual says, on in the others)."""

    difficulty: str = "normal"
    sound: bool = True
    rules: str = "1991"
    opponents: int = 1
    scoring: str = "points"
    house: tuple[str, ...] = ()
    # Several people at one machine: how many play (1: you against the
    # computers), their names as typed (PLAYER 1... for those not typed) and
    # how they sit (``SEATINGS``). Left out of the document while unchanged.
    people: int = 1
    names: tuple[str, ...] = ()
    seating: str = "together"
    hints: bool | None = None
    # Online play: the last address JOIN took (``ws://HOST:PORT/ROOM``) and
    # the name given there (""; the first person's name). Left out of the
    # document while unchanged.
    join_address: str = ""
    online_name: str = ""

    def __post_init__(self) -> None:
        if self.difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {self.difficulty!r}")
        if not isinstance(self.sound, bool):
            raise ValueError(f"sound must be True or False, not {self.sound!r}")
        if not isinstance(self.rules, str) or self.rules not in RULESETS:
            raise ValueError(f"unknown rule set {self.rules!r}")
        if not _is_opponents(self.opponents):
            raise ValueError(f"opponents must be 1 to {MOST_OPPONENTS}, not {self.opponents!r}")
        if self.scoring not in SCORINGS:
            raise ValueError(f"unknown scoring {self.scoring!r}")
        if not _is_house(self.house):
            raise ValueError(f"house rules must be a tuple of names from {', '.join(HOUSE_RULES)}, not {self.house!r}")
        if not _is_people(self.people):
            raise ValueError(f"people must be 1 to {MOST_PEOPLE}, not {self.people!r}")
        if not _is_names(self.names):
            raise ValueError(f"names must be a tuple of up to {MOST_PEOPLE} names, not {self.names!r}")
        if self.seating not in SEATINGS:
            raise ValueError(f"unknown seating {self.seating!r}")
        if self.hints is not None and not isinstance(self.hints, bool):
            raise ValueError(f"hints must be True, False or None, not {self.hints!r}")
        if not is_address(self.join_address):
            raise ValueError(f"join_address must be a ws:// or wss:// address, not {self.join_address!r}")
        if not _is_online_name(self.online_name):
            raise ValueError(f"online_name must be a name of up to {NAME_LENGTH} characters, not {self.online_name!r}")

    def people_names(self, players: int) -> tuple[str, ...]:
        """The names of the people at a table of ``players`` (at most that
        many people): the names typed, then PLAYER 3 and so on."""
        count = min(self.people, players)
        return tuple(self.names[i] if i < len(self.names) else f"PLAYER {i + 1}" for i in range(count))

    @property
    def player_name(self) -> str:
        """The name to play under online: the one given there, else the
        first person's (PLAYER 1 until one is typed)."""
        return self.online_name or (self.names[0] if self.names else "PLAYER 1")

    def hints_for(self, rules: str) -> bool:
        """Whether a match of ``rules`` lifts your playable cards."""
        return self.hints if self.hints is not None else rules != "1991"

    def toggle_house(self, name: str) -> None:
        """Switch one house rule on or off (kept in ``HOUSE_RULES`` order)."""
        on = set(self.house) ^ {name}
        self.house = tuple(rule for rule in HOUSE_RULES if rule in on)

    @property
    def house_in_play(self) -> tuple[str, ...]:
        """The house rules a match of these rules plays: standard UNO's only."""
        return self.house if self.rules == "standard" else ()

    @property
    def players(self) -> int:
        """Players at the table under these rules: you and the opponents
        the rule set has room for."""
        return players_for(self.rules, self.opponents)


def players_for(rules: str, opponents: int) -> int:
    """You and as many of ``opponents`` as the rule set seats (1991: one)."""
    ruleset = RULESETS[rules]
    most = 1 if rules == "1991" else ruleset.max_players - 1
    return 1 + max(1, min(opponents, most))


def _is_house(value: Any) -> bool:
    return isinstance(value, tuple) and all(name in HOUSE_RULES for name in value) and len(set(value)) == len(value)


def _is_people(value: Any) -> bool:
    return type(value) is int and 1 <= value <= MOST_PEOPLE


def is_name(value: Any) -> bool:
    return (
        isinstance(value, str)
        and 0 < len(value) <= NAME_LENGTH
        and all(c in NAME_CHARACTERS for c in value)
        and value.strip() == value
    )


def _is_online_name(value: Any) -> bool:
    return value == "" or is_name(value)


def _is_names(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) <= MOST_PEOPLE and all(is_name(name) for name in value)


def _is_opponents(value: Any) -> bool:
    return type(value) is int and 1 <= value <= MOST_OPPONENTS


CLASSIC_TABLE = "1991 2"  # the 1991 game against one computer: the statistics as always kept


def table_key(rules: str, players: int) -> str:
    """The statistics of each rule set and number of players are kept apart: "standard 4"."""
    return f"{rules} {players}"


def _is_table_key(key: Any) -> bool:
    if not isinstance(key, str) or key.count(" ") != 1:
        return False
    rules, players = key.split(" ")
    return rules in RULESETS and players.isdigit() and players_for(rules, int(players) - 1) == int(players)


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
class PersonStats:
    """One person's record in matches of several people at one machine:
    wins and points, whatever the table."""

    hands_won: int = 0
    hands_played: int = 0
    hand_points: int = 0
    matches_won: int = 0
    matches_played: int = 0
    match_points: int = 0


@dataclass
class Stats:
    """Statistics per difficulty: ``stats.hard.hands_won`` or
    ``stats.level("hard")`` for the 1991 game against one computer; the
    other rule sets and numbers of players each have a table of their own in
    ``tables`` ("standard 4" -> difficulty -> LevelStats)."""

    easy: LevelStats = field(default_factory=LevelStats)
    normal: LevelStats = field(default_factory=LevelStats)
    hard: LevelStats = field(default_factory=LevelStats)
    tables: dict[str, dict[str, LevelStats]] = field(default_factory=dict)
    # The last hand counted ("MATCH-ID HAND"), saved in the same write as
    # its counts: a match continued after a crash never counts it again.
    counted: str = ""
    # Matches of several people at one machine: each person's record by name.
    people: dict[str, PersonStats] = field(default_factory=dict)

    def person(self, name: str) -> PersonStats:
        """A person's record in matches of several people (empty if none yet)."""
        return self.people.get(name, PersonStats())

    def record_person_hand(self, name: str, won: bool, points: int) -> None:
        _check_points(points)
        record = self.people.setdefault(name, PersonStats())
        record.hands_played += 1
        if won:
            record.hands_won += 1
            record.hand_points += points

    def record_person_match(self, name: str, won: bool, score: int) -> None:
        _check_points(score)
        record = self.people.setdefault(name, PersonStats())
        record.matches_played += 1
        record.matches_won += won
        record.match_points += score

    def level(self, difficulty: str, table: str = CLASSIC_TABLE) -> LevelStats:
        """The record at one difficulty and table (empty if none yet)."""
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {difficulty!r}")
        if table == CLASSIC_TABLE:
            return getattr(self, difficulty)
        if not _is_table_key(table):
            raise ValueError(f"unknown table {table!r}")
        return self.tables.get(table, {}).get(difficulty, LevelStats())

    def _kept(self, difficulty: str, table: str) -> LevelStats:
        """The record to count into, made the first time it is needed."""
        level = self.level(difficulty, table)
        if table != CLASSIC_TABLE:
            self.tables.setdefault(table, {})[difficulty] = level
        return level

    def record_hand(self, difficulty: str, won: bool, points: int, table: str = CLASSIC_TABLE) -> None:
        """Count a hand; ``points`` is what the player scored, used when ``won``."""
        _check_points(points)
        level = self._kept(difficulty, table)
        if won:
            level.hands_won += 1
            level.hand_points += points
            level.best_hand = max(level.best_hand, points)
        else:
            level.hands_lost += 1

    def record_match(self, difficulty: str, won: bool, score: int, table: str = CLASSIC_TABLE) -> None:
        """Count a match; ``score`` is the player's final score in it."""
        _check_points(score)
        level = self._kept(difficulty, table)
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


def _plain(value: Any) -> Any:
    """A setting as JSON keeps it: a tuple as a list."""
    return list(value) if isinstance(value, tuple) else value


def _level_document(level: LevelStats) -> dict:
    return {f.name: getattr(level, f.name) for f in fields(LevelStats)}


def dump(settings: Settings, stats: Stats) -> str:
    """The JSON text of the document."""
    document = {
        "version": VERSION,
        "settings": {
            f.name: _plain(getattr(settings, f.name))
            for f in fields(Settings)
            if f.name not in _LEFT_OUT or getattr(settings, f.name) != _LEFT_OUT[f.name]
        },
        "stats": {name: _level_document(stats.level(name)) for name in DIFFICULTIES},
    }
    if stats.counted:
        document["stats"]["counted"] = stats.counted
    if stats.tables:
        document["stats"]["tables"] = {
            key: {name: _level_document(level) for name, level in levels.items()}
            for key, levels in sorted(stats.tables.items())
        }
    if stats.people:
        document["stats"]["people"] = {
            name: {f.name: getattr(record, f.name) for f in fields(PersonStats)}
            for name, record in sorted(stats.people.items())
        }
    return json.dumps(document, indent=2, allow_nan=False) + "\n"


# Settings of several people and of online play, left out of the document while they are the default.
_LEFT_OUT = {"people": 1, "names": (), "seating": "together", "hints": None, "join_address": "", "online_name": ""}


@dataclass
class Reading:
    """What was read of a document: the settings and statistics to use, and
    ``problem`` (None when all was well). ``newer``: written by a newer game,
    which this one must not write over; ``partial``: the good parts were kept."""

    settings: Settings
    stats: Stats
    problem: str | None = None
    newer: bool = False
    partial: bool = False


def read_document(text: str | bytes | None) -> Reading:
    """Read a document's text (``None`` when there is none yet). Never raises."""
    if text is None:
        return Reading(Settings(), Stats())
    problem, data = _decode(text)
    if problem is not None:
        return Reading(Settings(), Stats(), problem)
    version = data["version"]
    if version > VERSION:
        return Reading(Settings(), Stats(), f"version {version} comes from a newer UNO 1991", newer=True)
    bad: list[str] = []
    settings = _read_settings(data.get("settings", _MISSING), bad)
    stats = _read_stats(data.get("stats", _MISSING), bad)
    if bad:
        return Reading(settings, stats, _some(bad), partial=True)
    return Reading(settings, stats)


def parse(text: str | bytes | None, source: str) -> tuple[Settings, Stats, str | None]:
    """Read a document's text: the settings, the statistics and one warning
    line or ``None`` (as a store that cannot keep anything aside says it)."""
    reading = read_document(text)
    warning = None if reading.problem is None else _warning(source, reading.problem + "; " + _fallback(reading))
    return reading.settings, reading.stats, warning


def _fallback(reading: Reading) -> str:
    return "using defaults for them" if reading.partial else "using defaults"


_MISSING = object()  # a key absent from the document (a null is a bad value)


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
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write, is fine
    if not text.strip():
        return "empty", None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        return f"not valid JSON, garbled or truncated{where_broken(error)}", None
    if not isinstance(data, dict):
        return f"a JSON {type(data).__name__}, not an object", None
    version = data.get("version")
    if type(version) is not int or version < VERSION:
        return f"version {_show(version)}, expected {VERSION}", None
    return None, data


def _read_settings(section: Any, bad: list[str]) -> Settings:
    if section is _MISSING:
        return Settings()
    if not isinstance(section, dict):
        bad.append(f"settings={_show(section)}")
        return Settings()
    checks = {
        "difficulty": lambda v: v in DIFFICULTIES,
        "sound": lambda v: isinstance(v, bool),
        "rules": lambda v: isinstance(v, str) and v in RULESETS,
        "opponents": _is_opponents,
        "scoring": lambda v: v in SCORINGS,
        "house": lambda v: isinstance(v, list) and _is_house(tuple(v)),
        "people": _is_people,
        "names": lambda v: isinstance(v, list) and _is_names(tuple(v)),
        "seating": lambda v: v in SEATINGS,
        "hints": lambda v: v is None or isinstance(v, bool),
        "join_address": is_address,
        "online_name": _is_online_name,
    }
    values = _read_fields(section, checks, "settings", bad)
    for name in ("house", "names"):
        if name in values:
            values[name] = tuple(values[name])
    return Settings(**values)


def _read_stats(section: Any, bad: list[str]) -> Stats:
    if section is _MISSING:
        return Stats()
    if not isinstance(section, dict):
        bad.append(f"stats={_show(section)}")
        return Stats()
    levels = _read_levels(section, "stats", bad)
    counted = section.get("counted", "")
    if not isinstance(counted, str) or len(counted) > MAX_COUNTED:
        bad.append(f"stats.counted={_show(counted)}")
        counted = ""
    people = _read_people(section.get("people", {}), bad)
    if people:
        levels["people"] = people
    tables = section.get("tables", _MISSING)
    if tables is _MISSING:
        return Stats(**levels, counted=counted)
    if not isinstance(tables, dict):
        bad.append(f"stats.tables={_show(tables)}")
        return Stats(**levels, counted=counted)
    kept = {}
    for key, table in tables.items():
        if not _is_table_key(key) or key == CLASSIC_TABLE:
            bad.append(f"stats.tables.{_show(key)}")
        elif not isinstance(table, dict):
            bad.append(f"stats.tables.{key}={_show(table)}")
        else:
            kept[key] = _read_levels(table, f"stats.tables.{key}", bad)
    return Stats(**levels, tables=kept, counted=counted)


def _read_people(section: Any, bad: list[str]) -> dict[str, PersonStats]:
    if not isinstance(section, dict):
        bad.append(f"stats.people={_show(section)}")
        return {}
    checks = {f.name: _is_count for f in fields(PersonStats)}
    kept = {}
    for name, record in section.items():
        if not is_name(name) or not isinstance(record, dict):
            bad.append(f"stats.people.{_show(name)}")
            continue
        kept[name] = PersonStats(**_read_fields(record, checks, f"stats.people.{name}", bad))
    return kept


def _read_levels(section: dict, prefix: str, bad: list[str]) -> dict[str, LevelStats]:
    """The difficulties' statistics in one section, each read field by field."""
    checks = {f.name: _is_count for f in fields(LevelStats)}
    levels = {}
    for name in DIFFICULTIES:
        if name not in section:
            continue
        level = section[name]
        if not isinstance(level, dict):
            bad.append(f"{prefix}.{name}={_show(level)}")
            continue
        levels[name] = LevelStats(**_read_fields(level, checks, f"{prefix}.{name}", bad))
    return levels


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


SHOWN_BAD_VALUES = 1  # a warning a person can read: the first few, then how many more


def _some(bad: list[str]) -> str:
    """The bad values, briefly, so that the warning can be read: the first
    and how many more ("bad values stats.easy.hands_won=None and 23 more")."""
    shown = ", ".join(bad[:SHOWN_BAD_VALUES])
    more = len(bad) - SHOWN_BAD_VALUES
    return f"bad value{'s' if len(bad) > 1 else ''} {shown}" + (f" and {more} more" if more > 0 else "")


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
    (and, for scripted runs, ``game.ui.platform.runtime.MemoryStore``)."""

    def load(self) -> tuple[Settings, Stats, str | None]: ...

    def save(self, settings: Settings, stats: Stats) -> str | None: ...


class _SafeStore:
    """What the file and the browser stores share: a document that cannot be
    fully read is kept aside before anything is saved over it, and a newer
    game's document is never saved over (``read_only`` for the run).

    A store says where it keeps things (``source``) and how to read its text
    (``_read``), write it (``_write``) and keep it aside (``_keep_aside``,
    returning the new place's name); each raises on failure."""

    source = ""
    read_only = False

    def load(self) -> tuple[Settings, Stats, str | None]:
        self.read_only = False
        try:
            text = self._read()
        except Exception as error:  # OSError; in the browser, any JavaScript error
            # Unreadable now is not lost: never write over what could not be read.
            self.read_only = True
            why = f"cannot be read ({_one_line(error)}); using defaults, and nothing is saved this run"
            return Settings(), Stats(), _warning(self.source, why)
        reading = read_document(text)
        if reading.problem is None:
            return reading.settings, reading.stats, None
        return reading.settings, reading.stats, self._keep(reading)

    def _keep(self, reading: Reading) -> str:
        """Keep a document that was not fully read; the warning that says so."""
        if reading.newer:
            self.read_only = True
            why = "left as it is; using defaults for this run, and nothing is saved over it"
            return _warning(self.source, f"{reading.problem}: {why}")
        try:
            aside = self._keep_aside()
        except Exception as error:
            self.read_only = True
            why = f"it could not be kept aside ({_one_line(error)}), so nothing is saved this run"
            return _warning(self.source, f"{reading.problem}; {why}; {_fallback(reading)}")
        return _warning(self.source, f"{reading.problem}; the file is kept as {aside}; {_fallback(reading)}")

    def save(self, settings: Settings, stats: Stats) -> str | None:
        """Write the document; returns a warning line if it could not."""
        if self.read_only:
            return None  # already said at load
        try:
            self._write(dump(settings, stats))
        except Exception as error:  # OSError; QuotaExceededError, SecurityError...
            return _warning(self.source, f"cannot be saved ({_one_line(error)}); the last save is kept")
        return None

    def _read(self) -> str | bytes | None:
        raise NotImplementedError

    def _write(self, text: str) -> None:
        raise NotImplementedError

    def _keep_aside(self) -> str:
        raise NotImplementedError


class FileStore(_SafeStore):
    """The document as ``directory/uno1991.json``, written atomically."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.path = self.directory / FILENAME
        self.source = str(self.path)

    def _read(self) -> bytes | None:
        try:
            with open(self.path, "rb") as file:
                return file.read(MAX_TEXT + 1)
        except FileNotFoundError:
            return None

    def _write(self, text: str) -> None:
        write_atomically(self.path, text.encode("utf-8"))

    def _keep_aside(self) -> str:
        """Named by its file name alone: it is in the same folder, and the
        warning must fit on the title screen with its reason."""
        return f"{keep_aside(self.path, 'unreadable').name} beside it"


class BrowserStore(_SafeStore):
    """The document under one key of the page's localStorage (Pyodide).

    ``storage`` is anything with ``getItem(key)`` and ``setItem(key, text)``;
    by default ``js.window.localStorage``,
    looked up when first needed. A document kept aside goes under the key
    ``uno1991.unreadable-TIMESTAMP``.
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

    def _read(self) -> Any:
        return stored_text(self._storage().getItem(self.key))

    def _write(self, text: str) -> None:
        self._storage().setItem(self.key, text)

    def _keep_aside(self) -> str:
        return f"localStorage[{keep_item_aside(self._storage(), self.key)!r}]"


def open_store(directory: str | os.PathLike[str]) -> FileStore | BrowserStore:
    """localStorage in the browser, ``directory/uno1991.json`` elsewhere."""
    if sys.platform == "emscripten":
        return BrowserStore()
    return FileStore(directory)
