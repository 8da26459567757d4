"""Online play end to end: a real table server on a free 127.0.0.1 port and
headless client processes (``python -m game.online.bot``, the offline
computer players choosing from the views the server sends) over real
WebSockets. Whole matches and hands; rejoining; a server SIGKILLed and
started again; the turn timer."""

import json
import os
import signal
import subprocess
import sys
import threading

import pytest
from online_server import ROOT, _env, bot, finish, moves_in, stored_room, wait_for

from game.online import hosting
from game.online.client import Client
from game.online.protocol import event_json
from game.rules import Game
from game.ui.online_play import HOSTED_ROOM_LEFT

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"


def test_two_clients_play_a_whole_match_and_their_records_equal_the_servers(servers):
    srv = servers()
    url = f"{srv.url}/duel"
    anna = bot(url, "Anna", "--table", json.dumps({"rules": "1991", "players": 2}), "--seed", "1")
    wait_for(lambda: srv.room_file("duel"), what="the room file")
    bob = bot(url, "Bob", "--seed", "2")
    first, second = finish(anna), finish(bob)
    saved = srv.room_file_when("duel", lambda saved: saved["over"], what="the match over in its file")
    assert saved["over"] and saved["started"]
    assert first["record"] == second["record"] == saved["record"]
    assert (first["seat"], second["seat"]) == (0, 1)
    assert [seat["name"] for seat in saved["seats"]] == ["ANNA", "BOB"]
    game = Game.replay(saved["record"])
    assert game.match_over and saved["moves"] == len(moves_in(saved["record"]))
    assert first["errors"] == second["errors"] == []


def test_three_clients_play_a_hand_and_each_saw_exactly_its_seats_view(servers):
    srv = servers()
    url = f"{srv.url}/three"
    table = {"rules": "standard", "players": 4, "people": 3, "level": "normal"}
    players = [bot(url, "Ann", "--table", json.dumps(table), "--hands", "1", "--level", "normal")]
    wait_for(lambda: srv.room_file("three"), what="the room file")
    players += [bot(url, name, "--hands", "1", "--seed", str(n)) for n, name in enumerate(("Bo", "Cy"), 1)]
    results = [finish(process) for process in players]
    moves = max(result["moves"] for result in results)
    saved = srv.room_file_when("three", lambda saved: saved["moves"] >= moves, what="the hand's moves in its file")
    game = Game.replay(saved["record"])
    assert game.hand_over and game.hand_number == 1
    assert saved["seats"][3]["kind"] == "computer"
    for result in results:
        assert result["hand"] == 1
        # Every event this seat was sent, in order, is its view of the hand: no more, no less.
        assert result["events"] == [event_json(e) for e in game.view(result["seat"]).events]
    assert sorted(result["seat"] for result in results) == [0, 1, 2]


def test_a_client_killed_and_started_again_rejoins_its_seat(servers, tmp_path):
    srv = servers()
    url = f"{srv.url}/again"
    token = tmp_path / "anna.token"
    table = json.dumps({"rules": "standard", "players": 2})
    anna = bot(url, "Anna", "--table", table, "--token-file", str(token))
    wait_for(lambda: srv.room_file("again"), what="the room file")
    bob = bot(url, "Bob", "--seed", "5")
    wait_for(lambda: (srv.room_file("again") or {}).get("moves", 0) >= 10, what="ten moves")
    anna.kill()
    anna.wait(10)
    moves_before = srv.room_file("again")["moves"]
    assert token.read_text()
    anna = bot(url, "Anna", "--token-file", str(token))
    first, second = finish(anna), finish(bob)
    saved = srv.room_file_when("again", lambda saved: saved["over"], what="the match over in its file")
    assert first["seat"] == 0 and first["record"] == second["record"] == saved["record"]
    assert len(moves_in(first["record"])) > moves_before


def test_the_server_sigkilled_mid_hand_and_started_again_resumes_the_room_exactly(servers):
    srv = servers()
    url = f"{srv.url}/crash"
    anna = bot(url, "Anna", "--table", json.dumps({"rules": "standard", "players": 2}), "--seed", "3")
    wait_for(lambda: srv.room_file("crash"), what="the room file")
    bob = bot(url, "Bob", "--seed", "4")
    wait_for(lambda: (srv.room_file("crash") or {}).get("moves", 0) >= 30, what="thirty moves")
    srv.kill()
    saved = srv.room_file("crash")
    assert not saved["over"]
    before = moves_in(saved["record"])
    assert len(before) == saved["moves"] >= 30
    again = servers(port=srv.port)  # the same address: the clients reconnect by themselves
    first, second = finish(anna), finish(bob)
    after = moves_in(first["record"])
    saved = again.room_file_when("crash", lambda saved: saved["over"], what="the match over in its file")
    assert first["record"] == second["record"] == saved["record"]
    assert after[: len(before)] == before and len(after) > len(before)
    assert any(line.startswith("room crash read from the store") for line in again.lines)


def test_when_the_turn_time_runs_out_a_computer_plays_for_the_absent_person(servers):
    srv = servers()
    url = f"{srv.url}/asleep"
    table = {"rules": "1991", "players": 2, "turn_time": 0.3}
    anna = bot(url, "Anna", "--table", json.dumps(table), "--stop-after-moves", "40")
    wait_for(lambda: srv.room_file("asleep"), what="the room file")
    absent = Client(url, "Zed").start()  # joins, then never acts
    seen = []

    def played_for():
        seen.extend(absent.poll(wait=0.05))
        states = [m for m in seen if m["type"] == "state"]
        shown = any(m["type"] == "seats" and m["seats"][1]["standin"] for m in seen)
        turns = [m["moves"] for m in states if m["view"]["turn"] == 1]
        return shown and turns and any(m["moves"] > turns[0] and m["view"]["turn"] != 1 for m in states)

    try:
        wait_for(played_for, what="a computer playing the absent seat")
        srv.room_file_when("asleep", lambda saved: saved["seats"][1]["standin"], what="the stand-in in its file")
        mark = len(seen)
        absent.send({"type": "back"})

        def back():
            seen.extend(absent.poll(wait=0.05))
            return any(m["type"] == "seats" and not m["seats"][1]["standin"] for m in seen[mark:])

        wait_for(back, what="the person back in the seat")
    finally:
        absent.close()
        anna.kill()
        anna.wait(10)


# ----- HOST: the table server outlives the game that started it -------------------------------


def _hosting_game(data_dir, script) -> subprocess.Popen:
    """The real game, headless, choosing HOST on its title menu: its table
    server on a free port of 127.0.0.1 (``$UNO1991_HOSTING``), with the
    tests' quick delays."""
    # (linger: the server outlives its killed game, and the friend's match may end before the
    # game started again on a busy machine has found it: it must still be running then)
    settings = {"port": 0, "bind": "127.0.0.1", "lifetime": 120, "linger": 10.0}
    settings["options"] = {"computer_delay": 0, "react_delay": 0, "grace": 0.3, "rate": 2000}
    env = {**_env(), hosting.SETTINGS_VARIABLE: json.dumps(settings), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "game", "--headless", "--low-memory", "--mute", "--seed", "1"]
    command += ["--data-dir", str(data_dir), "--script", str(script)]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _said(process: subprocess.Popen, lines: list[str]) -> threading.Thread:
    """Read what the game says into ``lines``, in a thread."""

    def read() -> None:
        for line in process.stdout:
            lines.append(line.strip())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


def test_a_hosting_game_sigkilled_leaves_its_friend_playing_and_started_again_rejoins_its_room(tmp_path):
    from game.ui.scenes.title_menu import TitleMenu

    steps = TitleMenu(can_quit=True, title_art=False).items.keys.index("host")
    script = tmp_path / "host.txt"
    script.write_text("wait 2\n" + "press DOWN\n" * steps + "press RETURN\nwait 1000000\n")
    folder = tmp_path / "hosted"
    first_said: list[str] = []
    first = _hosting_game(tmp_path, script)
    _said(first, first_said)
    friend = None
    try:
        room = wait_for(lambda: hosting.LocalServer(folder).remembered(), what="the hosted room")
        pid, port = wait_for(lambda: hosting.running_server(folder), what="the hosted server")
        assert pid != first.pid
        friend = bot(f"ws://127.0.0.1:{port}/{room}", "Bob", "--seed", "2", timeout=90)
        wait_for(lambda: _room(folder, room).get("started"), what="the match started")
        first.kill()  # the host's window crashes
        first.wait(10)
        moves = _room(folder, room)["moves"]
        wait_for(lambda: _room(folder, room)["moves"] > moves + 5, what="the friend playing on")
        assert hosting.running_server(folder) == (pid, port)
        again_said: list[str] = []
        # The host's game, started again: the title says HOST takes you back, with its cursor on HOST.
        script.write_text("wait 2\npress RETURN\nwait 1000000\n")
        again = _hosting_game(tmp_path, script)
        _said(again, again_said)
        try:
            wait_for(lambda: any(f"online seat 0 in room {room}" in line for line in again_said), what="the rejoin")
            assert any(line.endswith(HOSTED_ROOM_LEFT) for line in again_said), "the title menu said so"
            assert any(f"(port {port}, found running)" in line for line in again_said)
            assert hosting.running_server(folder) == (pid, port), "the same server, not a second one"
        finally:
            again.kill()
            again.wait(10)
        result = finish(friend)
        assert result["errors"] == [] and result["record"] == _room(folder, room)["record"]
        assert _room(folder, room)["over"]
        # Its game gone, and nobody connected: it stops by itself.
        wait_for(lambda: hosting.running_server(folder) is None, timeout=60, what="the server's own stop")
    finally:
        for process in (first, friend):
            if process is not None and process.poll() is None:
                process.kill()
        running = hosting.running_server(folder)
        if running is not None:
            os.kill(running[0], signal.SIGTERM)


def _room(folder, name: str) -> dict:
    """The room as HOST's server's store holds it ({} before it does)."""
    return stored_room(folder, name) or {}
