"""A valid room of a very long record (100,000 moves) held every other
room 240 ms at its first hello, while the server replayed it. It is read
in a thread of its own now: another room's answers keep coming meanwhile."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from in_process_server import serving, until
from websockets.asyncio.client import connect

from game.online import server_rooms
from game.online.room import Room
from game.online.room_file import file_state
from game.online.room_table import check_table
from game.online.store import Change, open_store

MOVES = 100_000
WAITING = {"rules": "1991", "players": 2, "people": 2}


def plant_a_long_room(data_dir) -> None:
    """A room whose one hand has gone on for ``MOVES`` moves (everyone
    draws rather than play), kept in the store as the server keeps rooms."""
    room: Room = Room("long", check_table({"rules": "standard", "players": 2, "people": 1}), seed=4, computer_seed=9)
    room.join("conn", {"type": "hello", "name": "ann"}, 0.0)
    room.start(0.0)
    game = room.game
    for _ in range(MOVES):
        legal = game.legal(game.turn)
        game.act(next((a for a in legal if a.startswith(("draw", "pass"))), legal[0]), seat=game.turn)
    room.play.moves = MOVES
    store = open_store(data_dir)
    try:
        state = json.dumps(file_state(room), separators=(",", ":"))
        store.write([Change("long", 0, room.actions(0), state, started=True)])
    finally:
        store.close()


@pytest.mark.slow
def test_another_room_is_answered_while_a_long_room_is_read(tmp_path):
    plant_a_long_room(tmp_path)

    async def play(server, url):
        async with connect(f"{url}/quick", proxy=None) as quick, connect(f"{url}/long", proxy=None) as long:
            await quick.send(json.dumps({"type": "hello", "version": 1, "name": "ANN", "table": WAITING}))
            while json.loads(await asyncio.wait_for(quick.recv(), 5))["type"] != "welcome":
                pass
            round_trips: list[float] = []
            began = time.perf_counter()
            await long.send(json.dumps({"type": "hello", "version": 1, "watch": True}))
            watching = asyncio.create_task(long.recv())
            while not watching.done():  # ANN's pings, one at a time, while the long room is read
                sent = time.perf_counter()
                await quick.send(json.dumps({"type": "ping", "id": len(round_trips)}))
                while json.loads(await asyncio.wait_for(quick.recv(), 5))["type"] != "pong":
                    pass
                round_trips.append(time.perf_counter() - sent)
                await asyncio.sleep(0.005)
            read_in = time.perf_counter() - began
            first = json.loads(await watching)
        await until(lambda: "long" in server.keeper.rooms)
        return round_trips, read_in, first, server.keeper.rooms["long"].logged

    lines: list[str] = []
    round_trips, read_in, first, logged = asyncio.run(serving(tmp_path, play, log=lines.append))
    assert first["type"] in ("welcome", "state"), first  # the watcher is in
    assert logged == MOVES and "room long read from the store (100000 moves)" in lines
    assert len(round_trips) >= 3, (round_trips, read_in)  # ANN was answered while it was read
    assert max(round_trips) < max(0.1, read_in / 3), (max(round_trips), read_in)  # never held for the reading


def test_a_long_room_that_is_no_room_is_kept_aside_as_a_short_one_is(tmp_path, monkeypatch):
    """Read in the thread, a room that turns out not to be one is kept aside
    with its reason, and its hello told why, as at once."""
    monkeypatch.setattr(server_rooms, "LONG_RECORD", 0)  # (every room read in the thread)

    async def first(server, url):
        async with connect(f"{url}/broken", proxy=None) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1, "name": "ANN", "table": WAITING}))
            await asyncio.wait_for(ws.recv(), 5)

    asyncio.run(serving(tmp_path, first))
    store = open_store(tmp_path)
    try:
        store.db.execute("UPDATE rooms SET state = replace(state, '\"computer_seed\":', '\"computer_seed\":-')")
    finally:
        store.close()

    async def again(server, url):
        async with connect(f"{url}/broken", proxy=None) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1, "name": "BOB"}))
            return json.loads(await asyncio.wait_for(ws.recv(), 5)), sorted(server.keeper.store.names())

    told, names = asyncio.run(serving(tmp_path, again))
    assert told["type"] == "error" and "could not be read" in told["reason"] and "kept aside" in told["reason"], told
    assert names[0].startswith("broken.unreadable-"), names
