"""REPLAYS: finished matches kept and played back on the table, by keys.

A stored record (tests/scripts/replay_match.txt, a whole easy match exported
with ``--export-last``) is watched through the real game, headless, with the
viewer's keys, to the match's result.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.rules import Game
from game.storage.backend import KEEP_REPLAYS
from game.storage.files import Files
from game.storage.local_storage import LocalStorage
from game.storage.replays import export_text, read_replay_file, split_record
from game.storage.store import Store
from game.ui.app import init_pyxel
from game.ui.table.board import hand_order

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "scripts" / "replay_match.txt"
sys.path.insert(0, str(ROOT / "tests" / "scripts"))

from decks import LAST_HAND_POINTS, last_hand_deck  # noqa: E402
from test_ui import Player  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def run_game(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def texts(stdout: str) -> list[str]:
    return [line.split(maxsplit=1)[1] for line in stdout.splitlines() if line.split()[:1] and line.split()[0].isdigit()]


def script(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "script.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def test_a_replay_driven_by_keys_reaches_the_match_result(tmp_path):
    _, moves = split_record(RECORD.read_text())
    final = Game.replay(RECORD.read_text())
    keys = script(
        tmp_path,
        "wait 40",  # two moves a second at first: 15 frames a move
        "press RETURN",  # pause
        "press RIGHT",
        "press RIGHT",
        "press LEFT",  # one back
        "press N",  # the start of the next hand
        "press RETURN",  # play on
        "press UP",
        "press UP",
        "press UP",  # the fastest: two frames a move
        "press DOWN",
        "press UP",
        f"wait {2 * len(moves) + 10}",
    )
    result = run_game("--headless", "--replay", str(RECORD), "--script", keys)
    assert result.returncode == 0, result.stderr
    lines = texts(result.stdout)
    assert lines[0] == "replay 2026-12-01 00:33  1991  EASY  won you 514, computer 149" and "scene replay" in lines
    paused = lines.index("replay paused")
    counts = [int(line.split()[2]) for line in lines if line.startswith("replay move ")]
    stepped = [int(line.split()[2]) for line in lines[paused:] if line.startswith("replay move ")]
    at = stepped[0] - 1  # where it paused
    assert counts[:3] == [0, 1, 2]
    assert stepped[:4] == [at + 1, at + 2, at + 1, moves.index("next") + 1]
    assert "replay playing" in lines and "replay speed 15 moves/s" in lines
    assert counts[-1] == len(moves)
    assert lines[-3:] == [
        "replay result YOU WENT OUT AND SCORE 57 POINTS",
        f"replay result YOU {final.scores[0]}   COMPUTER {final.scores[1]}   (FIRST TO 500)",
        "replay match winner you",
    ]


def test_each_position_of_the_viewer_is_the_records_with_both_hands_face_up(tmp_path):
    from game.ui.scenes.replay import ReplayViewer

    saved = read_replay_file(RECORD)
    viewer = ReplayViewer(saved, notice=lambda line: None)
    header, moves = split_record(saved.record)
    for count in (1, 2, 3, 40, 41, 200):
        viewer.update(["LEFT"] if count < viewer.count else ["RIGHT"])
        while viewer.count != count:
            viewer.update(["RIGHT"] if viewer.count < count else ["LEFT"])
        game = Game.replay(header + "".join(move + "\n" for move in moves[:count]))
        assert viewer.game.snapshot()[:-2] == game.snapshot()[:-2]
        assert viewer.board.hand == sorted(game.hands[0], key=hand_order)
        assert viewer.board.computer_hand == sorted(game.hands[1], key=hand_order)
        assert (viewer.board.top, viewer.board.colour) == (game.top, game.colour)


def test_a_finished_match_is_listed_in_replays_and_watched_from_the_title(tmp_path):
    player = Player(deck=last_hand_deck(), starter=0, store=Store(Files(tmp_path)))
    player.bot.play_hand()
    player.press("RETURN")  # the match's result
    player.press("ESCAPE", "Y")  # leave the new match for the title
    app = player.app
    assert app.scene == "title" and "replays" in app.context.title.items.keys
    player.bot.choose("replays")
    assert app.scene == "replays"
    (listed,) = player.said("replays ")
    assert listed.startswith("replays 1: ") and f"1991  NORMAL  won you {LAST_HAND_POINTS}, computer 0" in listed
    player.press("RETURN")
    assert app.scene == "replay" and app.navigator.top.viewer.board.computer_hand is not None
    player.press("UP", "UP", "UP", "UP")
    player.bot.wait_until(lambda: app.navigator.top.viewer.at_end)
    assert player.said("replay match winner") == ["replay match winner you"]
    player.press("ESCAPE")
    assert app.scene == "replays"
    player.press("ESCAPE")
    assert app.scene == "title"


def test_only_the_last_twenty_finished_matches_are_kept_on_disk_and_in_the_browser(tmp_path):
    saved = read_replay_file(RECORD)
    for store in (Store(Files(tmp_path)), Store(LocalStorage(FakeStorage()))):
        for number in range(KEEP_REPLAYS + 3):
            match = replace(saved, date=f"match {number:02}", record=saved.record + f"# match {number}\n")
            assert store.keep_finished(match) is None
        kept = store.finished()
        assert [match.date for match in kept] == [f"match {n:02}" for n in range(KEEP_REPLAYS + 2, 2, -1)]
    assert len(list((tmp_path / "replays").glob("*.json"))) == KEEP_REPLAYS


class FakeStorage:
    def __init__(self):
        self.items = {}

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        assert isinstance(value, str)
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


def test_export_last_writes_a_record_that_replays_and_watches(tmp_path):
    nothing = run_game("--export-last", str(tmp_path / "none.txt"), "--data-dir", str(tmp_path))
    assert nothing.returncode == 1 and "no finished match" in nothing.stderr
    saved = read_replay_file(RECORD)
    Store(Files(tmp_path)).keep_finished(saved)
    out = tmp_path / "last.txt"
    result = run_game("--export-last", str(out), "--data-dir", str(tmp_path))
    assert result.returncode == 0 and str(out) in result.stdout
    text = out.read_text()
    assert text == export_text(saved)
    assert Game.replay(text).snapshot() == Game.replay(saved.record).snapshot()
    again = read_replay_file(out)
    assert (again.level, again.result, again.computer_seed) == (saved.level, saved.result, saved.computer_seed)


@pytest.mark.parametrize(
    ("content", "why"),
    [(b"", "no 'rules' line"), (b"rules 1991\nplay Q9\n", "record line 2"), (b"\xff\xfe", "not UTF-8"), (b"{", "JSON")],
)
def test_a_bad_replay_file_is_a_clear_message(tmp_path, content, why):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(content)
    result = run_game("--replay", str(bad))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1].startswith(f"cannot replay {bad}: ") and why in result.stderr


def test_a_saved_match_file_replays_too(tmp_path):
    saved = read_replay_file(RECORD)
    path = tmp_path / "match.json"
    path.write_text(json.dumps({"version": 1, **saved.__dict__}))
    assert read_replay_file(path) == saved


def test_a_kept_match_whose_record_does_not_replay_gives_a_message_not_a_crash(tmp_path):
    store = Store(Files(tmp_path))
    saved = read_replay_file(RECORD)
    store.keep_finished(replace(saved, record=saved.record.replace("play Y7", "play Y7 X", 1)))
    player = Player(start=False, store=store)
    player.bot.to_title()
    player.bot.choose("replays")
    player.press("RETURN")
    assert player.app.scene == "replays"
    assert "cannot be replayed" in player.app.navigator.top.screen.message
    player.app.draw()
    player.press("ESCAPE")
    assert player.app.scene == "title"
