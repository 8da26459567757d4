"""Build the browser version with Pyxel's own tools.

    python -m game.web [--out web]
    python -m game.web --site DIR --runtime WASM_DIR --pyodide PYODIDE_DIR   (game/web_site.py)

Stages the game into an app folder (``uno1991/``: a small startup script,
``game/`` and ``resources.pyxres``), runs ``pyxel package`` and
``pyxel app2html``, and writes ``web/index.html`` (the app inside, base64)
and ``web/uno1991.pyxapp`` (for ``pyxel play``). Pyxel's player puts the
startup script's folder first on ``sys.path``, so ``import game`` works there.
The page loads Pyxel's web runtime (``pyxel.js``) from its CDN, else a copy
served beside it (``web/pyxel.js``, with the files it loads), and says so on
the page, with what to do, when neither can be loaded.
The .pyxapp is rewritten with its entries in order and fixed dates, so an
unchanged game builds byte-identical files (``tests/test_web.py`` checks).
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "uno1991"
STARTUP_NAME = "main.py"
STARTUP_SCRIPT = """\
# title: UNO 1991
# author: the UNO 1991 team
# desc: a Pyxel remake of the 1991 HeadFirst PD two-player UNO game
# version: 0.1.0
from game.__main__ import main, page_arguments

main(page_arguments())  # index.html?join=ws://HOST:PORT/ROOM opens that room
"""
# Pyxel writes this file into the app, holding the startup script's path.
STARTUP_MARKER = ".pyxapp_startup_script"

# Where a copy of Pyxel's web runtime is looked for beside index.html: its
# repository's layout (pyxel.js finds its pictures at ../docs/images/), as
# ``--site`` writes it.
RUNTIME_BESIDE = "pyxel/wasm/pyxel.js"
START_BOUND_S = 120  # the page says nothing started after this long (?start_bound=S changes it)
PAGE = """\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>UNO 1991</title>
<style>
  html, body {{ height: 100%; margin: 0; }}
  body {{ background: #1d2b53; color: #fff1e8; font-family: monospace; display: flex; flex-direction: column; }}
  /* Pyxel's runtime fills div#pyxel-screen with its canvas (pyxel.css: absolute, the whole window); here the
     screen takes what the page's words leave, so that they never cover the game. */
  html body div#pyxel-screen {{ position: relative; flex: 1 1 auto; min-height: 0; width: 100%; height: auto; }}
  #about {{ flex: none; padding: 4px 8px; font-size: 12px; text-align: center; }}
  body[data-game] .before-start, body:not([data-game="running"]) .once-started {{ display: none; }}
  #no-runtime {{ position: absolute; inset: 0; z-index: 2000; overflow: auto; background: #1d2b53; }}
  #no-runtime div {{ max-width: 40em; margin: 3em auto; padding: 1em 1.5em; border: 2px solid #ff004d;
                    background: #000; line-height: 1.4; }}
  #no-runtime h1 {{ font-size: 1.2em; color: #ffec27; }}
</style>
</head>
<body>
<div id="pyxel-screen"></div>
<div id="about"><strong>UNO 1991</strong>, a remake of the 1991 HeadFirst PD game.
<span class="before-start" id="start">Click or touch to start. Arrows move, RETURN plays, P picks up or passes,
R G Y B name a colour, M sound. Gamepad: d-pad, A plays, B picks up or passes.</span>
<span class="once-started">HOW TO PLAY, on the title menu, names every key.</span></div>
<div id="no-runtime" hidden><div>
<h1>UNO 1991 cannot start</h1>
<div id="why"></div>
<p>What to do: check that this browser can reach that address (no connection, a firewall, a proxy or an ad
blocker stops it), then reload the page.</p>
<p>If you serve this page where that address cannot be reached: the game runs on Pyxel's web runtime
(<code>pyxel.js</code>, Pyxel {version}: the wasm/ folder of the <code>v{version}</code> tag of
github.com/kitao/pyxel) and the Pyodide it loads. Serve a copy of them beside index.html, the runtime at
<code>{beside}</code>: the game's <code>python -m game.web --site DIR --runtime WASM_DIR --pyodide
PYODIDE_DIR</code> writes such a folder. Or play the desktop game: with Python 3.11 or newer,
<code>pip install pyxel</code> and run the game from its source (the Play command of its README).</p>
</div></div>
<script>
// Pyxel's runtime from the first address that has it, else say why nothing starts.
const RUNTIMES = {runtimes};
const START_BOUND_S = Number(new URLSearchParams(location.search).get("start_bound")) || {bound};
function cannotStart(why) {{  // each reason once, in the order found
  if (document.body.dataset.game === "running") return;
  const said = document.getElementById("why");
  if (![...said.children].some((line) => line.textContent === why)) {{
    said.appendChild(document.createElement("p")).textContent = why;
  }}
  document.getElementById("no-runtime").hidden = false;
  document.body.dataset.game = "cannot-start";
}}
function startGame() {{
{launch}
}}
// What the runtime itself loads next, where it names it (Pyxel 2's pyxel.js does): checked as it starts,
// since pyxel.js waits forever on a picture or a script that never comes.
function runtimeAddresses() {{
  const here = typeof _scriptDir === "function" ? _scriptDir() : "";
  const beside = (path) => (typeof path === "string" ? here + path : null);
  return [
    typeof PYODIDE_URL === "string" ? PYODIDE_URL : null,
    beside(typeof PYXEL_WHEEL_PATH === "undefined" ? null : PYXEL_WHEEL_PATH),
    beside(typeof PYXEL_LOGO_PATH === "undefined" ? null : PYXEL_LOGO_PATH),
    beside(typeof CLICK_TO_START_PATH === "undefined" ? null : CLICK_TO_START_PATH),
    beside(typeof TOUCH_TO_START_PATH === "undefined" ? null : TOUCH_TO_START_PATH),
  ].filter((address) => address !== null);
}}
function checkAddresses() {{
  for (const address of runtimeAddresses()) {{
    fetch(address, {{ method: "HEAD", mode: "no-cors" }}).then(
      (answer) => {{ if (answer.type !== "opaque" && !answer.ok) cannotStart(
        `The game's runtime could not load ${{address}} (the server answered ${{answer.status}}).`); }},
      () => cannotStart(`The game's runtime could not load ${{address}}.`));
  }}
}}
function watchTheStart() {{
  setTimeout(() => {{
    const clicked = window.pyxelContext && window.pyxelContext.initialized;
    if (!document.getElementById("pyxel-prompt") && !clicked && document.body.dataset.game !== "running") {{
      cannotStart(`Nothing started within ${{START_BOUND_S}} s of loading the game's runtime (${{RUNTIMES.join(", ")}}):
 it, or what it loads (Pyodide, its pictures), did not come.`);
    }}
  }}, START_BOUND_S * 1000);
}}
function loadRuntime(index) {{
  if (index >= RUNTIMES.length) {{
    cannotStart(`The game's runtime, pyxel.js, could not be loaded from ${{RUNTIMES.join(" nor from ")}}.`);
    return;
  }}
  const script = document.createElement("script");
  script.src = RUNTIMES[index];
  script.onload = () => {{
    if (typeof window.launchPyxel !== "function") return next();
    checkAddresses();
    watchTheStart();
    Promise.resolve(startGame()).catch((error) => cannotStart(`The game's runtime stopped: ${{error}}`));
  }};
  script.onerror = () => next();
  function next() {{
    script.remove();  // pyxel.js finds its own files beside the first script named pyxel.js
    loadRuntime(index + 1);
  }}
  document.head.appendChild(script);
}}
loadRuntime(0);
</script>
</body>
</html>
"""


def game_files(root: Path = ROOT) -> dict[str, bytes]:
    """The files that go into the app: game/ sources and resources.pyxres, by
    their path inside the app folder."""
    files = {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted((root / "game").rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }
    files["resources.pyxres"] = (root / "resources.pyxres").read_bytes()
    files[STARTUP_NAME] = STARTUP_SCRIPT.encode()
    return files


def expected_app(root: Path = ROOT) -> dict[str, bytes]:
    """What the .pyxapp (a zip) must hold, entry by entry."""
    files = {f"{APP_NAME}/{name}": data for name, data in game_files(root).items()}
    files[f"{APP_NAME}/{STARTUP_MARKER}"] = STARTUP_NAME.encode()
    return files


def zip_entries(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist() if not info.is_dir()}


def launch_options(page: str) -> dict[str, str]:
    """The string options of the page's launchPyxel({...}) call."""
    call = re.search(r"launchPyxel\(\{(.*?)\}\)", page, re.S)
    if call is None:
        raise ValueError("the page has no launchPyxel call")
    return dict(re.findall(r'(\w+):\s*"([^"]*)"', call.group(1)))


def page_app(page: str) -> dict[str, bytes]:
    """The app inside a page, entry by entry."""
    return zip_entries(base64.b64decode(launch_options(page)["base64"], validate=True))


# Every entry of the rebuilt app gets this date (zip's earliest), so an
# unchanged game gives a byte-identical .pyxapp and page.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)


def reproducible_zip(data: bytes) -> bytes:
    """The same archive with its entries in name order, every date fixed and
    the same permissions, so that only the files' contents decide its bytes
    (pyxel's metadata comment is kept)."""
    with zipfile.ZipFile(io.BytesIO(data)) as original:
        comment = original.comment
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.comment = comment
        for name, content in sorted(zip_entries(data).items()):
            info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3  # Unix, whatever the building machine
            archive.writestr(info, content)
    return out.getvalue()


def _pyxel(*args: str, cwd: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pyxel", *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"pyxel {args[0]} failed:\n{done.stdout}{done.stderr}")


def build(out: Path, offline: bool = False) -> None:
    """``index.html`` and the .pyxapp in ``out``; ``offline``: a page that
    loads the runtime from beside it only (``--site``)."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        app = work / APP_NAME
        for name, data in game_files().items():
            (app / name).parent.mkdir(parents=True, exist_ok=True)
            (app / name).write_bytes(data)
        _pyxel("package", APP_NAME, f"{APP_NAME}/{STARTUP_NAME}", cwd=work)
        packed = work / f"{APP_NAME}.pyxapp"
        packed.write_bytes(reproducible_zip(packed.read_bytes()))
        _pyxel("app2html", f"{APP_NAME}.pyxapp", cwd=work)
        pyxel_page = (work / f"{APP_NAME}.html").read_text(encoding="utf-8")
        out.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(work / f"{APP_NAME}.pyxapp", out / f"{APP_NAME}.pyxapp")
    (out / "index.html").write_text(page(pyxel_page, offline), encoding="utf-8")


def page(pyxel_page: str, offline: bool = False) -> str:
    """Our page around what ``pyxel app2html`` made: its runtime's address
    and its launchPyxel call, loaded by the page's own loader (from the CDN,
    else beside the page; ``offline``: beside it only)."""
    runtime = re.search(r'<script src="([^"]+/pyxel\.js)"></script>', pyxel_page)
    launch = re.search(r"^launchPyxel\(\{.*?\}\);?$", pyxel_page, re.S | re.M)
    if runtime is None or launch is None:
        raise RuntimeError("pyxel app2html made a page without its pyxel.js script or its launchPyxel call")
    version = re.search(r"pyxel@([^/]+)/", runtime.group(1))
    return PAGE.format(
        runtimes=json.dumps([RUNTIME_BESIDE] if offline else [runtime.group(1), RUNTIME_BESIDE]),
        bound=START_BOUND_S,
        beside=RUNTIME_BESIDE,
        version=version.group(1) if version else "?",
        launch="return " + launch.group(0),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.web", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "web", help="output folder (default web/)")
    parser.add_argument("--site", type=Path, metavar="DIR", help="write a site that needs no Internet into DIR")
    parser.add_argument("--runtime", type=Path, metavar="WASM_DIR", help="--site: Pyxel's wasm/ folder")
    parser.add_argument("--pyodide", type=Path, metavar="PYODIDE_DIR", help="--site: the Pyodide pyxel.js loads")
    args = parser.parse_args(argv)
    if args.site is not None or args.runtime is not None or args.pyodide is not None:
        if None in (args.site, args.runtime, args.pyodide):
            parser.error("--site, --runtime and --pyodide go together")
        return _site(args.site, args.runtime, args.pyodide)
    build(args.out)
    print(f"wrote {args.out / 'index.html'} and {args.out / (APP_NAME + '.pyxapp')}")
    return 0


def _site(site: Path, wasm: Path, pyodide: Path) -> int:
    """``--site``: what the host brought checked before anything is written,
    then the page (loading the runtime from beside it only) and the runtime."""
    from game.web_site import SiteError, check, copy_runtime

    try:
        runtime = check(wasm, pyodide)
        build(site, offline=True)
        copy_runtime(site, runtime)
    except (SiteError, OSError) as error:
        print(f"cannot write the site: {error}", file=sys.stderr)
        return 2
    print(f"wrote the site {site}: serve it (python -m game.server --site {site}, or any static server)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
