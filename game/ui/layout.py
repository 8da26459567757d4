"""The screen's geometry: a fixed 320 x 200 screen of 16 colours, like the
home computers of 1991, and where everything on the table goes.

    +------------------------------------------------------------+
    | [YOU   score    cards 7]   :   [7 cards   score   COMPUTER] |
    |             the computer's hand, as card backs              |
    |                     [draw]  [discard]                       |
    |                    N left    colour                         |
    |                      v (arrow)                              |
    |            YOUR HAND (overlapping, scrolling)               |
    | message bar: news line / prompt line                        |
    +------------------------------------------------------------+

As the 1991 program did, each player's card count (and score) is at the
top of the screen, on either side of the discard pile's column: yours on
the left, the computer's on the right.
"""

from __future__ import annotations

from game.ui.device.resources import CARD_H, CARD_W
from game.ui.table.hand_layout import RowLayout, layout_row

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

# The discard pile's column is the middle of the screen; the draw pile is
# to its left.
DISCARD_X = CX - CARD_W // 2
DRAW_X = DISCARD_X - CARD_W - 20

# The card counts along the top, either side of the discard pile's column.
COUNT_Y = 4
COUNT_H = 22
COUNT_GAP = 6  # between a count and the discard pile's column
COUNT_W = DISCARD_X - COUNT_GAP - 8
YOUR_COUNT_X = DISCARD_X - COUNT_GAP - COUNT_W
COMPUTER_COUNT_X = DISCARD_X + CARD_W + COUNT_GAP

# The computer's hand, as card backs, under the counts.
COMPUTER_ROW_Y = COUNT_Y + COUNT_H + 2
COMPUTER_ROW_LEFT = 40
COMPUTER_ROW_W = 240

# The piles, the colour in play named under the discard pile.
PILE_Y = COMPUTER_ROW_Y + CARD_H + 4  # the draw pile's depth shows 3 pixels above
SWATCH_Y = PILE_Y + CARD_H + 3

# The colours to choose from, while you name one, between piles and hand.
CHOICE_Y = SWATCH_Y + 12  # the swatch is 10 high; 2 pixels for the highlight's frame

# Your hand along the bottom, the arrow above the selected card.
HAND_Y = 142
HAND_LEFT = 8
HAND_W = SCREEN_W - 2 * HAND_LEFT
DRAWN_LIFT = 6  # a card just picked up sits a little higher
HINT_LIFT = 4  # HINTS: the cards that may be played sit a little higher

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
