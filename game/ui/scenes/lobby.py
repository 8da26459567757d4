"""The lobby (scene ``lobby``): an online room before its match starts.

It shows the room's address (the one to give to friends, when this machine
hosts), every seat (a person who has joined, a free seat, a computer) and
what happens next: the match starts by itself once every person's seat is
taken, or when the room's creator presses RETURN, with computers in the
free seats. A watcher waits here too (its heading says WATCHING), until
the room's table shows. Everything on it is read from the client's session each frame.
The room's messages before its match are read here (``LobbyScene``); the
connection itself is ``online_play.py``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from game.online.address import room_address
from game.online.client import refused_for_good
from game.rules.teams import sides, team_letter
from game.ui import layout as lay
from game.ui.drawing import draw_frame, text_centred
from game.ui.scenes.navigator import Keys, Reset, Scene, Step
from game.ui.scenes.play import PlayScene, leave_online
from game.ui.scenes.widgets import BACK_KEYS
from game.ui.table.online_words import PROMPT_OFFLINE, shuffled_by
from game.ui.table.tabletop import draw_message_bar

if TYPE_CHECKING:
    from game.online.hosting import LocalServer
    from game.ui.scenes.context import Context

SEATS_Y = 74
SEAT_H = 9
STARTING = "starting"  # HOST's table server is starting: no connection yet
STATUS = {
    STARTING: "Starting your table server...",
    "connecting": "Connecting...",
    "online": "Connected",
    "offline": PROMPT_OFFLINE,
    "refused": "The server said no",
    "closed": "Not connected",
}
HINT_CREATOR = "RETURN starts now, computers in the free seats   ESCAPE leaves"
HINT_GUEST = "The match starts when every seat is taken   ESCAPE leaves"
HINT_LEAVE = "ESCAPE goes back to the title"
HINT_WATCHER = "You watch: the table shows when the match starts   ESCAPE leaves"


def seat_line(number: int, seat: dict, mine: int | None, team: str = "") -> str:
    """A seat's line; ``team``: partners, its team's letter."""
    you = "  (YOU)" if number == mine else ""
    place = f"SEAT {number}" + (f" TEAM {team}" if team else "")
    if seat["kind"] == "computer":
        return f"{place}  {seat['name']}"
    if seat["name"] is None:
        return f"{place}  free"
    away = "" if seat["connected"] else "  (away)"
    return f"{place}  {seat['name']}{you}{away}"


def lobby_lines(session, status: str) -> tuple[str, list[str], str]:
    """The room's heading, its seats' lines and the line under them, from
    the session as it stands."""
    if session.watch:
        heading = f"WATCHING ROOM {session.room}" if session.room else "WATCHING A ROOM"
    else:
        heading = f"ROOM {session.room}" if session.room else "JOINING A ROOM"
    teams = sides(len(session.seats), isinstance(session.table, dict) and session.table.get("teams") is True)
    partners = len(set(teams)) < len(teams)
    seats = [
        seat_line(n, seat, session.seat, team_letter(teams[n]) if partners else "")
        for n, seat in enumerate(session.seats)
    ]
    if session.errors and status == "refused":
        news = session.errors[-1]
    else:
        news = STATUS.get(status, status)
        if status == "online" and session.room:
            free = sum(1 for seat in session.seats if seat["kind"] == "person" and seat["name"] is None)
            news = f"Waiting for {free} more {'person' if free == 1 else 'people'}" if free else "Starting..."
            if session.shuffling:
                news = f"Shuffling: waiting for {' and '.join(shuffled_by(session))}"[:76]
    return heading, seats, news


def prompt(session, status: str) -> str:
    if status == "refused" or session.seat is None:
        return HINT_LEAVE
    if session.watch:
        return HINT_WATCHER
    return HINT_CREATOR if session.seat == session.creator else HINT_GUEST


def draw_lobby(session, status: str, address: str, friends: str | None, frame: int) -> None:
    heading, seats, news = lobby_lines(session, status)
    draw_frame()
    text_centred(lay.CX, 14, heading, lay.YELLOW)
    if friends:
        text_centred(lay.CX, 30, "Give your friends this address:", lay.WHITE)
        text_centred(lay.CX, 40, friends, lay.YELLOW if frame % 40 < 30 else lay.WHITE)
    else:
        text_centred(lay.CX, 34, address[: lay.SCREEN_W // 4 - 2], lay.LIGHT_BLUE)
    for index, line in enumerate(seats):
        pyxel.text(80, SEATS_Y + index * SEAT_H, line, lay.WHITE)
    text_centred(lay.CX, SEATS_Y + max(len(seats), 2) * SEAT_H + 8, news, lay.LIGHT_BLUE)
    draw_message_bar("", prompt(session, status))


class LobbyScene(Scene):
    """The room at ``url``, joined as ``name`` (``OnlinePlay.connect``), or
    watched (``watch``); ``server``: the table server HOST started, which
    this joins once it listens (a new room of ``table``, or the one a crash
    left)."""

    def __init__(
        self,
        ctx: Context,
        url: str,
        name: str | None,
        table: dict | None = None,
        server: LocalServer | None = None,
        watch: bool = False,
    ) -> None:
        self.ctx = ctx
        self._joining = (url, name, table, server, watch)

    def enter(self) -> Step | None:
        online = self.ctx.online
        url, name, table, server, watch = self._joining
        online.connect(url, name, table, server, watch)
        if server is None:
            return None
        assert online.client is not None
        online.client.status = STARTING
        return self._join_hosted()

    def _join_hosted(self) -> Step | None:
        why = self.ctx.online.join_hosted()
        return None if why is None else Reset(self.ctx.home(why))

    def update(self, frame: Keys) -> Step:
        online = self.ctx.online
        client = online.client
        assert client is not None, "the lobby: at a room"
        pressed = frame.pressed
        leaving = any(key in BACK_KEYS for key in pressed)  # ESCAPE, or a pad's B or START
        if leaving and client.status == STARTING:
            return leave_online(self.ctx)
        if client.status == STARTING:
            return self._join_hosted() or self
        session = client.session
        for message in client.poll():
            kind = message.get("type")
            if kind == "welcome":
                assert session.room is not None, "a welcome names the room"
                online.url = room_address(online.url, session.room)
                online.fresh = not message.get("started")  # (the session has read on: the start, maybe)
                if session.watch:
                    self.ctx.notice(f"online watching room {session.room}")
                    continue
                assert session.token is not None, "a seat's welcome gives its token"
                online.seat_tokens().keep(online.url, session.token)
                if online.hosted is not None:
                    online.hosted.remember(session.room)  # after a crash, HOST takes you back here
                self.ctx.notice(f"online seat {session.seat} in room {session.room}")
            elif kind == "error":
                self.ctx.notice(f"online refused: {message.get('reason')}")
                if refused_for_good(message) and session.seat is None and not session.watch:
                    online.seat_tokens().forget(online.url)  # a seat this room no longer knows
            elif kind == "over":
                online.over_message = message  # a finished match, rejoined
        if leaving:
            return leave_online(self.ctx)
        creator = session.seat == session.creator
        if "RETURN" in pressed and creator and not session.started and client.status == "online":
            client.send({"type": "start"})
            self.ctx.notice("online start with computers in the free seats")
        if session.view is not None:
            match = online.sit()
            return PlayScene(self.ctx, match, match.link)
        return self

    def draw(self) -> None:
        online = self.ctx.online
        client = online.client
        assert client is not None, "the lobby: at a room"
        draw_lobby(client.session, client.status, online.url, online.friends_address(), self.ctx.frame)
