"""The loading screen of the normal mode, as the 1991 program had: the title
art, a credit line and a progress bar while the resources load.

Constrained-memory mode never imports this module: it skips the loading
screen, and the title art it shows is never loaded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from game.ui import layout as lay
from game.ui.drawing import draw_frame, draw_title_art, text_centred
from game.ui.layout import CX
from game.ui.scenes.navigator import Keys, Scene, Step
from game.ui.scenes.widgets import CREDIT

if TYPE_CHECKING:
    from game.ui.scenes.context import Context

MIN_FRAMES = 45  # the screen stays at least 1.5 s, so that it can be seen
BAR_W = 200
BAR_H = 9
BAR_Y = 168
BLOCKS = 25  # the bar fills in blocks, as a loader of 1991 did
TITLE_ART_Y = 80  # the middle of the title art
CREDIT_Y = 152


def shown_progress(loaded: float, frames: int) -> float:
    """What the bar shows: never ahead of what is really loaded, and filling
    over at least MIN_FRAMES frames."""
    return min(loaded, frames / MIN_FRAMES)


def draw_loading(progress: float, frame: int) -> None:
    draw_frame(lay.BLACK)
    draw_title_art(CX, TITLE_ART_Y)
    text_centred(CX, CREDIT_Y, CREDIT, lay.LIGHT_BLUE)
    x = CX - BAR_W // 2
    pyxel.rectb(x - 2, BAR_Y - 2, BAR_W + 4, BAR_H + 4, lay.WHITE)
    block_w = BAR_W // BLOCKS
    for block in range(int(progress * BLOCKS + 1e-9)):
        colour = (lay.PINK, lay.TEAL, lay.YELLOW, lay.BLUE)[block * 4 // BLOCKS]
        pyxel.rect(x + block * block_w + 1, BAR_Y + 1, block_w - 2, BAR_H - 2, colour)
    done = progress >= 1.0
    label = "READY" if done else "LOADING" + "." * (frame // 8 % 4)
    pyxel.text(x, BAR_Y + BAR_H + 6, label, lay.YELLOW if done else lay.WHITE)
    percent = f"{int(progress * 100)}%"
    pyxel.text(x + BAR_W - len(percent) * pyxel.FONT_WIDTH, BAR_Y + BAR_H + 6, percent, lay.WHITE)


class LoadingScene(Scene):
    """One loading step a frame; a key or a click (once the art shows)
    loads the rest at once and goes on to the title."""

    sound_key = False  # any key goes on

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.frames = 0

    def enter(self) -> None:
        self.ctx.loader.title_art()
        self.frames = 0
        self.ctx.show("loading")

    def update(self, frame: Keys) -> Step:
        loader = self.ctx.loader
        self.frames += 1
        loader.step()
        skip = bool(frame.pressed) or frame.pointer.clicked
        if skip or (loader.finished and self.frames >= MIN_FRAMES):
            loader.finish()
            self.ctx.notice("resources cards, sounds, title art and title music")
            return self.ctx.home("")
        return self

    def draw(self) -> None:
        draw_loading(shown_progress(self.ctx.loader.progress, self.frames), self.ctx.frame)
