"""JOIN and HOST on the title menu, played through the keys and the mouse
headless: an address and a name typed, checked, saved and remembered; a bad
address refused with its reason on the screen; ESCAPE keeping nothing; HOST
starting a real table server that a client joins, on a free port, freed by
``stop``; no HOST in a web page; and the screens' text fits.

Every server here listens on a free port (``conftest`` sets
``hosting.PORT = 0``), stops by itself (``hosting.LIFETIME``) and is only
ever reached at 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import time

import pytest
import pyxel
from conftest import SettingsStore
from online_server import stored_room, wait_for
from websockets.sync.client import connect

from game.online import hosting
from game.online.address import ADDRESS_LENGTH, check_address, is_address
from game.online.hosting import HostingError, LocalServer
from game.storage.files import FILENAME, Files
from game.storage.settings import Settings, Stats
from game.storage.settings_document import dump, read_document
from game.storage.store import Store
from game.ui import layout as lay
from game.ui.app import App, init_pyxel
from game.ui.device import keys
from game.ui.device.script import Driver
from game.ui.drawing import CHAR_H
from game.ui.scenes import join, letter_picker, lobby, title_menu, widgets


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


class Player:
    """An App on the title menu, driven frame by frame."""

    def __init__(self, store=None, **kwargs) -> None:
        self.lines: list[str] = []
        self.store = store if store is not None else SettingsStore()
        self.app = App(1, report=self.lines.append, store=self.store, **kwargs)
        self.driver = Driver(self.app)
        self.press("RETURN")  # past the loading screen, as a player starts
        assert self.app.scene == "title"

    def press(self, *names: str) -> None:
        for name in names:
            self.driver.frame([keys.key_code(name)])

    def type_text(self, text: str, *also: str) -> None:
        """Text as a keyboard writes it (pyxel's text input), in one frame,
        with the keys ``also`` pressed in it (as a real keyboard presses M
        when it writes an m)."""
        self.driver.frame()  # let go of the last frame's keys: pyxel moves on a frame
        pyxel.set_input_text(text)
        self.driver.frame([keys.key_code(name) for name in also])
        pyxel.set_input_text("")

    def choose(self, item: str) -> None:
        items = self.app.context.title.items
        while items.current != item:
            self.press("DOWN")
        self.press("RETURN")

    def host(self) -> None:
        """HOST, and frames until its server listens and the lobby joins it
        (the frames go on meanwhile: the lobby says it is starting)."""
        self.choose("host")
        give_up = time.monotonic() + 20
        while self.app.online is not None and self.app.online.status == lobby.STARTING:
            assert time.monotonic() < give_up, "the hosted server did not start"
            time.sleep(0.01)
            self.driver.frame()

    def to_join(self) -> join.JoinScreen:
        self.choose("join")
        assert self.app.scene == "join"
        return self.app.navigator.top.screen

    def to_item(self, item: str) -> None:
        items = self.app.navigator.top.screen.items
        while items.current != item:
            self.press("DOWN")

    def type_address(self, text: str) -> None:
        """ADDRESS: rub out what is there, type ``text``, RETURN."""
        self.to_item("address")
        self.press("RETURN")
        self.press(*["BACKSPACE"] * len(self.app.navigator.top.screen.address))
        self.type_text(text)
        self.press("RETURN")

    def type_name(self, name: str) -> None:
        self.to_item("name")
        self.press("RETURN", *["BACKSPACE"] * len(self.app.navigator.top.screen.name), *name, "RETURN")

    def said(self, prefix: str) -> list[str]:
        return [line.split(None, 1)[1] for line in self.lines if line.split(None, 1)[1].startswith(prefix)]

    def screen_text_colours(self, y: int, h: int = 6) -> set[int]:
        """The colours drawn in the rows y..y+h, across the screen."""
        self.app.draw()
        return {pyxel.screen.pget(x, row) for row in range(y, y + h) for x in range(8, lay.SCREEN_W - 8)}


# ----- the address -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "url"),
    [
        ("ws://192.168.1.20:8765/kx3Tq9aZ", "ws://192.168.1.20:8765/kx3Tq9aZ"),
        ("WSS://uno.example.org/Friday_night-2", "wss://uno.example.org/Friday_night-2"),
        ("ws://raspberrypi.local:8765/", "ws://raspberrypi.local:8765/"),
        ("ws://10.0.0.7:9000", "ws://10.0.0.7:9000/"),
        ("  ws://host/r  ", "ws://host/r"),
    ],
)
def test_a_good_address_is_taken_as_the_server_needs_it(typed, url):
    assert check_address(typed) == (url, None)
    assert is_address(url)


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "type the address your host gave you"),
        ("ws://", "has no host"),
        ("http://uno.example.org/room", "starts ws:// or wss://"),
        ("192.168.1.20:8765/room", "starts ws:// or wss://"),
        ("ws://192.168.1.20:0/room", "must be a number from 1 to 65535, not 0"),
        ("ws://192.168.1.20:/room", "not nothing"),
        ("ws://192.168.1.20:http/room", "not http"),
        ("ws://host/two/rooms", "the room after the / is 1 to 64 letters"),
        ("ws://host/" + "r" * 65, "the room after the / is 1 to 64 letters"),
        ("ws://under_score/room", "under_score is not a host"),
        ("ws://host..name/room", "is not a host"),
        ("ws://host/room?x", "no '?'"),
        ("ws://" + "h" * ADDRESS_LENGTH, f"longer than {ADDRESS_LENGTH}"),
    ],
)
def test_a_bad_address_is_refused_with_its_reason(typed, reason):
    url, problem = check_address(typed)
    assert url == "" and reason in problem
    assert is_address(typed) == (typed == ""), "the settings keep no address but a good one (or none yet)"


# ----- JOIN on the title menu ------------------------------------------------------------


def test_join_types_the_address_and_the_name_saves_them_and_asks_to_go_online():
    player = Player()
    screen = player.to_join()
    assert (screen.address, screen.name) == ("ws://", "PLAYER 1")
    player.press("RETURN")  # ADDRESS: typing
    assert screen.typing == "address"
    player.type_text("127.0.0.1:8765/Friday")
    player.type_text("_m", "M")  # a real keyboard presses M as it writes "m": that types, not the sound
    assert not player.app.context.audio.muted and player.said("setting sound") == []
    player.press("BACKSPACE")  # rubs out the m
    player.press("RETURN")
    assert screen.typing is None and screen.address == "ws://127.0.0.1:8765/Friday_"
    player.type_address("ws://127.0.0.1:8765/Friday")
    player.type_name("ANN")
    assert screen.name == "ANN"
    player.to_item("join")
    player.press("RETURN")
    url = "ws://127.0.0.1:8765/Friday"
    assert player.app.scene == "lobby"  # connecting to the table, as the lobby says
    assert (player.app.online.url, player.app.online.session.name) == (url, "ANN")
    assert player.said("online joining") == [f"online joining {url} as ann"]
    player.app.online.close()
    settings = player.store.settings
    assert (settings.join_address, settings.online_name) == (url, "ANN")


def test_a_whole_address_typed_after_the_ws_the_field_starts_with_keeps_one_scheme():
    player = Player()
    screen = player.to_join()
    player.to_item("address")
    player.press("RETURN")
    player.type_text("wss://uno.example.org/ROOM1")  # as pasted from a message
    assert screen.address == "wss://uno.example.org/ROOM1"


def test_the_address_and_name_come_back_in_the_next_run(tmp_path):
    first = Player(store=Store(Files(tmp_path)))
    first.to_join()
    first.type_address("ws://192.168.1.20:8765/kx3Tq9aZ")
    first.type_name("BOB")
    first.to_item("join")
    first.press("RETURN")
    saved = json.loads((tmp_path / FILENAME).read_text())["settings"]
    assert saved["join_address"] == "ws://192.168.1.20:8765/kx3Tq9aZ" and saved["online_name"] == "BOB"
    again = Player(store=Store(Files(tmp_path)))
    screen = again.to_join()
    assert (screen.address, screen.name) == ("ws://192.168.1.20:8765/kx3Tq9aZ", "BOB")
    again.to_item("join")
    again.press("RETURN")  # JOIN at once: the same table again
    assert (again.app.online.url, again.app.online.session.name) == ("ws://192.168.1.20:8765/kx3Tq9aZ", "BOB")
    first.app.online.close()
    again.app.online.close()


def test_the_name_starts_as_the_first_persons_and_keeps_the_people_screens_rules():
    player = Player(SettingsStore(Settings(people=2, names=("ANN", "BOB"))))
    screen = player.to_join()
    assert screen.name == "ANN"
    player.to_item("name")
    player.press("RETURN", "BACKSPACE", "BACKSPACE", "BACKSPACE")
    player.press("SPACE", "Z", "O", "E", "SPACE", "MINUS", "1", "2", "3", "4", "5", "6", "7", "8", "RETURN")
    assert screen.name == "ZOE -1234", "no space first, and nine characters at most"
    player.press("RETURN", *["BACKSPACE"] * 12, "RETURN")
    assert screen.name == "PLAYER 1", "an empty name is the default one"


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("http://192.168.1.20:8765/room", "starts ws:// or wss://"),
        ("ws://192.168.1.20:99999/room", "from 1 to 65535, not 99999"),
        ("ws://192.168.1.20:8765/a/b", "the room after the / is 1 to 64"),
    ],
)
def test_a_bad_address_is_refused_on_the_screen_and_nothing_is_saved(typed, reason):
    player = Player()
    screen = player.to_join()
    assert lay.PINK not in player.screen_text_colours(join.PROBLEM_Y)
    player.type_address(typed)
    player.to_item("join")
    player.press("RETURN")
    assert player.app.scene == "join" and reason in screen.problem
    assert player.said("join refused") == [f"join refused: {screen.problem}"]
    assert lay.PINK in player.screen_text_colours(join.PROBLEM_Y), "the reason is drawn under the explanation"
    assert player.said("sound buzz")
    assert player.store.saves == 0 and player.store.settings.join_address == ""
    assert player.app.online is None
    player.to_item("address")
    player.press("RETURN")  # typing again: the reason has gone
    assert screen.problem == "" and lay.PINK not in player.screen_text_colours(join.PROBLEM_Y)


def test_escape_leaves_the_join_screen_keeping_nothing():
    store = SettingsStore(Settings(join_address="ws://10.0.0.7:8765/old", online_name="ANN"))
    player = Player(store)
    screen = player.to_join()
    player.press("RETURN", "BACKSPACE", "BACKSPACE", "BACKSPACE")
    player.type_text("new")
    player.press("ESCAPE")  # while typing
    assert player.app.scene == "title" and store.saves == 0
    assert (store.settings.join_address, store.settings.online_name) == ("ws://10.0.0.7:8765/old", "ANN")
    assert player.app.online is None
    screen = player.to_join()
    assert screen.address == "ws://10.0.0.7:8765/old", "what was typed was not kept"
    player.type_name("BOB")
    player.press("ESCAPE")  # not typing
    assert player.app.scene == "title" and store.settings.online_name == "ANN"
    player.to_join()
    player.to_item("back")
    player.press("RETURN")
    assert player.app.scene == "title" and store.saves == 0


def test_the_mouse_types_and_joins():
    player = Player()
    screen = player.to_join()

    def click(item: str) -> None:
        x, y, w, h = screen.items.rect(screen.items.keys.index(item))
        player.driver.click(x + w // 2, y + h // 2)

    click("address")
    assert screen.typing == "address"
    player.type_text("127.0.0.1:9/Room")
    click("name")  # a click elsewhere keeps what was typed, and goes on
    assert screen.typing == "name" and screen.address == "ws://127.0.0.1:9/Room"
    player.press(*["BACKSPACE"] * 8)
    assert screen.name == ""
    click("join")
    online = player.app.online
    assert (online.url, online.session.name) == ("ws://127.0.0.1:9/Room", "PLAYER 1"), "no name: the default one"
    online.close()


# ----- HOST ------------------------------------------------------------------------------


def hello(url: str, name: str, table: dict | None = None) -> dict:
    """Join a room at ``url`` as a client does: the server's first answer."""
    message = {"type": "hello", "version": 1, "name": name}
    if table is not None:
        message["table"] = table
    with connect(url, open_timeout=5, proxy=None) as ws:
        ws.send(json.dumps(message))
        return json.loads(ws.recv(timeout=5))


def refused(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


def test_host_starts_a_real_table_server_for_the_menus_table_and_a_client_joins_it(tmp_path):
    settings = Settings(rules="standard", opponents=3, house=("stacking", "jump_in"), scoring="tally")
    store = Store(Files(tmp_path))
    store.save_settings(settings, Stats())
    player = Player(store=store)
    player.host()
    online, server = player.app.online, player.app.context.online.hosted
    url, name, table = online.url, online.session.name, online.session.table  # (the server's, once welcomed)
    port = server.port
    try:
        assert player.app.scene == "lobby"
        # The address HOST joined: the room's name follows once the server's welcome has named it
        # (the client's thread takes it as the welcome comes, before the table has read it).
        assert url.startswith(f"ws://127.0.0.1:{port}/"), url
        give_up = time.monotonic() + 20
        while online.session.room is None:  # the lobby takes the welcome
            assert time.monotonic() < give_up, "no welcome from the hosted server"
            time.sleep(0.01)
            player.driver.frame()
        assert url.removeprefix(f"ws://127.0.0.1:{port}/") in ("", online.session.room), url
        assert server.running and name == "PLAYER 1"
        menus_table = {
            "rules": "standard",
            "players": 4,
            "people": 4,
            "scoring": "tally",
            "house": ["stacking", "jump_in"],
            "level": "normal",
        }
        assert {key: table[key] for key in menus_table} == menus_table  # (and the server's turn time, once welcomed)
        hosting_line = f"hosting a table server at {server.friends_url('')} (port {server.port}, started)"
        assert player.said("hosting a table server at") == [hosting_line]
        welcome = hello(server.local_url(""), name, table)  # a room of its own (``url`` may name HOST's, taken)
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        assert welcome["table"]["rules"] == "standard" and welcome["table"]["house"] == ["stacking", "jump_in"]
        room = welcome["room"]
        wait_for(lambda: stored_room(tmp_path / "hosted", room), what="the room, in its store")
        friend = hello(server.local_url(room), "BOB")
        assert friend["type"] == "welcome" and friend["seat"] == 1 and friend["room"] == room
        lan = server.friends_url(room)
        assert lan.endswith(f":{server.port}/{room}") and not lan.startswith("ws://127.")
        assert server.pid != os.getpid() and server.running, "a process of its own"
        player.press("ESCAPE")  # leave the lobby: the server runs on, for the friends at its tables
        assert player.app.scene == "title" and server.running
        player.host()  # again, while it runs: the same server, a new room
        assert player.app.context.online.hosted is server and len(player.said("hosting")) == 1
    finally:
        player.app.online.close()
        server.stop()
    assert not server.running and refused(port)


def frames_until(player: Player, condition, what: str) -> None:
    """Frames (the lobby reads the server's messages in them) until ``condition()``, at most 20 s."""
    give_up = time.monotonic() + 20
    while not condition():
        assert time.monotonic() < give_up, f"never: {what}"
        time.sleep(0.01)
        player.driver.frame()


@pytest.mark.slow
def test_leaving_a_hosted_table_says_friends_play_on_only_when_a_friend_sat_down(tmp_path):
    """(issue 53) Leaving a table nobody else had joined, the title said the
    server ran on "for your friends while they play"."""
    from game.ui.table import narration

    player = Player(store=Store(Files(tmp_path)))
    player.host()
    server = player.app.context.online.hosted
    try:
        frames_until(player, lambda: player.app.online.session.room is not None, "the hosted room's welcome")
        player.press("ESCAPE")
        assert player.app.scene == "title" and server.running
        assert player.app.context.title.message == narration.HOSTING_ALONE
        player.host()  # the same server, a new room: a friend joins it
        online = player.app.online
        frames_until(player, lambda: online.session.room is not None, "the new room's welcome")
        assert hello(server.local_url(online.session.room), "BOB")["seat"] == 1
        frames_until(player, lambda: any(seat.get("name") == "BOB" for seat in online.session.seats), "BOB seated")
        player.press("ESCAPE")
        assert player.app.context.title.message == narration.HOSTING_ON
    finally:
        if player.app.online is not None:
            player.app.online.close()
        server.stop()


def test_host_in_a_run_that_keeps_nothing_uses_a_temporary_folder_removed_at_stop():
    player = Player()
    player.host()
    server = player.app.context.online.hosted
    player.app.online.close()
    folder = server.data_dir
    try:
        assert folder.is_dir() and hello(server.local_url("t1"), "ANN", {"players": 2})["type"] == "welcome"
        wait_for(lambda: stored_room(folder, "t1"), what="the room, in that folder's store")
    finally:
        server.stop()
    assert not folder.exists()
    player.press("ESCAPE")  # the lobby, left
    player.host()  # stopped: HOST starts another
    again = player.app.context.online.hosted
    try:
        assert again is not server and again.running
    finally:
        player.app.online.close()
        again.stop()


def test_host_that_cannot_start_says_why_under_the_menu_and_loses_nothing(tmp_path):
    (tmp_path / "hosted").write_text("a file where the rooms' folder should be")
    store = Store(Files(tmp_path))
    store.save_settings(Settings(difficulty="hard"), Stats())
    player = Player(store=store)
    player.choose("host")
    assert player.app.scene == "title" and player.app.online is None
    message = player.app.context.title.message
    assert message.startswith("cannot keep the rooms in") and str(tmp_path / "hosted") in message
    assert player.said("cannot keep the rooms in")
    assert lay.PINK in player.screen_text_colours(title_menu.FOOTER_Y), "the message is drawn under the menu"
    assert read_document((tmp_path / FILENAME).read_text()).settings.difficulty == "hard"
    player.choose("play")
    assert player.app.scene == "table", "the game goes on"


def test_host_never_holds_a_frame_while_its_server_starts(tmp_path):
    player = Player(store=Store(Files(tmp_path)))
    started = time.perf_counter()
    player.choose("host")
    chose = time.perf_counter() - started
    try:
        assert player.app.scene == "lobby" and player.app.online.status == lobby.STARTING
        assert lobby.lobby_lines(player.app.online.session, lobby.STARTING)[2] == "Starting your table server..."
        assert chose < 0.5, "the process is started, not waited for"
        give_up = time.monotonic() + 20
        while player.app.online.status == lobby.STARTING:
            assert time.monotonic() < give_up
            time.sleep(0.01)
            player.driver.frame()
        assert player.said("hosting a table server at") and player.app.context.online.hosted.running
    finally:
        player.app.online.close()
        player.app.context.online.hosted.stop()


def test_escape_while_the_server_starts_goes_back_to_the_title_and_host_again_takes_it(tmp_path):
    player = Player(store=Store(Files(tmp_path)))
    player.choose("host")
    server = player.app.context.online.hosted
    try:
        player.press("ESCAPE")
        assert player.app.scene == "title" and player.app.online is None
        player.host()  # the same server, still starting or listening by now: not a second one
        assert player.app.context.online.hosted is server and server.running
        wait_for(lambda: player.driver.frame() or player.app.online.session.room, what="the lobby's room")
    finally:
        if player.app.online is not None:
            player.app.online.close()
        server.stop()


def test_the_host_sits_under_the_first_persons_name_else_the_join_name(tmp_path):
    cases = (
        ({"people": ("ANN",)}, Settings(online_name="DOG"), "ANN"),  # --names ANN, for this run
        ({}, Settings(names=("CAT",), online_name="DOG"), "CAT"),  # typed on PEOPLE
        ({}, Settings(online_name="DOG"), "DOG"),  # none typed: the name given at JOIN
    )
    servers = []
    try:
        for run, settings, name in cases:
            store = Store(Files(tmp_path))
            store.save_settings(settings, Stats())
            player = Player(store=store, **run)
            player.host()  # the first game's server, found running by the next
            servers.append(player.app.context.online.hosted)
            player.app.online.close()
            assert player.app.online.session.name == name
        assert [server.found for server in servers] == [False, True, True]
        assert len({server.pid for server in servers}) == 1
    finally:
        servers[0].stop()


def test_a_host_on_the_fallback_port_never_shows_connection_lost(monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        monkeypatch.setattr(hosting, "PORT", taken.getsockname()[1])
        player = Player()
        player.host()
        server, online = player.app.context.online.hosted, player.app.online
        try:
            assert server.port != hosting.PORT
            shown = []
            give_up = time.monotonic() + 20
            while not online.session.room and time.monotonic() < give_up:
                player.driver.frame()
                shown.append(lobby.lobby_lines(online.session, online.status)[2])
                time.sleep(0.005)
            assert online.session.room and online.status == "online"
            assert lobby.STATUS["offline"] not in shown, shown
        finally:
            online.close()
            server.stop()


def test_a_taken_port_gives_another_and_stop_frees_it():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = LocalServer(None, port=port).start()
        try:
            assert server.port != port and any("is taken" in line for line in server.lines)
            assert hello(server.local_url("r"), "ANN")["type"] == "welcome"
        finally:
            server.stop()
    assert server.port is None and not server.running
    again = LocalServer(None, port=0).start()
    port = again.port
    again.stop()
    assert refused(port)
    third = LocalServer(None, port=port).start()  # the very port, free again
    try:
        assert third.port == port
    finally:
        third.stop()


def test_a_server_that_cannot_listen_raises_a_clear_error():
    server = LocalServer(
        None, port=0, bind="192.0.2.123"
    )  # an address of no interface here: bind fails, nothing is sent
    with pytest.raises(HostingError, match="cannot host: cannot listen on the network"):
        server.start()
    assert not server.running and not server.data_dir.exists()
    with pytest.raises(HostingError, match="not running"):
        server.local_url("")


def test_the_tests_servers_take_a_free_port_and_stop_by_themselves():
    assert hosting.PORT == 0 and hosting.LIFETIME is not None
    server = LocalServer(None, lifetime=0.5).start()
    port = server.port
    wait_for(lambda: not server.running, what="the server's own stop")
    assert refused(port) and not server.data_dir.exists()
    server.stop()


@pytest.mark.slow
def test_the_server_stops_by_itself_once_its_game_is_gone_and_nobody_is_connected(tmp_path):
    """Its owner (the game named in ``owner``) is gone: it runs on while a
    friend is connected, and stops ``linger`` seconds after the last leaves."""
    folder = tmp_path / "hosted"
    server = LocalServer(folder, linger=0.5).start()
    try:
        (folder / hosting.OWNER_FILE).write_text("999999999")  # no such process
        with connect(server.local_url("r"), open_timeout=5, proxy=None) as friend:
            friend.send(json.dumps({"type": "hello", "version": 1, "name": "BOB"}))
            friend.recv(timeout=5)
            time.sleep(1.5)  # three times the linger, with somebody connected
            assert server.running
        wait_for(lambda: not server.running, what="the server's own stop")
        assert "the game that started it is gone: stopping" in server.lines[-1]
        assert not (folder / hosting.SERVER_FILE).exists() and stored_room(folder, "r") is not None
    finally:
        server.stop()


def test_a_page_has_join_but_no_host():
    web = Player(platform="emscripten")
    assert "join" in web.app.context.title.items.keys and "host" not in web.app.context.title.items.keys
    desktop = Player(platform="linux")
    keys_ = desktop.app.context.title.items.keys
    assert keys_.index("join") == keys_.index("people") + 1 and keys_.index("host") == keys_.index("join") + 1
    assert keys_[-2:] == ["replays", "quit"]


# ----- how soon the lobby shows ---------------------------------------------------------------


@pytest.mark.slow
def test_a_join_on_localhost_shows_the_lobby_within_the_target_at_a_windows_pace():
    """Three games, each headless but paced as a window (pyxel keeps the GIL
    between frames), join a real server at ws://localhost: the room shows
    in the lobby well within a third of a second (each frame's spare time
    goes to the connection: without it, 0.4 to 0.5 s)."""
    from benchmarks import join

    times = join.measure(3)
    assert statistics.median(times) < join.TARGET_S, times


# ----- the settings ------------------------------------------------------------------------


def test_the_settings_leave_out_an_unchanged_address_and_name_and_check_them():
    assert "join_address" not in dump(Settings(), Stats()) and "online_name" not in dump(Settings(), Stats())
    kept = Settings(join_address="ws://10.0.0.7:8765/r", online_name="ANN")
    assert read_document(dump(kept, Stats())).settings == kept
    for field, value in (("join_address", "http://x/y"), ("join_address", 7), ("online_name", "ann!")):
        with pytest.raises(ValueError, match=field):
            Settings(**{field: value})
        document = json.loads(dump(kept, Stats()))
        document["settings"][field] = value
        reading = read_document(json.dumps(document))
        assert reading.partial and f"settings.{field}=" in reading.problem
        assert getattr(reading.settings, field) == "" and reading.settings.difficulty == "normal"
    assert Settings(names=("ANN",)).player_name == "ANN" and Settings().player_name == "PLAYER 1"


# ----- what the screen shows fits ------------------------------------------------------------


def test_every_line_of_the_join_screen_fits():
    from test_layout import centred_box, inside, no_overlaps, text_box

    screen_box = (4, 4, lay.SCREEN_W - 8, lay.SCREEN_H - 8)  # inside the frame
    screen = join.JoinScreen("ws://" + "a" * (ADDRESS_LENGTH - 5), "PLAYER 10"[:9])
    items = screen.items
    longest = {
        "address": join.LABELS["address"] + join._tail(screen.address, join._room_for("address") - 1) + "_",
        "name": join.LABELS["name"] + "W" * 9 + "_",
        "join": "JOIN",
        "watch": "WATCH",
        "back": "BACK",
    }
    for index, key in enumerate(items.keys):
        x, y, w, h = items.rect(index)
        assert inside(text_box(x + 10, y + 1, longest[key]), (x, y, w, h)), key
    boxes = {key: items.rect(index) for index, key in enumerate(items.keys)}
    for i, line in enumerate(join.EXPLAINED):
        boxes[f"explained {i}"] = centred_box(lay.CX, join.EXPLAINED_Y + 9 * i, line)
    problem = check_address("ws://" + "h" * 60 + ":99999/room")[1]
    lines = widgets.fit_lines(problem, join.PROBLEM_CHARS, join.PROBLEM_LINES)
    assert " ".join(widgets.fit_lines(join.NO_ROOM_TO_WATCH, join.PROBLEM_CHARS, join.PROBLEM_LINES)).split() == (
        join.NO_ROOM_TO_WATCH.split()
    ), "WATCH's reason, whole"
    for i, line in enumerate(lines):
        boxes[f"problem {i}"] = centred_box(lay.CX, join.PROBLEM_Y + 9 * i, line)
    boxes["hint"] = centred_box(lay.CX, 176, letter_picker.TYPING_HINT)
    assert no_overlaps(boxes) == []
    assert all(inside(box, screen_box) for box in boxes.values())


@pytest.mark.parametrize("desktop", [True, False])
@pytest.mark.parametrize("saved", [True, False])
@pytest.mark.parametrize("partners", [False, True])
def test_the_title_menu_fits_above_the_bottom_lines_with_a_gap(desktop, saved, partners):
    menu = title_menu.TitleMenu(can_quit=desktop, title_art=True, can_host=desktop)
    menu.can_continue = saved
    menu.partners = partners  # (standard UNO)
    assert len(menu.items.keys) == 13 + 2 * desktop + saved + partners  # JOIN, KEYS; HOST and QUIT on the desktop
    last = menu.items.rect(len(menu.items.keys) - 1)
    assert last[1] + last[3] + 4 <= title_menu.CREDIT_Y, "clear of the credit line"
    assert menu.heading_y >= 2 + 3, "the heading is on the screen, clear of the frame's line (y = 2)"
    assert menu.heading_y + CHAR_H + 4 <= menu.items.y, "the heading is clear of the items"
    labels = [title_menu.JOIN_LABEL, title_menu.HOST_LABEL]
    assert all(len(label) * 4 + 10 <= title_menu.MENU_W for label in labels)
