"""`pip install .` gives a working game: the package, its art and sound, and
the `uno1991` command."""

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game.ui.device import assets

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"

ROOT = Path(__file__).resolve().parent.parent


def _build_wheel(out: Path) -> None:
    """``pip wheel`` of the clone, leaving no ``build/`` or ``uno1991.egg-info/``
    folder in it (setuptools writes them; ones that were there before are left alone)."""
    made = [ROOT / name for name in ("build", "uno1991.egg-info") if not (ROOT / name).exists()]
    try:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
            check=True,
            capture_output=True,
        )
    finally:
        for folder in made:
            shutil.rmtree(folder, ignore_errors=True)


def test_the_wheel_holds_the_game_its_resources_and_the_uno1991_command(tmp_path):
    before = {path.name for path in ROOT.iterdir()}
    _build_wheel(tmp_path)
    assert {path.name for path in ROOT.iterdir()} <= before, "the wheel's build left folders in the clone"
    (wheel,) = tmp_path.glob("uno1991-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(archive.read(n).decode() for n in names if n.endswith("entry_points.txt"))
        data = next(n for n in names if n.endswith("/data/share/uno1991/resources.pyxres"))
        assert archive.read(data) == (ROOT / "resources.pyxres").read_bytes()
    assert {
        "game/__main__.py",
        "game/rules/game.py",
        "game/ai/__init__.py",
        "game/ai/values.json",
        "game/ui/app.py",
    } <= names
    assert "uno1991 = game.__main__:main" in entry_points


def test_the_resource_file_is_found_beside_the_package_in_a_checkout():
    assert assets.resource_file() == ROOT / "resources.pyxres"


def test_an_installed_copy_finds_the_resource_file_under_its_prefix(tmp_path, monkeypatch):
    package = tmp_path / "site-packages" / "game"
    package.mkdir(parents=True)
    share = tmp_path / "prefix" / "share" / "uno1991"
    share.mkdir(parents=True)
    (share / "resources.pyxres").write_bytes(b"art")
    monkeypatch.setattr(assets, "__file__", str(package / "assets.py"))
    monkeypatch.setattr(sys, "prefix", str(tmp_path / "prefix"))
    assert assets.resource_file() == share / "resources.pyxres"
