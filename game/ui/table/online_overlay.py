"""What only an online table draws over the table (``online_match.py``
chooses when): the turn timer's bar over the message bar, how many watch
(and a watcher's own WATCHING over the bottom hand), and the shuffle's
check under the match's result.
"""

from __future__ import annotations

import pyxel

from game.online.verify import Verdict
from game.ui import layout as lay
from game.ui.device import resources as res
from game.ui.drawing import CHAR_H, CHAR_W, text_centred
from game.ui.table.online_words import WATCHING_LABEL
from game.ui.table.results import VERDICT_Y

TIMER_H = 2  # the turn timer's bar, over the message bar
TIMER_URGENT = 5.0  # seconds: the bar turns pink
VERDICT_FLASH = 8  # frames a failed shuffle check shows, then as long hidden
WATCHING_Y = lay.HAND_Y - 18  # a watcher's "WATCHING": over the hand row, under the piles
# How many watch, at a player's table: over the highest the arrow over your
# selected card goes (a card just drawn, lifted), under the lowest seat panel.
COUNT_Y = lay.HAND_Y - lay.DRAWN_LIFT - res.ARROW_H - 3 - CHAR_H


def draw_timer(left: float, total: float, mine: bool) -> None:
    """The bar over the message bar: how much of the person's turn time
    (``total`` seconds) is ``left``, in yellow (pink when it runs short) for
    your turn (``mine``), in blue for another's (the prompt line names them)."""
    width = round(lay.SCREEN_W * min(1.0, left / total))
    colour = (lay.PINK if left < TIMER_URGENT else lay.YELLOW) if mine else lay.LIGHT_BLUE
    pyxel.rect(0, lay.BAR_Y - TIMER_H, width, TIMER_H, colour)


def draw_watching(line: str, watcher: bool) -> None:
    """How many watch (``line``, "" for nobody) at the right over the hand
    row; a watcher's own table says WATCHING at the left, in yellow on black."""
    if line:
        y = WATCHING_Y + 3 if watcher else COUNT_Y  # (a watcher's table has no arrow: beside WATCHING)
        pyxel.text(lay.SCREEN_W - 8 - len(line) * CHAR_W, y, line, lay.GREY)
    if watcher:
        width = len(WATCHING_LABEL) * CHAR_W + 7
        pyxel.rect(8, WATCHING_Y, width, CHAR_H + 5, lay.BLACK)
        pyxel.rectb(8, WATCHING_Y, width, CHAR_H + 5, lay.YELLOW)
        pyxel.text(12, WATCHING_Y + 3, WATCHING_LABEL, lay.YELLOW)


def draw_verdict(verdict: Verdict, frame: int) -> None:
    """Under the match's result, the shuffle's check (``game.online.verify``):
    checked in yellow, not checked (a room from before it) in grey, failed
    flashing pink."""
    if verdict.checked is False:
        if (frame // VERDICT_FLASH) % 2 == 0:
            text_centred(lay.CX, VERDICT_Y, verdict.line, lay.PINK)
        return
    text_centred(lay.CX, VERDICT_Y, verdict.line, lay.YELLOW if verdict.checked else lay.GREY)
