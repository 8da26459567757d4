"""A room read back from its file (or from any store) is checked as any
input is: a file nested too deep, with a scepter restarted millions of
times, or with fields of the wrong kind is a ``BadRoomFile`` with its
reason, read in a moment; at a real server its hello is told why and the
file is kept aside."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import time

import pytest
from websockets.asyncio.client import connect

from game.online import server as table_server
from game.online.room import BadRoomFile, Room, check_table

ROYAL = check_table({"rules": "royal", "players": 3, "people": 1})


def a_royal_room_file() -> dict:
    room = Room("crown", ROYAL, seed=4, computer_seed=9)
    room.join("conn", {"type": "hello", "name": "ann"}, 0.0)
    room.start(0.0)
    for _ in range(5):
        seat = room.game.turn
        room.game.act(room.game.legal(seat)[0], seat=seat)
        room.after_action(1.0)
    return json.loads(json.dumps(room.to_file()))


def test_a_room_file_comes_back_as_it_was_written():
    data = a_royal_room_file()
    room = Room.from_file(data, 5.0)
    assert room.to_file() == data


@pytest.mark.parametrize("restarts", [3_000_000, 30_000_000])
def test_a_scepter_restarted_millions_of_times_is_refused_at_once(restarts):
    data = a_royal_room_file()
    data["scepter"][2] = restarts
    began = time.perf_counter()
    with pytest.raises(BadRoomFile, match="fanfares"):
        Room.from_file(data, 5.0)
    assert time.perf_counter() - began < 1.0


def test_json_nested_too_deep_is_a_bad_room_file_not_a_recursion_error():
    with pytest.raises(BadRoomFile, match="not JSON"):
        Room.from_text("[" * 200_000 + "]" * 200_000, 0.0)
    data = a_royal_room_file()
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    data["seats"][0]["name"] = nested
    with pytest.raises(BadRoomFile):
        Room.from_file(data, 0.0)


def change(path: str, value):
    def changed(data: dict) -> dict:
        data = copy.deepcopy(data)
        *keys, last = path.split(".")
        target = data
        for key in keys:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
        return data

    return changed


@pytest.mark.parametrize(
    "mutate",
    [
        change("room", "../etc"),
        change("computer_seed", 10**5000),
        change("moves", True),
        change("moves", 4),
        change("started", "yes"),
        change("record", ["play R5"]),
        change("table.players", 4),
        change("seats.0.kind", "ghost"),
        change("seats.0.token_sha256", "../../x"),
        change("seats", {}),
        change("scepter", [1, 2]),
        change("scepter", [1.0, 1e9, 0]),
        change("scepter", [-1.0, 60.0, 0]),
        change("scepter.2", 1.5),
        lambda data: {**data, "record": data["record"].replace("players 3", "players 2")},
        lambda data: [data],
    ],
)
def test_a_room_file_of_the_wrong_kind_is_a_bad_room_file_with_its_reason(mutate):
    with pytest.raises(BadRoomFile) as bad:
        Room.from_file(mutate(a_royal_room_file()), 0.0)
    assert str(bad.value)


def test_a_name_written_before_names_kept_to_the_font_is_made_one():
    data = change("seats.0.name", "ZOË")(a_royal_room_file())
    assert Room.from_file(data, 0.0).seats[0].name == "ZOE"


def test_a_hello_to_a_room_whose_file_is_nested_too_deep_is_told_why(tmp_path):
    said: list[str] = []
    (tmp_path / "rooms").mkdir()
    (tmp_path / "rooms" / "deep.json").write_text("[" * 100_000 + "]" * 100_000)

    async def hello(url: str) -> dict:
        async with connect(url, proxy=None) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1, "name": "ANN", "table": {"players": 2}}))
            return json.loads(await asyncio.wait_for(ws.recv(), 5))

    async def run():
        server = table_server.Server(tmp_path, log=said.append)
        ready = asyncio.get_running_loop().create_future()
        running = asyncio.create_task(server.run("127.0.0.1", 0, stop_after=30, ready=ready.set_result))
        try:
            url = await asyncio.wait_for(ready, 10)
            return await hello(f"{url}/deep"), await hello(f"{url}/deep")
        finally:
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running

    told, again = asyncio.run(run())
    assert told["type"] == "error" and told["fatal"], told
    assert "could not be read" in told["reason"] and "kept aside" in told["reason"]
    assert again["type"] == "welcome"  # the name is free again: its file is aside
    assert [path.name.startswith("deep.json.unreadable") for path in (tmp_path / "rooms").glob("deep.json.*")] == [True]
    assert not any("Traceback" in line for line in said)
