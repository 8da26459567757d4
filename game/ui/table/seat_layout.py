"""Where the opponents sit at a table of 3 to 10 players.

You are seat 0 at the bottom. Play goes "to the left" in increasing seat
order, so the opponents sit clockwise from your left: up the left side,
along the top from left to right, down the right side::

    +--------------------------------------------------+
    |  [ 3 ]   [ 4 ]   [ 5 ]   [ 6 ]   [ 7 ]            |
    | [ 2 ]                                     [ 8 ] |
    | [ 1 ]          draw  discard              [ 9 ] |
    |                  YOU                             |
    |                 your hand                        |
    +--------------------------------------------------+

Up to five panels fit along the top; more opponents take the sides (two
each at most). A two-player game keeps the 1991 layout (see ``layout``).
"""

from __future__ import annotations

from typing import NamedTuple

from game.ui import layout as lay

PANEL_W = 60
PANEL_H = 34
TOP_Y = 4
TOP_GAP = 3
SIDE_X = (4, lay.SCREEN_W - 4 - PANEL_W)  # left, right
SIDE_YS = (44, 82)  # upper, lower slot of each side
MOST_ON_TOP = 5


class Panel(NamedTuple):
    """An opponent's panel: its seat and top-left corner (PANEL_W x PANEL_H)."""

    seat: int
    x: int
    y: int
    w: int = PANEL_W
    h: int = PANEL_H

    @property
    def centre(self) -> tuple[int, int]:
        return self.x + PANEL_W // 2, self.y + PANEL_H // 2


def split(opponents: int) -> tuple[int, int, int]:
    """How many panels go on the left, along the top and on the right."""
    if opponents <= MOST_ON_TOP:
        return 0, opponents, 0
    sides = 2 if opponents == 6 else opponents - MOST_ON_TOP
    left = (sides + 1) // 2
    return left, opponents - sides, sides - left


def panels(players: int) -> list[Panel]:
    """Every opponent's panel, seat 1 first, clockwise from your left."""
    left, top, right = split(players - 1)
    places = [(SIDE_X[0], SIDE_YS[1 - i] if left == 2 else (SIDE_YS[0] + SIDE_YS[1]) // 2) for i in range(left)]
    row_w = top * PANEL_W + (top - 1) * TOP_GAP
    first_x = (lay.SCREEN_W - row_w) // 2
    places += [(first_x + i * (PANEL_W + TOP_GAP), TOP_Y) for i in range(top)]
    places += [(SIDE_X[1], SIDE_YS[i] if right == 2 else (SIDE_YS[0] + SIDE_YS[1]) // 2) for i in range(right)]
    return [Panel(seat, x, y) for seat, (x, y) in enumerate(places, start=1)]


def seat_card_pos(seat: int, count: int, players: int) -> tuple[int, int]:
    """Where a card of an opponent's goes to or comes from: the computer's
    last card at a table of two, else the middle of its panel."""
    if players == 2:
        return lay.computer_card_pos(count)
    panel = panels(players)[seat - 1]
    return panel.x + (PANEL_W - lay.CARD_W) // 2, panel.y


# Your own panel at a table of more than two: right of the discard pile.
YOU_PANEL = Panel(0, lay.DISCARD_X + lay.CARD_W + 14, lay.PILE_Y - 2)
# The direction of play, over the piles; the scepter's timer left of the draw pile.
DIRECTION_POS = (lay.CX - 8, lay.PILE_Y - 15)
SCEPTER_POS = (lay.DRAW_X - 26, lay.PILE_Y)
SCEPTER_BAR = (lay.DRAW_X - 16, lay.PILE_Y, 6, lay.CARD_H)  # x, y, w, h


def panel_of(seat: int, players: int) -> Panel:
    """The panel of any seat, yours included, at a table of more than two."""
    return YOU_PANEL if seat == 0 else panels(players)[seat - 1]


def crown_pos(seat: int, players: int) -> tuple[int, int]:
    """Where a seat's crown (or hat) sits: the top right of its panel, or of
    its count at a table of two."""
    if players == 2:  # beside the name: YOU on the left, COMPUTER on the right
        x = lay.YOUR_COUNT_X + 22 if seat == 0 else lay.COMPUTER_COUNT_X + lay.COUNT_W - 53
        return x, lay.COUNT_Y + 3
    panel = panel_of(seat, players)
    return panel.x + PANEL_W - 14, panel.y + 3
