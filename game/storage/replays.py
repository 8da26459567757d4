"""Finished matches to watch again: a record split into its moves, and the
file ``--export-last`` writes and ``--replay`` reads.

The record format (docs/records.md) is a header (the engine's
``HEADER_KEYS``: ``rules``, ``players``, ``seed``...) and then one move a
line, ``next`` dealing the next hand; lines starting with ``#`` are
comments. A replay only cuts the record after its header and after each
move, and lets ``Game.replay`` rebuild each position, so any rule set the
engine records replays here unchanged.

An exported match is its record, verbatim, after comment lines that keep
the game's own facts (``# level normal``, ``# result won you 512, computer
230``...): still a record that ``Game.replay`` reads, and one that
``--replay`` reads back with its facts.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from game.rules import Game
from game.rules.record import HEADER_KEYS
from game.storage.safe_files import read_limited
from game.storage.saves import SavedMatch, parse, printable

FACTS = ("date", "level", "computer_seed", "scoring", "result")
MAX_FILE = 1024 * 1024


def split_record(record: str) -> tuple[str, list[str]]:
    """The header (with its comments) and the moves, in order."""
    header: list[str] = []
    moves: list[str] = []
    for line in record.splitlines():
        stripped = line.strip()
        key = stripped.partition(" ")[0]
        if not moves and (not stripped or stripped.startswith("#") or key in HEADER_KEYS):
            header.append(line)
        elif stripped and not stripped.startswith("#"):
            moves.append(stripped)
    return "\n".join(header) + "\n", moves


def position(header: str, moves: list[str], count: int) -> Game:
    """The game after the first ``count`` moves."""
    return Game.replay(header + "".join(move + "\n" for move in moves[:count]))


def export_text(saved: SavedMatch) -> str:
    """A finished match as a record file: its facts as comments, then the record."""
    facts = [f"# {name} {getattr(saved, name)}" for name in FACTS if getattr(saved, name) is not None]
    if saved.names:  # a match of several people: every seat's name ("" for a computer)
        facts.append(f"# names {','.join(saved.names)}")
    return "# UNO 1991 match, exported\n" + "\n".join(facts) + "\n" + saved.record


def read_replay_file(path: Path) -> SavedMatch:
    """A match to watch from a file: a saved match (JSON) or a record, with
    or without the facts ``export_text`` writes. ValueError (or OSError)
    saying why it cannot be watched."""
    data = read_limited(path, MAX_FILE)  # never a pipe that blocks, never a huge file read whole
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text, not a record") from None
    if text.lstrip().startswith("{"):
        return parse(text)
    game = Game.replay(text)  # ValueError naming the bad line
    facts = _facts(text)
    return SavedMatch(
        record=text,
        level=facts.get("level", "normal"),
        computer_seed=int(facts["computer_seed"]) if facts.get("computer_seed", "").isdecimal() else 0,
        rules=game.rules.name,
        players=game.players,
        date=facts.get("date", printable(path.name)),
        result=facts.get("result"),
        names=_names(facts.get("names"), game.players),
    )


def _names(text: str | None, players: int) -> tuple[str, ...]:
    """The ``# names`` fact: every seat's name, or () if absent or not one per seat."""
    names = tuple(name.strip() for name in text.split(",")) if text else ()
    return names if len(names) == players and any(names) and all(len(n) <= 12 for n in names) else ()


def _facts(text: str) -> dict[str, str]:
    known = {f.name for f in fields(SavedMatch)}
    facts = {}
    for line in text.splitlines():
        if line.startswith("# "):
            name, _, value = line[2:].partition(" ")
            if name in known and (name in FACTS or name == "names"):
                facts[name] = printable(value.strip())  # shown and printed: no escape sequences
    return facts
