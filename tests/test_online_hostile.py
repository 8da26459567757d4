"""Bad input at a real table server: every case gets a clear answer, and
the server and its rooms go on. Raw WebSocket clients on 127.0.0.1 send
malformed JSON, unknown messages, oversized and binary frames, floods,
actions for another seat, stolen and unknown tokens, joins to full and
finished rooms, room names that try to leave the data folder, a client
that never reads, and a hypothesis fuzz of all of it."""

import contextlib
import inspect
import json
import shutil
import socket
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from online_server import ServerProcess, quick_dir, wait_for
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from game.online.bot import play
from game.online.protocol import ECHO_LONGEST

TABLE = {"rules": "standard", "players": 2}


@pytest.fixture(scope="module")
def srv():
    folder = quick_dir()
    options = ["--computer-delay", "0", "--react-delay", "0", "--grace", "0.2", "--rate", "200"]
    server = ServerProcess(folder, *options, "--address-rooms", "0")  # (one address makes all these tests' rooms)
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


# websockets 17 would have connect() used in a with block, or told that it
# connects at once (legacy=True); 15 and 16 know no such argument.
DIRECT = {"legacy": True} if "legacy" in inspect.signature(connect).parameters else {}


def join(srv, room, hello=None, **options):
    ws = connect(f"{srv.url}/{room}", open_timeout=5, proxy=None, **DIRECT, **options)
    ws.send(json.dumps(hello or {"type": "hello", "name": "Ann", "table": TABLE}))
    return ws


def answer(ws, kind=None, timeout=5.0):
    """The next message (of ``kind``), skipping others; bounded in time."""
    end = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.01, end - time.monotonic())))
        if kind is None or message["type"] == kind or message["type"] in kind:
            return message


def alive(srv):
    with join(srv, "", {"type": "hello", "name": "Ping", "table": {"players": 2, "people": 2}}) as ws:
        assert len(answer(ws, "welcome")["room"]) == 15  # a room the server named: KX7-RPA-3WF-CDJ
        ws.send(json.dumps({"type": "ping", "id": 7}))
        assert answer(ws, "pong")["id"] == 7


@pytest.mark.parametrize("path", ["/../etc", "/a/b", "/..", "/%2e%2e%2fx", "/rooms.json/x", "/" + "a" * 65, "/a.b"])
def test_a_room_name_never_names_a_file_outside_the_data_dir(srv, path):
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{srv.url}{path}", open_timeout=5, proxy=None)
    assert refused.value.response.status_code == 404
    store = {"rooms.sqlite3", "rooms.sqlite3-wal", "rooms.sqlite3-shm", "server.lock"}
    assert {p.relative_to(srv.data_dir).as_posix() for p in srv.data_dir.rglob("*")} <= store
    alive(srv)


@pytest.mark.parametrize("table", [{"rules": []}, {"level": {}}, {"scoring": 3}, {"players": "4"}])
def test_a_table_setting_of_the_wrong_kind_gets_its_reason(srv, table):
    with join(srv, "kinds", {"type": "hello", "name": "Ann", "table": table}) as ws:
        refusal = answer(ws, "error")
    assert refusal["fatal"] and "must" in refusal["reason"], refusal
    alive(srv)


def test_malformed_and_unknown_messages_get_their_reason_and_the_connection_goes_on(srv):
    with join(srv, "bad-json") as ws:
        assert answer(ws)["type"] == "welcome"
        for frame, reason in [
            ("{", "malformed JSON"),
            ("[1, 2]", "a JSON object"),
            ('{"type": "dance"}', "unknown message type"),
            ('{"no": "type"}', "unknown message type"),
            (b"\x00\x01", "not binary"),
            ('{"type": "act", "action": "draw"}', "not started"),
            ('{"type": "hello", "name": "Again"}', "already joined"),
            ('{"type": "start", "extra": [[[[[]]]]]}', None),
            ('{"type": "act", "action": 7}', "action must be text"),
            ('{"type": "act", "action": "play Q9"}', "Q9"),
            ('{"type": "next"}', None),
        ]:
            ws.send(frame)
            if reason is not None:
                message = answer(ws, ("error", "refused"))
                assert reason in message["reason"], message
        ws.send(json.dumps({"type": "ping", "id": "still here"}))
        assert answer(ws, "pong")["id"] == "still here"


def _strict(text: str):
    """JSON as every parser reads it: NaN and Infinity are not JSON."""

    def refuse(constant):
        raise ValueError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


def test_nan_and_infinity_are_refused_on_the_way_in_never_sent_back_as_invalid_json(srv):
    with join(srv, "nan") as ws:
        assert answer(ws)["type"] == "welcome"
        for frame in (
            '{"type": "ping", "id": NaN}',
            '{"type": "ping", "id": Infinity}',
            '{"type": "ping", "id": 1e999}',
        ):
            ws.send(frame)
            reply = _strict(ws.recv(timeout=5))
            while reply["type"] not in ("error", "refused", "pong"):
                reply = _strict(ws.recv(timeout=5))
            assert reply["type"] in ("error", "refused") and "number" in reply["reason"], (frame, reply)
        ws.send(json.dumps({"type": "ping", "id": 8}))
        assert answer(ws, "pong")["id"] == 8, "the connection goes on"


def test_a_pong_echoes_only_what_a_ping_needs(srv):
    """A 4,000-digit number, 1e+308 and a lone surrogate came back in the
    pong as they were sent: each is refused with its reason now, and a
    ping's small number or short text still comes back as it went."""
    with join(srv, "echo") as ws:
        assert answer(ws)["type"] == "welcome"
        for frame in (
            '{"type": "ping", "id": ' + "9" * 4000 + "}",
            '{"type": "ping", "id": 1e+308}',
            '{"type": "ping", "id": 2.5}',
            '{"type": "ping", "id": "\\ud800"}',
            json.dumps({"type": "ping", "id": "x" * 65}),
            json.dumps({"type": "ping", "id": {"a": [1, 2, 3]}}),
        ):
            ws.send(frame)
            reply = _strict(ws.recv(timeout=5))
            while reply["type"] not in ("error", "refused", "pong"):
                reply = _strict(ws.recv(timeout=5))
            assert reply["type"] == "error" and "id must be a whole number" in reply["reason"], (frame[:60], reply)
        for sent in (2**53 - 1, -7, "ping 12", None):
            ws.send(json.dumps({"type": "ping", "id": sent}))
            assert answer(ws, "pong")["id"] == sent, "the connection goes on, and a ping's id comes back"


LOOK_ALIKES = [
    "ANNA",
    "\uff21\uff2e\uff2e\uff21",
    "anna",
    "AN\u200bNA",
    "\u202eANNA",
    "\u00c1NNA",
    "\U0001d400NNA",
    "  ANNA  ",
]


def test_names_that_read_the_same_at_a_table_are_told_apart(srv):
    """Eight people whose names all read ANNA once cleaned (fullwidth, lower case, a
    zero-width space, a right-to-left override, an accent, a mathematical bold A,
    padding): the table tells them apart, ANNA, ANNA 2 ... ANNA 8."""
    table = {"rules": "standard", "players": 8, "people": 8}
    sockets = []
    try:
        for number, name in enumerate(LOOK_ALIKES):
            hello = {"type": "hello", "name": name, **({"table": table} if number == 0 else {})}
            ws = join(srv, "alike", hello)
            sockets.append(ws)
            answer(ws, "welcome")
        seats = answer(sockets[-1], ("seats", "welcome", "match"), timeout=5)
        while "seats" not in seats or not all(seat["name"] for seat in seats["seats"]):
            seats = answer(sockets[-1], ("seats", "state", "match"), timeout=5)
        names = [seat["name"] for seat in seats["seats"]]
        assert names == ["ANNA"] + [f"ANNA {n}" for n in range(2, 9)], names
    finally:
        for ws in sockets:
            ws.close()


def test_a_message_over_the_size_limit_closes_that_connection_only(srv):
    with join(srv, "too-big") as ws:
        answer(ws, "welcome")
        ws.send(json.dumps({"type": "ping", "id": "x" * 5000}))
        with pytest.raises(ConnectionClosed) as closed:
            answer(ws, "pong")
        assert closed.value.rcvd.code == 1009
    alive(srv)


def test_a_flood_is_refused_then_cut_off(srv):
    kinds, closed = [], []
    with join(srv, "flood") as ws:

        def read():
            try:
                for text in ws:
                    kinds.append(json.loads(text))
            except ConnectionClosed as error:
                closed.append(error)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        with contextlib.suppress(ConnectionClosed):
            for n in range(1200):
                ws.send(json.dumps({"type": "ping", "id": n}))
                if n % 50 == 49:
                    time.sleep(0.02)  # ten times the rate, read as it comes
        reader.join(20)
    errors = [m["reason"] for m in kinds if m["type"] == "error"]
    assert errors and "too many messages" in errors[0], (len(kinds), closed, srv.lines[-3:])
    assert any(m["type"] == "pong" for m in kinds)
    assert closed and closed[0].rcvd.code == 1008 and closed[0].rcvd.reason == "too many messages"
    alive(srv)


def test_acting_for_another_seat_and_out_of_turn_get_the_reason(srv):
    with join(srv, "seats") as ann, join(srv, "seats", {"type": "hello", "name": "Bob"}) as bob:
        assert answer(ann, "welcome")["seat"] == 0 and answer(bob, "welcome")["seat"] == 1
        state = answer(bob, "state")
        ann_state = answer(ann, "state")
        bob.send(json.dumps({"type": "act", "action": "draw", "seat": 0}))
        assert "cannot act for another seat" in answer(bob, "refused")["reason"]
        waiting = bob if state["view"]["turn"] == 0 else ann
        waiting.send(json.dumps({"type": "act", "action": "draw"}))
        assert "turn" in answer(waiting, "refused")["reason"]
        assert ann_state["view"]["seat"] == 0


def test_stolen_unknown_and_foreign_tokens_and_full_rooms_are_refused(srv):
    with join(srv, "tokens") as ann:
        token = answer(ann, "welcome")["token"]
        with join(srv, "tokens", {"type": "hello", "token": token}) as thief:
            message = answer(thief, "error")
            assert message["fatal"] and "already connected" in message["reason"]
        with join(srv, "tokens", {"type": "hello", "token": "A" * 24}) as stranger:
            assert "holds no seat" in answer(stranger, "error")["reason"]
        with join(srv, "elsewhere", {"type": "hello", "token": token}) as foreign:
            assert "no room" in answer(foreign, "error")["reason"]
        with join(srv, "tokens", {"type": "hello", "name": "Bob"}) as bob:
            answer(bob, "welcome")
            with join(srv, "tokens", {"type": "hello", "name": "Cy"}) as late:
                assert "full" in answer(late, "error")["reason"]


@pytest.mark.slow
def test_joins_to_a_finished_room_are_refused_and_its_players_get_the_replay(srv):
    table = {"rules": "1991", "players": 2, "people": 1}
    session, _why, _ended = play(f"{srv.url}/finished", "Ann", table=table, timeout=60)
    assert session.record is not None
    with join(srv, "finished", {"type": "hello", "name": "Late"}) as late:
        assert "over" in answer(late, "error")["reason"]
    with join(srv, "finished", {"type": "hello", "token": session.token}) as back:
        assert answer(back, "welcome")["seat"] == 0
        saved = srv.room_file_when("finished", lambda saved: saved["over"], what="the match over in its file")
        assert answer(back, "over")["record"] == session.record == saved["record"]


@pytest.mark.slow
def test_a_client_that_never_reads_is_dropped_and_the_server_goes_on(srv):
    # The client stops reading once one message waits (max_queue=1) and sends within the rate limit:
    # pings whose pongs (the longest a ping's id may be) pile up past the server's write limit.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connecting: the window stays small
    sock.connect(("127.0.0.1", srv.port))
    with join(srv, "sleepy", max_queue=1, sock=sock, close_timeout=1) as ws:
        with contextlib.suppress(ConnectionClosed):
            for n in range(6000):
                ws.send(json.dumps({"type": "ping", "id": f"{n:z>{ECHO_LONGEST}}"}))
                if n % 100 == 99:
                    time.sleep(100 / 190)  # just under the server's rate (200 a second in these tests)
                if any("does not read" in line for line in srv.lines):
                    break
        wait_for(lambda: any("does not read" in line for line in srv.lines), timeout=40, what="the slow client dropped")
    alive(srv)


# ----- a fuzz over the wire ------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=10,
)
frames = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=40),
    json_values.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["hello", "act", "start", "next", "back", "ping", "x"])},
        optional={
            "action": st.text(max_size=12) | json_values,
            "seat": json_values,
            "token": json_values,
            "name": json_values,
            "table": json_values,
        },
    ).map(json.dumps),
    st.just("x" * 5000),
)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hostile=st.lists(frames, min_size=1, max_size=12), room=st.sampled_from(["fuzz", "fuzz2", ""]))
def test_the_server_survives_a_fuzz_of_hostile_frames(srv, hostile, room):
    try:
        with connect(f"{srv.url}/{room}", open_timeout=5, proxy=None) as ws:
            for frame in hostile:
                ws.send(frame)
            ws.send(json.dumps({"type": "ping", "id": "end"}))
            for _ in range(200):
                if answer(ws)["type"] == "pong":
                    break
    except (ConnectionClosed, TimeoutError):
        pass  # closed on it with a reason (too big, no hello, a refused join)
    alive(srv)
