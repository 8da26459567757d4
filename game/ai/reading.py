"""Reading a hand from how its player played: how likely a dealt hand is.

``knowledge`` rules hands out (a player who drew held nothing that played);
this weighs the hands it leaves by how well they explain the cards the
player chose. Its plays since its hand last took cards are public
(``knowledge.Play``), and every card it holds now was held at each of
them, so its hand at each play is known in a deal: the hand dealt now,
plus the cards it played since.

Nobody at the table knows what kind of player the others are, so a hand is
weighed as the mix, half and half, of two kinds a person might be facing:

- *any card that goes*, a beginner: each card that played was as likely
  as any other, so a hand with fewer cards that played explains the
  choice better (after it plays a red, it more likely has few reds left);
- *the club player*: the highest-scoring card that matches (Skips and Draw
  Twos first), a wild only when nothing else matches, the Wild Draw Four
  before the Wild, and the colour it holds most named. A player who
  plays so shows much of its hand (no red worth more than the red 5 it
  played), and one who names blue holds blue; ``SLIP`` of its choices are
  allowed to be other ones, so a player who plays otherwise loses its
  hands' weights gradually rather than all at once.

Measured in the 1991 game (``docs/computer-players.md``): hard that reads
hands so wins about 1.7 points more of the hands against the greedy club
player (17,000 hands on three sets of deals), and as many as without it,
within the noise, against random-legal players and hard-v1. At four seats
it gained nothing measurable, so only the 1991 search reads.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules.cards import Card
from .knowledge import Play

SLIP = 0.1  # the share of a club player's choices taken to be other than its rule
ANY = 0.5  # the weight of the beginner in the mix (the club player has the rest)


def likelihood(hand: Sequence[Card], plays: Sequence[Play]) -> float:
    """How well ``hand``, dealt to a player now, explains its ``plays``
    (earliest first): the mix of the two kinds' chances of choosing them."""
    if not plays:
        return 1.0
    held = list(hand)
    any_card = club = 1.0
    for play in reversed(plays):  # from the latest back: the hand before each play
        named = play.named
        if named is not None:  # the club player names the colour held most after the play
            club *= SLIP + (1 - SLIP) * _share_named(held, named)
        held.append(play.card)
        choices, best = _choices(held, play.colour, play.rank)
        any_card /= max(choices, 1)
        club *= SLIP + (1 - SLIP) * (1 / len(best) if play.card in best else 0.0)
    return ANY * any_card + (1 - ANY) * club


def _choices(hand: list[Card], colour: str | None, rank: str) -> tuple[int, list[Card]]:
    """How many different cards of ``hand`` play on ``colour`` and ``rank``,
    and those the club player would choose among."""
    follows = any(card.colour == colour for card in hand)
    playable: set[Card] = set()
    best: list[Card] = []
    top = -1
    wild = four = None
    for card in hand:
        if card.colour is None:
            if card.rank == "W":
                wild = card
            elif not follows:
                four = card
            else:
                continue
        elif card.colour == colour or card.rank == rank:
            if card.points > top:
                best, top = [card], card.points
            elif card.points == top and card not in best:
                best.append(card)
        else:
            continue
        playable.add(card)
    if not best:  # no coloured card matches: a Wild Draw Four first, else a Wild
        best = [four] if four is not None else [wild] if wild is not None else []
    return len(playable), best


def _share_named(hand: list[Card], named: str) -> float:
    """The club player's chance of naming ``named`` with this hand: one in
    the number of colours held most, if it is one of them."""
    counts: dict[str, int] = {}
    for card in hand:
        if card.colour is not None:
            counts[card.colour] = counts.get(card.colour, 0) + 1
    if not counts:
        return 0.25  # nothing but wilds: any colour
    most = max(counts.values())
    if counts.get(named, 0) != most:
        return 0.0
    return 1 / sum(count == most for count in counts.values())
