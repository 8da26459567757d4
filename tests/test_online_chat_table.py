"""Quick chat in the real game, headless, against a real table server on
127.0.0.1: a saying chosen with Q, the arrows and RETURN reaches the other
person; theirs shows by their panel with its sound; while the strip is
open it takes the keys; the in-match menu mutes a person; an offline table
has no chat at all."""

import json

import pytest
import pyxel
from conftest import HeadlessApp
from test_online_hostile import answer, join
from test_online_table import Online

from game.online import chat
from game.ui import layout as lay
from game.ui.app import init_pyxel
from game.ui.table.quick_chat import BUBBLE_FRAMES, BUBBLE_H, STRIP_Y, bubble_anchor, own_box, strip_xs

TABLE = {"rules": "standard", "players": 2, "people": 2}


@pytest.fixture(autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def at_the_table(servers, room):
    """ANN in the game and BOB on a raw connection, their match dealt."""
    server = servers()
    game = Online(f"{server.url}/{room}", TABLE)
    game.until(lambda: game.app.scene == "lobby" and game.app.online.session.room == room, what="the lobby")
    bob = join(server, room, {"type": "hello", "name": "BOB"})
    assert answer(bob, "welcome")["seat"] == 1
    game.until(lambda: game.app.scene == "table" and game.app.match.timeline.idle, what="the deal")
    return game, bob


def white_share(x, y, w=40, h=BUBBLE_H):
    """How much of the screen at x, y (a bubble's size) is white."""
    pixels = [pyxel.pget(x + i, y + j) for i in range(w) for j in range(h)]
    return pixels.count(lay.WHITE) / len(pixels)


def bob_hears(bob):
    return answer(bob, ("chat",), timeout=10)


def test_a_saying_goes_both_ways_and_shows_by_the_panel_with_its_sound(servers):
    game, bob = at_the_table(servers, "CHATTABLE")
    bob.send(json.dumps({"type": "chat", "say": "GOOD LUCK"}))
    assert bob_hears(bob)["say"] == "GOOD LUCK"  # his own copy: it went round
    game.until(lambda: "chat BOB: GOOD LUCK" in " ".join(game.lines), what="BOB's saying")
    assert any(line.endswith("sound chat") for line in game.lines)
    x, y = bubble_anchor(1, 2)  # BOB, across the table of two: under his count
    assert white_share(x, y) > 0.6  # the bubble
    game.wait(BUBBLE_FRAMES)
    assert white_share(x, y) < 0.3  # a moment, then gone

    game.press("Q")
    assert game.app.match is not None and game.match.link.chat.open
    assert pyxel.pget(2, STRIP_Y + 1) != lay.TABLE_COLOUR  # the strip is drawn over the hand
    selected = game.match.board.selected
    game.press("RIGHT", "RIGHT")  # NICE ONE, then OOPS: the strip's arrows, not the hand's
    assert game.match.board.selected == selected
    game.press("LEFT", "RETURN")
    assert bob_hears(bob) == {"type": "chat", "seat": 0, "say": "NICE ONE"}
    assert not game.match.link.chat.open  # a saying said closes the strip
    game.until(lambda: "chat YOU: NICE ONE" in " ".join(game.lines), what="your own saying, sent round")
    bob.close()


def test_a_tap_on_your_own_panel_opens_the_strip_and_a_tap_on_a_saying_says_it(servers):
    """A phone's virtual gamepad has no shoulder button: a click or a tap opens the quick chat."""
    game, bob = at_the_table(servers, "CHATTAP")
    x, y, w, h = own_box(2)
    scene = game.app.scene
    game.driver.click(x + w // 2, y + h // 2)
    assert game.match.link.chat.open and game.app.scene == scene  # the tap opened the strip, nothing else
    thanks = chat.SAYINGS.index("THANKS")
    game.driver.click(strip_xs()[thanks] + 2, STRIP_Y + 16)
    assert bob_hears(bob) == {"type": "chat", "seat": 0, "say": "THANKS"}
    assert not game.match.link.chat.open
    bob.close()


def test_with_the_strip_open_escape_closes_it_and_opens_no_menu(servers):
    game, bob = at_the_table(servers, "CHATKEYS")
    game.press("Q")
    game.press("ESCAPE")
    assert not game.match.link.chat.open and game.app.scene == "table"
    game.press("ESCAPE")  # closed: ESCAPE is the menu's again
    assert game.app.scene == "paused"
    bob.close()


def test_the_strip_and_the_last_messages_are_never_open_together(servers):
    """Both sit over the hand row: Q with the last messages showing (H) closes them."""
    game, bob = at_the_table(servers, "CHATHISTORY")
    game.press("H")
    assert game.match.show_history
    game.press("Q")
    assert game.match.link.chat.open and not game.match.show_history
    game.press("H")  # the strip takes the keys while open: the messages stay closed
    assert not game.match.show_history
    bob.close()


def test_the_in_match_menu_mutes_a_person_and_shows_them_again(servers):
    game, bob = at_the_table(servers, "CHATMUTE")
    game.press("ESCAPE")
    assert game.app.scene == "paused"
    game.press("UP", "RETURN")  # the last item: CHAT OF BOB
    assert any(line.endswith("chat of BOB muted") for line in game.lines)
    game.press("ESCAPE")  # back to the table
    bob.send(json.dumps({"type": "chat", "say": "HURRY UP"}))
    game.until(lambda: "chat muted BOB: HURRY UP" in " ".join(game.lines), what="BOB's muted saying")
    assert not game.match.link.chat.bubbles and not any(line.endswith("sound chat") for line in game.lines)
    game.press("ESCAPE", "UP", "RETURN", "ESCAPE")
    assert any(line.endswith("chat of BOB shown") for line in game.lines)
    bob.send(json.dumps({"type": "chat", "say": "GRR"}))
    game.until(lambda: "chat BOB: GRR" in " ".join(game.lines), what="BOB shown again")
    bob.close()


def test_the_strip_waits_past_the_allowance_and_sends_nothing_more(servers):
    game, bob = at_the_table(servers, "CHATFAST")
    for _ in range(chat.BURST):
        game.press("Q", "RETURN")
    game.press("Q", "RETURN")  # one too many: the strip stays open and says wait
    link = game.match.link
    assert link.chat.open and link.chat.waiting
    said = [bob_hears(bob) for _ in range(chat.BURST)]
    assert all(message["say"] == chat.SAYINGS[0] for message in said)
    bob.send(json.dumps({"type": "ping", "id": 3}))
    assert answer(bob, ("pong", "chat"))["type"] == "pong"  # nothing more was sent
    bob.close()


def test_an_offline_table_has_no_quick_chat():
    game = HeadlessApp(1)
    game.press("RETURN")  # PLAY on the title: the 1991 game
    game.wait(60)
    assert game.app.scene in ("table", "handover")
    before = [line for line in game.lines if "chat" in line]
    game.press("Q", "RETURN")
    assert [line for line in game.lines if "chat" in line] == before == []
    game.press("ESCAPE")
    assert game.app.scene == "paused"
    assert not any(key.startswith("chat") for key in game.app.navigator.top.screen.items.keys)


def test_a_saying_shows_by_the_panel_of_its_seat_seen_from_yours(servers):
    server = servers()
    bob = join(server, "CHATROUND", {"type": "hello", "name": "BOB", "table": {**TABLE, "players": 3}})
    assert answer(bob, "welcome")["seat"] == 0  # BOB made the room: ANN takes seat 1
    game = Online(f"{server.url}/CHATROUND")
    game.until(lambda: game.app.scene == "table" and game.app.match.timeline.idle, what="the deal")
    bob.send(json.dumps({"type": "chat", "say": "OOPS"}))
    game.until(lambda: "chat BOB: OOPS" in " ".join(game.lines), what="BOB's saying")
    place = (0 - 1) % 3  # seat 0 seen from seat 1: the last place round the table
    assert white_share(*bubble_anchor(place, 3), w=21) > 0.6
    assert white_share(*bubble_anchor(1, 3), w=21) < 0.3  # not by the computer's panel
    bob.close()
