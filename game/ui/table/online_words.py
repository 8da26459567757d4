"""What an online table says (``online_match.py``): its prompt lines (a
lost connection, the next hand's countdown and whom it waits for, another
person's timed turn, PLAY AGAIN), the news of a connection gone or back,
how many watch, and the seats as the server names them: each person by
name, "YOU" for this seat, "(CPU)" or "(OFF)" after a person a computer
plays for. Pure: words from the session's data, no drawing.
"""

from __future__ import annotations

from game.online.protocol import Session
from game.rules import WATCHER
from game.ui.seats.kinds import COMPUTER_SEAT, ELSEWHERE, PERSON, Seating
from game.ui.table import narration

PROMPT_OFFLINE = "Connection lost: trying again by itself..."
PROMPT_CLOSED = "The table server has gone: ESCAPE, then LEAVE"
PROMPT_READY = "Waiting for the others to be ready for the next hand..."
PROMPT_DEALING = "The next hand is being dealt..."
PLAY_AGAIN = "RETURN: PLAY AGAIN   ESCAPE, LEAVE: THE TITLE"  # the match's result, until you say yes
PROMPT_PLAY_AGAIN = "The match is over: RETURN plays again; ESCAPE, then LEAVE, for the title"
PROMPT_AGAIN_SENT = "You play again: the next match starts once everyone here says yes"
START_NOW = "RETURN: START NOW"  # the creator's, once it has said yes: those who do not say yes are not waited for
PROMPT_BEGUN = "The next match has begun: RETURN takes you to it"
# The server's computer plays a seat whose time ran out or whose person was away (a window killed, say):
# the table cannot tell which, so the words say both.
PROMPT_PLAYED_FOR_YOU = "Away or out of time: a computer plays for you. Press a key to play on"
STANDIN = " (CPU)"  # after the name of a person a computer plays for (at the table, or not)
OFFLINE = " (OFF)"  # ... whose connection has gone (a computer plays for them once their turn time is up)
WATCHING_LABEL = "WATCHING"
WATCHING_NEWS = "You are watching: the table as it stands"  # a watcher's table shown as it stands


def waiting_prompt(seconds: int, names: list[str]) -> str:
    """You are ready for the next hand: when it comes, and whom it waits for."""
    if not names:
        return f"The next hand is dealt in {seconds} s"
    who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    line = f"The next hand in {seconds} s: waiting for {who}"
    return (
        line if len(line) <= narration.MAX_CHARS else f"The next hand in {seconds} s: waiting for {len(names)} people"
    )


def standin_turn_prompt(name: str) -> str:
    """Another person's turn, played by the server's computer while they are away."""
    return f"A computer plays for {name}..."


def timed_turn_prompt(name: str, seconds: int) -> str:
    """Another person's turn, timed by the turn timer's bar: whose it is."""
    return f"{name}'s turn: {seconds} s left to play"


def connection_news(name: str, connected: bool) -> str:
    """The news line when another person's connection goes, or comes back."""
    if connected:
        return f"{name} is back at the table"
    return f"{name}'s connection has gone: a computer plays their turns"


def bottom_seat(seat: int | None) -> int:
    """The seat drawn at the bottom of the table: yours; a watcher's table is seen from seat 0."""
    return 0 if seat is None or seat == WATCHER else seat


def watching_line(watching: int) -> str:
    """How many watch the room, as every online table shows it ("" for nobody)."""
    return f"{watching} WATCHING" if watching > 0 else ""


def person_names(seats: list[dict], mine: int | None) -> tuple[str, ...]:
    """Each seat's person as the server names them ("" for a computer), this seat "YOU"."""
    return tuple(
        "YOU" if number == mine else "" if seat["kind"] == "computer" else seat["name"] or f"SEAT {number}"
        for number, seat in enumerate(seats)
    )


def online_seating(seats: list[dict], mine: int | None) -> Seating:
    """The table's seats as the server names them, this seat "YOU": the
    server's computers as computers (named as it names them), every other
    person elsewhere, marked while their connection has gone ("(OFF)") or,
    connected, while a computer plays for them ("(CPU)")."""
    kinds, marks = [], []
    for number, seat in enumerate(seats):
        kinds.append(PERSON if number == mine else COMPUTER_SEAT if seat["kind"] == "computer" else ELSEWHERE)
        elsewhere = kinds[-1] == ELSEWHERE
        marks.append(
            OFFLINE if elsewhere and not seat["connected"] else STANDIN if elsewhere and seat["standin"] else ""
        )
    return Seating(tuple(kinds), person_names(seats, mine), marks=tuple(marks))


def shuffled_by(session: Session) -> list[str]:
    """Before a deal: who it waits for, to reveal their part of the shuffle (a nonce: ``reveal``)."""
    seats = session.seats
    return ["you" if n == session.seat else str(seats[n]["name"]) for n in session.shuffling if 0 <= n < len(seats)]
