"""Partners: teams of two, sitting opposite each other (``Game(teams=True)``).

A match's *sides* say who plays for whom: without teams every seat is its
own side; with teams seat ``s`` and seat ``s + players / 2`` are partners
and share a side. The score, who wins a hand and a match, and who may
catch whom are asked in sides, so one path serves both.

>>> sides(4, teams=True)
(0, 1, 0, 1)
>>> sides(3, teams=False)
(0, 1, 2)
>>> partner(1, 6)
4
"""

from __future__ import annotations

from collections.abc import Sequence

# Tables that seat teams of two: an even number of seats, two teams at least.
TEAM_TABLES = (4, 6, 8, 10)
TEAM_LETTERS = "ABCDE"


def sides(players: int, teams: bool) -> tuple[int, ...]:
    """Each seat's side: its team (seat modulo half the table) with teams,
    else the seat itself (also for a table no teams could sit at: a view
    from elsewhere, a server's, is never trusted to make sense)."""
    if not teams or players not in TEAM_TABLES:
        return tuple(range(players))
    return tuple(seat % (players // 2) for seat in range(players))


def partner(seat: int, players: int) -> int:
    """The seat opposite ``seat``: its partner at a table of teams."""
    return (seat + players // 2) % players


def team_letter(side: int) -> str:
    """A team's name on the table and in the results: A, B, C..."""
    return TEAM_LETTERS[side]


def team_totals(scores: Sequence[int], seat_sides: Sequence[int]) -> dict[int, int]:
    """Each side's total once (both partners' totals are their team's), by side in order."""
    return dict(sorted(zip(seat_sides, scores, strict=True)))


def side_points(points: Sequence[int], seat_sides: Sequence[int]) -> list[int]:
    """Each seat's side's points: the points of ``points`` added up over
    the seats of the same side (every seat its own, without teams)."""
    totals: dict[int, int] = {}
    for side, value in zip(seat_sides, points, strict=True):
        totals[side] = totals.get(side, 0) + value
    return [totals[side] for side in seat_sides]
