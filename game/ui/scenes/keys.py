"""The KEYS screen (scene ``keys``), over the title: each action's key and
pad button (``game.storage.bindings``), changed by pressing the one wanted,
and RESET back to the 1991 keys; each change saved with the settings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from game.storage.bindings import ACTIONS, DEFAULT, Table, entries_of, rebound, refusal, table_of
from game.ui import layout as lay
from game.ui.device import keys
from game.ui.device.key_words import spelled
from game.ui.device.keys import Pointer
from game.ui.drawing import draw_frame, draw_panel, text_centred
from game.ui.layout import CX
from game.ui.scenes.navigator import Keys, Pop, Scene, Step
from game.ui.scenes.widgets import BACK_KEYS, Choice, ItemList, list_choice

if TYPE_CHECKING:
    from game.ui.scenes.context import Context

ROWS_Y = 18
ROW_H = 8  # nineteen actions, RESET and BACK on one screen
PANEL_RECT = (6, 1, lay.SCREEN_W - 12, 187)  # the hint goes under it
LABEL_X, KEY_X, BUTTON_X = 24, 150, 218
HINT_Y = lay.SCREEN_H - 8
HINT = "UP/DOWN choose   RETURN, then the key or button you want   ESCAPE back"
LISTENING = "Press the key or pad button for {title} (BACKSPACE: as it is)"
CANCEL_KEY = "BACKSPACE"


class KeysScreen:
    """The actions, one a row, with their key and pad button; RESET; BACK.
    RETURN (A, a click) on an action listens for the next key or button
    pressed, which it takes unless that one is taken (the reason shows
    instead)."""

    def __init__(self, table: Table) -> None:
        self.items = ItemList([*ACTIONS, "reset", "back"], x=LABEL_X - 8, y=ROWS_Y, w=lay.SCREEN_W - 32, item_h=ROW_H)
        self.table = table
        self.listening: str | None = None  # the action waiting for its key or button
        self.message = ""  # what the last press did, or why it was refused
        self.refused = False  # the message is a refusal
        self.refusal_told = True  # the run's notices have it

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        if self.listening is not None:
            return self._listen(), False
        if any(key in BACK_KEYS for key in pressed):
            return Choice("back"), False
        choice, moved = list_choice(self.items, pressed, pointer, cycling=())
        if choice is not None and choice.what in ACTIONS:
            self.listening, self.message = choice.what, ""
            return None, moved
        return choice, moved

    def _listen(self) -> Choice | None:
        """The key or button pressed for the action listening: a choice of
        ``bind KEY BUTTON`` when it may take it, else the reason."""
        key, button = keys.chosen_key()
        if key is None and button is None:
            return None
        action, self.listening = self.listening, None
        assert action is not None
        if key == CANCEL_KEY:
            return None
        why = refusal(self.table, action, key=key) if key is not None else refusal(self.table, action, button=button)
        if why is not None:
            self.message, self.refused, self.refusal_told = why, True, False
            return None
        self.table = rebound(self.table, action, key=key, button=button)
        return Choice(action)

    def draw(self, frame: int) -> None:
        draw_frame()
        draw_panel(*PANEL_RECT)
        pyxel.text(LABEL_X, 6, "KEYS AND PAD BUTTONS", lay.LIGHT_BLUE)
        for x, head in ((KEY_X, "KEY"), (BUTTON_X, "PAD BUTTON")):
            pyxel.text(x, 6, head, lay.LIGHT_BLUE)
        for index, what in enumerate(self.items.keys):
            y = ROWS_Y + index * ROW_H
            chosen = index == self.items.cursor
            if chosen:
                pyxel.rect(self.items.x, y - 1, self.items.w, ROW_H, lay.NAVY)
            colour = lay.YELLOW if chosen else lay.WHITE
            if what in ACTIONS:
                self._draw_action(what, y, colour, chosen and frame // 8 % 2 == 0)
            else:
                pyxel.text(LABEL_X, y, "RESET TO THE 1991 KEYS" if what == "reset" else "BACK", colour)
        if self.listening is not None:
            line, colour = LISTENING.format(title=ACTIONS[self.listening].title), lay.YELLOW
        elif self.message:
            line, colour = self.message, lay.PINK if self.refused else lay.YELLOW
        else:
            line, colour = spelled(HINT), lay.GREY
        text_centred(CX, HINT_Y, line, colour)

    def _draw_action(self, action: str, y: int, colour: int, blink: bool) -> None:
        key, button = self.table[action]
        pyxel.text(LABEL_X, y, ACTIONS[action].title, colour)
        if self.listening == action:
            if blink:
                pyxel.text(KEY_X, y, "?", lay.YELLOW)
            return
        old_key, old_button = DEFAULT[action]  # what the player changed shows in yellow
        pyxel.text(KEY_X, y, key, lay.YELLOW if key != old_key else colour)
        pyxel.text(BUTTON_X, y, button or "-", lay.YELLOW if button != old_button else lay.GREY)


class KeysScene(Scene):
    sound_key = False  # M is a key the player may press to be told it is kept

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.screen = KeysScreen(table_of(ctx.settings.keys))

    def enter(self) -> None:
        self.ctx.show("keys")

    def update(self, frame: Keys) -> Step:
        ctx = self.ctx
        choice = ctx.choose(self.screen, frame)
        if choice is None:
            if not self.screen.refusal_told:
                ctx.notice(f"keys refused: {self.screen.message}")
                self.screen.refusal_told = True
            return self
        if choice.what == "back":
            return Pop()
        if choice.what == "reset":
            self.screen.table = dict(DEFAULT)
            self.screen.message = "The 1991 keys again"
        else:
            key, button = self.screen.table[choice.what]
            self.screen.message = f"{ACTIONS[choice.what].title}: {key}, pad {button or '-'}"
        self.screen.refused = False
        self._keep()
        return self

    def _keep(self) -> None:
        """Use the screen's keys from now on, and save them."""
        ctx = self.ctx
        ctx.settings.keys = entries_of(self.screen.table)
        keys.use(self.screen.table)
        ctx.notice(f"setting keys {' '.join(ctx.settings.keys) or '1991'}")
        ctx.save()

    def draw(self) -> None:
        self.screen.draw(self.ctx.frame)
