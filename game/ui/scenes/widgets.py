"""What the menu screens share (``title_menu.py``, ``howto.py``, ``house.py``,
``stats.py``, ``pause.py``, ``people.py``, ``join.py``, ``replay.py``): a
list of items with its highlight, the answer a screen gives (``Choice``),
a button, the full-screen panel and its buttons, the credit line, and a
message fitted to a few lines; drawn in the table's 8-bit style (navy
cloth, double borders, yellow for what is chosen).

Each screen takes the frame's key names and mouse (``update``) and answers
with what the player asked for, as a word for its scene to carry out; it never
changes the game itself. Every item is reachable by keyboard (UP/DOWN,
LEFT/RIGHT, RETURN, ESCAPE), gamepad (d-pad, A, B, START) and mouse (a click).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

import pyxel

from game.ui import layout as lay
from game.ui.device.keys import Pointer
from game.ui.drawing import CHAR_H, draw_frame, draw_panel, text_centred
from game.ui.layout import CX

ITEM_H = 13  # the height of one menu line
BACK_KEYS = ("ESCAPE", "BACK", "START")
CREDIT = "A remake of the 1991 HeadFirst PD program"  # under the title menu and the loading screen

Rect = tuple[int, int, int, int]

# A full-screen panel (how to play, house rules, statistics, replays) and its buttons.
PANEL = (12, 10, lay.SCREEN_W - 24, 172)  # x, y, w, h
BUTTON_Y = PANEL[1] + PANEL[3] - 24
BUTTONS = {
    "prev": (PANEL[0] + 14, BUTTON_Y, 64, 14),
    "back": (CX - 32, BUTTON_Y, 64, 14),
    "next": (PANEL[0] + PANEL[2] - 78, BUTTON_Y, 64, 14),
}


def draw_titled_panel(title: str, subtitle: str | None = None) -> Rect:
    """A full-screen panel on the table's cloth, its title (and the grey
    line under it) at the top; the panel's rectangle."""
    draw_frame()
    x, y, w, h = PANEL
    draw_panel(x, y, w, h)
    text_centred(CX, y + 9, title, lay.LIGHT_BLUE)
    if subtitle is not None:
        text_centred(CX, y + 20, subtitle, lay.GREY)
    return PANEL


def draw_button(rect: Rect, label: str, chosen: bool) -> None:
    x, y, w, h = rect
    pyxel.rect(x, y, w, h, lay.NAVY if chosen else lay.BLACK)
    pyxel.rectb(x, y, w, h, lay.YELLOW if chosen else lay.GREY)
    text_centred(x + w // 2, y + (h - CHAR_H) // 2 + 1, label, lay.YELLOW if chosen else lay.WHITE)


# ----- a list of items -------------------------------------------------------------


@dataclass
class ItemList:
    """Items one under another; UP/DOWN (or the mouse) move the highlight."""

    keys: list[str]
    x: int
    y: int
    w: int
    cursor: int = 0
    item_h: int = ITEM_H

    def rect(self, index: int) -> Rect:
        """An item's box: its line less a gap, and never so low that the
        letters touch the highlight's frame (a pixel clear above and below)."""
        return (self.x, self.y + index * self.item_h, self.w, max(self.item_h - 2, CHAR_H + 3))

    def at(self, pointer: Pointer) -> int | None:
        for index in range(len(self.keys)):
            if pointer.inside(self.rect(index)):
                return index
        return None

    def move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.keys)

    @property
    def current(self) -> str:
        return self.keys[self.cursor]

    def draw(self, labels: dict[str, str], frame: int) -> None:
        for index, key in enumerate(self.keys):
            x, y, w, h = self.rect(index)
            chosen = index == self.cursor
            if chosen:
                pyxel.rect(x, y, w, h, lay.NAVY)
                pyxel.rectb(x, y, w, h, lay.YELLOW)
                if frame % 16 < 10:
                    pyxel.text(x + 3, y + (h - CHAR_H) // 2 + 1, ">", lay.YELLOW)
            pyxel.text(x + 10, y + (h - CHAR_H) // 2 + 1, labels[key], lay.YELLOW if chosen else lay.WHITE)


@dataclass(frozen=True)
class Choice:
    """What the player asked for on a screen: ``what`` and, for a setting
    moved left or right, ``step`` (``sideways``: LEFT or RIGHT, not RETURN
    or a click)."""

    what: str
    step: int = 1
    sideways: bool = False


def list_choice(items: ItemList, pressed: list[str], pointer: Pointer | None, cycling: tuple[str, ...]):
    """Shared handling of a list: UP/DOWN move, RETURN takes the item,
    LEFT/RIGHT change a cycling item, the mouse points and clicks. Returns
    (choice or None, moved)."""
    moved = False
    for key in pressed:
        if key in ("UP", "DOWN"):
            items.move(-1 if key == "UP" else 1)
            moved = True
        elif key == "RETURN":
            return Choice(items.current), moved
        elif key in ("LEFT", "RIGHT") and items.current in cycling:
            return Choice(items.current, -1 if key == "LEFT" else 1, sideways=True), moved
    if pointer is not None:
        index = items.at(pointer)
        if index is not None and (pointer.moved or pointer.clicked) and index != items.cursor:
            items.cursor = index
            moved = True
        if pointer.clicked and index is not None:
            return Choice(items.current), moved
    return None, moved


# ----- a message in a few lines ---------------------------------------------------------

MIN_PATH_CHARS = 16  # a path gives way before other words, down to this


def fit_lines(message: str, width: int, most: int) -> list[str]:
    """``message`` in at most ``most`` lines of ``width`` characters, all of
    it readable: the words wrap, and while that is still too long the long
    paths (words with a "/") lose characters from their start, shown as
    "...", down to ``MIN_PATH_CHARS`` (the file's name stays), then the
    other long words from their middle, down to ``MIN_WORD_CHARS``, so
    that the reason after them is there. The least cut that fits is found
    by halving (a few wraps, whatever the message's length). A message too
    long even so is cut at its end, with "...": its beginning says what
    and where."""
    words = message.split(" ")
    paths = {i for i, word in enumerate(words) if "/" in word}

    def wrapped(path_chars: int, word_chars: int) -> list[str]:
        shown = [_cut(word, path_chars if i in paths else word_chars) for i, word in enumerate(words)]
        return textwrap.wrap(" ".join(shown), width, break_on_hyphens=False)

    longest = max(map(len, words), default=0)
    if len(wrapped(longest, longest)) <= most:
        return wrapped(longest, longest)
    if len(wrapped(MIN_PATH_CHARS, longest)) <= most:
        chars = _most_that_fit(lambda n: len(wrapped(n, longest)) <= most, MIN_PATH_CHARS, longest)
        return wrapped(chars, longest)
    if len(wrapped(MIN_PATH_CHARS, MIN_WORD_CHARS)) <= most:
        chars = _most_that_fit(lambda n: len(wrapped(MIN_PATH_CHARS, n)) <= most, MIN_WORD_CHARS, longest)
        return wrapped(MIN_PATH_CHARS, chars)
    lines = wrapped(MIN_PATH_CHARS, MIN_WORD_CHARS)[:most]
    lines[-1] = lines[-1][: width - 3] + "..."
    return lines


MIN_WORD_CHARS = 12  # other long words give way after the paths, down to this


def _most_that_fit(fits, low: int, high: int) -> int:
    """The largest n in [low, high] with ``fits(n)``, given ``fits(low)``
    and that a larger n never fits where a smaller one does not."""
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


def _cut(word: str, keep: int) -> str:
    if len(word) <= keep:
        return word
    return "..." + word[len(word) - keep :] if "/" in word else _middle_out(word, keep)


def _middle_out(word: str, keep: int) -> str:
    """``word`` with only ``keep`` of its characters, its middle shown as "..."."""
    head = (keep + 1) // 2
    return word[:head] + "..." + word[len(word) - (keep - head) :]
