"""Rooms nobody is connected to leave the server's memory (they stay in its
store) and come back from the store as they went, so that rooms made and
left never use up the server; rooms that never started are removed after
a day; room files from before the stores are imported once; /healthz. A
real server in this process, on a free 127.0.0.1 port, with a data folder
(its SQLite store), and clients over WebSockets."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest
from in_process_server import hello, serving, until
from websockets.asyncio.client import connect

from game.online import server_rooms
from game.online.room import Room
from game.online.room_file import to_file
from game.online.room_seats import ROOM_LETTERS
from game.online.room_table import check_table
from game.online.store import open_store

TABLE = {"rules": "1991", "players": 2, "people": 2}  # two people: it waits for the second


def test_a_room_nobody_is_connected_to_is_put_away_and_comes_back_as_it_went(tmp_path):
    async def play(server, url):
        first = await hello(f"{url}/quiet", {"name": "ANN", "table": TABLE})
        await until(lambda: "quiet" not in server.keeper.rooms)
        file = server.keeper.store.load("quiet")
        back = await hello(f"{url}/quiet", {"token": first["token"]})
        bob = await hello(f"{url}/quiet", {"name": "BOB"})
        return first, file, back, bob

    first, file, back, bob = asyncio.run(serving(tmp_path, play, idle_room=0.2))
    assert first["type"] == "welcome" and file["seats"][0]["name"] == "ANN" and not file["started"]
    assert back["type"] == "welcome" and back["seat"] == 0 and back["seats"] == first["seats"]
    assert bob["type"] == "welcome" and bob["seat"] == 1  # the room as it went: its second seat still free


def test_rooms_made_and_left_do_not_use_up_the_server(tmp_path, monkeypatch):
    monkeypatch.setattr(server_rooms, "MAX_ROOMS", 3)

    async def play(server, url):
        made = [await hello(f"{url}/left{n}", {"name": "ANN", "table": TABLE}) for n in range(3)]
        full = await hello(f"{url}/one-more", {"name": "ANN", "table": TABLE})
        await until(lambda: not server.keeper.rooms)
        later = await hello(f"{url}/one-more", {"name": "ANN", "table": TABLE})
        return made, full, later

    made, full, later = asyncio.run(serving(tmp_path, play, idle_room=0.5))
    assert [answer["type"] for answer in made] == ["welcome"] * 3
    assert full["type"] == "welcome", "a room made and left is put away for it"
    assert later["type"] == "welcome"
    assert sorted(stored_names(tmp_path)) == ["left0", "left1", "left2", "one-more"]


def stored_names(data_dir) -> list[str]:
    store = open_store(data_dir, server=False)
    try:
        return store.names()
    finally:
        store.close()


def test_rooms_that_never_started_are_removed_after_a_day_and_finished_ones_kept(tmp_path, monkeypatch):
    async def play(server, url):
        await hello(f"{url}/waiting", {"name": "ANN", "table": TABLE})
        await hello(f"{url}/played", {"name": "ANN", "table": {"rules": "1991", "players": 2, "people": 1}})
        await until(lambda: not server.keeper.rooms)
        monkeypatch.setattr(server_rooms, "UNSTARTED_KEPT", -1.0)  # a day later
        server.keeper.remove_unstarted()

    asyncio.run(serving(tmp_path, play, idle_room=0.2))
    assert stored_names(tmp_path) == ["played"]  # it started (a computer in the second seat): a replay


def test_room_files_from_before_the_store_are_imported_once_and_kept_aside(tmp_path):
    rooms = tmp_path / "rooms"
    rooms.mkdir()
    old = Room("old", {**check_table(TABLE), "people": 1}, seed=5)
    old.start(0.0)
    for action in ("draw", "pass"):
        old.game.act(action)
        old.after_action(0.0)
    (rooms / "old.json").write_text(json.dumps(to_file(old)))
    (rooms / "bad.json").write_text("{not json")

    async def play(server, url):
        return server.keeper.store.load("old"), await hello(f"{url}/old", {"name": "ANN"})

    lines = []
    stored, answer = asyncio.run(serving(tmp_path, play, idle_room=0.2, log=lines.append))
    assert stored == to_file(old)
    assert answer["type"] == "error" and "over" not in answer["reason"]  # the room is there: its seat taken
    assert not rooms.exists()
    [aside] = tmp_path.glob("rooms.imported-*")
    assert (aside / "old.json").is_file() and list(aside.glob("bad.json.unreadable-*"))
    assert any("imported 1 room files" in line for line in lines)
    asyncio.run(
        serving(tmp_path, lambda server, url: asyncio.sleep(0), idle_room=0.2)
    )  # a second start imports nothing
    assert stored_names(tmp_path) == ["old"] and len(list(tmp_path.glob("rooms.imported-*"))) == 1


def test_healthz_answers_200_while_the_server_takes_rooms_and_503_while_it_stops(tmp_path):
    async def get(port: int) -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = await asyncio.wait_for(reader.read(), 5)
        writer.close()
        return answer.split(b"\r\n", 1)[0]

    async def play(server, url):
        port = int(url.rsplit(":", 1)[1])
        taking = await get(port)
        async with connect(f"{url}/busy", proxy=None) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1, "name": "ANN", "table": TABLE}))
            await ws.recv()
            stopping = asyncio.create_task(server._close_connections())  # as SIGTERM starts it
            answer = await get(port)
            await stopping
        return taking, answer

    taking, stopping = asyncio.run(serving(tmp_path, play, idle_room=0.2))
    assert taking == b"HTTP/1.1 200 OK" and stopping == b"HTTP/1.1 503 Service Unavailable"


def test_a_room_with_somebody_connected_stays(tmp_path):
    async def play(server, url):
        async with connect(f"{url}/busy", proxy=None) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1, "name": "ANN", "table": TABLE}))
            await hello(f"{url}/busy", {"name": "BOB"})  # joins, and leaves
            await asyncio.sleep(0.6)  # three times the idle time
            return "busy" in server.keeper.rooms

    assert asyncio.run(serving(tmp_path, play, idle_room=0.2))


def test_a_room_the_server_names_reads_and_types_well_and_is_found_in_any_case(tmp_path):
    async def play(server, url):
        made = await hello(f"{url}/", {"name": "ANN", "table": TABLE})
        name = made["room"]
        bob = await hello(f"{url}/{name.lower()}", {"name": "BOB"})  # typed in small letters
        await until(lambda: name not in server.keeper.rooms)  # put away: from the store, too
        back = await hello(f"{url}/{name.lower()}", {"token": made["token"]})
        chosen = await hello(f"{url}/kitchen", {"name": "CY", "table": TABLE})
        dee = await hello(f"{url}/KITCHEN", {"name": "DEE"})
        return made, bob, back, chosen, dee

    made, bob, back, chosen, dee = asyncio.run(serving(tmp_path, play, idle_room=0.2))
    groups = made["room"].split("-")
    assert [len(group) for group in groups] == [3, 3, 3, 3]
    assert set("".join(groups)) <= set(ROOM_LETTERS) and made["room"] == made["room"].upper()
    assert not set(ROOM_LETTERS) & set("O0QI1LS5Z2B8G6UV"), "no letter another looks like"
    assert bob["type"] == "welcome" and bob["room"] == made["room"] and bob["seat"] == 1
    assert back["type"] == "welcome" and back["room"] == made["room"] and back["seat"] == 0
    assert chosen["room"] == "kitchen" and dee["type"] == "welcome" and dee["room"] == "kitchen" and dee["seat"] == 1


def test_a_change_the_store_cannot_keep_is_never_answered_and_the_room_goes_on_once_it_can(tmp_path):
    """The store cannot write (here another connection holds SQLite's write
    lock, as a full disk makes every write fail): the move is refused with
    the reason, the table shows the room as the store holds it, and the same
    move is taken once the store can write again."""

    async def next_state(ws) -> dict:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 5))
            if message["type"] in ("state", "error"):
                return message

    async def play(server, url):
        async with connect(f"{url}/held", proxy=None) as ann, connect(f"{url}/held", proxy=None) as bob:
            await ann.send(json.dumps({"type": "hello", "version": 1, "name": "ANN", "table": TABLE}))
            await until(lambda: "held" in server.keeper.rooms)
            await bob.send(json.dumps({"type": "hello", "version": 1, "name": "BOB"}))
            views = {ws: await next_state(ws) for ws in (ann, bob)}
            ws = next(ws for ws, state in views.items() if state["view"]["turn"] == state["view"]["seat"])
            action = views[ws]["view"]["legal"][0]
            server.keeper.store.db.execute("PRAGMA busy_timeout = 50")
            blocker = sqlite3.connect(tmp_path / "rooms.sqlite3", isolation_level=None)
            blocker.execute("BEGIN IMMEDIATE")
            await ws.send(json.dumps({"type": "act", "action": action, "id": 1}))
            refused, shown = await next_state(ws), await next_state(ws)
            stored = server.keeper.store.load("held")
            blocker.execute("ROLLBACK")  # the store can write again
            await ws.send(json.dumps({"type": "act", "action": action, "id": 2}))
            taken = await next_state(ws)
            return refused, shown, stored, taken, server.keeper.store.load("held")

    refused, shown, stored, taken, after = asyncio.run(serving(tmp_path, play, idle_room=0.2))
    assert refused["type"] == "error" and "could not save that" in refused["reason"] and "locked" in refused["reason"]
    assert shown["type"] == "state" and shown["moves"] == stored["moves"] == 0 and "ack" not in shown
    assert taken["type"] == "state" and taken["ack"] == 2 and taken["moves"] == after["moves"] == 1


def test_a_room_the_store_holds_that_cannot_be_read_is_kept_aside_and_its_name_made_anew(tmp_path):
    async def play(server, url):
        await hello(f"{url}/broken", {"name": "ANN", "table": TABLE})
        await until(lambda: not server.keeper.rooms)
        server.keeper.store.db.execute(
            "UPDATE rooms SET state = ? WHERE name = 'broken'", ('{"version": 1',)
        )  # cut short
        told = await hello(f"{url}/broken", {"name": "BOB", "table": TABLE})
        again = await hello(f"{url}/broken", {"name": "BOB", "table": TABLE})
        return told, again, sorted(server.keeper.store.names())

    lines = []
    told, again, names = asyncio.run(serving(tmp_path, play, idle_room=0.2, log=lines.append))
    assert told["type"] == "error" and "could not be read" in told["reason"] and "kept aside" in told["reason"]
    assert again["type"] == "welcome" and again["seat"] == 0  # a new room, BOB its creator
    assert names[0] == "broken" and names[1].startswith("broken.unreadable-")
    assert any(line.startswith("room broken could not be read") for line in lines)


def test_a_stored_state_that_is_no_room_s_is_kept_aside_with_its_reason_and_export_says_why(tmp_path):
    """A state of ``[]`` or ``1e999`` planted in the database closed every hello to
    its room with 1011 and a traceback, and broke --export: it is read as any input is."""
    import subprocess
    import sys

    async def play(server, url):
        for name in ("empty", "huge"):
            await hello(f"{url}/{name}", {"name": "ANN", "table": TABLE})
        await until(lambda: not server.keeper.rooms)
        for name, state in (("empty", "[]"), ("huge", "1e999")):
            server.keeper.store.db.execute("UPDATE rooms SET state = ? WHERE name = ?", (state, name))
        export = subprocess.run(
            [sys.executable, "-m", "game.server", "--data-dir", str(tmp_path), "--export", "huge"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        told = [await hello(f"{url}/{name}", {"name": "BOB", "table": TABLE}) for name in ("empty", "huge")]
        other = await hello(f"{url}/other", {"name": "CY", "table": TABLE})
        return export, told, other

    lines: list[str] = []
    export, told, other = asyncio.run(serving(tmp_path, play, idle_room=0.2, log=lines.append))
    assert export.returncode == 1 and "room 'huge' cannot be read" in export.stderr and "Traceback" not in export.stderr
    for answer in told:
        assert (
            answer["type"] == "error" and "could not be read" in answer["reason"] and "kept aside" in answer["reason"]
        )
    assert other["type"] == "welcome", "the server serves everyone else"
    assert not any("Traceback" in line for line in lines)


def test_a_log_slot_the_server_did_not_write_is_left_out_said_once_and_the_server_starts(tmp_path):
    """Not zlib, or a zlib bomb (300 KB that unpacks to gigabytes): the server
    started on neither (``zlib.error``; 2.8 GB, then a crash). Each is left out
    with its reason, and the rooms are served."""
    import zlib

    async def first(server, url):
        return await hello(f"{url}/kept", {"name": "ANN", "table": TABLE})

    asyncio.run(serving(tmp_path, first, idle_room=0.2))
    db = sqlite3.connect(tmp_path / "rooms.sqlite3", isolation_level=None)
    bomb = zlib.compress(b"\0" * (64 << 20), 9)  # 64 MB of zeros in about 64 KB
    seqs = [seq for (seq,) in db.execute("SELECT seq FROM log WHERE seq > 0 ORDER BY seq LIMIT 2")]
    if len(seqs) < 2:  # (slots a server writes: planted where there are none yet)
        top = db.execute("SELECT coalesce(max(seq), 0) FROM log").fetchone()[0]
        seqs = [top + 1, top + 2]
        for seq in seqs:
            db.execute("INSERT INTO log (seq, batch) VALUES (?, ?)", (seq, b""))
    db.execute("UPDATE log SET batch = ? WHERE seq = ?", (b"not zlib at all", seqs[0]))
    db.execute("UPDATE log SET batch = ? WHERE seq = ?", (bomb, seqs[1]))
    db.close()

    async def again(server, url):
        return await hello(f"{url}/kept", {"name": "BOB"})

    lines: list[str] = []
    back = asyncio.run(serving(tmp_path, again, idle_room=0.2, log=lines.append))
    assert back["type"] == "welcome" and back["seat"] == 1, back
    left_out = [line for line in lines if line.startswith("log slot")]
    assert len(left_out) == 2 and all("could not be read" in line for line in left_out), lines
    assert not any("Traceback" in line for line in lines)


def test_a_log_slot_or_row_of_values_the_server_never_writes_is_kept_aside_and_every_write_after_is_kept(tmp_path):
    """A slot whose batch is text or whose seq is text stopped the server
    from starting (``TypeError``); a seq of 2**63 - 1 let it start and then
    failed every write (``OverflowError``). A room's action rows of the wrong
    types, or a room whose name is not text, likewise. Each is kept aside
    with its reason, said once, and the server starts, serves and keeps what
    it is sent."""
    one = {"rules": "1991", "players": 2, "people": 1}

    async def first(server, url):
        for name in ("kept", "textual", "blobbed"):
            await hello(f"{url}/{name}", {"name": "ANN", "table": TABLE})

    asyncio.run(serving(tmp_path, first, idle_room=0.2))
    db = sqlite3.connect(tmp_path / "rooms.sqlite3", isolation_level=None)
    top = db.execute("SELECT max(seq) FROM log WHERE typeof(seq) = 'integer'").fetchone()[0]
    db.execute("UPDATE log SET seq = ?, batch = ? WHERE slot = ?", (top + 1, "a text, not bytes", (top + 1) % 2048))
    db.execute("UPDATE log SET seq = ?, batch = ? WHERE slot = ?", ("not a number", b"", (top + 2) % 2048))
    db.execute("UPDATE log SET seq = ?, batch = ? WHERE slot = ?", (2**63 - 1, b"", (top + 3) % 2048))
    ids = dict(db.execute("SELECT name, id FROM rooms"))
    db.execute("INSERT INTO actions (room, n, action) VALUES (?, ?, ?)", (ids["textual"], "zero", "P"))
    db.execute("INSERT INTO actions (room, n, action) VALUES (?, ?, ?)", (ids["blobbed"], 0, b"P"))
    db.execute("UPDATE rooms SET name = ? WHERE name = 'kept'", (b"kept",))
    db.close()

    async def again(server, url):
        told = [await hello(f"{url}/{name}", {"name": "BOB"}) for name in ("textual", "blobbed")]
        async with connect(f"{url}/played") as ws:  # a room played: its moves written past the planted seqs
            await ws.send(json.dumps({"type": "hello", "version": 1, "name": "ANN", "table": one}))
            while (message := json.loads(await ws.recv()))["type"] != "state" or not message["view"]["legal"]:
                pass
            await ws.send(json.dumps({"type": "act", "action": message["view"]["legal"][0], "id": 1}))
            while (answer := json.loads(await ws.recv())).get("ack") != 1:
                assert answer["type"] != "error", answer
        return told, answer["moves"]

    lines: list[str] = []
    told, moves = asyncio.run(serving(tmp_path, again, idle_room=0.2, log=lines.append))
    for answer in told:
        assert answer["type"] == "error" and "kept aside" in answer["reason"], answer
    slots = [line for line in lines if line.startswith("log slot")]
    assert len(slots) == 3, lines
    assert any("batch is not bytes" in line for line in slots) and any("seq is not" in line for line in slots)
    assert any("not text" in line and "room" in line for line in lines), lines
    assert not any("Traceback" in line or "Error" in line.split(":")[0] for line in lines), lines
    stored = open_store(tmp_path, server=False)
    try:
        assert len(stored.load("played")["record"].split("\n")) > 0 and moves >= 1
        assert stored.load("played")["moves"] == moves, "every answered move was kept"
    finally:
        stored.close()
    later: list[str] = []
    asyncio.run(serving(tmp_path, lambda server, url: asyncio.sleep(0), idle_room=0.2, log=later.append))
    assert not [line for line in later if line.startswith("log slot")], "said once: the slots were laid anew"


@pytest.mark.slow
def test_memory_is_given_back_as_people_join_and_leave():
    """A rejoin by token and a new room, left, 4,000 times took a server
    from 31 to 48 MB, which it kept: every connection's transport (asyncio's
    hold a cycle) was frozen with what lives (``keep_collections_short``)
    until the next collection of everything. The server as its command runs
    it (``benchmarks/join_leave.py``, 10,000 cycles there): flat after its
    first 500 cycles."""
    from benchmarks.join_leave import TARGET_MB, growth, measure

    figures, idle = measure(1_500, 500, 0.0)
    assert growth(figures, idle) <= TARGET_MB, figures
