"""The house rules (scene ``house``), over the title: standard UNO's
switches (``HouseRulesScreen``), each change saved with the settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from game.rules.house import HOUSE_RULES
from game.ui import layout as lay
from game.ui.device.keys import Pointer
from game.ui.drawing import text_centred
from game.ui.layout import CX
from game.ui.scenes.navigator import Keys, Pop, Scene, Step
from game.ui.scenes.widgets import BACK_KEYS, PANEL, Choice, ItemList, draw_titled_panel, list_choice

if TYPE_CHECKING:
    from game.ui.scenes.context import Context

HOUSE_Y = PANEL[1] + 36
HOUSE_ITEM_H = 19  # a switch and its explanation under it


class HouseRulesScreen:
    """Standard UNO's house rules as switches, each explained in one line:
    UP/DOWN choose, RETURN (or LEFT/RIGHT, or a click) switches, ESCAPE,
    B or START back. Each change is saved at once (``house.py``)."""

    def __init__(self, house: tuple[str, ...]) -> None:
        self.items = ItemList([*HOUSE_RULES, "back"], x=PANEL[0] + 10, y=HOUSE_Y, w=PANEL[2] - 20, item_h=HOUSE_ITEM_H)
        self.house = house

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        if any(key in BACK_KEYS for key in pressed):
            return Choice("back"), False
        choice, moved = list_choice(self.items, pressed, pointer, cycling=tuple(HOUSE_RULES))
        return choice, moved

    def draw(self, frame: int) -> None:
        draw_titled_panel("HOUSE RULES OF STANDARD UNO", "Off by default: the printed rules. Switch on any.")
        for index, key in enumerate(self.items.keys):
            rx, ry, rw, rh = self.items.rect(index)
            chosen = index == self.items.cursor
            if chosen:
                pyxel.rect(rx, ry, rw, rh, lay.NAVY)
                pyxel.rectb(rx, ry, rw, rh, lay.YELLOW)
            colour = lay.YELLOW if chosen else lay.WHITE
            if key == "back":
                text_centred(CX, ry + 3, "BACK", colour)
                continue
            on = key in self.house
            pyxel.text(rx + 6, ry + 2, HOUSE_RULES[key].title, colour)
            pyxel.text(rx + rw - 22, ry + 2, "ON" if on else "OFF", lay.YELLOW if on else lay.GREY)
            pyxel.text(rx + 6, ry + 10, HOUSE_RULES[key].line, lay.GREY)
        hint = "UP/DOWN choose   RETURN switch   ESCAPE back"
        text_centred(CX, lay.SCREEN_H - 12, hint, lay.GREY)


class HouseScene(Scene):
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.screen = HouseRulesScreen(ctx.settings.house)

    def enter(self) -> None:
        self.ctx.show("house")

    def update(self, frame: Keys) -> Step:
        ctx = self.ctx
        choice = ctx.choose(self.screen, frame)
        if choice is None:
            return self
        if choice.what == "back":
            return Pop()
        ctx.settings.toggle_house(choice.what)
        self.screen.house = ctx.settings.house
        ctx.notice(f"setting house rules {' '.join(ctx.settings.house) or 'none'}")
        ctx.save()
        return self

    def draw(self) -> None:
        self.screen.draw(self.ctx.frame)
