"""A solid rule-of-thumb player: the ``normal`` level.

Measured against a plain greedy player (highest-scoring matching card, wilds
last), most rules of thumb turned out not to help; these did:

- play the highest-scoring card that matches, so Skips and Draw Twos go
  first: with two players each gives another turn, and high cards are what
  the opponent scores if it goes out first;
- but play a Skip or Draw Two only with a card to follow it, as the extra
  turn is wasted without one;
- keep wilds until nothing else plays, the Wild Draw Four first (it makes
  the opponent draw four and gives another turn);
- name the colour held most, and lean towards colours the opponent showed
  it lacks when it drew, and play into them.

With the standard rules and Royal Revenge the same rules of thumb choose the
card (a Reverse counts as a Skip with two players; the Jester keeps its
Jester cards, which would make it draw), the Wild Draw Four is never a
bluff, and the choices that are not a card come from ``picks``. The house
rules' choices (a stack, a swap) come from ``house``, which also keeps it
from a 7 or 0 that would bring a much bigger hand.
"""

from __future__ import annotations

import random

from ..rules.cards import Card
from ..rules.game import View
from ..rules.rulesets import RULESETS
from . import house, picks
from .colours import colour_lacks, lacking, name_colour
from .knowledge import Knowledge, infer

FOLLOW_UP = 15
INTO_LACK = 5
# What a Jester costs the Jester who plays it: the card it draws.
OWN_JESTER = 25
# seven_zero: what each card more (or fewer) a 7 or a 0 brings is worth.
SWAP_CARD = 10


def choose(view: View, rng: random.Random, knowledge: Knowledge | None = None) -> str:
    """The heuristic's action for the view (``rng`` breaks exact ties);
    ``knowledge`` is what ``infer(view)`` gives, when already at hand. The
    view's ``legal`` holds in-turn actions only (``Player`` answers ``uno``
    and ``catch`` first)."""
    knowledge = knowledge or infer(view)
    if view.pending is not None and view.pending.kind != "colour":
        return house.choose(view, rng, knowledge, careful=False) or picks.choose(view, rng, knowledge, careful=False)
    hand = [Card(code) for code in view.hand]
    if view.legal[0].startswith("colour"):
        return "colour " + name_colour(hand, colour_lacks(view, knowledge), rng)
    lacks = lacking(view, knowledge)
    card = Card(view.drawn) if view.drawn else pick_card(hand, view, lacks)
    if card is None:
        return "draw"
    if "pass" in view.legal and not good_to_play_drawn(card, hand, view):
        return "pass"
    if card.is_wild and RULESETS[view.rules].wilds_name_colour:  # (Royal Revenge: the King names it)
        rest = list(hand)
        rest.remove(card)
        return f"play {card.code} {name_colour(rest, lacks, rng)}"
    return f"play {card.code}"


def good_to_play_drawn(card: Card, hand: list[Card], view: View) -> bool:
    """Whether to play a card just drawn: not a Wild Draw Four that would be
    a bluff, nor (seven_zero) a 7 or 0 that brings a much bigger hand."""
    if card.rank == "W+4" and any(other.colour == view.colour for other in hand):
        return False
    return house.worth_playing(view, card)


def pick_card(hand: list[Card], view: View, lacks: set[str]) -> Card | None:
    """The best matching coloured card, else a wild (a Wild Draw Four when
    it is no bluff), else None to draw."""
    colour, rank = view.colour, Card(view.top).rank
    duel = view.players == 2
    plus_one_ranks = RULESETS[view.rules].plus_one_ranks
    plus_one = rank in plus_one_ranks
    best, best_score = None, None
    wild = four = None
    for card in hand:
        if card.colour is None:
            if card.rank == "W":
                wild = card
            else:
                four = card
        elif (
            card.colour == colour or card.rank == rank or (plus_one and card.rank in plus_one_ranks)
        ) and house.worth_playing(view, card):
            score = card.points + (INTO_LACK if card.colour in lacks else 0)
            if card.rank in ("S", "+2") or (duel and card.rank == "R"):
                score += FOLLOW_UP if has_follow_up(card, hand) else -FOLLOW_UP
            elif card.rank == "J" and view.jester == view.seat:
                score -= OWN_JESTER
            score -= SWAP_CARD * house.hand_change(view, card)
            if best_score is None or score > best_score:
                best, best_score = card, score
    if best is not None:
        return best
    if four is not None and not any(card.colour == colour for card in hand):
        return four
    return wild


def has_follow_up(card: Card, hand: list[Card]) -> bool:
    """Whether another card in the hand plays on ``card``."""
    return (
        any(
            other is not card and (other.colour is None or other.colour == card.colour or other.rank == card.rank)
            for other in hand
        )
        or hand.count(card) > 1
    )
