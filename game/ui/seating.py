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

from . import layout as lay

PANEL_W = 60
PANEL_H = 34
TOP_Y = 4
TOP_GAP = 3
SIDE_X = (4, lay.SCREEN_W - 4 - PANEL_W)  # left, right
SIDE_YS = (44, 82)  # upper, lower slot of each side
MOST_ON_TOP = 5


class Panel(NamedTuple):
    """An opponent's panel: its seat and rectangle."""

    seat: int
    x: int
    y: int

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
