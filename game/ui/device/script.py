"""Scripted headless runs: the real game without a window, fed by a script.

    python -m game --headless --seed 1 --script tests/scripts/first_turn.txt --shots shots/

A script has one command per line; blank lines and ``#`` comments are
skipped:

    press KEY    press KEY for one frame (LEFT, RIGHT, RETURN, P, R, G, Y, B,
                 M, ESCAPE, any other pyxel key name, or a gamepad button:
                 GAMEPAD1_BUTTON_A, GAMEPAD1_BUTTON_B, GAMEPAD1_BUTTON_START,
                 GAMEPAD1_BUTTON_DPAD_LEFT...)
    click X Y    move the mouse to screen pixel (X, Y) of the 320 x 200
                 screen and click the left button there, in one frame
    move X Y     move the mouse to (X, Y) without clicking, in one frame
    wait N       let N frames pass
    shot NAME    write the screen to SHOTS/NAME.png (640 x 400); a script
                 with shots needs ``--shots SHOTS``
    turn [S]     let frames pass until the table waits for your keys (your
                 turn, or a hand's or the match's result), at most S seconds
                 of the clock (60 unless given): an online table's moves
                 come from the server in their own time
    stop-at-result
                 end the script here if the table shows a hand's or the
                 match's result (so a script can play one hand online)

The game starts as a player sees it: on the loading screen (normal mode),
which a key press skips once, or on the title menu (``--low-memory``).

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

With the variable ``UNO1991_REAL_TIME=1`` the frames are paced at 30 a
second of the clock, as a window's are (a late frame is not made up for):
an online table then falls behind its server as a window's does
(tools/soak.py).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pyxel

from game.storage.saves import SavedMatch
from game.ui.app import App, init_pyxel
from game.ui.device import keys, runtime
from game.ui.layout import FPS, SCREEN_H, SCREEN_W
from game.ui.next_match import RunTable

SHOT_SCALE = 2
MAX_WAIT = 1_000_000
TURN_SECONDS = 60  # ``turn`` waits at most this long unless told
ONLINE_FRAME_S = 0.001  # an online table's frames give the network's thread a moment
REAL_TIME = "UNO1991_REAL_TIME"  # set to 1: frames at 30 a second of the clock (see above)
RESULT_SCENES = ("hand_result", "match_result")


class ScriptError(ValueError):
    """A script line that cannot be run; the message names the line."""


@dataclass(frozen=True, slots=True)
class Command:
    line: int
    verb: str
    key: int = 0
    frames: int = 0
    name: str = ""
    x: int = 0
    y: int = 0


def parse_script(text: str) -> list[Command]:
    """A whole script's commands; ScriptError names the first bad line."""
    return list(read_commands(text.splitlines()))


def read_commands(lines: Iterable[str]) -> Iterator[Command]:
    """The commands of a script's lines, one at a time; ScriptError names a bad line."""
    for number, raw in enumerate(lines, start=1):
        words = raw.split("#", 1)[0].split()
        if words:
            yield _parse_line(number, words, raw.strip())


def _parse_line(number: int, words: list[str], raw: str) -> Command:
    def fail(why: str) -> ScriptError:
        return ScriptError(f"script line {number}: {raw!r}: {why}")

    verb, args = words[0].lower(), words[1:]
    if verb not in ("press", "click", "move", "wait", "shot", "turn", "stop-at-result"):
        raise fail("unknown command: use press KEY, click X Y, move X Y, wait N, shot NAME, turn [S] or stop-at-result")
    if verb == "stop-at-result":
        if args:
            raise fail("stop-at-result takes nothing after it")
        return Command(number, verb)
    if verb == "turn":
        if len(args) > 1 or (args and not (_is_number(args[0]) and 0 < int(args[0]) <= 3600)):
            raise fail("turn takes at most one number of seconds, 1 to 3600")
        return Command(number, verb, frames=int(args[0]) if args else TURN_SECONDS)
    if verb in ("click", "move"):
        if len(args) != 2 or not all(_is_number(arg) for arg in args):
            raise fail(f"{verb} takes two numbers, X and Y")
        x, y = int(args[0]), int(args[1])
        if not (x < SCREEN_W and y < SCREEN_H):
            raise fail(f"{verb} X Y must be on the {SCREEN_W} x {SCREEN_H} screen")
        return Command(number, verb, x=x, y=y)
    if len(args) != 1:
        raise fail(f"{verb} takes exactly one argument")
    arg = args[0]
    if verb == "press":
        try:
            return Command(number, verb, key=keys.key_code(arg))
        except ValueError as error:
            raise fail(str(error)) from None
    if verb == "wait":
        if not _is_number(arg) or not 0 < int(arg) <= MAX_WAIT:
            raise fail(f"wait needs a number of frames from 1 to {MAX_WAIT}")
        return Command(number, verb, frames=int(arg))
    if not all(c.isalnum() or c in "-_" for c in arg):
        raise fail("a shot name uses only letters, digits, - and _")
    return Command(number, verb, name=arg)


def _is_number(text: str) -> bool:
    """Plain digits 0-9 only (``str.isdigit`` also takes "²", which ``int`` refuses)."""
    return text.isascii() and text.isdecimal()


# The keys pressed in the last frame, to release in the next. Like pyxel's
# own key state it belongs to the process, not to one Driver: a new Driver
# (a new App in the same process) first lets go of what the last one held.
_held: list[int] = []


def let_go() -> None:
    """Release the keys the last driven frame pressed, so that none stays
    down for whatever drives pyxel next (a test's next game, in the same
    process, would read it as pressed)."""
    if _held:
        pyxel.flip()  # pyxel takes a release only in a later frame than the press
    for code in _held:
        pyxel.set_btn(code, False)
    _held.clear()


class Driver:
    """Runs an App frame by frame with simulated key presses."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._pace = 1 / FPS if os.environ.get(REAL_TIME) == "1" else None
        self._next_frame = time.monotonic()

    @property
    def keys_held(self) -> bool:
        """Whether keys of the last frame are still down: the next frame lets
        them go first, and so moves pyxel on a frame (see ``frame``)."""
        return bool(_held)

    def frame(self, pressed: Iterable[int] = (), mouse: tuple[int, int] | None = None) -> None:
        """One frame: release last frame's keys, move the mouse to ``mouse``
        if given, press these keys, update, draw."""
        let_go()
        if mouse is not None:
            pyxel.set_mouse_pos(*mouse)
        _held[:] = pressed
        for code in _held:
            pyxel.set_btn(code, True)
        self.app.update()
        self.app.draw()
        if self._pace is not None:
            now = time.monotonic()
            self._next_frame = max(self._next_frame + self._pace, now)
            time.sleep(self._next_frame - now)
        elif self.app.online is not None:
            time.sleep(ONLINE_FRAME_S)

    def click(self, x: int, y: int) -> None:
        """Move the mouse to (x, y) and click there, in one frame."""
        self.frame([pyxel.MOUSE_BUTTON_LEFT], mouse=(x, y))

    def shot(self, path: Path) -> None:
        """Write the screen as it is now to ``path`` (a .png, in a folder that exists)."""
        shot(self.app, path)


def awaits_keys(app: App) -> bool:
    """The table waits for your keys: your turn, or a result on screen."""
    if app.scene in RESULT_SCENES:
        return True
    return app.scene == "table" and app.match is not None and app.match.waiting_for_you


def shot(app: App, path: Path) -> None:
    """Write the screen as the app draws it now to ``path`` (a .png, in a folder that exists)."""
    app.draw()
    pyxel.screen.save(str(path), SHOT_SCALE)


Frame = tuple[list[int], tuple[int, int] | None]  # the keys pressed in a frame, where the mouse moves to


def script_frames(commands: Iterable[Command], app: App, shots: Path | None = None) -> Iterator[Frame]:
    """The script's frames, one at a time: each is the keys to press and
    where to move the mouse in one frame, which the caller then runs
    (``Driver.frame``, or a page's frame in tools/browser_run.py). Between
    them it does the script's own lines: shots, ``turn``'s wait, the stop
    at a result. It ends early if the player quits."""
    for command in commands:
        if command.verb == "press":
            yield [command.key], None
        elif command.verb == "click":
            yield [pyxel.MOUSE_BUTTON_LEFT], (command.x, command.y)
        elif command.verb == "move":
            yield [], (command.x, command.y)
        elif command.verb == "wait":
            for _ in range(command.frames):
                yield [], None
                if app.quit_requested:
                    break
        elif command.verb == "turn":
            limit = time.monotonic() + command.frames
            while not awaits_keys(app):
                if app.quit_requested or time.monotonic() > limit:
                    app.notice(f"turn: the table did not wait for your keys within {command.frames} s")
                    break
                yield [], None
        elif command.verb == "stop-at-result":
            if app.scene in RESULT_SCENES:
                app.notice("script stopped at the result")
                return
        else:
            assert shots is not None, "shots_folder: a script with shots has a folder"
            shot(app, shots / f"{command.name}.png")
            app.notice(f"shot {command.name}")
        if app.quit_requested:
            return


def run_script(commands: Iterable[Command], app: App, shots: Path | None = None) -> None:
    """Play the commands on the app, writing screenshots into the folder
    ``shots`` (see ``shots_folder``); stops early if the player quits."""
    driver = Driver(app)
    for pressed, mouse in script_frames(commands, app, shots):
        driver.frame(pressed, mouse)


def script_file_commands(script: Path) -> Iterator[Command]:
    """The commands of a script file, read as they are needed. A long
    session's script is never held whole: 80,000 lines kept as Commands
    took over 20 MB, the larger part of a long scripted run's peak memory."""
    with script.open(encoding="utf-8") as file:
        yield from read_commands(file)


def first_shot(commands: Iterable[Command]) -> Command | None:
    """Reads every command (so a bad line raises ScriptError before anything
    runs) and gives the first ``shot``, if any."""
    first = None
    for command in commands:
        if first is None and command.verb == "shot":
            first = command
    return first


def shots_folder(first: Command | None, shots: Path | None) -> Path | None:
    """The folder for the script's screenshots, made if need be, checked
    before anything runs; ``first`` is the script's first ``shot`` command.
    ScriptError when the script has ``shot`` lines but no ``--shots`` folder
    (they would land in the current folder), or when the folder cannot be
    made or written to (a file of that name, a read-only folder)."""
    if shots is None:
        if first is not None:
            raise ScriptError(f"script line {first.line}: shot {first.name}: a script with shots needs --shots DIR")
        return None
    shots = shots.resolve()  # pyxel.init may change the working directory
    try:
        shots.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=shots):  # a folder that exists may still refuse files
            pass
    except OSError as error:
        raise ScriptError(f"--shots {shots}: cannot use it as the folder for screenshots: {error}") from None
    return shots


def run_headless(
    script: Path,
    seed: int,
    level: str | None,
    muted: bool | None,
    shots: Path | None,
    low_memory: bool = False,
    data_dir: Path | None = None,
    continue_match: bool = False,
    replay: SavedMatch | None = None,
    table: RunTable | None = None,
    people: tuple[str, ...] | None = None,
    join: tuple[str, str] | None = None,
    house: tuple[str, ...] | None = None,
    seating: str | None = None,
) -> int:
    """The ``--headless`` mode of ``python -m game``; returns the exit status
    (2 for a script that cannot run, before anything runs). Settings,
    statistics and saved matches are kept in ``data_dir`` (an absolute path)
    if given, else nowhere. ``continue_match``: start on the saved match;
    ``replay``: start watching that match. The script is read twice: once
    whole to check it, then line by line as it runs."""
    script = script.absolute()  # pyxel.init may change the working directory
    try:
        shots = shots_folder(first_shot(script_file_commands(script)), shots)
    except (OSError, UnicodeDecodeError) as error:
        print(f"cannot read script {script}: {error}", file=sys.stderr)
        return 2
    except ScriptError as error:
        print(error, file=sys.stderr)
        return 2
    missing = runtime.missing_scripted_run_functions()
    if missing:  # (the game never needs them: only a script's keys and mouse do)
        lacking = ", ".join(f"pyxel.{name}" for name in missing)
        print(f"scripted runs need {lacking}, which Pyxel {pyxel.VERSION} lacks", file=sys.stderr)
        return 2
    init_pyxel(headless=True)
    store = runtime.choose_store(data_dir, headless=True)
    app = App(
        seed,
        level,
        muted,
        low_memory=low_memory,
        store=store,
        continue_match=continue_match,
        replay=replay,
        table=table,
        people=people,
        join=join,
        house=house,
        seating=seating,
    )
    run_script(script_file_commands(script), app, shots)
    return 0
