"""A compact model of standard UNO and Royal Revenge at any number of
seats, for the search's playouts (``duel_model`` is the two-player 1991 one).

It keeps what a playout needs: the hands, the draw pile (top card last),
the discard pile, the colour and rank to match, the direction, whose turn it
is and, in Royal Revenge, the King and the Jester. The choices other seats
make are simplified to what a sensible player does: a Wild Draw Four is
always accepted (and the playout policy never bluffs), every UNO is called,
the King names the colour it holds most and aims the King's Choice at the
seat with the fewest cards, and the scepter's fanfare never sounds.
``tests/test_ai_rules.py`` plays the model and the engine side by side.

House rules (standard UNO) are modelled as a sensible table plays them,
simplified: with stacking a seat stacks whenever it holds a card of the
rank on top (a Wild Draw Four too, never challenged) and otherwise takes the
whole stack; with seven_zero a 7 swaps with the seat that has the fewest
cards and a 0 passes the hands on; with draw_to_match a draw goes on until
a card plays. Nobody jumps in during a playout (a jump-in is decided out of
turn, by ``house.jump_in``), and forced_play and no_bluffing change nothing
here, as the playout policy always plays a playable drawn card and never
bluffs.

With partners (``sides``: each seat's team) the hand's winner scores the
cards of the other teams, and a 7 swaps with the other teams only.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rules.cards import PLUS_ONE_RANKS, Card
from ..rules.house import DRAW_TO_MATCH, SEVEN_ZERO, STACKING
from .duel_model import best_colour
from .piles import Piles

TO_DRAW = {"+2": 2, "W+4": 4}
SKIPPING = frozenset(("S", "+2", "W+4"))


class Table(Piles):
    """A position with every card known (one deal of the hidden cards): the
    piles (``Piles``, whose reshuffles every candidate tried on one deal
    meets alike), the colour and rank to match, the direction, whose turn
    it is, the card just drawn that may be played, Royal Revenge's King and
    Jester and the house rules in play."""

    __slots__ = (
        "colour",
        "direction",
        "drawn",
        "jester",
        "king",
        "moves_hands",
        "penalty",
        "points",
        "rank",
        "sides",
        "stacks",
        "to_match",
        "turn",
        "winner",
        "with_king",
    )

    def __init__(
        self,
        hands: list[list[Card]],
        draw: list[Card],
        discard: list[Card],
        colour: str | None,
        turn: int,
        direction: int = 1,
        drawn: Card | None = None,
        royal: bool = False,
        king: int | None = None,
        jester: int | None = None,
        seed: int = 0,
        house: Iterable[str] = (),
        penalty: int = 0,
        sides: tuple[int, ...] = (),
    ) -> None:
        super().__init__(hands, draw, discard, seed)
        self.colour = colour
        self.rank = discard[-1].rank
        self.turn = turn
        self.direction = direction
        self.drawn = drawn
        self.with_king = royal  # Royal Revenge's King and Jester, and its +1 cards
        self.king = -1 if king is None else king  # (-1: none, outside Royal Revenge)
        self.jester = -1 if jester is None else jester
        self.stacks = STACKING.in_play(house)
        self.moves_hands = SEVEN_ZERO.in_play(house)
        self.to_match = DRAW_TO_MATCH.in_play(house)
        self.penalty = penalty  # stacking: the cards stacked on the seat in turn
        self.sides = sides or tuple(range(len(hands)))  # each seat's team (none: each its own)
        self.winner: int | None = None
        self.points = 0

    def copy(self) -> Table:
        """An independent position whose reshuffles start afresh from ``seed``."""
        table = Table(
            [list(hand) for hand in self.hands],
            list(self.draw),
            list(self.discard),
            self.colour,
            self.turn,
            self.direction,
            self.drawn,
            self.with_king,
            self.king,
            self.jester,
            self.seed,
            penalty=self.penalty,
            sides=self.sides,
        )
        table.stacks, table.moves_hands, table.to_match = self.stacks, self.moves_hands, self.to_match
        return table

    def playable(self, card: Card) -> bool:
        """Whether ``card`` may be played now (any wild may: with these rules
        a Wild Draw Four is always legal)."""
        if card.colour is None:
            return True
        rank = self.rank
        return (
            card.colour == self.colour
            or card.rank == rank
            or (self.with_king and card.rank in PLUS_ONE_RANKS and rank in PLUS_ONE_RANKS)
        )

    def act(self, text: str) -> None:
        """Apply an action text: ``play X [C] [uno]``, ``draw`` (on a stack:
        take it) or ``pass``."""
        if text == "draw":
            if self.penalty:
                self.take_stack()
            else:
                self.draw_card()
        elif text == "pass":
            self.drawn = None
            self.turn = (self.turn + self.direction) % len(self.hands)
        else:
            words = text.split()
            colour = words[2] if len(words) > 2 and words[2] != "uno" else None
            self.play(Card(words[1]), colour)

    def play(self, card: Card, colour: str | None = None) -> None:
        """Play a card for the seat in turn; a wild without a colour names the
        colour the player (Royal Revenge: the King) holds most."""
        seat, hands = self.turn, self.hands
        players = len(hands)
        hand = hands[seat]
        hand.remove(card)
        self.drawn = None
        self.discard.append(card)
        rank = self.rank = card.rank
        if card.colour is None:
            self.colour = colour or best_colour(hands[self.king] if self.with_king else hand)
        else:
            self.colour = card.colour
        target = (seat + self.direction) % players
        after = target
        if rank in TO_DRAW and self.stacks and hand:
            self.penalty += TO_DRAW[rank]  # the next seat stacks or takes it all
        elif rank in TO_DRAW:
            self.give(target, TO_DRAW[rank] + self.penalty)
            self.penalty = 0
            after = (target + self.direction) % players
        elif rank == "S" or (rank == "R" and players == 2):
            after = (target + self.direction) % players
        elif rank == "R":
            self.direction = -self.direction
            after = (seat + self.direction) % players
        elif rank == "K" and self.with_king:
            self.give(self.kings_choice(), 1)
        elif rank == "J" and self.with_king and (hand or self.jester != seat):
            self.give(self.jester, 1)
        elif self.moves_hands and rank in ("7", "0") and hand:
            self.move_hands(seat, rank)
        if not hand:
            self.winner = seat
            sides, side = self.sides, self.sides[seat]
            self.points = sum(c.points for other, h in enumerate(hands) if sides[other] != side for c in h)
        else:
            self.turn = after

    def move_hands(self, seat: int, rank: str) -> None:
        """seven_zero: a 7 swaps with the seat of another team with the
        fewest cards (the first of them in the order of play), a 0 passes
        every hand on."""
        hands, players, step = self.hands, len(self.hands), self.direction
        if rank == "0":
            self.hands = [hands[(receiver - step) % players] for receiver in range(players)]
            return
        side = self.sides[seat]
        others = [other for k in range(1, players) if self.sides[other := (seat + step * k) % players] != side]
        other = min(others, key=lambda s: len(hands[s]))
        hands[seat], hands[other] = hands[other], hands[seat]

    def take_stack(self) -> None:
        """stacking: the seat in turn takes the stack and misses its turn."""
        seat = self.turn
        self.give(seat, self.penalty)
        self.penalty = 0
        self.turn = (seat + self.direction) % len(self.hands)

    def answer_stack(self) -> None:
        """stacking, in a playout: stack a card of the rank on top if the
        seat holds one, else take the stack."""
        rank = self.rank
        for card in self.hands[self.turn]:
            if card.rank == rank:
                self.play(card)
                return
        self.take_stack()

    def kings_choice(self) -> int:
        """The seat the King names: the fewest cards among the others still
        holding cards (the King itself if there is none)."""
        hands, king = self.hands, self.king
        others = [seat for seat in range(len(hands)) if seat != king and hands[seat]]
        return min(others, key=lambda seat: len(hands[seat])) if others else king

    def draw_card(self) -> Card | None:
        """Draw for the player to act. Returns the card if it may be played
        now (the player then plays it or passes), else ends the turn."""
        seat = self.turn
        drawn = self.give(seat, 1)
        while self.to_match and drawn is not None and not self.playable(drawn):
            drawn = self.give(seat, 1)
        if drawn is not None and self.playable(drawn):
            self.drawn = drawn
            return drawn
        self.turn = (seat + self.direction) % len(self.hands)
        return None


def policy_card(hand: list[Card], colour: str | None, rank: str, royal: bool) -> Card | None:
    """The playout policy's card: the highest-scoring matching coloured card,
    else a Wild Draw Four (never a bluff: nothing of the colour matched),
    else a Wild, else None (draw)."""
    best = wild = None
    top = -1
    plus_one = royal and rank in PLUS_ONE_RANKS
    for card in hand:
        if card.colour is None:
            if wild is None or card.rank == "W+4":
                wild = card
        elif (card.colour == colour or card.rank == rank or (plus_one and card.rank in PLUS_ONE_RANKS)) and (
            card.points > top
        ):
            best, top = card, card.points
    return wild if best is None else best


def playout(table: Table, limit: int) -> int:
    """Play on for up to ``limit`` moves with ``policy_card`` for every seat,
    a drawn card played whenever it may be. Returns the moves made."""
    moves = 0
    royal = table.with_king
    while moves < limit and table.winner is None:
        moves += 1
        if table.penalty:
            table.answer_stack()
            continue
        card = table.drawn
        if card is None:
            card = policy_card(table.hands[table.turn], table.colour, table.rank, royal)
            if card is None:
                card = table.draw_card()
                if card is None:
                    continue
        table.play(card)
    return moves
