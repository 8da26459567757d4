"""How to play (scene ``howto``), over the title: the controls and the rules,
in pages (``menus.HowToPlay``); each page turned is reported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.scenes import menus
from game.ui.scenes.navigator import Keys, Pop, Scene, Step

if TYPE_CHECKING:
    from game.ui.scenes.context import Context


class HowToScene(Scene):
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.screen = menus.HowToPlay(ctx.settings.rules)

    def enter(self) -> None:
        self.ctx.show("howto")
        self._report_page()

    def _report_page(self) -> None:
        screen = self.screen
        self.ctx.notice(f"page {screen.page + 1} of {len(screen.pages)}: {screen.heading}")

    def update(self, frame: Keys) -> Step:
        choice, moved = self.screen.update(frame.pressed, frame.pointer)
        if moved:
            self.ctx.audio.play("move")
            self._report_page()
        if choice is None:
            return self
        self.ctx.audio.play("select")
        return Pop()

    def draw(self) -> None:
        self.screen.draw(self.ctx.frame)
