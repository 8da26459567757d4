"""Watchers at a real table server: one comes in mid-hand and sees the
public table only, every seat is told how many watch, a watcher can
neither play nor chat, a room takes a bounded number of them, there must
be a room to watch, and a watcher of a finished match is sent its replay."""

import json
import shutil

import pytest
from online_server import ServerProcess, bot, finish, quick_dir, wait_for
from test_online_hostile import answer, join

from game.online.client import Client
from game.online.room_watchers import MOST_WATCHERS
from game.rules import WATCHER

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"

TABLE = {"rules": "standard", "players": 3, "people": 2}


@pytest.fixture
def srv():  # (one a test: a server lives two minutes, and a match to its end takes one on a busy machine)
    folder = quick_dir()
    server = ServerProcess(folder, "--computer-delay", "0.05", "--grace", "0.2", "--address-rooms", "0")
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


def watch(srv, room):
    ws = join(srv, room, {"type": "hello", "watch": True})
    return ws, answer(ws, ("welcome", "error"))


def test_a_watcher_comes_mid_hand_sees_no_card_of_any_hand_and_every_seat_counts_it(srv):
    anna = join(srv, "WATCHED", {"type": "hello", "name": "ANNA", "table": TABLE})
    answer(anna, "welcome")
    ben = bot(srv.url + "/WATCHED", "BEN", "--seed", "1", timeout=60)
    answer(anna, "state")  # the match is on
    watcher, welcome = watch(srv, "WATCHED")
    assert welcome["type"] == "welcome" and welcome["seat"] == WATCHER and "token" not in welcome
    assert welcome["watching"] == 1
    state = answer(watcher, "state")
    view = state["view"]
    assert view["seat"] == WATCHER and view["hand"] == [] and view["legal"] == [] and view["drawn"] is None
    assert sum(view["counts"]) > 0 and view["top"]  # the table is there: counts, the discard
    for kind, _, cards, *_ in state["events"]:
        assert kind not in ("draw", "reveal") or not cards, (kind, cards)
    assert answer(anna, "seats")["watching"] == 1  # ANNA's table is told

    watcher.send(json.dumps({"type": "act", "action": "draw"}))
    assert "watching this room" in answer(watcher, "error")["reason"]
    watcher.send(json.dumps({"type": "chat", "say": "OOPS"}))
    assert "watching this room" in answer(watcher, "error")["reason"]
    watcher.send(json.dumps({"type": "ping", "id": 5}))
    assert answer(watcher, "pong")["id"] == 5

    watcher.close()
    wait_for(lambda: answer(anna, "seats")["watching"] == 0, what="ANNA told the watcher went")
    anna.close()
    ben.kill()
    ben.wait(timeout=10)


def test_a_room_takes_so_many_watchers_and_refuses_the_next_with_the_reason(srv):
    anna = join(srv, "CROWDED", {"type": "hello", "name": "ANNA", "table": TABLE})
    answer(anna, "welcome")
    watchers = [watch(srv, "CROWDED")[0] for _ in range(MOST_WATCHERS)]
    one_more, refusal = watch(srv, "CROWDED")
    assert refusal["type"] == "error" and refusal["fatal"]
    assert refusal["reason"] == f"this room has as many watchers as it takes ({MOST_WATCHERS})"
    one_more.close()
    watchers.pop().close()  # one goes: there is room for one again
    again = wait_for(
        lambda: (attempt := watch(srv, "CROWDED"))[1]["type"] == "welcome" and attempt, what="a place for one more"
    )
    again[0].close()
    for ws in watchers:
        ws.close()
    anna.close()


def test_there_must_be_a_room_to_watch(srv):
    refused, refusal = watch(srv, "NOBODYHERE")
    refused.close()
    assert refusal["type"] == "error" and refusal["reason"] == "there is no room 'NOBODYHERE' to watch on this server"
    assert srv.room_file("NOBODYHERE") is None  # watching made no room


def test_a_watcher_of_a_finished_match_is_sent_its_replay_and_a_client_watches_to_the_end(srv):
    table = json.dumps({"rules": "1991", "players": 2, "people": 2})
    url = srv.url + "/FINALE"
    anna = bot(url, "ANNA", "--table", table, "--seed", "2", timeout=90)
    wait_for(lambda: srv.room_file("FINALE") is not None, what="the room")
    watcher = Client(url, "", watch=True).start()  # the game's own client, as --watch uses it
    ben = bot(url, "BEN", "--seed", "3", timeout=90)
    played = finish(anna)
    finish(ben)
    wait_for(lambda: watcher.poll() is not None and watcher.session.record is not None, what="the replay")
    assert watcher.session.seat == WATCHER and watcher.session.record == played["record"]
    assert watcher.session.view is not None and watcher.session.view.hand == ()
    watcher.close()
    late, welcome = watch(srv, "FINALE")  # after the end: the table as it ended, and the replay
    assert welcome["type"] == "welcome"
    assert answer(late, "over")["record"] == played["record"]
    late.close()
