"""Thousands of simulated hands, with every invariant checked after every action."""

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"


def simulate(*args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "game.sim", "--json", *args], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def test_two_thousand_two_player_hands_break_no_invariant():
    report = simulate("--rules", "1991", "--players", "2", "--hands", "2000", "--seed", "1991")
    assert report["hands"] == 2000
    assert report["violations"] == 0
    assert sum(report["wins"]) == 2000 and min(report["wins"]) > 800


def test_hands_for_three_to_ten_players_break_no_invariant():
    for players in (3, 6, 10):
        report = simulate("--players", str(players), "--hands", "100", "--seed", str(players))
        assert report["violations"] == 0 and len(report["wins"]) == players


def test_standard_and_royal_hands_with_catches_late_calls_and_fanfares_break_no_invariant():
    for rules, players, hands in (("standard", 2, 300), ("standard", 4, 200), ("standard", 10, 60), ("royal", 2, 300)):
        report = simulate("--rules", rules, "--players", str(players), "--hands", str(hands), "--seed", "9")
        assert report["hands"] == hands and report["violations"] == 0
    report = simulate("--rules", "royal", "--players", "6", "--hands", "150", "--seed", "6")
    assert report["violations"] == 0 and all(report["wins"])


def test_the_simulator_names_a_bad_player_count_for_the_rules():
    done = subprocess.run(
        [sys.executable, "-m", "game.sim", "--rules", "royal", "--players", "7"], capture_output=True, text=True
    )
    assert done.returncode == 2 and "players must be 2 to 6 for rules royal" in done.stderr


def test_standard_hands_with_every_house_rule_on_break_no_invariant():
    for players, hands in ((2, 200), (4, 100), (10, 30)):
        report = simulate("--rules", "standard", "--house", "all", "--players", str(players), "--hands", str(hands))
        assert report["hands"] == hands and report["violations"] == 0


def test_standard_hands_with_random_sets_of_house_rules_break_no_invariant():
    report = simulate("--rules", "standard", "--house", "random", "--players", "5", "--hands", "150", "--seed", "13")
    assert report["hands"] == 150 and report["violations"] == 0


def test_the_simulator_names_a_bad_house_rule_and_house_rules_of_other_rule_sets():
    for args, message in (
        (("--rules", "standard", "--house", "stacking,flying"), "unknown house rule 'flying'"),
        (("--house", "stacking"), "--house takes house rules of the standard rules"),
    ):
        done = subprocess.run([sys.executable, "-m", "game.sim", *args], capture_output=True, text=True)
        assert done.returncode == 2 and message in done.stderr


def test_partners_at_four_to_ten_seats_with_house_rules_break_no_invariant_and_score_by_team():
    for players, hands, house in ((4, 150, ""), (6, 80, "all"), (8, 40, "random"), (10, 30, "")):
        report = simulate(
            "--rules", "standard", "--teams", "--players", str(players), "--hands", str(hands), "--house", house
        )
        assert report["hands"] == hands and report["violations"] == 0 and report["teams"]


def test_the_simulator_names_a_table_that_cannot_seat_partners():
    done = subprocess.run(
        [sys.executable, "-m", "game.sim", "--rules", "standard", "--players", "5", "--teams"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "teams are for 4, 6, 8, 10 players, not 5" in done.stderr
