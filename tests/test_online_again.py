"""PLAY AGAIN: a room plays its next match with the same table and people.

A room's next match starts once every person still there has said yes, or
when the creator starts it, with computers in the seats of those who left;
each match is its own record (and replay) with its own shuffle, committed
to before the people's nonces come; the creator's power passes on when the
creator leaves. First on a room itself, then on a real server with bots
playing two matches, one person leaving between them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading

import pytest
from online_server import ROOT, ServerProcess, bot, finish, quick_dir, wait_for

from game import ai
from game.online.protocol import SERVER_MESSAGES, Session, problem
from game.online.room import Room
from game.online.room_deal import MOST_MATCHES
from game.online.room_file import room_from_file, to_file
from game.online.room_match import REJOIN_WAIT
from game.online.room_table import check_table
from game.online.verify import CHECKED, Shuffle, check, pledge_of
from game.rules import Game
from game.ui.online_play import TOKENS_FILE
from game.ui.table.online_words import PROMPT_PLAY_AGAIN

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"

TABLE = check_table({"rules": "1991", "players": 2, "people": 2})
LONGER = ("--stop-after", "300")  # seconds a test server of two whole matches lives (the last --stop-after counts)


class Person:
    """A connection to a room, with its session (the client's side)."""

    def __init__(self, room: Room, name: str, token: str | None = None) -> None:
        self.room, self.session = room, Session(name, token)
        self.inbox: list[dict] = []
        self.deliver(room.join(self, self.session.hello(), 0.0))

    def deliver(self, out) -> None:
        replies = []
        for conn, message in out:
            assert problem(json.loads(json.dumps(message)), SERVER_MESSAGES) is None, message
            conn.inbox.append(message)
            conn.session.receive(message)
            replies += [(conn, reply) for reply in conn.session.take_replies()]  # (a nonce ``reveal`` asks for)
        for conn, reply in replies:
            conn.send(reply)

    def send(self, message: dict) -> None:
        self.deliver(self.room.handle(self, message, 0.0))

    def leave(self) -> None:
        self.deliver(self.room.leave(self, 0.0))

    def said(self, kind: str) -> list[dict]:
        return [message for message in self.inbox if message["type"] == kind]


def play_to_the_end(room: Room, people: list[Person]) -> None:
    """Each person plays as the easy computer would, from its own view, and asks for the next hand, until
    the match is over."""
    for _ in range(20_000):
        if room.over:
            return
        game = room.game
        if game.hand_over:
            for person in people:
                person.send({"type": "next"})
            continue
        turn = game.turn
        actor = next(p for p in people if p.session.seat == turn)
        assert actor.session.view is not None
        actor.send(actor.session.act(ai.make("easy", turn).choose(actor.session.view)))
    raise AssertionError("the match did not end")


def test_a_room_plays_again_once_everyone_here_says_yes_each_match_its_own_record_and_shuffle():
    room: Room = Room("AGAIN", TABLE)
    room.computers.delay = room.computers.react_delay = 0
    anna, ben = Person(room, "ANNA"), Person(room, "BEN")
    play_to_the_end(room, [anna, ben])
    first = anna.said("over")[-1]
    assert first["match"] == 1 and first["next_commitment"]
    commitment = first["next_commitment"]
    assert check(first["record"], first["shuffle"], anna.session.commitment, 0, anna.session.nonce, anna.session.seen)

    anna.send(anna.session.play_again())
    news = anna.said("seats")[-1]
    assert news["again"] == [0] and not anna.said("match")  # BEN has not said yes: no match yet
    told = len(ben.inbox)
    anna.send(anna.session.play_again())  # said twice: nothing more to tell anyone (its first pledge stands)
    assert len(ben.inbox) == told
    ben.send(ben.session.play_again())  # the last yes: everyone is asked for the nonce pledged, then it is dealt
    reveals = [p.said("reveal")[-1] for p in (anna, ben)]
    assert reveals[0] == reveals[1] and reveals[0]["match"] == 2
    assert reveals[0]["pledges"] == [pledge_of(anna.session.nonces[2]), pledge_of(ben.session.nonces[2])]
    assert [p.said("match")[-1]["match"] for p in (anna, ben)] == [2, 2]
    assert anna.session.match == 2 and anna.session.commitment == commitment and anna.session.record is None
    assert room.deal.shuffle is not None and room.deal.shuffle.nonces == (anna.session.nonces[2], ben.session.nonces[2])
    assert anna.session.view is not None and anna.session.view.hand  # dealt
    assert room.deal.earlier[0].record() == first["record"] and room.deal.match == 2

    play_to_the_end(room, [anna, ben])
    second = anna.said("over")[-1]
    assert second["match"] == 2 and second["record"] != first["record"]
    for person in (anna, ben):  # every seat checks the second match's shuffle, its own nonce mixed in
        session = person.session
        assert session.verdict is not None and session.verdict.line == CHECKED, session.verdict
    revealed = Shuffle.from_json(second["shuffle"])
    assert revealed.commitment == commitment and revealed.nonces is not None and all(revealed.nonces)


def test_the_creator_starts_with_a_computer_for_who_left_and_its_power_passes_when_it_leaves():
    room: Room = Room("LEFT", check_table({"rules": "standard", "players": 3, "people": 3}), seed=5)
    room.computers.delay = room.computers.react_delay = 0
    anna, ben, cat = Person(room, "ANNA"), Person(room, "BEN"), Person(room, "CAT")
    play_to_the_end(room, [anna, ben, cat])
    cat.leave()  # CAT goes home
    ben.send({"type": "start"})
    assert "only the room's creator" in ben.said("error")[-1]["reason"]
    anna.send({"type": "start"})  # ANNA, the creator, does not wait for BEN's yes
    assert room.deal.match == 2 and not room.over
    assert [seat.standin for seat in room.seats] == [False, False, True]  # a computer plays for CAT
    assert room.game.seed == 6  # a room of a fixed seed (the tests'): the next match the next seed

    back = Person(room, "CAT", token=cat.session.token)  # CAT comes back to the seat, match 2 under way
    assert back.session.seat == 2 and not room.seats[2].standin and back.session.match == 2
    play_to_the_end(room, [anna, ben, back])
    anna.leave()  # the creator goes: BEN may start now
    assert room.seating.creator == 1 and ben.said("seats")[-1]["creator"] == 1
    ben.send({"type": "start"})
    assert room.deal.match == 3


class Watcher(Person):
    def __init__(self, room: Room) -> None:
        self.room, self.session = room, Session("", watch=True)
        self.inbox = []
        self.deliver(room.watch(self, 0.0))


def test_a_watcher_follows_the_room_into_its_next_match_and_sees_no_hand_of_it():
    room: Room = Room("WATCHED", TABLE, seed=3)
    room.computers.delay = room.computers.react_delay = 0
    anna, ben = Person(room, "ANNA"), Person(room, "BEN")
    watcher = Watcher(room)
    play_to_the_end(room, [anna, ben])
    watcher.send(watcher.session.play_again())
    assert "watching this room" in watcher.said("error")[-1]["reason"]  # a watcher has no say
    anna.send(anna.session.play_again())
    ben.send(ben.session.play_again())
    news = watcher.said("match")[-1]
    assert news["match"] == 2 and not watcher.said("error")[1:]  # (a watcher pledges and reveals nothing)
    state = watcher.said("state")[-1]
    view = state["view"]
    assert state["reset"] and not view["hand"] and sum(view["counts"]) >= 14 and list(view["scores"]) == [0, 0]
    assert watcher.session.match == watcher.session.viewed_match == 2


def test_the_last_yes_can_be_a_leaving_and_a_room_plays_a_bounded_number_of_matches():
    room: Room = Room("BOUNDED", TABLE, seed=1)
    room.computers.delay = room.computers.react_delay = 0
    anna, ben = Person(room, "ANNA"), Person(room, "BEN")
    play_to_the_end(room, [anna, ben])
    anna.send(anna.session.play_again())
    ben.leave()  # the one who had not said yes leaves: everyone here has said yes
    assert room.deal.match == 2
    ben = Person(room, "BEN", token=ben.session.token)
    play_to_the_end(room, [anna, ben])
    room.deal.earlier = room.deal.earlier * (MOST_MATCHES - 1)  # as if it had played them all
    anna.send(anna.session.play_again())
    assert f"its {MOST_MATCHES} matches" in anna.said("error")[-1]["reason"] and room.over


def test_a_room_file_keeps_every_match_and_reads_back_as_it_was():
    room: Room = Room("KEPT", TABLE)
    room.computers.delay = room.computers.react_delay = 0
    anna, ben = Person(room, "ANNA"), Person(room, "BEN")
    play_to_the_end(room, [anna, ben])
    anna.send(anna.session.play_again())
    ben.send(ben.session.play_again())
    ben.send(ben.session.act(room.game.legal(room.game.turn)[0]) if room.game.turn == 1 else {"type": "back"})
    file = json.loads(json.dumps(to_file(room)))
    assert [played["record"] for played in file["earlier"]] == [room.deal.earlier[0].record()]
    assert file["moves"] == len(room.deal.earlier[0].actions) + room.play.moves and file["match"] == 2
    again = room_from_file(file, 0.0)
    assert again.deal.match == 2 and again.logged == room.logged and again.actions(0) == room.actions(0)
    assert (
        again.deal.next_shuffle is None
        and again.deal.shuffle == room.deal.shuffle
        and again.deal.earlier == room.deal.earlier
    )
    Game.replay(file["earlier"][0]["record"])  # each match its own record, a replay of its own


@pytest.fixture
def srv():  # (two whole matches take 30 s on a quiet machine: this server lives five minutes, not two)
    folder = quick_dir()
    server = ServerProcess(folder, "--computer-delay", "0.05", "--grace", "0.2", "--address-rooms", "0", *LONGER)
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


def test_two_matches_in_one_room_on_a_real_server_a_person_leaving_between_them(srv):
    url = srv.url + "/TWICE"
    table = json.dumps({"rules": "standard", "players": 3, "people": 3})
    anna = bot(url, "ANNA", "--table", table, "--seed", "1", "--matches", "2", timeout=240)
    wait_for(lambda: srv.room_file("TWICE") is not None, what="the room made")
    ben = bot(url, "BEN", "--seed", "2", "--matches", "2", timeout=240)
    cat = bot(url, "CAT", "--seed", "3", timeout=240)  # plays one match, then goes
    cat_end, anna_end, ben_end = (finish(process, timeout=250) for process in (cat, anna, ben))
    assert cat_end["left"] == "the match is over" and len(cat_end["matches"]) == 1
    for end in (anna_end, ben_end):
        assert [played["match"] for played in end["matches"]] == [1, 2], end["left"]
        assert [played["verdict"] for played in end["matches"]] == [CHECKED, CHECKED]
    first, second = (played["record"] for played in anna_end["matches"])
    assert first == cat_end["matches"][0]["record"] == ben_end["matches"][0]["record"] and first != second
    exported = subprocess.run(
        [sys.executable, "-m", "game.server", "--data-dir", str(srv.data_dir), "--export", "TWICE"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    room = json.loads(exported.stdout)
    assert [played["record"] for played in room["earlier"]] == [first] and room["record"] == second
    assert room["seats"][cat_end["seat"]]["name"] == "CAT" and room["match"] == 2  # kept for when CAT comes back


def test_the_game_plays_again_from_the_matchs_result_and_sits_at_the_next_matchs_table(tmp_path):
    """The real game, headless, back at a room whose match is over: its
    result says PLAY AGAIN; RETURN says yes, and once the other person (a
    bot) says yes too the game is at the next match's table, dealt anew."""
    table = check_table({"rules": "1991", "players": 2, "people": 2, "turn_time": 3})
    room: Room = Room("RESULT", table, seed=2)
    room.computers.delay = room.computers.react_delay = 0
    anna, ben = Person(room, "ANNA"), Person(room, "BEN")
    play_to_the_end(room, [anna, ben])
    data = tmp_path / "server"
    (data / "rooms").mkdir(parents=True)
    (data / "rooms" / "RESULT.json").write_text(json.dumps(to_file(room)))  # (imported as the server starts)
    server = ServerProcess(data, "--computer-delay", "0.05", "--grace", "0.2")
    try:
        url = f"{server.url}/RESULT"
        game_data = tmp_path / "game"
        game_data.mkdir()
        (game_data / TOKENS_FILE).write_text(json.dumps({url: anna.session.token}))
        script = tmp_path / "again.txt"
        script.write_text("wait 5\nturn 60\npress RETURN\nwait 5\npress RETURN\nwait 3000\nturn 60\nwait 10\n")
        command = [sys.executable, "-m", "game", "--headless", "--mute", "--script", str(script), "--join", url]
        game = subprocess.Popen(
            [*command, "--data-dir", str(game_data)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        said: list[str] = []
        reader = threading.Thread(target=lambda: said.extend(line.rstrip() for line in game.stdout), daemon=True)
        reader.start()
        wait_for(lambda: any(line.endswith("online seat 0 in room RESULT") for line in said), what="ANNA back")
        other = bot(url, "BEN", "--token", ben.session.token, "--matches", "2", "--seed", "4", timeout=60)
        game.wait(timeout=120)
        reader.join(10)
        other.kill()
        other.wait(10)
        out, err = "\n".join(said), game.stderr.read()
        assert game.returncode == 0, err[-2000:]
        assert any(line.endswith(f"prompt {PROMPT_PLAY_AGAIN}") for line in said), out[-3000:]
        assert any(line.endswith("online play again") for line in said), out[-3000:]
        begun = next(n for n, line in enumerate(said) if line.endswith("online match 2 in room RESULT"))
        assert any(" scene table" in line for line in said[begun:]), "the next match's table"
        assert server.room_file("RESULT")["match"] == 2
    finally:
        server.stop()


def _to_the_hands_end(room: Room, people: list[Person]) -> None:
    for _ in range(20_000):
        if room.game.hand_over:
            return
        turn = room.game.turn
        actor = next(p for p in people if p.session.seat == turn)
        actor.send(actor.session.act(ai.make("easy", turn).choose(actor.session.view)))
    raise AssertionError("the hand did not end")


def test_the_next_hand_waits_a_moment_for_a_person_whose_connection_went_and_deals_without_them_after():
    """Between hands, ANNA is ready and BOB's connection goes (or the server
    was started again and BOB is not back yet): the hand is not dealt at
    once behind his back, while his window still counts down; he is waited
    for REJOIN_WAIT, then a computer plays for him and it is dealt."""
    room: Room = Room("WAIT", TABLE, seed=3)
    room.computers.delay = room.computers.react_delay = 0
    anna, ben = Person(room, "ANNA"), Person(room, "BEN")
    _to_the_hands_end(room, [anna, ben])
    ben.leave()
    anna.send({"type": "next"})
    assert room.game.hand_over and anna.said("seats")[-1]["waiting"] == [1], "waiting for BEN"
    assert room.wakeup(0.0) == REJOIN_WAIT * room.play.grace == 10.0
    anna.deliver(room.tick(9.9))
    assert room.game.hand_over
    anna.deliver(room.tick(10.0))
    assert not room.game.hand_over and room.seats[1].standin  # dealt: a computer plays for BEN until he is back
    ben = Person(room, "BEN", token=ben.session.token)
    assert not room.seats[1].standin  # back: his seat is his again
    _to_the_hands_end(room, [anna, ben])
    anna.send({"type": "next"})
    assert room.game.hand_over and anna.said("seats")[-1]["waiting"] == [1]  # and he is waited for again
