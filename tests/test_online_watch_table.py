"""A watcher's table in the game: the real ``OnlineMatch`` of a watching
``Session`` at the real ``Room`` (``online_loopback``), at a real window's
pace, whatever the order of the server's messages; and the real game,
headless, watching a real table server's room from JOIN's WATCH and from
``--watch``. A watcher's table is seen from seat 0 with nobody in front:
every count is the server's, every hand face down (never a card of one
known), no seat is "you", and nothing is sent but leaving."""

import json
import subprocess
import sys
import time
from dataclasses import replace

import pytest
import pyxel
from conftest import HeadlessApp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from online_loopback import Watcher, table, watched_table
from online_server import ROOT, _env, bot, finish, moves_in, wait_for
from test_joining import Player
from test_online_hostile import answer, join
from test_online_pace import ACTIONS, TABLES  # (the same scripts and tables as a player's table is checked with)

from game.online.remote import HIDDEN
from game.rules import WATCHER, Game
from game.ui import layout as lay
from game.ui.app import init_pyxel
from game.ui.scenes import join as join_screen
from game.ui.table.online_overlay import WATCHING_Y
from game.ui.table.online_words import PROMPT_OFFLINE, WATCHING_LABEL, WATCHING_NEWS

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"

FPS = 30
SETTLE_FRAMES = 30 * 60


@pytest.fixture(autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def real_pace(room, turn_time: float = 4) -> None:
    room.computers.delay, room.computers.react_delay = 0.8, 1.2  # the server's own
    room.table["turn_time"] = turn_time


def assert_face_down(match) -> None:
    """Nothing of any hand is known to the watcher's table: the hand at the
    bottom is as many unknown cards as it holds, drawn face down, and no
    card flies face up into a hand."""
    board = match.board
    assert board.hidden and match.in_front is None and not match.waiting_for_you
    assert all(code == HIDDEN for code in board.hand), board.hand
    assert board.revealed is None


class Watched:
    """ANN's room (she never acts: the server's computer plays her turns once
    her time runs out), and a watcher that comes after ``frames`` of play."""

    def __init__(self, rules, players, people, house, seed, frames) -> None:
        self.room, self.client, _, _ = table(rules, players, seed, False, lambda text: None, people=people, house=house)
        real_pace(self.room)
        self.ticks(frames)
        self.watcher = Watcher(self.client)
        self.watcher.join()
        self.lines: list[str] = []
        self.match = watched_table(self.watcher, self.lines.append)

    def ticks(self, frames: int) -> None:
        for _ in range(frames):
            self.client.tick(1 / FPS)

    def frame(self, keys=()) -> None:
        self.client.tick(1 / FPS)
        self.watcher.now = self.client.now
        match = self.match
        if "RETURN" in keys and match.scene == "hand_result":
            match.go_on()  # (as the table scene does)
        match.update(list(keys))
        match.draw()
        assert_face_down(match)

    def settle(self) -> None:
        watcher, match = self.watcher, self.match
        watcher.late = False
        watcher.arrive()
        for _ in range(SETTLE_FRAMES):
            if match.timeline.idle and match.behind == 0 and not watcher.inbox:
                break
            match.update([])
            match.draw()
        assert match.timeline.idle and match.behind == 0, "the table shows everything it was sent"

    def assert_shows_the_servers_table(self) -> None:
        """Every count, the top card and colour, the scores and the turn as
        the server has them, seen from seat 0; the hand at the bottom only its count."""
        view, board = self.room.game.view(WATCHER), self.match.board
        assert self.watcher.session.view == replace(view, events=self.watcher.session.view.events)
        assert board.hand == [HIDDEN] * view.counts[0]
        assert board.counts[1:] == list(view.counts[1:])
        assert (board.top, board.colour, list(board.scores)) == (view.top, view.colour, list(view.scores))
        if self.match.scene == "table" and not view.hand_over:
            assert board.turn == view.turn
        assert self.watcher.sent == [], "a watcher sends nothing"
        assert "YOU" not in (board.names or ()) and not any(self.match.seating.you(s) for s in range(view.players))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TABLES, st.integers(0, 2**16), st.integers(0, FPS * 40), st.lists(ACTIONS, min_size=3, max_size=25))
def test_a_watcher_s_table_never_fails_never_knows_a_card_of_a_hand_and_ends_as_the_server(
    chosen, seed, arrives, script
):
    rules, players, people, house = chosen
    watched = Watched(rules, players, people, list(house), seed, arrives)
    watcher = watched.watcher
    for kind, amount in script:
        if kind == "frames":
            for _ in range(amount):
                watched.frame()
        elif kind == "keys":
            watched.frame([amount])
        elif kind == "late":
            watcher.late = True
            for _ in range(amount):
                watched.frame()
            watcher.late = False
            watcher.arrive()
        elif kind == "burst":
            for _ in range(amount):
                watched.client.tick(1.0)
        elif kind == "rejoin":
            watcher.drop_and_rejoin()
        elif kind == "away":
            watched.client.tick(watched.room.table["turn_time"])  # ANN's time runs out
        watched.frame()
    watched.settle()
    watched.assert_shows_the_servers_table()


def test_a_watcher_who_comes_as_a_hand_ends_sees_its_result_then_the_next_hand():
    watched = Watched("standard", 3, 1, [], 4, 0)
    room = watched.room
    while not room.game.hand_over:  # (the watcher came at the start: now it sees the hand end)
        watched.client.tick(1.0)
    late = Watcher(watched.client)
    late.join()
    lines: list[str] = []
    match = watched_table(late, lines.append)
    assert match.scene == "hand_result" and match.result is not None
    assert match.result.names[match.result.winner] != "YOU" and "WENT OUT" in match.result.lines()[0]
    assert not any("YOU" in line.split() for line in lines if line.startswith("result"))
    while room.game.hand_number == 1 or len(late.inbox) < 2:
        watched.client.tick(1 / FPS)
    for _ in range(SETTLE_FRAMES // 4):
        late.now = watched.client.now
        match.update([])
        match.draw()
        assert_face_down(match)
        if match.scene == "table" and match.timeline.idle:
            break
    assert match.scene == "table", "the next hand shows once it is dealt, with nothing sent"
    assert late.sent == []


def test_a_watcher_of_a_finished_match_sees_who_won_and_nobody_is_you():
    room, client, _, _ = table("1991", 2, 6, False, lambda text: None)
    room.table["turn_time"] = 0.1  # ANN never acts: the computer plays her every turn at once
    for _ in range(20_000):
        client.tick(0.5)
        if room.over:
            break
    assert room.over, "the match was played to its end"
    watcher = Watcher(client)
    watcher.join()
    lines: list[str] = []
    match = watched_table(watcher, lines.append)
    match.go_on()  # RETURN on the last hand's result: the match's
    assert match.scene == "match_result"
    winner = match.game.match_winner
    assert any(line.startswith(f"match winner {match.seating.name(winner).lower()}") for line in lines)
    assert not any(line.startswith("match winner you") for line in lines)
    match.draw()
    assert watcher.session.record == room.game.record()


# ----- the game, headless, at a real table server --------------------------------------------------


class Watching(HeadlessApp):
    """The game watching the room at ``url`` (``--watch``'s way in), driven frame by frame."""

    def __init__(self, url: str, **options) -> None:
        super().__init__(1, join=(url, None, None, None, True), **options)

    def until(self, condition, seconds: float = 40, what: str = "the table") -> None:
        limit = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < limit, f"timed out waiting for {what}: {self.lines[-5:]}"
            self.driver.frame()


TABLE = {"rules": "standard", "players": 3, "people": 2, "turn_time": 90}


def test_the_game_watches_a_room_mid_hand_with_the_servers_counts_and_no_card_of_a_hand(servers):
    server = servers("--computer-delay", "0.05")
    anna = join(server, "WATCHME", {"type": "hello", "name": "ANNA", "table": TABLE})
    answer(anna, "welcome")
    ben = bot(f"{server.url}/WATCHME", "BEN", "--seed", "1", timeout=60)
    answer(anna, "state", timeout=20)  # the match is on: ANNA never acts, so it waits at her turn
    game = Watching(f"{server.url}/WATCHME")
    game.until(lambda: game.app.scene == "table" and game.app.match.timeline.idle, what="the watched table")
    match = game.app.match

    def at_annas_turn():  # (she never acts: the table stands still there)
        game.driver.frame()
        session = game.app.online.session
        return session.view.turn == 0 and match.timeline.idle and match.behind == 0

    wait_for(at_annas_turn, what="the table at ANNA's turn")
    record = server.room_file_when("WATCHME", lambda saved: len(moves_in(saved["record"])) == session_moves(game))
    view = Game.replay(record["record"]).view(WATCHER)
    board = match.board
    assert len(board.hand) == view.counts[0] and board.counts[1:] == list(view.counts[1:])
    assert (board.top, board.colour) == (view.top, view.colour)
    assert_face_down(match)
    assert board.names[0] == "ANNA" and "YOU" not in board.names
    assert any(line.endswith(f"message {WATCHING_NEWS}") for line in game.lines)  # (never "where you left it")
    assert not any(" YOU" in line for line in game.lines if "message" in line)
    game.app.draw()
    assert pyxel.pget(8, WATCHING_Y + 2) == lay.YELLOW  # the WATCHING box
    assert WATCHING_LABEL == "WATCHING" and game.app.online.session.watching == 1

    for key in ("P", "RETURN", "U", "Q", "LEFT", "J", "C"):  # no key of a watcher's plays, or chats
        game.press(key)
    game.until(lambda: True)
    game.wait(15)
    assert not any("watching this room" in line for line in game.lines), "nothing was sent to be refused"
    assert not game.app.match.link.chat.open
    wait_for(lambda: answer(anna, "seats")["watching"] == 1, what="ANNA's table told")

    game.press("ESCAPE")
    assert game.app.scene == "paused"
    items = game.app.navigator.top.screen.items
    assert any(key.startswith("chat") for key in items.keys)  # a watcher may mute the players' chat
    assert "hints" not in items.keys  # no hand of theirs to lift cards in
    while items.current != "leave":
        game.press("DOWN")
    game.press("RETURN")
    game.until(lambda: game.app.scene == "title", what="the title after leaving")
    wait_for(lambda: answer(anna, "seats")["watching"] == 0, what="ANNA told the watcher went")
    anna.close()
    ben.kill()
    ben.wait(timeout=10)


def test_a_watching_game_watches_again_by_itself_when_the_server_restarts(servers):
    server = servers("--computer-delay", "0.05")
    url = f"{server.url}/AGAIN"
    anna = join(server, "AGAIN", {"type": "hello", "name": "ANNA", "table": TABLE})
    answer(anna, "welcome")
    ben = bot(url, "BEN", "--seed", "1", timeout=60)
    answer(anna, "state", timeout=20)
    game = Watching(url)
    game.until(lambda: game.app.scene == "table" and game.app.match.timeline.idle, what="the watched table")
    port = server.port
    server.kill()
    game.until(lambda: game.app.match.board.prompt == PROMPT_OFFLINE, seconds=20, what="the lost connection shown")
    again = servers("--computer-delay", "0.05", port=port)  # the same server on its port: the room resumes
    game.until(lambda: game.app.online.status == "online", seconds=30, what="the connection back")
    match = game.app.match
    game.until(
        lambda: match.board.prompt != PROMPT_OFFLINE and match.timeline.idle and match.behind == 0,
        what="the table shown again",
    )
    assert game.app.scene in ("table", "hand_result") and game.app.online.session.seat == WATCHER
    assert game.app.online.reconnects >= 1 and any("connection online" in line for line in game.lines)
    assert_face_down(match)
    assert again.room_file("AGAIN") is not None
    anna.close()
    ben.kill()
    ben.wait(timeout=10)


def test_the_game_watching_a_finished_match_shows_who_won_and_keeps_it_for_replays(servers):
    server = servers()
    table_ = json.dumps({"rules": "1991", "players": 2, "people": 2})
    url = f"{server.url}/DONE"
    anna = bot(url, "ANNA", "--table", table_, "--seed", "2", timeout=90)
    wait_for(lambda: server.room_file("DONE"), what="the room")
    ben = bot(url, "BEN", "--seed", "3", timeout=90)
    played = finish(anna)
    finish(ben)
    game = Watching(url)
    game.until(lambda: game.app.scene == "hand_result", what="the last hand's result")
    game.press("RETURN")
    assert game.app.scene == "match_result"
    name = ("ANNA", "BEN")[Game.replay(played["record"]).match_winner]
    assert any(f"match winner {name.lower()}" in line for line in game.lines)  # (ANNA (OFF): both have left)
    assert any(line.endswith("match kept for replays") for line in game.lines)
    kept = game.app.context.store.finished()[0]
    assert kept.record == played["record"] and kept.result.startswith(f"online room DONE match 1: {name.lower()} won,")
    assert kept.viewer == 0 and kept.names == ("ANNA", "BEN")
    game.until(lambda: game.app.online.session.verdict is not None, what="the shuffle checked")
    assert game.app.online.session.verdict.checked, game.app.online.session.verdict
    game.press("RETURN")
    assert game.app.scene == "title"


def session_moves(game) -> int:
    return game.app.online.session.moves


def test_join_online_s_watch_watches_the_room_and_a_room_less_address_is_refused(servers):
    server = servers()
    anna = join(server, "LOOKIN", {"type": "hello", "name": "ANNA", "table": TABLE})
    answer(anna, "welcome")
    player = Player()
    screen = player.to_join()
    assert list(screen.items.keys) == ["address", "name", "join", "watch", "back"]  # WATCH, next to JOIN
    player.type_address(f"{server.url}/")  # no room: a watch makes none
    player.to_item("watch")
    player.press("RETURN")
    assert player.app.scene == "join" and screen.problem == join_screen.NO_ROOM_TO_WATCH
    assert player.said("join refused") == [f"join refused: {join_screen.NO_ROOM_TO_WATCH}"]
    player.type_address(f"{server.url}/LOOKIN")
    player.to_item("watch")
    player.press("RETURN")
    assert player.app.scene == "lobby"
    assert player.said("online watching") == [f"online watching {server.url}/LOOKIN"]
    limit = time.monotonic() + 20
    while player.app.online.session.room != "LOOKIN":
        assert time.monotonic() < limit, "the watcher's welcome"
        player.driver.frame()
    assert player.app.online.session.seat == WATCHER
    wait_for(lambda: answer(anna, "seats")["watching"] == 1, what="ANNA told of the watcher")
    assert player.app.online.session.token is None and not player.app.context.online.seat_tokens().get(
        f"{server.url}/LOOKIN"
    ), "a watcher keeps no seat's token"
    player.press("ESCAPE")
    assert player.app.scene == "title"
    anna.close()


def test_watch_on_the_command_line_watches_a_room_until_its_hand_ends(servers, tmp_path):
    server = servers("--computer-delay", "0.02")
    table_ = json.dumps({"rules": "standard", "players": 2, "people": 1})
    anna = bot(f"{server.url}/CLIWATCH", "ANNA", "--table", table_, "--seed", "4", "--hands", "1", timeout=60)
    wait_for(lambda: server.room_file("CLIWATCH"), what="the room")
    script = tmp_path / "watch.txt"
    script.write_text("turn 50\nstop-at-result\n")
    command = [sys.executable, "-m", "game", "--headless", "--script", str(script), "--watch", f"{server.url}/CLIWATCH"]
    done = subprocess.run(
        [*command, "--data-dir", str(tmp_path / "data")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=_env(),
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert f"online watching {server.url}/CLIWATCH" in out and "online watching room CLIWATCH" in out
    assert " result " in out and "result YOU" not in out and " YOU WENT OUT" not in out
    assert "watching this room" not in out
    anna.kill()
    anna.wait(timeout=10)


# ----- the command line and the page's link ------------------------------------------------------


def test_watch_takes_a_room_s_address_and_says_what_is_wrong_with_another(capsys):
    from game.__main__ import parse_args

    assert parse_args(["--watch", "ws://192.168.1.20:8765/KX7-RPA"]).watch == "ws://192.168.1.20:8765/KX7-RPA"
    assert parse_args(["--watch", "WS://host/room"]).watch == "ws://host/room"
    for bad, reason in (
        ("http://host/room", "an address starts ws:// or wss://"),
        ("ws://host:99999/room", "the port (after the :) must be a number from 1 to 65535"),
        ("ws://host:8765/", "names no room: give the room's address"),
        ("ws://host", "names no room"),
    ):
        with pytest.raises(SystemExit):
            parse_args(["--watch", bad])
        assert reason in capsys.readouterr().err, bad
    for others in (["--join", "ws://h/r"], ["--name", "ANN"], ["--rules", "standard"], ["--continue"]):
        with pytest.raises(SystemExit):
            parse_args(["--watch", "ws://h/r", *others])
        assert "--watch" in capsys.readouterr().err


def test_the_page_s_link_watches_a_room_and_a_bad_one_opens_the_title_menu(capsys):
    from urllib.parse import quote

    from game.__main__ import page_arguments

    url = "ws://192.168.1.20:8765/KX7-RPA"
    assert page_arguments(f"?watch={quote(url, safe='')}") == ["--watch", url]
    assert page_arguments(f"?watch={url}") == ["--watch", url]
    assert page_arguments(f"?join={url}&name=Ann") == ["--join", url, "--name", "ANN"]  # (joining, as before)
    assert capsys.readouterr().err == ""
    for bad in ("?watch=ws://192.168.1.20:8765/", "?watch=http://x/y"):
        assert page_arguments(bad) == []
        assert "the page's link cannot be used" in capsys.readouterr().err, bad
    assert page_arguments("?watch=") == page_arguments("") == []  # (no address: the title menu, as ?join=)
