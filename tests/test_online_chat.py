"""Quick chat at a real table server: a saying reaches everyone in the
room and nobody outside it, is never free text, is held to its allowance,
and leaves the match and the room's file as they were."""

import json
import shutil
import time

import pytest
from online_server import ServerProcess, bot, quick_dir, wait_for
from test_online_hostile import answer, join

from game.online import chat

TABLE = {"rules": "standard", "players": 3, "people": 3}
PAIR = {"rules": "standard", "players": 2, "people": 2}


@pytest.fixture(scope="module")
def srv():
    folder = quick_dir()
    server = ServerProcess(folder, "--computer-delay", "0", "--grace", "0.2", "--address-rooms", "0")
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


def seated(srv, room, names=("ANNA", "BEN", "CLEO"), table=TABLE):
    """Everyone of ``names`` joined to ``room`` (the first makes it with ``table``), each welcomed."""
    sockets = []
    for name in names:
        ws = join(srv, room, {"type": "hello", "name": name, "table": table})
        welcome = answer(ws, "welcome")
        assert welcome["room"] == room or not room
        sockets.append(ws)
    return sockets


def chats(ws, timeout=5.0):
    """The next chat message this connection is sent."""
    return answer(ws, ("chat",), timeout)


def test_a_saying_reaches_everyone_in_the_room_the_sender_too_and_no_other_room(srv):
    anna, ben, cleo = seated(srv, "CHATROOM")
    (other,) = seated(srv, "OTHERROOM", ("DAN",))
    anna.send(json.dumps({"type": "chat", "say": "GOOD LUCK"}))
    for ws in (anna, ben, cleo):
        assert chats(ws) == {"type": "chat", "seat": 0, "say": "GOOD LUCK"}
    cleo.send(json.dumps({"type": "chat", "say": "WOW"}))  # an emote: a picture by its name
    assert chats(anna)["seat"] == 2 and chats(ben)["say"] == "WOW"
    other.send(json.dumps({"type": "ping", "id": 1}))
    assert answer(other, ("pong", "chat"))["type"] == "pong"  # nothing of the other room's chat came first
    for ws in (anna, ben, cleo, other):
        ws.close()


@pytest.mark.parametrize(
    "say, reason",
    [
        ("HELLO", "say one of GOOD GAME"),
        ("good game", "say one of GOOD GAME"),
        ("A" * 200, "say must be text of at most"),
        (7, "say must be text"),
    ],
)
def test_only_the_fixed_sayings_go(srv, say, reason):
    (anna,) = seated(srv, "", ("ANNA",))
    anna.send(json.dumps({"type": "chat", "say": say}))
    refusal = answer(anna, ("error", "chat"))
    assert refusal["type"] == "error" and refusal["reason"].startswith(reason) and not refusal.get("fatal")
    anna.send(json.dumps({"type": "chat", "say": "THANKS"}))  # the connection goes on
    assert chats(anna)["say"] == "THANKS"
    anna.close()


@pytest.mark.slow
def test_a_seat_past_its_allowance_is_refused_then_may_say_more(srv):
    anna, ben = seated(srv, "CHATTY", ("ANNA", "BEN"))
    for _ in range(chat.BURST + 2):
        anna.send(json.dumps({"type": "chat", "say": "HURRY UP"}))
    answers = [answer(anna, ("chat", "error")) for _ in range(chat.BURST + 2)]
    assert [message["type"] for message in answers] == ["chat"] * chat.BURST + ["error"] * 2
    assert answers[-1]["reason"] == chat.REFUSED
    got = [chats(ben) for _ in range(chat.BURST)]
    assert all(message == {"type": "chat", "seat": 0, "say": "HURRY UP"} for message in got)
    ben.send(json.dumps({"type": "chat", "say": "OOPS"}))  # another seat's allowance is its own
    assert chats(anna) == {"type": "chat", "seat": 1, "say": "OOPS"} == chats(ben)
    time.sleep(chat.EVERY + 0.2)  # (a token comes back after EVERY seconds: the allowance is in time)
    anna.send(json.dumps({"type": "chat", "say": "NICE ONE"}))
    assert chats(ben)["say"] == "NICE ONE"
    anna.close()
    ben.close()


def test_a_chat_is_no_move_and_the_room_file_never_holds_one(srv):
    sockets = seated(srv, "QUIETFILE")
    answer(sockets[0], "state")  # (the match has started: three people, three seats)
    before = wait_for(lambda: srv.room_file("QUIETFILE"), what="the room's file")
    sockets[1].send(json.dumps({"type": "chat", "say": "GOOD GAME"}))
    assert chats(sockets[0])["say"] == "GOOD GAME"
    sockets[0].send(json.dumps({"type": "ping", "id": 2}))
    answer(sockets[0], "pong")
    after = srv.room_file("QUIETFILE")
    assert after["moves"] == before["moves"]
    assert "GOOD GAME" not in json.dumps(after)
    for ws in sockets:
        ws.close()


@pytest.mark.slow
def test_a_chatty_bot_says_its_sayings_in_turn_at_its_pace(srv):
    (anna,) = seated(srv, "BOTCHAT", ("ANNA",), PAIR)
    bob = bot(srv.url + "/BOTCHAT", "BOB", "--chat-every", "0.5", "--seed", "0", timeout=20)
    heard = [chats(anna, timeout=10) for _ in range(3)]
    assert [message["seat"] for message in heard] == [1, 1, 1]
    assert [message["say"] for message in heard] == list(chat.SAYINGS[1:4])
    anna.close()
    bob.kill()
    bob.wait(timeout=10)
