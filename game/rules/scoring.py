"""The score of a hand and who wins the match: pure arithmetic on points.

``points`` scoring (every rule set) gives the hand's winner the points left
in the other hands; ``tally`` scoring adds the points left in each hand to
its own player's total, and the lowest total wins once one reaches the
target. With partners (``teams``) both are counted by side: the side of the
player who went out scores the points left in every other side's hands, or
each side's total takes the points left in its partners' hands, and both
partners' totals are their side's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .teams import side_points


def scored_points(winner: int, left: Sequence[int], seat_sides: Sequence[int]) -> int:
    """The points a hand's winner's side takes (``points`` scoring): those
    left in the hands of every other side."""
    side = seat_sides[winner]
    return sum(points for other, points in zip(seat_sides, left, strict=True) if other != side)


def scores_after_hand(
    scores: Sequence[int], winner: int, left: Sequence[int], scoring: str, seat_sides: Sequence[int]
) -> list[int]:
    """The match's totals after a hand ``winner`` went out of, ``left``
    being the points each seat still held and ``seat_sides`` each seat's
    side (``teams.sides``)."""
    if scoring == "tally":
        return [score + points for score, points in zip(scores, side_points(left, seat_sides), strict=True)]
    won = scored_points(winner, left, seat_sides)
    side = seat_sides[winner]
    return [score + won if other == side else score for score, other in zip(scores, seat_sides, strict=True)]


def match_winner(
    scores: Sequence[int],
    hand_winner: int,
    left: Sequence[int],
    direction: int,
    scoring: str,
    seat_sides: Sequence[int],
) -> int:
    """Who wins a match that has reached its target: the last hand's winner
    (``points``), or the lowest total (``tally``); between equal totals, the
    fewer points left in the side's hands in the last hand, then the nearer
    to the last hand's winner in the order of play (its winner first). With
    partners the seat returned stands for its side."""
    if scoring != "tally":
        return hand_winner
    players = len(scores)
    order = [(hand_winner + direction * step) % players for step in range(players)]
    held = side_points(left, seat_sides)
    return min(order, key=lambda seat: (scores[seat], held[seat], order.index(seat)))


class HandScore(NamedTuple):
    """A hand's score: the match's totals after it, the points its event
    tells (those scored, or with ``tally`` all those left) and the match's
    winner if a total has reached the target (else None)."""

    scores: list[int]
    points: int
    match_winner: int | None


def score_hand(
    scores: Sequence[int],
    winner: int,
    left: Sequence[int],
    scoring: str,
    seat_sides: Sequence[int],
    direction: int,
    target: int,
) -> HandScore:
    """The score of a hand ``winner`` went out of (``scores_after_hand``, ``match_winner``)."""
    totals = scores_after_hand(scores, winner, left, scoring, seat_sides)
    points = sum(left) if scoring == "tally" else scored_points(winner, left, seat_sides)
    best = match_winner(totals, winner, left, direction, scoring, seat_sides) if max(totals) >= target else None
    return HandScore(totals, points, best)
