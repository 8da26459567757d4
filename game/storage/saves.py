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
the computers has neither, as before.

Where (``open_saves``):

* the desktop: ``uno1991-match.json`` beside the settings, and the last 20
  finished matches as ``replays/YYYYMMDD-HHMMSS-N.json`` there too; each
  written atomically (``game.storage.safe_files``);
* the browser: the page's localStorage, under ``uno1991.match`` and
  ``uno1991.replays`` (a JSON list of the last 20);
* scripted runs without a data directory: memory only (``MemorySaves``).

A saved match that cannot be continued (empty, truncated, garbled, another
version, a record that does not replay) is never deleted: it is kept aside
with a timestamp, like a bad settings file, and one warning says why.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import time
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.rules import Game
from game.rules.rulesets import RULESETS
from game.storage.safe_files import keep_aside, keep_item_aside, stored_text, timestamp, where_broken, write_atomically
from game.storage.settings import DIFFICULTIES, players_for

VERSION = 1
MATCH_FILE = "uno1991-match.json"
REPLAYS_FOLDER = "replays"
MATCH_KEY = "uno1991.match"
REPLAYS_KEY = "uno1991.replays"
KEEP_REPLAYS = 20
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

    def game(self) -> Game:
        """The engine's game, replayed from the record (ValueError if it does not)."""
        return Game.replay(self.record)

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
OPTIONAL = {"match_id": "", "names": (), "viewer": 0, "scepter": None}
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
    values = {}
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
        raise ValueError(f"the record does not replay ({_one_line(error)})") from None
    if saved.names and (len(saved.names) != saved.players or not 0 <= saved.viewer < saved.players):
        raise ValueError(f"{len(saved.names)} names and viewer {saved.viewer} for {saved.players} players")
    if (game.rules.name, game.players) != (saved.rules, saved.players):
        raise ValueError(f"the record is {game.rules.name} for {game.players}, not {saved.rules} for {saved.players}")


def _one_line(value: Any) -> str:
    text = " ".join(str(value).split())
    return text if len(text) <= 80 else text[:77] + "..."


def _show(value: Any) -> str:
    return _one_line(repr(value))[:40]


def _warning(source: str, problem: str, aside: str | None) -> str:
    kept = f"it is kept as {aside}" if aside else "it is left where it is"
    return f"warning: the saved match in {source} cannot be continued: {problem}; {kept}"


# ----- where saves are kept -------------------------------------------------------


class Saves:
    """The match being played (``load``, ``save``, ``clear``) and the last
    finished ones (``keep_finished``, ``finished``). A store says how to read,
    write, remove and keep aside its match text and its list of finished
    matches; ``load`` and ``save`` never raise, they return a warning line.

    Nothing is written over what could not be read: a saved match that
    cannot be read is kept aside first, or, if even that fails, nothing is
    saved over it this run (``read_only``). ``problems``: warnings about
    replays found unusable while listing them, for the caller to show."""

    source = ""

    def __init__(self) -> None:
        self.read_only = False
        self.problems: list[str] = []

    def load(self) -> tuple[SavedMatch | None, str | None]:
        """The saved match, or None (with a warning if there was a bad one,
        which is then kept aside)."""
        self.read_only = False
        try:
            text = self._read_match()
        except Exception as error:  # OSError; JavaScript errors in the browser
            return None, self.set_aside(f"cannot be read ({_one_line(error)})")
        if text is None:
            return None, None
        try:
            return parse(text), None
        except ValueError as error:
            return None, self.set_aside(str(error))

    def set_aside(self, problem: str) -> str:
        """Keep the saved match aside, as it cannot be continued (``problem``
        says why); the warning that says so and where it is now. If it
        cannot be moved, no match is saved over it this run."""
        try:
            aside = self._keep_match_aside("unreadable")
        except Exception as error:
            self.read_only = True
            why = f"{problem}; and it cannot be moved ({_one_line(error)}), so no match is saved over it this run"
            return _warning(self.source, why, None)
        return _warning(self.source, problem, aside)

    def save(self, saved: SavedMatch) -> str | None:
        if self.read_only:
            return None  # said at load
        try:
            self._write_match(dump(saved))
        except Exception as error:
            return f"warning: the match cannot be saved in {self.source} ({_one_line(error)}); the last save is kept"
        return None

    def clear(self) -> None:
        """The match is finished (and kept for replays) or left by choice:
        nothing to continue."""
        if self.read_only:
            return
        try:
            self._remove_match()
        except Exception as error:
            print(f"warning: the saved match in {self.source} cannot be removed ({_one_line(error)})", file=sys.stderr)

    def keep_finished(self, saved: SavedMatch) -> str | None:
        """Add a finished match to the replays, keeping the last ``KEEP_REPLAYS``;
        None once it is safely written (then the caller may ``clear``). If it
        cannot be, the saved match is kept aside instead, never dropped, and
        the warning says where."""
        try:
            for key, text in self._waiting():  # matches that could not be kept before, oldest first
                self._add_finished(text)
                self._forget_waiting(key)
            kept = self.finished()
            if kept and kept[0].record == saved.record:
                return None  # kept already (the game was stopped before it cleared the match)
            self._add_finished(dump(saved))
        except Exception as error:
            return self._keep_waiting(saved, f"the finished match cannot be kept for replays ({_one_line(error)})")
        return None

    def _keep_waiting(self, saved: SavedMatch, problem: str) -> str:
        """The finished match, with its result, kept aside where the match
        is saved until the replays can take it (the next ``keep_finished``)."""
        if self.read_only:
            return f"warning: {problem}; nothing is saved over {self.source} this run"
        with contextlib.suppress(Exception):  # a full disk: then the last save, one move short, is kept
            self._write_match(dump(saved))
        try:
            aside = self._keep_match_aside("finished")
        except Exception:
            return f"warning: {problem}; it stays in {self.source}"
        return f"warning: {problem}; it is kept as {aside} until it can be"

    def finished(self) -> list[SavedMatch]:
        """The finished matches kept, newest first (unreadable ones skipped)."""
        try:
            texts = [text for _, text in reversed(self._waiting())] + self._finished_texts()
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
        problems, self.problems = self.problems, []
        return problems

    def _read_match(self) -> Any:
        raise NotImplementedError

    def _write_match(self, text: str) -> None:
        raise NotImplementedError

    def _remove_match(self) -> None:
        raise NotImplementedError

    def _keep_match_aside(self, label: str) -> str:
        raise NotImplementedError

    def _add_finished(self, text: str | bytes) -> None:
        raise NotImplementedError

    def _finished_texts(self) -> list[Any]:
        raise NotImplementedError

    def _waiting(self) -> list[tuple[Any, str]]:
        """Finished matches kept aside because the replays could not take
        them: (where, text), oldest first. None but on the desktop."""
        return []

    def _forget_waiting(self, key: Any) -> None:
        raise NotImplementedError


class FileSaves(Saves):
    """``directory/uno1991-match.json`` and ``directory/replays/*.json``.

    A replay is named ``match-NUMBER-YYYYMMDD-HHMMSS.json``: the number is
    one more than the highest kept, so the replays are ordered (and the
    oldest removed) by a count that only grows, never by the clock, which
    may be wrong (a computer without a real-time clock). Replays named by
    older versions (``YYYYMMDD-HHMMSS-N.json``) count as older than any."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        super().__init__()
        self.directory = Path(directory)
        self.path = self.directory / MATCH_FILE
        self.replays = self.directory / REPLAYS_FOLDER
        self.source = str(self.path)

    def _read_match(self) -> bytes | None:
        try:
            return read_limited(self.path, MAX_TEXT)
        except FileNotFoundError:
            return None

    def _write_match(self, text: str) -> None:
        write_atomically(self.path, text.encode("utf-8"))

    def _remove_match(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)

    def _keep_match_aside(self, label: str) -> str:
        return str(keep_aside(self.path, label))

    def _add_finished(self, text: str | bytes) -> None:
        kept = self._readable_replays()
        number = 1 + max((_replay_order(path)[2] for path, _ in kept), default=0)
        path = self.replays / f"match-{number:06d}-{timestamp()}.json"
        write_atomically(path, text if isinstance(text, bytes) else text.encode("utf-8"))
        for old, _ in kept[KEEP_REPLAYS - 1 :]:  # the oldest readable ones, past the last 20
            old.unlink()

    def _replay_files(self) -> list[Path]:
        """Newest first (by number; the names of older versions by date)."""
        if not self.replays.is_dir():
            return []
        files = [path for path in self.replays.glob("*.json") if not path.name.startswith(".")]
        return sorted(files, key=_replay_order, reverse=True)

    def _readable_replays(self) -> list[tuple[Path, bytes]]:
        """The replays and their texts, newest first. One that cannot be
        read or used (too large, not a file, garbled) is kept aside with a
        timestamp and reported in ``problems``, so it takes none of the 20
        places; one that cannot be moved is left as it is, and never removed."""
        kept = []
        for path in self._replay_files():
            try:
                text = read_limited(path, MAX_TEXT)
                parse(text, replay=False)
            except (OSError, ValueError) as error:
                self.problems.append(self._replay_aside(path, _one_line(error)))
                continue
            kept.append((path, text))
        return kept

    def _replay_aside(self, path: Path, problem: str) -> str:
        try:
            aside = keep_aside(path, "unreadable").name
        except OSError as error:
            return f"warning: the replay {path} cannot be used: {problem}; it cannot be moved ({_one_line(error)})"
        return f"warning: the replay {path} cannot be used: {problem}; it is kept as {aside}"

    def _finished_texts(self) -> list[bytes]:
        return [text for _, text in self._readable_replays()]

    def _waiting(self) -> list[tuple[Path, bytes]]:
        paths = sorted(self.directory.glob(f"{MATCH_FILE}.finished-*"))
        waiting = []
        for path in paths:
            with contextlib.suppress(OSError):
                waiting.append((path, read_limited(path, MAX_TEXT)))
        return waiting

    def _forget_waiting(self, path: Path) -> None:
        path.unlink()


def read_limited(path: Path, most: int) -> bytes:
    """A regular file's bytes, checked before it is read: OSError for a
    folder, a pipe or a device, ValueError for more than ``most`` bytes."""
    with open(path, "rb", opener=_open_no_wait) as file:
        info = os.fstat(file.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path.name} is not a regular file")
        if info.st_size > most:
            raise ValueError(f"{info.st_size // 1024} KiB, larger than {most // 1024} KiB")
        return file.read(most + 1)


def _open_no_wait(path: str, flags: int) -> int:
    """Open without blocking on a FIFO that no one writes to."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def _replay_order(path: Path) -> tuple[int, str, int]:
    """``match-NUMBER-...``: (1, "", NUMBER); older names ``DATE-TIME-N``: (0, "DATE-TIME", N)."""
    words = path.stem.split("-")
    if words[0] == "match" and len(words) > 1 and words[1].isdecimal():
        return 1, "", int(words[1])
    stem, _, number = path.stem.rpartition("-")
    return 0, stem, int(number) if number.isdecimal() else 0


class BrowserSaves(Saves):
    """The page's localStorage: the match under ``uno1991.match``, the
    finished ones as a JSON list (newest first) under ``uno1991.replays``."""

    def __init__(self, storage: Any = None) -> None:
        super().__init__()
        self.storage = storage
        self.source = f"localStorage[{MATCH_KEY!r}]"

    def _storage(self) -> Any:
        if self.storage is None:
            import js  # Pyodide only

            self.storage = js.window.localStorage
        return self.storage

    def _read_match(self) -> Any:
        return stored_text(self._storage().getItem(MATCH_KEY))

    def _write_match(self, text: str) -> None:
        self._storage().setItem(MATCH_KEY, text)

    def _remove_match(self) -> None:
        self._storage().removeItem(MATCH_KEY)

    def _keep_match_aside(self, label: str) -> str:
        storage = self._storage()
        aside = keep_item_aside(storage, MATCH_KEY, label)
        storage.removeItem(MATCH_KEY)
        return f"localStorage[{aside!r}]"

    def _add_finished(self, text: str) -> None:
        texts = [text, *self._finished_texts()][:KEEP_REPLAYS]
        self._storage().setItem(REPLAYS_KEY, json.dumps(texts))

    def _finished_texts(self) -> list[Any]:
        stored = stored_text(self._storage().getItem(REPLAYS_KEY))
        try:
            texts = json.loads(stored) if isinstance(stored, str) else []
        except ValueError:
            return []
        return texts if isinstance(texts, list) else []


class MemorySaves(Saves):
    """For this run only (scripted runs without a data directory, tests)."""

    source = "memory"

    def __init__(self) -> None:
        super().__init__()
        self.match: str | None = None
        self.replays: list[str] = []

    def _read_match(self) -> str | None:
        return self.match

    def _write_match(self, text: str) -> None:
        self.match = text

    def _remove_match(self) -> None:
        self.match = None

    def _keep_match_aside(self, label: str) -> str:
        self.match = None
        return "nowhere (memory)"

    def _add_finished(self, text: str) -> None:
        self.replays = [text, *self.replays][:KEEP_REPLAYS]

    def _finished_texts(self) -> list[str]:
        return list(self.replays)


def open_saves(directory: str | os.PathLike[str]) -> FileSaves | BrowserSaves:
    """localStorage in the browser, files in ``directory`` elsewhere."""
    if sys.platform == "emscripten":
        return BrowserSaves()
    return FileSaves(directory)
