"""Write the Pyxel stand-in's data file from the installed, real Pyxel.

    .venv/bin/python tools/pyxel_data.py [--check]

The stand-in (``tools/pyxel_standin/pyxel``, for tests and tools only) needs
what Pyxel's type stubs do not say: the values of its constants (keys,
gamepad buttons, sizes, its version), its palette and its font's glyphs.
They are taken here from the real Pyxel, never typed by hand: each
character of the font is drawn with real Pyxel, headless, and its pixels
read back. The file, ``tools/pyxel_standin/pyxel/pyxel_data.json``, is
remade by running this again after a Pyxel upgrade; ``--check`` only says
whether it is current (tests/test_pyxel_standin.py runs it).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pyxel

DATA = Path(__file__).resolve().parent / "pyxel_standin" / "pyxel" / "pyxel_data.json"
FIRST_CHAR, LAST_CHAR = 32, 127  # the font's characters (Pyxel's MIN_FONT_CODE..MAX_FONT_CODE)


def constants() -> dict[str, int | str]:
    """Every upper-case constant of the real Pyxel module (numbers, names, DEFAULT_COLORS)."""
    values = {name: getattr(pyxel, name) for name in sorted(dir(pyxel)) if name.isupper()}
    return {name: value for name, value in values.items() if isinstance(value, int | str | list)}


def glyphs() -> dict[str, list[str]]:
    """Each character's pixels as rows of 0 and 1, read back from real Pyxel's screen."""
    width, height = pyxel.FONT_WIDTH, pyxel.FONT_HEIGHT
    found = {}
    for code in range(FIRST_CHAR, LAST_CHAR + 1):
        pyxel.cls(0)
        pyxel.text(0, 0, chr(code), 7)
        found[str(code)] = ["".join("1" if pyxel.pget(x, y) == 7 else "0" for x in range(width)) for y in range(height)]
    return found


def main() -> int:
    check = sys.argv[1:] == ["--check"]
    pyxel.init(16, 16, headless=True)
    data = {
        "version": pyxel.VERSION,
        "constants": constants(),
        "colors": list(pyxel.colors),
        "font": {"first": FIRST_CHAR, "last": LAST_CHAR, "glyphs": glyphs()},
    }
    text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    if check:
        if DATA.read_text(encoding="utf-8") != text:
            print(f"{DATA} is not the installed Pyxel {pyxel.VERSION}'s: run python tools/pyxel_data.py")
            return 1
        print(f"{DATA} is current (Pyxel {pyxel.VERSION})")
        return 0
    DATA.write_text(text, encoding="utf-8")
    counts = f"{len(data['constants'])} constants, {len(data['font']['glyphs'])} glyphs"
    print(f"wrote {DATA} (Pyxel {pyxel.VERSION}: {counts})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
