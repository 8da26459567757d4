"""docs/screenshots/ is what tools/screenshots.py makes: every headless
picture made afresh through the menus as they are, byte for byte. When the
game's look changes on purpose, regenerate them with

    python tools/screenshots.py docs/screenshots
"""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT / "tools"))

import screenshots  # noqa: E402

HEADLESS = sorted(name for names in screenshots.GROUPS.values() for name in names)


def test_every_committed_picture_is_made_by_a_documented_command():
    """Each picture is tools/screenshots.py's or a real window's (Xvfb:
    tools/window_screenshots.py, or kept from before a change), never both."""
    committed = sorted(path.stem for path in SHOTS.glob("*.png"))
    assert not set(HEADLESS) & set(screenshots.WINDOW_PICTURES)
    assert committed == sorted([*HEADLESS, *screenshots.WINDOW_PICTURES])


@pytest.mark.slow
def test_the_tool_makes_every_headless_picture_as_committed(tmp_path):
    out = tmp_path / "shots"
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "screenshots.py"), str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert sorted(path.stem for path in out.glob("*.png")) == HEADLESS
    differ = [name for name in HEADLESS if (out / f"{name}.png").read_bytes() != (SHOTS / f"{name}.png").read_bytes()]
    assert differ == [], (
        f"docs/screenshots differs from what the game shows now: {', '.join(differ)}."
        " If the change is meant, run: python tools/screenshots.py docs/screenshots"
    )


def test_a_picture_process_ends_on_sigterm():
    """SDL's own signal handlers turn SIGTERM into a quit event that a headless
    run never reads (a hung picture process once ignored SIGTERM so): the
    tool's processes run without them, and SIGTERM ends one at once."""
    program = (
        "import os, signal, time, pyxel; pyxel.init(320, 200, headless=True); "
        "os.kill(os.getpid(), signal.SIGTERM); time.sleep(60)"
    )
    done = subprocess.run(
        [sys.executable, "-c", program],
        env={**os.environ, **screenshots.CHILD_ENV},
        capture_output=True,
        timeout=50,
        check=False,
    )
    assert done.returncode == -signal.SIGTERM
