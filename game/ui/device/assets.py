"""Where ``resources.pyxres`` (the game's art and sound) is found."""

from __future__ import annotations

import sys
from pathlib import Path

NAME = "resources.pyxres"


def resource_file() -> Path:
    """The resource file beside the ``game`` package (a source checkout or
    the web app), else the copy ``pip install`` put in <prefix>/share/uno1991."""
    game_package = Path(__file__).resolve().parents[2]
    beside = game_package.parent / NAME
    installed = Path(sys.prefix) / "share" / "uno1991" / NAME
    return beside if beside.exists() or not installed.exists() else installed
