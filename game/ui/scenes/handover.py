"""The handover curtain (scene ``handover``): several people share the
screen, and the next decision is another person's.

Every hand is hidden; the whole screen is the curtain, "PASS TO ANN", until
RETURN (a click, or the A button of ANN's own gamepad) says only ANN can see
it. Nothing of the table is drawn behind it.
"""

from __future__ import annotations

import pyxel

from game.ui import layout as lay
from game.ui.device.key_words import spelled
from game.ui.drawing import big_text, draw_card, text_centred
from game.ui.table.tabletop import draw_message_bar

CURTAIN_COLOUR = lay.BLACK


def curtain_title(name: str) -> str:
    return f"PASS TO {name}"


def draw_curtain(name: str, prompt: str, frame: int) -> None:
    pyxel.cls(CURTAIN_COLOUR)
    pyxel.rectb(2, 2, lay.SCREEN_W - 4, lay.BAR_Y - 4, lay.TABLE_EDGE)
    for i in range(3):
        draw_card(lay.CX - 40 + i * 27, 24, None)  # backs only: nobody's cards
    big_text(lay.CX, 84, curtain_title(name), lay.YELLOW, 2, shadow=lay.BLACK)
    text_centred(lay.CX, 104, "EVERY HAND IS HIDDEN", lay.LIGHT_BLUE)
    if frame % 30 < 22:
        text_centred(lay.CX, 120, spelled(f"RETURN WHEN ONLY {name} CAN SEE THE SCREEN"), lay.WHITE)
    draw_message_bar(f"Pass to {name}", prompt)
