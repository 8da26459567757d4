"""Thousands of simulated hands, with every invariant checked after every action."""

import json
import subprocess
import sys


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
