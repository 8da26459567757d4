"""Partners (``Game(teams=True)``): teams of two sitting opposite each
other, a hand scored by team, no catching your own partner, records and
views that carry the teams."""

from __future__ import annotations

import pytest

from game.rules import Game, IllegalAction
from game.rules.cards import Card
from game.rules.teams import partner, sides


def forgetful_hand(game: Game, stop=lambda game: False) -> None:
    """Play the hand on with the first legal action in turn, never calling
    UNO and never catching, until it ends or ``stop(game)``."""
    while not game.hand_over and not stop(game):
        actions = [a for a in game.legal() if a not in ("uno", "catch") and not a.endswith(" uno")]
        game.act(actions[0])


def points_held(game: Game, seat: int) -> int:
    return sum(Card(code).points for code in game.hands[seat])


@pytest.mark.parametrize("players", [4, 6, 8, 10])
def test_partners_sit_opposite_each_other_in_teams_of_two(players):
    game = Game("standard", players, seed=1, teams=True)
    assert game.sides == sides(players, True)
    for seat in range(players):
        mate = partner(seat, players)
        assert mate == (seat + players // 2) % players and mate != seat
        assert game.sides[seat] == game.sides[mate]
        assert [other for other in range(players) if game.sides[other] == game.sides[seat]] == sorted((seat, mate))
    assert len(set(game.sides)) == players // 2


@pytest.mark.parametrize(
    ("rules", "players", "words"),
    [
        ("standard", 5, "not 5"),
        ("standard", 2, "not 2"),
        ("standard", 3, "not 3"),
        ("1991", 2, "the 1991 game has no partners"),
        ("royal", 4, "the Royal Revenge game has no partners"),
    ],
)
def test_a_table_that_cannot_seat_teams_is_refused_with_its_reason(rules, players, words):
    with pytest.raises(ValueError, match=words):
        Game(rules, players, seed=1, teams=True)


@pytest.mark.parametrize("seed", range(6))
def test_the_team_of_the_player_who_goes_out_scores_the_other_teams_cards_not_the_partners(seed):
    game = Game("standard", 4, seed=seed, teams=True)
    forgetful_hand(game)
    winner = game.hand_winner
    mate, rivals = partner(winner, 4), [seat for seat in range(4) if game.sides[seat] != game.sides[winner]]
    won = sum(points_held(game, seat) for seat in rivals)
    assert points_held(game, mate) > 0 or game.hands[mate] == []  # the partner's cards are still held...
    assert game.scores[winner] == game.scores[mate] == won  # ...and not scored
    assert all(game.scores[seat] == 0 for seat in rivals)
    assert game.events[-1].kind == "hand_end" and game.events[-1].points == won


def test_with_the_tally_each_team_adds_its_partners_cards_and_the_lowest_team_total_wins():
    game = Game("standard", 4, seed=3, scoring="tally", teams=True)
    while not game.match_over:
        before = list(game.scores)
        forgetful_hand(game)
        for seat in range(4):
            team = points_held(game, seat) + points_held(game, partner(seat, 4))
            assert game.scores[seat] == before[seat] + team
        if not game.match_over:
            game.next_hand()
    assert max(game.scores) >= 500
    winner = game.match_winner
    assert game.scores[winner] == min(game.scores)
    assert game.events[-1].kind == "match_end" and game.events[-1].points == game.scores[winner]


def test_a_match_of_teams_is_won_by_the_team_that_reaches_500_first():
    game = Game("standard", 6, seed=8, teams=True)
    hands = 0
    while not game.match_over:
        forgetful_hand(game)
        hands += 1
        for seat in range(6):
            assert game.scores[seat] == game.scores[partner(seat, 6)]
        if not game.match_over:
            game.next_hand()
    assert hands > 1
    winner = game.match_winner
    assert winner == game.hand_winner and game.scores[winner] >= 500
    assert game.scores[partner(winner, 6)] == game.scores[winner]


def exposed_game(seed: int) -> Game:
    """A game of four partners just after a seat was left with one card
    without calling UNO."""
    for attempt in range(seed, seed + 50):
        game = Game("standard", 4, seed=attempt, teams=True)
        forgetful_hand(game, stop=lambda game: game.exposed is not None)
        if game.exposed is not None:
            return game
    raise AssertionError("no missed UNO call in 50 hands")


def test_a_partner_may_not_catch_a_missed_uno_call_but_the_other_team_may():
    game = exposed_game(1)
    exposed = game.exposed
    mate = partner(exposed, 4)
    assert "catch" not in game.legal(mate)
    with pytest.raises(IllegalAction, match=f"seat {exposed} is your partner"):
        game.act("catch", seat=mate)
    rival = (exposed + 1) % 4
    assert game.legal(rival)[0] == "catch"
    count = len(game.hands[exposed])
    game.act("catch", seat=rival)
    assert len(game.hands[exposed]) == count + 2


def test_a_record_of_partners_says_teams_and_replays_exactly():
    game = Game("standard", 4, seed=5, teams=True)
    forgetful_hand(game)
    game.next_hand()
    forgetful_hand(game, stop=lambda game: len(game.events) > 30)
    record = game.record()
    assert "\nteams on\n" in record
    assert Game.replay(record).snapshot() == game.snapshot()
    assert "teams" not in Game("standard", 4, seed=5).record()
    with pytest.raises(ValueError, match="record line 5: teams must be on or off, not 'maybe'"):
        Game.replay(record.replace("teams on", "teams maybe"))


def test_each_seat_sees_the_teams_and_a_game_rebuilt_from_its_view_keeps_them():
    game = Game("standard", 4, seed=2, teams=True)
    view = game.view(1)
    assert view.teams and view.sides == (0, 1, 0, 1)
    assert not Game("standard", 4, seed=2).view(1).teams
    rebuilt = Game.from_view(view, game.hands, game.draw_pile)
    assert rebuilt.teams and rebuilt.sides == game.sides
