"""The committed page in Pyxel's own web runtime (not the stand-in), where a
developer names one: ``UNO1991_PYXEL_WASM`` (Pyxel's ``wasm/`` folder, its
pictures at ``../docs/images/``) and ``UNO1991_PYODIDE`` (the Pyodide its
``pyxel.js`` loads); skipped otherwise. docs/browser.md says where to take
them from (Pyxel 2.6.2's, at commit c9330b00 of Pyxel's repository, and
npm's pyodide 0.29.3, were tried). The page's requests for the runtime's
and Pyodide's CDN addresses are answered from those folders, every other
address outside 127.0.0.1 refused; keys are real key events."""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import pyxel_runtime  # noqa: E402  (tools/, beside browser_run.py)
from pictures import where_written  # noqa: E402
from test_web import CHROMIUM, CHROMIUM_ARGS, LAYOUT, WINDOW_SIZES, _words_beside_the_canvas  # noqa: E402

pytestmark = pytest.mark.slow

WEB = ROOT / "web"


@pytest.fixture(scope="module")
def runtime() -> pyxel_runtime.Runtime:
    found = pyxel_runtime.Runtime.from_environment()
    if found is None:
        pytest.skip(f"no Pyxel web runtime named ({pyxel_runtime.RUNTIME_VARIABLE}, {pyxel_runtime.PYODIDE_VARIABLE})")
    problem = found.problem()
    if problem is not None:
        pytest.fail(problem)
    if shutil.which(CHROMIUM) is None and not Path(CHROMIUM).exists():
        pytest.skip(f"no {CHROMIUM}")
    return found


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def origin() -> Iterator[str]:
    """web/ as committed, on a free port of 127.0.0.1."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(WEB)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture(scope="module")
def browser(runtime) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def game(browser, runtime, origin) -> Iterator[Any]:
    """The committed page, started (the click asked for) and on its title."""
    page = pyxel_runtime.open_page(browser, origin, runtime)
    page.started = pyxel_runtime.start(page, f"{origin}/index.html")
    yield page
    page.close()


def _screen_showing(page: Any, tmp_path: Path, words: str) -> Path:
    """The game's screen once it shows ``words`` (the loading screen, the
    deal, a computer's move come first), looked at every 10 frames, 60 times at most."""
    path = tmp_path / "screen.png"
    for _ in range(60):
        path.write_bytes(pyxel_runtime.screen_png(page))
        if where_written(path, words):
            break
        pyxel_runtime.wait_frames(page, 10)
    return path


def test_the_committed_page_reaches_its_title_naming_the_runtime_once(game, runtime, tmp_path):
    title = _screen_showing(game, tmp_path, "HOW TO PLAY")
    for item in ("PLAY", "HOW TO PLAY", "JOIN ONLINE", "REPLAYS"):
        assert where_written(title, item), f"{item} is not on the title"
    assert not where_written(title, "QUIT")  # a page has no QUIT
    named = [line for line in game.console_lines if line.startswith("uno1991: Pyxel ")]
    wheel = next(runtime.wasm.glob("pyxel-*.whl")).name.split("-")[1]
    assert named == [f"uno1991: Pyxel {wheel}, Python {named[0].split('Python ')[1].split(',')[0]}, in the browser"]
    assert game.errors == [] and runtime.refused == []
    assert pyxel_runtime.frames_a_second(game, 3) > 10


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_in_pyxels_runtime_no_word_of_the_page_covers_the_game(game, size):
    game.set_viewport_size({"width": size[0], "height": size[1]})
    game.wait_for_timeout(300)  # (the runtime's resize handler)
    words = " ".join(_words_beside_the_canvas(game, size))
    assert "HOW TO PLAY, on the title menu, names every key" in words and "to start" not in words
    assert game.evaluate(LAYOUT)["overlaps"] == []


def test_the_committed_page_plays_a_1991_table_with_real_keys(game, tmp_path):
    game.set_viewport_size({"width": 1280, "height": 800})
    pyxel_runtime.press(game, "RETURN")  # PLAY: 1991 against the computer
    table = _screen_showing(game, tmp_path, "Your turn")
    assert where_written(table, "Your turn: LEFT/RIGHT choose, RETURN plays, P picks up")
    assert where_written(table, "YOU") and where_written(table, "COMPUTER") and len(where_written(table, "CARDS")) == 2
    assert game.errors == []


def test_with_pyodide_out_of_reach_the_page_says_which_address_failed(browser, runtime, origin):
    without = pyxel_runtime.Runtime(runtime.wasm, runtime.wasm / "no-pyodide-here")
    page = pyxel_runtime.open_page(browser, origin, without)
    page.goto(f"{origin}/index.html")
    page.wait_for_selector("#no-runtime", state="visible", timeout=60_000)
    pyodide = next(url for url in without.refused if url.endswith("/pyodide.js"))
    page.wait_for_function("(address) => document.getElementById('why').innerText.includes(address)", arg=pyodide)
    assert f"The game's runtime could not load {pyodide}." in _reasons(page)
    assert "to start" not in page.inner_text("#about")
    page.close()


def test_with_the_runtimes_wheel_out_of_reach_the_page_says_which_address_failed(browser, runtime, origin, tmp_path):
    """pyxel.js loads, Pyodide too, but not the runtime's own wheel."""
    wasm = tmp_path / "wasm"
    wasm.mkdir()
    for path in runtime.wasm.iterdir():
        if path.is_file() and path.suffix != ".whl":
            shutil.copyfile(path, wasm / path.name)
    shutil.copytree(runtime.wasm.parent / "docs" / "images", tmp_path / "docs" / "images")
    page = pyxel_runtime.open_page(browser, origin, pyxel_runtime.Runtime(wasm, runtime.pyodide))
    page.goto(f"{origin}/index.html")
    page.wait_for_selector("#no-runtime", state="visible", timeout=60_000)
    wheel = next(runtime.wasm.glob("pyxel-*.whl")).name
    page.wait_for_function("(wheel) => document.getElementById('why').innerText.includes(wheel)", arg=wheel)
    assert any(
        re.fullmatch(rf"The game's runtime could not load https://\S+/{re.escape(wheel)}\.", line)
        for line in _reasons(page)
    )
    page.close()


def _reasons(page: Any) -> list[str]:
    return page.eval_on_selector_all("#why p", "(lines) => lines.map((line) => line.textContent)")


def _without_frames(lines: list[str]) -> list[str]:
    return [line.split(None, 1)[1] if line.split(None, 1)[0].isdigit() else line for line in lines]


def test_browser_run_plays_a_script_in_pyxels_runtime_saying_what_the_desktop_says(runtime, tmp_path):
    """tools/browser_run.py --runtime: the deal, a card refused, a pick-up
    and the computer's move, with real keys; its frame numbers are the
    runtime's own (each key held until the game saw it), the rest the desktop's."""
    script = ROOT / "tests" / "scripts" / "first_turn.txt"
    common = ["--seed", "3", "--script", str(script)]
    desktop = subprocess.run(
        [sys.executable, "-m", "game", "--headless", *common, "--shots", str(tmp_path / "desktop")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    command = [sys.executable, str(ROOT / "tools" / "browser_run.py"), *common, "--shots", str(tmp_path / "page")]
    command += ["--runtime", str(runtime.wasm), "--pyodide", str(runtime.pyodide)]
    page = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert page.returncode == 0, page.stderr[-2000:]
    assert _without_frames(page.stdout.splitlines()) == _without_frames(desktop.stdout.splitlines())
    assert "prompt Your turn: LEFT/RIGHT choose, RETURN plays, P picks up" in page.stdout
    assert re.search(r"Pyxel \S+'s runtime ran \d+ frames in [\d.]+ s, [\d.]+ frames a second", page.stderr)
    assert (tmp_path / "page" / "after_pickup.png").exists()
