"""The simulator's --ai mode: levels against each other with confidence intervals."""

import pytest
from conftest import position

from game import sim
from game.ai import baselines


def test_wilson_interval_matches_known_values():
    low, high = sim.wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert sim.wilson(0, 0) == (0.0, 1.0)
    assert sim.wilson(10, 10)[1] == 1.0


def test_a_duel_counts_every_hand_and_swaps_seats(monkeypatch):
    seats = {0: set(), 1: set()}
    make = baselines.make_player

    class Spy:
        def __init__(self, level, seed):
            self.player, self.index = make(level, seed), seed % 2

        def choose(self, view):
            seats[self.index].add(view.seat)
            return self.player.choose(view)

    monkeypatch.setattr(sim, "make_player", Spy)
    report = sim.duel(("normal", "random"), hands=60, seed=3)
    assert report.hands == 60
    assert report.matches >= 1 and not report.violations
    assert seats == {0: {0, 1}, 1: {0, 1}}


def test_reports_merge():
    a = sim.duel(("easy", "random"), hands=20, seed=1)
    b = sim.duel(("easy", "random"), hands=30, seed=2)
    both = a.merge(b)
    assert (both.hands, both.hand_wins) == (50, a.hand_wins + b.hand_wins)
    assert both.points == [a.points[0] + b.points[0], a.points[1] + b.points[1]]


def test_the_command_line_plays_two_levels(capsys):
    assert sim.main(["--ai", "normal,random", "--hands", "40", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "normal against random" in out and "hands won:" in out and "95% CI" in out


@pytest.mark.parametrize("levels", ["normal", "normal,expert", "a,b,c"])
def test_the_command_line_refuses_bad_levels(levels):
    with pytest.raises(SystemExit):
        sim.main(["--ai", levels])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--ai", "easy,normal", "--rules", "foo"], "unknown rules 'foo'"),
        (["--rules", "foo"], "unknown rules 'foo'"),
        (["--ai", "easy,normal", "--hands", "0"], "--hands takes a number of hands"),
        (["--hands", "-3"], "--hands takes a number of hands"),
        (["--seed", "-5"], "--seed takes a whole number, 0 or more"),
    ],
)
def test_the_command_line_refuses_bad_rules_and_hands_with_a_message(args, message, capsys):
    with pytest.raises(SystemExit) as exit:
        sim.main(args)
    assert exit.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(("rules", "players"), [("standard", 4), ("royal", 3)])
def test_the_command_line_plays_a_level_against_several_others_of_any_rule_set(rules, players, capsys):
    args = ["--ai", "normal,random", "--rules", rules, "--players", str(players), "--hands", "6", "--seed", "2"]
    assert sim.main(args) == 0
    out = capsys.readouterr().out
    assert f"normal against {players - 1} x random, rules {rules}" in out and "95% CI" in out


def test_the_command_line_refuses_a_table_the_rules_do_not_allow(capsys):
    with pytest.raises(SystemExit) as exit:
        sim.main(["--ai", "hard,normal", "--rules", "royal", "--players", "7"])
    assert exit.value.code == 2
    assert "players must be 2 to 6 for rules royal" in capsys.readouterr().err


def test_with_more_players_the_level_sits_in_every_seat_and_the_others_react(monkeypatch):
    seats, reactions = set(), []
    make = baselines.make_player

    class Spy:
        def __init__(self, level, seed):
            self.player, self.first = make(level, seed), seed % 2 == 0

        def choose(self, view):
            if self.first:
                seats.add(view.seat)
            return self.player.choose(view)

        def react(self, view):
            reaction = self.player.react(view)
            reactions.append(reaction)
            return reaction

    monkeypatch.setattr(sim, "make_player", Spy)
    report = sim.duel(("normal", "easy"), hands=40, seed=3, rules="standard", players=3)
    assert report.hands == 40 and not report.violations
    assert seats == {0, 1, 2}
    assert "catch" in reactions or "uno" in reactions


def test_a_random_player_reacts_half_the_time():
    hands = [["R1", "B2"], ["B1", "B3", "G6"], ["R4", "R6", "B4"]]
    game = position("standard", hands, "R5")
    player = baselines.RandomPlayer(1)
    assert player.react(game.view(2)) is None  # nobody to catch
    game.act("play R1")
    catches = [player.react(game.view(2)) for _ in range(200)]
    assert set(catches) == {"catch", None} and 70 <= catches.count("catch") <= 130


def test_the_command_line_plays_levels_with_house_rules_and_the_levels_jump_in(monkeypatch, capsys):
    args = ["--ai", "normal,easy", "--rules", "standard", "--players", "4", "--house", "all", "--hands", "8"]
    assert sim.main([*args, "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "rules standard, house rules stacking seven_zero jump_in draw_to_match forced_play no_bluffing" in out
    jumps = []
    play = sim.Game.act

    def act(game, text, seat=None):
        if seat is not None and seat != game.turn and text.startswith("play"):
            jumps.append(text)
        return play(game, text, seat)

    monkeypatch.setattr(sim.Game, "act", act)
    report = sim.duel(("hard", "normal"), hands=3, seed=4, rules="standard", players=4, house=("jump_in",))
    assert report.hands == 3 and not report.violations and jumps


def test_the_random_legal_baseline_picks_each_playable_card_alike_and_calls_uno_half_the_time():
    # Red 5 on top: R1 and the Wild play (the Wild in four colours), B2 does not.
    game = position("standard", [["R1", "W", "B2"], ["B1", "B3", "G6"]], "R5")
    player = baselines.RandomLegalPlayer(1)
    choices = [player.choose(game.view(0)) for _ in range(400)]
    cards = [choice.split()[1] for choice in choices]
    assert set(cards) == {"R1", "W"} and 150 <= cards.count("W") <= 250, "a wild is one card, not four"
    assert "draw" not in choices
    two = position("standard", [["R1", "B2"], ["B1", "B3", "G6"]], "R5")
    calls = [player.choose(two.view(0)) for _ in range(200)]
    assert set(calls) == {"play R1", "play R1 uno"} and 70 <= calls.count("play R1 uno") <= 130
    assert player.react(two.view(1)) is None


def test_the_greedy_baseline_plays_its_highest_card_keeps_wilds_and_names_its_colour():
    game = position("standard", [["R1", "RS", "W", "B2", "B3"], ["B1", "B4", "G6"]], "R5")
    assert baselines.GreedyPlayer(1).choose(game.view(0)) == "play RS"
    # Only the Wild plays: it names blue, the colour it holds most.
    wild = position("standard", [["W", "B2", "B3", "G2"], ["B1", "B4", "G6"]], "R5")
    assert baselines.GreedyPlayer(1).choose(wild.view(0)) == "play W B"
    # The Wild Draw Four comes last, and only where it is no bluff.
    red = position("standard", [["W+4", "R2", "B3"], ["B1", "B4", "G6"]], "Y5", colour="R")
    assert baselines.GreedyPlayer(1).choose(red.view(0)) == "play R2"
    no_red = position("standard", [["W+4", "G2", "B3"], ["B1", "B4", "G6"]], "R5")
    assert baselines.GreedyPlayer(1).choose(no_red.view(0)).startswith("play W+4")


@pytest.mark.slow
@pytest.mark.parametrize("level", ["random-legal", "greedy", "hard-v1"])
def test_the_baselines_play_whole_matches_legally_at_every_rule_set(level):
    for rules, players in (("1991", 2), ("standard", 4), ("royal", 3)):
        hands = 4 if level == "hard-v1" else 20
        report = sim.duel((level, "normal"), hands=hands, seed=5, rules=rules, players=players)
        assert report.hands >= 4 and not report.violations
