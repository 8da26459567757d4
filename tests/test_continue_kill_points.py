"""Each hand and each match counted exactly once, however the game is killed.

The real game (``python -m game --headless --continue``) plays the last
card of a hand, or of a match, and is killed with SIGKILL at each of its
save points in turn (``tests/scripts/kill_at_save_point.py``: exactly at
that point, every time). Then it is started again with ``--continue`` over
what it left, and the statistics must count the hand, and the match, once:
never twice (killed after the statistics were saved, before the saved match
said so) and never not at all. At a match's end the match must be kept for
replays exactly once, and nothing left to continue.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import Game
from game.storage.files import MATCH_FILE, Files
from game.storage.saves import SavedMatch, dump
from game.storage.store import Store

ROOT = Path(__file__).resolve().parents[1]
KILLER = ROOT / "tests" / "scripts" / "kill_at_save_point.py"
sys.path.insert(0, str(ROOT / "tests" / "scripts"))

from decks import last_hand_deck, stacked  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")]

# You go out in one hand, the computer never has a turn; the last card is yours to play.
HAND = (
    stacked(["RS", "RS", "R+2", "R+2", "W+4", "G+2", "G3"], ["Y1", "Y2", "Y3", "B1", "B2", "B3", "Y4"], "R5"),
    ["play RS", "play RS", "play R+2", "play R+2", "play W+4 G", "play G+2", "play G3"],
)
MATCH = (
    last_hand_deck(),
    ["play W+4 B", "play W+4 B", "play W+4 B", "play W+4 G", "play G+2", "play G+2", "play GS"],
)
PLAY_THE_LAST_CARD = "wait 5\npress RETURN\nwait 400\n"


def one_card_to_go(deck: list[str], moves: list[str]) -> tuple[SavedMatch, Game]:
    """The saved match before your last card, and the game after it."""
    game = Game("1991", 2, seed=3, deck=deck, starter=0)
    for move in moves[:-1]:
        game.act(move)
    saved = SavedMatch(record=game.record(), level="easy", computer_seed=3, moves=len(moves) - 1, match_id="kill")
    game.act(moves[-1])
    assert game.hand_over
    return saved, game


def run(folder: Path, script: Path, kill_after: int | None) -> subprocess.CompletedProcess:
    """The game continuing the match saved in ``folder``; killed after save
    point ``kill_after`` (0: before the first), or not at all (None)."""
    game = ["--headless", "--low-memory", "--data-dir", str(folder), "--continue", "--script", str(script)]
    if kill_after is None:
        command = [sys.executable, "-m", "game", *game]
    else:
        command = [sys.executable, str(KILLER), str(kill_after), *game]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("ending", ["hand", "match"])
def test_a_kill_at_any_save_point_never_counts_a_hand_or_a_match_twice(tmp_path, ending):
    saved, game = one_card_to_go(*(HAND if ending == "hand" else MATCH))
    assert game.match_over == (ending == "match")
    script = tmp_path / "script.txt"
    script.write_text(PLAY_THE_LAST_CARD)
    start = tmp_path / "start"
    start.mkdir()
    (start / MATCH_FILE).write_text(dump(saved))

    shutil.copytree(start, tmp_path / "whole")
    whole = run(tmp_path / "whole", script, kill_after=-1)  # the save points of an uninterrupted run
    assert whole.returncode == 0, whole.stderr
    points = [line for line in whole.stderr.splitlines() if line.startswith("save point ")]
    # The move, the statistics, then the saved match; or the replay and the saved match cleared.
    expected = ["uno1991-match.json", "uno1991.json", "uno1991-match.json"]
    if ending == "match":
        expected[2:] = ["replays", "removed"]
    assert len(points) == len(expected) and all(want in line for want, line in zip(expected, points, strict=True))

    for kill_after in range(len(points) + 1):
        folder = tmp_path / f"killed-after-{kill_after}"
        shutil.copytree(start, folder)
        killed = run(folder, script, kill_after)
        assert killed.returncode == -signal.SIGKILL, killed.stderr
        if (folder / MATCH_FILE).exists():
            again = run(folder, script, kill_after=None)
            assert again.returncode == 0, again.stderr
        stats = Store(Files(folder)).load_settings()[1].easy
        why = f"killed after save point {kill_after} of {len(points)}"
        assert (stats.hands_won, stats.hands_lost, stats.hand_points) == (1, 0, game.scores[0]), why
        assert (stats.matches_won, stats.matches_lost) == ((1, 0) if ending == "match" else (0, 0)), why
        if ending == "match":
            assert not (folder / MATCH_FILE).exists(), why
            assert [kept.record for kept in Store(Files(folder)).finished()] == [game.record()], why
        assert not list(folder.rglob(".*.tmp")), why
