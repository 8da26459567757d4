"""What both playout models hold alike: the hands and the two piles of one
deal with every card known, and the dealing from them (``duel_model``: the
1991 game of two; ``table_model``: standard UNO and Royal Revenge at any
number of seats).

Reshuffles of the discard pile use a generator seeded from ``seed`` when
first needed, so every candidate action tried on one deal meets the same
reshuffles, and the engine's ``Game.from_view(..., seed)`` the same.
"""

from __future__ import annotations

import random

from ..rules.cards import Card
from ..rules.game import shuffle


class Piles:
    """The hands (lists of ``Card``), the draw pile (top card last) and the
    discard pile (top card last) of one deal; a model adds the rest."""

    __slots__ = ("discard", "draw", "hands", "rng", "seed")

    def __init__(self, hands: list[list[Card]], draw: list[Card], discard: list[Card], seed: int) -> None:
        self.hands = hands
        self.draw = draw
        self.discard = discard
        self.seed = seed
        self.rng: random.Random | None = None

    def give(self, seat: int, count: int) -> Card | None:
        """Move up to ``count`` cards to a hand, shuffling the discard pile in
        under the draw pile first when it is short; returns the last card."""
        if len(self.draw) < count:
            self.reshuffle()
        draw, hand, card = self.draw, self.hands[seat], None
        for _ in range(min(count, len(draw))):
            card = draw.pop()
            hand.append(card)
        return card

    def reshuffle(self) -> list[Card]:
        """Shuffle the discard pile but its top card in under the draw pile
        (when there are cards to shuffle); returns the draw pile."""
        if len(self.discard) >= 2:
            top = self.discard.pop()
            pile = self.discard
            self.discard = [top]
            if self.rng is None:
                self.rng = random.Random(self.seed)
            shuffle(pile, self.rng)
            self.draw = pile + self.draw
        return self.draw
