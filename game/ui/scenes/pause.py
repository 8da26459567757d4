"""The in-match menu (scene ``paused``), over the table (ESCAPE or START):
play on, the sound, the hints (not for a watcher), at an online table each
other person's quick chat shown or muted, or leave the match. The match
stands still while it asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.ui.scenes import menus
from game.ui.scenes.navigator import Keys, Pop, Scene, Step
from game.ui.table import narration
from game.ui.table.tabletop import draw_message_bar

if TYPE_CHECKING:
    from game.ui.scenes.context import Context
    from game.ui.table.match import Match
    from game.ui.table.quick_chat import QuickChat


class PausedTable(Protocol):
    """What the menu asks of the table it stands over (``play.PlayScene``,
    which opens it: typed here so that this module does not import that one)."""

    match: Match

    @property
    def online(self) -> bool: ...
    @property
    def chat(self) -> QuickChat | None: ...
    @property
    def watching(self) -> bool: ...
    def leave(self) -> Step: ...


class PauseScene(Scene):
    def __init__(self, ctx: Context, table: PausedTable) -> None:
        self.ctx = ctx
        self.table = table
        self.mutes = table.chat.mute_groups() if table.chat is not None else []
        self.screen = menus.PauseMenu(tuple(name for name, _ in self.mutes), watching=table.watching)

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
        elif choice.what.startswith("chat"):
            self._toggle_chat(int(choice.what.removeprefix("chat")))
        return self

    def _toggle_chat(self, number: int) -> None:
        """CHAT OF ANNA: show or mute a person's quick chat."""
        chat = self.table.chat
        assert chat is not None  # (the items are there only with a chat)
        name, seats = self.mutes[number]
        chat.toggle(seats)
        self.ctx.notice(f"chat of {name} {'muted' if chat.is_muted(seats) else 'shown'}")

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
        chat = self.table.chat
        muted = tuple(chat.is_muted(seats) for _, seats in self.mutes) if chat is not None else ()
        self.screen.draw(not self.ctx.audio.muted, self.ctx.frame, match.hints, muted)
        if self.table.watching:
            draw_message_bar(narration.WATCHING_MENU_NEWS, narration.WATCHING_MENU_HINT)
        else:
            draw_message_bar(narration.ONLINE_MENU_NEWS if self.table.online else "", narration.MENU_HINT)
