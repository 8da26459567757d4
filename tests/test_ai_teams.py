"""The computers play for their team (partners): hard's search values a
position for its side, so it helps its partner go out and stops the other
team; no level catches its own partner or swaps hands with it."""

from __future__ import annotations

import dataclasses

import pytest

from game.ai import make
from game.ai.house import swap_target
from game.rules import Game, View

DECIDERS = range(6)  # six hard players (seeds): each decides from the same view


def position(teams: bool, hand: tuple[str, ...], legal: tuple[str, ...], counts: tuple[int, ...]) -> View:
    """Seat 0 to play on a red 9 at a table of four, holding ``hand``, the
    others holding ``counts``; nothing else seen yet."""
    base = Game("standard", 4, seed=1, teams=teams).view(0)
    return dataclasses.replace(
        base,
        hand=hand,
        legal=legal,
        counts=counts,
        top="R9",
        colour="R",
        discard=("R9",),
        events=(),
        turn=0,
        drawn=None,
        pending=None,
        exposed=None,
        direction=1,
        draw_count=108 - sum(counts) - 1,
    )


def hard_choices(view: View) -> list[str]:
    return [make("hard", seed).choose(view) for seed in DECIDERS]


def test_hard_skips_the_other_team_to_give_its_partner_with_one_card_the_next_turn():
    hand, legal = ("RS", "R5", "G7"), ("play RS", "play R5", "draw")
    counts = (3, 6, 1, 5)  # seat 2, opposite, has one card
    assert hard_choices(position(True, hand, legal, counts)) == ["play RS"] * len(DECIDERS)
    alone = hard_choices(position(False, hand, legal, counts))  # the same seat 2 as a rival: not given the turn
    assert alone.count("play R5") >= 4, alone


def test_hard_stops_a_player_of_the_other_team_about_to_go_out():
    hand, legal = ("R+2", "R5", "G7"), ("play R+2", "play R5", "draw")
    counts = (3, 1, 6, 5)  # seat 1, next, of the other team, has one card
    assert hard_choices(position(True, hand, legal, counts)) == ["play R+2"] * len(DECIDERS)


@pytest.mark.parametrize("teams", [True, False])
def test_a_seven_swaps_hands_with_the_other_team_never_with_a_partner(teams):
    view = dataclasses.replace(Game("standard", 4, seed=1, teams=teams).view(0), counts=(5, 6, 1, 4))
    # The fewest cards are the partner's (seat 2): with teams the swap goes to the other team's fewest.
    assert swap_target(view) == (3 if teams else 2)
