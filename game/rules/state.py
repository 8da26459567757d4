"""The public state of a game: a choice waited for (``Pending``) and what
one seat may know (``View``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .events import Event
from .teams import sides


class Pending(NamedTuple):
    """A choice that must be made before play goes on; all of it is public.

    ``kind``: ``colour`` (a Wild's colour: the starter's for a Wild turned up,
    the King's in Royal Revenge), ``challenge`` (challenge or accept a Wild
    Draw Four), ``jester`` or ``target`` (the King's); with house rules
    ``stack`` (stack another Draw Two, or Wild Draw Four, or ``draw`` the
    ``penalty``) and ``swap`` (whom the player of a 7 swaps hands with).
    ``seat`` chooses; play then goes on from ``resume``. ``by`` is the seat
    whose card asked for the choice, ``colour`` the colour in play before a
    Wild Draw Four, ``going_out`` that the card was its player's last (the
    hand ends after the choice), ``opening`` that the first card turned up
    still waits to take effect (the King names the first Jester before
    anything else), ``penalty`` the cards a stack holds (with stacking
    only; otherwise 0, and a Wild Draw Four costs the usual four).
    """

    kind: str
    seat: int
    resume: int
    by: int = -1
    colour: str | None = None
    going_out: bool = False
    opening: bool = False
    penalty: int = 0


@dataclass(frozen=True)
class View:
    """What one seat may know: its own hand, the table, and the public events
    of this hand (other seats' drawn cards are hidden, and a challenged hand
    is shown to the challenger alone). Never another hand or the order of
    the draw pile. ``legal`` is what this seat may do now, in turn or out of
    it; ``exposed`` the seat that may be caught without its UNO call;
    ``house`` the house rules in play; ``teams`` whether partners play
    (``sides``: each seat's team)."""

    rules: str
    players: int
    seat: int
    turn: int | None
    hand: tuple[str, ...]
    legal: tuple[str, ...]
    top: str
    colour: str | None
    counts: tuple[int, ...]
    discard: tuple[str, ...]
    draw_count: int
    scores: tuple[int, ...]
    target: int
    starter: int
    direction: int
    drawn: str | None
    events: tuple[Event, ...]
    hand_over: bool
    match_over: bool
    exposed: int | None = None
    pending: Pending | None = None
    king: int | None = None
    jester: int | None = None
    scoring: str = "points"
    house: tuple[str, ...] = ()
    teams: bool = False

    @property
    def sides(self) -> tuple[int, ...]:
        """Each seat's side (``teams.sides``): its team with partners, else the seat itself."""
        return sides(self.players, self.teams)
