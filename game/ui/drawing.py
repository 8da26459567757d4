"""Drawing helpers shared by the table, the menus, the results and the
loading screen: text, cards, panels, large letters and the title art, in
the table's 8-bit style (black panels with double borders)."""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from game.ui import layout as lay
from game.ui.device import resources as res

CHAR_W = pyxel.FONT_WIDTH
CHAR_H = pyxel.FONT_HEIGHT


def text_centred(cx: int, y: int, text: str, col: int) -> None:
    pyxel.text(cx - len(text) * CHAR_W // 2, y, text, col)


@dataclass
class Look:
    """How cards and colours are drawn, as the settings say: with
    ``colour_signs`` (COLOUR SIGNS) each card colour has its shape too. The
    app sets it from the settings it starts with and whenever they change."""

    colour_signs: bool = False


LOOK = Look()


def draw_card(x: int, y: int, code: str | None) -> None:
    """A card face, or its back when ``code`` is None; with COLOUR SIGNS, a
    coloured face carries its colour's sign."""
    u, v = res.BACK_UV if code is None else res.card_uv(code)
    pyxel.blt(x, y, res.CARD_BANK, u, v, res.CARD_W, res.CARD_H, res.TRANSPARENT)
    if code is not None and code[:1] in res.SIGN_RECTS and LOOK.colour_signs:
        dx, dy = res.SIGN_ON_CARD
        draw_sign(x + dx, y + dy, code[0])


def draw_sign(x: int, y: int, colour: str) -> None:
    """The sign of a colour (R, G, Y or B), its top-left corner at (x, y)."""
    u, v, w, h = res.SIGN_RECTS[colour]
    pyxel.blt(x, y, res.CARD_BANK, u, v, w, h, res.TRANSPARENT)


def sign_room() -> int:
    """The width a colour's sign and its gap add beside the colour's name (0 without COLOUR SIGNS)."""
    return res.SIGN_W + 1 if LOOK.colour_signs else 0


def draw_slot(x: int, y: int) -> None:
    """The dashed outline of an empty pile."""
    u, v = res.SLOT_UV
    pyxel.blt(x, y, res.CARD_BANK, u, v, res.CARD_W, res.CARD_H, res.TRANSPARENT)


def draw_frame(colour: int = lay.TABLE_COLOUR) -> None:
    """The cloth and its border, as on the table."""
    pyxel.cls(colour)
    pyxel.rectb(2, 2, lay.SCREEN_W - 4, lay.SCREEN_H - 4, lay.TABLE_EDGE)


def draw_panel(x: int, y: int, w: int, h: int, border: int = lay.LIGHT_BLUE) -> None:
    """A black panel with a double border (menus, results, the counts)."""
    pyxel.rect(x, y, w, h, lay.BLACK)
    pyxel.rectb(x, y, w, h, border)
    pyxel.rectb(x + 2, y + 2, w - 4, h - 4, border)


_words: dict[tuple[str, int], pyxel.Image] = {}


def _word(text: str, col: int) -> pyxel.Image:
    """``text`` written once into a small image of its own (kept for reuse)."""
    image = _words.get((text, col))
    if image is None:
        image = _words[(text, col)] = pyxel.Image(len(text) * CHAR_W, CHAR_H)
        image.cls(res.TRANSPARENT)
        image.text(0, 0, text, col)
    return image


def big_text(cx: int, cy: int, text: str, col: int, scale: int, shadow: int | None = None) -> None:
    """Text ``scale`` times the font's size, centred on (cx, cy), with a
    shadow down and to the right in the colour ``shadow``."""
    w, h = len(text) * CHAR_W, CHAR_H
    x, y = cx - w // 2, cy - h // 2
    if shadow is not None:
        offset = max(1, scale // 2)
        pyxel.blt(x + offset, y + offset, _word(text, shadow), 0, 0, w, h, res.TRANSPARENT, scale=scale)
    pyxel.blt(x, y, _word(text, col), 0, 0, w, h, res.TRANSPARENT, scale=scale)


def draw_title_art(cx: int, cy: int, scale: float = 1.0) -> None:
    """The UNO 1991 title art of image bank 1, centred on (cx, cy)."""
    u, v, w, h = res.TITLE_RECT
    pyxel.blt(cx - w // 2, cy - h // 2, res.TITLE_BANK, u, v, w, h, res.TITLE_TRANSPARENT, scale=scale)
