"""PLAY AGAIN, on an online match's result (``online_match.py``): your yes
to the room's next match, then, from the room's creator, a start that waits
for nobody more; whom the next match waits for, as the footer under the
result and the prompt line say it, until it begins. A watcher has no say:
it may stay for the room's next match, or leave.
"""

from __future__ import annotations

from collections.abc import Callable

from game.online.protocol import Session
from game.ui.table.online_words import (
    PLAY_AGAIN,
    PROMPT_AGAIN_SENT,
    PROMPT_BEGUN,
    PROMPT_PLAY_AGAIN,
    START_NOW,
    person_names,
    shuffled_by,
)


class PlayAgain:
    """The room's next match as this seat sees it from the match's result:
    ``said``, you said yes; ``begun``, it has begun (set by the online link
    as the news comes: its news waits for its own table)."""

    def __init__(self, session: Session, send: Callable[[dict], None], notice: Callable[[str], None]) -> None:
        self.session = session
        self._send = send
        self._notice = notice
        self.said = False
        self.begun = False

    @property
    def footer(self) -> str:
        """Under the match's result: PLAY AGAIN, then whom the next match waits for."""
        session = self.session
        if session.watch:
            return "RETURN: THE TITLE, OR STAY FOR THEIR NEXT MATCH"
        if self.begun:
            return "THE NEXT MATCH HAS BEGUN: RETURN TAKES YOU THERE"
        if not self.said:
            return PLAY_AGAIN
        waited = self._waited_for()
        if not waited and session.shuffling:
            return f"SHUFFLING: WAITING FOR {' AND '.join(shuffled_by(session))}".upper()[:66]
        if not waited:
            return "THE NEXT MATCH IS STARTING..."
        waiting = f"WAITING FOR {' AND '.join(waited)}"
        return f"{START_NOW}   {waiting}"[:66] if session.seat == session.creator else waiting[:66]

    @property
    def prompt(self) -> str:
        """The prompt line on the match's result."""
        if self.session.watch:
            return "The match is over: stay to watch their next match, or RETURN for the title"
        if self.begun:
            return PROMPT_BEGUN
        if not self.said:
            return PROMPT_PLAY_AGAIN
        waited = self._waited_for()
        if not waited:
            return PROMPT_AGAIN_SENT
        creator = self._names()[self.session.creator] or "the creator"
        starts = "or you start it now" if creator == "YOU" else f"or {creator} starts it"
        return f"Waiting for {', '.join(waited)} to say yes, {starts}"

    def say_yes(self) -> None:
        """RETURN on the match's result: yes to the room's next match; once
        said, the creator's RETURN starts it at once (computers in the seats
        of those who have gone)."""
        session = self.session
        if session.watch:
            return  # (a watcher has no say)
        if not self.said:
            self.said = True
            self._send(session.play_again())
            self._notice("online play again")
        elif session.seat == session.creator:
            self._send({"type": "start"})
            self._notice("online start the next match now")

    def _waited_for(self) -> list[str]:
        """The other people here who have not said PLAY AGAIN yet."""
        session = self.session
        return [
            name
            for seat, (name, place) in enumerate(zip(self._names(), session.seats, strict=False))
            if name and seat != session.seat and place["connected"] and seat not in session.again
        ]

    def _names(self) -> tuple[str, ...]:
        return person_names(self.session.seats, self.session.seat)
