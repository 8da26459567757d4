"""The in-match menu (scene ``paused``), over the table (ESCAPE or START):
play on, the sound, the hints, or leave the match. The match stands still
while it asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.scenes import menus
from game.ui.scenes.navigator import Keys, Pop, Scene, Step
from game.ui.table import narration
from game.ui.table.tabletop import draw_message_bar

if TYPE_CHECKING:
    from game.ui.scenes.context import Context
    from game.ui.scenes.play import PlayScene


class PauseScene(Scene):
    def __init__(self, ctx: Context, table: PlayScene) -> None:
        self.ctx = ctx
        self.table = table
        self.screen = menus.PauseMenu()

    def enter(self) -> None:
        self.ctx.show("paused")
        self.ctx.audio.play("select")

    def update(self, frame: Keys) -> Step:
        ctx = self.ctx
        choice, moved = self.screen.update(frame.pressed, frame.pointer)
        if moved:
            ctx.audio.play("move")
        if choice is None:
            return self
        ctx.audio.play("select")
        if choice.what == "sound":
            ctx.toggle_sound()
        elif choice.what == "hints":
            self._toggle_hints()
        elif choice.what == "resume":
            return Pop()
        elif choice.what == "leave":
            return self.table.leave()
        return self

    def _toggle_hints(self) -> None:
        """HINTS: lift your playable cards, or not."""
        ctx, match = self.ctx, self.table.match
        rules = match.game.rules.name
        ctx.settings.hints = not ctx.settings.hints_for(rules)
        match.hints = ctx.settings.hints
        ctx.notice(f"setting hints {'on' if match.hints else 'off'}")
        ctx.save()

    def draw(self) -> None:
        match = self.table.match
        match.draw(paused=True)
        self.screen.draw(not self.ctx.audio.muted, self.ctx.frame, match.hints)
        draw_message_bar(narration.ONLINE_MENU_NEWS if self.table.online else "", narration.MENU_HINT)
