"""The in-match menu (scene ``paused``), over the table (ESCAPE or START):
play on, the sound, the hints (not for a watcher), the colour signs, at an online table each
other person's quick chat shown or muted, or leave the match
(``PauseMenu``). The match stands still while it asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pyxel

from game.ui import layout as lay
from game.ui.device.keys import Pointer
from game.ui.drawing import LOOK, draw_panel, text_centred
from game.ui.layout import CX
from game.ui.scenes.navigator import Keys, Pop, Scene, Step
from game.ui.scenes.widgets import BACK_KEYS, ITEM_H, Choice, ItemList, list_choice
from game.ui.table import narration
from game.ui.table.tabletop import draw_message_bar

if TYPE_CHECKING:
    from game.ui.scenes.context import Context
    from game.ui.table.match import Match
    from game.ui.table.quick_chat import QuickChat


class PauseMenu:
    """ESCAPE or START during a match: leave it, or play on (the default).
    At an online table, ``chatters`` names the other people (or groups of
    them), each with an item that shows or mutes their quick chat
    (``Choice("chat0")``, ``"chat1"``...); the panel grows to hold them.
    A watcher (``watching``) is asked whether to stop watching, and has no
    HINTS: there is no hand of theirs to lift cards in."""

    W, H = 200, 106
    X, Y = (lay.SCREEN_W - W) // 2, 40
    ITEMS_INSET, ITEMS_TOP = 24, 36  # the items, inside the panel

    def __init__(self, chatters: tuple[str, ...] = (), watching: bool = False) -> None:
        self.chatters = chatters
        self.watching = watching
        # One line more for COLOUR SIGNS; a watcher's has no HINTS line.
        self.H = PauseMenu.H + ITEM_H * (1 + len(chatters) - (1 if watching else 0))
        if PauseMenu.Y + self.H > lay.BAR_Y:  # (with chat lines: raised to clear the message bar)
            self.Y = (lay.BAR_Y - self.H) // 2
        x, y, w = self.X + self.ITEMS_INSET, self.Y + self.ITEMS_TOP, self.W - 2 * self.ITEMS_INSET
        chats = [f"chat{number}" for number in range(len(chatters))]
        hints = [] if watching else ["hints"]
        self.items = ItemList(["resume", "sound", "leave", "signs", *hints, *chats], x=x, y=y, w=w)

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        for key in pressed:
            if key == "Y":
                return Choice("leave"), False
            if key in ("N", *BACK_KEYS):
                return Choice("resume"), False
        chats = tuple(key for key in self.items.keys if key.startswith("chat"))
        return list_choice(self.items, pressed, pointer, cycling=("sound", "hints", "signs", *chats))

    def draw(self, sound: str, frame: int, hints: bool = False, muted: tuple[bool, ...] = ()) -> None:
        draw_panel(self.X, self.Y, self.W, self.H, lay.YELLOW)
        # No question over the items: SOUND, COLOUR SIGNS and HINTS answer none.
        text_centred(CX, self.Y + 10, "MENU", lay.LIGHT_BLUE)
        pyxel.line(self.X + 40, self.Y + 22, self.X + self.W - 41, self.Y + 22, lay.GREY)
        labels = {
            "resume": "WATCH ON" if self.watching else "PLAY ON",
            "sound": f"SOUND: {sound}",
            "hints": f"HINTS: {'ON' if hints else 'OFF'}",
            "signs": f"COLOUR SIGNS: {'ON' if LOOK.colour_signs else 'OFF'}",
            "leave": "STOP WATCHING" if self.watching else "LEAVE THE MATCH",
        }
        for number, (name, off) in enumerate(zip(self.chatters, muted, strict=True)):
            labels[f"chat{number}"] = f"CHAT OF {name[:12]}: {'MUTED' if off else 'SHOWN'}"
        self.items.draw(labels, frame)


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
        self.screen = PauseMenu(tuple(name for name, _ in self.mutes), watching=table.watching)

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
        elif choice.what == "signs":
            self._toggle_signs()
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

    def _toggle_signs(self) -> None:
        """COLOUR SIGNS: a shape for each colour on the cards and named colours, or not."""
        ctx = self.ctx
        ctx.settings.colour_signs = LOOK.colour_signs = not ctx.settings.colour_signs
        ctx.notice(f"setting colour signs {'on' if LOOK.colour_signs else 'off'}")
        ctx.save()

    def draw(self) -> None:
        match = self.table.match
        match.draw(paused=True)
        chat = self.table.chat
        muted = tuple(chat.is_muted(seats) for _, seats in self.mutes) if chat is not None else ()
        self.screen.draw(self.ctx.audio.word, self.ctx.frame, match.hints, muted)
        if self.table.watching:
            draw_message_bar(narration.WATCHING_MENU_NEWS, narration.WATCHING_MENU_HINT)
        else:
            draw_message_bar(narration.ONLINE_MENU_NEWS if self.table.online else "", narration.MENU_HINT)
