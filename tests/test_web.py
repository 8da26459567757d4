"""The web build: fresh, launching Pyxel's pinned runtime with our app, and the
engine and computer players giving the same games in Pyodide as natively.

Pyxel's web runtime (pyxel.js and its wasm wheel) comes from a CDN this
machine cannot reach, so the page's request for pyxel.js is answered by the
test with a stub that records the launchPyxel call. The engine and the AI run
for real in Pyodide 314.0.4 (npm, in tests/browser) in headless Chromium.
"""

import concurrent.futures
import functools
import http.server
import io
import json
import multiprocessing
import os
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path
from typing import ClassVar

import pytest
import pyxel

from game.rules import Game
from game.web import APP_NAME, expected_app, launch_options, page_app, zip_entries
from game.web import RUNTIME_BESIDE as BESIDE

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
BROWSER = ROOT / "tests" / "browser"
sys.path.insert(0, str(BROWSER))
sys.path.insert(0, str(ROOT / "tools"))
import play_records  # noqa: E402  (the driver the browser runs too)
from browser_run import CHROMIUM_ARGS  # noqa: E402  (Chromium's flags: no network of its own)

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"

PYODIDE = BROWSER / "node_modules" / "pyodide"
# Debian's Chromium, which .ci/run installs; another build on PATH is only a fallback.
DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM = str(DEBIAN_CHROMIUM) if DEBIAN_CHROMIUM.exists() else shutil.which("chromium") or str(DEBIAN_CHROMIUM)
HANDS_PER_PAIR = 67  # three pairs of levels: 201 hands


def _stale(actual: dict[str, bytes], expected: dict[str, bytes]) -> list[str]:
    problems = [f"missing: {name}" for name in sorted(expected.keys() - actual.keys())]
    problems += [f"not in game/: {name}" for name in sorted(actual.keys() - expected.keys())]
    problems += [f"stale: {name}" for name in sorted(expected.keys() & actual.keys()) if actual[name] != expected[name]]
    return problems


def test_the_page_holds_exactly_the_current_game():
    page = (WEB / "index.html").read_text(encoding="utf-8")
    assert _stale(page_app(page), expected_app()) == [], "web/ is stale: run python -m game.web"


def test_the_pyxapp_holds_exactly_the_current_game():
    app = zip_entries((WEB / f"{APP_NAME}.pyxapp").read_bytes())
    assert _stale(app, expected_app()) == [], "web/ is stale: run python -m game.web"


def test_building_twice_gives_identical_files(tmp_path):
    """``python -m game.web`` is reproducible: the app's entries are in order
    with fixed dates, so a build a few seconds later (the staged files newer,
    zip dates having 2-second steps) gives the same bytes."""
    first, second = tmp_path / "first", tmp_path / "second"
    for out in (first, second):
        subprocess.run([sys.executable, "-m", "game.web", "--out", str(out)], cwd=ROOT, check=True, capture_output=True)
        if out == first:
            time.sleep(2.1)
    names = sorted(path.name for path in first.iterdir())
    assert names == ["index.html", f"{APP_NAME}.pyxapp"]
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), f"{name} differs between two builds"
    with zipfile.ZipFile(first / f"{APP_NAME}.pyxapp") as archive:
        assert archive.namelist() == sorted(archive.namelist())
        assert archive.comment.startswith(b"-")  # pyxel's title and author, kept


def test_the_page_has_a_title_and_the_controls():
    page = (WEB / "index.html").read_text(encoding="utf-8")
    assert "<title>UNO 1991</title>" in page
    assert "RETURN plays" in page and "P picks up" in page


# ----- in a real browser -----------------------------------------------------------


def _need_browser(*paths: Path) -> None:
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        message = f"browser tests need {', '.join(missing)} (see docs/contributing.md: The test command)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


class _Files(http.server.SimpleHTTPRequestHandler):
    """Serves a folder, plus in-memory files, on 127.0.0.1."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".zip": "application/zip",
    }
    extra: ClassVar[dict[str, bytes]] = {}

    def do_GET(self):
        data = self.extra.get(self.path)
        if data is None:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        return None

    def log_message(self, *args):
        pass


@pytest.fixture
def serve():
    servers = []

    def start(directory: Path, extra: dict[str, bytes] | None = None) -> str:
        handler = type("Handler", (_Files,), {"extra": extra or {}})
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=directory))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield start
    for server in servers:
        server.shutdown()


@pytest.fixture(scope="module")
def browser():
    _need_browser(Path(CHROMIUM))
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


def _offline_page(browser, origin: str, answers: dict[str, str]):
    """A page that may reach only ``origin``; ``answers`` fakes other URLs."""
    page = browser.new_page()
    outside = []

    def route(request_route):
        url = request_route.request.url
        if url in answers:
            request_route.fulfill(status=200, content_type="text/javascript", body=answers[url])
        else:
            outside.append(url)
            request_route.abort()

    page.route(lambda url: not url.startswith(origin + "/"), route)
    return page, outside


def test_the_page_launches_pyxel_2_9_9_with_our_app(browser, serve):
    origin = serve(WEB)
    runtime = f"https://cdn.jsdelivr.net/gh/kitao/pyxel@{pyxel.VERSION}/wasm/pyxel.js"
    recorder = "window.launchPyxel = (options) => { window.launched = options; };"
    page, outside = _offline_page(browser, origin, {runtime: recorder})
    page.goto(f"{origin}/index.html")
    page.wait_for_function("() => window.launched !== undefined", timeout=10_000)
    launched = page.evaluate("() => window.launched")
    assert pyxel.VERSION == "2.9.9"
    assert launched["command"] == "play"
    assert launched["name"] == f"{APP_NAME}.pyxapp"
    assert launched == launch_options((WEB / "index.html").read_text(encoding="utf-8")) | {"gamepad": "enabled"}
    assert _stale(page_app(f'launchPyxel({{base64: "{launched["base64"]}"}})'), expected_app()) == []
    assert page.title() == "UNO 1991"
    assert outside == []
    page.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The page as ``python -m game.web`` builds it now (web/ itself is
    rebuilt at merge time), in a folder of its own."""
    out = tmp_path_factory.mktemp("web")
    subprocess.run([sys.executable, "-m", "game.web", "--out", str(out)], cwd=ROOT, check=True, capture_output=True)
    return out


def _open(browser, origin: str, answers: dict[str, str]):
    """The built page, offline but for ``answers``; its script errors noted."""
    page, outside = _offline_page(browser, origin, answers)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{origin}/index.html")
    return page, outside, errors


CDN_RUNTIME = f"https://cdn.jsdelivr.net/gh/kitao/pyxel@{pyxel.VERSION}/wasm/pyxel.js"
# A stand-in for Pyxel's runtime: records the launch and the scripts named
# pyxel.js then on the page (the real one finds its files beside the first).
STAND_IN = """
window.launchPyxel = (options) => {
  window.launched = options;
  window.runtimes = [...document.getElementsByTagName("script")].map((s) => s.src).filter((s) => /pyxel\\.js$/.test(s));
};
"""


def test_a_page_that_cannot_load_the_games_runtime_says_so_and_what_to_do(browser, serve, built):
    origin = serve(built)  # no copy of the runtime beside the page
    page, outside, errors = _open(browser, origin, {})  # and the CDN out of reach
    page.wait_for_selector("#no-runtime", state="visible", timeout=10_000)
    text = " ".join(page.inner_text("#no-runtime").split())
    assert f"The game's runtime, pyxel.js, could not be loaded from {CDN_RUNTIME} nor from {BESIDE}" in text
    assert "reload" in text
    # What the one who serves the page can do, said in the box itself: a visitor of a hosted page has no docs/.
    assert "beside index.html" in text and "wasm/ folder of the v2.9.9 tag of github.com/kitao/pyxel" in text
    assert "python -m game.web --site DIR --runtime WASM_DIR --pyodide PYODIDE_DIR" in text
    assert "docs/" not in text
    assert "to start" not in page.inner_text("#about")
    assert errors == [], "no launchPyxel is not defined"
    assert outside == [CDN_RUNTIME]
    page.close()


def test_a_copy_of_the_runtime_served_beside_the_page_is_used_when_the_cdn_cannot_be_reached(browser, serve, built):
    origin = serve(built, {f"/{BESIDE}": STAND_IN.encode()})
    page, outside, errors = _open(browser, origin, {})
    page.wait_for_function("() => window.launched !== undefined", timeout=10_000)
    launched = page.evaluate("() => window.launched")
    assert launched == launch_options((built / "index.html").read_text(encoding="utf-8")) | {"gamepad": "enabled"}
    assert page.evaluate("() => window.runtimes") == [f"{origin}/{BESIDE}"], "the CDN's script is gone from the page"
    assert page.is_hidden("#no-runtime") and "Click or touch to start" in page.inner_text("#about")
    assert errors == [] and outside == [CDN_RUNTIME]
    page.close()


def test_the_cdns_runtime_comes_first(browser, serve, built):
    origin = serve(built, {f"/{BESIDE}": b"window.besideLoaded = true;"})
    page, _outside, errors = _open(browser, origin, {CDN_RUNTIME: STAND_IN})
    page.wait_for_function("() => window.launched !== undefined", timeout=10_000)
    assert page.evaluate("() => window.runtimes") == [CDN_RUNTIME]
    assert page.evaluate("() => window.besideLoaded === undefined") and errors == []
    page.close()


def _engine_zip() -> bytes:
    """The game's pure-Python packages and the test's driver, as a zip."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for package in ("rules", "ai"):
            for path in sorted((ROOT / "game" / package).glob("*.*")):  # its modules and its data (ai/values.json)
                if path.suffix in (".py", ".json"):
                    archive.write(path, path.relative_to(ROOT).as_posix())
        archive.writestr("game/__init__.py", (ROOT / "game" / "__init__.py").read_text())
        archive.write(BROWSER / "play_records.py", "play_records.py")
    return buffer.getvalue()


@pytest.fixture(scope="module")
def pyodide() -> Path:
    """Pyodide from npm (tests/browser/package-lock.json), installed on first use."""
    if not PYODIDE.exists() and shutil.which("npm"):
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=BROWSER, check=True, capture_output=True)
    _need_browser(PYODIDE)
    return PYODIDE


def test_engine_and_computer_players_give_identical_games_in_pyodide(browser, pyodide, serve):
    page_html = (BROWSER / "page.html").read_bytes()
    origin = serve(BROWSER, {"/page.html": page_html, "/game.zip": _engine_zip()})
    page, outside = _offline_page(browser, origin, {})
    page.goto(f"{origin}/page.html")
    page.evaluate("() => window.pyodideReady")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        native_run = pool.submit(play_records.play, HANDS_PER_PAIR)
        in_browser = json.loads(page.evaluate(f"() => window.playHands({HANDS_PER_PAIR})"))
        native = json.loads(native_run.result())
    version = page.evaluate("() => window.pythonVersion")
    print(
        f"\n{len(native['records'])} hands: {in_browser['hands_per_second']:.1f} hands/s in Pyodide "
        f"(Python {version.split()[0]}), {native['hands_per_second']:.1f} hands/s natively"
    )
    assert version.startswith("3.14")
    assert len(in_browser["records"]) == len(native["records"]) >= 200
    for browser_record, native_record in zip(in_browser["records"], native["records"], strict=True):
        assert browser_record.splitlines() == native_record.splitlines()
    assert outside == []
    page.close()


def _storage_zip() -> bytes:
    """The game's code that keeps things (game.storage, with the game.rules it
    needs and nothing else: not game.online) and the checks."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted((ROOT / "game" / "rules").glob("*.py")):
            archive.write(path, path.relative_to(ROOT).as_posix())
        archive.write(ROOT / "game" / "__init__.py", "game/__init__.py")
        for path in sorted((ROOT / "game" / "storage").glob("*.py")):
            archive.write(path, path.relative_to(ROOT).as_posix())
        archive.write(BROWSER / "storage_checks.py", "storage_checks.py")
        archive.write(ROOT / "tests" / "storage_contract.py", "storage_contract.py")
    return buffer.getvalue()


def test_settings_statistics_and_saved_matches_survive_a_reload_in_localstorage(browser, pyodide, serve):
    """Chromium's real localStorage, through Pyodide: what one page saves, the
    reloaded page reads; garbled data is kept aside under another key."""
    from game.storage.saves import state_digest

    page_html = (BROWSER / "page.html").read_bytes()
    origin = serve(BROWSER, {"/page.html": page_html, "/game.zip": _storage_zip()})
    page, outside = _offline_page(browser, origin, {})

    def fresh_page() -> None:
        page.goto(f"{origin}/page.html")
        page.evaluate("() => window.pyodideReady")

    fresh_page()
    page.evaluate("() => localStorage.clear()")
    saved = json.loads(page.evaluate("() => window.storageCheck('save')"))
    assert saved == {"platform": "emscripten", "backend": "LocalStorage", "warnings": [None] * 3}
    assert sorted(page.evaluate("() => Object.keys(localStorage)")) == ["uno1991", "uno1991.match", "uno1991.replays"]

    fresh_page()  # a reload: a new Python, the same localStorage
    loaded = json.loads(page.evaluate("() => window.storageCheck('load')"))
    assert loaded["settings"] == ["hard", False]
    assert loaded["stats"] == [1, 85, 1, 310]
    assert loaded["warnings"] == [None, None]
    assert loaded["state"] == state_digest(Game.replay(loaded["record"]))  # the same game as natively
    assert loaded["finished"] == ["lost you 310, computer 505"]

    page.evaluate(
        "() => { localStorage.setItem('uno1991', '{garbled'); localStorage.setItem('uno1991.match', '{\"ver'); }"
    )
    fresh_page()
    bad = json.loads(page.evaluate("() => window.storageCheck('load_bad')"))
    settings_warning, match_warning, saved_again = bad["warnings"]
    assert "kept as localStorage['uno1991.unreadable-" in settings_warning
    assert "cannot be continued" in match_warning and "localStorage['uno1991.match.unreadable-" in match_warning
    assert saved_again is None and bad["match"]
    items = page.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    assert [value for key, value in items.items() if key.startswith("uno1991.unreadable-")] == ["{garbled"]
    assert [value for key, value in items.items() if key.startswith("uno1991.match.unreadable-")] == ['{"ver']
    assert "uno1991.match" not in items and json.loads(items["uno1991"])["version"] == 1
    assert outside == []
    page.close()


def test_the_storage_contract_holds_over_the_pages_real_localstorage(browser, pyodide, serve):
    """tests/storage_contract.py, every check, in Chromium through Pyodide
    over the page's localStorage: the browser keeps what the desktop keeps."""
    import storage_contract

    origin = serve(BROWSER, {"/page.html": (BROWSER / "page.html").read_bytes(), "/game.zip": _storage_zip()})
    page, outside = _offline_page(browser, origin, {})
    page.goto(f"{origin}/page.html")
    page.evaluate("() => window.pyodideReady")
    results = json.loads(page.evaluate("() => window.storageCheck('contract')"))
    assert list(results) == [check.__name__ for check in storage_contract.CHECKS]
    assert {name: why for name, why in results.items() if why is not None} == {}
    assert outside == []
    page.close()


# Pyxel's runtime as far as the page's layout sees it: pyxel.css's rules for its screen and canvas (the whole
# window, added after the page's own styles, as pyxel.js adds its stylesheet), the canvas in div#pyxel-screen,
# the click prompt, and at the click the game's first frame drawn and the page marked running as the game marks it.
LAYOUT_STAND_IN = """
window.launchPyxel = async (options) => {
  const style = document.createElement("style");
  style.textContent = `div#pyxel-screen { position: absolute; left: 0%; top: 0%; width: 100%; height: 100%; }
    canvas#canvas { position: absolute; left: 0%; top: 0%; width: 100%; height: 100%; }`;
  document.head.appendChild(style);
  let screen = document.querySelector("div#pyxel-screen");
  if (!screen) {  // as pyxel.js does where a page has none
    screen = document.createElement("div");
    screen.id = "pyxel-screen";
    document.body.appendChild(screen);
  }
  const canvas = document.createElement("canvas");
  canvas.id = "canvas";
  screen.appendChild(canvas);
  const prompt = document.createElement("img");
  prompt.id = "pyxel-prompt";
  screen.appendChild(prompt);
  document.body.addEventListener("click", () => {
    prompt.remove();
    const area = canvas.getBoundingClientRect();
    [canvas.width, canvas.height] = [Math.round(area.width), Math.round(area.height)];
    const scale = Math.min(canvas.width / 320, canvas.height / 200);
    const context = canvas.getContext("2d");
    context.fillStyle = "#1d2b53";
    context.fillRect((canvas.width - 320 * scale) / 2, (canvas.height - 200 * scale) / 2, 320 * scale, 200 * scale);
    document.body.dataset.game = "running";
  }, { once: true });
};
"""
LAYOUT = (BROWSER / "layout.js").read_text(encoding="utf-8")
# A desktop's windows, and a phone upright and flat.
WINDOW_SIZES = [(1280, 800), (800, 600), (390, 844), (844, 390)]


def _words_beside_the_canvas(page, size: tuple[int, int]) -> list[str]:
    """The page's visible words, once it is checked that none of them covers
    the canvas and that the canvas has the window's width and most of its height."""
    seen = page.evaluate(LAYOUT)
    assert seen["overlaps"] == [], f"at {size}, words over the canvas {seen['canvas']}: {seen['overlaps']}"
    left, top, width, height = seen["canvas"]
    assert (left, top, width) == (0, 0, size[0]) and height >= 0.75 * size[1], (size, seen["canvas"])
    return [text for text, _box in seen["texts"]]


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_the_pages_words_never_cover_the_game_and_change_once_it_runs(browser, serve, built, size):
    origin = serve(built, {f"/{BESIDE}": LAYOUT_STAND_IN.encode()})
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.route(lambda url: not url.startswith(origin + "/"), lambda route: route.abort())
    page.goto(f"{origin}/index.html")
    page.wait_for_selector("#pyxel-prompt", state="attached", timeout=10_000)
    before = " ".join(_words_beside_the_canvas(page, size))
    assert "Click or touch to start" in before and "RETURN plays" in before
    page.mouse.click(size[0] // 2, size[1] // 3)
    page.wait_for_function("() => document.body.dataset.game === 'running'", timeout=10_000)
    after = " ".join(_words_beside_the_canvas(page, size))
    assert "to start" not in after and "RETURN plays" not in after  # the game's own screens name its keys
    assert "UNO 1991" in after and "HOW TO PLAY, on the title menu, names every key" in after
    page.close()


def test_a_runtime_that_starts_nothing_within_the_bound_is_said_so(browser, serve, built):
    """A pyxel.js that loads but whose launchPyxel never comes to its click
    prompt (what 2.6.2's does when a picture it waits on never comes)."""
    origin = serve(built, {f"/{BESIDE}": b"window.launchPyxel = () => new Promise(() => {});"})
    page, outside = _offline_page(browser, origin, {})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{origin}/index.html?start_bound=2")
    page.wait_for_selector("#no-runtime", state="visible", timeout=20_000)
    why = " ".join(page.inner_text("#why").split())
    assert why.startswith(f"Nothing started within 2 s of loading the game's runtime ({CDN_RUNTIME}, {BESIDE})")
    assert "to start" not in page.inner_text("#about") and errors == [] and outside == [CDN_RUNTIME]
    page.close()


def test_a_runtime_that_fails_as_it_starts_is_said_so_with_its_error(browser, serve, built):
    failing = b'window.launchPyxel = async () => { throw new Error("Failed to fetch pyodide.asm.wasm"); };'
    origin = serve(built, {f"/{BESIDE}": failing})
    page, _outside, errors = _open(browser, origin, {})
    page.wait_for_selector("#no-runtime", state="visible", timeout=10_000)
    assert page.inner_text("#why") == "The game's runtime stopped: Error: Failed to fetch pyodide.asm.wasm"
    assert errors == []
    page.close()
