"""The settings' document as text: ``dump`` writes it, ``read_document``
reads it (the values themselves: ``settings``).

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
from dataclasses import dataclass, fields
from typing import Any

from game.storage.safe_files import where_broken
from game.storage.settings import (
    CHECKS,
    CLASSIC_TABLE,
    DIFFICULTIES,
    MAX_COUNT,
    MAX_COUNTED,
    MAX_TEXT,
    TUPLES,
    VERSION,
    LevelStats,
    PersonStats,
    Settings,
    Stats,
    is_name,
    is_table_key,
)


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


# A set of one's own house rules, partners, several people, online play, COLOUR SIGNS and KEYS: left out of
# the document while the default.
_LEFT_OUT = {
    "own_house": (),
    "teams": False,
    "people": 1,
    "names": (),
    "seating": "together",
    "hints": None,
    "join_address": "",
    "online_name": "",
    "colour_signs": False,
    "keys": (),  # the 1991 keys
}


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


def _object(value: Any, where: str, bad: list[str]) -> dict[str, Any] | None:
    """A section of the document, a JSON object; None when it is missing or
    is something else (then noted in ``bad``): its default is used instead."""
    if value is _MISSING:
        return None
    if not isinstance(value, dict):
        bad.append(f"{where}={_show(value)}")
        return None
    return value


def _read_settings(value: Any, bad: list[str]) -> Settings:
    section = _object(value, "settings", bad)
    if section is None:
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


def _read_stats(value: Any, bad: list[str]) -> Stats:
    section = _object(value, "stats", bad)
    if section is None:
        return Stats()
    levels: dict[str, Any] = dict(_read_levels(section, "stats", bad))
    counted = section.get("counted", "")
    if not isinstance(counted, str) or len(counted) > MAX_COUNTED:
        bad.append(f"stats.counted={_show(counted)}")
        counted = ""
    people = _read_people(section.get("people", {}), bad)
    if people:
        levels["people"] = people
    tables = _object(section.get("tables", _MISSING), "stats.tables", bad)
    if tables is None:
        return Stats(**levels, counted=counted)
    kept: dict[str, dict[str, LevelStats]] = {}
    for key, table in tables.items():
        if not is_table_key(key) or key == CLASSIC_TABLE:
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
