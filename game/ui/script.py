"""Scripted headless runs: the real game without a window, fed by a script.

    python -m game --headless --seed 7 --script tests/scripts/first_turn.txt --shots shots/

A script has one command per line; blank lines and ``#`` comments are
skipped:

    press KEY    press KEY for one frame (LEFT, RIGHT, RETURN, P, R, G, Y, B,
                 M, ESCAPE, or any other pyxel key name)
    wait N       let N frames pass
    shot NAME    write the screen to SHOTS/NAME.png (640 x 400)

Each line of output is one thing a player would notice, after the number
of the frame it happened in: ``   42 message Computer plays a green Skip``.

How the keys get in. pyxel's ``btnp(key)`` is true in the frame in which
the key went down: ``set_btn(key, True)`` records the press at the current
``pyxel.frame_count``, and ``btnp`` compares it with the frame count when it
is asked. A release is only taken in a later pyxel frame than its press (a
release in the same frame is ignored). The runner calls the game's
``update`` and ``draw`` itself instead of ``pyxel.run``, so that frames are
not paced to the clock, and moves pyxel on a frame (``pyxel.flip``) only
where a key must be let go: each frame it first releases last frame's keys
(after a flip), then presses this frame's, then runs ``update``, which reads
them. The game counts its own frames, so nothing depends on the clock, and
the same seed and script always give the same output.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pyxel

from . import keys
from .app import App, init_pyxel

SHOT_SCALE = 2
MAX_WAIT = 1_000_000


class ScriptError(ValueError):
    """A script line that cannot be run; the message names the line."""


@dataclass(frozen=True)
class Command:
    line: int
    verb: str
    key: int = 0
    frames: int = 0
    name: str = ""


def parse_script(text: str) -> list[Command]:
    """Read a whole script first, so a bad line stops the run before it starts."""
    commands = []
    for number, raw in enumerate(text.splitlines(), start=1):
        words = raw.split("#", 1)[0].split()
        if words:
            commands.append(_parse_line(number, words, raw.strip()))
    return commands


def _parse_line(number: int, words: list[str], raw: str) -> Command:
    def fail(why: str) -> ScriptError:
        return ScriptError(f"script line {number}: {raw!r}: {why}")

    verb, args = words[0].lower(), words[1:]
    if verb not in ("press", "wait", "shot"):
        raise fail("unknown command: use press KEY, wait N or shot NAME")
    if len(args) != 1:
        raise fail(f"{verb} takes exactly one argument")
    arg = args[0]
    if verb == "press":
        try:
            return Command(number, verb, key=keys.key_code(arg))
        except ValueError as error:
            raise fail(str(error)) from None
    if verb == "wait":
        if not arg.isdigit() or not 0 < int(arg) <= MAX_WAIT:
            raise fail(f"wait needs a number of frames from 1 to {MAX_WAIT}")
        return Command(number, verb, frames=int(arg))
    if not all(c.isalnum() or c in "-_" for c in arg):
        raise fail("a shot name uses only letters, digits, - and _")
    return Command(number, verb, name=arg)


class Driver:
    """Runs an App frame by frame with simulated key presses."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._held: list[int] = []

    def frame(self, pressed: Iterable[int] = ()) -> None:
        """One frame: release last frame's keys, press these, update, draw."""
        if self._held:
            pyxel.flip()  # pyxel takes a release only in a later frame than the press
        for code in self._held:
            pyxel.set_btn(code, False)
        self._held = list(pressed)
        for code in self._held:
            pyxel.set_btn(code, True)
        self.app.update()
        self.app.draw()

    def shot(self, path: Path) -> None:
        """Write the screen as it is now to ``path`` (a .png)."""
        self.app.draw()
        path.parent.mkdir(parents=True, exist_ok=True)
        pyxel.screen.save(str(path), SHOT_SCALE)


def run_script(commands: list[Command], app: App, shots: Path) -> None:
    """Play the commands on the app, writing screenshots into ``shots``;
    stops early if the player quits."""
    driver = Driver(app)
    for command in commands:
        if command.verb == "press":
            driver.frame([command.key])
        elif command.verb == "wait":
            for _ in range(command.frames):
                driver.frame()
                if app.quit_requested:
                    break
        else:
            driver.shot(shots / f"{command.name}.png")
            app.notice(f"shot {command.name}")
        if app.quit_requested:
            return


def run_headless(script: Path, seed: int, level: str, muted: bool, shots: Path | None) -> int:
    """The ``--headless`` mode of ``python -m game``; returns the exit status."""
    try:
        commands = parse_script(script.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        print(f"cannot read script {script}: {error}", file=sys.stderr)
        return 2
    except ScriptError as error:
        print(error, file=sys.stderr)
        return 2
    shots = (shots or Path()).resolve()  # pyxel.init may change the working directory
    init_pyxel(headless=True)
    run_script(commands, App(seed, level, muted), shots)
    return 0
