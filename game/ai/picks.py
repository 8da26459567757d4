"""The choices that are not a card: challenging a Wild Draw Four (standard
UNO), and the King's Jester and King's Choice target (Royal Revenge). The
King's colour for a Wild is the heuristic's (the colour the King holds
most), as it is for a Wild turned up.

A Wild Draw Four may be played holding the colour in play, but then a
challenge wins: its player draws four instead, and the challenger keeps the
turn; a failed challenge costs two cards more than accepting. So a challenge
pays when the chance of a bluff is above about one in five. The chance is
estimated from what the challenger has seen (``guilt``): the careful way
(``hard``) reads each card the player holds as a slot marked with what its
draws showed it could not hold; the simple way (``normal``) only knows the
size of the hand. Both are estimates of the chance that the player *held*
the colour, and both ask for much more than one in five before challenging,
since holding it does not make a bluff likely: most players holding the
colour play it, and the Wild Draw Four comes from those who do not.
"""

from __future__ import annotations

import random

from ..rules.cards import Card
from ..rules.game import View
from ..rules.rulesets import get_ruleset
from .knowledge import Knowledge

CAREFUL_CHALLENGE = 0.6
SIMPLE_CHALLENGE = 0.8
# A Wild Draw Four is played as a bluff only when a challenger, judging from
# the bluffer's hand size alone, would put the chance of a bluff below this.
SAFE_BLUFF = 0.3


def choose(view: View, rng: random.Random, knowledge: Knowledge, careful: bool) -> str:
    """The answer to the view's pending choice (challenge, jester, target;
    any other kind, such as a house rule's, gets ``fallback``)."""
    assert view.pending is not None  # (the levels ask only with a choice pending)
    kind = view.pending.kind
    if kind == "challenge":
        enough = CAREFUL_CHALLENGE if careful else SIMPLE_CHALLENGE
        return "challenge" if guilt(view, knowledge, careful) >= enough else "accept"
    if kind == "jester":
        return f"jester {biggest_threat(view, [int(a.split()[1]) for a in view.legal])}"
    if kind == "target":
        return f"target {target(view)}"
    return fallback(view, view.legal)


def fallback(view: View, actions: tuple[str, ...] | list[str]) -> str:
    """A sensible one of ``actions`` for a choice the levels were not
    written for (a house rule's, say): the one naming the seat closest to
    going out, if they all name seats, else the play of the highest-scoring
    card, else the first."""
    seats = [named_seat(action) for action in actions]
    named = [seat for seat in seats if seat is not None]
    if len(named) == len(seats):
        return actions[min(range(len(actions)), key=lambda i: threat_order(view, named[i]))]
    plays = [action for action in actions if action.startswith("play ")]
    if plays:
        return max(plays, key=lambda action: Card(action.split()[1]).points)
    return actions[0]


def named_seat(action: str) -> int | None:
    """The seat an action names (its last number), if any: ``swap 2``."""
    numbers = [word for word in action.split() if word.isdigit()]
    return int(numbers[-1]) if numbers else None


def legal_form(view: View, action: str) -> str:
    """``action`` if it is legal, else a legal form of it (a house rule may
    add a seat to a play: ``play R7 swap 2``), naming the seat closest to
    going out and keeping its UNO call, else ``fallback``."""
    if action in view.legal:
        return action
    plain = action.removesuffix(" uno")
    forms = [legal for legal in view.legal if legal.startswith(plain + " ")]
    if action != plain:
        forms = [form for form in forms if form.endswith(" uno")] or forms
    return fallback(view, forms or view.legal)


def guilt(view: View, knowledge: Knowledge, careful: bool) -> float:
    """The chance that the player of the pending Wild Draw Four still holds
    a card of the colour that was in play."""
    assert view.pending is not None  # (a Wild Draw Four to challenge or accept)
    by, colour = view.pending.by, view.pending.colour
    if careful:
        if any(card.colour == colour for card in knowledge.known.get(by, [])):
            return 1.0
        lacks = 1.0
        for forbidden in knowledge.slots.get(by, []):
            fitting = knowledge.fitting(forbidden)
            if fitting:
                lacks *= 1 - sum(card.colour == colour for card in fitting) / len(fitting)
        return 1 - lacks
    return holds_chance(view.counts[by], share(knowledge.unseen, colour))


def share(cards: list[Card], colour: str | None) -> float:
    """The part of ``cards`` that has ``colour``."""
    return sum(card.colour == colour for card in cards) / len(cards) if cards else 0.0


def holds_chance(count: int, share: float) -> float:
    """The chance that ``count`` cards, each of a colour with chance
    ``share``, include that colour."""
    return 1 - (1 - share) ** count


def bluff_is_safe(view: View) -> bool:
    """Whether a Wild Draw Four played now, holding the colour in play, is
    unlikely to be challenged: the hand it leaves is so small that a player
    who knows only its size (and the discard pile) would think it fair."""
    left = len(view.hand) - 1
    if left == 0:
        return True  # going out: there is no challenge
    deck = get_ruleset(view.rules).deck
    colour = view.colour
    of_colour = sum(code[0] == colour for code in deck) - sum(code[0] == colour for code in view.discard)
    return holds_chance(left, of_colour / (len(deck) - len(view.discard))) < SAFE_BLUFF


def biggest_threat(view: View, seats: list[int]) -> int:
    """Of ``seats``, the one closest to going out (``threat_order``)."""
    return min(seats, key=lambda seat: threat_order(view, seat))


def threat_order(view: View, seat: int) -> tuple[int, int, int]:
    """Seats in order of threat: the fewest cards, the highest score, the
    first to play after this seat."""
    return view.counts[seat], -view.scores[seat], order(view, seat)


def order(view: View, seat: int) -> int:
    """How many turns after this seat ``seat`` plays."""
    return (seat - view.seat) * view.direction % view.players


def target(view: View) -> int:
    """The King's Choice: the biggest threat among the other seats that may
    be named; the King itself only when nobody else may be."""
    seats = [int(action.split()[1]) for action in view.legal]
    others = [seat for seat in seats if seat != view.seat]
    return biggest_threat(view, others) if others else seats[0]
