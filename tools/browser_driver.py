"""The page's side of tools/browser_run.py, run in Pyodide in headless
Chromium: it starts the game as Pyxel's web runtime starts an app, with the
Pyxel stand-in (tools/pyxel_standin) as ``pyxel``, and runs a headless
script a frame at a time, the page calling ``frame()`` once a frame.

How Pyxel's runtime starts an app (``wasm/pyxel.js`` and
``pyxel.cli.play_pyxel_app`` of Pyxel 2.9.9): the page's ``launchPyxel``
options carry the .pyxapp in base64; it is written into
``/pyxel_working_directory``, unzipped, the startup script's folder put first
on ``sys.path`` and the script run as ``__main__``. Its ``pyxel.run`` hands
the frame function to the browser's main loop and returns; the stand-in's
``run`` keeps the callbacks and ``pyxel.run_frame()`` is that frame function.

Two things are the run's, not the page's: the seed (``--seed``, added to
``page_arguments()``'s answer, as a page has no way to give one) and
``--low-memory`` if asked. The game's notices are the window's
(``UNO1991_NOTICES``: a file, a line each), read back after each frame.
"""

from __future__ import annotations

import base64
import gc
import json
import os
import runpy
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

WORK = Path("/pyxel_working_directory")  # Pyxel's web runtime's working folder
APP_FOLDER = Path("/tmp/pyxel_app")
NOTICES_FILE = Path("/tmp/notices.txt")
SHOTS = Path("/tmp/shots")


class Run:
    """The game started in this page and the script feeding it; with
    ``reload_at``, the page is to be reloaded at the first command that
    starts after that many frames (``frame()`` then answers with the rest of
    the script, from that command's line on)."""

    def __init__(self, script: str, reload_at: int | None) -> None:
        from game.ui.device.script import parse_script

        self.lines = script.splitlines()
        self.commands = parse_script(script)
        self.reload_at = reload_at
        self.at = -1  # the index of the command being run
        self.frames_run = 0
        self.held: list[int] = []
        self.read = 0  # characters of the notices file already passed on
        self.done = False
        self.rest: str | None = None
        self.frames: Iterator[tuple[list[int], tuple[int, int] | None]] = iter(())

    def numbered_commands(self) -> Iterator[Any]:
        for index, command in enumerate(self.commands):
            self.at = index
            yield command


run: Run | None = None


class Collections:
    """The time Python's garbage collector took in the frame (``gc.callbacks``), and its generations."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.generations: list[int] = []
        self._started = 0.0
        gc.callbacks.append(self.note)

    def note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._started
            self.generations.append(info["generation"])

    def take(self) -> tuple[float, list[int]]:
        taken = self.seconds, self.generations
        self.seconds, self.generations = 0.0, []
        return taken


collections = Collections()


def start(app_base64: str, name: str, seed: int, low_memory: bool, script: str, reload_at: int | None = None) -> None:
    """Start the app of the page's ``launchPyxel`` options as Pyxel's
    runtime does, then get the script ready to feed it."""
    global run
    launch(app_base64, name, seed, low_memory)

    from game.ui.device.script import script_frames

    run = Run(script, reload_at)
    run.frames = script_frames(run.numbered_commands(), _the_app(), SHOTS)


def launch(app_base64: str, name: str, seed: int, low_memory: bool) -> None:
    """The app written, unzipped and its startup script run as Pyxel's
    runtime plays an app, with the run's seed and mode, its notices to
    ``NOTICES_FILE`` (on the stand-in, or in Pyxel's own runtime:
    tools/pyxel_runtime.py)."""
    WORK.mkdir(parents=True, exist_ok=True)
    os.chdir(WORK)
    (WORK / name).write_bytes(base64.b64decode(app_base64))
    startup = _extract(WORK / name)
    sys.path.insert(0, str(startup.parent))
    os.environ["UNO1991_NOTICES"] = str(NOTICES_FILE)
    SHOTS.mkdir(parents=True, exist_ok=True)
    _add_run_arguments(["--seed", str(seed)] + (["--low-memory"] if low_memory else []))
    runpy.run_path(str(startup), run_name="__main__")


def _extract(app_file: Path) -> Path:
    """``pyxel.cli._extract_pyxel_app``: the app unzipped; its startup script."""
    with zipfile.ZipFile(app_file) as archive:
        archive.extractall(APP_FOLDER)
    marker = next(APP_FOLDER.glob("*/.pyxapp_startup_script"))
    return marker.parent / marker.read_text(encoding="utf-8").strip()


def _add_run_arguments(extra: list[str]) -> None:
    import game.__main__ as entry

    page_arguments = entry.page_arguments

    def with_the_runs(search: str | None = None) -> list[str]:
        return page_arguments(search) + extra

    entry.page_arguments = with_the_runs  # the startup script imports it after this


def _the_app() -> Any:
    """The App that ``pyxel.run``'s update (``game.ui.app.window_frames``) runs."""
    import pyxel

    from game.ui.app import App

    update = pyxel._system.callbacks[0]
    for cell in update.__closure__ or ():
        if isinstance(cell.cell_contents, App):
            return cell.cell_contents
    raise RuntimeError("pyxel.run was not given the App's frames")


def frame() -> str:
    """One frame of the script (its keys and mouse set as ``Driver.frame``
    sets them, then Pyxel's frame: update and draw); the notices and shots
    it made, as JSON, whether the script is over, the milliseconds
    Pyxel's frame took (update and draw, in Pyodide) and, of those, Python's
    garbage collector's (and the generations it collected); at the reload, the
    rest of the script instead of a frame."""
    import pyxel

    assert run is not None, "start() first"
    took: float | None = None
    collected: tuple[float, list[int]] = (0.0, [])
    if not run.done:
        command = run.at
        try:
            pressed, mouse = next(run.frames)
        except StopIteration:
            run.done = True
        else:
            if _time_to_reload(command):
                return json.dumps({"lines": _new_notices(), "shots": _new_shots(), "done": True, "rest": run.rest})
            for code in run.held:
                pyxel.set_btn(code, False)
            if mouse is not None:
                pyxel.set_mouse_pos(*mouse)
            run.held[:] = pressed
            for code in pressed:
                pyxel.set_btn(code, True)
            collections.take()
            started = time.perf_counter()
            run.done = not pyxel.run_frame()
            took = time.perf_counter() - started
            collected = collections.take()
            run.frames_run += 1
    gc_ms, generations = collected[0] * 1000, collected[1]
    return json.dumps(
        {"lines": _new_notices(), "shots": _new_shots(), "done": run.done, "ms": took and took * 1000}
        | {"gc": [gc_ms, generations]}
    )


def _time_to_reload(command: int) -> bool:
    """Whether the page is to be reloaded now: the frames asked for have run
    and the frame just taken is a new command's (``command``: the one before)."""
    assert run is not None
    if run.reload_at is None or run.frames_run < run.reload_at or run.at == command:
        return False
    run.rest = "\n".join(run.lines[run.commands[run.at].line - 1 :]) + "\n"
    run.done = True
    return True


def _new_notices() -> list[str]:
    """The notices written since the last frame, without the window's time stamps."""
    assert run is not None
    if not NOTICES_FILE.exists():
        return []
    text = NOTICES_FILE.read_text(encoding="utf-8")
    new, run.read = text[run.read :], len(text)
    return [line.split(" ", 1)[1] for line in new.splitlines()]


def _new_shots() -> dict[str, str]:
    shots = {}
    for path in sorted(SHOTS.glob("*.png")):
        shots[path.name] = base64.b64encode(path.read_bytes()).decode("ascii")
        path.unlink()
    return shots
