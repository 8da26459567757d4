"""A match as one seat's program knows it, from the table server.

The table (``game.ui``) reads a match through the face of
``game.rules.Game``: whose turn it is, the top card, the legal actions,
``act``. ``RemoteGame`` gives it that face from the latest view the server
sent this seat (``protocol.Session.view``), and nothing more: the other
hands are only their counts (each card an empty code), the draw pile only
its size. ``act`` sends the action and changes nothing here: the server's
answer, a new view with its events, comes back through ``Client.poll``
and the table then animates those events as it animates the engine's
offline. No hidden card can be shown, because none is ever received.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..rules import IllegalAction
from ..rules.events import Event
from ..rules.game import View
from ..rules.rulesets import get_ruleset
from .protocol import Message, Session

HIDDEN = ""  # the code of a card in another hand: not known here


class RemoteGame:
    """``session``: the client's session (its ``view`` is never None here);
    ``send``: sends one protocol message."""

    def __init__(self, session: Session, send: Callable[[Message], None]) -> None:
        self.session = session
        self._send = send
        self.rules = get_ruleset(self.view.rules)
        self.in_flight: Message | None = None  # the act message sent, until the server answers it
        self.deadline_at: float | None = None  # time.monotonic() when the person to act loses the turn
        self.news()

    def news(self) -> None:
        """The session has new messages: forget the action it answered, note
        the turn timer's deadline by this machine's clock."""
        session = self.session
        if self.in_flight is not None:
            ident = self.in_flight["id"]
            answered = session.acked >= ident or any(r.get("id") == ident for r in session.refusals)
            if answered:
                self.in_flight = None
        left = session.deadline
        self.deadline_at = None if left is None else session.deadline_received + left

    @property
    def view(self) -> View:
        view = self.session.view
        assert view is not None  # (a table is made once the first view came)
        return view

    # ----- the face of Game that the table reads -----------------------------------

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def players(self) -> int:
        return self.view.players

    @property
    def turn(self) -> int | None:
        return self.view.turn

    @property
    def hands(self) -> list[list[str]]:
        """This seat's hand; the others as many empty codes as they hold."""
        view = self.view
        return [list(view.hand) if seat == view.seat else [HIDDEN] * n for seat, n in enumerate(view.counts)]

    def legal(self, seat: int | None = None) -> list[str]:
        """This seat's legal actions (none while its last action is on its
        way to the server); nothing is known of another seat's."""
        if seat not in (None, self.view.seat) or self.in_flight is not None:
            return []
        return list(self.view.legal)

    top = property(lambda self: self.view.top)
    colour = property(lambda self: self.view.colour)
    discard = property(lambda self: list(self.view.discard))
    draw_count = property(lambda self: self.view.draw_count)
    scores = property(lambda self: list(self.view.scores))
    direction = property(lambda self: self.view.direction)
    starter = property(lambda self: self.view.starter)
    drawn = property(lambda self: self.view.drawn)
    hand_over = property(lambda self: self.view.hand_over)
    match_over = property(lambda self: self.view.match_over)
    exposed = property(lambda self: self.view.exposed)
    pending = property(lambda self: self.view.pending)
    king = property(lambda self: self.view.king)
    jester = property(lambda self: self.view.jester)
    scoring = property(lambda self: self.view.scoring)
    house = property(lambda self: self.view.house)
    teams = property(lambda self: self.view.teams)
    sides = property(lambda self: self.view.sides)
    hand_number = property(lambda self: self.session.hand)

    @property
    def events(self) -> list[Event]:
        """This hand's events as this seat was sent them."""
        return list(self.session.events)

    @property
    def opening(self) -> list[Event]:
        """The hand's events so far, dealt on the table as a new hand (the
        offline ``Game.opening``, and what followed before this table showed it)."""
        return self.events

    @property
    def choosing_colour(self) -> bool:
        pending = self.view.pending
        return pending is not None and pending.kind == "colour"

    @property
    def accepts_fanfare(self) -> bool:
        return False  # the server sounds the scepter's fanfare: no seat may

    @property
    def match_winner(self) -> int | None:
        ends = [event.seat for event in self.session.events if event.kind == "match_end"]
        return ends[-1] if ends else None

    def card_problems(self) -> list[str]:
        """Ways the cards this seat is shown fail to add up to the deck (the
        offline ``Game.card_problems``, from what a seat may know: every
        hand's count, the piles, its own hand)."""
        view, deck = self.view, len(self.rules.deck)
        problems = []
        if len(view.hand) != view.counts[view.seat]:
            problems.append(f"your hand holds {len(view.hand)} cards, its count says {view.counts[view.seat]}")
        shown = sum(view.counts) + len(view.discard) + view.draw_count
        if shown != deck:
            problems.append(f"{shown} cards in the hands and piles, {deck} in the deck")
        return problems

    def act(self, action: str, seat: int | None = None) -> list[Event]:
        """Send this seat's action; the events come with the server's answer.
        IllegalAction at once for another seat's action, or a second one
        before the first is answered; the rules are the server's, and its
        refusal comes back later (the 1991 game takes an illegal Wild Draw
        Four, and penalises it: no list of legal actions says so)."""
        if seat not in (None, self.view.seat):
            raise IllegalAction(f"you hold seat {self.view.seat}: you cannot act for seat {seat}")
        if self.in_flight is not None:
            raise IllegalAction("wait: your last action is on its way")
        self.in_flight = self.session.act(action)
        self._send(self.in_flight)
        return []

    def next_hand(self) -> None:
        """Ready for the next hand: the server deals it once every person
        present is ready (or the turn time runs out)."""
        self._send({"type": "next"})

    def turn_time_left(self, now: float | None = None) -> float | None:
        """Seconds before a computer plays for the person to act (None: no
        person's turn is being timed)."""
        if self.deadline_at is None:
            return None
        return max(0.0, self.deadline_at - (time.monotonic() if now is None else now))
