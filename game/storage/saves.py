"""The match being played and the last finished matches, kept safe.

A saved match is one small JSON document: the engine's record, verbatim
(``Game.record()``, replayed with ``Game.replay``), and beside it what the
game needs to carry on that the record does not say::

    {"version": 1, "date": "2026-12-01 00:30", "rules": "1991", "players": 2,
     "scoring": null, "level": "normal", "computer_seed": 7, "match": 0,
     "moves": 42, "hand_counted": false, "result": null, "match_id": "3f9a1c0e7b2d",
     "record": "# UNO 1991 game record\\nrules 1991\\n..."}

``scoring`` is null for the rule set's own scoring; ``match`` counts the
matches of the run it was started in (the next match deals from seed +
match + 1); ``moves`` is how many actions (and new hands) the game has sent
the engine; ``hand_counted`` says whether a hand that is over has already
gone into the statistics; ``result`` is set once the match is finished
("you 512, computer 230"); ``match_id`` tells one match from another (the
statistics name the last hand counted by it; absent in older saves). The rule set and the number of players are read
from here, never assumed.

A match of several people at one machine adds ``names`` (every seat's, in
seat order: a person's name, "" for a computer) and ``viewer`` (the seat
the table was seen from when it was saved); a match of one person against
the computers has neither, as before. A finished online match adds
``shuffle`` (``game.online.verify`` checks it; older saves have none).

Where the match being played and the last finished ones are kept is the
``Store``'s business (``game.storage.store``); this module says what a saved
match holds and how its text is written (``dump``) and read (``parse``).
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from game.rules import Game
from game.rules.record import replaying
from game.rules.rulesets import RULESETS
from game.storage.safe_files import where_broken
from game.storage.settings import DIFFICULTIES, players_for
from game.storage.settings_document import one_line

VERSION = 1
MAX_TEXT = 1024 * 1024  # a match to 500 is a few KB; anything this big is not ours


@dataclass(frozen=True)
class SavedMatch:
    """A match as saved: the engine's record and the game's own facts."""

    record: str
    level: str
    computer_seed: int
    rules: str = "1991"
    players: int = 2
    scoring: str | None = None
    match: int = 0
    moves: int = 0
    hand_counted: bool = False
    date: str = ""
    result: str | None = None
    match_id: str = ""
    names: tuple[str, ...] = ()  # several people: each seat's name, "" for a computer
    viewer: int = 0  # several people: the seat the table was seen from
    # Royal Revenge: the scepter's timer as the last action left it, [frames
    # run, frames it runs for]; None otherwise (and not written: the other
    # rule sets' files are as before).
    scepter: list[int] | None = None
    # An online match: the shuffle the server revealed at its end, with what this seat was sent of it (the
    # commitment, its nonce, the hands it was shown), for ``python -m game.online.verify``; None otherwise.
    shuffle: dict[str, Any] | None = None

    def game(self) -> Game:
        """The engine's game, replayed from the record (ValueError if it does not)."""
        return Game.replay(self.record)

    @property
    def teams(self) -> bool:
        """Whether partners play the match (its record's table; a record that does not read: no)."""
        try:
            return next(replaying(Game, self.record)).teams  # the table, before its first action
        except ValueError:
            return False

    def finished(self, result: str) -> SavedMatch:
        return replace(self, result=result)

    def summary(self) -> str:
        """One line for a list: date, rule set, level, result."""
        return printable(f"{self.date}  {self.rules}  {self.level.upper()}  {self.result or 'unfinished'}")


def printable(text: str) -> str:
    """``text`` with what a terminal would obey (escape sequences, control
    characters) shown as "?": a file's facts are never printed raw."""
    return "".join(char if char.isprintable() else "?" for char in text)


def state_digest(game: Game) -> str:
    """A short fingerprint of the engine's whole state, to compare two games
    across processes (the scripted runs print it when a match is continued)."""
    return hashlib.sha256(repr(game.snapshot()).encode()).hexdigest()[:16]


def now(at: float | None = None) -> str:
    """The date of a saved match: now, or at ``at`` (seconds since the epoch), by this machine's clock."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(at))


# Left out when so, and so when absent: one person's saves, the other rule
# sets', and the saves of older versions (no match_id), read as before.
OPTIONAL = {"match_id": "", "names": (), "viewer": 0, "scepter": None, "shuffle": None}
MOST_NAME = 16  # characters in a saved name: an online table's (game.online.protocol.NAME_LENGTH), the longest


def dump(saved: SavedMatch) -> str:
    data = {key: value for key, value in asdict(saved).items() if OPTIONAL.get(key, object()) != value}
    if "names" in data:
        data["names"] = list(data["names"])
    return json.dumps({"version": VERSION, **data}, indent=1, allow_nan=False) + "\n"


_TYPES = {
    "record": str,
    "level": str,
    "computer_seed": int,
    "rules": str,
    "players": int,
    "scoring": (str, type(None)),
    "match": int,
    "moves": int,
    "hand_counted": bool,
    "date": str,
    "result": (str, type(None)),
    "match_id": str,
    "names": list,
    "viewer": int,
    "scepter": (list, type(None)),
    "shuffle": (dict, type(None)),
}


def parse(text: Any, replay: bool = True) -> SavedMatch:
    """A saved match from its text; ValueError saying why it cannot be used,
    including (unless ``replay`` is False, for a quick list) a record that
    does not replay or disagrees with its facts."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")  # a byte-order mark, as some editors write, is fine
        except UnicodeDecodeError:
            raise ValueError("not UTF-8 text (garbled)") from None
    if not isinstance(text, str):
        raise ValueError(f"unexpected {type(text).__name__} instead of text")
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise ValueError("empty")
    if len(text) > MAX_TEXT:
        raise ValueError(f"larger than {MAX_TEXT // 1024} KiB")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ValueError(f"not valid JSON, garbled or truncated{where_broken(error)}") from None
    if not isinstance(data, dict):
        raise ValueError(f"a JSON {type(data).__name__}, not an object")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise ValueError(f"version {_show(version)}, expected {VERSION}")
    values: dict[str, Any] = {}
    for f in fields(SavedMatch):
        if f.name in OPTIONAL and f.name not in data:
            continue
        value = data.get(f.name)
        kind = _TYPES[f.name]
        if type(value) not in (kind if isinstance(kind, tuple) else (kind,)):
            raise ValueError(f"bad {f.name}: {_show(value)}")
        values[f.name] = value
    if "names" in values:
        names = values["names"]
        if not all(isinstance(name, str) and len(name) <= MOST_NAME for name in names):
            raise ValueError(f"bad names: {_show(names)}")
        values["names"] = tuple(names)
    scepter = values.get("scepter")
    if scepter is not None and (len(scepter) != 2 or any(type(n) is not int or n < 0 for n in scepter)):
        raise ValueError(f"bad scepter: {_show(scepter)}")
    saved = SavedMatch(**values)
    _check(saved, replay)
    return saved


def _check(saved: SavedMatch, replay: bool) -> None:
    if saved.level not in DIFFICULTIES:
        raise ValueError(f"unknown level {_show(saved.level)}")
    if saved.rules not in RULESETS:
        raise ValueError(f"unknown rule set {_show(saved.rules)}")
    if min(saved.computer_seed, saved.match, saved.moves) < 0:
        raise ValueError("a negative seed or count")
    if saved.players < 2 or players_for(saved.rules, saved.players - 1) != saved.players:
        raise ValueError(f"{saved.players} players: the {saved.rules} table does not seat them")
    if not replay:
        return
    try:
        game = saved.game()
    except ValueError as error:
        raise ValueError(f"the record does not replay ({brief(error)})") from None
    if saved.names and (len(saved.names) != saved.players or not 0 <= saved.viewer < saved.players):
        raise ValueError(f"{len(saved.names)} names and viewer {saved.viewer} for {saved.players} players")
    if (game.rules.name, game.players) != (saved.rules, saved.players):
        raise ValueError(f"the record is {game.rules.name} for {game.players}, not {saved.rules} for {saved.players}")


def brief(value: Any) -> str:
    """``value`` on one line of at most 80 characters, for a warning."""
    text = one_line(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _show(value: Any) -> str:
    return brief(repr(value))[:40]
