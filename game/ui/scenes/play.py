"""The table (scenes ``table``, ``handover``, ``hand_result``,
``match_result``): a match played here against the computers
(``table/match.py``, kept by ``keeping.py``) or at an online room
(``table/online_match.py``). The match names its own scene as it goes;
ESCAPE or START pushes the in-match menu (``pause.py``) over it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from game.ui.scenes.navigator import Keys, Push, Reset, Scene, Step
from game.ui.scenes.pause import PauseScene
from game.ui.table import narration

if TYPE_CHECKING:
    from game.ui.device.keys import Pointer
    from game.ui.scenes.context import Context
    from game.ui.table.match import Match
    from game.ui.table.quick_chat import QuickChat


WATCHING_KEYS = ("ESCAPE", "START", "RETURN", "H")  # a watcher's: the menu, on past a result, the last messages


class PlayScene(Scene):
    """``match`` on the table; ``online``: an online room's (it plays one
    match, and leaving leaves the room), with its quick ``chat``, which
    takes the keys and the mouse first while its strip is open;
    ``watching``: a watcher's, whose keys only open the menu, go on past a
    result and show the last messages (a watcher neither plays nor chats)."""

    def __init__(
        self,
        ctx: Context,
        match: Match,
        online: bool = False,
        chat: QuickChat | None = None,
        watching: bool = False,
    ) -> None:
        self.ctx = ctx
        self.match = match
        self.online = online
        self.chat = chat
        self.watching = watching
        self._shown_prompt = ""

    @property
    def match_in_play(self) -> Match:
        return self.match

    def enter(self) -> None:
        self.ctx.show(self.match.scene)

    def update(self, frame: Keys) -> Step:
        pads, pressed = frame.pads, frame.pressed
        pointer: Pointer | None = frame.pointer
        if any("START" in names for names in pads.values()):
            pressed = [*pressed, "START"]
        if self.watching:
            pressed = [key for key in pressed if key in WATCHING_KEYS]
        if self.chat is not None:
            pressed, pointer = self.chat.take_keys(pressed, pointer)
        if "ESCAPE" in pressed or "START" in pressed:
            return Push(PauseScene(self.ctx, self))
        match = self.match
        clicked = pointer is not None and pointer.clicked
        leave = "RETURN" in pressed or clicked or any("RETURN" in names for names in pads.values())
        if match.scene == "hand_result" and leave:
            match.go_on()
        elif match.scene == "match_result" and leave and self.online:
            return leave_online(self.ctx)  # an online room plays one match
        elif match.scene == "match_result" and leave:
            return PlayScene(self.ctx, self.ctx.keeping.next())
        match.update(pressed, pointer, pads)
        return self

    def end_frame(self) -> None:
        """The prompt line, reported each time it changes."""
        if self.match.board.prompt != self._shown_prompt:
            self._shown_prompt = self.match.board.prompt
            self.ctx.notice(f"prompt {self._shown_prompt}".rstrip())

    def leave(self) -> Step:
        """LEAVE, in the in-match menu: the match is given up (not kept to
        continue), or the online room left, for the title."""
        if self.online:
            pyxel.stop()
            return leave_online(self.ctx)
        self.ctx.notice("left the match")
        self.match.leave()
        self.ctx.store.clear_match()
        pyxel.stop()
        return Reset(self.ctx.home(""))

    def draw(self) -> None:
        self.match.draw(paused=False)


def leave_online(ctx: Context) -> Step:
    """Leave the online room for the title; a server this machine hosts
    runs on (the title says so)."""
    hosting = ctx.online.leave()
    return Reset(ctx.home(narration.HOSTING_ON if hosting else ""))
