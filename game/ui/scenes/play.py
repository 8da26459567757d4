"""The table (scenes ``table``, ``handover``, ``hand_result``,
``match_result``): a match played here against the computers
(``table/match.py``, kept by ``keeping.py``) or at an online room
(``table/online_match.py``). The match names its own scene as it goes;
ESCAPE or START pushes the in-match menu (``pause.py``) over it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from game.ui.device.key_words import spelled
from game.ui.scenes.navigator import Keys, Push, Reset, Scene, Step
from game.ui.scenes.pause import PauseScene
from game.ui.table import narration

if TYPE_CHECKING:
    from game.online.protocol import Session
    from game.ui.device.keys import Pointer
    from game.ui.scenes.context import Context
    from game.ui.table.match import Match
    from game.ui.table.online_match import OnlineLink
    from game.ui.table.quick_chat import QuickChat


WATCHING_KEYS = ("ESCAPE", "START", "RETURN", "H")  # a watcher's: the menu, on past a result, the last messages


class PlayScene(Scene):
    """``match`` on the table; ``link``: an online room's (``OnlineLink``:
    leaving leaves the room, RETURN on the match's result plays again, and
    the room's next match is a new table), with its quick chat, which takes
    the keys and the mouse first while its strip is open; a watcher's
    (``link.watching``) keys only open the menu, go on past a result and
    show the last messages (a watcher neither plays nor chats)."""

    def __init__(self, ctx: Context, match: Match, link: OnlineLink | None = None) -> None:
        self.ctx = ctx
        self.match = match
        self.link = link
        self._shown_prompt = ""

    @property
    def online(self) -> bool:
        return self.link is not None

    @property
    def chat(self) -> QuickChat | None:
        return None if self.link is None else self.link.chat

    @property
    def watching(self) -> bool:
        return self.link is not None and self.link.watching

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
            if self.chat.open:  # (the strip sits where the last messages would: one at a time)
                self.match.show_history = False
        if "ESCAPE" in pressed or "START" in pressed:
            return Push(PauseScene(self.ctx, self))
        match, link = self.match, self.link
        clicked = pointer is not None and pointer.clicked
        leave = "RETURN" in pressed or clicked or any("RETURN" in names for names in pads.values())
        if link is not None and link.again.begun:
            wanted = link.again.said or link.watching or not link.saw_the_end
            if wanted or (match.scene == "match_result" and leave):  # (said yes, or never saw this one end)
                return self._next_match() or self
        if match.scene == "hand_result" and leave:
            match.go_on()
        elif match.scene == "match_result" and leave and link is not None and link.watching:
            return leave_online(self.ctx)  # (a watcher has no say in the next match: it may stay for it)
        elif match.scene == "match_result" and leave and link is not None:
            link.again.say_yes()
        elif match.scene == "match_result" and leave:
            return PlayScene(self.ctx, self.ctx.keeping.start())
        match.update(pressed, pointer, pads)
        return self

    def _next_match(self) -> Step | None:
        """The online room's next match: its table, once its first state has come (None: not yet)."""
        following = self.ctx.online.play_on()
        return None if following is None else PlayScene(self.ctx, following, following.link)

    def end_frame(self) -> None:
        """The prompt line, reported each time it changes, as the bar shows it (the player's keys)."""
        if self.match.board.prompt != self._shown_prompt:
            self._shown_prompt = self.match.board.prompt
            self.ctx.notice(f"prompt {spelled(self._shown_prompt)}".rstrip())

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
    runs on (the title says so: for the friends at its table, or, when only
    computers sat with you, waiting for HOST again)."""
    client = ctx.online.client
    friends = client is not None and friends_seated(client.session)
    hosting = ctx.online.leave()
    if not hosting:
        return Reset(ctx.home(""))
    return Reset(ctx.home(narration.HOSTING_ON if friends else narration.HOSTING_ALONE))


def friends_seated(session: Session) -> bool:
    """Whether another person has taken a seat at the room's table (a computer's seat is nobody's)."""
    return any(
        seat.get("kind") == "person" and seat.get("name") for n, seat in enumerate(session.seats) if n != session.seat
    )
