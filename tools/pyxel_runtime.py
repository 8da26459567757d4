"""Pyxel's own web runtime, for tools and tests: a page opened in headless
Chromium whose requests for Pyxel's runtime and Pyodide (their CDN
addresses, as ``pyxel app2html``'s page and ``pyxel.js`` name them) are
answered from folders a developer has, and every other address outside
127.0.0.1 refused.

The folders are never part of this repository: ``UNO1991_PYXEL_WASM`` names
Pyxel's ``wasm/`` folder (``pyxel.js`` and its wheel; its pictures are at
``../docs/images/`` beside it, as in Pyxel's repository), ``UNO1991_PYODIDE``
the Pyodide that ``pyxel.js`` loads (npm's ``pyodide`` package of that
version). docs/browser.md says where to take them from.

Keys are real key events (Pyxel 2.6 has no ``set_btn``), each held until
the game has seen a frame with it down; the screen is read back as Pyxel
saves it (``pyxel.screen.save``, 2 pixels for each of the screen's).
"""

from __future__ import annotations

import base64
import json
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RUNTIME_VARIABLE = "UNO1991_PYXEL_WASM"
PYODIDE_VARIABLE = "UNO1991_PYODIDE"
CDN_PYXEL = re.compile(r"https://cdn\.jsdelivr\.net/gh/kitao/pyxel@[^/]+/(.+)")
CDN_PYODIDE = re.compile(r"https://cdn\.jsdelivr\.net/pyodide/v[^/]+/full/(.+)")
CONTENT_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".png": "image/png",
    ".css": "text/css",
    ".py": "text/plain",
}
# Script key names (pyxel's, as ``python -m game --headless --script`` takes them) as the browser names them.
DOM_KEYS = {
    "RETURN": "Enter",
    "ESCAPE": "Escape",
    "UP": "ArrowUp",
    "DOWN": "ArrowDown",
    "LEFT": "ArrowLeft",
    "RIGHT": "ArrowRight",
    "SPACE": " ",
    "BACKSPACE": "Backspace",
    "TAB": "Tab",
}
SHOT_SCALE = 2


@dataclass
class Runtime:
    """Pyxel's ``wasm/`` folder and Pyodide's, and the addresses refused."""

    wasm: Path
    pyodide: Path
    refused: list[str] = field(default_factory=list)

    @classmethod
    def from_environment(cls) -> Runtime | None:
        wasm, pyodide = os.environ.get(RUNTIME_VARIABLE), os.environ.get(PYODIDE_VARIABLE)
        return cls(Path(wasm), Path(pyodide)) if wasm and pyodide else None

    def problem(self) -> str | None:
        """What is missing of the two folders, if anything."""
        if not (self.wasm / "pyxel.js").is_file():
            return f"no pyxel.js in {self.wasm} ({RUNTIME_VARIABLE}, --runtime: Pyxel's wasm/ folder)"
        if not (self.pyodide / "pyodide.js").is_file():
            return f"no pyodide.js in {self.pyodide} ({PYODIDE_VARIABLE}, --pyodide: npm's pyodide package)"
        return None

    def file_for(self, url: str) -> Path | None:
        """The local file answering a CDN address, if any."""
        for pattern, folder in ((CDN_PYXEL, self.wasm.parent), (CDN_PYODIDE, self.pyodide)):
            found = pattern.fullmatch(url.split("?", 1)[0])
            if found:
                path = (folder / found.group(1)).resolve()
                if path.is_file() and folder.resolve() in path.parents:
                    return path
        return None

    def answer(self, route: Any) -> None:
        """A playwright route handler for addresses outside the page's origin."""
        url = route.request.url
        path = self.file_for(url)
        if path is None:
            self.refused.append(url)
            route.abort()
            return
        content_type = CONTENT_TYPES.get(path.suffix, "application/octet-stream")
        route.fulfill(status=200, body=path.read_bytes(), content_type=content_type)


def open_page(browser: Any, origin: str, runtime: Runtime, viewport: tuple[int, int] = (1280, 800)) -> Any:
    """A page that reaches ``origin`` and, through ``runtime``, nothing else;
    its console lines in ``page.console_lines``, its errors in ``page.errors``."""
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    page.route(lambda url: not url.startswith(origin + "/"), runtime.answer)
    page.console_lines, page.errors = [], []
    page.on("console", lambda message: page.console_lines.append(message.text))
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


@dataclass
class Started:
    """Seconds from opening the page to Pyxel's click prompt and to the game's first frame."""

    prompt_s: float
    first_frame_s: float


def start(page: Any, address: str, seconds: float = 180) -> Started:
    """Open ``address``, click when the runtime asks, and wait for the game's
    first frame (the game marks the page ``data-game="running"``)."""
    opened = time.monotonic()
    page.goto(address)
    page.wait_for_selector("#pyxel-prompt", state="attached", timeout=seconds * 1000)
    prompt = time.monotonic() - opened
    page.mouse.click(10, 10)
    page.wait_for_function("() => document.body.dataset.game === 'running'", timeout=seconds * 1000)
    return Started(prompt, time.monotonic() - opened)


def python(page: Any, code: str) -> Any:
    """The value of the last line of ``code``, run in the page's Pyodide."""
    return page.evaluate("(code) => window.pyxelContext.pyodide.runPython(code)", code)


def frame_count(page: Any) -> int:
    return int(python(page, "import pyxel\npyxel.frame_count"))


def wait_frames(page: Any, frames: int, seconds: float = 120) -> None:
    """Until the game has run ``frames`` more frames."""
    target = frame_count(page) + frames
    limit = time.monotonic() + seconds
    while frame_count(page) < target:
        if time.monotonic() > limit:
            raise TimeoutError(f"the game did not run {frames} frames in {seconds} s")
        page.wait_for_timeout(15)


def stop_frames(page: Any) -> None:
    """No more of the game's frames (the runtime's main loop cancelled, as pyxel.js does at an error)."""
    page.evaluate("() => window.pyxelContext.pyodide._module._emscripten_cancel_main_loop()")


def press(page: Any, key: str) -> None:
    """Press a key (a script's name: RETURN, DOWN, P...) as a player does:
    down until the game has seen a frame with it down, then up."""
    name = DOM_KEYS.get(key.upper(), key.lower())
    page.keyboard.down(name)
    wait_frames(page, 2)
    page.keyboard.up(name)
    wait_frames(page, 1)


def screen_png(page: Any) -> bytes:
    """The game's screen as Pyxel saves it (a PNG, 2 x 2 pixels a screen pixel)."""
    code = f"""
import base64, os, pyxel
pyxel.screen.save("/tmp/screen.png", {SHOT_SCALE})
data = base64.b64encode(open("/tmp/screen.png", "rb").read()).decode()
os.remove("/tmp/screen.png")
data
"""
    return base64.b64decode(python(page, code))


def frames_a_second(page: Any, seconds: float) -> float:
    """The frames the game ran a second, over ``seconds`` of the clock."""
    first, began = frame_count(page), time.monotonic()
    page.wait_for_timeout(seconds * 1000)
    return (frame_count(page) - first) / (time.monotonic() - began)


NOTICES_FILE = "/tmp/notices.txt"  # browser_driver.NOTICES_FILE, in the page's file system
RUN_PAGE = """\
<!doctype html>
<meta charset="utf-8">
<title>UNO 1991 in Pyxel's web runtime</title>
<script src="https://cdn.jsdelivr.net/gh/kitao/pyxel@{version}/wasm/pyxel.js"></script>
<script>launchPyxel({{ command: "run", script: {script}, gamepad: "enabled" }});</script>
"""
# The run's Python, as pyxel.js runs a "run" command: tools/browser_driver.py written into the page's
# files and its launch() starting the app as Pyxel's runtime plays one (the run's seed added).
LAUNCH = """
import sys
from pathlib import Path
Path("/tmp/driver").mkdir(exist_ok=True)
Path("/tmp/driver/browser_driver.py").write_text({driver!r})
sys.path.insert(0, "/tmp/driver")
import browser_driver
browser_driver.launch({app!r}, {name!r}, {seed!r}, {low_memory!r})
"""


def run_page(version: str, driver: str, app: str, name: str, seed: int, low_memory: bool) -> str:
    """A page that starts the app in Pyxel's runtime (its CDN address, which
    ``Runtime`` answers) as tools/browser_driver.py starts it on the stand-in."""
    code = LAUNCH.format(driver=driver, app=app, name=name, seed=seed, low_memory=low_memory)
    return RUN_PAGE.format(version=version, script=json.dumps(code))


class ScriptRun:
    """A headless script played in a page of Pyxel's runtime with real key
    and mouse events: each command when the last is done (a key held until
    the game has seen it), so its frame numbers are the runtime's own, not
    the script's; ``turn`` and ``stop-at-result`` ask the game itself."""

    def __init__(self, page: Any, report: Callable[[str], None], shots: Path | None) -> None:
        self.page = page
        self.report = report
        self.shots = shots
        self.read = 0  # characters of the notices already passed on
        self.stamped: list[tuple[float, str]] = []  # each notice and the page's clock when it came

    def notices(self) -> None:
        """The game's new notices, to ``report`` (without the window's time stamps)."""
        code = f"import os\nopen({NOTICES_FILE!r}).read() if os.path.exists({NOTICES_FILE!r}) else ''"
        text = python(self.page, code)
        new, self.read = text[self.read :], len(text)
        for line in new.splitlines():
            stamp, said = line.split(" ", 1)
            self.stamped.append((float(stamp), said))
            self.report(said)

    def command(self, command: Any) -> bool:
        """Do one command; False when the script is to stop (its result reached)."""
        page, verb = self.page, command.verb
        if verb == "press":
            press(page, key_name(command.key))
        elif verb in ("click", "move"):
            x, y = canvas_point(page, command.x, command.y)
            page.mouse.move(x, y)
            if verb == "click":
                page.mouse.down()
                wait_frames(page, 2)
                page.mouse.up()
            wait_frames(page, 1)
        elif verb == "wait":
            target, limit = frame_count(page) + command.frames, time.monotonic() + max(120, command.frames)
            while frame_count(page) < target:  # (what the game says meanwhile passed on as it comes)
                if time.monotonic() > limit:
                    raise TimeoutError(f"the game did not run {command.frames} frames in time")
                self.notices()
                page.wait_for_timeout(30)
        elif verb == "turn":
            limit = time.monotonic() + command.frames
            while not python(page, f"{APP}\nfrom game.ui.device.script import awaits_keys\nawaits_keys(app)"):
                if time.monotonic() > limit:
                    self.report(f"turn: the table did not wait for your keys within {command.frames} s")
                    break
                self.notices()
                page.wait_for_timeout(30)
        elif verb == "stop-at-result":
            if python(page, f"{APP}\nfrom game.ui.device.script import RESULT_SCENES\napp.scene in RESULT_SCENES"):
                self.notices()
                self.report("script stopped at the result")
                return False
        elif self.shots is not None:
            (self.shots / f"{command.name}.png").write_bytes(screen_png(page))
            self.report(f"shot {command.name}")
        self.notices()
        return True


# Each frame's update and draw (the game's Python and Pyxel's drawing in Rust it calls), timed in the page:
# [the page's clock at its end, ms], in ``uno1991_frames``.
TIME_FRAMES = """
import time
uno1991_frames = []


def uno1991_timed(method):
    def timed():
        began = time.perf_counter()
        method()
        uno1991_frames.append((time.time(), (time.perf_counter() - began) * 1000))

    return timed


app.update, app.draw = uno1991_timed(app.update), uno1991_timed(app.draw)
"""


def time_frames(page: Any) -> None:
    """From now on, time each frame's update and draw in the page (``frame_times``)."""
    python(page, APP + TIME_FRAMES)


def frame_times(page: Any) -> list[tuple[float, float]]:
    """Each frame's update and draw since ``time_frames``: (the page's clock, ms),
    the update's and the draw's summed."""
    pairs = json.loads(python(page, "import json\njson.dumps(uno1991_frames)"))
    return [(pairs[i + 1][0], pairs[i][1] + pairs[i + 1][1]) for i in range(0, len(pairs) - 1, 2)]


# The game's App in the page's Python (one a page), for the script's questions about it.
APP = """
import gc
from game.ui.app import App
app = globals().get("app") or next(o for o in gc.get_objects() if isinstance(o, App))
"""


def key_name(code: int) -> str:
    """A pyxel key code's name as scripts write it (RETURN, LEFT, P)."""
    import pyxel

    for name in dir(pyxel):
        if name.startswith("KEY_") and getattr(pyxel, name) == code:
            return name[4:]
    raise ValueError(f"key {code}: only keyboard keys can be pressed in Pyxel's runtime from outside")


def canvas_point(page: Any, x: int, y: int) -> tuple[float, float]:
    """Where the screen's pixel (x, y) is in the page: Pyxel draws the
    320 x 200 screen at the largest scale that fits its canvas, centred."""
    left, top, width, height = page.evaluate(
        "() => { const r = document.querySelector('canvas#canvas').getBoundingClientRect();"
        " return [r.left, r.top, r.width, r.height]; }"
    )
    scale = min(width / 320, height / 200)
    return left + (width - 320 * scale) / 2 + (x + 0.5) * scale, top + (height - 200 * scale) / 2 + (y + 0.5) * scale
