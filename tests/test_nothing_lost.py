"""Nothing lost, tried as a hostile user would (issue 19): a finished match
is never thrown away, a save the game cannot read is never written over,
the statistics count each hand once, and bad files never stop the game.

The real game runs headless in this process (``test_ui.Player``) over a
real data directory; the tests that need the real process run
``python -m game``. Killing the real game at every save point:
test_continue_kill_points.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import Game
from game.saves import MATCH_FILE, FileSaves, SavedMatch, dump
from game.settings import FileStore
from game.ui.app import init_pyxel

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "scripts"))

from test_ui import Player  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def started_again(folder: Path, **kwargs) -> Player:
    """The game started again over the data directory ``folder``, at its title menu."""
    player = Player(start=False, store=FileStore(folder), saves=FileSaves(folder), **kwargs)
    player.bot.to_title()
    return player


def game_files(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file())


def run_game(*args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "game", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)


# ----- item 5: a save the table cannot seat -----------------------------------------------


def three_at_the_1991_table() -> SavedMatch:
    game = Game("1991", 3, seed=5)  # the engine takes 2-10 players for 1991; the table seats 2
    game.act(game.legal()[0])
    return SavedMatch(record=game.record(), level="easy", computer_seed=5, rules="1991", players=3, moves=1)


def test_a_1991_save_for_three_players_is_a_bad_save_kept_aside_not_a_crash(tmp_path):
    (tmp_path / MATCH_FILE).write_text(dump(three_at_the_1991_table()))
    result = run_game("--headless", "--data-dir", str(tmp_path), "--continue", "--script", os.devnull)
    assert result.returncode == 0, result.stderr
    (warning,) = [line for line in result.stderr.splitlines() if line.startswith("warning")]
    assert "3 players: the 1991 table does not seat them" in warning and "kept as" in warning
    assert not (tmp_path / MATCH_FILE).exists()
    (aside,) = tmp_path.glob(f"{MATCH_FILE}.unreadable-*")
    assert aside.read_text() == dump(three_at_the_1991_table()), "kept as it was"
    assert started_again(tmp_path).app.title.items.keys[0] == "play"
