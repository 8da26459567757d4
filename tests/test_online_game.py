"""The game itself at an online table: two and three headless scripted
``python -m game --join`` processes sit in one room of a real table server
on 127.0.0.1 and play a whole hand with their keys; each saw exactly its
seat's view of the hand that the server's record replays to."""

import json
import subprocess
import sys

import pytest
from online_server import ROOT, _env, wait_for

from game.rules import Game

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"

HAND_SECONDS = 120


MOST_CARDS = 40  # a hand grows while its person picks up: every card of it is tried


def one_hand_script(turns: int = 150) -> str:
    """Keys that play any hand out, as a person who knows no better might:
    try each card from the left (R names a Wild's colour, RETURN takes a
    challenge's first choice), then pick up, play what was picked up if it
    may be played, or pass; until the hand's result shows."""
    lines = ["wait 5", "press RETURN"]  # the room's creator starts it (a guest's RETURN does nothing)
    for _ in range(turns):
        for _card in range(MOST_CARDS):
            lines += ["turn", "stop-at-result", "press RETURN", "press R", "turn", "stop-at-result", "press RIGHT"]
        lines += ["turn", "stop-at-result", "press P", "turn", "stop-at-result", "press RETURN", "press R"]
        lines += ["turn", "stop-at-result", "press P"] + ["press LEFT"] * MOST_CARDS
    return "\n".join(lines) + "\n"


def player(url: str, name: str, script, *options: str) -> subprocess.Popen:
    command = [sys.executable, "-m", "game", "--headless", "--script", str(script), "--join", url, "--name", name]
    return subprocess.Popen(
        [*command, *options], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env()
    )


def seen(output: str) -> tuple[int, list[str]]:
    """The seat a process sat in and the hand's events it was sent, as it printed them."""
    lines = output.splitlines()
    seat = next(int(line.split()[3]) for line in lines if " online seat " in line)
    hand = next(line for line in lines if " online hand 1 seen: " in line)
    return seat, hand.split(" online hand 1 seen: ", 1)[1].split(" | ")


@pytest.mark.parametrize("people", [2, 3])
def test_game_processes_join_one_room_and_play_a_hand_each_seeing_its_seats_view(table_server, tmp_path, people):
    script = tmp_path / "hand.txt"
    script.write_text(one_hand_script())
    url = f"{table_server.url}/table{people}"
    names = ["ANN", "BOB", "CY"][:people]
    processes = [player(url, names[0], script, "--rules", "standard", "--players", str(people))]
    wait_for(lambda: table_server.room_file(f"table{people}"), what="the room made by the first player")
    processes += [player(url, name, script) for name in names[1:]]
    outputs = []
    for process in processes:
        out, err = process.communicate(timeout=HAND_SECONDS)
        assert process.returncode == 0, err[-2000:]
        outputs.append(out)
    saved = table_server.room_file_when(
        f"table{people}", lambda saved: Game.replay(saved["record"]).hand_over, what="the hand's end in its file"
    )
    game = Game.replay(saved["record"])
    assert game.hand_over and game.hand_number == 1
    assert saved["seats"][0]["name"] == "ANN"  # the room's creator; the others in the order they came
    seats = []
    for name, out in zip(names, outputs, strict=True):
        seat, events = seen(out)
        seats.append(seat)
        assert saved["seats"][seat]["name"] == name
        # The table showed exactly this seat's view of the hand the server played: no more, no less.
        assert events == [str(event) for event in game.view(seat).events]
        assert "script stopped at the result" in out
        assert " scene hand_result" in out
        assert "goes on where you left it" not in out, "a match that starts as you join is dealt, not continued"
    assert sorted(seats) == list(range(people))


def test_a_game_process_killed_mid_hand_and_started_again_takes_its_seat_back(table_server, tmp_path):
    url = f"{table_server.url}/killed"
    data = tmp_path / "data"
    keys = tmp_path / "keys.txt"
    keys.write_text(one_hand_script(turns=3))
    first = player(url, "ANN", keys, "--rules", "standard", "--players", "2", "--data-dir", str(data))
    wait_for(lambda: table_server.room_file("killed"), what="the room")
    bob = player(url, "BOB", keys)
    wait_for(lambda: (table_server.room_file("killed") or {}).get("moves", 0) >= 2, what="the hand under way")
    first.kill()  # SIGKILL: nothing is tidied up
    first.communicate(timeout=10)
    assert (data / "online-seats.json").is_file(), "the seat's token was kept in the data folder"
    look = tmp_path / "look.txt"
    look.write_text("turn 30\nwait 30\n")
    again = player(url, "ANN", look, "--data-dir", str(data))
    out, err = again.communicate(timeout=HAND_SECONDS)
    assert again.returncode == 0, err[-2000:]
    assert " online seat 0 in room killed" in out  # the same seat, not a new one
    assert "The match goes on where you left it" in out  # the table shown as it stands
    assert table_server.room_file("killed")["seats"][0]["name"] == "ANN"
    bob.kill()
    bob.communicate(timeout=10)


def test_the_bot_says_in_its_help_how_well_it_plays_and_when_it_leaves_and_then_says_why_it_left(table_server):
    shown = subprocess.run(
        [sys.executable, "-m", "game.online.bot", "--help"], cwd=ROOT, capture_output=True, text=True, env=_env()
    )
    assert shown.returncode == 0
    assert "(default easy)" in shown.stdout and "--timeout SECONDS" in " ".join(shown.stdout.split())
    assert "(default 3600: an hour)" in " ".join(shown.stdout.split())
    table = '{"rules": "1991", "players": 2, "people": 2}'  # it waits for a second person who never comes
    command = [sys.executable, "-m", "game.online.bot", f"{table_server.url}/alone", "--table", table]
    left = subprocess.run([*command, "--timeout", "1.5"], cwd=ROOT, capture_output=True, text=True, env=_env())
    assert left.returncode == 1, "the match was not played"
    assert "BOT leaves the room: --timeout: 1.5 seconds have passed" in left.stderr
    assert json.loads(left.stdout.splitlines()[-1])["left"] == "--timeout: 1.5 seconds have passed"
