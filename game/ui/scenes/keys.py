"""The KEYS screen (scene ``keys``), over the title: each action's key and
pad button (``game.storage.bindings``), changed by pressing the one wanted,
and RESET back to the 1991 keys once PLAY again confirms it; each change
saved with the settings. The bottom line names the keys as they are now:
a key that does nothing here any more (RETURN, once PLAY is on SPACE) is
told so, with the one that chooses.
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
RESET_QUESTION = "Put back every 1991 key?  RETURN: yes   any other key: no"
UNBOUND = "{key} does nothing now: RETURN chooses, ESCAPE goes back"


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
        self.asking_reset = False  # RESET chosen: PLAY again confirms it

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        if self.listening is not None:
            return self._listen(), False
        if self.asking_reset:
            return self._answer_reset(pressed, pointer), False
        if any(key in BACK_KEYS for key in pressed):
            return Choice("back"), False
        choice, moved = list_choice(self.items, pressed, pointer, cycling=())
        if moved or choice is not None:
            self.message = ""  # the hint again, with the keys as they are now
        key, _ = keys.chosen_key()
        if not pressed and key is not None:
            self.message, self.refused = spelled(UNBOUND).format(key=key), True
        if choice is not None and choice.what in ACTIONS:
            self.listening = choice.what
            return None, moved
        if choice is not None and choice.what == "reset":
            self.asking_reset = True
            return None, moved
        return choice, moved

    def _answer_reset(self, pressed: list[str], pointer: Pointer | None) -> Choice | None:
        """RESET's question: PLAY (or a click on RESET) puts the 1991 keys
        back; any other key or click leaves the keys as they are."""
        clicked = pointer is not None and pointer.clicked
        on_reset = clicked and pointer is not None and pointer.inside(self.items.rect(self.items.cursor))
        if "RETURN" in pressed or on_reset:
            self.asking_reset = False
            return Choice("reset")
        if pressed or clicked or keys.chosen_key() != (None, None):
            self.asking_reset = False
            self.message, self.refused = "The keys stay as they are", False
        return None

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
        text_centred(CX, HINT_Y, *self.bottom_line())

    def bottom_line(self) -> tuple[str, int]:
        """The line under the panel and its colour: what the screen waits
        for, or what the last press did, or the hint with the keys in use."""
        if self.listening is not None:
            return LISTENING.format(title=ACTIONS[self.listening].title), lay.YELLOW
        if self.asking_reset:
            return spelled(RESET_QUESTION), lay.YELLOW
        if self.message:
            return self.message, lay.PINK if self.refused else lay.YELLOW
        return spelled(HINT), lay.GREY

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
