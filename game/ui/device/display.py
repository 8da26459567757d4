"""The screen the window opens on: is there one, and how big may the window be?

pyxel opens its window through SDL, and asks neither question in a way the
game can act on: with no X11 or Wayland display SDL quietly falls back to an
invisible offscreen window (the game then runs unseen until killed), and
pyxel sizes the window at three quarters of the display, rounded down to a
whole scale (1x, 320 x 200, on an 800 x 600 screen, where 2x fits).

So, before ``pyxel.init``, the game asks SDL itself: the very library pyxel
loads on Linux (``libSDL2-2.0.so.0``, the system's or the copy in pyxel's
wheel), through ctypes. SDL picks its video driver as it will for pyxel and
reports the display's usable area (the screen without panels and task
bars). Elsewhere (Windows, macOS, the browser) SDL is inside pyxel's own
binary and cannot be asked, so pyxel's own choice of scale stands; those
always have a display.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pyxel

from game.ui.layout import SCREEN_H, SCREEN_W

SDL_INIT_VIDEO = 0x20
SDL_LIBRARY = "libSDL2-2.0.so.0"
# SDL drivers that draw into memory only: no window anyone can see.
INVISIBLE_DRIVERS = ("offscreen", "dummy")
# Room left around the picture for the window's frame: its borders and title bar.
FRAME_ROOM = (16, 64)


@dataclass(frozen=True)
class Screen:
    """What SDL found: its video driver ("" if none would start) and the
    usable size of the first display, in pixels (0 when unknown)."""

    driver: str
    width: int = 0
    height: int = 0

    @property
    def visible(self) -> bool:
        return self.driver != "" and self.driver.lower() not in INVISIBLE_DRIVERS


def probe() -> Screen | None:
    """Ask SDL for its video driver and the display's usable size; None where
    SDL cannot be asked (not Linux). The video subsystem is shut again after:
    pyxel starts it afresh."""
    sdl = _load_sdl()
    if sdl is None:
        return None
    import ctypes

    sdl.SDL_GetCurrentVideoDriver.restype = ctypes.c_char_p
    with _quiet_stderr():  # SDL's backends print their failed attempts
        started = sdl.SDL_InitSubSystem(SDL_INIT_VIDEO) == 0
    if not started:
        return Screen("")
    try:
        driver = (sdl.SDL_GetCurrentVideoDriver() or b"").decode()
        rect = (ctypes.c_int * 4)()  # SDL_Rect: x, y, w, h
        if sdl.SDL_GetDisplayUsableBounds(0, rect) != 0:
            return Screen(driver)
        return Screen(driver, rect[2], rect[3])
    finally:
        sdl.SDL_QuitSubSystem(SDL_INIT_VIDEO)


def _load_sdl():
    """The SDL library pyxel uses on Linux, as a ``ctypes.CDLL`` (pyxel loads
    it on import: the system's if there is one, else the copy in its wheel);
    None elsewhere. ctypes is imported only here: the browser may lack it."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    for name in (SDL_LIBRARY, str(Path(pyxel.__file__).parent / "libs" / SDL_LIBRARY)):
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    return None


@contextmanager
def _quiet_stderr():
    """Send file descriptor 2 to /dev/null for a moment (C libraries write to it directly)."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def no_display_message(command: str) -> str:
    return (
        f"{command}: no display found (no X11 or Wayland display could be opened), so the game cannot"
        " show its window. Play it from a desktop session, or run a script without a window:"
        f" {command} --headless --script FILE (see {command} --help)."
    )


def window_scale(screen: Screen | None) -> int | None:
    """The largest whole scale at which the 320 x 200 picture and the
    window's frame fit the screen's usable area (at least 1); None when the
    size is unknown (pyxel then chooses)."""
    if screen is None or not screen.width or not screen.height:
        return None
    room_w, room_h = FRAME_ROOM
    return max(1, min((screen.width - room_w) // SCREEN_W, (screen.height - room_h) // SCREEN_H))


def pointer_in_window() -> Callable[[], bool] | None:
    """A function telling whether the mouse is over the window (SDL's mouse
    focus), or None where SDL cannot be asked. Call it after ``pyxel.init``."""
    sdl = _load_sdl()
    if sdl is None:
        return None
    import ctypes

    sdl.SDL_GetMouseFocus.restype = ctypes.c_void_p
    return lambda: sdl.SDL_GetMouseFocus() is not None
