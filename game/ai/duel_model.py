"""A compact two-player model of the 1991 rules, for fast playouts (the
standard rules and Royal Revenge, at any number of seats, are ``table_model``).

The search plays thousands of moves per decision, and the engine's text
actions, events and checks cost more than the moves themselves. This model
keeps only what a playout needs: the hands (lists of ``Card``, whose
attributes stay the single source of colours, ranks and points), the draw
pile (top card last), the discard pile, the colour and rank to match, and
whose turn it is. ``tests/test_ai.py`` plays the model and the engine side
by side to show they agree.
"""

from __future__ import annotations

from ..rules.cards import COLOURS, Card
from ..rules.game import PLAY_ACTIONS
from .heuristic import FOLLOW_UP
from .piles import Piles

# With two players Skip, Draw Two, Wild Draw Four and Reverse all give the
# player another turn.
AGAIN = frozenset(("S", "+2", "W+4", "R"))
CARDS_TO_DRAW = {"+2": 2, "W+4": 4}


class Position(Piles):
    """A two-player position with every card known (one determinization):
    the piles (``Piles``, whose reshuffles every candidate action tried on
    one deal meets alike), the colour and rank to match, whose turn it is
    and the card just drawn that may be played."""

    __slots__ = ("colour", "drawn", "points", "rank", "turn", "winner")

    def __init__(
        self,
        hands: list[list[Card]],
        draw: list[Card],
        discard: list[Card],
        colour: str | None,
        turn: int,
        drawn: Card | None = None,
        seed: int = 0,
    ) -> None:
        super().__init__(hands, draw, discard, seed)
        self.colour = colour
        self.rank = discard[-1].rank
        self.turn = turn
        self.drawn = drawn
        self.winner: int | None = None
        self.points = 0

    def copy(self) -> Position:
        """An independent position whose reshuffles start afresh from ``seed``."""
        return Position(
            [list(h) for h in self.hands],
            list(self.draw),
            list(self.discard),
            self.colour,
            self.turn,
            self.drawn,
            self.seed,
        )

    def playable(self, card: Card, hand: list[Card]) -> bool:
        if card.colour is None:
            if card.rank == "W":
                return True
            colour = self.colour
            return not any(c.colour == colour for c in hand)
        return card.colour == self.colour or card.rank == self.rank

    def legal(self) -> list[str]:
        """The action texts the engine would list (for the root and tests)."""
        if self.drawn is not None:
            return [*PLAY_ACTIONS[self.drawn], "pass"]
        hand = self.hands[self.turn]
        actions: list[str] = []
        for card in dict.fromkeys(hand):
            if self.playable(card, hand):
                actions.extend(PLAY_ACTIONS[card])
        return [*actions, "draw"]

    def act(self, text: str) -> None:
        """Apply an action text (``play X [C]``, ``draw`` or ``pass``)."""
        if text == "draw":
            self.draw_card()
        elif text == "pass":
            self.drawn = None
            self.turn = 1 - self.turn
        else:
            words = text.split()
            self.play(Card(words[1]), words[2] if len(words) > 2 else None)

    def play(self, card: Card, colour: str | None) -> None:
        seat = self.turn
        hand = self.hands[seat]
        hand.remove(card)
        self.drawn = None
        self.discard.append(card)
        self.colour = colour or card.colour
        rank = self.rank = card.rank
        if rank in CARDS_TO_DRAW:
            self.give(1 - seat, CARDS_TO_DRAW[rank])
        if not hand:
            self.winner = seat
            self.points = sum(c.points for c in self.hands[1 - seat])
        elif rank not in AGAIN:
            self.turn = 1 - seat

    def draw_card(self) -> Card | None:
        """Draw for the player to act. Returns the card if it may be played
        now (the player then plays it or passes), else ends the turn."""
        seat = self.turn
        drawn = self.give(seat, 1)
        if drawn and self.playable(drawn, self.hands[seat]):
            self.drawn = drawn
            return drawn
        self.turn = 1 - seat
        return None


def best_colour(hand: list[Card]) -> str:
    """The colour held most (the first of COLOURS on a tie, red if none)."""
    counts = dict.fromkeys(COLOURS, 0)
    for card in hand:
        if card.colour is not None:
            counts[card.colour] += 1
    return max(COLOURS, key=counts.__getitem__)


def greedy_card(hand: list[Card], colour: str | None, rank: str) -> Card | None:
    """The playout policy's card: the highest-scoring matching coloured card
    (so Skips and Draw Twos first, for the extra turn), else a Wild Draw
    Four, else a Wild, else None (draw)."""
    best = wild = None
    top = -1
    for card in hand:
        if card.colour is None:
            if wild is None or card.rank == "W+4":
                wild = card
        elif (card.colour == colour or card.rank == rank) and card.points > top:
            best, top = card, card.points
    return wild if best is None else best


def thoughtful_card(hand: list[Card], colour: str | None, rank: str) -> Card | None:
    """``greedy_card`` with the heuristic's rule of thumb for the extra
    turn: a Skip or Draw Two goes first only with a card to follow it, and
    after the plain cards without one (``heuristic.has_follow_up``). It is
    written out beside ``greedy_card`` rather than sharing a loop with it,
    as both run at every move of every playout."""
    best = wild = None
    top = -1000
    for card in hand:
        if card.colour is None:
            if wild is None or card.rank == "W+4":
                wild = card
        elif card.colour == colour or card.rank == rank:
            score = card.points
            if card.rank in AGAIN:
                follows = any(
                    other is not card and (other.colour in (None, card.colour) or other.rank == card.rank)
                    for other in hand
                )
                score += FOLLOW_UP if follows else -FOLLOW_UP
            if score > top:
                best, top = card, score
    return wild if best is None else best


def playout(pos: Position, limit: int = 400, thoughtful: int | None = None) -> int:
    """Play the hand out with ``greedy_card`` for both players (the seat
    ``thoughtful``, if any, with ``thoughtful_card``), a wild naming
    ``best_colour``, and a drawn card played whenever it may be.
    Returns the number of moves (none when the hand is already over);
    ``pos.winner`` stays None if the limit cut the hand short.

    This is ``Position.play`` and ``Position.draw_card`` unrolled into one
    loop over local variables, which makes it about twice as fast; the
    tests check it against the engine move by move.
    """
    hands, draw, discard, colour, rank, turn, card = (
        pos.hands,
        pos.draw,
        pos.discard,
        pos.colour,
        pos.rank,
        pos.turn,
        pos.drawn,
    )
    moves = 0
    while moves < limit and pos.winner is None:
        moves += 1
        hand = hands[turn]
        if card is None:
            card = thoughtful_card(hand, colour, rank) if turn == thoughtful else greedy_card(hand, colour, rank)
            if card is None:
                if not draw:
                    draw, discard = pos.reshuffle(), pos.discard
                    if not draw:
                        turn = 1 - turn
                        continue
                card = draw.pop()
                hand.append(card)
                if card.colour is None:
                    playable = card.rank == "W" or not any(c.colour == colour for c in hand)
                else:
                    playable = card.colour == colour or card.rank == rank
                if not playable:
                    card = None
                    turn = 1 - turn
                    continue
        hand.remove(card)
        discard.append(card)
        rank = card.rank
        colour = card.colour or best_colour(hand)
        card = None
        if rank in CARDS_TO_DRAW:
            pos.turn = turn
            pos.give(1 - turn, CARDS_TO_DRAW[rank])
            draw, discard = pos.draw, pos.discard
        if not hand:
            pos.winner = turn
            pos.points = sum(c.points for c in hands[1 - turn])
            break
        if rank not in AGAIN:
            turn = 1 - turn
    pos.colour, pos.rank, pos.turn, pos.drawn = colour, rank, turn, card
    return moves
