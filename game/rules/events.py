"""Events: what happened as the result of an action, in order.

``Game.act`` returns a list of events, and ``Game.view`` hands each seat the
events of the current hand with other seats' drawn cards hidden. Every event
has a readable text form, ``str(event)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

# Why a player drew cards.
BY_CHOICE = "pick up"
DRAW_TWO = "Draw Two"
DRAW_FOUR = "Wild Draw Four"
PENALTY = "illegal Wild Draw Four"
FIRST_CARD = "Draw Two turned up"
CAUGHT = "caught without calling UNO"
CHALLENGED = "Wild Draw Four challenged"
CHALLENGE_LOST = "challenge lost"
KINGS_CHOICE = "King's Choice"
JESTER = "Jester"
FIRST_JESTER = "Jester turned up"

# The kind of a play out of turn's event (the house rule of the same name
# allows it), named once: callers compare an event's kind with it.
JUMP_IN = "jump_in"


class Event(NamedTuple):
    """One thing that happened. Fields not used by a kind keep their defaults.

    Kinds: ``deal``, ``turn_up``, ``return`` (a Wild Draw Four turned up goes
    back into the draw pile), ``play``, ``colour``, ``draw``, ``penalty``,
    ``skip``, ``reverse``, ``pass``, ``reshuffle``, ``turn``, ``hand_end``,
    ``match_end``; with UNO calls: ``uno`` (the seat calls UNO), ``exposed``
    (the seat played to one card without calling), ``catch`` (the seat
    catches the exposed player, whose draw follows); standard: ``challenge``
    (the seat challenges a Wild Draw Four; ``reason`` is ``won`` or
    ``lost``), ``accept``, ``reveal`` (the challenged hand, in the
    challenger's view only: ``seat`` is the challenger); Royal Revenge:
    ``king`` and ``jester`` (the seat now wears the crown or the hat),
    ``target`` (the King's Choice falls on the seat), ``fanfare``; house
    rules: ``swap`` (the seat swaps hands with seat ``count``), ``rotate``
    (after the seat's 0 every hand passes one seat along the direction
    ``count``), ``jump_in`` (the seat plays out of turn: its ``play``
    follows).
    """

    kind: str
    seat: int = -1
    cards: tuple[str, ...] = ()
    count: int = 0  # type: ignore[assignment]  # the field's name hides tuple.count, which no event needs
    colour: str | None = None
    reason: str = ""
    points: int = 0

    def hidden(self) -> Event:
        """The event as another seat sees it: drawn cards are face down (one
        event for every seat that sees it so, as for ``shared``)."""
        if self.kind != "draw":
            return self
        face_down = self._replace(cards=())
        return _SHARED.setdefault(face_down, face_down)

    def __str__(self) -> str:
        return _TEXT[self.kind](self)


_SHARED: dict[tuple[object, ...], Event] = {}  # by their fields; for ``hidden``, by the event itself


def shared(kind: str, seat: int = -1, card: str | None = None, colour: str | None = None, reason: str = "") -> Event:
    """The event for a kind, seat, card and colour, built once and then reused:
    events are immutable, and the engine makes these on every action."""
    key = (kind, seat, card, colour, reason)
    event = _SHARED.get(key)
    if event is None:
        event = _SHARED[key] = Event(kind, seat, () if card is None else (card,), colour=colour, reason=reason)
    return event


def _draw_text(e: Event) -> str:
    text = f"seat {e.seat} draws {e.count} ({e.reason})"
    return f"{text}: {' '.join(e.cards)}" if e.cards else text


def _play_text(e: Event) -> str:
    card = e.cards[0]
    return f"seat {e.seat} plays {card} and names {e.colour}" if e.colour else f"seat {e.seat} plays {card}"


_TEXT: dict[str, Callable[[Event], str]] = {
    "deal": lambda e: f"deal {e.count} cards to each player",
    "turn_up": lambda e: f"turn up {e.cards[0]}",
    "return": lambda e: f"{e.cards[0]} turned up goes back into the draw pile",
    "play": _play_text,
    "colour": lambda e: f"seat {e.seat} names {e.colour}",
    "draw": _draw_text,
    "penalty": lambda e: f"seat {e.seat} is penalised for an illegal {e.cards[0]}",
    "skip": lambda e: f"seat {e.seat} is skipped",
    "reverse": lambda e: "play changes direction",
    "pass": lambda e: f"seat {e.seat} passes" + (f" ({e.reason})" if e.reason else ""),
    "reshuffle": lambda e: f"the discard pile is shuffled into a new draw pile of {e.count} cards",
    "turn": lambda e: f"seat {e.seat} to play",
    "hand_end": lambda e: f"seat {e.seat} goes out and scores {e.points}",
    "match_end": lambda e: f"seat {e.seat} wins the match with {e.points}",
    "uno": lambda e: f"seat {e.seat} calls UNO",
    "exposed": lambda e: f"seat {e.seat} has one card and did not call UNO",
    "catch": lambda e: f"seat {e.seat} catches the player who did not call UNO",
    "challenge": lambda e: f"seat {e.seat} challenges the Wild Draw Four and {e.reason}",
    "accept": lambda e: f"seat {e.seat} accepts the Wild Draw Four",
    "reveal": lambda e: f"seat {e.seat} is shown the challenged hand: {' '.join(e.cards)}",
    "king": lambda e: f"seat {e.seat} is the King",
    "jester": lambda e: f"seat {e.seat} is the Jester",
    "target": lambda e: f"the King's Choice falls on seat {e.seat}",
    "fanfare": lambda e: "the scepter sounds its fanfare: the crown passes on",
    "swap": lambda e: f"seat {e.seat} swaps hands with seat {e.count}",
    "rotate": lambda e: "every hand passes one seat " + ("up" if e.count == 1 else "down"),
    JUMP_IN: lambda e: f"seat {e.seat} jumps in",
}
