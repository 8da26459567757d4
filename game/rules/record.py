"""Game records: a match as text that replays exactly.

    # UNO 1991 game record
    rules standard
    players 4
    seed 1234
    scoring tally        (only when not the default, points)
    teams on             (only when partners play)
    house stacking jump_in   (only when house rules are on)
    starter 0            (only when the first starter was fixed)
    deck R7 G3 ... W+4   (only when the first deck was stacked; top first)
    play R7
    draw
    pass
    @2 catch             (an action out of turn, with its seat)
    fanfare              (Royal Revenge: the scepter's fanfare)
    next                 (deal the next hand)

Lines starting with ``#`` and blank lines are ignored. ``docs/records.md``
describes the format in full.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

from .common import RuleSet
from .events import Event


class Recorded(Protocol):
    """What a record is written from and replayed into (``game.Game``), typed
    here so that this module does not import ``game.py``, which imports it."""

    rules: RuleSet
    players: int
    seed: int
    scoring: str
    teams: bool
    house: tuple[str, ...]
    _first_starter: int | None
    _stacked: tuple[str, ...] | None
    _actions: list[str] | None

    def act(self, text: str, seat: int | None = None) -> list[Event]: ...
    def next_hand(self) -> list[Event]: ...


R = TypeVar("R", bound=Recorded)

TITLE = "# UNO 1991 game record"
HEADER_KEYS = ("rules", "players", "seed", "scoring", "teams", "house", "starter", "deck")


def write_record(game: Recorded) -> str:
    lines = [TITLE, f"rules {game.rules.name}", f"players {game.players}", f"seed {game.seed}"]
    if game.scoring != "points":
        lines.append(f"scoring {game.scoring}")
    if game.teams:
        lines.append("teams on")
    if game.house:
        lines.append("house " + " ".join(game.house))
    if game._first_starter is not None:
        lines.append(f"starter {game._first_starter}")
    if game._stacked is not None:
        lines.append("deck " + " ".join(game._stacked))
    assert game._actions is not None, "a game set up from a view has no record"
    lines += game._actions
    return "\n".join(lines) + "\n"


def read_record(game_class: Callable[..., R], text: str) -> R:
    *_, game = replaying(game_class, text)  # (the game before its first action, at least)
    return game


def replaying(game_class: Callable[..., R], text: str) -> Iterator[R]:
    """The record's game as it stands before its first action, then after
    each (the same game, moved on): what a seat was shown at any move
    can be compared with the record (``game.online.verify``)."""
    if not isinstance(text, str):
        raise ValueError(f"a game record is text, not {type(text).__name__}")
    header: dict[str, tuple[int, str]] = {}
    game = None
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if game is None and key in HEADER_KEYS:
            if key in header:
                raise ValueError(f"record line {number}: {key!r} given twice")
            header[key] = (number, value.strip())
            continue
        if game is None:
            game = _new_game(game_class, header, number)
            yield game
        try:
            if line == "next":
                game.next_hand()
            elif line.startswith("@"):
                game.act(value, seat=_seat(key[1:]))
            else:
                game.act(line)
        except ValueError as error:
            raise ValueError(f"record line {number}: {line!r}: {error}") from None
        yield game
    if game is None:
        yield _new_game(game_class, header, len(text.splitlines()) + 1)


def _new_game(game_class: Callable[..., R], header: dict[str, tuple[int, str]], number: int) -> R:
    if "rules" not in header:
        raise ValueError(f"record line {number}: the record has no 'rules' line before its first action")
    options: dict[str, Any] = {"rules": header["rules"][1]}
    for key in ("players", "seed", "starter"):
        if key in header:
            line, value = header[key]
            try:
                options[key] = int(value)
            except ValueError:
                raise ValueError(f"record line {line}: {key} must be a whole number, not {value!r}") from None
    if "scoring" in header:
        options["scoring"] = header["scoring"][1]
    if "teams" in header:
        line, value = header["teams"]
        if value not in ("on", "off"):
            raise ValueError(f"record line {line}: teams must be on or off, not {value!r}")
        options["teams"] = value == "on"
    if "house" in header:
        options["house"] = tuple(header["house"][1].split())
    if "deck" in header:
        options["deck"] = header["deck"][1].split()
    try:
        return game_class(**options)
    except ValueError as error:
        line = min(n for n, _ in header.values()) if header else number
        raise ValueError(f"record line {line}: {error}") from None


def _seat(text: str) -> int:
    if not text.isdigit():
        raise ValueError(f"an action out of turn starts with @ and a seat number, not @{text}")
    return int(text)
