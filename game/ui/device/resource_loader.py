"""Loading ``resources.pyxres`` in small steps, and only the parts a mode needs.

Why not ``pyxel.load``: pyxel 2.9.9 parses the whole TOML document into a
tree before it copies anything, whatever its ``exclude_*`` flags say. For our
file (219 KB of TOML, three 256 x 256 image banks written out number by
number) that tree costs about 15 MB of peak memory, more than half of what
pyxel itself needs, and the flags do not reduce it. The image banks themselves
are small (64 KB each, allocated by ``pyxel.init`` anyway).

So this module reads the file itself: the ``.pyxres`` is a zip holding one
TOML document (format_version 1) of ``[[images]]``, ``[[tilemaps]]``,
``[[sounds]]`` and ``[[musics]]`` tables whose values are integers or
arrays of integers, one value per line. Each value is read with
``json.loads`` (a TOML integer array is also JSON) only when it is needed, and
copied into pyxel's own banks. Rows of an image are stored trimmed: a row
ends with its last value repeated to the width, and the last row repeats to
the height (pyxel's ``compress_vec2``). Nothing is kept once copied.

* Constrained-memory mode loads the cards (image bank 0) and the table and
  menu sounds, and never touches the title art (bank 1), the title music or
  its three sounds.
* The normal mode loads the title art first (the loading screen shows it),
  then the rest in steps, one a frame, behind the loading screen's bar.

``tests/test_menus.py`` checks that every loaded pixel, note and sequence is
the same as ``pyxel.load`` gives. If the file is not what this reader expects
(another format version, say), ``load`` falls back to ``pyxel.load``.
"""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyxel

from game.ui.device import resources as res
from game.ui.device.assets import resource_file

TOML_NAME = "pyxel_resource.toml"
FORMAT_VERSION = 1
BANK_SIZE = 256
ROWS_PER_STEP = 64  # image rows copied in one loading step
# every sound but the title music's
TABLE_SOUNDS = tuple(n for n in range(max(res.SOUND_CHANNEL) + 1) if n not in res.TITLE_MUSIC_SOUNDS)
_HEX = bytes.maketrans(bytes(range(16)), b"0123456789abcdef")


class ResourceFormatError(ValueError):
    """The file is not a pyxres document this reader understands."""


def read_tables(path: Path) -> dict[str, list[dict[str, str]]]:
    """The document's tables by kind ("images", "sounds"...), each a dict of
    key -> the value's text, not yet decoded."""
    with zipfile.ZipFile(path) as archive:
        text = archive.read(TOML_NAME).decode("utf-8")
    tables: dict[str, list[dict[str, str]]] = {}
    current: dict[str, str] | None = None
    top: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[[") and line.endswith("]]"):
            current = {}
            tables.setdefault(line[2:-2].strip(), []).append(current)
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise ResourceFormatError(f"{path}: cannot read the line {line[:40]!r}")
        (top if current is None else current)[key.strip()] = value.strip()
    if top.get("format_version") != str(FORMAT_VERSION):
        raise ResourceFormatError(f"{path}: format_version {top.get('format_version')}, expected {FORMAT_VERSION}")
    return tables


def _ints(text: str) -> list:
    try:
        value = json.loads(text)
    except ValueError as error:
        raise ResourceFormatError(f"not an integer array: {text[:40]!r}") from error
    return value


def expand_rows(rows: list[list[int]], width: int, height: int) -> list[list[int]]:
    """Undo pyxel's trimming: pad each row with its last value, then the rows
    with the last row. An empty row counts as a row of zeros."""
    full = [(row or [0]) + [(row or [0])[-1]] * (width - len(row or [0])) for row in rows[:height]]
    if not full:
        full = [[0] * width]
    return full + [full[-1]] * (height - len(full))


def image_steps(table: dict[str, str], bank: int) -> list[Callable[[], None]]:
    """Steps that copy one image table into pyxel's image bank ``bank``."""
    width, height = int(table["width"]), int(table["height"])
    if not (0 < width <= BANK_SIZE and 0 < height <= BANK_SIZE):
        raise ResourceFormatError(f"image {bank} is {width} x {height}")
    rows: list[list[int]] = []

    def decode() -> None:
        rows.extend(expand_rows(_ints(table["data"]), width, height))

    def copy(first: int) -> Callable[[], None]:
        def step() -> None:
            chunk = rows[first : first + ROWS_PER_STEP]
            lines = [bytes(row).translate(_HEX).decode("ascii") for row in chunk]
            pyxel.images[bank].set(0, first, lines)
            if first + ROWS_PER_STEP >= height:
                rows.clear()

        return step

    return [decode] + [copy(first) for first in range(0, height, ROWS_PER_STEP)]


def fill(sequence: Any, values: list) -> None:
    """Make one of pyxel's sequences (a sound's notes, a music's channels)
    hold ``values``: by slice assignment where the runtime takes it (2.9),
    else by its ``from_list`` (Pyxel 2.6's sequences take one index only)."""
    try:
        sequence[:] = values
    except TypeError:
        sequence.from_list(values)


def sound_step(tables: list[dict[str, str]], numbers: tuple[int, ...]) -> Callable[[], None]:
    def step() -> None:
        for number in numbers:
            if number >= len(tables):
                continue
            table, sound = tables[number], pyxel.sounds[number]
            fill(sound.notes, _ints(table.get("notes", "[]")))
            fill(sound.tones, _ints(table.get("tones", "[]")))
            fill(sound.volumes, _ints(table.get("volumes", "[]")))
            fill(sound.effects, _ints(table.get("effects", "[]")))
            sound.speed = int(table.get("speed", "30"))

    return step


def music_step(tables: list[dict[str, str]], number: int) -> Callable[[], None]:
    def step() -> None:
        fill(pyxel.musics[number].seqs, _ints(tables[number]["seqs"]))

    return step


class Loader:
    """What to load for a mode, as a list of steps to run one at a time.

    ``title_art()`` loads what the loading screen shows before its first
    frame (normal mode only); ``steps`` is the rest, in order.
    """

    def __init__(self, low_memory: bool, path: Path | None = None) -> None:
        self.low_memory = low_memory
        self.path = path = resource_file() if path is None else path
        self.fallback = False
        try:
            self._tables = read_tables(path)
            self.steps = self._plan()
        except (ResourceFormatError, KeyError, ValueError, OSError):
            self.fallback = True  # not our format: let pyxel read it, all of it
            self.steps = [self._pyxel_load]
        self.done = 0

    def _plan(self) -> list[Callable[[], None]]:
        tables = self._tables
        steps = image_steps(tables["images"][res.CARD_BANK], res.CARD_BANK)
        steps.append(sound_step(tables.get("sounds", []), TABLE_SOUNDS))
        if not self.low_memory:
            steps.append(sound_step(tables.get("sounds", []), res.TITLE_MUSIC_SOUNDS))
            steps.append(music_step(tables["musics"], res.MUSIC_TITLE))
        return steps

    def _pyxel_load(self) -> None:
        pyxel.load(str(self.path))

    def title_art(self) -> None:
        """Load the title art (image bank 1) for the loading screen."""
        if self.fallback:
            self._pyxel_load()
            self.done = len(self.steps)
            return
        if pyxel.images[res.TITLE_BANK].width < pyxel.IMAGE_SIZE:  # a constrained-memory App ran in this process
            pyxel.images[res.TITLE_BANK] = pyxel.Image(pyxel.IMAGE_SIZE, pyxel.IMAGE_SIZE)
        for step in image_steps(self._tables["images"][res.TITLE_BANK], res.TITLE_BANK):
            step()

    @property
    def finished(self) -> bool:
        return self.done >= len(self.steps)

    @property
    def progress(self) -> float:
        return self.done / len(self.steps) if self.steps else 1.0

    def step(self) -> None:
        """Run the next step, if any."""
        if not self.finished:
            self.steps[self.done]()
            self.done += 1

    def finish(self) -> None:
        while not self.finished:
            self.step()
        self._tables = {}  # the document's text is no longer needed

    def load_all(self) -> None:
        """Everything this mode needs, at once (constrained-memory mode)."""
        self.finish()
        if self.low_memory:
            # pyxel.init made bank 1; the title art never goes there. A 1 x 1
            # image in its place frees its 64 KB and makes any use visible.
            pyxel.images[res.TITLE_BANK] = pyxel.Image(1, 1)
