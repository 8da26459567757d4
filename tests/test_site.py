"""The page as a site with no Internet: ``python -m game.web --site DIR
--runtime WASM_DIR --pyodide PYODIDE_DIR`` writes it from what the host
brings, says what is missing when it cannot, and ``python -m game.server
--site DIR`` serves it beside the table server. In Pyxel's own runtime,
where a developer names one, the site served so reaches the game's title
with every address outside 127.0.0.1 refused and none answered for it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from online_server import ServerProcess

from game.web_site import SiteError, check, rewritten_runtime

pytestmark = pytest.mark.slow  # (a site built with pyxel's tools, a server started)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import pyxel_runtime  # noqa: E402

# A pyxel.js's first lines as Pyxel 2's name what it loads (2.6.2's, the version changed to show it is read).
RUNTIME_HEAD = """const PYODIDE_URL = "https://cdn.jsdelivr.net/pyodide/v0.31.7/full/pyodide.js";
const PYXEL_WHEEL_PATH = "pyxel-9.9.9-cp38-abi3-emscripten_4_0_9_wasm32.whl";
const PYXEL_LOGO_PATH = "../docs/images/pyxel_logo_76x32.png";
const CLICK_TO_START_PATH = "../docs/images/click_to_start_114x14.png";
"""


def _host_folders(tmp_path: Path, version: str = "0.31.7") -> tuple[Path, Path]:
    """A runtime folder laid out as Pyxel's repository (wasm/, docs/images/) and a Pyodide folder."""
    wasm, pyodide = tmp_path / "pyxel" / "wasm", tmp_path / "pyodide"
    (tmp_path / "pyxel" / "docs" / "images").mkdir(parents=True)
    wasm.mkdir()
    pyodide.mkdir()
    (wasm / "pyxel.js").write_text(RUNTIME_HEAD + "function launchPyxel(params) {}\n")
    (wasm / "pyxel-9.9.9-cp38-abi3-emscripten_4_0_9_wasm32.whl").write_bytes(b"PK wheel")
    for name in ("pyxel_logo_76x32.png", "click_to_start_114x14.png"):
        (tmp_path / "pyxel" / "docs" / "images" / name).write_bytes(b"\x89PNG picture")
    for name in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        (pyodide / name).write_bytes(name.encode())
    (pyodide / "package.json").write_text(json.dumps({"name": "pyodide", "version": version}))
    return wasm, pyodide


def _site(*arguments: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "game.web", *arguments]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_pyxel_js_is_rewritten_to_load_pyodide_from_the_site():
    script, version = rewritten_runtime(RUNTIME_HEAD)
    assert version == "0.31.7"
    assert script.splitlines()[0] == (
        'const PYODIDE_URL = new URL("../../pyodide/v0.31.7/full/pyodide.js", document.currentScript.src).href;'
    )
    assert script.splitlines()[1:] == RUNTIME_HEAD.splitlines()[1:]


def test_what_the_host_lacks_is_said_before_anything_is_written(tmp_path):
    wasm, pyodide = _host_folders(tmp_path / "wrong-pyodide", version="0.29.3")
    with pytest.raises(SiteError, match=r"this pyxel\.js loads Pyodide 0\.31\.7, .* holds 0\.29\.3"):
        check(wasm, pyodide)
    wasm, pyodide = _host_folders(tmp_path / "no-pictures")
    (wasm.parent / "docs" / "images" / "pyxel_logo_76x32.png").unlink()
    with pytest.raises(SiteError, match=r"lacks pyxel_logo_76x32.png: pyxel.js shows them \(and waits for them\)"):
        check(wasm, pyodide)
    (pyodide / "pyodide.asm.wasm").unlink()
    with pytest.raises(SiteError, match=r"lacks pyodide\.asm\.wasm: --pyodide is npm.s pyodide@0\.31\.7 package"):
        check(wasm, pyodide)
    done = _site("--site", str(tmp_path / "site"), "--runtime", str(tmp_path), "--pyodide", str(pyodide))
    assert done.returncode == 2 and done.stderr.startswith(f"cannot write the site: no pyxel.js in {tmp_path}")
    assert not (tmp_path / "site").exists()
    half = _site("--site", str(tmp_path / "site"), "--runtime", str(wasm))
    assert half.returncode == 2 and "--site, --runtime and --pyodide go together" in half.stderr


def test_the_site_holds_the_page_the_runtime_and_pyodide_and_game_server_serves_it(tmp_path):
    wasm, pyodide = _host_folders(tmp_path / "host")
    site = tmp_path / "site"
    done = _site("--site", str(site), "--runtime", str(wasm), "--pyodide", str(pyodide))
    assert done.returncode == 0, done.stderr
    files = sorted(path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file())
    assert files == [
        "index.html",
        "pyodide/v0.31.7/full/package.json",
        "pyodide/v0.31.7/full/pyodide-lock.json",
        "pyodide/v0.31.7/full/pyodide.asm.js",
        "pyodide/v0.31.7/full/pyodide.asm.wasm",
        "pyodide/v0.31.7/full/pyodide.js",
        "pyodide/v0.31.7/full/python_stdlib.zip",
        "pyxel/docs/images/click_to_start_114x14.png",
        "pyxel/docs/images/pyxel_logo_76x32.png",
        "pyxel/wasm/pyxel-9.9.9-cp38-abi3-emscripten_4_0_9_wasm32.whl",
        "pyxel/wasm/pyxel.js",
        "uno1991.pyxapp",
    ]
    page = (site / "index.html").read_text(encoding="utf-8")
    assert 'const RUNTIMES = ["pyxel/wasm/pyxel.js"];' in page and "cdn.jsdelivr.net" not in page.split("<script>")[1]
    assert (site / "uno1991.pyxapp").read_bytes() == (ROOT / "web" / "uno1991.pyxapp").read_bytes()

    server = ServerProcess(tmp_path / "rooms", "--site", str(site), "--site-port", "0", lifetime=60)
    try:
        said = next(line for line in server.lines if line.startswith("the page: "))
        address = re.match(r"the page: (http://127\.0\.0\.1:\d+/)", said).group(1)
        with urllib.request.urlopen(address, timeout=10) as answer:
            assert answer.read() == page.encode() and answer.headers["Content-Type"] == "text/html"
        wheel = f"{address}pyxel/wasm/pyxel-9.9.9-cp38-abi3-emscripten_4_0_9_wasm32.whl"
        with urllib.request.urlopen(wheel, timeout=10) as answer:
            assert answer.read() == b"PK wheel"
        with urllib.request.urlopen(f"{address}pyodide/v0.31.7/full/pyodide.asm.wasm", timeout=10) as answer:
            assert answer.headers["Content-Type"] == "application/wasm"
        for outside in ("../rooms/rooms.sqlite3", "%2e%2e/%2e%2e/etc/passwd", "nothing.js"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(address + outside, timeout=10)
            assert refused.value.code == 404, outside
        assert server.url.startswith("ws://127.0.0.1:")  # the table server, beside it
    finally:
        server.stop()


def test_a_server_given_a_folder_without_a_site_says_so(tmp_path):
    command = [sys.executable, "-m", "game.server", "--port", "0", "--site", str(tmp_path), "--stop-after", "5"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and f"--site {tmp_path}: no index.html there" in done.stderr


def test_in_pyxels_runtime_the_served_site_reaches_the_title_with_no_other_address(tmp_path):
    runtime = pyxel_runtime.Runtime.from_environment()
    if runtime is None:
        pytest.skip(f"no Pyxel web runtime named ({pyxel_runtime.RUNTIME_VARIABLE}, {pyxel_runtime.PYODIDE_VARIABLE})")
    from playwright.sync_api import sync_playwright
    from test_web import CHROMIUM, CHROMIUM_ARGS

    site = tmp_path / "site"
    done = _site("--site", str(site), "--runtime", str(runtime.wasm), "--pyodide", str(runtime.pyodide))
    assert done.returncode == 0, done.stderr
    server = ServerProcess(tmp_path / "rooms", "--site", str(site), "--site-port", "0", lifetime=120)
    nowhere = pyxel_runtime.Runtime(tmp_path / "none", tmp_path / "none")  # answers nothing: every address refused
    try:
        address = next(line for line in server.lines if line.startswith("the page: ")).split()[2]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                page = pyxel_runtime.open_page(browser, address.rstrip("/"), nowhere)
                started = pyxel_runtime.start(page, address)
                pyxel_runtime.wait_frames(page, 30)
                assert started.first_frame_s > started.prompt_s > 0
                assert page.errors == [] and nowhere.refused == [] and page.is_hidden("#no-runtime")
            finally:
                browser.close()
    finally:
        server.stop()
