"""Run the game in a browser, fed by a headless script, and print its notices.

    python tools/browser_run.py --seed N --script FILE [--shots DIR] [--low-memory] [--reload-at FRAME]
                                [--query '?join=ws://HOST:PORT/ROOM&name=NAME' | '?watch=ws://HOST:PORT/ROOM']
                                [--runtime WASM_DIR --pyodide PYODIDE_DIR]

Builds the app as ``python -m game.web`` does (its page's payload, the same
as web/index.html's), serves it, Pyodide (npm ``pyodide``, in
tests/browser/node_modules: ``npm ci`` there) and the Pyxel stand-in
(tools/pyxel_standin, for tests and tools only) on 127.0.0.1, and opens a
page in Debian's headless Chromium (through playwright) with every other
address refused. The page starts the game as Pyxel's web runtime starts an
app (tools/browser_driver.py) and runs Pyxel's frame a frame at a time,
feeding it the script as ``python -m game --headless --script`` does: the
same notices, after the same frame numbers, on standard output; ``shot
NAME`` pictures into DIR. ``--reload-at FRAME`` reloads the page at the
first command that starts after FRAME frames and goes on with the rest of
the script in the reloaded page, its localStorage kept (a visitor who
closes the tab and comes back). ``--query`` is the page address's query, as
a visitor's link gives it (``?join=``, ``?watch=``): the game reads it from
``location.search``; its table server must be on 127.0.0.1 too.

``--runtime WASM_DIR --pyodide PYODIDE_DIR`` runs the script in Pyxel's own
web runtime instead of the stand-in (Pyxel's ``wasm/`` folder and the Pyodide
its ``pyxel.js`` loads, which a developer brings: tools/pyxel_runtime.py),
with real key and mouse events, each command when the last is done: the
game's notices come in the same order, after the runtime's own frame
numbers; shots are Pyxel's own screen; the figures are the frames a second
the runtime ran and its start-up (see docs/browser.md).
"""

from __future__ import annotations

import argparse
import base64
import functools
import http.server
import io
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
PYODIDE = ROOT / "tests" / "browser" / "node_modules" / "pyodide"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_SECONDS = 120  # Pyodide loaded and the game started, on a loaded 2-core machine
PAGE = """\
<!doctype html>
<meta charset="utf-8">
<title>UNO 1991 on the Pyxel stand-in</title>
<script src="/pyodide/pyodide.js"></script>
<script>
  // tools/browser_run.py: Pyodide, the stand-in and the driver; the game is started by window.startGame.
  window.lines = [];
  window.frameMs = [];  // each frame's update and draw, in Pyodide
  window.gcMs = [];  // of which Python's garbage collector: [ms, its generations]
  window.firstFrameAt = null;  // ms from the page's start to the end of the game's first frame
  window.shots = {};
  window.finished = false;
  window.ready = loadPyodide({ indexURL: "/pyodide/" }).then(async (pyodide) => {
    const zip = await (await fetch("/driver.zip")).arrayBuffer();
    pyodide.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/driver" });
    pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/driver')");
    window.pyodide = pyodide;
    window.pyodideAt = performance.now();  // ms from the page's start: Pyodide loaded
    return true;
  });
  window.startGame = (options) => {
    window.pyodide.globals.set("start_options", JSON.stringify(options));
    window.pyodide.runPython("import json, browser_driver; browser_driver.start(**json.loads(start_options))");
    const frame = window.pyodide.runPython("import browser_driver; browser_driver.frame");
    const step = () => {  // Pyxel's main loop: a frame, then the browser's turn, then the next
      const result = JSON.parse(frame());
      window.lines.push(...result.lines);
      if (typeof result.ms === "number") {
        window.frameMs.push(result.ms);
        window.gcMs.push(result.gc);
        if (window.firstFrameAt === null) { window.firstFrameAt = performance.now(); }
      }
      Object.assign(window.shots, result.shots);
      if (result.rest) { window.rest = result.rest; }  // --reload-at: the page is to be reloaded
      if (result.done) { window.finished = true; } else { setTimeout(step, 0); }
    };
    setTimeout(step, 0);
  };
  window.takeLines = () => window.lines.splice(0);
  window.takeShots = () => { const shots = window.shots; window.shots = {}; return shots; };
</script>
"""


@dataclass
class Played:
    """What a browser run gave: its notices, each frame's update and draw in
    Pyodide (ms, in order, the frames of every page load) and the garbage
    collector's part of it, and the first
    page's start-up: seconds from its start to Pyodide loaded and to the
    end of the game's first frame."""

    lines: list[str] = field(default_factory=list)
    frame_ms: list[float] = field(default_factory=list)
    gc: list[tuple[float, list[int]]] = field(default_factory=list)  # each frame's collections: ms, generations
    pyodide_s: float = 0.0
    first_frame_s: float = 0.0
    # In Pyxel's own runtime (``play_in_runtime``): each notice and each frame's update and draw (ms), with the
    # page's clock; ``pyodide_s`` is then the runtime's click prompt.
    stamped: list[tuple[float, str]] = field(default_factory=list)
    timed: list[tuple[float, float]] = field(default_factory=list)


def build_app() -> dict[str, str]:
    """``python -m game.web``'s page, built into a temporary folder: its
    ``launchPyxel`` options (the app's name and the app in base64)."""
    from game.web import launch_options

    with tempfile.TemporaryDirectory() as out:
        subprocess.run(
            [sys.executable, "-m", "game.web", "--out", out], cwd=ROOT, check=True, capture_output=True, timeout=300
        )
        return launch_options((Path(out) / "index.html").read_text(encoding="utf-8"))


def driver_zip() -> bytes:
    """The stand-in (as the package ``pyxel``) and the page's driver."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted((TOOLS / "pyxel_standin" / "pyxel").iterdir()):
            if path.is_file():
                archive.write(path, f"pyxel/{path.name}")
        archive.write(TOOLS / "browser_driver.py", "browser_driver.py")
    return buffer.getvalue()


class _Files(http.server.SimpleHTTPRequestHandler):
    """Pyodide's folder under /pyodide/, and the page and driver from memory."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }
    extra: ClassVar[dict[str, bytes]] = {}

    def do_GET(self) -> None:
        data = self.extra.get(self.path.split("?", 1)[0])
        if data is None:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


@contextmanager
def serve(folder: Path, extra: dict[str, bytes]) -> Iterator[str]:
    """``folder`` and ``extra`` served on a free port of 127.0.0.1, for the block."""
    handler = type("Handler", (_Files,), {"extra": extra})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@dataclass(frozen=True)
class Run:
    """One scripted run in the browser: its seed and script, where its shots
    go, constrained memory, where each notice goes as it comes, the bound on
    the whole run, the frame after which the page is reloaded, and the page
    address's query (``?join=...``)."""

    seed: int
    script: str
    shots: Path | None = None
    low_memory: bool = False
    report: Callable[[str], None] = print
    seconds: float = 1800
    reload_at: int | None = None
    query: str = ""


def play(run: Run) -> Played:
    """Run the script in the browser, on the stand-in; each notice to ``run.report`` as it comes."""
    seed, script, shots, low_memory = run.seed, run.script, run.shots, run.low_memory
    report, seconds, reload_at, query = run.report, run.seconds, run.reload_at, run.query
    from playwright.sync_api import sync_playwright

    if not PYODIDE.exists():
        raise SystemExit(f"no Pyodide at {PYODIDE}: run npm ci in tests/browser")
    options = build_app()
    start: dict[str, Any] | None = {
        "app_base64": options["base64"],
        "name": options["name"],
        "seed": seed,
        "low_memory": low_memory,
        "script": script,
        "reload_at": reload_at,
    }
    played = Played()
    lines = played.lines
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "pyodide").symlink_to(PYODIDE)
        extra = {"/page.html": PAGE.encode(), "/driver.zip": driver_zip()}
        with serve(Path(folder), extra) as origin, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                page = browser.new_page()
                outside: list[str] = []
                page.route(
                    lambda url: not url.startswith(origin + "/"),
                    lambda route: (outside.append(route.request.url), route.abort()),
                )
                errors: list[str] = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.goto(f"{origin}/page.html{query}")
                limit = time.monotonic() + seconds
                frame_ms = played.frame_ms
                running = 0.0  # seconds of the clock from the game's start to the script's end
                while start is not None:
                    page.wait_for_function("() => window.pyodide !== undefined", timeout=START_SECONDS * 1000)
                    started = time.monotonic()
                    page.evaluate("(options) => window.startGame(options)", start)
                    rest = _follow(page, lines, report, shots, errors, limit)
                    running += time.monotonic() - started
                    frame_ms += page.evaluate("() => window.frameMs")
                    played.gc += [(ms, generations) for ms, generations in page.evaluate("() => window.gcMs")]
                    if not played.first_frame_s:
                        at = page.evaluate("() => [window.pyodideAt, window.firstFrameAt]")
                        played.pyodide_s, played.first_frame_s = at[0] / 1000, (at[1] or 0) / 1000
                    start = None if rest is None else start | {"script": rest, "reload_at": None}
                    if start is not None:
                        print(f"browser: the page reloaded after frame {reload_at}", file=sys.stderr)
                        page.reload()
                if outside:
                    raise SystemExit(f"the page asked for addresses outside 127.0.0.1: {outside}")
                figures(frame_ms, running)
            finally:
                browser.close()
    return played


def _follow(
    page: Any,
    lines: list[str],
    report: Callable[[str], None],
    shots: Path | None,
    errors: list[str],
    limit: float,
) -> str | None:
    """The page's notices and shots as they come, until its script ends
    (None) or it is to be reloaded (the rest of the script)."""
    while True:
        finished = page.evaluate("() => window.finished")
        for line in page.evaluate("() => window.takeLines()"):
            lines.append(line)
            report(line)
        if shots is not None:
            for name, data in page.evaluate("() => window.takeShots()").items():
                (shots / name).write_bytes(base64.b64decode(data))
        if errors:
            raise SystemExit(f"the page failed: {errors[0]}")
        if finished:
            rest: str | None = page.evaluate("() => window.rest || null")
            return rest
        if time.monotonic() > limit:
            raise SystemExit("the browser run did not end in the time given")
        page.wait_for_timeout(100)


def figures(frame_ms: list[float], seconds: float) -> None:
    """On standard error: each frame's update and draw in Pyodide (median,
    99th percentile, most) and the frames a second the page ran."""
    if not frame_ms:
        return
    ordered = sorted(frame_ms)
    median, p99 = ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(
        f"browser: {len(ordered)} frames; update and draw in Pyodide: median {median:.1f} ms,"
        f" 99th percentile {p99:.1f} ms, most {ordered[-1]:.1f} ms;"
        f" {len(ordered) / seconds:.0f} frames a second as fast as the page runs them ({seconds:.1f} s,"
        " the game's start included)",
        file=sys.stderr,
    )


def play_in_runtime(runtime: Any, run: Run, window: tuple[int, int] = (1280, 800)) -> Played:
    """``play`` in Pyxel's own runtime (a ``pyxel_runtime.Runtime``):
    ``run.reload_at`` reloads the page before the first command after that many
    of the runtime's frames; ``frame_ms`` stays empty (the runtime paces its
    frames itself: the figures are its frames a second); ``window``: the
    browser window's size."""
    seed, script, shots, low_memory = run.seed, run.script, run.shots, run.low_memory
    report, seconds, reload_at, query = run.report, run.seconds, run.reload_at, run.query
    from playwright.sync_api import sync_playwright
    from pyxel_runtime import (
        ScriptRun,
        frame_count,
        frame_times,
        open_page,
        run_page,
        start,
        stop_frames,
        time_frames,
    )

    from game.ui.device.script import parse_script

    problem = runtime.problem()
    if problem is not None:
        raise SystemExit(problem)
    options = build_app()
    version = next(runtime.wasm.glob("pyxel-*.whl")).name.split("-")[1]
    driver = (TOOLS / "browser_driver.py").read_text(encoding="utf-8")
    html = run_page(version, driver, options["base64"], options["name"], seed, low_memory)
    played, commands = Played(), parse_script(script)
    with (
        tempfile.TemporaryDirectory() as folder,
        serve(Path(folder), {"/run.html": html.encode()}) as origin,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = open_page(browser, origin, runtime, window)
            started = start(page, f"{origin}/run.html{query}")
            played.pyodide_s, played.first_frame_s = started.prompt_s, started.first_frame_s
            scripted = ScriptRun(page, lambda line: (played.lines.append(line), report(line)), shots)
            time_frames(page)
            limit, began, first = time.monotonic() + seconds, time.monotonic(), frame_count(page)
            frames = 0
            for command in commands:
                if reload_at is not None and frame_count(page) - first >= reload_at:
                    stop_frames(page)  # as a closed tab: no frame after what is read here
                    scripted.notices()
                    print(f"browser: the page reloaded after frame {reload_at}", file=sys.stderr)
                    frames += frame_count(page) - first
                    played.timed += frame_times(page)
                    reload_at, scripted.read = None, 0
                    start(page, f"{origin}/run.html{query}")
                    time_frames(page)
                    first = frame_count(page)
                if not scripted.command(command):
                    break
                if page.errors:
                    raise SystemExit(f"the page failed: {page.errors[0]}")
                if time.monotonic() > limit:
                    raise SystemExit("the browser run did not end in the time given")
            frames += frame_count(page) - first
            played.timed += frame_times(page)
            played.stamped = scripted.stamped
            if runtime.refused:
                raise SystemExit(f"the page asked for addresses outside 127.0.0.1: {runtime.refused}")
            elapsed = time.monotonic() - began
            print(
                f"browser: Pyxel {version}'s runtime ran {frames} frames in {elapsed:.1f} s,"
                f" {frames / elapsed:.1f} frames a second; its click prompt {started.prompt_s:.1f} s and"
                f" the game's first frame {started.first_frame_s:.1f} s after the page opened",
                file=sys.stderr,
            )
        finally:
            browser.close()
    return played


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--script", type=Path, required=True, help="a headless script (python -m game --headless)")
    parser.add_argument("--shots", type=Path, help="the folder for the script's shot NAME pictures")
    parser.add_argument("--low-memory", action="store_true", help="constrained-memory mode")
    parser.add_argument("--reload-at", type=int, metavar="FRAME", help="reload the page after FRAME frames")
    parser.add_argument("--query", default="", help="the page address's query: ?join=URL&name=NAME or ?watch=URL")
    parser.add_argument("--runtime", type=Path, metavar="WASM_DIR", help="Pyxel's wasm/ folder: its own web runtime")
    parser.add_argument("--pyodide", type=Path, metavar="DIR", help="with --runtime: the Pyodide its pyxel.js loads")
    args = parser.parse_args()
    if (args.runtime is None) != (args.pyodide is None):
        parser.error("--runtime and --pyodide go together")
    sys.path.insert(0, str(ROOT))
    from game.ui.device.script import ScriptError, first_shot, parse_script, shots_folder

    if args.query and not args.query.startswith("?"):
        parser.error("--query starts with ?, as ?join=ws://127.0.0.1:PORT/ROOM")
    text = args.script.read_text(encoding="utf-8")
    try:
        shots = shots_folder(first_shot(parse_script(text)), args.shots)
    except ScriptError as error:
        print(error, file=sys.stderr)
        return 2
    report = functools.partial(print, flush=True)
    run = Run(args.seed, text, shots, args.low_memory, report, reload_at=args.reload_at, query=args.query)
    if args.runtime is not None:
        from pyxel_runtime import Runtime

        play_in_runtime(Runtime(args.runtime, args.pyodide), run)
        return 0
    play(run)
    return 0


if __name__ == "__main__":
    if shutil.which(CHROMIUM) is None:
        raise SystemExit(f"{CHROMIUM} is needed (Debian's chromium)")
    sys.exit(main())
