"""The player's keys and pad buttons: which key and which button does what.

Each action of ``ACTIONS`` takes one key of the keyboard and one button of
a pad (or none). The 1991 keys are the defaults; the settings keep only the
actions changed, as ``"play SPACE A"`` (the action, its key, its button, or
``-`` for none), so an unchanged game writes nothing new. This module knows
no pyxel: the keys and buttons are named as pyxel names them (``KEY_SPACE``
is ``SPACE``, ``GAMEPAD1_BUTTON_A`` is ``A``), and ``game.ui.device.keys``
turns them into codes.

A key or button does one thing: a binding that would take one already
taken (by another action, or for good: M turns the sound on and off) is
refused with the reason (``refusal``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Action:
    """An action the player may bind: ``title`` (the KEYS screen's),
    ``name`` (what the game's screens read: "P"), and its 1991 ``key`` and
    ``button`` ("" for none)."""

    title: str
    name: str
    key: str
    button: str


ACTIONS = {
    "left": Action("MOVE LEFT", "LEFT", "LEFT", "DPAD_LEFT"),
    "right": Action("MOVE RIGHT", "RIGHT", "RIGHT", "DPAD_RIGHT"),
    "up": Action("MOVE UP", "UP", "UP", "DPAD_UP"),
    "down": Action("MOVE DOWN", "DOWN", "DOWN", "DPAD_DOWN"),
    "play": Action("PLAY, CHOOSE", "RETURN", "RETURN", "A"),
    "pick": Action("PICK UP OR PASS", "P", "P", "B"),
    "red": Action("RED", "R", "R", ""),
    "green": Action("GREEN", "G", "G", ""),
    "yellow": Action("YELLOW", "Y", "Y", ""),
    "blue": Action("BLUE", "B", "B", ""),
    "uno": Action("UNO, CATCH", "U", "U", "Y"),
    "challenge": Action("CHALLENGE", "C", "C", ""),
    "accept": Action("ACCEPT", "A", "A", ""),
    "stack": Action("STACK +4", "S", "S", ""),
    "jump": Action("JUMP IN", "J", "J", "RIGHTSHOULDER"),
    "catch": Action("CATCH FOR THE NEXT", "K", "K", ""),
    "history": Action("HISTORY", "H", "H", "BACK"),
    "menu": Action("MENU", "ESCAPE", "ESCAPE", "START"),
    "chat": Action("QUICK CHAT", "Q", "Q", "LEFTSHOULDER"),
}

# The keys an action may take (pyxel's names without KEY_) and the pad's buttons.
KEYBOARD = (
    *"ABCDEFGHIJKLOPQRSTUVWXYZ",
    *("LEFT", "RIGHT", "UP", "DOWN", "RETURN", "SPACE", "TAB", "ESCAPE", "LSHIFT", "RSHIFT", "LCTRL", "RCTRL"),
    *("LALT", "RALT", "COMMA", "PERIOD", "SLASH", "SEMICOLON", "QUOTE", "LEFTBRACKET", "RIGHTBRACKET"),
    *("HOME", "END", "PAGEUP", "PAGEDOWN", "INSERT", "DELETE"),
)
BUTTONS = (
    *("A", "B", "X", "Y", "BACK", "START", "LEFTSHOULDER", "RIGHTSHOULDER", "LEFTSTICK", "RIGHTSTICK"),
    *("DPAD_LEFT", "DPAD_RIGHT", "DPAD_UP", "DPAD_DOWN"),
)
# Keys that keep one meaning, whatever the player binds: not offered.
KEPT = {
    "M": "M turns the sound on and off",
    "N": "N plays on (the menu) and goes to the next hand (a replay)",
    "BACKSPACE": "BACKSPACE goes back and rubs out",
    **{digit: f"{digit} names a seat (the King)" for digit in "0123456789"},
}
NONE = "-"  # no button, as the settings write it

# action -> (key, button)
Table = dict[str, tuple[str, str]]
DEFAULT: Table = {action: (spec.key, spec.button) for action, spec in ACTIONS.items()}


def table_of(entries: tuple[str, ...]) -> Table:
    """The whole table: the defaults with the settings' entries over them
    (entries are checked when read: ``is_entries``). A pad button the
    player gave an action stays theirs where a later game gives it to
    another action by default (HISTORY took BACK): that action has none."""
    chosen: Table = {}
    for entry in entries:
        action, key, button = entry.split(" ")
        chosen[action] = (key, "" if button == NONE else button)
    taken = {button for _, button in chosen.values() if button}
    table = {action: (key, "" if button in taken else button) for action, (key, button) in DEFAULT.items()}
    return table | chosen


def entries_of(table: Table) -> tuple[str, ...]:
    """What the settings keep of a table: the actions changed, in ``ACTIONS`` order."""
    return tuple(
        f"{action} {key} {button or NONE}"
        for action, (key, button) in table.items()
        if (key, button) != DEFAULT[action]
    )


def refusal(table: Table, action: str, key: str | None = None, button: str | None = None) -> str | None:
    """Why ``action`` cannot take ``key`` (or ``button``), or None when it can."""
    if key is not None:
        if key in KEPT:
            return f"{KEPT[key]}: it cannot be {ACTIONS[action].title}"
        if key not in KEYBOARD:
            return f"{key} cannot be chosen"
        other = next((a for a, (k, _) in table.items() if k == key and a != action), None)
    else:
        if button not in BUTTONS:
            return f"the button {button} cannot be chosen"
        other = next((a for a, (_, b) in table.items() if b == button and a != action), None)
    if other is None:
        return None
    what = key if key is not None else f"the pad's {button}"
    return f"{what} is already {ACTIONS[other].title}: choose another, or change that one first"


def rebound(table: Table, action: str, key: str | None = None, button: str | None = None) -> Table:
    """The table with ``action`` on ``key`` (or ``button``); call ``refusal`` first."""
    old_key, old_button = table[action]
    return {**table, action: (key if key is not None else old_key, button if button is not None else old_button)}


def is_entries(value: Any) -> bool:
    """The settings' ``keys``: each entry an action, a key and a button (or
    ``-``), each action once, and no key or button taken twice."""
    if not isinstance(value, tuple) or len(value) > len(ACTIONS):
        return False
    seen: set[str] = set()
    for entry in value:
        parts = entry.split(" ") if isinstance(entry, str) else []
        if len(parts) != 3 or parts[0] not in ACTIONS or parts[0] in seen:
            return False
        if parts[1] not in KEYBOARD or parts[2] not in (*BUTTONS, NONE):
            return False
        seen.add(parts[0])
    table = table_of(value)
    keys = [key for key, _ in table.values()]
    buttons = [button for _, button in table.values() if button]
    return len(set(keys)) == len(keys) and len(set(buttons)) == len(buttons)
