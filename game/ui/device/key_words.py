"""The player's keys in the game's texts: the message bar, How to Play and
the hints are written with the 1991 keys ("P picks up"); ``spelled`` names
the keys and pad buttons the player chose on KEYS instead ("D picks up").

Each of ``MENTIONS`` is a way the texts name a key: ``{pick}`` stands for
the pick-up action's 1991 key (P), ``{b:uno}`` for the UNO action's 1991
pad button (Y). Only those places are rewritten, so a word that happens to
be a key's letter ("A Wild...") stays as it is; with the 1991 keys every
text is left exactly as written.
"""

from __future__ import annotations

import re

from game.storage.bindings import ACTIONS, DEFAULT, Table
from game.ui.device import keys

MENTIONS = (
    r"{left} ?/ ?{right}",
    r"{up} ?/ ?{down}",
    r"{red}, {green}, {yellow} or {blue}",
    r"{red}  {green}  {yellow}  {blue}",
    r"^{red}(?= RED$)",
    r"^{green}(?= GREEN$)",
    r"^{yellow}(?= YELLOW$)",
    r"^{blue}(?= BLUE$)",
    r"\b{play}\b",
    r"\b{menu}\b",
    r"\b{pick} (?=picks|passes|takes)",
    r"\(or {pick}\)",
    r"\b[Pp]ress {uno}\b",
    r"\b{uno}(?= calls| catches| \(|: the person)",
    r"GAMEPAD {b:uno}\)",
    r"a pad's {b:uno}\b",
    r"person's \({b:uno}\)",
    r"\b{jump} (?=jumps|plays)",
    r"\b{history}(?= shows| CLOSES| \(GAMEPAD)",
    r"GAMEPAD {b:history}\)",
    r"\b{catch}(?= catches|:)",
    r"\b{challenge}(?= challenges| CHALLENGE| /)",
    r"(?<=/ ){accept}\b",
    r"\b{accept}(?= accepts| ACCEPT)",
    r"\b{stack}(?= stacks| STACK)",
    r"\b{yellow}(?= leaves| stops)",
    r"CLOSE: {chat}\b",
    r"\b{b:play}(?= selects)",
    r"\b{b:menu}(?= \(or X\))",
)
_PLACE = re.compile(r"\{(b:)?(\w+)\}")


def _compiled() -> re.Pattern[str]:
    """One pattern of every mention, each key a named group (``k_pick_7``:
    the pick-up key, in mention 7; ``b_uno_10``: the UNO button)."""
    alternatives = []
    for number, mention in enumerate(MENTIONS):

        def group(place: re.Match[str], number: int = number) -> str:
            button, action = place.group(1) is not None, place.group(2)
            name = DEFAULT[action][1 if button else 0]
            return f"(?P<{'b' if button else 'k'}_{action}_{number}>{re.escape(name)})"

        alternatives.append(f"(?:{_PLACE.sub(group, mention)})")
    return re.compile("|".join(alternatives))


_MENTION = _compiled()


def spelled(text: str, table: Table | None = None) -> str:
    """``text`` with the keys and buttons it names as ``table`` (default:
    the keys in use) has them; the text itself with the 1991 keys."""
    table = keys.bound() if table is None else table
    if table == DEFAULT:
        return text
    return _MENTION.sub(lambda match: _respelled(match, table), text)


def _respelled(match: re.Match[str], table: Table) -> str:
    text, start = match.group(0), match.start()
    found = [(group, value) for group, value in match.groupdict().items() if value is not None]
    for group, value in sorted(found, key=lambda item: -match.start(item[0])):  # from the end: the places hold
        kind, action, _ = group.split("_")
        key, button = table[action]
        name = key if kind == "k" else button or "-"
        at = match.start(group) - start
        text = text[:at] + name + text[at + len(value) :]
    return text


def spelled_column(column: str, pad: bool = False) -> str:
    """A key column of How to Play ("P", "C / A", "U (GAMEPAD Y)"): a
    column that is one action's 1991 key (or, on the gamepad's page,
    ``pad``, its button) is that action's now; others as ``spelled``."""
    table = keys.bound()
    for action, spec in ACTIONS.items():
        if column == (spec.button if pad else spec.key):
            key, button = table[action]
            return (button or "-") if pad else key
    return spelled(column, table)
