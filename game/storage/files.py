"""The desktop's backend: files in the data folder, each written atomically.

* ``uno1991.json``: the settings and statistics;
* ``uno1991-match.json``: the match being played;
* ``replays/match-NUMBER-YYYYMMDD-HHMMSS.json``: the last 20 finished ones;
* ``uno1991-match.json.finished-TIMESTAMP``: a finished match waiting for
  the replays to take it (they could not when it finished).

A file that cannot be used is renamed with a timestamp
(``uno1991.json.unreadable-20261201-003000``), never over another file
(``game.storage.safe_files``).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from game.storage.backend import KEEP_REPLAYS, MATCH, SETTINGS, Text
from game.storage.safe_files import keep_aside, read_limited, timestamp, write_atomically
from game.storage.saves import MAX_TEXT as MAX_MATCH
from game.storage.saves import brief, parse
from game.storage.settings import MAX_TEXT as MAX_SETTINGS

FILENAME = "uno1991.json"
MATCH_FILE = "uno1991-match.json"
REPLAYS_FOLDER = "replays"
FILES = {SETTINGS: FILENAME, MATCH: MATCH_FILE}


class Files:
    """The files of ``directory``: the settings, the match being played and the replays.

    A replay is named ``match-NUMBER-YYYYMMDD-HHMMSS.json``: the number is
    one more than the highest kept, so the replays are ordered (and the
    oldest removed) by a count that only grows, never by the clock, which
    may be wrong (a computer without a real-time clock). Replays named by
    older versions (``YYYYMMDD-HHMMSS-N.json``) count as older than any."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self._directory = Path(directory)
        self.replays = self._directory / REPLAYS_FOLDER
        self._problems: list[str] = []

    @property
    def directory(self) -> Path:
        return self._directory

    def path(self, name: str) -> Path:
        return self._directory / FILES[name]

    def source(self, name: str) -> str:
        return str(self.path(name))

    def read(self, name: str) -> bytes | None:
        """The settings' first bytes past their limit (the document says it
        is too large); a saved match, checked first (never a pipe that
        blocks, never a huge file read whole)."""
        try:
            if name == MATCH:
                return read_limited(self.path(name), MAX_MATCH)
            with open(self.path(name), "rb") as file:
                return file.read(MAX_SETTINGS + 1)
        except FileNotFoundError:
            return None

    def write(self, name: str, text: str) -> None:
        write_atomically(self.path(name), text.encode("utf-8"))

    def remove(self, name: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path(name))

    def keep_aside(self, name: str, label: str, brief: bool = False) -> str:
        """Briefly, by its file name alone: it is in the same folder, and the
        warning must fit on the title screen with its reason."""
        aside = keep_aside(self.path(name), label)
        return f"{aside.name} beside it" if brief else str(aside)

    def add_finished(self, text: Text) -> None:
        kept = self._readable_replays()
        number = 1 + max((_replay_order(path)[2] for path, _ in kept), default=0)
        path = self.replays / f"match-{number:06d}-{timestamp()}.json"
        write_atomically(path, text if isinstance(text, bytes) else text.encode("utf-8"))
        for old, _ in kept[KEEP_REPLAYS - 1 :]:  # the oldest readable ones, past the last 20
            old.unlink()

    def finished_texts(self) -> list[object]:
        return [text for _, text in self._readable_replays()]

    def _replay_files(self) -> list[Path]:
        """Newest first (by number; the names of older versions by date)."""
        if not self.replays.is_dir():
            return []
        files = [path for path in self.replays.glob("*.json") if not path.name.startswith(".")]
        return sorted(files, key=_replay_order, reverse=True)

    def _readable_replays(self) -> list[tuple[Path, bytes]]:
        """The replays and their texts, newest first. One that cannot be
        read or used (too large, not a file, garbled) is kept aside with a
        timestamp and reported in the problems, so it takes none of the 20
        places; one that cannot be moved is left as it is, and never removed."""
        kept = []
        for path in self._replay_files():
            try:
                text = read_limited(path, MAX_MATCH)
                parse(text, replay=False)
            except (OSError, ValueError) as error:
                self._problems.append(self._replay_aside(path, brief(error)))
                continue
            kept.append((path, text))
        return kept

    def _replay_aside(self, path: Path, problem: str) -> str:
        try:
            aside = keep_aside(path, "unreadable").name
        except OSError as error:
            return f"warning: the replay {path} cannot be used: {problem}; it cannot be moved ({brief(error)})"
        return f"warning: the replay {path} cannot be used: {problem}; it is kept as {aside}"

    def waiting(self) -> list[tuple[str, Text]]:
        paths = sorted(self._directory.glob(f"{MATCH_FILE}.finished-*"))
        waiting: list[tuple[str, Text]] = []
        for path in paths:
            with contextlib.suppress(OSError):
                waiting.append((str(path), read_limited(path, MAX_MATCH)))
        return waiting

    def forget_waiting(self, where: str) -> None:
        os.unlink(where)

    def take_problems(self) -> list[str]:
        problems, self._problems = self._problems, []
        return problems


def _replay_order(path: Path) -> tuple[int, str, int]:
    """``match-NUMBER-...``: (1, "", NUMBER); older names ``DATE-TIME-N``: (0, "DATE-TIME", N)."""
    words = path.stem.split("-")
    if words[0] == "match" and len(words) > 1 and words[1].isdecimal():
        return 1, "", int(words[1])
    stem, _, number = path.stem.rpartition("-")
    return 0, stem, int(number) if number.isdecimal() else 0
