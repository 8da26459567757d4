"""The house rules (scene ``house``), over the title: a preset and
standard UNO's switches (``HouseRulesScreen``), each change saved with the
settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from game.rules.house import HOUSE_RULES
from game.rules.house_presets import HOUSE_PRESETS, preset_of
from game.ui import layout as lay
from game.ui.device.key_words import spelled
from game.ui.device.keys import Pointer
from game.ui.drawing import text_centred
from game.ui.layout import CX
from game.ui.scenes.navigator import Keys, Pop, Scene, Step
from game.ui.scenes.widgets import BACK_KEYS, PANEL, Choice, ItemList, draw_titled_panel, list_choice

if TYPE_CHECKING:
    from game.ui.scenes.context import Context

HOUSE_Y = PANEL[1] + 30
HOUSE_ITEM_H = 18  # a switch and its explanation under it
LINE_DY = 9  # the explanation, clear of the highlight's frame (16 high)
PRESET = "preset"  # the row of presets, under the switches it sums up
CUSTOM_LINE = "your own choice of house rules: no preset has them"


class HouseRulesScreen:
    """Standard UNO's house rules as switches, each explained in one line,
    then the row of presets (``HOUSE_PRESETS``: the preset the switches
    make, or CUSTOM): UP/DOWN choose, RETURN (or LEFT/RIGHT, or a click) moves
    the preset on or switches, ESCAPE, B or START back. Each change is
    saved at once (``house.py``)."""

    def __init__(self, house: tuple[str, ...]) -> None:
        keys = [*HOUSE_RULES, PRESET, "back"]
        self.items = ItemList(keys, x=PANEL[0] + 10, y=HOUSE_Y, w=PANEL[2] - 20, item_h=HOUSE_ITEM_H)
        self.house = house

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        if any(key in BACK_KEYS for key in pressed):
            return Choice("back"), False
        choice, moved = list_choice(self.items, pressed, pointer, cycling=(PRESET, *HOUSE_RULES))
        return choice, moved

    def _draw_preset(self, rect: tuple[int, int, int, int], colour: int) -> None:
        rx, ry, rw, _ = rect
        preset = preset_of(self.house)
        title = preset.title if preset is not None else "CUSTOM"
        pyxel.text(rx + 6, ry + 2, "PRESET", colour)
        pyxel.text(rx + rw - 6 - 4 * len(title), ry + 2, title, lay.YELLOW)
        pyxel.text(rx + 6, ry + LINE_DY, preset.line if preset is not None else CUSTOM_LINE, lay.GREY)

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
            if key == PRESET:
                self._draw_preset((rx, ry, rw, rh), colour)
                continue
            on = key in self.house
            pyxel.text(rx + 6, ry + 2, HOUSE_RULES[key].title, colour)
            pyxel.text(rx + rw - 22, ry + 2, "ON" if on else "OFF", lay.YELLOW if on else lay.GREY)
            pyxel.text(rx + 6, ry + LINE_DY, HOUSE_RULES[key].line, lay.GREY)
        hint = "UP/DOWN choose   RETURN or LEFT/RIGHT change   ESCAPE back"
        text_centred(CX, lay.SCREEN_H - 12, spelled(hint), lay.GREY)


class HouseScene(Scene):
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.screen = HouseRulesScreen(ctx.next_match.house)

    def enter(self) -> None:
        self.ctx.show("house")

    def update(self, frame: Keys) -> Step:
        ctx = self.ctx
        choice = ctx.choose(self.screen, frame)
        if choice is None:
            return self
        if choice.what == "back":
            return Pop()
        settings = ctx.settings
        if choice.what == PRESET:
            ctx.next_match.change_house(next_preset(ctx.next_match.house, settings.own_house, choice.step))
        else:
            ctx.next_match.change_house(ctx.next_match.house)
            settings.toggle_house(choice.what)
        if preset_of(settings.house) is None:
            settings.own_house = settings.house  # CUSTOM, to come back to after trying a preset
        self.screen.house = settings.house
        ctx.notice(f"setting house rules {' '.join(ctx.settings.house) or 'none'}")
        ctx.save()
        return self

    def draw(self) -> None:
        self.screen.draw(self.ctx.frame)


def next_preset(house: tuple[str, ...], own: tuple[str, ...], step: int) -> tuple[str, ...]:
    """The house rules ``step`` on along the preset row from ``house``: the
    presets, then CUSTOM, the player's own set (``house`` itself when no
    preset has it, else ``own``, the last one they made), so that trying a
    preset never throws their own set away."""
    if preset_of(house) is None:
        own = house
    choices = [preset.rules for preset in HOUSE_PRESETS.values()] + ([own] if own and preset_of(own) is None else [])
    at = next(index for index, rules in enumerate(choices) if set(rules) == set(house))
    return choices[(at + step) % len(choices)]
