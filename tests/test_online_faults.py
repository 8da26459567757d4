"""The cluster under faults (docs/online.md, "What the cluster promises"):
table servers on a real PostgreSQL, each through a TCP proxy of the tests'
own (``tcp_proxy``: a delay each way, or a partition, on 127.0.0.1 only),
behind HAProxy where there are two, with about 100 actions a second in
rooms that play by themselves, a probe room whose two people act, and
people who only ping (``cluster_load``)."""

from __future__ import annotations

import time

import pytest
from cluster_load import PACE, Load, TimedClient, fresh_database, percentile, seat_load
from haproxy_server import health
from tcp_proxy import TcpProxy

from game.online.room_file import room_from_file
from game.online.store.postgresql import LEASE, PostgresStore

pytestmark = pytest.mark.slow


@pytest.fixture
def proxies(postgres):
    """``proxies()``: a TCP proxy to the tests' PostgreSQL, and the URL through it; each stopped at the end."""
    fresh_database(postgres.url)
    started = []

    def start() -> tuple[TcpProxy, str]:
        proxy = TcpProxy(postgres.port)
        started.append(proxy)
        return proxy, postgres.url.replace(f":{postgres.port}/", f":{proxy.port}/")

    yield start
    for proxy in started:
        proxy.stop()


def test_at_10_ms_from_postgresql_a_move_is_answered_within_60_ms_and_a_ping_within_20_at_p99(
    servers, proxies, postgres
):
    proxy, url = proxies()
    server = servers("--store", url, *PACE)
    load = Load(seat_load(server.url, 20), server.url)
    try:
        proxy.delay = 0.010  # each way, from now on
        started = time.monotonic()
        actions = count_actions(postgres.url)
        load.run(20)
        rate = (count_actions(postgres.url) - actions) / (time.monotonic() - started)
        moves = [seconds for client in load.probe for seconds in client.times(started)]
        pings = [seconds for client in load.pingers for seconds in client.times(started)]
    finally:
        load.close()
    assert rate >= 80, f"{rate:.0f} actions a second: the load did not reach 100"
    assert len(moves) >= 50 and len(pings) >= 200
    assert percentile(moves, 0.99) < 0.060, f"a move's p99 {percentile(moves, 0.99) * 1000:.1f} ms at 10 ms"
    assert percentile(pings, 0.99) < 0.020, f"a ping's p99 {percentile(pings, 0.99) * 1000:.1f} ms at 10 ms"


def count_actions(url: str) -> int:
    """The actions the store holds, read beside the server (straight to PostgreSQL)."""
    reader = PostgresStore(url, server=False)
    try:
        return reader.db.execute("SELECT count(*) FROM actions").fetchone()[0]
    finally:
        reader.close()


def test_the_only_server_cut_off_from_postgresql_says_so_within_3_s_and_plays_on_by_itself_once_healed(
    servers, proxies, postgres
):
    proxy, url = proxies()
    server = servers("--store", url, *PACE)
    load = Load(seat_load(server.url, 4))
    try:
        load.run(1)
        shown = [person.shown for person in load.people]
        proxy.partition()
        cut = time.monotonic()
        assert load.run(5, lambda: all(person.told_it_moves for person in load.people)), "not told the table moves"
        told = max(person.told_it_moves[0] for person in load.people) - cut
        assert told < 3, f"its people were told after {told:.1f} s"
        assert health(server.port) == 503  # (a proxy in front sends nobody to it)
        load.run(max(0.0, cut + 10 - time.monotonic()))  # cut off for 10 s
        proxy.heal()
        healed = time.monotonic()
        assert load.run(20, lambda: all(back_since(person, healed) for person in load.people)), "not back"
        back = time.monotonic() - healed
        assert load.run(20, lambda: all(p.shown > before for p, before in zip(load.people, shown, strict=True)))
        assert health(server.port) == 200
    finally:
        load.close()
    assert back < 10, f"its people were back {back:.1f} s after the heal"
    no_answered_move_lost_nor_room_forked(postgres.url, load.people)


def test_one_of_two_servers_cut_off_for_30_s_hands_its_rooms_and_people_to_the_other_losing_no_answered_move(
    servers, proxies, haproxy, postgres
):
    """A cut off: it tells its people at once and closes them, /healthz
    fails, HAProxy sends them to B, which claims A's rooms once A's lease
    has lapsed; B's loop never stalls meanwhile; healed, A takes rooms
    again but plays none of those it lost."""
    (cut_proxy, cut_url), (_, healthy_url) = proxies(), proxies()
    cut_off, healthy = servers("--store", cut_url, *PACE), servers("--store", healthy_url, *PACE)
    front = f"ws://127.0.0.1:{haproxy(cut_off.port, healthy.port)}"
    load = Load(seat_load(front, 20), front, pingers=6)
    reader = PostgresStore(postgres.url, server=False)

    def playing() -> dict[str, int]:
        """Each room's server (its process id), as its owner in the store says."""
        rows = reader.db.execute("SELECT name, owner FROM rooms").fetchall()
        return {name: int(owner.split(":")[1]) for name, owner in rows if owner is not None}

    try:
        load.run(2)
        before = playing()
        moved = {name for name, pid in before.items() if pid == cut_off.process.pid}
        movers = [client for client in load.everyone() if room_of(client) in moved]
        watched = [pinger for pinger in load.pingers if before[room_of(pinger)] == healthy.process.pid]
        assert movers and watched and len(moved) < len(before)  # (the hash shares the rooms out)
        cut_proxy.partition()
        cut = time.monotonic()
        assert load.run(5, lambda: all(client.told_it_moves for client in movers)), "not told the table moves"
        told = max(client.told_it_moves[0] for client in movers) - cut

        def all_moved() -> bool:
            now = playing()
            return all(now.get(name) == healthy.process.pid for name in moved)

        assert load.run(cut + LEASE + 10 - time.monotonic(), all_moved), "the other server did not take every room"
        taken = time.monotonic() - cut - LEASE
        assert load.run(cut + 15 - time.monotonic(), lambda: all(back_since(client, cut) for client in movers))
        back = max(back_since(client, cut) for client in movers) - cut
        load.run(cut + 30 - time.monotonic())
        stalls = [seconds for pinger in watched for seconds in pinger.times(cut)]
        cut_proxy.heal()
        assert load.run(15, lambda: health(cut_off.port) == 200), "the cut-off server did not come back"
        load.run(2)
        assert all(playing()[name] == healthy.process.pid for name in moved)  # (it plays none it lost)
    finally:
        load.close()
        reader.close()
    assert told < 3, f"its people were told after {told:.1f} s"
    assert taken < 10, f"its rooms were all the other's {taken:.1f} s after its lease's end"
    assert back < 15, f"its people were all back {back:.1f} s after the cut"
    assert len(stalls) >= 400 and max(stalls) < 0.100, f"the healthy server's loop held a ping {max(stalls):.3f} s"
    no_answered_move_lost_nor_room_forked(postgres.url, load.people + load.probe)


def room_of(client: TimedClient) -> str:
    return client.url.rsplit("/", 1)[1]


def back_since(client: TimedClient, since: float) -> float:
    """When the client was welcomed at its table again after ``since`` (0: not yet)."""
    return next((when for when in client.welcomed if when > since), 0.0)


def no_answered_move_lost_nor_room_forked(url: str, clients: list[TimedClient]) -> None:
    """Each room's stored record is one match played in order (it replays:
    two servers' moves would not), and holds every move its people were shown."""
    reader = PostgresStore(url, server=False)
    try:
        for client in clients:
            stored = reader.load(room_of(client))
            assert stored is not None
            room_from_file(stored, 0.0)
            assert stored["moves"] >= client.shown > 0, f"room {room_of(client)} lost an answered move"
    finally:
        reader.close()
