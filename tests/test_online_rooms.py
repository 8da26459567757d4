"""Rooms nobody is connected to leave the server's memory (their files stay
on the disk) and come back from their file as they went, so that rooms
made and left never use up the server: a real server in this process, on a
free 127.0.0.1 port, with a data folder, and clients over WebSockets."""

from __future__ import annotations

import asyncio
import contextlib
import json

from websockets.asyncio.client import connect

from game.online import server as table_server
from game.online.room import ROOM_LETTERS

TABLE = {"rules": "1991", "players": 2, "people": 2}  # two people: it waits for the second


async def with_server(tmp_path, play, idle_room: float = 0.2):
    server = table_server.Server(tmp_path, log=lambda text: None, idle_room=idle_room)
    ready = asyncio.get_running_loop().create_future()
    running = asyncio.create_task(server.run("127.0.0.1", 0, stop_after=30, ready=ready.set_result))
    try:
        return await asyncio.wait_for(play(server, await ready), 20)
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running


async def hello(url: str, message: dict) -> dict:
    """Say hello, and return the answer: a welcome or an error."""
    async with connect(url, proxy=None) as ws:
        await ws.send(json.dumps({"type": "hello", "version": 1, **message}))
        while True:
            answer = json.loads(await asyncio.wait_for(ws.recv(), 5))
            if answer["type"] in ("welcome", "error"):
                return answer


async def until(condition, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out")


def test_a_room_nobody_is_connected_to_is_put_away_and_comes_back_as_it_went(tmp_path):
    async def play(server, url):
        first = await hello(f"{url}/quiet", {"name": "ANN", "table": TABLE})
        await until(lambda: "quiet" not in server.rooms)
        file = json.loads((tmp_path / "rooms" / "quiet.json").read_text())
        back = await hello(f"{url}/quiet", {"token": first["token"]})
        bob = await hello(f"{url}/quiet", {"name": "BOB"})
        return first, file, back, bob

    first, file, back, bob = asyncio.run(with_server(tmp_path, play))
    assert first["type"] == "welcome" and file["seats"][0]["name"] == "ANN" and not file["started"]
    assert back["type"] == "welcome" and back["seat"] == 0 and back["seats"] == first["seats"]
    assert bob["type"] == "welcome" and bob["seat"] == 1  # the room as it went: its second seat still free


def test_rooms_made_and_left_do_not_use_up_the_server(tmp_path, monkeypatch):
    monkeypatch.setattr(table_server, "MAX_ROOMS", 3)

    async def play(server, url):
        made = [await hello(f"{url}/left{n}", {"name": "ANN", "table": TABLE}) for n in range(3)]
        full = await hello(f"{url}/one-more", {"name": "ANN", "table": TABLE})
        await until(lambda: not server.rooms)
        later = await hello(f"{url}/one-more", {"name": "ANN", "table": TABLE})
        return made, full, later

    made, full, later = asyncio.run(with_server(tmp_path, play, idle_room=0.5))
    assert [answer["type"] for answer in made] == ["welcome"] * 3
    assert full["type"] == "error" and "no room for more rooms" in full["reason"]
    assert later["type"] == "welcome"
    assert sorted(path.name for path in (tmp_path / "rooms").glob("*.json")) == [
        "left0.json",
        "left1.json",
        "left2.json",
        "one-more.json",
    ]


def test_a_room_with_somebody_connected_stays(tmp_path):
    async def play(server, url):
        async with connect(f"{url}/busy", proxy=None) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1, "name": "ANN", "table": TABLE}))
            await hello(f"{url}/busy", {"name": "BOB"})  # joins, and leaves
            await asyncio.sleep(0.6)  # three times the idle time
            return "busy" in server.rooms

    assert asyncio.run(with_server(tmp_path, play))


def test_a_room_the_server_names_reads_and_types_well_and_is_found_in_any_case(tmp_path):
    async def play(server, url):
        made = await hello(f"{url}/", {"name": "ANN", "table": TABLE})
        name = made["room"]
        bob = await hello(f"{url}/{name.lower()}", {"name": "BOB"})  # typed in small letters
        await until(lambda: name not in server.rooms)  # put away: from its file, too
        back = await hello(f"{url}/{name.lower()}", {"token": made["token"]})
        chosen = await hello(f"{url}/kitchen", {"name": "CY", "table": TABLE})
        dee = await hello(f"{url}/KITCHEN", {"name": "DEE"})
        return made, bob, back, chosen, dee

    made, bob, back, chosen, dee = asyncio.run(with_server(tmp_path, play))
    groups = made["room"].split("-")
    assert [len(group) for group in groups] == [3, 3, 3, 3]
    assert set("".join(groups)) <= set(ROOM_LETTERS) and made["room"] == made["room"].upper()
    assert not set(ROOM_LETTERS) & set("O0QI1LS5Z2B8G6UV"), "no letter another looks like"
    assert bob["type"] == "welcome" and bob["room"] == made["room"] and bob["seat"] == 1
    assert back["type"] == "welcome" and back["room"] == made["room"] and back["seat"] == 0
    assert chosen["room"] == "kitchen" and dee["type"] == "welcome" and dee["room"] == "kitchen" and dee["seat"] == 1
