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
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules import Game
from game.storage.files import FILENAME, MATCH_FILE, REPLAYS_FOLDER, Files
from game.storage.saves import SavedMatch, dump, parse
from game.storage.store import Store
from game.ui.app import init_pyxel
from game.ui.scenes.navigator import Push
from game.ui.scenes.replay import ReplaysScene

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "scripts"))

from decks import last_hand_deck  # noqa: E402
from test_ui import Player  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def started_again(folder: Path, **kwargs) -> Player:
    """The game started again over the data directory ``folder``, at its title menu."""
    player = Player(start=False, store=Store(Files(folder)), **kwargs)
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
    assert started_again(tmp_path).app.context.title.items.keys[0] == "play"


# ----- item 1: a finished match the replays cannot take --------------------------------------


def win_the_match(folder: Path) -> Player:
    """Play the stacked last hand over ``folder``: you win the match in one hand."""
    player = Player(deck=last_hand_deck(), starter=0, store=Store(Files(folder)))
    player.bot.play_hand()
    assert player.app.scene == "hand_result" and player.game.match_over
    return player


def test_a_finished_match_the_replays_cannot_take_is_kept_aside_and_said_once(tmp_path):
    (tmp_path / REPLAYS_FOLDER).write_text("a file where the replays' folder should be")
    player = win_the_match(tmp_path)
    warnings = player.said("warning")
    assert len(warnings) == 1 and "the finished match cannot be kept for replays" in warnings[0]
    assert not player.said("match kept for replays")
    (aside,) = tmp_path.glob(f"{MATCH_FILE}.finished-*")
    assert f"it is kept as {aside} until it can be" in warnings[0]
    kept = parse(aside.read_bytes())
    assert kept.record == player.game.record() and kept.result.startswith("won you ")
    exported = tmp_path / "last.txt"
    assert run_game("--export-last", str(exported), "--data-dir", str(tmp_path)).returncode == 0
    assert kept.record in exported.read_text(), "--export-last finds it"

    # The next match does not write over it; once the replays can take it, they do.
    player.press("RETURN", "RETURN")
    assert player.app.scene == "table" and aside.exists()
    (tmp_path / REPLAYS_FOLDER).unlink()
    again = win_the_match(tmp_path / "again")
    again.app.context.store = Store(Files(tmp_path))
    again.app.context.keeping.record_hand(again.match)  # the same match ends again over the first folder
    assert not aside.exists()
    assert [saved.record for saved in Store(Files(tmp_path)).finished()] == [kept.record]


def test_the_saved_match_is_cleared_only_once_the_replay_is_written(tmp_path):
    player = win_the_match(tmp_path)
    assert player.said("match kept for replays") and not (tmp_path / MATCH_FILE).exists()
    (replay,) = (tmp_path / REPLAYS_FOLDER).glob("*.json")
    assert parse(replay.read_bytes()).record == player.game.record()


# ----- item 2: a clock behind the newest replay -------------------------------------------------


def test_a_new_match_is_kept_as_the_newest_even_with_the_clock_behind(tmp_path):
    folder = tmp_path / REPLAYS_FOLDER
    folder.mkdir()
    other = replace(three_at_the_1991_table(), players=2, rules="1991", result="lost you 0, computer 512")
    for number in range(20):  # kept while the clock was years ahead
        (folder / f"match-{number + 1:06d}-20991231-2359{number:02d}.json").write_text(dump(other))
        (folder / f"20991231-23{number:02d}00-1.json").write_text(dump(other))  # and older names
    player = win_the_match(tmp_path)
    newest = Store(Files(tmp_path)).finished()
    assert len(newest) == 20 and newest[0].record == player.game.record()
    assert len(list(folder.glob("*.json"))) == 20
    assert sorted(path.name for path in folder.glob("*.json"))[0] == "match-000002-20991231-235901.json"
    assert not list(folder.glob("2099*")), "the older names were the oldest"


# ----- item 3: a saved match that cannot be read ------------------------------------------------


def test_a_saved_match_that_cannot_be_read_is_kept_aside_before_a_new_match_is_saved(tmp_path):
    (tmp_path / MATCH_FILE).mkdir()  # cannot be read as a file
    (tmp_path / MATCH_FILE / "note").write_text("mine")
    player = started_again(tmp_path)
    (warning,) = player.said("warning")
    (aside,) = tmp_path.glob(f"{MATCH_FILE}.unreadable-*")
    assert "cannot be read" in warning and f"it is kept as {aside}" in warning
    player.bot.start_match()
    assert (aside / "note").read_text() == "mine"
    assert parse((tmp_path / MATCH_FILE).read_bytes()).moves == player.app.context.keeping.moves


# ----- item 8 and 9: replay files too large or unreadable ---------------------------------------


def test_replays_too_large_or_unreadable_are_reported_kept_aside_and_take_no_place(tmp_path):
    player = win_the_match(tmp_path)
    folder = tmp_path / REPLAYS_FOLDER
    with open(folder / "match-000005-20261201-000000.json", "wb") as huge:
        huge.truncate(1024**3)  # 1 GiB, sparse: the list must not read it
    (folder / "match-000004-20261201-000000.json").write_text("garbled {")
    os.mkfifo(folder / "match-000003-20261201-000000.json")
    player.press("RETURN", "RETURN")
    player.app.navigator.take(Push(ReplaysScene(player.app.context)))
    warnings = player.said("warning: the replay")
    assert len(warnings) == 3 and all("it is kept as" in line for line in warnings)
    assert any("1048576 KiB, larger than 1024 KiB" in line for line in warnings)
    assert [path.name[:13] for path in folder.glob("*.json")] == ["match-000001-"]
    assert len(player.app.navigator.top.screen.matches) == 1
    assert len(list(folder.glob("*.unreadable-*"))) == 3
    (folder / "match-000009-20261201-000000.json").write_text("")
    exported = run_game("--export-last", str(tmp_path / "last.txt"), "--data-dir", str(tmp_path))
    assert exported.returncode == 0 and "match-000009-20261201-000000.json cannot be used: empty" in exported.stderr


# ----- item 6: two copies of the game on one data directory --------------------------------------


def test_a_second_copy_on_the_same_files_stops_with_a_message_and_changes_nothing(tmp_path):
    script = tmp_path / "long.txt"
    script.write_text("press RETURN\n" + "wait 1000000\n" * 100)  # PLAY, then a very long wait: killed below
    data = tmp_path / "data"
    first = subprocess.Popen(
        [
            sys.executable,
            "-u",
            "-m",
            "game",
            "--headless",
            "--low-memory",
            "--seed",
            "1",
            "--data-dir",
            str(data),
            "--script",
            str(script),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        for line in first.stdout:
            if line.rstrip().endswith("moves"):  # "saved match 0 moves": it holds its files
                break
        else:
            pytest.fail("the first copy stopped before it saved its match")
        second = run_game("--headless", "--low-memory", "--seed", "2", "--data-dir", str(data), "--script", str(script))
        assert second.returncode == 1
        assert second.stderr.splitlines()[-1].startswith(f"UNO 1991 is already running with these files ({data})")
        assert "\nseed 1\n" in parse((data / MATCH_FILE).read_bytes()).record, "the first copy's match is still there"
    finally:
        first.kill()
        first.wait(timeout=60)
    again = run_game("--headless", "--data-dir", str(data), "--script", os.devnull)
    assert again.returncode == 0, "the lock goes with the process, even killed"


def test_the_temporary_files_of_writes_cut_short_are_removed(tmp_path):
    (tmp_path / REPLAYS_FOLDER).mkdir()
    left = [tmp_path / ".uno1991-match.json.k2j4.tmp", tmp_path / ".uno1991.json.x9.tmp"]
    left.append(tmp_path / REPLAYS_FOLDER / ".match-000001-20261201-000000.json.a1.tmp")
    mine = tmp_path / ".notes.tmp"
    for path in [*left, mine]:
        path.write_text("half a wr")
    assert run_game("--headless", "--data-dir", str(tmp_path), "--script", os.devnull).returncode == 0
    assert not any(path.exists() for path in left) and mine.exists()


# ----- item 9: the smaller ones ------------------------------------------------------------------


def test_a_shots_folder_that_cannot_be_written_is_refused_in_one_line(tmp_path):
    script = tmp_path / "shot.txt"
    script.write_text("shot title\n")
    result = run_game("--headless", "--script", str(script), "--shots", "/proc")  # exists; no files there
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1].startswith("--shots /proc: cannot use it as the folder for screenshots")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_replaying_a_fifo_is_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    result = run_game("--replay", str(tmp_path / "pipe"), "--headless", "--script", os.devnull)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == f"cannot replay {tmp_path / 'pipe'}: pipe is not a regular file"


def test_the_facts_of_a_record_never_reach_the_terminal_raw(tmp_path):
    player = win_the_match(tmp_path)
    record = tmp_path / "sly.txt"
    record.write_text("# result \x1b]0;owned\x07won\n# date \x1b[2J2026\n" + player.game.record())
    result = run_game("--replay", str(record), "--headless", "--script", os.devnull)
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "?[2J2026  1991  NORMAL  ?]0;owned?won" in result.stdout


def test_a_save_with_a_byte_order_mark_is_continued(tmp_path):
    player = win_the_match(tmp_path / "first")
    saved = replace(parse((tmp_path / "first" / REPLAYS_FOLDER).glob("*.json").__next__().read_bytes()), result=None)
    (tmp_path / MATCH_FILE).write_bytes(b"\xef\xbb\xbf" + dump(saved).encode())
    (tmp_path / FILENAME).write_bytes(b"\xef\xbb\xbf" + (tmp_path / "first" / FILENAME).read_bytes())
    again = started_again(tmp_path)
    assert not again.said("warning")
    assert again.app.context.title.items.keys[0] == "continue" and again.app.context.stats.normal.hands_won == 1
    assert player.game.record() == saved.record


def test_an_empty_data_dir_is_refused_not_taken_for_the_current_folder():
    result = run_game("--data-dir", "", "--export-last", os.devnull)
    assert result.returncode == 2 and "--data-dir: needs a folder, not an empty name" in result.stderr


def test_a_save_failing_after_every_action_is_said_once(tmp_path):
    player = Player(seed=4, store=Store(Files(tmp_path)))
    player.wait_for_you()
    (tmp_path / MATCH_FILE).unlink()
    (tmp_path / MATCH_FILE).mkdir()  # from now on every save of the match fails
    (tmp_path / MATCH_FILE / "x").write_text("")
    (tmp_path / FILENAME).mkdir()  # and every save of the settings
    (tmp_path / FILENAME / "x").write_text("")
    for _ in range(4):
        player.wait_for_you()
        player.press("P", "M")  # pick up (each action saves the match); sound off or on (saves the settings)
    warnings = player.said("warning")
    assert len(player.said("saved match")) > 4
    assert len(warnings) == 2, warnings
    assert "the match cannot be saved" in warnings[0] and "saved settings and statistics" in warnings[1]
