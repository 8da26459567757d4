"""A solid rule-of-thumb player: the ``normal`` level.

It scores every legal action and takes the best: chain Skips and Draw Twos
(with two players they give another turn), keep wilds until they matter,
name the colour it holds most, shed high cards when the opponent is close to
going out, and play a drawn card whenever it can.
"""

from __future__ import annotations

import random

from ..rules.cards import COLOURS, Card
from ..rules.game import View


def colour_to_name(hand: list[Card], rng: random.Random) -> str:
    """The colour held most (by count, then points); ties broken at random."""
    weight = {c: 0.0 for c in COLOURS}
    for card in hand:
        if card.colour:
            weight[card.colour] += 1 + card.points / 100
    best = max(weight.values())
    tied = [c for c in COLOURS if weight[c] == best]
    return tied[int(rng.random() * len(tied))]


def choose(view: View, rng: random.Random) -> str:
    legal = view.legal
    if legal[0].startswith("colour"):
        return "colour " + colour_to_name([Card(c) for c in view.hand], rng)
    plays = [a for a in legal if a.startswith("play")]
    if not plays:
        return legal[0]
    hand = [Card(c) for c in view.hand]
    opponent_cards = min(n for seat, n in enumerate(view.counts) if seat != view.seat)
    best, best_score = None, None
    for action in plays:
        score = score_play(action, hand, opponent_cards, view, rng)
        if best_score is None or score > best_score:
            best, best_score = action, score
    return best


def score_play(action: str, hand: list[Card], opponent_cards: int, view: View, rng: random.Random) -> float:
    """How much this play is worth, higher is better."""
    words = action.split()
    card = Card(words[1])
    rest = list(hand)
    rest.remove(card)
    if card.is_wild and words[2] != colour_to_name(rest, random.Random(0)):
        return -1000.0
    score = 0.0
    if card.is_wild:
        # Keep wilds for when nothing else plays, unless the opponent is close.
        score -= 30 if opponent_cards > 2 else -10
        if card.rank == "W+4":
            score += 15 if opponent_cards <= 3 else 0
    else:
        same_colour = sum(1 for c in rest if c.colour == card.colour)
        score += card.points / 2 + same_colour * 2
        if card.rank in ("S", "+2"):
            # Another turn: worth most when we can follow it up.
            follow = sum(1 for c in rest if c.colour == card.colour or c.rank == card.rank or c.is_wild)
            score += 5 + 3 * min(follow, 3)
            if opponent_cards <= 2:
                score += 20
    if opponent_cards <= 2:
        score += card.points
    return score + rng.random() * 0.01
