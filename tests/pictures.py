"""Pictures compared pixel for pixel: the PNGs that Pyxel and its stand-in
write (8-bit RGB), read without an image library; and the words a picture
shows in Pyxel's font, read from its pixels."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

# Pyxel's font as the real Pyxel draws it (tools/pyxel_data.py takes it; tests/test_pyxel_standin.py keeps it current).
PYXEL_DATA = Path(__file__).resolve().parents[1] / "tools" / "pyxel_standin" / "pyxel" / "pyxel_data.json"
SHOT_SCALE = 2  # a shot's pixels per screen pixel


def read_png(path: Path) -> tuple[int, int, list[bytes]]:
    """A PNG's size and its rows of RGB pixels (8-bit RGB, as Pyxel and the stand-in write)."""
    data = path.read_bytes()
    position, chunks = 8, b""
    width = height = 0
    while position < len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind, body = data[position + 4 : position + 8], data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (depth, colour) == (8, 2), f"{path}: not 8-bit RGB"
        elif kind == b"IDAT":
            chunks += body
        position += 12 + length
    raw, stride, rows = zlib.decompress(chunks), width * 3, []
    previous = bytearray(stride)
    for y in range(height):
        line = raw[y * (stride + 1) : (y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for i in range(stride):
            left = row[i - 3] if i >= 3 else 0
            up, corner = previous[i], previous[i - 3] if i >= 3 else 0
            if kind == 1:
                row[i] = (row[i] + left) & 255
            elif kind == 2:
                row[i] = (row[i] + up) & 255
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))
                row[i] = (row[i] + near[2]) & 255
        rows.append(bytes(row))
        previous = row
    return width, height, rows


def differing_pixels(native: Path, standin: Path) -> list[tuple[int, int, str, str]]:
    """The pixels where two pictures of one size differ: x, y and each one's colour."""
    width, height, rows = read_png(native)
    other = read_png(standin)
    assert (width, height) == other[:2], f"{native.name}: {width} x {height}, {other[0]} x {other[1]} on the other"
    return [
        (x, y, rows[y][x * 3 : x * 3 + 3].hex(), other[2][y][x * 3 : x * 3 + 3].hex())
        for y in range(height)
        if rows[y] != other[2][y]
        for x in range(width)
        if rows[y][x * 3 : x * 3 + 3] != other[2][y][x * 3 : x * 3 + 3]
    ]


def picture_difference(native: Path, standin: Path) -> str | None:
    """None if the two pictures are the same pixel for pixel, else how many
    pixels differ, where, and the first few."""
    wrong = differing_pixels(native, standin)
    if not wrong:
        return None
    xs, ys = [x for x, *_ in wrong], [y for _, y, *_ in wrong]
    return (
        f"{native.name}: {len(wrong)} pixels differ, within x {min(xs)}-{max(xs)}, y {min(ys)}-{max(ys)};"
        f" first (x, y, native, stand-in): {wrong[:5]}"
    )


def where_written(picture: Path, words: str) -> list[tuple[int, int]]:
    """Where ``words`` are written in the picture (a shot, 2 x 2 pixels for
    each of the screen's) in Pyxel's font: the screen positions (x, y) at
    which each character's cell of 4 x 6 pixels is its glyph exactly, its lit
    pixels in one colour and no other pixel of the cells in that colour."""
    font = json.loads(PYXEL_DATA.read_text(encoding="utf-8"))["font"]
    glyphs = [font["glyphs"][str(ord(char))] for char in words]
    width, _, rows = read_png(picture)
    step = 3 * SHOT_SCALE
    screen = [[row[x : x + 3] for x in range(0, width * 3, step)] for row in rows[::SHOT_SCALE]]
    cell_w, cell_h = len(glyphs[0][0]), len(glyphs[0])
    cells: dict[str, list[tuple[int, int]]] = {"1": [], "0": []}  # the words' lit and unlit pixels
    for i, glyph in enumerate(glyphs):
        for y, line in enumerate(glyph):
            for x, bit in enumerate(line):
                cells[bit].append((i * cell_w + x, y))
    lit, dark = cells["1"], cells["0"]
    found = []
    for top in range(len(screen) - cell_h + 1):
        for left in range(len(screen[0]) - cell_w * len(words) + 1):
            colour = screen[top + lit[0][1]][left + lit[0][0]]
            if all(screen[top + y][left + x] == colour for x, y in lit) and not any(
                screen[top + y][left + x] == colour for x, y in dark
            ):
                found.append((left, top))
    return found
