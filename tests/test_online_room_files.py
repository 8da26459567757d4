"""A room read back from its file (or from any store) is checked as any
input is: a file nested too deep, with a scepter restarted millions of
times, or with fields of the wrong kind is a ``BadRoomFile`` with its
reason, read in a moment; at a real server its hello is told why and the
file is kept aside."""

from __future__ import annotations

import asyncio
import copy
import json
import time

import pytest
from in_process_server import hello, serving

from game.online.room import Room
from game.online.room_file import BadRoomFile, room_from_file, room_from_text, to_file
from game.online.room_table import check_table

ROYAL = check_table({"rules": "royal", "players": 3, "people": 1})


def a_royal_room_file() -> dict:
    room = Room("crown", ROYAL, seed=4, computer_seed=9)
    room.join("conn", {"type": "hello", "name": "ann"}, 0.0)
    room.start(0.0)
    for _ in range(5):
        seat = room.game.turn
        room.game.act(room.game.legal(seat)[0], seat=seat)
        room.after_action(1.0)
    return json.loads(json.dumps(to_file(room)))


def test_a_room_file_comes_back_as_it_was_written():
    data = a_royal_room_file()
    room = room_from_file(data, 5.0)
    assert to_file(room) == data


@pytest.mark.parametrize("restarts", [3_000_000, 30_000_000])
def test_a_scepter_restarted_millions_of_times_is_refused_at_once(restarts):
    data = a_royal_room_file()
    data["scepter"][2] = restarts
    began = time.perf_counter()
    with pytest.raises(BadRoomFile, match="fanfares"):
        room_from_file(data, 5.0)
    assert time.perf_counter() - began < 1.0


def test_json_nested_too_deep_is_a_bad_room_file_not_a_recursion_error():
    with pytest.raises(BadRoomFile, match="not JSON"):
        room_from_text("[" * 200_000 + "]" * 200_000, 0.0)
    data = a_royal_room_file()
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    data["seats"][0]["name"] = nested
    with pytest.raises(BadRoomFile):
        room_from_file(data, 0.0)


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
        room_from_file(mutate(a_royal_room_file()), 0.0)
    assert str(bad.value)


def test_a_name_written_before_names_kept_to_the_font_is_made_one():
    data = change("seats.0.name", "ZOË")(a_royal_room_file())
    assert room_from_file(data, 0.0).seats[0].name == "ZOE"


DEEP = "[" * 100_000 + "]" * 100_000  # nested too deep for Python's JSON parser


ANN = {"name": "ANN", "table": {"players": 2}}


def test_a_hello_to_a_room_the_store_holds_nested_too_deep_is_told_why(tmp_path):
    said: list[str] = []

    async def play(server, url):
        await hello(f"{url}/deep", ANN)
        while "deep" in server.keeper.rooms or not server.keeper.store.names():
            await asyncio.sleep(0.05)  # the room made, then put away: only the store holds it
        server.keeper.store.db.execute("UPDATE rooms SET state = ? WHERE name = 'deep'", (DEEP,))
        return await hello(f"{url}/deep", ANN), await hello(f"{url}/deep", ANN), sorted(server.keeper.store.names())

    told, again, names = asyncio.run(serving(tmp_path, play, log=said.append, idle_room=0.2))
    assert told["type"] == "error" and told["fatal"], told
    assert "could not be read" in told["reason"] and "kept aside" in told["reason"]
    assert again["type"] == "welcome"  # the name is free again: the room is aside
    assert names[0] == "deep" and names[1].startswith("deep.unreadable-")
    assert not any("Traceback" in line for line in said)


def test_an_old_room_file_nested_too_deep_is_kept_aside_as_the_others_are_imported(tmp_path):
    said: list[str] = []
    (tmp_path / "rooms").mkdir()
    (tmp_path / "rooms" / "deep.json").write_text(DEEP)

    async def play(server, url):
        return await hello(f"{url}/deep", ANN)

    made = asyncio.run(serving(tmp_path, play, log=said.append, idle_room=0.2))
    assert made["type"] == "welcome"  # a new room of that name: the old file is aside
    assert any(line.startswith("room file deep.json could not be imported") for line in said), said
    (imported,) = tmp_path.glob("rooms.imported-*")
    assert [path.name.startswith("deep.json.unreadable") for path in imported.iterdir()] == [True]
    assert not any("Traceback" in line for line in said)


def test_no_link_among_the_old_room_files_is_ever_opened(tmp_path):
    """rooms/shadow.json -> a secret, and rooms/crown.json -> a valid room file elsewhere:
    neither is opened (a link to /etc/shadow was read as root at start, and a link to a
    room was imported); each is kept aside, said once, and the server serves."""
    said: list[str] = []
    secret = tmp_path / "secret"
    secret.write_text("root:$6$not-for-the-server")
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps(a_royal_room_file()))
    (tmp_path / "data" / "rooms").mkdir(parents=True)
    (tmp_path / "data" / "rooms" / "shadow.json").symlink_to(secret)
    (tmp_path / "data" / "rooms" / "crown.json").symlink_to(outside)

    async def play(server, url):
        return await hello(f"{url}/crown", ANN)

    made = asyncio.run(serving(tmp_path / "data", play, log=said.append, idle_room=0.2))
    assert made["type"] == "welcome" and made.get("token"), "a new room: the link's room was not imported"
    for name in ("shadow.json", "crown.json"):
        assert any(line.startswith(f"room file {name} could not be imported") for line in said), said
    assert "imported 0 room files into the store (2 unreadable)" in " ".join(said)
    assert secret.read_text() == "root:$6$not-for-the-server" and json.loads(outside.read_text())
    assert not any("Traceback" in line for line in said)
