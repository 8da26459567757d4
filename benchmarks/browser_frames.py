"""The frame's cost in the browser beside the desktop's, and start-up to the first frame.

    python -m benchmarks.browser_frames [--scenes title,1991,...] [--rounds N]
    python -m benchmarks.browser_frames --runtime WASM_DIR --pyodide PYODIDE_DIR [--scenes ...] [--rounds N]

Each scene is one headless script, run in the browser (``tools/browser_run.py``:
Pyodide 314.0.4 in Debian's headless Chromium, the game on the Pyxel
stand-in, ``npm ci`` in tests/browser first) and natively (real headless
Pyxel, in this process, the App told it is in a page so that its title menu is
the page's), from the title menu as a visitor gets there with the keys:

* ``title``: the title menu, its cursor moved now and then;
* ``1991``: PLAY, the 1991 game against the computer at normal;
* ``4 hard``, ``10 hard``: standard UNO at 4 and at 10 seats, hard computers
  thinking (their search a slice a frame, ``game.ai.policy.THINK_SECONDS``);
* ``royal 6``: Royal Revenge at 6, hard computers;
* ``online``: a ``?join=`` link (``--join`` natively) to a room of a real
  table server on 127.0.0.1 (``python -m game.server``, its own process), the
  room's creator starting it with the server's computer in the free seat.

At the tables you pick up or pass, now and then play the card under the
arrow, ``--rounds`` times. Each frame's update and draw is timed (in Pyodide:
``tools/browser_driver.py``'s ``pyxel.run_frame``), from the frame the scene
shows on (``scene table``, or the title's) to the script's end; median,
99th percentile and the most, the browser's beside the desktop's, with
their ratio, and whether the two runs gave the same notices (they must: the
same frames were timed). The slowest browser frame of each scene is named
with what happened in it (its notices). Start-up: the page's start to the
end of the game's first frame (Pyodide loaded from 127.0.0.1, the app
started as Pyxel's runtime starts it), beside ``benchmarks.startup``'s
process start to the first frame natively. Target: every scene's 99th
percentile under a frame at 30 a second (33 ms).

With ``--runtime`` and ``--pyodide`` the same scripts run in Pyxel's own web
runtime instead (``tools/browser_run.py --runtime``: real key events, the
runtime pacing its frames): for each scene the frames a second it ran from
the scene's notice to the script's end, each frame's update and draw there
(the game's Python and Pyxel's drawing in Rust that it calls; median, 99th
percentile, most), and the start-up: the runtime's click prompt and the
game's first frame after the page opened (the click given at once).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote

from benchmarks.startup import first_frame_seconds
from game.storage.memory import Memory
from game.storage.store import Store
from game.ui.app import App, init_pyxel
from game.ui.device.runtime import BROWSER
from game.ui.device.script import Driver, parse_script, script_frames
from game.ui.layout import FPS

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import browser_run  # noqa: E402  (a tool, not a package)
import pyxel_runtime  # noqa: E402

TARGET_P99_MS = 1000 / FPS
SEED = 2
TITLE = ["press RETURN", "wait 5"]  # the loading screen skipped: the title menu, its cursor on PLAY
TO_PLAY = ["press UP"] * 5 + ["press RETURN"]  # from LEVEL back up to PLAY, and PLAY
HARD = ["press DOWN"] * 3 + ["press RIGHT"]  # from OPPONENTS down to LEVEL: normal to hard
# Standard UNO's menu has PARTNERS under SCORING: one item more on the way to LEVEL and back.
STANDARD_TO_PLAY = ["press UP", *TO_PLAY]
STANDARD_HARD = ["press DOWN", *HARD]
SCENES = {
    "title": [*TITLE, "wait 60", "press DOWN", "wait 60", "press DOWN", "wait 60", "press UP", "press UP", "wait 300"],
    "1991": [*TITLE, "press RETURN"],
    "4 hard": [
        *TITLE,
        "press DOWN",
        "press RIGHT",
        "press DOWN",
        *["press RIGHT"] * 2,
        *STANDARD_HARD,
        *STANDARD_TO_PLAY,
    ],
    "10 hard": [
        *TITLE,
        "press DOWN",
        "press RIGHT",
        "press DOWN",
        *["press RIGHT"] * 8,
        *STANDARD_HARD,
        *STANDARD_TO_PLAY,
    ],
    "royal 6": [*TITLE, "press DOWN", *["press RIGHT"] * 2, "press DOWN", *["press RIGHT"] * 4, *HARD, *TO_PLAY],
    "online": ["wait 90", "press RETURN"],  # in the lobby, connected: start, the server's computer in the free seat
}
A_ROUND = ["turn", "press P", "turn", "press P", "turn", "press RETURN"]  # pick up, pass, play the arrow's card
SHOWN_FROM = {"title": " scene title"}  # the frame timing starts at (the others: " scene table")
TABLE_SAID = {  # what each table's run must say, that the menu's keys chose that table
    "1991": "match 1 level normal",
    "4 hard": "table standard 4 players",
    "10 hard": "table standard 10 players",
    "royal 6": "table royal 6 players",
    "online": "online start with computers in the free seats",
}


class Scene(NamedTuple):
    name: str
    browser: list[float]  # ms a frame, from the scene's frame on
    native: list[float]
    same: bool | None  # the two runs' notices are the same (None: not compared)
    slowest: str  # the browser's slowest frame and its notices


def script(scene: str, rounds: int) -> str:
    table = [] if scene == "title" else A_ROUND * rounds + ["wait 60"]
    return "\n".join(SCENES[scene] + table) + "\n"


def from_scene(scene: str, lines: list[str], frame_ms: list[float]) -> tuple[int, list[float]]:
    """The frames from the one the scene showed in on (its number, and their times)."""
    mark = SHOWN_FROM.get(scene, " scene table")
    shown = next(line for line in lines if line.endswith(mark))
    first = int(shown.split()[0])
    return first, frame_ms[first:]


def native_frames(text: str, join: tuple[str, str] | None) -> tuple[list[str], list[float]]:
    """The script natively, in this process (real headless Pyxel): its
    notices and each frame's update + draw in ms."""
    lines: list[str] = []
    store = Store(Memory())
    app = App(SEED, report=lines.append, store=store, platform=BROWSER, join=join)
    took = [0.0]
    for name in ("update", "draw"):
        setattr(app, name, _timed(getattr(app, name), took))
    driver, frame_ms = Driver(app), []
    for pressed, mouse in script_frames(parse_script(text), app):
        took[0] = 0.0
        driver.frame(pressed, mouse)
        frame_ms.append(took[0] * 1000)
    return lines, frame_ms


def _timed(method: Callable[[], None], took: list[float]) -> Callable[[], None]:
    def timed() -> None:
        start = time.perf_counter()
        method()
        took[0] += time.perf_counter() - start

    return timed


def run_scene(scene: str, rounds: int, server: str | None) -> Scene:
    text = script(scene, rounds)
    query, join = "", None
    if scene == "online":
        assert server is not None
        room = f"{server}/bench{int(time.time() * 1000) % 100000}"
        query, join = f"?join={quote(room + 'b', safe='')}&name=Web", (room + "n", "WEB")
    played = browser_run.play(browser_run.Run(SEED, text, report=lambda line: None, query=query))
    lines, native_ms = native_frames(text, join)
    expected = [TABLE_SAID.get(scene, "")] + [" match 1 level hard"] * ("hard" in scene or "royal" in scene)
    if not all(any(words in line for line in played.lines) for words in expected):
        raise SystemExit(f"{scene}: the script did not reach its table ({expected}): have the menu's keys changed?")
    first, browser_ms = from_scene(scene, played.lines, played.frame_ms)
    _, native_ms = from_scene(scene, lines, native_ms)  # the same frames (the same notices after the same numbers)
    slow = max(range(len(browser_ms)), key=browser_ms.__getitem__)
    number = first + slow
    said = [line.split(None, 1)[1] for line in played.lines if line.split()[0] in (str(number), str(number + 1))]
    gc_ms, generations = played.gc[number]
    slowest = f"frame {number}, {browser_ms[slow]:.0f} ms, of which the garbage collector {gc_ms:.0f} ms"
    slowest += (
        f" (generations {generations}), natively {native_ms[slow]:.1f} ms: {'; '.join(said)[:100] or 'no notice'}"
    )
    same = None if scene == "online" else played.lines == lines  # (online: the server's moves come in their own time)
    return Scene(scene, browser_ms, native_ms, same, slowest)


def in_runtime(
    scene: str, rounds: int, server: str | None, runtime: pyxel_runtime.Runtime, window: tuple[int, int]
) -> str:
    """One scene in Pyxel's own runtime: a line of its figures."""
    query = ""
    if scene == "online":
        room = f"{server}/bench{int(time.time() * 1000) % 100000}"
        query = f"?join={quote(room, safe='')}&name=Web"
    text = script(scene, rounds)
    played = browser_run.play_in_runtime(
        runtime, browser_run.Run(SEED, text, report=lambda line: None, query=query), window
    )
    if not any(TABLE_SAID.get(scene, "") in line for line in played.lines):
        raise SystemExit(f"{scene}: the script did not reach its table: have the menu's keys changed?")
    mark = SHOWN_FROM.get(scene, " scene table")
    shown = next(stamp for stamp, line in played.stamped if line.endswith(mark))
    times = [ms for stamp, ms in played.timed if stamp >= shown]
    seconds = played.timed[-1][0] - shown
    return (
        f"  {scene:<8} {len(times):5d} frames in {seconds:5.1f} s: {len(times) / seconds:4.1f} frames a second;"
        f" update + draw median {statistics.median(times):5.1f} ms, p99 {percentile_99(times):5.1f}, most"
        f" {max(times):5.1f}; start-up: click prompt {played.pyodide_s:.1f} s, first frame {played.first_frame_s:.1f} s"
    )


def percentile_99(times: list[float]) -> float:
    return statistics.quantiles(times, n=100)[98]


def report(scenes: list[Scene], startup: tuple[float, float, float]) -> list[str]:
    lines = [
        f"frame cost, update + draw (ms), the browser (Pyodide 314.0.4, headless Chromium, the Pyxel stand-in) beside"
        f" the desktop (real headless Pyxel); target: 99th percentile < {TARGET_P99_MS:.1f} ms in the browser"
    ]
    for scene in scenes:
        b, n = scene.browser, scene.native
        bm, bp, nm, np = statistics.median(b), percentile_99(b), statistics.median(n), percentile_99(n)
        verdict = "ok" if bp < TARGET_P99_MS else "OVER TARGET"
        same = {True: "same notices", False: "NOTICES DIFFER", None: "(moves in their own time)"}[scene.same]
        lines.append(
            f"  {scene.name:<8} {len(b):5d} frames  browser median {bm:6.2f} p99 {bp:6.2f} most {max(b):6.1f}"
            f" | native median {nm:5.2f} p99 {np:5.2f} most {max(n):5.1f}"
            f" | ratio median {bm / nm:4.1f}x p99 {bp / np:4.1f}x  {same}  {verdict}"
        )
        lines.append(f"           slowest in the browser: {scene.slowest}")
    pyodide_s, page_s, native_s = startup
    lines.append(
        f"start-up to the first frame: browser {page_s:.2f} s (Pyodide loaded at {pyodide_s:.2f} s, then the game)"
        f" | native {native_s:.2f} s (process start, headless) | ratio {page_s / native_s:.0f}x"
    )
    return lines


def start_server(folder: str) -> tuple[subprocess.Popen, str]:
    """A table server on a free port of 127.0.0.1 that stops by itself; its address."""
    command = [sys.executable, "-m", "game.server", "--port", "0", "--data-dir", folder, "--stop-after", "900"]
    command += ["--computer-delay", "0.2", "--react-delay", "0.3"]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    return server, (server.stdout.readline() if server.stdout else "").split()[-1]


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.browser_frames", description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", default=",".join(SCENES), help=f"some of {','.join(SCENES)}")
    parser.add_argument("--rounds", type=int, default=8, help="rounds of your turns at each table")
    parser.add_argument("--runtime", type=Path, metavar="WASM_DIR", help="in Pyxel's own web runtime (its wasm/)")
    parser.add_argument("--pyodide", type=Path, metavar="DIR", help="with --runtime: the Pyodide its pyxel.js loads")
    parser.add_argument("--window", default="1280x800", help="with --runtime: the browser window, WxH (1280x800)")
    args = parser.parse_args()
    names = args.scenes.split(",")
    if unknown := [name for name in names if name not in SCENES]:
        parser.error(f"unknown scenes {unknown}")
    if (args.runtime is None) != (args.pyodide is None):
        parser.error("--runtime and --pyodide go together")
    if args.runtime is not None:
        width, _, height = args.window.partition("x")
        window = (int(width), int(height))
        return runtime_figures(names, args.rounds, pyxel_runtime.Runtime(args.runtime, args.pyodide), window)
    init_pyxel(headless=True)
    scenes = []
    with tempfile.TemporaryDirectory() as folder:
        server, address = start_server(folder) if "online" in names else (None, None)
        try:
            for name in names:
                print(f"{name}...", file=sys.stderr, flush=True)
                scenes.append(run_scene(name, args.rounds, address))
        finally:
            if server is not None:
                server.terminate()
                server.wait(timeout=10)
        one_frame = Path(folder) / "one_frame.txt"
        one_frame.write_text("wait 1\n", encoding="utf-8")
        played = browser_run.play(browser_run.Run(SEED, "wait 1\n", report=lambda line: None))
        native_s = statistics.median(first_frame_seconds("--no-low-memory", one_frame) for _ in range(3))
    print("\n".join(report(scenes, (played.pyodide_s, played.first_frame_s, native_s))))
    return 0


def runtime_figures(names: list[str], rounds: int, runtime: pyxel_runtime.Runtime, window: tuple[int, int]) -> int:
    print(f"in Pyxel's own web runtime, headless Chromium (software GL) at {window[0]} x {window[1]}, real key events:")
    with tempfile.TemporaryDirectory() as folder:
        server, address = start_server(folder) if "online" in names else (None, None)
        try:
            for name in names:
                print(in_runtime(name, rounds, address, runtime, window), flush=True)
        finally:
            if server is not None:
                server.terminate()
                server.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
