"""Typing with a gamepad (or the arrow keys): the last letter of a name or
an address picked with UP/DOWN, RIGHT going on to the next letter, LEFT
rubbing one out; the pad's A (RETURN) keeps it, as with the keyboard.

The RETURN key keeps a name or an address even when PLAY is bound to
another key (SPACE, say, which then types a space): a field always has a
way to finish, and its hint (``TYPING_HINT``) names it as it is.
"""

from __future__ import annotations

from game.ui.device.key_words import spelled

PICKER_KEYS = ("UP", "DOWN", "LEFT", "RIGHT")
PICKER_HINT = "UP/DOWN a letter, RIGHT the next"  # for a gamepad
ENTER = "\n"  # the RETURN key, among the characters typed (``keys.typed``)
KEEPS = "BACKSPACE rubs out, RETURN keeps"  # the keys as they are, whatever is bound
TYPING_HINT = f"Type it or {PICKER_HINT}; {KEEPS}"
ADDRESS_ORDER = "abcdefghijklmnopqrstuvwxyz0123456789:/.-_ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def typing_hint() -> str:
    """A field's hint while it is typed: the picker's keys as the player
    bound them, then the keys that rub out and keep, which no binding
    changes (with PLAY on SPACE, SPACE types a space: RETURN keeps)."""
    return f"{spelled(f'Type it or {PICKER_HINT}')}; {KEEPS}"


def typing_keys(pressed: list[str], typed: str) -> list[str]:
    """The frame's keys while a name is typed: with a letter typed, the
    keys it also stands for are left out (the player may have bound a
    letter to PLAY or to a move: typed, it is a letter); the RETURN key
    (``ENTER``) is RETURN, which keeps the name."""
    letters = typed.replace(ENTER, "")
    kept = [key for key in pressed if key not in ("RETURN", *PICKER_KEYS)] if letters else pressed
    return [*kept, "RETURN"] if ENTER in typed and "RETURN" not in kept else kept


def picked(text: str, pressed: list[str], order: str, most: int) -> str:
    """``text`` after the frame's arrows: UP/DOWN turn its last character
    on or back along ``order`` (an empty text starts at the first), RIGHT adds the
    first of ``order`` after it (up to ``most`` characters), LEFT rubs the
    last out."""
    for key in pressed:
        if key in ("UP", "DOWN") and text:
            at = order.find(text[-1])
            text = text[:-1] + order[(at + (1 if key == "UP" else -1)) % len(order) if at >= 0 else 0]
        elif key in ("UP", "DOWN") or (key == "RIGHT" and len(text) < most):
            text += order[0]
        elif key == "LEFT":
            text = text[:-1]
    return text
