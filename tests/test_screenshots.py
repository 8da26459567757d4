"""docs/screenshots/ is what tools/screenshots.py makes: every headless
picture made afresh through the menus as they are, byte for byte. When the
game's look changes on purpose, regenerate them with

    python tools/screenshots.py docs/screenshots
"""

import subprocess
import sys
from pathlib import Path

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
