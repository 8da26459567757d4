"""The room stores' one contract, run over every store: memory, SQLite
(a database in a temporary folder) and PostgreSQL (a real server the
tests start: ``postgres_server``, conftest's ``postgres``); and what the SQLite store promises a
machine's other users (its files are the server's user's alone, it
follows no link, no other user can hold its lock)."""

from __future__ import annotations

import json
import os
import random
import socket
import sqlite3
import stat
import subprocess
import sys
import time

import pytest
from online_server import ROOT, bot, finish, moves_in, wait_for

from game.online.bot import Bot
from game.online.client import Client
from game.online.room import Room
from game.online.room_file import file_state, room_from_file, to_file
from game.online.room_table import check_table
from game.online.store import Change, MemoryStore, StoreError, open_store, sqlite
from game.online.store.postgresql import PostgresStore
from game.online.store.sqlite import SqliteStore

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"

BOUNDED = ("statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout")  # PostgreSQL's, on connect
TABLE = check_table({"rules": "standard", "players": 3, "people": 1, "level": "easy"})


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def opened(request, tmp_path):
    """``opened()``: the store under test, again on each call (the same rooms, but for memory)."""
    made = []
    if request.param == "postgresql":
        server = request.getfixturevalue("postgres")
        cleaner = PostgresStore(server.url)
        cleaner.db.execute("DROP TABLE IF EXISTS rooms, actions")
        cleaner.close()
    memory = MemoryStore()

    def opened():
        if made and request.param != "memory":
            made[-1].close()
        store = {
            "memory": lambda: memory,
            "sqlite": lambda: SqliteStore(tmp_path),
            "postgresql": lambda: PostgresStore(request.getfixturevalue("postgres").url),
        }[request.param]()
        made.append(store)
        return store

    opened.kind = request.param
    yield opened
    for store in made:
        store.close()


def played(moves: int, name: str = "r1") -> Room:
    """A room whose match started, with ``moves`` actions played."""
    room = Room(name, TABLE, seed=7, computer_seed=3)
    room.start(0.0)
    for _ in range(moves):
        view = room.game.view(room.game.turn)
        room.game.act(view.legal[0], seat=room.game.turn)
        room.after_action(0.0)
    return room


def state(room: Room) -> str:
    return json.dumps(file_state(room))


def test_a_room_written_in_pieces_loads_as_its_file(opened):
    store = opened()
    room = played(0)
    store.write([Change("r1", 0, room.actions(0), state(room), started=True)])
    assert store.load("r1") == to_file(room)
    for moves in (1, 5, 12):
        held = room.play.moves
        room = played(moves)
        store.write([Change("r1", held, room.actions(held), None)])
    assert opened().load("r1") == to_file(room)  # and in the store opened again
    assert room_from_file(store.load("r1") if opened.kind == "memory" else opened().load("r1"), 0.0).play.moves == 12


def test_a_new_state_replaces_the_old_one_and_no_room_is_none(opened):
    store = opened()
    room = Room("r2", TABLE, seed=1)
    store.write([Change("r2", 0, [], state(room))])
    room.seats[0].name = "ANN"
    store.write([Change("r2", 0, [], state(room))])
    assert store.load("r2")["seats"][0]["name"] == "ANN"
    assert store.load("nobody") is None


def test_a_change_that_does_not_follow_what_the_store_holds_is_refused_and_nothing_of_its_batch_kept(opened):
    store = opened()
    room = played(4)
    store.write([Change("r1", 0, room.actions(0)[:2], state(room), started=True)])
    other = Room("r3", TABLE, seed=2)
    with pytest.raises(StoreError):
        store.write([Change("r3", 0, [], state(other)), Change("r1", 3, room.actions(3), None)])  # a gap
    with pytest.raises(StoreError):
        store.write([Change("r1", 1, room.actions(1), None)])  # two actions held already
    with pytest.raises(StoreError):
        store.write([Change("r4", 0, [], None)])  # a room the store does not hold, with no state
    assert store.load("r3") is None and store.load("r1")["moves"] == 2
    store.write([Change("r1", 2, room.actions(2), None)])
    assert store.load("r1") == to_file(room)


def test_rooms_are_listed_removed_kept_aside_and_the_unstarted_found_by_age(opened):
    store = opened()
    waiting, started = Room("waiting", TABLE, seed=1), played(2, "started")
    store.write(
        [Change("waiting", 0, [], state(waiting)), Change("started", 0, started.actions(0), state(started), True)]
    )
    assert sorted(store.names()) == ["started", "waiting"]
    assert store.unstarted(time.time() + 1) == ["waiting"] and store.unstarted(time.time() - 60) == []
    aside = store.keep_aside("started", "20261202-030000")
    assert aside == "started.unreadable-20261202-030000" and store.load(aside)["moves"] == 2
    store.remove("waiting")
    store.remove("waiting")  # (nothing: it is gone)
    assert store.names() == [aside] and store.load("started") is None
    store.write([Change("started", 0, [], state(Room("started", TABLE, seed=3)))])  # the name is free again
    assert store.load("started")["moves"] == 0


def test_the_stores_are_opened_by_their_names(tmp_path, postgres):
    assert isinstance(open_store(None), MemoryStore)
    sqlite = open_store(tmp_path)
    assert isinstance(sqlite, SqliteStore) and sqlite.path == tmp_path / "rooms.sqlite3"
    sqlite.close()
    postgresql = open_store(None, postgres.url)
    assert isinstance(postgresql, PostgresStore)
    postgresql.close()
    with pytest.raises(StoreError, match="unknown store"):
        open_store(tmp_path, "mysql://x")
    with pytest.raises(StoreError, match=r"cannot use PostgreSQL at postgresql://uno@127\.0\.0\.1:1/x"):
        open_store(None, "postgresql://uno:secret@127.0.0.1:1/x")  # (its password never said)


# ----- SQLite and the machine's other users ------------------------------------------


def test_the_sqlite_store_is_for_the_servers_user_alone(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir(mode=0o755)
    store = SqliteStore(folder)
    store.write([Change("r1", 0, [], state(Room("r1", TABLE, seed=1)))])
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    files = sorted(folder.iterdir())
    assert [path.name for path in files] == ["rooms.sqlite3", "rooms.sqlite3-shm", "rooms.sqlite3-wal", "server.lock"]
    assert {path.name: stat.S_IMODE(path.stat().st_mode) for path in files} == dict.fromkeys(
        (path.name for path in files), 0o600
    )
    store.close()


def test_no_other_user_can_open_the_lock_and_a_second_server_is_refused(tmp_path):
    store = SqliteStore(tmp_path)
    with pytest.raises(StoreError, match="another table server is using"):
        SqliteStore(tmp_path)
    reader = SqliteStore(tmp_path, server=False)  # an export, beside the server: no lock
    assert reader.names() == []
    reader.close()
    if os.geteuid() == 0:  # as another user: nothing in the folder can be opened, the lock least of all
        probe = "import fcntl, sys; fcntl.flock(open(sys.argv[1]), fcntl.LOCK_SH | fcntl.LOCK_NB)"
        other = subprocess.run(
            ["runuser", "-u", "nobody", "--", sys.executable, "-c", probe, str(tmp_path / "server.lock")],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert other.returncode != 0 and "Permission denied" in other.stderr
    store.close()


@pytest.mark.parametrize("name", ["rooms.sqlite3", "rooms.sqlite3-wal", "server.lock"])
def test_a_symbolic_link_in_the_data_folder_is_never_followed(tmp_path, name):
    folder, victim = tmp_path / "data", tmp_path / "victim"
    folder.mkdir(mode=0o700)
    victim.write_bytes(b"a file of somebody else's")
    victim.chmod(0o644)
    (folder / name).symlink_to(victim)
    with pytest.raises(StoreError, match="symbolic link"):
        SqliteStore(folder)
    assert victim.read_bytes() == b"a file of somebody else's"
    assert stat.S_IMODE(victim.stat().st_mode) == 0o644  # not made the server's either


def test_a_data_folder_that_is_a_link_is_refused(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "data").symlink_to(tmp_path / "real")
    with pytest.raises(StoreError, match="symbolic link"):
        SqliteStore(tmp_path / "data")


# ----- the server on its stores ----------------------------------------------------------


def test_export_prints_a_room_while_the_server_runs(servers):
    srv = servers()
    player = bot(f"{srv.url}/shown", "Anna", "--table", json.dumps({"rules": "1991", "players": 2, "people": 1}))
    wait_for(lambda: (srv.room_file("shown") or {}).get("moves", 0) >= 5, what="five moves")
    command = [sys.executable, "-m", "game.server", "--data-dir", str(srv.data_dir), "--export"]
    exported = subprocess.run([*command, "shown"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert exported.returncode == 0, exported.stderr
    room = json.loads(exported.stdout)
    assert {"table", "seats", "moves", "over", "record"} <= set(room) and room["seats"][0]["name"] == "ANNA"
    assert room["moves"] == len(moves_in(room["record"])) >= 5
    assert srv.process.poll() is None  # (read beside it: no lock taken)
    missing = subprocess.run([*command, "nobody"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert missing.returncode == 1 and "there is no room 'nobody'" in missing.stderr
    player.kill()
    player.communicate()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_server_sigkilled_20_times_with_bots_playing_takes_back_no_move_and_every_room_reads(kind, servers, request):
    """Killed at random moments: after each kill every room reads and replays,
    and its record extends the one read at the last kill (what was stored,
    and so answered, stays); at the end each client's record is the store's."""
    options = ()
    if kind == "postgresql":
        url = request.getfixturevalue("postgres").url
        cleaner = PostgresStore(url)
        cleaner.db.execute("DROP TABLE IF EXISTS rooms, actions")
        cleaner.close()
        options = ("--store", url)
    srv = servers(*options)
    reader = open_store(srv.data_dir, options[1] if options else None, server=False)
    request.addfinalizer(reader.close)
    read = reader.load

    table = json.dumps({"rules": "standard", "players": 4, "people": 2, "level": "easy"})
    rooms, players = ["k0", "k1"], []
    # The bots' own bound counts from their start, the 20 kills and restarts included: on a
    # loaded machine those took most of 100 s once, and a bot gave up before its match ended.
    for n, room in enumerate(rooms):
        players.append(bot(f"{srv.url}/{room}", f"A{n}", "--table", table, "--seed", str(n), "--timeout", "300"))
        wait_for(lambda room=room: read(room), what="the room")
        players.append(bot(f"{srv.url}/{room}", f"B{n}", "--seed", str(n + 10), "--timeout", "300"))
    seen: dict[str, list[str]] = {room: [] for room in rooms}
    pause = random.Random(29)
    for _kill in range(20):
        if all(not (read(room) or {}).get("over") for room in rooms):  # the clients back, and playing on
            wait_for(lambda: any(len(moves_in(read(room)["record"])) > len(seen[room]) for room in rooms), 30)
        time.sleep(pause.uniform(0.0, 0.3))
        srv.kill()
        for room in rooms:
            file = read(room)
            room_from_file(file, 0.0)
            moves = moves_in(file["record"])
            assert moves[: len(seen[room])] == seen[room], f"room {room} lost stored moves"
            seen[room] = moves
        srv = servers(*options, port=srv.port)
    results = [finish(process, timeout=240) for process in players]
    for n, room in enumerate(rooms):
        final = read(room)
        assert final["over"] and results[2 * n]["record"] == results[2 * n + 1]["record"] == final["record"]
    assert sum(len(seen[room]) for room in rooms) >= 20  # each kill came after a new move: mid-match


# ----- several servers, one PostgreSQL, behind HAProxy ----------------------------------


def test_every_postgresql_connection_is_bounded_by_its_timeouts_and_keepalives_and_the_url_s_own_win(postgres):
    store = PostgresStore(postgres.url)
    url = postgres.url + "?options=-c%20statement_timeout%3D5000"
    reader = PostgresStore(url, server=False)
    try:
        for connection in (store.db, store.leases):
            shown = [connection.execute(f"SHOW {name}").fetchone()[0] for name in BOUNDED]
            assert shown == ["3s", "1s", "2s"]
            with socket.socket(fileno=os.dup(connection.pgconn.socket)) as sock:
                assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE) == 1
                assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_KEEPIDLE) == 2
                assert sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT) == 3000
        assert reader.db.execute("SHOW statement_timeout").fetchone()[0] == "5s"
    finally:
        reader.close()
        store.close()


def test_a_transaction_left_open_on_a_lapsed_lease_holds_no_other_server_s_claim(postgres):
    """A server cut off in the middle of a write leaves its transaction open,
    its locks held: another's claim of its rooms neither waits on its lease
    row (``SKIP LOCKED``) nor for long on its room (``lock_timeout``), and
    PostgreSQL ends that transaction (``idle_in_transaction_session_timeout``)."""
    cleaner = PostgresStore(postgres.url)
    cleaner.db.execute("DROP TABLE IF EXISTS rooms, actions, leases")
    cleaner.close()
    cut_off, other = PostgresStore(postgres.url), PostgresStore(postgres.url)
    room = Room("held", TABLE, seed=1)
    cut_off.write([Change("held", 0, [], state(room))])
    cut_off.leases.execute("UPDATE leases SET expires = 0 WHERE owner = %s", (cut_off.owner,))  # (lapsed)
    stuck = cut_off.db
    stuck.execute("BEGIN")
    stuck.execute("SELECT 1 FROM leases FOR SHARE")
    stuck.execute("SELECT 1 FROM rooms WHERE name = 'held' FOR UPDATE")
    try:
        start = time.monotonic()
        with pytest.raises(StoreError, match="lock"):
            other.claim("held")  # (its room's row: locked, for 1 s at most)
        assert time.monotonic() - start < 2.5
        wait_for(lambda: claimed(other, "held"), 10, what="the claim, once PostgreSQL ended the transaction")
        assert time.monotonic() - start < 6
        assert other.load("held")["moves"] == 0
    finally:
        cut_off.close()
        other.close()


def claimed(store: PostgresStore, name: str) -> bool:
    try:
        return store.claim(name)
    except StoreError:
        return False


def test_two_servers_behind_haproxy_one_sigkilled_mid_hand_its_rooms_play_on_in_the_other(postgres, servers, haproxy):
    cleaner = PostgresStore(postgres.url)
    cleaner.db.execute("DROP TABLE IF EXISTS rooms, actions, leases")
    cleaner.close()
    first, second = servers("--store", postgres.url), servers("--store", postgres.url)
    front = haproxy(first.port, second.port)
    reader = PostgresStore(postgres.url, server=False)
    table = json.dumps({"rules": "standard", "players": 2, "level": "easy"})
    rooms, players = [f"m{n}" for n in range(6)], []
    for n, room in enumerate(rooms):
        url = f"ws://127.0.0.1:{front}/{room}"
        players.append(bot(url, f"A{n}", "--table", table, "--seed", str(n), "--timeout", "120"))
        wait_for(lambda room=room: reader.load(room), what="the room")
        players.append(bot(url, f"B{n}", "--seed", str(n + 10), "--timeout", "120"))

    def moves() -> dict[str, int]:
        return {room: (reader.load(room) or {}).get("moves", 0) for room in rooms}

    wait_for(lambda: min(moves().values()) >= 10, 60, what="every room's hand under way")
    owners = dict(reader.db.execute("SELECT name, owner FROM rooms").fetchall())
    pids = {room: int(owner.split(":")[1]) for room, owner in owners.items()}
    victim, survivor = (
        (first, second) if sum(pid == first.process.pid for pid in pids.values()) >= 1 else (second, first)
    )
    moved = [room for room in rooms if pids[room] == victim.process.pid]
    assert moved and len(moved) < len(rooms)  # (the hash shares the rooms out)
    before = moves()
    victim.kill()
    killed = time.monotonic()
    wait_for(lambda: all(moves()[room] > before[room] or (reader.load(room) or {}).get("over") for room in moved), 30)
    resumed = time.monotonic() - killed
    results = [finish(process, timeout=150) for process in players]
    for n, room in enumerate(rooms):
        final = reader.load(room)
        assert final["over"] and results[2 * n]["record"] == results[2 * n + 1]["record"] == final["record"]
    owners = dict(reader.db.execute("SELECT name, owner FROM rooms").fetchall())
    assert all(int(owners[room].split(":")[1]) == survivor.process.pid for room in moved)
    reader.close()
    assert resumed < 10, f"the killed server's rooms played again after {resumed:.1f} s"


# ----- SQLite's log: the actions of every room on shared pages --------------------------


def logged(folder) -> int:
    """The entries the log's slots hold (a reader's look, beside the store)."""
    with sqlite3.connect(folder / "rooms.sqlite3") as db:
        rows = db.execute("SELECT batch FROM log WHERE seq > 0").fetchall()
    return sum(len(sqlite.decode(bytes(data))) for (data,) in rows)


def runs(folder, store) -> list[tuple[str, int, int]]:
    """The rooms' rows: (room, first action, how many)."""
    rows = store.db.execute("SELECT name, n, action FROM actions JOIN rooms ON rooms.id = room ORDER BY name, n")
    return [(name, n, action.count("\n") + 1) for name, n, action in rows.fetchall()]


def test_sqlite_keeps_actions_in_a_shared_log_and_moves_them_into_each_rooms_row_at_match_end_and_put_away(tmp_path):
    store = SqliteStore(tmp_path)
    assert store.db.execute("PRAGMA page_size").fetchone()[0] == 512 and store.commit_every == 0.02
    one, two = played(6, "one"), played(4, "two")
    store.write(
        [Change("one", 0, one.actions(0), state(one), True), Change("two", 0, two.actions(0), state(two), True)]
    )
    assert runs(tmp_path, store) == [] and logged(tmp_path) == 2  # one slot, both rooms' actions in it
    reader = SqliteStore(tmp_path, server=False)  # an export: the room's rows and its actions in the log
    assert reader.load("one") == store.load("one") == to_file(one) and reader.load("two") == to_file(two)
    one = played(9, "one")
    one.play.over = True  # (its match over: its actions, logged and new, go to its row)
    store.write([Change("one", 6, one.actions(6), state(one), True, over=True)])
    assert runs(tmp_path, store) == [("one", 0, 9)] and reader.load("one") == to_file(one)
    store.release("two")  # put away
    assert runs(tmp_path, store) == [("one", 0, 9), ("two", 0, 4)] and reader.load("two") == to_file(two)
    two = played(7, "two")
    store.write([Change("two", 4, two.actions(4), None)])
    store.close()  # a server that stops: everything in the rows
    store = SqliteStore(tmp_path)
    assert runs(tmp_path, store) == [("one", 0, 9), ("two", 0, 4), ("two", 4, 3)]
    assert store.load("two") == reader.load("two") == to_file(two)
    reader.close()
    store.close()


def test_rooms_put_away_leave_nothing_of_themselves_in_the_sqlite_stores_memory(tmp_path):
    """45,000 rooms released once kept 10.5 MB (an entry each): the store's memory
    after 2,500 rooms made and put away is what it was after 500."""
    import tracemalloc

    store = SqliteStore(tmp_path)
    room = played(3)

    def make_and_put_away(first: int, last: int) -> None:
        for number in range(first, last):
            name = f"r{number}"
            store.write([Change(name, 0, room.actions(0), state(room), started=True)])
            store.release(name)

    tracemalloc.start()
    try:
        make_and_put_away(0, 500)
        before = tracemalloc.get_traced_memory()[0]
        make_and_put_away(500, 2500)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
        store.close()
    assert grown < 100_000, f"{grown} bytes more for 2,000 more rooms put away"


def test_sqlite_moves_the_oldest_logged_actions_before_the_log_comes_round_to_them(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite, "RING", 16)  # (a log of 16 slots, the oldest moved every 4)
    monkeypatch.setattr(sqlite, "MOVE_EVERY", 4)
    store, reader = SqliteStore(tmp_path), None
    rooms = {name: played(0, name) for name in ("a", "b", "c")}
    store.write([Change(name, 0, [], state(room), True) for name, room in rooms.items()])
    reader = SqliteStore(tmp_path, server=False)
    whole = played(60, "x").actions(0)
    for turn in range(60):
        name = "abc"[turn % 3] if turn % 7 else "a"  # "a" plays most
        held = store.load(name)["moves"]
        store.write([Change(name, held, whole[held : held + 1], None)])
        for each in "abc":
            assert reader.load(each)["record"].endswith("".join(f"{a}\n" for a in whole[: reader.load(each)["moves"]]))
    assert sum(reader.load(name)["moves"] for name in "abc") == 60
    assert len(runs(tmp_path, store)) >= 3  # each room's oldest moved at least once, in bulk
    reader.close()
    store.close()


def test_a_sqlite_server_killed_leaves_its_log_and_the_next_moves_it_into_the_rooms_rows(tmp_path):
    write = (
        "import json, os, sys; from game.online.store import Change; from game.online.store.sqlite import SqliteStore;"
        "store = SqliteStore(sys.argv[1]); state = json.dumps({'header': 'h\\n'});"
        "store.write([Change('k', 0, ['one', 'two'], state)]); store.write([Change('k', 2, ['three'], None)]);"
        "os._exit(0)"  # as a SIGKILL: nothing tidied up
    )
    subprocess.run([sys.executable, "-c", write, str(tmp_path)], check=True, timeout=60, cwd=ROOT)
    assert logged(tmp_path) == 2
    store = SqliteStore(tmp_path)
    assert runs(tmp_path, store) == [("k", 0, 3)] and store.load("k")["record"] == "h\none\ntwo\nthree\n"
    store.write([Change("k", 3, ["four"], None)])
    assert store.load("k")["moves"] == 4
    store.close()


OLD_SCHEMA = """
CREATE TABLE rooms (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, state TEXT NOT NULL, started BOOLEAN NOT NULL,
    over BOOLEAN NOT NULL, changed DOUBLE PRECISION NOT NULL, owner TEXT);
CREATE TABLE actions (room BIGINT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (room, n))
    WITHOUT ROWID;
CREATE INDEX rooms_unstarted ON rooms (changed) WHERE NOT started;
"""


def test_a_sqlite_database_of_the_store_before_the_log_is_brought_up_to_date_when_a_server_opens_it(tmp_path):
    room = played(5, "old")
    with sqlite3.connect(tmp_path / "rooms.sqlite3") as db:  # the store before the log: one row an action
        db.executescript(OLD_SCHEMA)
        db.execute("INSERT INTO rooms VALUES (7, 'old', ?, 1, 0, 0.0, NULL)", (state(room),))
        db.executemany("INSERT INTO actions VALUES (7, ?, ?)", list(enumerate(room.actions(0))))
    reader = SqliteStore(tmp_path, server=False)  # (an export reads it as it is)
    assert reader.load("old") == to_file(room)
    reader.close()
    store = SqliteStore(tmp_path)
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == sqlite.VERSION
    assert store.load("old") == to_file(room)
    room = played(8, "old")
    store.write([Change("old", 5, room.actions(5), None)])
    assert store.load("old") == to_file(room)
    store.remove("old")  # the last room's id is not used again: the log names rooms by their ids
    store.write([Change("new", 0, [], state(Room("new", TABLE, seed=1)))])
    assert store.db.execute("SELECT id FROM rooms WHERE name = 'new'").fetchone()[0] == 8
    store.close()
    assert SqliteStore(tmp_path, server=False).load("new")["moves"] == 0


def test_a_server_sigkilled_right_after_a_client_was_shown_a_move_still_has_that_move(servers):
    """Group commits: the server answers a change only once its commit is
    done. Killed at random moments, the store holds every move the client
    had been shown."""
    srv = servers()
    table = {"rules": "standard", "players": 2, "people": 1, "level": "easy"}
    client = Client(f"{srv.url}/shown", "Anna", table=table).start()
    player = Bot(client.session, "easy", 5, None)
    pause = random.Random(3)
    try:
        for _kill in range(8):
            end = time.monotonic() + pause.uniform(0.3, 1.0)
            while time.monotonic() < end or not client.session.moves:
                for message in client.poll(wait=0.02):
                    for reply in player.respond(message):
                        client.send(reply)
            srv.kill()
            client.poll(wait=0.2)  # (what was on its way: sent before the kill)
            shown = client.session.moves
            assert srv.room_file("shown")["moves"] >= shown > 0, "an answered move was lost"
            srv = servers(port=srv.port)
    finally:
        client.close()
