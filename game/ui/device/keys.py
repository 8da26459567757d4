"""The keys, gamepad buttons and mouse of the game, read from pyxel once per
frame.

The rest of the UI only sees names ("LEFT", "RETURN", "P", "R"...), in a
fixed order, and a ``Pointer`` for the mouse, so input handling reads the
same in a window and in a scripted headless run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pyxel

from game.rules.cards import COLOURS
from game.ui.layout import SCREEN_H, SCREEN_W

# Name -> pyxel keys that mean it. The keypad's ENTER is RETURN too. A gamepad
# plays with its d-pad, A (RETURN) and B (P: pick up or pass); in the menus B
# is BACK as well. START opens the menu; so does X, for phones, whose virtual
# gamepad (Pyxel's web build) may have no START.
GAME_KEYS = {
    "LEFT": (pyxel.KEY_LEFT, pyxel.GAMEPAD1_BUTTON_DPAD_LEFT),
    "RIGHT": (pyxel.KEY_RIGHT, pyxel.GAMEPAD1_BUTTON_DPAD_RIGHT),
    "UP": (pyxel.KEY_UP, pyxel.GAMEPAD1_BUTTON_DPAD_UP),
    "DOWN": (pyxel.KEY_DOWN, pyxel.GAMEPAD1_BUTTON_DPAD_DOWN),
    "RETURN": (pyxel.KEY_RETURN, pyxel.KEY_KP_ENTER, pyxel.GAMEPAD1_BUTTON_A),
    "P": (pyxel.KEY_P, pyxel.GAMEPAD1_BUTTON_B),
    "BACK": (pyxel.KEY_BACKSPACE, pyxel.GAMEPAD1_BUTTON_B),
    "R": (pyxel.KEY_R,),
    "G": (pyxel.KEY_G,),
    "Y": (pyxel.KEY_Y,),
    "B": (pyxel.KEY_B,),
    "N": (pyxel.KEY_N,),
    "M": (pyxel.KEY_M,),
    "ESCAPE": (pyxel.KEY_ESCAPE,),
    "START": (pyxel.GAMEPAD1_BUTTON_START, pyxel.GAMEPAD1_BUTTON_X),
    # Standard UNO and Royal Revenge: U (gamepad Y) calls UNO or catches a
    # missed call; C and A challenge or accept a Wild Draw Four; a number
    # names a seat for the King.
    "U": (pyxel.KEY_U, pyxel.GAMEPAD1_BUTTON_Y),
    "C": (pyxel.KEY_C,),
    "A": (pyxel.KEY_A,),
    "S": (pyxel.KEY_S,),  # stack a Wild Draw Four (house rule)
    "J": (pyxel.KEY_J,),  # jump in (house rule)
    "K": (pyxel.KEY_K,),  # several people at one keyboard: the next person catches
    "H": (pyxel.KEY_H,),  # the last lines of the message bar
    "Q": (pyxel.KEY_Q, pyxel.GAMEPAD1_BUTTON_LEFTSHOULDER),  # an online table's quick chat
    **{digit: (getattr(pyxel, f"KEY_{digit}"),) for digit in "0123456789"},
}
COLOUR_KEYS = tuple(COLOURS)  # R, G, Y, B name a colour
DIGIT_KEYS = tuple("0123456789")  # a seat, as King
REPEATING = ("LEFT", "RIGHT", "UP", "DOWN")  # held down, the arrow keeps moving
REPEAT_HOLD = 10  # frames before a held arrow key repeats
REPEAT_EVERY = 3


# Several people: each gamepad is its own person's (pad 1 the first
# person's...), read apart from the keyboard. A is RETURN, B picks up or
# passes, Y calls UNO or catches, the right shoulder jumps in, START (or X)
# opens the menu.
PAD_BUTTONS = {
    "LEFT": "DPAD_LEFT",
    "RIGHT": "DPAD_RIGHT",
    "UP": "DPAD_UP",
    "DOWN": "DPAD_DOWN",
    "RETURN": "A",
    "P": "B",
    "U": "Y",
    "J": "RIGHTSHOULDER",
    "START": "START",
}
PADS = 4
_PAD_CODES = {
    pad: {name: getattr(pyxel, f"GAMEPAD{pad}_BUTTON_{button}") for name, button in PAD_BUTTONS.items()}
    for pad in range(1, PADS + 1)
}
_PAD_CODE_SET = {code for pad in _PAD_CODES.values() for code in pad.values()} | {pyxel.GAMEPAD1_BUTTON_X}


def pressed(pads: bool = True) -> list[str]:
    """The names of the game keys pressed in this frame, in GAME_KEYS order;
    without the first gamepad's buttons when ``pads`` is False (several
    people: ``pads_pressed`` reads each pad for its own person)."""
    names = []
    for name, codes in GAME_KEYS.items():
        hold, every = (REPEAT_HOLD, REPEAT_EVERY) if name in REPEATING else (0, 0)
        kept = codes if pads else tuple(code for code in codes if code not in _PAD_CODE_SET)
        if any(pyxel.btnp(code, hold=hold, repeat=every) for code in kept):
            names.append(name)
    return names


def pads_pressed() -> dict[int, list[str]]:
    """Each gamepad's button names pressed in this frame (pads with none left out)."""
    pads = {}
    for pad, codes in _PAD_CODES.items():
        names = []
        for name, code in codes.items():
            hold, every = (REPEAT_HOLD, REPEAT_EVERY) if name in REPEATING else (0, 0)
            if pyxel.btnp(code, hold=hold, repeat=every):
                names.append(name)
        if pad == 1 and pyxel.btnp(pyxel.GAMEPAD1_BUTTON_X) and "START" not in names:
            names.append("START")
        if names:
            pads[pad] = names
    return pads


TYPED = {**{c: getattr(pyxel, f"KEY_{c}") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"}, " ": pyxel.KEY_SPACE}
TYPED["-"] = pyxel.KEY_MINUS


def typed() -> str:
    """The letters, digits, spaces and dashes typed in this frame (a name)."""
    return "".join(c for c, code in TYPED.items() if pyxel.btnp(code))


def text_typed() -> str:
    """The text typed in this frame as the keyboard writes it, with its
    layout and SHIFT (small and capital letters, ``:`` and ``/``: an
    address): pyxel's text input. A scripted headless run sets it with
    ``pyxel.set_input_text``."""
    return pyxel.input_text or ""


@dataclass(frozen=True)
class Pointer:
    """The mouse this frame: where it is, whether the left button went down,
    whether it moved since the last frame, and the wheel's turn."""

    x: int
    y: int
    clicked: bool = False
    moved: bool = False
    wheel: int = 0

    def inside(self, rect: tuple[int, int, int, int]) -> bool:
        x, y, w, h = rect
        return x <= self.x < x + w and y <= self.y < y + h


class Mouse:
    """Reads the mouse once a frame; remembers where it was to see it move,
    and decides whether its pointer is drawn.

    The mouse has moved when its position changed from one frame to the next
    with both positions in the window: not when pyxel first learns where it
    is (the first frame, or when the window gets the focus), which would
    otherwise show the pointer, or move the arrow, on its own.

    The pointer shows only once the mouse has moved (or clicked) inside the
    window, hides as soon as a key or button is used, and hides when the
    mouse leaves the window. pyxel keeps the last position inside the window
    when the mouse leaves, so ``in_window`` (when given) says whether it is
    still there (``display.pointer_in_window``); where that cannot be asked,
    the last position stands."""

    def __init__(self, in_window: Callable[[], bool] | None = None) -> None:
        self._last: tuple[int, int] | None = None  # none yet: the first reading is not a move
        self.in_window = in_window
        self.pointer_shown = False

    def read(self) -> Pointer:
        x, y = pyxel.mouse_x, pyxel.mouse_y
        last, self._last = self._last, (x, y)
        moved = last is not None and (x, y) != last and _on_screen(*last) and _on_screen(x, y)
        clicked = pyxel.btnp(pyxel.MOUSE_BUTTON_LEFT)
        return Pointer(x, y, clicked, moved, pyxel.mouse_wheel)

    def show_pointer(self, pointer: Pointer, pressed: list[str]) -> bool:
        """Whether to draw the pointer this frame, given the frame's mouse and keys."""
        inside = _on_screen(pointer.x, pointer.y) and (self.in_window is None or self.in_window())
        if pressed or not inside:
            self.pointer_shown = False
        elif pointer.moved or pointer.clicked:
            self.pointer_shown = True
        return self.pointer_shown


def _on_screen(x: int, y: int) -> bool:
    return 0 <= x < SCREEN_W and 0 <= y < SCREEN_H


def key_code(name: str) -> int:
    """The pyxel key for a name as scripts write it: LEFT, RETURN, P, F1, a
    gamepad button such as GAMEPAD1_BUTTON_A, or MOUSE_BUTTON_LEFT.
    ValueError for a name pyxel does not know."""
    upper = name.upper()
    attribute = upper if upper.startswith(("GAMEPAD", "MOUSE_BUTTON")) else f"KEY_{upper}"
    code = getattr(pyxel, attribute, None)
    if not isinstance(code, int):
        raise ValueError(
            f"unknown key {name!r}: use a pyxel key name such as LEFT, RETURN, P, R or ESCAPE,"
            " or a button such as GAMEPAD1_BUTTON_A"
        )
    return code
