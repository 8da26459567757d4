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
from game.storage import bindings
from game.ui.layout import SCREEN_H, SCREEN_W

# The names the game reads, in this order, each from the key and pad button
# the player chose for its action (``game.storage.bindings``: the 1991
# keys by default). A gamepad plays with its d-pad, A (RETURN) and B (P:
# pick up or pass); in the menus the pick-up button is BACK as well. START
# opens the menu; so does X while it does nothing else, for phones, whose
# virtual gamepad (Pyxel's web build) may have no START. Standard UNO and
# Royal Revenge: U (gamepad Y) calls UNO or catches a missed call; C and A
# challenge or accept a Wild Draw Four, S stacks one (house rule); J jumps
# in (house rule); K catches for the next person (several people at one
# keyboard); H shows the last lines of the message bar; Q opens an online
# table's quick chat; a number names a seat for the King.
NAMES = ("LEFT", "RIGHT", "UP", "DOWN", "RETURN", "P", "BACK", "R", "G", "Y", "B", "N", "M", "ESCAPE", "START")
NAMES += ("U", "C", "A", "S", "J", "K", "H", "Q", *"0123456789")
# Keys that keep their meaning whatever is bound (``bindings.KEPT``); the keypad's ENTER is RETURN too.
FIXED_KEYS = {
    "RETURN": (pyxel.KEY_KP_ENTER,),
    "BACK": (pyxel.KEY_BACKSPACE,),
    "N": (pyxel.KEY_N,),
    "M": (pyxel.KEY_M,),
    **{digit: (getattr(pyxel, f"KEY_{digit}"),) for digit in "0123456789"},
}
MENU_BUTTON = "START"  # the menu's pad button is read as START, its key as ESCAPE
PHONE_MENU_BUTTON = "X"
COLOUR_KEYS = tuple(COLOURS)  # R, G, Y, B name a colour
DIGIT_KEYS = tuple("0123456789")  # a seat, as King
REPEATING = ("LEFT", "RIGHT", "UP", "DOWN")  # held down, the arrow keeps moving
REPEAT_HOLD = 10  # frames before a held arrow key repeats
REPEAT_EVERY = 3
PADS = 4  # several people: each gamepad is its own person's (pad 1 the first person's...)


def button_code(button: str, pad: int = 1) -> int:
    """The pyxel code of a pad's button ("A", "DPAD_LEFT")."""
    code: int = getattr(pyxel, f"GAMEPAD{pad}_BUTTON_{button}")
    return code


class KeyMap:
    """The codes of each name, from a table of bindings: ``keyboard`` (name
    -> keys) and ``buttons`` (name -> pad buttons, the same on every pad)."""

    def __init__(self, table: bindings.Table) -> None:
        self.table = table
        self.keyboard: dict[str, tuple[int, ...]] = {name: FIXED_KEYS.get(name, ()) for name in NAMES}
        self.buttons: dict[str, tuple[str, ...]] = {name: () for name in NAMES}
        for action, (key, button) in table.items():
            name = bindings.ACTIONS[action].name
            self.keyboard[name] = (getattr(pyxel, f"KEY_{key}"), *self.keyboard[name])
            if button:
                pad_name = MENU_BUTTON if name == "ESCAPE" else name
                self.buttons[pad_name] = (*self.buttons[pad_name], button)
        self.buttons["BACK"] = self.buttons["P"]  # the pick-up button goes back in the menus
        if all(button != PHONE_MENU_BUTTON for _, button in table.values()):
            self.buttons[MENU_BUTTON] = (*self.buttons[MENU_BUTTON], PHONE_MENU_BUTTON)


_active = KeyMap(bindings.DEFAULT)


def use(table: bindings.Table) -> None:
    """Read the keys and buttons of ``table`` from now on."""
    global _active
    _active = KeyMap(table)


def bound() -> bindings.Table:
    """The table of bindings in use."""
    return _active.table


def _held(code: int, name: str) -> bool:
    hold, every = (REPEAT_HOLD, REPEAT_EVERY) if name in REPEATING else (0, 0)
    return pyxel.btnp(code, hold=hold, repeat=every)


def pressed(pads: bool = True) -> list[str]:
    """The names of the game keys pressed in this frame, in ``NAMES``
    order; without the first gamepad's buttons when ``pads`` is False
    (several people: ``pads_pressed`` reads each pad for its own person)."""
    names = []
    for name in NAMES:
        codes = _active.keyboard[name]
        if pads:
            codes = (*codes, *(button_code(button) for button in _active.buttons[name]))
        if any(_held(code, name) for code in codes):
            names.append(name)
    return names


def pads_pressed() -> dict[int, list[str]]:
    """Each gamepad's button names pressed in this frame (pads with none left out);
    BACK is left to the menus' keyboard and first pad."""
    pads = {}
    for pad in range(1, PADS + 1):
        names = [
            name
            for name, buttons in _active.buttons.items()
            if name != "BACK" and any(_held(button_code(button, pad), name) for button in buttons)
        ]
        if names:
            pads[pad] = names
    return pads


def chosen_key() -> tuple[str | None, str | None]:
    """The key and the first pad's button that went down this frame, as
    ``bindings`` names them (the KEYS screen: the one the player wants),
    kept keys (M, BACKSPACE...) included so that the screen can say why not."""
    key = next((key for key in (*bindings.KEYBOARD, *bindings.KEPT) if pyxel.btnp(getattr(pyxel, f"KEY_{key}"))), None)
    button = next((button for button in bindings.BUTTONS if pyxel.btnp(button_code(button))), None)
    return key, button


TYPED = {**{c: getattr(pyxel, f"KEY_{c}") for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"}, " ": pyxel.KEY_SPACE}
TYPED["-"] = pyxel.KEY_MINUS
TYPED["\n"] = pyxel.KEY_RETURN  # RETURN ends a name whatever PLAY is bound to (``letter_picker.ENTER``)


def typed() -> str:
    """The letters, digits, spaces and dashes typed in this frame (a name),
    and a line's end for the RETURN key."""
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
