"""The screen's geometry: a fixed 320 x 200 screen of 16 colours, like the
home computers of 1991, and where everything on the table goes.

    +------------------------------------------------------------+
    |                 COMPUTER: its hand as card backs            |
    |                                                            |
    |   YOU  7 cards    [draw] [discard]    COMPUTER 7 cards      |
    |                           colour                            |
    |                        v (arrow)                            |
    |            YOUR HAND (overlapping, scrolling)               |
    | message bar: news line / prompt line                        |
    +------------------------------------------------------------+
"""

from __future__ import annotations

from .hand_layout import RowLayout, layout_row
from .resources import CARD_H, CARD_W

SCREEN_W = 320
SCREEN_H = 200
CX = SCREEN_W // 2  # the middle of the screen
FPS = 30  # frames per second in a window; all timing is counted in frames

# Palette indices (pyxel's default 16-colour palette).
BLACK = 0
NAVY = 1
PURPLE = 2
TEAL = 3
BLUE = 5
WHITE = 7
PINK = 8
YELLOW = 10
LIGHT_BLUE = 12
GREY = 13

TABLE_COLOUR = NAVY
TABLE_EDGE = BLUE

# The computer's hand, as card backs along the top.
COMPUTER_ROW_Y = 12
COMPUTER_ROW_LEFT = 40
COMPUTER_ROW_W = 240

# The middle band: draw pile and discard pile, the card counts either side.
PILE_Y = 58
DRAW_X = 126
DISCARD_X = 170
SWATCH_Y = PILE_Y + CARD_H + 6
YOUR_PANEL_X = 24
COMPUTER_PANEL_X = 232
PANEL_Y = PILE_Y
PANEL_W = 64
PANEL_H = 32

# The colours to choose from, while you name one, between piles and hand.
CHOICE_Y = 112

# Your hand along the bottom, the arrow above the selected card.
HAND_Y = 142
HAND_LEFT = 8
HAND_W = SCREEN_W - 2 * HAND_LEFT
DRAWN_LIFT = 6  # a card just picked up sits a little higher

# The message bar along the bottom edge: news line, then prompt line.
BAR_Y = 182
BAR_H = SCREEN_H - BAR_Y
NEWS_Y = BAR_Y + 3
PROMPT_Y = BAR_Y + 11

DRAW_PILE_POS = (DRAW_X, PILE_Y)
DISCARD_POS = (DISCARD_X, PILE_Y)


def your_row(count: int, selected: int) -> RowLayout:
    return layout_row(count, selected, HAND_LEFT, HAND_W, CARD_W)


def computer_row(count: int) -> RowLayout:
    """The computer's backs, centred; with many cards only the first that fit."""
    return layout_row(count, 0, COMPUTER_ROW_LEFT, COMPUTER_ROW_W, CARD_W)


def your_card_pos(count: int, selected: int, index: int) -> tuple[int, int]:
    """Where card ``index`` of your hand sits (its edge of the row when hidden)."""
    row = your_row(count, selected)
    x = row.x_of(index)
    if x is None:
        x = row.xs[0] if index < row.first else row.xs[-1]
    return x, HAND_Y


def computer_card_pos(count: int) -> tuple[int, int]:
    """Where the computer's last card sits (cards come and go at the right)."""
    row = computer_row(count)
    return (row.xs[-1] if row.xs else SCREEN_W // 2 - CARD_W // 2), COMPUTER_ROW_Y
