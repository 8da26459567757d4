"""The simulator's --ai mode: levels against each other with confidence intervals."""

import pytest

from game import sim


def test_wilson_interval_matches_known_values():
    low, high = sim.wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert sim.wilson(0, 0) == (0.0, 1.0)
    assert sim.wilson(10, 10)[1] == 1.0


def test_a_duel_counts_every_hand_and_swaps_seats(monkeypatch):
    seats = {0: set(), 1: set()}
    make = sim.make_player

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
