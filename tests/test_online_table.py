"""What only an online table shows, in the real game driven headless
against a real table server on 127.0.0.1: the lobby, a person away shown
as played by a computer, the turn timer's bar, a lost connection on the
prompt line that comes back by itself, and the server's scepter."""

import json
import time

import pytest
import pyxel
from conftest import HeadlessApp
from online_server import bot

from game.online.address import room_address
from game.online.room import Room
from game.online.room_file import room_from_file, to_file
from game.online.room_match import RECENT_EVENTS
from game.online.room_seats import ROOM_LETTERS
from game.online.room_table import check_table
from game.rules import Game
from game.storage.store import open_store
from game.ui import layout as lay
from game.ui.app import init_pyxel
from game.ui.online_play import SeatTokens
from game.ui.scenes.lobby import lobby_lines
from game.ui.table.board import hand_order
from game.ui.table.online_words import OFFLINE, PROMPT_OFFLINE


@pytest.fixture(autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


class Online(HeadlessApp):
    """The game joined to a room as ANN, driven frame by frame with the clock."""

    def __init__(self, url: str, table: dict | None = None, **options) -> None:
        super().__init__(1, join=(url, "ANN", table), **options)

    def until(self, condition, seconds: float = 30, what: str = "the table") -> None:
        limit = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < limit, f"timed out waiting for {what}: {self.lines[-5:]}"
            self.driver.frame()

    def until_your_turn(self, seconds: float = 60) -> None:
        """Frames until the table waits for your card; RETURN on a hand's
        result (the hand may end before your turn comes)."""

        def waiting() -> bool:
            return self.app.scene == "table" and self.app.match.waiting_for_you

        self.play_until(waiting, seconds, what="your turn")

    def play_until(self, condition, seconds: float = 60, what: str = "the table") -> None:
        """Play your turns with the keys (and RETURN on a hand's result) until ``condition``."""
        limit = time.monotonic() + seconds
        while not condition():
            assert time.monotonic() < limit, f"timed out waiting for {what}: {self.lines[-5:]}"
            if self.app.scene == "hand_result":
                self.press("RETURN")
            elif self.app.scene == "table" and self.app.match.waiting_for_you:
                play_a_card_or_pick_up(self)
            else:
                self.driver.frame()

    @property
    def prompt(self) -> str:
        return self.app.match.board.prompt if self.app.match is not None else ""


@pytest.mark.slow
def test_an_online_table_shows_who_is_away_its_turn_timer_and_a_lost_connection(servers):
    server = servers()
    url = f"{server.url}/shown"
    table = {"rules": "standard", "players": 3, "people": 2, "turn_time": 30}
    game = Online(url, table)
    game.until(lambda: game.app.scene == "lobby" and game.app.online.session.room == "shown", what="the lobby")
    news = lobby_lines(game.app.online.session, game.app.online.status)[2]
    assert news == "Waiting for 1 more person"
    bob = bot(url, "Bob", "--seed", "3", "--stop-after-moves", "2")
    game.until(lambda: game.app.scene == "table" and game.app.match.timeline.idle, what="the first hand dealt")
    match = game.app.match
    assert match.board.names[0] == "YOU" and "BOB" in " ".join(match.board.names)
    assert "COMPUTER 2" in match.board.names
    game.play_until(lambda: bob.poll() is not None, what="Bob's two moves")  # then he leaves
    game.until(lambda: f"BOB{OFFLINE}" in match.board.names, seconds=20, what="Bob shown gone")
    assert any("BOB's connection has gone" in line for line in game.lines)

    game.until_your_turn()
    game.app.draw()
    assert pyxel.pget(0, lay.BAR_Y - 1) in (lay.YELLOW, lay.PINK)  # the turn timer's bar, running
    full = sum(pyxel.pget(x, lay.BAR_Y - 1) == lay.YELLOW for x in range(lay.SCREEN_W))
    assert full > lay.SCREEN_W * 0.8
    time.sleep(3.2)
    game.driver.frame()
    shorter = sum(pyxel.pget(x, lay.BAR_Y - 1) == lay.YELLOW for x in range(lay.SCREEN_W))
    assert shorter < full - lay.SCREEN_W * 0.08  # about a tenth of the 30 s gone

    port = server.port
    server.kill()
    game.until(lambda: game.prompt == PROMPT_OFFLINE, seconds=10, what="the lost connection shown")
    assert game.app.online.status == "offline"
    again = servers(port=port)  # the same server, started again on its port: the room resumes
    game.until(lambda: game.app.online.status == "online", seconds=20, what="the connection back")
    game.until(lambda: game.prompt != PROMPT_OFFLINE, seconds=20, what="the prompt back")
    game.until_your_turn()
    assert any("connection online" in line for line in game.lines)
    # the table goes on: your pick-up is the server's (or, if a Wild Draw Four came on you meanwhile,
    # your accepting it: P does nothing there, and the test would wait out your turn's 30 s)
    accepting = "A accepts" in game.prompt
    game.press("A" if accepting else "P")
    done = "accept" if accepting else "draw"
    game.until(
        lambda: (again.room_file("shown") or {}).get("record", "").rstrip().endswith(done) or not match.waiting_for_you
    )
    game.app.online.close()


def test_the_scepter_sounds_its_fanfare_on_the_server_after_about_a_minute_of_play():
    table = check_table({"rules": "royal", "players": 3, "people": 1})
    room = Room("crown", table, seed=4, computer_seed=9)
    room.join("conn", {"type": "hello", "name": "ann"}, 0.0)
    room.start(0.0)
    room.computers.delay = room.computers.react_delay = 0
    length = room.play.scepter.length
    assert 50 <= length <= 70
    now, played = 0.0, 0.0  # seconds in all, and of hands in play (the scepter stands still between hands)
    while now < 900 and "fanfare" not in room.game.record():
        now += 0.5
        played += 0.5 * (not room.game.hand_over)
        if room.game.turn == 0 and not room.game.hand_over and room.game.legal(0):
            room.game.act(room.game.legal(0)[0], seat=0)  # ANN acts at once: the scepter still runs
            room.after_action(now)
        room.tick(now)
    assert room.game.record().count("fanfare") == 1
    assert length <= played <= length + 5  # at the start of the first turn once it is due
    assert any(event.kind == "king" for event in room.game.view(0).events)  # the crown passed on
    state = room.state("conn", now)
    assert state["scepter"] < 0.2  # a new minute begun
    saved = room_from_file(json.loads(json.dumps(to_file(room))), now)
    assert to_file(saved)["scepter"] == to_file(room)["scepter"]  # [seconds run, length, fanfares so far]


def play_a_card_or_pick_up(game: Online) -> None:
    """Your turn, with the keys: the arrow to a card the rules let you play
    (read from your legal actions, as HINTS lifts them) and RETURN, R for a
    Wild's colour; else P (and P again to pass a card picked up)."""
    match = game.app.match
    plays = {action.split()[1] for action in match.game.legal() if action.startswith("play ")}
    board = match.board
    if match.naming_colour:
        game.press("R")
    elif match.person.deciding == "challenge":
        game.press("A")
    elif plays and board.drawn is None:
        target = next(index for index, code in enumerate(board.hand) if code in plays)
        while board.selected != target:
            game.press("RIGHT" if board.selected < target else "LEFT")
        game.press("RETURN")
    elif plays:
        game.press("RETURN")  # the card picked up
    else:
        game.press("P")


@pytest.mark.slow
def test_an_online_hand_played_with_the_keys_then_the_next_dealt_and_a_restarted_game_takes_its_seat_back(
    servers, tmp_path
):
    server = servers()
    url = f"{server.url}/keys"
    game = Online(url, {"rules": "standard", "players": 2, "people": 1}, store=open_store(tmp_path))
    game.until(lambda: game.app.scene == "table", what="the match started (one person: at once)")
    while game.app.scene == "table":
        game.until(lambda: game.app.match.waiting_for_you or game.app.scene != "table", seconds=60)
        if game.app.scene == "table":
            play_a_card_or_pick_up(game)
    game.until(lambda: game.app.scene == "hand_result", what="the hand's result")
    seat = game.app.online.session.seat
    shown = next(line for line in game.lines if " online hand 1 seen: " in line).split(" seen: ", 1)[1]
    saved = server.room_file_when("keys", lambda saved: Game.replay(saved["record"]).hand_over, what="the hand's end")
    record = Game.replay(saved["record"])
    assert shown.split(" | ") == [str(event) for event in record.view(seat).events]
    game.press("RETURN")  # ready: the only person, so the server deals at once
    game.until(lambda: game.app.scene == "table" and game.app.online.session.hand == 2, what="the next hand")
    game.until(lambda: game.app.match.timeline.idle, what="its deal")
    dealt = game.app.online.session.view
    assert dealt.hand_over is False and game.app.match.board.hand == sorted(dealt.hand, key=hand_order)
    assert game.app.match.game.card_problems() == []
    game.app.online.close()

    again = Online(url, store=open_store(tmp_path))  # the seat's token kept in the data folder
    again.until(lambda: again.app.scene == "table", what="the seat taken back")
    assert again.app.online.session.seat == seat
    view = again.app.online.session.view
    assert again.app.match.board.hand == sorted(view.hand, key=hand_order)  # your hand, as the server holds it
    assert any("The match goes on where you left it" in line for line in again.lines)  # shown as it stands
    again.app.online.close()


def test_host_shows_the_address_for_friends_and_a_friend_joining_it_starts_the_match():
    host = HeadlessApp(1)
    app, driver, lines = host.app, host.driver, host.lines
    while app.context.title.items.current != "host":
        host.press("DOWN")
    host.press("RETURN")
    server = app.context.online.hosted
    try:
        limit = time.monotonic() + 20
        while not app.online.session.room:
            assert time.monotonic() < limit, lines[-5:]
            driver.frame()
        room = app.online.session.room
        friends = server.friends_url(room)
        assert app.scene == "lobby" and friends.endswith(f":{server.port}/{room}")
        app.draw()
        assert any(f"online seat 0 in room {room}" in line for line in lines)
        # A friend on the LAN types ``friends``; the test's friend, on this machine, sends nothing beyond 127.0.0.1.
        friend = bot(server.local_url(room), "Bob", "--seed", "5")
        limit = time.monotonic() + 30
        while app.scene != "table":
            assert time.monotonic() < limit, lines[-5:]
            driver.frame()
        assert app.match.board.names == ("YOU", "BOB")  # the 1991 table of two, Bob across it
        friend.kill()
        friend.wait(10)
        app.online.close()
    finally:
        server.stop()


@pytest.mark.slow
def test_a_rejoin_sent_only_the_hands_last_events_shows_the_table_as_it_stands(servers):
    """A long hand, a lost connection, and back: the server sends the view and
    only the hand's last events (``RECENT_EVENTS``), and the table shows the
    view (your hand, the others' counts, the top card), then plays on."""
    server = servers()
    game = Online(f"{server.url}/long", {"rules": "standard", "players": 3, "people": 1})
    session = game.app.online.session
    game.play_until(lambda: len(session.events) > 2 * RECENT_EVENTS, what="a hand of many events")
    port = server.port
    server.kill()
    game.until(lambda: game.prompt == PROMPT_OFFLINE, seconds=10, what="the lost connection shown")
    servers(port=port)
    game.until(lambda: game.app.online.status == "online" and session.first_event > 0, seconds=20, what="the rejoin")
    assert len(session.events) <= RECENT_EVENTS + 10
    game.until_your_turn()
    board, view = game.app.match.board, session.view
    assert sorted(board.hand) == sorted(view.hand)
    assert board.top == view.top and board.counts[1:] == list(view.counts[1:])  # (you are seat 0 and place 0)
    moves = session.moves
    game.play_until(lambda: session.moves >= moves + 6, what="the table playing on")


def test_no_letter_of_a_room_name_the_server_makes_looks_like_another_in_the_games_font():
    def dots(letter: str) -> set[tuple[int, int]]:
        pyxel.cls(0)
        pyxel.text(0, 0, letter, 7)
        return {(x, y) for x in range(pyxel.FONT_WIDTH) for y in range(pyxel.FONT_HEIGHT) if pyxel.pget(x, y)}

    shapes = {letter: dots(letter) for letter in ROOM_LETTERS}
    for first in ROOM_LETTERS:
        for second in ROOM_LETTERS.replace(first, ""):
            assert len(shapes[first] ^ shapes[second]) >= 3, f"{first} and {second} differ by too few dots"
    assert len(dots("G") ^ dots("6")) < 3, "(the test sees the look-alikes it keeps out)"


def test_a_seat_kept_for_a_room_typed_in_one_case_is_found_typed_in_another(tmp_path):
    made_as = "ws://127.0.0.1:8765/friday"  # the server's spelling, from its welcome
    assert room_address("ws://127.0.0.1:8765/FRIDAY", "friday") == made_as, "not .../FRIDAY/friday"
    assert room_address("ws://127.0.0.1:8765/", "KX7-RPA-3WF-CDJ") == "ws://127.0.0.1:8765/KX7-RPA-3WF-CDJ"
    tokens = SeatTokens(tmp_path)
    tokens.keep(made_as, "t0k3n")
    again = SeatTokens(tmp_path)  # the game started again
    for typed in ("ws://127.0.0.1:8765/FRIDAY", "ws://127.0.0.1:8765/friday", "ws://127.0.0.1:8765/Friday"):
        assert again.get(typed) == "t0k3n", typed  # as the server finds the room: FRIDAY, then friday
    assert again.get("ws://127.0.0.1:8765/") is None and again.get("ws://127.0.0.1:8765/saturday") is None
    again.forget("ws://127.0.0.1:8765/FRIDAY")  # refused, as typed
    assert SeatTokens(tmp_path).get(made_as) is None


@pytest.mark.slow
def test_a_deadline_counts_from_when_its_message_arrived_not_from_when_a_late_table_took_it(servers):
    """A window that runs behind (a rejoin catching up) takes the server's messages
    late: the turn's deadline still counts from their arrival, as in every other window."""
    from online_server import wait_for

    from game.online.client import Client

    server = servers()
    table = {"rules": "standard", "players": 2, "people": 1, "turn_time": 30}
    client = Client(f"{server.url}/late", "ANN", None, table).start()
    try:
        wait_for(lambda: client.waiting >= 2, what="the welcome and the call for the nonces")
        client.poll()  # (its nonce goes: the deal waits for it)
        wait_for(lambda: client.waiting >= 2, what="the seats' news and the first state, not yet taken")
        time.sleep(1.0)  # the table is busy elsewhere: nothing polled for a second
        taken = time.monotonic()
        client.poll()
        session = client.session
        assert session.deadline is not None
        assert session.deadline_received < taken, "counted from its arrival, not from the late poll"
    finally:
        client.close()
