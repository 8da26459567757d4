"""A room's table: the settings its creator chose (rules, players, people,
scoring, partners, house rules, the computers' level, the turn time), as
``check_table`` checks them from a hello, or from a room file."""

from __future__ import annotations

from typing import TypedDict, TypeGuard

from .. import ai
from ..rules import Game
from ..rules.rulesets import RULESETS
from .protocol import ProtocolError

DEFAULT_TURN_TIME = 30.0
TABLE_KEYS = ("rules", "players", "people", "scoring", "teams", "house", "level", "turn_time")


class TableSettings(TypedDict):
    """The creator's table, as ``check_table`` makes it (TABLE_KEYS)."""

    rules: str
    players: int
    people: int
    scoring: str
    teams: bool
    house: list[str]
    level: str
    turn_time: float


def check_table(table: object) -> TableSettings:
    """The creator's table settings, checked, with defaults filled in."""
    if not isinstance(table, dict):
        raise ProtocolError("table must be an object")
    unknown = sorted(set(table) - set(TABLE_KEYS))
    if unknown:
        raise ProtocolError(f"unknown table setting {unknown[0][:32]!r}: use {', '.join(TABLE_KEYS)}")
    rules = table.get("rules", "1991")
    if not isinstance(rules, str) or rules not in RULESETS:
        raise ProtocolError(f"rules must be one of {', '.join(RULESETS)}")
    players = _whole_setting(table, "players", 2)
    people = _whole_setting(table, "people", players)
    if not 1 <= people <= players:
        raise ProtocolError(f"people must be 1 to players ({players})")
    house = table.get("house", [])
    if not isinstance(house, list) or not all(isinstance(name, str) for name in house):
        raise ProtocolError("house must be a list of house rules' names")
    scoring = table.get("scoring", "points")
    if not isinstance(scoring, str):
        raise ProtocolError("scoring must be text")
    teams = table.get("teams", False)
    if not isinstance(teams, bool):
        raise ProtocolError("teams must be true or false")
    level = table.get("level", "normal")
    if not isinstance(level, str) or level not in ai.LEVELS:
        raise ProtocolError(f"level must be one of {', '.join(ai.LEVELS)}")
    turn_time = table.get("turn_time", DEFAULT_TURN_TIME)
    if not isinstance(turn_time, int | float) or isinstance(turn_time, bool) or not 0.1 <= turn_time <= 3600:
        raise ProtocolError("turn_time must be 0.1 to 3600 seconds")
    try:
        game = Game(rules=rules, players=players, seed=0, scoring=scoring, house=tuple(house), teams=teams)
    except ValueError as error:
        raise ProtocolError(str(error)) from None
    return {
        "rules": rules,
        "players": players,
        "people": people,
        "scoring": scoring,
        "teams": teams,
        "house": list(game.house),
        "level": level,
        "turn_time": float(turn_time),
    }


def _whole_setting(table: dict[str, object], key: str, default: int) -> int:
    value = table.get(key, default)
    if not whole(value):
        raise ProtocolError(f"{key} must be a whole number")
    return value


def whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
