"""The lobby (scene ``lobby``): an online room before its match starts.

It shows the room's address (the one to give to friends, when this machine
hosts), every seat (a person who has joined, a free seat, a computer) and
what happens next: the match starts by itself once every person's seat is
taken, or when the room's creator presses RETURN, with computers in the
free seats. Everything on it is read from the client's session each frame.
"""

from __future__ import annotations

import pyxel

from game.ui import layout as lay
from game.ui.drawing import draw_frame, text_centred
from game.ui.table.online_match import PROMPT_OFFLINE
from game.ui.table.tabletop import draw_message_bar

SEATS_Y = 74
SEAT_H = 9
STARTING = "starting"  # HOST's table server is starting (``online_play``): no connection yet
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


def seat_line(number: int, seat: dict, mine: int | None) -> str:
    you = "  (YOU)" if number == mine else ""
    if seat["kind"] == "computer":
        return f"SEAT {number}  {seat['name']}"
    if seat["name"] is None:
        return f"SEAT {number}  free"
    away = "" if seat["connected"] else "  (away)"
    return f"SEAT {number}  {seat['name']}{you}{away}"


def lobby_lines(session, status: str) -> tuple[str, list[str], str]:
    """The room's heading, its seats' lines and the line under them, from
    the session as it stands."""
    heading = f"ROOM {session.room}" if session.room else "JOINING A ROOM"
    seats = [seat_line(n, seat, session.seat) for n, seat in enumerate(session.seats)]
    if session.errors and status == "refused":
        news = session.errors[-1]
    else:
        news = STATUS.get(status, status)
        if status == "online" and session.room:
            free = sum(1 for seat in session.seats if seat["kind"] == "person" and seat["name"] is None)
            news = f"Waiting for {free} more {'person' if free == 1 else 'people'}" if free else "Starting..."
    return heading, seats, news


def prompt(session, status: str) -> str:
    if status == "refused" or session.seat is None:
        return HINT_LEAVE
    return HINT_CREATOR if session.seat == 0 else HINT_GUEST


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
