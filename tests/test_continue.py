"""CONTINUE: the match saved after every action and taken up exactly where
it was left, and bad saves that never crash or vanish (``game/storage/saves.py``).

The real game runs headless in this process (``test_ui.Player``); a second
App over the same data directory plays the part of the game started again.
Killing the real process: test_continue_kill.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules import Game
from game.storage.files import FILENAME, MATCH_FILE, Files
from game.storage.saves import SavedMatch, dump, parse, state_digest
from game.storage.store import Store
from game.ui.app import init_pyxel
from game.ui.seats.kinds import COMPUTER, HUMAN

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "scripts"))

from decks import last_hand_deck  # noqa: E402
from test_ui import Player, blue_nine, board_matches_engine  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def again(tmp_path: Path, **kwargs) -> Player:
    """The game started again over the same data directory, at its title menu."""
    player = Player(start=False, store=Store(Files(tmp_path)), **kwargs)
    player.bot.to_title()
    return player


def saved_match(tmp_path: Path) -> SavedMatch:
    return parse((tmp_path / MATCH_FILE).read_bytes())


def real_save(tmp_path: Path) -> bytes:
    player = blue_nine()
    player.app.context.store = Store(Files(tmp_path))
    player.press("P")
    player.wait_for_you()
    return (tmp_path / MATCH_FILE).read_bytes()


# ----- saved after every action -----------------------------------------------------------


def test_the_match_is_saved_after_every_action_with_its_facts(tmp_path):
    player = Player(seed=4, store=Store(Files(tmp_path)))
    game = player.game
    for _ in range(6):
        player.wait_for_you()
        player.press("P")  # pick up (then pass, or play what you picked up)
        saved = saved_match(tmp_path)
        assert saved.record == game.record()
        assert Game.replay(saved.record).snapshot() == game.snapshot()
    assert (saved.level, saved.rules, saved.players, saved.computer_seed) == ("normal", "1991", 2, 4)
    assert saved.result is None and saved.date


def test_continue_is_the_first_item_and_restores_the_card_you_picked_up_under_the_arrow(tmp_path):
    player = blue_nine(then=("B5",))
    player.app.context.store = Store(Files(tmp_path))
    player.press("P")
    player.wait_for_you()
    board = player.board
    assert board.drawn == "B5"
    before = player.game.snapshot()

    later = again(tmp_path)
    assert later.app.context.title.items.keys[0] == "continue" and later.app.context.title.items.current == "continue"
    later.press("RETURN")
    assert later.app.scene == "table"
    assert later.game.snapshot() == before
    assert later.board.drawn == "B5" and later.board.selected_card() == "B5"
    assert later.board.hand == board.hand
    board_matches_engine(later.app)
    later.wait_for_you()
    assert later.board.prompt.startswith("RETURN plays the blue 5")
    later.press("RETURN")  # and it plays
    assert later.game.discard[-1] == "B5"


def test_the_computer_makes_the_same_choice_after_continue(tmp_path):
    for seed in (2, 3, 5):
        player = Player(seed=seed, level="hard", store=Store(Files(tmp_path / str(seed))))
        while not (player.game.turn == COMPUTER and player.match.timeline.idle is False):
            player.wait_for_you()
            player.press("P")
        position = player.game.record()
        kept = (tmp_path / str(seed) / MATCH_FILE).read_bytes()  # the game is killed here
        player.bot.wait_until(lambda p=player: p.game.turn != COMPUTER or p.game.hand_over)
        uninterrupted = player.game.record()

        (tmp_path / str(seed) / MATCH_FILE).write_bytes(kept)
        later = again(tmp_path / str(seed))
        later.press("RETURN")
        assert later.game.record() == position
        later.bot.wait_until(lambda p=later: p.game.turn != COMPUTER or p.game.hand_over)
        assert later.game.record() == uninterrupted


def finished_match(tmp_path: Path) -> SavedMatch:
    """Play the stacked last hand (you win the match in one hand) and return
    the match kept for replays; nothing is left to continue, and no
    statistics are left either: the tests say what a later run counts."""
    store = Store(Files(tmp_path))
    player = Player(deck=last_hand_deck(), starter=0, store=store)
    player.bot.play_hand()
    assert player.app.scene == "hand_result" and player.game.match_over
    assert not (tmp_path / MATCH_FILE).exists(), "a finished match has nothing to continue"
    (finished,) = store.finished()
    (tmp_path / FILENAME).unlink()
    return finished


def test_a_hand_over_but_not_yet_counted_is_restored_and_counted_once(tmp_path):
    finished = finished_match(tmp_path)
    assert finished.hand_counted and finished.result.startswith("won you ")
    # Killed after the last card, before the result showed: the save of that moment.
    Store(Files(tmp_path)).save_match(replace(finished, hand_counted=False, result=None))
    later = again(tmp_path)  # its statistics in tmp_path: the first run's never counted this hand
    later.press("RETURN")
    assert later.app.scene == "hand_result" and later.match.result.winner == HUMAN
    stats = Store(Files(tmp_path)).load_settings()[1]
    assert (stats.normal.hands_won, stats.normal.matches_won) == (1, 1)
    assert not (tmp_path / MATCH_FILE).exists()
    assert len(Store(Files(tmp_path)).finished()) == 1, "the same match is not kept twice"


def test_a_counted_hand_is_not_counted_again(tmp_path):
    finished = finished_match(tmp_path)
    # Killed after the statistics were saved, before the save was cleared.
    Store(Files(tmp_path)).save_match(replace(finished, result=None))
    later = again(tmp_path)
    later.press("RETURN")
    assert later.app.scene == "hand_result"
    assert Store(Files(tmp_path)).load_settings()[1].normal.matches_won == 0  # counted by the first run only
    assert not (tmp_path / MATCH_FILE).exists()


def test_leaving_by_choice_clears_the_save(tmp_path):
    player = Player(store=Store(Files(tmp_path)))
    player.wait_for_you()
    assert (tmp_path / MATCH_FILE).exists()
    player.press("ESCAPE", "Y")
    assert player.app.scene == "title" and not (tmp_path / MATCH_FILE).exists()
    assert again(tmp_path).app.context.title.items.keys[0] == "play"


# ----- bad saves ---------------------------------------------------------------------------


def bad_saves(good: bytes) -> dict[str, bytes]:
    data = json.loads(good)
    unknown_version = json.dumps({**data, "version": 99}).encode()
    lines = data["record"].splitlines()
    broken = json.dumps({**data, "record": "\n".join([*lines[:-1], "play W+4 Q"]) + "\n"}).encode()
    return {
        "empty": b"",
        "garbled": b"\x00\xff{ not json at all",
        "unknown version": unknown_version,
        "record that does not replay": broken,
        "not a record": json.dumps({**data, "record": "hello"}).encode(),
        "wrong type": json.dumps({**data, "moves": "many"}).encode(),
        "other rule set in the facts": json.dumps({**data, "players": 3}).encode(),
    }


def test_a_save_truncated_at_every_byte_is_refused_and_kept(tmp_path):
    good = real_save(tmp_path / "good")
    whole = parse(good)
    for length in range(len(good)):
        path = tmp_path / str(length)
        path.mkdir()
        (path / MATCH_FILE).write_bytes(good[:length])
        loaded, warning = Store(Files(path)).load_match()
        if good[:length].strip() == good.strip():
            assert loaded == whole  # only the final newline was cut
            continue
        assert loaded is None and "cannot be continued" in warning, length
        (aside,) = path.glob(MATCH_FILE + ".unreadable-*")
        assert aside.read_bytes() == good[:length] and str(aside) in warning


@pytest.mark.parametrize(
    "name",
    [
        "empty",
        "garbled",
        "unknown version",
        "record that does not replay",
        "not a record",
        "wrong type",
        "other rule set in the facts",
    ],
)
def test_a_bad_save_gives_one_message_is_kept_aside_and_the_title_shows_play(tmp_path, name):
    bad = bad_saves(real_save(tmp_path / "good"))[name]
    (tmp_path / MATCH_FILE).write_bytes(bad)
    player = again(tmp_path)
    warnings = [line for line in player.lines if "warning:" in line]
    assert len(warnings) == 1 and "cannot be continued" in warnings[0] and str(tmp_path / MATCH_FILE) in warnings[0]
    assert player.app.context.title.message.startswith("warning: the saved match")
    assert player.app.context.title.items.keys[0] == "play"
    (aside,) = tmp_path.glob(MATCH_FILE + ".unreadable-*")
    assert aside.read_bytes() == bad
    assert not (tmp_path / MATCH_FILE).exists()


def run_game(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def test_continue_flag_goes_straight_to_the_table_or_says_there_is_nothing(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("wait 2\n")
    args = ["--headless", "--seed", "1", "--data-dir", str(tmp_path), "--script", str(script), "--continue"]
    nothing = run_game(*args)
    assert nothing.returncode == 0
    assert "No saved match to continue" in nothing.stdout and " scene title" in nothing.stdout

    good = real_save(tmp_path)
    game = Game.replay(parse(good).record)
    result = run_game(*args)
    lines = [line.split(maxsplit=1)[1] for line in result.stdout.splitlines() if line.split()[:1][0:1] != []]
    assert f"state {state_digest(game)}" in lines
    assert "scene table" in lines and "scene title" not in lines and "scene loading" not in lines
    assert game.turn == HUMAN


def test_a_save_names_its_rule_set_and_players_for_the_new_rule_sets(tmp_path):
    good = parse(real_save(tmp_path))
    assert json.loads(dump(good))["rules"] == "1991" and json.loads(dump(good))["players"] == 2
    assert good.game().players == 2
