"""The keys of the game, read from pyxel once per frame as names.

The rest of the UI only sees names ("LEFT", "RETURN", "P", "R"...), in a
fixed order, so input handling reads the same in a window and in a scripted
headless run.
"""

from __future__ import annotations

import pyxel

# Name -> pyxel keys that mean it. The keypad's ENTER is RETURN too, and a
# gamepad plays with its d-pad, A (RETURN) and B (P, pick up or pass).
GAME_KEYS = {
    "LEFT": (pyxel.KEY_LEFT, pyxel.GAMEPAD1_BUTTON_DPAD_LEFT),
    "RIGHT": (pyxel.KEY_RIGHT, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT),
    "UP": (pyxel.KEY_UP, pyxel.GAMEPAD1_BUTTON_DPAD_UP),
    "DOWN": (pyxel.KEY_DOWN, pyxel.GAMEPAD1_BUTTON_DPAD_DOWN),
    "RETURN": (pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER, pyxel.GAMEPAD1_BUTTON_A),
    "P": (pyxel.KEY_P, pyxel.GAMEPAD1_BUTTON_B),
    "R": (pyxel.KEY_R,),
    "G": (pyxel.KEY_G,),
    "Y": (pyxel.KEY_Y,),
    "B": (pyxel.KEY_B,),
    "M": (pyxel.KEY_M,),
    "ESCAPE": (pyxel.KEY_ESCAPE,),
}
COLOUR_KEYS = ("R", "G", "Y", "B")
REPEATING = ("LEFT", "RIGHT")  # held down, the arrow keeps moving
REPEAT_HOLD = 10  # frames before a held arrow key repeats
REPEAT_EVERY = 3


def pressed() -> list[str]:
    """The names of the game keys pressed in this frame, in GAME_KEYS order."""
    names = []
    for name, codes in GAME_KEYS.items():
        hold, every = (REPEAT_HOLD, REPEAT_EVERY) if name in REPEATING else (0, 0)
        if any(pyxel.btnp(code, hold=hold, repeat=every) for code in codes):
            names.append(name)
    return names


def key_code(name: str) -> int:
    """The pyxel key for a name as scripts write it: LEFT, RETURN, P, F1, or
    a gamepad button such as GAMEPAD1_BUTTON_A. ValueError for a name pyxel
    does not know."""
    upper = name.upper()
    code = getattr(pyxel, upper if upper.startswith("GAMEPAD") else f"KEY_{upper}", None)
    if not isinstance(code, int):
        raise ValueError(f"unknown key {name!r}: use a pyxel key name such as LEFT, RETURN, P, R or ESCAPE")
    return code
