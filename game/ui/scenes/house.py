"""The house rules (scene ``house``), over the title: standard UNO's
switches (``menus.HouseRulesScreen``), each change saved with the settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.scenes import menus
from game.ui.scenes.navigator import Keys, Pop, Scene, Step

if TYPE_CHECKING:
    from game.ui.scenes.context import Context


class HouseScene(Scene):
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.screen = menus.HouseRulesScreen(ctx.settings.house)

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
