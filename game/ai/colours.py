"""Which colour to name (a Wild's, a Wild Draw Four's, the King's): the
colour held most, leaning towards colours the next player showed it lacks.
Asked by the heuristic player (``heuristic``) and by the house rules' choices
(``house``).
"""

from __future__ import annotations

import random

from ..rules.cards import COLOURS, Card
from ..rules.game import View
from .knowledge import Knowledge


def name_colour(hand: list[Card], lacks: set[str], rng: random.Random) -> str:
    """The colour held most, counting each colour the opponent lacks as one
    more card; ties broken at random."""
    weight = {colour: 1.0 if colour in lacks else 0.0 for colour in COLOURS}
    for card in hand:
        if card.colour is not None:
            weight[card.colour] += 1
    best = max(weight.values())
    tied = [colour for colour in COLOURS if weight[colour] == best]
    return tied[int(rng.random() * len(tied))]


def lacking(view: View, knowledge: Knowledge, seat: int | None = None) -> set[str]:
    """Colours a seat (by default the next player) most likely lacks:
    forbidden in at least half of its cards by what its draws showed (see
    ``knowledge``)."""
    if seat is None:
        seat = (view.seat + view.direction) % view.players
    slots = knowledge.slots.get(seat, [])
    return {colour for colour in COLOURS if slots and 2 * sum(colour in f for f in slots) >= len(slots)}


def colour_lacks(view: View, knowledge: Knowledge) -> set[str]:
    """For naming a colour on its own (a Wild turned up, or the King naming
    any Wild's): the colours lacked by the seat that plays next, unless that
    is this seat (then the next player after it)."""
    pending = view.pending
    if pending is None or pending.resume == view.seat:
        return lacking(view, knowledge)
    return lacking(view, knowledge, pending.resume)
