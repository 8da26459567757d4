"""Saved settings and statistics: one small JSON document, kept safe.

The document holds the player's settings and their statistics per difficulty::

    {"version": 1,
     "settings": {"difficulty": "normal", "sound": true, "rules": "1991"},
     "stats": {"easy": {...}, "normal": {...}, "hard": {...},
               "counted": "3f9a1c0e7b2d 4"}}

``counted`` names the last hand counted (its match's id and its number):
written in the same file, in the same write, as the counts it added, so a
match continued after a crash knows whether that hand is in already.

Where it is kept (the file ``uno1991.json`` of the data folder, or one
localStorage key in the browser) is the ``Store``'s business
(``game.storage.store``); this module says what the document holds and how
its text is written and read. Reading never raises for anything the text can
say: ``read_document`` returns what it could keep and one ``problem`` line.
Programming errors, such as recording an unknown difficulty or constructing
``Settings`` with a bad value, raise ``ValueError``; each setting's check is
written once, in ``CHECKS``, for both.

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
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from game.rules.house import HOUSE_RULES
from game.rules.rulesets import RULESETS
from game.storage.bindings import ACTIONS, is_entries
from game.storage.safe_files import where_broken

VERSION = 1
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
# What a name may be made of: what the pixel font draws, and the keys type.
NAME_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -"
# The address JOIN took, kept as bounded text: the JOIN screen checks its
# grammar (``game.online.address``) when it is used, so a file can hold
# nothing longer or stranger than this.
ADDRESS_SCHEMES = ("ws://", "wss://")
MOST_ADDRESS = 128


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
    # Several people at one machine: how many play (1: you against the computers), their
    # names as typed (PLAYER 1... for those not typed) and how they sit (``SEATINGS``).
    people: int = 1
    names: tuple[str, ...] = ()
    seating: str = "together"
    hints: bool | None = None
    # Online play: the last address JOIN took (``ws://HOST:PORT/ROOM``) and the
    # name given there (""; the first person's name). Left out while unchanged.
    join_address: str = ""
    online_name: str = ""
    keys: tuple[str, ...] = ()  # changed on KEYS: "play SPACE A" (``bindings``); left out while none

    def __post_init__(self) -> None:
        for name, check in CHECKS.items():
            value = getattr(self, name)
            if not check.accepts(value):
                raise ValueError(f"{name} must be {check.must_be}, not {value!r}")

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
        return self.hints if self.hints is not None else RULESETS[rules].hints

    def toggle_house(self, name: str) -> None:
        """Switch one house rule on or off (kept in ``HOUSE_RULES`` order)."""
        on = set(self.house) ^ {name}
        self.house = tuple(rule for rule in HOUSE_RULES if rule in on)

    @property
    def players(self) -> int:
        """Players at the table under these rules: you and the opponents
        the rule set has room for."""
        return players_for(self.rules, self.opponents)


def players_for(rules: str, opponents: int) -> int:
    """You and as many of ``opponents`` as the rule set seats (1991: one)."""
    most = RULESETS[rules].table_players - 1
    return 1 + max(1, min(opponents, most))


@dataclass(frozen=True)
class Check:
    """One setting's rule, as ``Settings`` holds the value (a tuple where
    the document has a list): ``accepts`` it, or it ``must_be`` this (in words)."""

    accepts: Callable[[Any], bool]
    must_be: str


def is_name(value: Any) -> bool:
    """A person's name: 1 to ``NAME_LENGTH`` of ``NAME_CHARACTERS``, no space at either end."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= NAME_LENGTH
        and all(c in NAME_CHARACTERS for c in value)
        and value.strip() == value
    )


def _is_whole(low: int, high: int) -> Callable[[Any], bool]:
    return lambda value: type(value) is int and low <= value <= high


def _is_one_of(choices: tuple[str, ...]) -> Callable[[Any], bool]:
    return lambda value: isinstance(value, str) and value in choices


def _is_house(value: Any) -> bool:
    return isinstance(value, tuple) and all(name in HOUSE_RULES for name in value) and len(set(value)) == len(value)


def _is_names(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) <= MOST_PEOPLE and all(is_name(name) for name in value)


def _is_address(value: Any) -> bool:
    return value == "" or (
        isinstance(value, str)
        and len(value) <= MOST_ADDRESS
        and value.startswith(ADDRESS_SCHEMES)
        and value.isascii()
        and value.isprintable()
        and " " not in value
    )


# Every setting's check, used when ``Settings`` is made and when a document is read.
CHECKS: dict[str, Check] = {
    "difficulty": Check(_is_one_of(DIFFICULTIES), f"one of {', '.join(DIFFICULTIES)}"),
    "sound": Check(lambda value: isinstance(value, bool), "True or False"),
    "rules": Check(_is_one_of(tuple(RULESETS)), f"a rule set of {', '.join(RULESETS)}"),
    "opponents": Check(_is_whole(1, MOST_OPPONENTS), f"1 to {MOST_OPPONENTS}"),
    "scoring": Check(_is_one_of(SCORINGS), f"one of {', '.join(SCORINGS)}"),
    "house": Check(_is_house, f"a tuple of names from {', '.join(HOUSE_RULES)}"),
    "people": Check(_is_whole(1, MOST_PEOPLE), f"1 to {MOST_PEOPLE}"),
    "names": Check(_is_names, f"a tuple of up to {MOST_PEOPLE} names"),
    "seating": Check(_is_one_of(SEATINGS), f"one of {', '.join(SEATINGS)}"),
    "hints": Check(lambda value: value is None or isinstance(value, bool), "True, False or None"),
    "join_address": Check(_is_address, f"a ws:// or wss:// address of up to {MOST_ADDRESS} characters"),
    "online_name": Check(lambda value: value == "" or is_name(value), f"a name of up to {NAME_LENGTH} characters"),
    "keys": Check(is_entries, f"a tuple of 'ACTION KEY BUTTON', one an action of {', '.join(ACTIONS)}, none doubled"),
}
# The settings the document keeps as lists and ``Settings`` as tuples.
TUPLES = ("house", "names", "keys")


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
            classic: LevelStats = getattr(self, difficulty)
            return classic
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


def _level_document(level: LevelStats) -> dict[str, int]:
    return {f.name: getattr(level, f.name) for f in fields(LevelStats)}


def dump(settings: Settings, stats: Stats) -> str:
    """The JSON text of the document."""
    section: dict[str, Any] = {name: _level_document(stats.level(name)) for name in DIFFICULTIES}
    document = {
        "version": VERSION,
        "settings": {
            f.name: _plain(getattr(settings, f.name))
            for f in fields(Settings)
            if f.name not in _LEFT_OUT or getattr(settings, f.name) != _LEFT_OUT[f.name]
        },
        "stats": section,
    }
    if stats.counted:
        section["counted"] = stats.counted
    if stats.tables:
        section["tables"] = {
            key: {name: _level_document(level) for name, level in levels.items()}
            for key, levels in sorted(stats.tables.items())
        }
    if stats.people:
        section["people"] = {
            name: {f.name: getattr(record, f.name) for f in fields(PersonStats)}
            for name, record in sorted(stats.people.items())
        }
    return json.dumps(document, indent=2, allow_nan=False) + "\n"


# Settings of several people and of online play, left out of the document while they are the default.
_LEFT_OUT = {"people": 1, "names": (), "seating": "together", "hints": None, "join_address": "", "online_name": ""}
_LEFT_OUT["keys"] = ()  # the 1991 keys


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


def read_document(text: object) -> Reading:
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


def fallback(reading: Reading) -> str:
    """What a warning says is used instead of a document not fully read."""
    return "using defaults for them" if reading.partial else "using defaults"


_MISSING = object()  # a key absent from the document (a null is a bad value)


def _decode(text: object) -> tuple[str | None, Any]:
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
    values = _read_fields(section, _DOCUMENT_CHECKS, "settings", bad)
    for name in TUPLES:
        if name in values:
            values[name] = tuple(values[name])
    return Settings(**values)


def _listed(accepts: Callable[[Any], bool]) -> Callable[[Any], bool]:
    """A tuple's check, for the list the document has instead."""
    return lambda value: isinstance(value, list) and accepts(tuple(value))


_DOCUMENT_CHECKS = {name: _listed(check.accepts) if name in TUPLES else check.accepts for name, check in CHECKS.items()}


def _read_stats(section: Any, bad: list[str]) -> Stats:
    if section is _MISSING:
        return Stats()
    if not isinstance(section, dict):
        bad.append(f"stats={_show(section)}")
        return Stats()
    levels: dict[str, Any] = dict(_read_levels(section, "stats", bad))
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
    kept: dict[str, dict[str, LevelStats]] = {}
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


def _read_levels(section: dict[str, Any], prefix: str, bad: list[str]) -> dict[str, LevelStats]:
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


def _read_fields(
    section: dict[str, Any], checks: Mapping[str, Callable[[Any], bool]], prefix: str, bad: list[str]
) -> dict[str, Any]:
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
    text = one_line(repr(value))
    return text if len(text) <= 40 else text[:37] + "..."


def one_line(value: Any) -> str:
    """``value`` as text on one line (its runs of white space one space each)."""
    return " ".join(str(value).split())
