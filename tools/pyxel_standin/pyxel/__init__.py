"""A stand-in for Pyxel's Python API, for tests and tools only (never in web/).

Put ``tools/pyxel_standin`` first on ``sys.path`` (or in ``PYTHONPATH``) and
``import pyxel`` gives this module: the game runs on it where Pyxel's own
runtime cannot (Pyodide without Pyxel's wasm wheel). It has what the game
uses of Pyxel 2.9.9, with Pyxel's signatures (tests/test_pyxel_standin.py
compares them with the installed Pyxel's ``__init__.pyi``):

* input as Pyxel keeps it (``crates/pyxel-core/src/input.rs``): each key's
  last change and the frame it happened in, so ``btn``, ``btnp`` (with
  hold and repeat) and ``btnr`` answer as Pyxel's do, fed by ``set_btn``,
  ``set_mouse_pos`` and ``set_input_text``;
* frames as Pyxel counts them: ``run`` (a frame: new input frame, update,
  draw, ``frame_count`` + 1) and ``flip``;
* drawing into ``screen``, a frame of palette indices, with Pyxel's own
  rasterisation (``canvas.rs``: its rounding, its f32 arithmetic for
  ellipses and scaled ``blt``), ``text`` with Pyxel's font, ``blt`` from
  the image banks.

Constant values, the palette and the font's glyphs come from the real Pyxel
(``tools/pyxel_data.py`` writes ``pyxel_data.json``). Sound is not played:
``play``, ``playm`` and ``stop`` are noted in ``played``. Under Pyodide,
``run`` only keeps the callbacks: the page calls ``run_frame()`` once a frame,
as Pyxel's web runtime's main loop calls its frame function.
"""

from __future__ import annotations

import json
import math
import os
import struct
import sys
import tomllib
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

_DATA = json.loads((Path(__file__).parent / "pyxel_data.json").read_text(encoding="utf-8"))
globals().update(_DATA["constants"])  # KEY_*, GAMEPAD1_*, MOUSE_*, FONT_WIDTH, IMAGE_SIZE, VERSION...
_C: dict[str, Any] = _DATA["constants"]
colors: list[int] = list(_DATA["colors"])
_GLYPHS = {  # each character's lit pixels, (x, y)
    int(code): [(x, y) for y, bits in enumerate(rows) for x, bit in enumerate(bits) if bit == "1"]
    for code, rows in _DATA["font"]["glyphs"].items()
}
_FONT_W, _FONT_H = _C["FONT_WIDTH"], _C["FONT_HEIGHT"]
_MOUSE_KEYS_FROM = _C["MOUSE_POS_X"]  # keys from here on are the mouse's
_ELLIPSE_ROUNDING_BIAS = 0.01

width = 0
height = 0
frame_count = 0
mouse_x = 0
mouse_y = 0
mouse_wheel = 0
input_text = ""
played: list[tuple[str, tuple[Any, ...]]] = []  # the sound calls, in order


# ----- numbers as Pyxel's Rust computes them -------------------------------------


def _f32(value: float) -> float:
    """``value`` rounded to a 32-bit float (an f32 operation done in f64 and
    rounded gives the f32 result for + - * / and sqrt)."""
    result: float = struct.unpack("f", struct.pack("f", value))[0]
    return result


def _i(value: float) -> int:
    """Pyxel's ``f32_to_i32``: the f32 rounded half away from zero."""
    if type(value) is int:
        return value
    v = _f32(value)
    return int(math.copysign(math.floor(abs(v) + 0.5), v))


def _u(value: float) -> int:
    """Pyxel's ``f32_to_u32``: as ``_i``, negative saturating to 0."""
    return max(_i(value), 0)


class _Area:
    """Pyxel's ``RectArea``: left, top, right, bottom (inclusive)."""

    __slots__ = ("bottom", "left", "right", "top")

    def __init__(self, left: int, top: int, w: int, h: int) -> None:
        self.left, self.top = left, top
        self.right, self.bottom = left + w - 1, top + h - 1

    def is_empty(self) -> bool:
        return self.right < self.left or self.bottom < self.top

    def intersection(self, other: _Area) -> _Area:
        left, top = max(self.left, other.left), max(self.top, other.top)
        right, bottom = min(self.right, other.right), min(self.bottom, other.bottom)
        if right < left or bottom < top:
            return _Area(0, 0, 0, 0)
        return _Area(left, top, right - left + 1, bottom - top + 1)

    def contains(self, x: int, y: int) -> bool:
        return self.left <= x <= self.right and self.top <= y <= self.bottom


# ----- images ----------------------------------------------------------------------


class Image:
    """A picture of palette indices (``data``, row after row)."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.data = bytearray(width * height)
        self._whole = _Area(0, 0, width, height)
        self._clip = self._whole

    # plotting, with Pyxel's clipping (no camera, no dithering, no palette map: the game uses none)
    def _put(self, x: int, y: int, col: int) -> None:
        if self._clip.contains(x, y):
            self.data[self.width * y + x] = col

    def _row(self, x1: int, x2: int, y: int, col: int) -> None:
        clip = self._clip
        if not clip.top <= y <= clip.bottom:
            return
        left, right = max(x1, clip.left), min(x2, clip.right)
        if left <= right:
            start = self.width * y
            self.data[start + left : start + right + 1] = bytes([col]) * (right - left + 1)

    def _column(self, y1: int, y2: int, x: int, col: int) -> None:
        clip = self._clip
        if not clip.left <= x <= clip.right:
            return
        for y in range(max(y1, clip.top), min(y2, clip.bottom) + 1):
            self.data[self.width * y + x] = col

    def set(self, x: int, y: int, data: list[str]) -> None:
        rows = ["".join(row.split()) for row in data]
        w, h = len(rows[0]), len(rows)
        source = Image(w, h)
        source.data[:] = bytes(int(c, 16) for row in rows for c in row.ljust(w, "0")[:w])
        self.blt(x, y, source, 0, 0, w, h)

    def save(self, filename: str, scale: int) -> None:
        if not filename.endswith(".png"):
            filename += ".png"
        rgb = [c.to_bytes(3, "big") for c in colors]
        lines = []
        for y in range(self.height):
            row = b"".join(rgb[v] * scale for v in self.data[y * self.width : (y + 1) * self.width])
            lines.extend([b"\0" + row] * scale)
        Path(filename).write_bytes(_png(self.width * scale, self.height * scale, b"".join(lines)))

    def cls(self, col: int) -> None:
        self.data[:] = bytes([col]) * len(self.data)

    def pget(self, x: float, y: float) -> int:
        xi, yi = _i(x), _i(y)
        return self.data[self.width * yi + xi] if self._clip.contains(xi, yi) else 0

    def pset(self, x: float, y: float, col: int) -> None:
        self._put(_i(x), _i(y), col)

    def line(self, x1: float, y1: float, x2: float, y2: float, col: int) -> None:
        a, b, c, d = _i(x1), _i(y1), _i(x2), _i(y2)
        if b == d:
            self._row(min(a, c), max(a, c), b, col)
        elif a == c:
            self._column(min(b, d), max(b, d), a, col)
        elif abs(a - c) > abs(b - d):
            sx, sy, ex, ey = (a, b, c, d) if a < c else (c, d, a, b)
            slope = _f32(_f32(ey - sy) / _f32(ex - sx))
            for xi in range(ex - sx + 1):
                self._put(sx + xi, sy + _i(_f32(slope * xi)), col)
        else:
            sx, sy, ex, ey = (a, b, c, d) if b < d else (c, d, a, b)
            slope = _f32(_f32(ex - sx) / _f32(ey - sy))
            for yi in range(ey - sy + 1):
                self._put(sx + _i(_f32(slope * yi)), sy + yi, col)

    def rect(self, x: float, y: float, w: float, h: float, col: int) -> None:
        area = _Area(_i(x), _i(y), _u(w), _u(h)).intersection(self._clip)
        if not area.is_empty():
            for row in range(area.top, area.bottom + 1):
                self._row(area.left, area.right, row, col)

    def rectb(self, x: float, y: float, w: float, h: float, col: int) -> None:
        area = _Area(_i(x), _i(y), _u(w), _u(h))
        if area.intersection(self._clip).is_empty():
            return
        self._row(area.left, area.right, area.top, col)
        self._row(area.left, area.right, area.bottom, col)
        self._column(area.top, area.bottom, area.left, col)
        self._column(area.top, area.bottom, area.right, col)

    def elli(self, x: float, y: float, w: float, h: float, col: int) -> None:
        columns, rows = _ellipse(_i(x), _i(y), _u(w), _u(h))
        for x1, y1, x2, y2 in columns:
            self._column(y1, y2, x1, col)
            self._column(y1, y2, x2, col)
        for y1, x1, y2, x2 in rows:
            self._row(x1, x2, y1, col)
            self._row(x1, x2, y2, col)

    def ellib(self, x: float, y: float, w: float, h: float, col: int) -> None:
        columns, rows = _ellipse(_i(x), _i(y), _u(w), _u(h))
        for x1, y1, x2, y2 in columns:
            for px, py in ((x1, y1), (x2, y1), (x1, y2), (x2, y2)):
                self._put(px, py, col)
        for y1, x1, y2, x2 in rows:
            for px, py in ((x1, y1), (x2, y1), (x1, y2), (x2, y2)):
                self._put(px, py, col)

    def blt(
        self,
        x: float,
        y: float,
        img: int | Image,
        u: float,
        v: float,
        w: float,
        h: float,
        colkey: int | None = None,
        rotate: float = 0.0,
        scale: float = 1.0,
    ) -> None:
        source = images[img] if isinstance(img, int) else img
        if source is self:
            copy = Image(abs(_i(w)), abs(_i(h)))
            copy.blt(0, 0, self, u, v, abs(_i(w)), abs(_i(h)))
            source, u, v = copy, 0, 0
        if rotate != 0.0 or scale != 1.0:
            self._blit_scaled(x, y, source, u, v, w, h, colkey, rotate, scale)
        else:
            self._blit(_i(x), _i(y), source, _i(u), _i(v), _i(w), _i(h), colkey)

    def _blit(self, x: int, y: int, src: Image, u: int, v: int, w: int, h: int, colkey: int | None) -> None:
        """Pyxel's ``Canvas::blit`` with its ``CopyArea`` clipping (negative w or h: flipped)."""
        flip_x, flip_y = w < 0, h < 0
        w, h = abs(w), abs(h)
        dst, whole = self._clip, src._whole
        s_left, s_top = whole.left - u, whole.top - v
        s_right, s_bottom = u + w - 1 - whole.right, v + h - 1 - whole.bottom
        left = max(dst.left - x, s_right if flip_x else s_left, 0)
        top = max(dst.top - y, s_bottom if flip_y else s_top, 0)
        right = max(x + w - 1 - dst.right, s_left if flip_x else s_right, 0)
        bottom = max(y + h - 1 - dst.bottom, s_top if flip_y else s_bottom, 0)
        w, h = max(w - left - right, 0), max(h - top - bottom, 0)
        if w == 0 or h == 0:
            return
        x, y = x + left, y + top
        u, v = u + (right if flip_x else left), v + (bottom if flip_y else top)
        for yi in range(h):
            sy = v + (h - 1 - yi if flip_y else yi)
            row = src.data[src.width * sy + u : src.width * sy + u + w]
            if flip_x:
                row = row[::-1]
            self._copy_row(self.width * (y + yi) + x, row, colkey)

    def _copy_row(self, start: int, row: bytes | bytearray, colkey: int | None) -> None:
        """``row`` into ``data`` from ``start`` on, but for its pixels of the colour ``colkey``."""
        if colkey is None:
            self.data[start : start + len(row)] = row
            return
        data = self.data
        for offset, run in _opaque_runs(bytes(row), colkey):
            data[start + offset : start + offset + len(run)] = run

    def _blit_scaled(
        self,
        x: float,
        y: float,
        src: Image,
        u: float,
        v: float,
        w: float,
        h: float,
        colkey: int | None,
        rotate: float,
        scale: float,
    ) -> None:
        """Pyxel's ``Canvas::blit_with_transform`` (``TransformProjection``), in f32."""
        scale = _f32(scale)
        if scale < 1.1920929e-07:
            return
        xi0, yi0, su, sv = _i(x), _i(y), _i(u), _i(v)
        sign_x, sign_y = (-1.0 if w < 0 else 1.0), (-1.0 if h < 0 else 1.0)
        w, h = abs(_i(w)), abs(_i(h))
        half_w, half_h = _f32((w - 1) / 2.0), _f32((h - 1) / 2.0)
        src_cx, src_cy = _f32(su + half_w), _f32(sv + half_h)
        dst_cx, dst_cy = _f32(xi0 + half_w), _f32(yi0 + half_h)
        angle = _f32(_f32(_f32(rotate) * _f32(math.pi)) / 180.0)
        sin, cos = _f32(-math.sin(angle)), _f32(math.cos(angle))
        bound_x = _f32(_f32(_f32(_f32(half_w * abs(cos)) + _f32(half_h * abs(sin))) + 1.0) * scale)
        bound_y = _f32(_f32(_f32(_f32(half_w * abs(sin)) + _f32(half_h * abs(cos))) + 1.0) * scale)
        cos_s, sin_s = _f32(cos / scale), _f32(sin / scale)
        clip = self._clip
        x1, x2 = max(_i(_f32(dst_cx - bound_x)), clip.left), min(_i(_f32(dst_cx + bound_x)), clip.right)
        y1, y2 = max(_i(_f32(dst_cy - bound_y)), clip.top), min(_i(_f32(dst_cy + bound_y)), clip.bottom)
        area = _Area(su, sv, w, h).intersection(src._whole)
        if area.is_empty():
            return
        step_sx, step_sy = _f32(sign_x * cos_s), _f32(sign_x * sin_s)
        if sin_s == 0.0:  # not turned: every row reads the same columns, each row one source row
            ox = _f32(_f32(x1 - dst_cx) * sign_x)
            sx = _f32(src_cx + _f32(ox * cos_s))
            columns = []
            for _ in range(x1, x2 + 1):
                columns.append(_i(sx))
                sx = _f32(sx + step_sx)
            inside = [vx for vx in columns if area.left <= vx <= area.right]
            first = columns.index(inside[0]) if inside else 0
            for yi in range(y1, y2 + 1):
                vy = _i(_f32(src_cy + _f32(_f32(_f32(yi - dst_cy) * sign_y) * cos_s)))
                if inside and area.top <= vy <= area.bottom:
                    base = src.width * vy
                    row = bytes(src.data[base + vx] for vx in inside)
                    self._copy_row(self.width * yi + x1 + first, row, colkey)
            return
        for yi in range(y1, y2 + 1):
            ox = _f32(_f32(x1 - dst_cx) * sign_x)
            oy = _f32(_f32(yi - dst_cy) * sign_y)
            sx = _f32(_f32(src_cx + _f32(ox * cos_s)) - _f32(oy * sin_s))
            sy = _f32(_f32(src_cy + _f32(ox * sin_s)) + _f32(oy * cos_s))
            row = self.width * yi
            for xi in range(x1, x2 + 1):
                vx, vy = _i(sx), _i(sy)
                sx, sy = _f32(sx + step_sx), _f32(sy + step_sy)
                if area.contains(vx, vy):
                    value = src.data[src.width * vy + vx]
                    if value != colkey:
                        self.data[row + xi] = value

    def text(self, x: float, y: float, s: str, col: int, font: None = None) -> None:
        if font is not None:
            raise NotImplementedError("the Pyxel stand-in draws only Pyxel's own font")
        x0, xi, yi = _i(x), _i(x), _i(y)
        for char in s:
            if char == "\n":
                xi, yi = x0, yi + _FONT_H
                continue
            glyph = _GLYPHS.get(ord(char))
            if glyph is None:
                continue
            clip = self._clip
            if (
                clip.left <= xi
                and xi + _FONT_W - 1 <= clip.right
                and clip.top <= yi
                and yi + _FONT_H - 1 <= clip.bottom
            ):
                base, w = self.width * yi + xi, self.width
                for fx, fy in glyph:
                    self.data[base + w * fy + fx] = col
            else:
                for fx, fy in glyph:
                    self._put(xi + fx, yi + fy, col)
            xi += _FONT_W


_runs: dict[tuple[bytes, int], list[tuple[int, bytes]]] = {}


def _opaque_runs(row: bytes, colkey: int) -> list[tuple[int, bytes]]:
    """The runs of ``row`` not of the colour ``colkey``, with their offsets
    (kept: the same rows of the same cards are drawn every frame)."""
    runs = _runs.get((row, colkey))
    if runs is None:
        if len(_runs) > 100_000:
            _runs.clear()
        runs, offset = [], 0
        for run in row.split(bytes([colkey])):
            if run:
                runs.append((offset, run))
            offset += len(run) + 1
        _runs[(row, colkey)] = runs
    return runs


def _ellipse(x: int, y: int, w: int, h: int) -> tuple[list[tuple[int, int, int, int]], list[tuple[int, int, int, int]]]:
    """Pyxel's ellipse spans (``ellipse_params`` and ``ellipse_area``, in f32):
    the columns' (x1, y1, x2, y2), then the rows' (y1, x1, y2, x2)."""
    if w == 0 or h == 0:
        return [], []
    ra, rb = _f32((w - 1) / 2.0), _f32((h - 1) / 2.0)
    cx, cy = _f32(x + ra), _f32(y + rb)
    columns = [_ellipse_area(cx, cy, ra, rb, xi) for xi in range(x, x + w // 2 + 1)]
    rows = [_ellipse_area(cy, cx, rb, ra, yi) for yi in range(y, y + h // 2 + 1)]
    return columns, rows


def _ellipse_area(cx: float, cy: float, ra: float, rb: float, x: int) -> tuple[int, int, int, int]:
    dx = _f32(x - cx)
    dy = _f32(rb * _f32(math.sqrt(max(_f32(1.0 - _f32(_f32(dx * dx) / _f32(ra * ra))), 0.0)))) if ra > 0.0 else rb
    bias = _f32(_ELLIPSE_ROUNDING_BIAS)
    return (
        _i(_f32(_f32(cx - dx) - bias)),
        _i(_f32(_f32(cy - dy) - bias)),
        _i(_f32(_f32(cx + dx) + bias)),
        _i(_f32(_f32(cy + dy) + bias)),
    )


def _png(w: int, h: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


class Sound:
    def __init__(self) -> None:
        self.notes: list[int] = []
        self.tones: list[int] = []
        self.volumes: list[int] = []
        self.effects: list[int] = []
        self.speed = 30


class Music:
    def __init__(self) -> None:
        self.seqs: list[list[int]] = []


images: list[Image] = []
sounds: list[Sound] = []
musics: list[Music] = []
screen = Image(0, 0)


# ----- the application ---------------------------------------------------------------


class _System:
    """What Pyxel keeps between calls: the keys' last changes, the callbacks
    of ``run``, whether it should stop."""

    def __init__(self) -> None:
        self.keys: dict[int, tuple[int, str]] = {}
        self.quit_key = _C["KEY_ESCAPE"]
        self.callbacks: tuple[Callable[[], None], Callable[[], None]] | None = None
        self.running = False
        self.mouse_visible = False


_system = _System()


def init(
    width: int,
    height: int,
    title: str = "Pyxel",
    fps: int = 30,
    quit_key: int = _C["KEY_ESCAPE"],
    display_scale: int | None = None,
    capture_scale: int = 2,
    capture_sec: int = 10,
    headless: bool = False,
) -> None:
    global frame_count, mouse_x, mouse_y, mouse_wheel, input_text, screen, _system
    globals().update(width=width, height=height)
    frame_count = mouse_x = mouse_y = mouse_wheel = 0
    input_text = ""
    _system = _System()
    _system.quit_key = quit_key
    screen = Image(width, height)
    images[:] = [Image(_C["IMAGE_SIZE"], _C["IMAGE_SIZE"]) for _ in range(_C["NUM_IMAGES"])]
    sounds[:] = [Sound() for _ in range(_C["NUM_SOUNDS"])]
    musics[:] = [Music() for _ in range(_C["NUM_MUSICS"])]
    played.clear()


def run(update: Callable[[], None], draw: Callable[[], None]) -> None:
    _system.callbacks = (update, draw)
    _system.running = True
    if sys.platform == "emscripten":
        return  # the page calls run_frame() once a frame
    while _system.running:
        run_frame()


def run_frame() -> bool:
    """One frame of ``run``'s loop (Pyxel's ``run_update_frame``, then its
    draw, then ``frame_count`` + 1); False once the app has quit."""
    global frame_count
    if not _system.running or _system.callbacks is None:
        return False
    update, draw = _system.callbacks
    if _begin_update_frame():
        update()
        if _system.running:
            draw()
    frame_count += 1
    return _system.running


def _begin_update_frame() -> bool:
    """A new input frame (the wheel, the typed text start again); False, and
    the app stopped, when the quit key was pressed."""
    global mouse_wheel, input_text
    mouse_wheel = 0
    input_text = ""
    if btnp(_system.quit_key):
        _system.keys.pop(_system.quit_key, None)
        quit()
        return False
    return True


def flip() -> None:
    global frame_count
    frame_count += 1
    _begin_update_frame()


def quit() -> None:
    _system.running = False


def screen_mode(scr: int) -> None:
    pass  # how a window shows the screen: no window here


def integer_scale(enabled: bool) -> None:
    pass


def user_data_dir(vendor_name: str, app_name: str) -> str:
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    path = base / vendor_name.replace(" ", "_").lower() / app_name.replace(" ", "_").lower()
    path.mkdir(parents=True, exist_ok=True)
    return str(path) + os.sep


def load(
    filename: str,
    exclude_images: bool = False,
    exclude_tilemaps: bool = False,
    exclude_sounds: bool = False,
    exclude_musics: bool = False,
) -> None:
    with zipfile.ZipFile(filename) as archive:
        document = tomllib.loads(archive.read(archive.namelist()[0]).decode("utf-8"))
    for bank, table in enumerate([] if exclude_images else document.get("images", [])):
        images[bank].set(0, 0, ["".join(f"{value:x}" for value in row) for row in table["data"]])
    for number, table in enumerate([] if exclude_sounds else document.get("sounds", [])):
        sound = sounds[number]
        for name in ("notes", "tones", "volumes", "effects"):
            setattr(sound, name, list(table.get(name, [])))
        sound.speed = table.get("speed", 30)
    for number, table in enumerate([] if exclude_musics else document.get("musics", [])):
        musics[number].seqs = [list(seq) for seq in table.get("seqs", [])]


# ----- input ----------------------------------------------------------------------------


def btn(key: int) -> bool:
    frame, state = _system.keys.get(key, (0, "released"))
    if state in ("pressed", "released_and_pressed"):
        return True
    return state == "pressed_and_released" and frame == frame_count


def btnp(key: int, hold: int = 0, repeat: int = 0) -> bool:
    if key not in _system.keys:
        return False
    frame, state = _system.keys[key]
    if state == "released":
        return False
    if frame == frame_count:
        return True
    if state == "pressed_and_released" or repeat <= 0:
        return False
    elapsed = frame_count - (frame + hold)
    return elapsed >= 0 and elapsed % repeat == 0


def btnr(key: int) -> bool:
    frame, state = _system.keys.get(key, (0, "pressed"))
    return state != "pressed" and frame == frame_count


def mouse(visible: bool) -> None:
    _system.mouse_visible = visible


def set_btn(key: int, state: bool) -> None:
    last = _system.keys.get(key)
    new = "pressed" if state else "released"
    if last is not None and last[0] == frame_count and last[1] != new:
        new = "released_and_pressed" if state else "pressed_and_released"
    _system.keys[key] = (frame_count, new)


def set_mouse_pos(x: float, y: float) -> None:
    global mouse_x, mouse_y
    mouse_x, mouse_y = _i(x), _i(y)


def set_input_text(text: str) -> None:
    global input_text
    input_text = text


# ----- drawing on the screen -------------------------------------------------------------


def cls(col: int) -> None:
    screen.cls(col)


def pget(x: float, y: float) -> int:
    return screen.pget(x, y)


def pset(x: float, y: float, col: int) -> None:
    screen.pset(x, y, col)


def line(x1: float, y1: float, x2: float, y2: float, col: int) -> None:
    screen.line(x1, y1, x2, y2, col)


def rect(x: float, y: float, w: float, h: float, col: int) -> None:
    screen.rect(x, y, w, h, col)


def rectb(x: float, y: float, w: float, h: float, col: int) -> None:
    screen.rectb(x, y, w, h, col)


def elli(x: float, y: float, w: float, h: float, col: int) -> None:
    screen.elli(x, y, w, h, col)


def ellib(x: float, y: float, w: float, h: float, col: int) -> None:
    screen.ellib(x, y, w, h, col)


def blt(
    x: float,
    y: float,
    img: int | Image,
    u: float,
    v: float,
    w: float,
    h: float,
    colkey: int | None = None,
    rotate: float = 0.0,
    scale: float = 1.0,
) -> None:
    screen.blt(x, y, img, u, v, w, h, colkey, rotate, scale)


def text(x: float, y: float, s: str, col: int, font: None = None) -> None:
    screen.text(x, y, s, col, font)


# ----- sound: noted, not played ----------------------------------------------------------


def play(ch: int, snd: Any, sec: float = 0, loop: bool = False, resume: bool = False) -> None:
    played.append(("play", (ch, snd, loop)))


def playm(msc: int, sec: float = 0, loop: bool = False) -> None:
    played.append(("playm", (msc, loop)))


def stop(ch: int | None = None) -> None:
    played.append(("stop", (ch,)))
