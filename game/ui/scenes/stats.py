"""Statistics (scene ``stats``), over the title: the record of the next
match's table (``menus.StatsScreen``), or each person's by name; its lines
are reported as it opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ui.scenes import menus
from game.ui.scenes.navigator import Keys, Pop, Scene, Step

if TYPE_CHECKING:
    from game.ui.scenes.context import Context


class StatsScene(Scene):
    """``table``: the statistics' key of the next match's table; ``people``:
    several people play at this machine (their records by name)."""

    def __init__(self, ctx: Context, table: str, people: bool) -> None:
        self.ctx = ctx
        self.table = table
        self.people = people
        self.screen = menus.StatsScreen(table, people=people)

    def enter(self) -> None:
        ctx = self.ctx
        ctx.show("stats")
        lines = menus.people_lines(ctx.stats) if self.people else menus.stats_lines(ctx.stats, self.table)
        for line in lines:
            ctx.notice(f"stats {line}")

    def update(self, frame: Keys) -> Step:
        choice, moved = self.screen.update(frame.pressed, frame.pointer)
        if moved:
            self.ctx.audio.play("move")
        if choice is None:
            return self
        self.ctx.audio.play("select")
        return Pop()

    def draw(self) -> None:
        self.screen.draw(self.ctx.stats, self.ctx.next_match.level)
