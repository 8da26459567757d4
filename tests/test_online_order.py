"""An online table when messages come late, together or not at all: the
real ``OnlineMatch`` and a real ``Room`` in one process, joined by a
loopback client that delivers the room's answers only when the test says,
so that every order of arrival a network can give is played out exactly
(the real WebSocket client is tested end to end in test_online_table.py)."""

import time

import pytest
from online_loopback import Loopback, table

from game.online.protocol import Session
from game.online.room import Room
from game.online.room_file import room_from_file, to_file
from game.online.room_table import check_table
from game.rules import Game
from game.storage.saves import now
from game.ui.app import init_pyxel
from game.ui.device.audio import Audio
from game.ui.online_play import ended_date
from game.ui.seats.computers import THINK_FRAMES
from game.ui.table.board import hand_order
from game.ui.table.match import TableSettings
from game.ui.table.narration import MATCH_WAS_OVER
from game.ui.table.online_match import CATCH_UP_MOST, MOST_BEHIND, RESULT_FRAMES, OnlineMatch
from game.ui.table.online_words import PROMPT_CLOSED, PROMPT_OFFLINE, PROMPT_PLAYED_FOR_YOU, online_seating
from game.ui.table.panels import marked


@pytest.fixture(autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def frames(match: OnlineMatch, count: int, keys=()) -> None:
    for _ in range(count):
        match.update(list(keys))


def test_the_online_table_routes_the_servers_messages_by_type_from_the_protocols_table():
    """One handler a message type the table shows, each a type of
    ``protocol.py``'s server messages (a misspelt one would never be
    called); the others the session alone takes (the next match's news, a
    reveal, a pong, a saying: read from the session after)."""
    from game.online.protocol import SERVER_MESSAGES

    _, _, match, _ = table()
    assert set(match.link._handlers) <= set(SERVER_MESSAGES)
    assert set(SERVER_MESSAGES) - set(match.link._handlers) == {"match", "reveal", "pong", "chat"}


def test_u_pressed_again_while_your_catch_is_on_its_way_is_said_not_a_crash():
    room, client, match, _lines = table()
    room.game._exposed = 1  # the computer played to one card without calling UNO
    client.deliver(room.broadcast(client.now))
    frames(match, 200)
    assert client.session.view.exposed == 1
    client.late = True  # the server's answer is slow
    match.update(["U"])
    assert client.sent[-1]["action"] == "catch" and match.remote.in_flight is not None
    match.update(["U"])  # again, at once
    assert "on its way" in match.board.news
    client.arrive()
    frames(match, 5)
    assert match.remote.in_flight is None


def test_a_hand_dealt_while_the_table_still_shows_the_last_shows_its_result_first():
    room, client, match, lines = table(rules="1991", seed=5)
    frames(match, 200)
    room.seats[0].standin = True  # you are away: the computer plays your seat
    for _ in range(4000):
        if room.game.hand_over:
            break
        client.tick()
    assert room.game.hand_over
    client.tick(room.table["turn_time"] + 1)  # the server deals the next hand once the turn time is up
    assert room.game.hand_number == 2 and client.inbox[-1]["hand"] == 2
    scenes = []
    for _ in range(2000):
        match.update([])
        scenes.append(match.scene)
        if client.session.hand == 2:
            break
    assert "hand_result" in scenes, "the last hand's result was shown"
    assert scenes.count("hand_result") >= RESULT_FRAMES - 1, "for a moment, before the hand the server dealt"
    assert any(line.startswith("result ") for line in lines)
    assert not any("goes on where you left it" in line for line in lines)
    frames(match, 200)
    assert match.scene == "table" and match.board.scores == tuple(client.session.view.scores)


def test_back_from_a_lost_connection_into_a_new_hand_the_table_is_shown_as_it_stands():
    room, client, match, lines = table(rules="1991", seed=5)
    frames(match, 200)
    client.late = True  # nothing more arrives: the connection is going
    room.seats[0].standin = True
    for _ in range(4000):
        if room.game.hand_over:
            break
        client.tick()
    client.tick(room.table["turn_time"] + 1)
    client.drop_and_rejoin()  # what was on its way is lost; the rejoin brings the new hand whole
    client.late = False
    client.arrive()
    frames(match, 300)
    assert client.session.hand == 2 and match.scene == "table"
    assert any("goes on where you left it" in line for line in lines)
    assert match.board.hand == sorted(client.session.view.hand, key=hand_order)


def test_an_action_lost_with_the_connection_does_not_hold_your_keys():
    _room, client, match, _lines = table()
    for _ in range(3000):
        if match.waiting_for_you:
            break
        match.update([])
        client.tick(0.05)
    assert match.waiting_for_you
    client.late = True
    match.update(["P"])  # sent, and the connection goes with its answer
    assert match.remote.in_flight is not None
    client.drop_and_rejoin()
    client.late = False
    client.arrive()
    frames(match, 3)
    assert match.remote.in_flight is None, "the rejoin says where the table is"


def test_the_1991_games_illegal_wild_draw_four_goes_to_the_server_and_is_penalised():
    for seed in range(2000):
        game = Game("1991", 2, seed=seed)
        if game.turn == 0 and "W+4" in game.hands[0] and not any(a.startswith("play W+4") for a in game.legal(0)):
            break
    room, _client, match, _lines = table(rules="1991", seed=seed)
    assert room.game.turn == 0
    match.remote.act("play W+4 R")  # as the 1991 program lets you, though you hold the colour
    frames(match, 3)
    assert room.game.record().splitlines()[-1] == "play W+4 R"
    assert any(event.kind == "penalty" for event in room.game.view(0).events)


def test_a_computer_playing_for_you_is_said_and_any_key_takes_your_seat_back():
    room, client, match, _lines = table()
    frames(match, 100)
    room.seats[0].standin = True  # as when your turn time runs out, or your window was killed (issue 53)
    client.deliver(room.seat_news())
    frames(match, 2)
    assert match.board.prompt == PROMPT_PLAYED_FOR_YOU
    assert match.board.prompt.startswith("Away or out of time:"), "not 'Your time ran out' to a host whose window died"
    match.update(["LEFT"])
    assert {"type": "back"} in client.sent and not room.seats[0].standin
    frames(match, 2)
    assert match.board.prompt != PROMPT_PLAYED_FOR_YOU


def test_no_pip_while_a_computer_plays_your_turns_and_the_pip_again_once_you_are_back():
    room, client, match, lines = table(sound=False)
    frames(match, 200)
    room.seats[0].standin = True  # your turn time ran out
    client.deliver(room.seat_news())
    frames(match, 2)
    away = len(lines)
    turns_shown = 0
    for _ in range(40):
        client.tick()
        frames(match, 40)
        turns_shown += match.board.turn == 0
        if room.game.hand_over:
            break
    assert turns_shown and room.game.record().count("\n") > 10, "the computer played your turns"
    assert "sound pip" not in lines[away:], "no pip: the table does not wait for you"
    while room.game.turn == 0 and not room.game.hand_over:
        client.tick()
    match.update(["LEFT"])  # back: your seat is yours
    for _ in range(40):
        if match.waiting_for_you or room.game.hand_over:
            break
        client.tick()
        frames(match, 40)
    assert room.game.hand_over or "sound pip" in lines[away:]


def test_moves_that_arrive_together_are_shown_one_after_another_with_a_computers_pause():
    played: list[str] = []

    def notice(text: str) -> None:
        if text.startswith("card ") and " plays " in text:
            played.append(text)

    room, client, match, _lines = table(log=notice)
    frames(match, 200)
    room.seats[0].standin = True  # the server's computers play both seats, as fast as they may
    client.deliver(room.seat_news())
    while room.game.record().count("\nplay ") < 6 and match.behind < MOST_BEHIND:
        client.tick(0.01)  # several moves, all in the inbox before the next frame
    assert room.game.record().count("\nplay ") >= 6
    still, pauses = 0, []  # before each card played, how long the table had been still
    for _ in range(1500):
        before = len(played)
        match.update([])
        if len(played) > before:
            pauses.append(still)
        still = still + 1 if match.timeline.idle else 0
    # one after another, with a computer's pause; the table behind the
    # server shortens it (see CATCH_UP), never to nothing
    assert len(pauses) >= 3 and min(pauses[1:]) >= THINK_FRAMES // CATCH_UP_MOST - 1, pauses
    assert max(pauses[1:]) >= THINK_FRAMES - 1, pauses


def test_a_due_fanfare_that_must_wait_does_not_wake_the_room_at_once():
    room = Room("r", check_table({"rules": "royal", "players": 2, "people": 1}), seed=4, computer_seed=9)
    room.join("conn", {"type": "hello", "name": "ann"}, 0.0)
    room.play.scepter.run = room.play.scepter.length  # due
    room.game._exposed = 0  # ... while a missed UNO call may still be caught
    now = 100.0
    room.tick(now)
    assert "fanfare" not in room.game.record()
    wake = room.wakeup(now)
    assert wake is None or wake > now, "nothing to do until the next action: no spinning"


def test_the_scepter_stands_still_while_the_room_is_empty():
    room = Room("r", check_table({"rules": "royal", "players": 2, "people": 1}), seed=4, computer_seed=9)
    welcome = room.join("conn", {"type": "hello", "name": "ann"}, 0.0)[0][1]
    room.tick(10.0)
    ran = room.play.scepter.run
    assert 9.9 <= ran <= 10.0
    room.leave("conn", 10.0)
    room.tick(300.0)  # nobody there
    room.join("again", {"type": "hello", "token": welcome["token"]}, 600.0)  # back ten minutes later
    room.tick(601.0)
    assert room.play.scepter.run == pytest.approx(ran + 1.0), "only the second since ANN came back counts"


def test_an_extra_turn_gets_the_rooms_whole_turn_time():
    room = Room("r", check_table({"rules": "1991", "players": 2, "people": 1}), seed=1, computer_seed=1)
    room.join("ann", {"type": "hello", "name": "ann"}, 0.0)
    assert room.game.turn == 0 and "play YS" in room.game.legal(0)
    turn_time = room.table["turn_time"]
    late = turn_time - 4  # ANN thinks for most of her turn
    assert room.play.deadline_left(late) == pytest.approx(4)
    room.handle("ann", {"type": "act", "action": "play YS", "id": 1}, late)
    assert room.game.turn == 0, "a 1991 Skip: ANN plays again"
    assert room.play.deadline_left(late) == pytest.approx(turn_time), "the whole turn time again, not 4 s"
    drawn = "draw"
    room.handle("ann", {"type": "act", "action": drawn, "id": 2}, late + 10)
    if room.game.turn == 0:  # a drawn card she may play: the same turn, the same clock
        assert room.play.deadline_left(late + 10) == pytest.approx(turn_time - 10)


def two_people(turn_time: float = 30):
    """A room of two people, ANN and BOB, each with a client, and ANN's table."""
    table = check_table({"rules": "standard", "players": 2, "people": 2, "turn_time": turn_time})
    room = Room("r", table, seed=3, computer_seed=3)
    room.computers.delay = room.computers.react_delay = 0
    ann, bob = Loopback(room, "ANN"), Loopback(room, "BOB")
    ann.mates = bob.mates = [ann, bob]
    ann.join()
    bob.join()
    ann.poll()
    lines: list[str] = []
    audio = Audio(False, lines.append, music=False)
    match = OnlineMatch(ann, TableSettings(audio, lines.append, lambda s: None, "normal"))
    return room, ann, bob, match, lines


def play_out_the_hand(room: Room, ann: Loopback, match: OnlineMatch) -> None:
    """The server's computers play both seats to the hand's end; then both people are back."""
    for seat in room.seats:
        seat.standin = True
    for _ in range(4000):
        if room.game.hand_over:
            break
        ann.tick(0.05)
        match.update([])
    assert room.game.hand_over and not room.game.match_over
    for seat in room.seats:
        seat.standin = False
    ann.deliver(room.seat_news())
    for _ in range(3000):
        match.update([])
        if match.scene == "hand_result":
            return
    raise AssertionError("the hand's result was never shown")


def test_a_connection_lost_at_the_end_of_the_hand_is_said_not_a_countdown_to_a_deal_that_will_not_come():
    room, ann, _bob, match, lines = two_people(turn_time=30)
    play_out_the_hand(room, ann, match)
    match.update([])
    assert match.board.prompt.startswith("Press RETURN for the next hand: it is dealt in ")
    ann.status = "offline"  # the server has gone (SIGKILL): the client is trying again
    frames(match, 1)
    assert match.board.prompt == PROMPT_OFFLINE
    assert lines[-1].endswith(PROMPT_OFFLINE), "the news line says it too (not an old 'Connected again')"
    ann.status = "closed"
    frames(match, 1)
    assert match.board.prompt == PROMPT_CLOSED
    ann.status = "online"
    frames(match, 1)
    assert match.board.prompt.startswith("Press RETURN for the next hand")


def test_a_hands_result_says_when_the_next_is_dealt_and_whom_it_waits_for():
    room, ann, bob, match, _lines = two_people(turn_time=30)
    play_out_the_hand(room, ann, match)
    match.update([])
    assert match.board.prompt.startswith("Press RETURN for the next hand: it is dealt in ")
    seconds = int(match.board.prompt.split(" dealt in ")[1].split()[0])
    assert 0 < seconds <= 30
    match.go_on()  # RETURN (the App's)
    assert {"type": "next"} in ann.sent and room.game.hand_number == 1, "BOB is not ready: no deal yet"
    ann.poll()
    frames(match, 2)
    assert match.board.prompt.startswith("The next hand in ") and match.board.prompt.endswith(": waiting for BOB")
    assert room.play.waiting() == [1]
    bob.send({"type": "next"})  # BOB is ready too: the server deals
    assert room.game.hand_number == 2
    assert room.play.waiting() == []


def test_the_next_hand_is_dealt_when_the_time_shown_runs_out():
    room, ann, _bob, match, _lines = two_people(turn_time=30)
    play_out_the_hand(room, ann, match)
    assert room.play.deadline_left(ann.now) is not None
    ann.tick(room.play.deadline_left(ann.now) - 0.1)
    assert room.game.hand_number == 1, "not a moment before"
    ann.tick(0.2)
    assert room.game.hand_number == 2, "dealt, ready or not"


def test_a_table_of_people_only_is_not_dealt_by_the_computer():
    _room, _ann, _bob, match, lines = two_people()
    frames(match, 30)
    assert any(line == "message 7 cards are dealt to each player" for line in lines), lines[:20]
    assert not any("computer deals" in line for line in lines)
    _room, _client, match, lines = table()
    frames(match, 30)
    assert "message The computer deals 7 cards each" in lines


def test_another_persons_turn_timer_says_whose_turn_it_is():
    room, ann, _bob, match, _lines = two_people(turn_time=30)
    for _ in range(300):
        match.update([])
        if room.game.turn == 1 and match.timeline.idle:
            break
        if match.waiting_for_you:
            match.update(["P"])  # ANN picks up: BOB's turn comes
            frames(match, 60)
            if match.waiting_for_you:
                match.update(["RETURN"] if match.board.drawn else ["P"])
    assert room.game.turn == 1, "BOB's turn"
    frames(match, 5)
    assert match.board.prompt.startswith("BOB's turn: ") and match.board.prompt.endswith(" s left to play")
    ann.session.deadline_received -= 10  # ten seconds later, by this machine's clock
    match.remote.news()
    frames(match, 2)
    seconds = int(match.board.prompt.split(": ")[1].split()[0])
    assert 15 <= seconds <= 20, "it counts down"


def test_a_person_whose_connection_went_is_marked_and_said_and_names_keep_their_number():
    room, ann, bob, match, lines = two_people()
    frames(match, 30)
    bob.poll()  # (his token)
    ann.deliver(room.leave(bob.conn, ann.now))  # BOB's connection goes
    frames(match, 2)
    assert match.board.names[1] == "BOB (OFF)"
    assert any("BOB's connection has gone: a computer plays their turns" in line for line in lines)
    room.seats[1].standin = True
    bob.conn = object()
    bob.join()  # back, with his token: the room gives his seat back
    ann.deliver(room.seat_news())
    frames(match, 2)
    assert match.board.names[1] == "BOB" and any("BOB is back at the table" in line for line in lines)
    seats = [
        {"name": "PLAYER 1", "kind": "person", "connected": True, "standin": True},
        {"name": "PLAYER 2", "kind": "person", "connected": False, "standin": True},
        {"name": "ANNABELLE SMITHS", "kind": "person", "connected": True, "standin": True},
        {"name": "YOURSELF", "kind": "person", "connected": True, "standin": False},
    ]
    seating = online_seating(seats, 3)
    assert seating.names == ("PLAYER 1", "PLAYER 2", "ANNABELLE SMITHS", "YOU")  # as the messages say them
    shown = tuple(marked(name, mark) for name, mark in zip(seating.names, seating.marks, strict=True))
    assert shown == ("PLAYER1 (CPU)", "PLAYER2 (OFF)", "ANNABEL (CPU)", "YOU")  # as the panels show them


def test_a_computer_playing_for_a_person_is_said_in_plain_words_not_as_a_cpu_mark():
    room, ann, bob, match, lines = two_people()
    frames(match, 30)
    ann.deliver(room.leave(bob.conn, ann.now))  # BOB's connection goes: the server's computer plays for him
    for _ in range(400):
        if room.game.turn == 1:
            break
        room.seats[0].standin = True  # (the server plays ANN's turns too, until it is BOB's)
        ann.tick(0.05)
        match.update([])
    room.seats[0].standin = False
    ann.deliver(room.seat_news())
    for _ in range(600):  # the table shows the moves that led to BOB's turn
        if match.game.turn == 1 and match.timeline.idle:
            break
        frames(match, 1)
    assert room.game.turn == 1 and match.game.turn == 1
    assert match.board.prompt == "A computer plays for BOB..."
    assert not any("(CPU)'s turn" in line or "(OFF)'s turn" in line for line in lines)
    for _ in range(600):  # the computer plays BOB's turn: the message bar names him as he is named
        if any(line.startswith("message BOB ") for line in lines):
            break
        ann.tick(0.05)
        match.update([])
    assert any(line.startswith("message BOB ") for line in lines), lines[-8:]
    assert not any("(OFF)" in line or "(CPU)" in line for line in lines if line.startswith("message ")), lines


def test_a_finished_match_rejoined_is_over_not_going_on_and_its_end_is_dated():
    room, client, _match, _lines = table(rules="1991", seed=5)
    room.seats[0].standin = True
    room.game.scores = [0, 490]  # the computer needs a few points more
    for _ in range(20000):
        if room.over:
            break
        client.tick(30)
    assert room.over
    over = room.over_message()
    assert isinstance(over["ended"], float) and abs(over["ended"] - time.time()) < 60
    assert room_from_file(to_file(room), 0.0).over_message()["ended"] == over["ended"], "kept in the room's file"
    assert ended_date(over) == now(over["ended"]) and ended_date({"ended": "soon"}) == now()
    room.leave(client.conn, client.now)
    later: list[str] = []
    back = Loopback(room)
    back.session = client.session  # ANN's, with her seat's token
    back.join()
    back.poll()
    audio = Audio(False, later.append, music=False)
    OnlineMatch(back, TableSettings(audio, later.append, lambda s: None, "normal", as_it_stands=True))
    assert any(MATCH_WAS_OVER in line for line in later)
    assert not any("goes on where you left it" in line for line in later)


def test_a_seats_message_whose_waiting_is_not_a_list_of_seats_waits_for_nobody():
    session = Session("ANN")
    for waiting, kept in (("x", []), (None, []), ([1, "2", None, 3], [1, 3]), (7, [])):
        session.receive({"type": "seats", "seats": [], "waiting": waiting})
        assert session.waiting == kept
