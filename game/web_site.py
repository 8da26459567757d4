"""The page as a site that needs no Internet: ``python -m game.web --site DIR
--runtime WASM_DIR --pyodide PYODIDE_DIR``.

The host brings Pyxel's web runtime (the ``wasm/`` folder of Pyxel's
repository at the version the page names, its pictures at
``../docs/images/`` beside it, as in the repository) and the Pyodide its
``pyxel.js`` loads (npm's ``pyodide`` package of that version); this
project never ships either. The site is::

    DIR/index.html            the page, loading the runtime from pyxel/wasm/ only
    DIR/uno1991.pyxapp
    DIR/pyxel/wasm/           the runtime's files, pyxel.js loading Pyodide from DIR/pyodide/
    DIR/pyxel/docs/images/    the pictures pyxel.js shows
    DIR/pyodide/vVERSION/full/ Pyodide's files

Any static server can serve it (``python -m game.server --site DIR`` does,
beside the table server); docs/browser.md says how, step by step.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import NamedTuple

RUNTIME_FOLDER = "pyxel"  # DIR/pyxel/wasm/pyxel.js: game.web's RUNTIME_BESIDE
PYODIDE_FOLDER = "pyodide"
# Where pyxel.js loads Pyodide from (a constant of every Pyxel 2 runtime): its CDN, with Pyodide's version.
PYODIDE_ADDRESS = re.compile(r'const PYODIDE_URL = "([^"]*/v(\d[\w.]*)/full/pyodide\.js)";')
PICTURE = re.compile(r'"\.\./docs/images/([\w.-]+)"')
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


class SiteError(ValueError):
    """What the host brought cannot make a site (said with what to do)."""


def rewritten_runtime(script: str) -> tuple[str, str]:
    """``pyxel.js`` loading Pyodide from the site (``../../pyodide/...``
    from its own address, its version kept in the address, as pyxel.js reads
    it from there), and that version."""
    found = PYODIDE_ADDRESS.search(script)
    if found is None:
        raise SiteError('pyxel.js does not say where it loads Pyodide from (no const PYODIDE_URL = "...")')
    version = found.group(2)
    local = f"../../{PYODIDE_FOLDER}/v{version}/full/pyodide.js"
    line = f"const PYODIDE_URL = new URL({json.dumps(local)}, document.currentScript.src).href;"
    return script[: found.start()] + line + script[found.end() :], version


def pyodide_version(folder: Path) -> str | None:
    """The version of the Pyodide in ``folder`` (its npm package.json), if it says."""
    try:
        return str(json.loads((folder / "package.json").read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


class Runtime(NamedTuple):
    """What the host brought, checked: the rewritten pyxel.js, the Pyodide
    version it loads, the pictures it shows."""

    wasm: Path
    pyodide: Path
    script: str
    version: str
    pictures: list[str]


def check(wasm: Path, pyodide: Path) -> Runtime:
    """The host's runtime and Pyodide, checked; SiteError for what is missing."""
    if not (wasm / "pyxel.js").is_file():
        raise SiteError(f"no pyxel.js in {wasm}: --runtime is Pyxel's wasm/ folder (github.com/kitao/pyxel)")
    script, version = rewritten_runtime((wasm / "pyxel.js").read_text(encoding="utf-8"))
    missing = [name for name in PYODIDE_FILES if not (pyodide / name).is_file()]
    if missing:
        raise SiteError(f"{pyodide} lacks {', '.join(missing)}: --pyodide is npm's pyodide@{version} package")
    brought = pyodide_version(pyodide)
    if brought is not None and brought != version:
        raise SiteError(f"this pyxel.js loads Pyodide {version}, {pyodide} holds {brought}: npm's pyodide@{version}")
    pictures = sorted(set(PICTURE.findall(script)))
    images = wasm.parent / "docs" / "images"
    lacking = [name for name in pictures if not (images / name).is_file()]
    if lacking:
        raise SiteError(
            f"{images} lacks {', '.join(lacking)}: pyxel.js shows them (and waits for them);"
            " they are in Pyxel's repository beside wasm/, at the same version"
        )
    return Runtime(wasm, pyodide, script, version, pictures)


def copy_runtime(site: Path, runtime: Runtime) -> None:
    """The runtime and Pyodide into the site beside its page (``game.web``
    writes the page: ``python -m game.web --site``)."""
    wasm = site / RUNTIME_FOLDER / "wasm"
    _fresh(wasm)
    for path in sorted(runtime.wasm.iterdir()):
        if path.is_file() and path.name != "pyxel.js":
            shutil.copyfile(path, wasm / path.name)
    (wasm / "pyxel.js").write_text(runtime.script, encoding="utf-8")
    images = site / RUNTIME_FOLDER / "docs" / "images"
    _fresh(images)
    for name in runtime.pictures:
        shutil.copyfile(runtime.wasm.parent / "docs" / "images" / name, images / name)
    served = site / PYODIDE_FOLDER / f"v{runtime.version}" / "full"
    _fresh(served)
    for path in sorted(runtime.pyodide.iterdir()):
        if path.is_file() and not path.name.endswith(".map"):
            shutil.copyfile(path, served / path.name)


def _fresh(folder: Path) -> None:
    """``folder``, empty (a site written again keeps nothing of the last runtime)."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
