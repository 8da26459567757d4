"""The house rules of standard UNO, as the ``normal`` and ``hard`` levels
play them (``easy`` makes these choices at random).

- **stacking**: on a Draw Two or Wild Draw Four it stacks one of its own
  rather than draw: the stack then falls on somebody else, which is always
  worth more than the card spent. The Draw Two it stacks is the one of the
  colour it holds most (play goes on in that colour), and it stacks a Wild
  Draw Four only where it would be legal (``hard``: also as a bluff that
  ``picks.bluff_is_safe``). A stacked Wild Draw Four is challenged as a
  single one would be, and that comes first: a bluff caught gives the whole
  stack to the bluffer, and the challenger keeps its card.
- **seven_zero**: a 7 swaps hands with the seat that has the fewest cards
  (the biggest threat: ``picks.biggest_threat``); a 7 or a 0 is played only
  when the hand it brings is not much bigger than the one it leaves
  (``hand_change``). A 7 is played as ``play R7``, and the swap chosen
  next: the UNO call comes with the play, as for any card.
- **jump_in**: it jumps in with an identical card whenever it can, unless
  it is a 7 or a 0 whose swap would cost it cards: a card shed out of turn
  is a turn taken from every seat in between, and a player near going out
  loses its turn.
- **draw_to_match**, **forced_play**, **no_bluffing** need no choice of
  their own: ``legal`` lists only what they allow.
"""

from __future__ import annotations

import random

from ..rules.cards import Card
from ..rules.game import View
from ..rules.house import SEVEN_ZERO
from . import picks
from .colours import lacking, name_colour
from .knowledge import Knowledge

# A 7 or 0 that would leave the player more than this many cards more than
# it has after playing it is not worth playing (drawing costs one card).
WORST_HAND_CHANGE = 1


def choose(view: View, rng: random.Random, knowledge: Knowledge, careful: bool) -> str | None:
    """The answer to a choice that house rules bring (a stack, a swap, a
    Wild Draw Four that may be stacked on), or None for any other."""
    assert view.pending is not None  # (the levels ask only with a choice pending)
    kind = view.pending.kind
    if kind == "swap":
        return f"swap {swap_target(view)}"
    if kind == "stack":
        return stack_play(view, rng, knowledge, careful) or "draw"
    if kind == "challenge" and any(action.startswith("play ") for action in view.legal):
        if picks.choose(view, rng, knowledge, careful) == "challenge":
            return "challenge"
        return stack_play(view, rng, knowledge, careful) or "accept"
    return None


def stack_play(view: View, rng: random.Random, knowledge: Knowledge, careful: bool) -> str | None:
    """The card to stack, if any: the Draw Two of the colour held most, or a
    Wild Draw Four naming the colour the heuristic would (never a bluff,
    except for ``careful`` when the bluff is safe)."""
    hand = [Card(code) for code in view.hand]
    plays = [action for action in view.legal if action.startswith("play ") and not action.endswith(" uno")]
    if not plays:
        return None
    if Card(view.top).rank == "W+4":
        bluff = any(card.colour == view.colour for card in hand)
        if bluff and not (careful and picks.bluff_is_safe(view)):
            return None
        rest = list(hand)
        rest.remove(Card("W+4"))
        return f"play W+4 {name_colour(rest, lacking(view, knowledge), rng)}"
    held = {code[0]: sum(other[0] == code[0] for other in view.hand) for code in view.hand}
    return max(plays, key=lambda action: held[action.split()[1][0]])


def swap_target(view: View) -> int:
    """The seat to swap hands with: of the other teams (every other seat
    without partners), the fewest cards (then the highest score, then the
    first to play)."""
    sides = view.sides
    return picks.biggest_threat(view, [seat for seat in range(view.players) if sides[seat] != sides[view.seat]])


def hand_change(view: View, card: Card) -> int:
    """With seven_zero, how many cards more (or, negative, fewer) the hand
    holds after playing ``card`` and its swap or rotation than it would
    with a plain play: 0 for any other card or without seven_zero."""
    if not SEVEN_ZERO.in_play(view.house) or card.rank not in ("7", "0"):
        return 0
    left = len(view.hand) - 1
    if left == 0:
        return 0  # the last card: nothing is swapped
    if card.rank == "7":
        return view.counts[swap_target(view)] - left
    return view.counts[(view.seat - view.direction) % view.players] - left


def worth_playing(view: View, card: Card) -> bool:
    """Whether the hand ``card`` brings with seven_zero is acceptable."""
    return hand_change(view, card) <= WORST_HAND_CHANGE


def jump_in(view: View) -> str | None:
    """The jump-in worth making out of turn, if any: the plain play of the
    card identical to the top card (the caller adds the UNO call)."""
    play = f"play {view.top}"
    if play not in view.legal and play + " uno" not in view.legal:
        return None
    return play if hand_change(view, Card(view.top)) <= 0 else None
