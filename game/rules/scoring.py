"""The score of a hand and who wins the match: pure arithmetic on points.

``points`` scoring (every rule set) gives the hand's winner the points left
in the other hands; ``tally`` scoring adds the points left in each hand to
its own player's total, and the lowest total wins once one reaches the
target.
"""

from __future__ import annotations

from collections.abc import Sequence


def scores_after_hand(scores: Sequence[int], winner: int, left: Sequence[int], scoring: str) -> list[int]:
    """The match's totals after a hand ``winner`` went out of, ``left``
    being the points each seat still held."""
    if scoring == "tally":
        return [score + points for score, points in zip(scores, left, strict=True)]
    totals = list(scores)
    totals[winner] += sum(left)
    return totals


def match_winner(scores: Sequence[int], hand_winner: int, left: Sequence[int], direction: int, scoring: str) -> int:
    """Who wins a match that has reached its target: the last hand's winner
    (``points``), or the lowest total (``tally``); between equal totals, the
    fewer points in the last hand, then the nearer to the last hand's
    winner in the order of play (its winner first)."""
    if scoring != "tally":
        return hand_winner
    players = len(scores)
    order = [(hand_winner + direction * step) % players for step in range(players)]
    return min(order, key=lambda seat: (scores[seat], left[seat], order.index(seat)))
