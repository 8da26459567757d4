"""The cluster under faults (docs/online.md, "What the cluster promises"):
table servers on a real PostgreSQL, each through a TCP proxy of the tests'
own (``tcp_proxy``: a delay each way, or a partition, on 127.0.0.1 only),
behind HAProxy where there are two, with about 100 actions a second in
rooms that play by themselves, a probe room whose two people act, and
people who only ping (``cluster_load``, which ``benchmarks/cluster.py``
runs too, to print these figures)."""

from __future__ import annotations

import time

import pytest
from cluster_load import (
    PACE,
    Load,
    TimedClient,
    back_since,
    failover,
    fresh_database,
    latencies,
    percentile,
    room_of,
    seat_load,
)
from haproxy_server import health
from tcp_proxy import TcpProxy

from game.online.room_file import room_from_file
from game.online.store.postgresql import PostgresStore

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


def test_at_10_ms_from_postgresql_a_ping_waits_for_no_commit_and_a_move_for_its_own_only(servers, proxies, postgres):
    proxy, url = proxies()
    server = servers("--store", url, *PACE)
    load = Load(seat_load(server.url, 20), server.url)
    try:
        measured = latencies(load, proxy, 0.010, 20, postgres.url)
    finally:
        load.close()
    assert measured.rate >= 80, f"the load did not reach 100 actions a second: {measured}"
    assert len(measured.moves) >= 50 and len(measured.pings) >= 200, str(measured)
    # Issue 52's targets, a move within 60 ms and a ping within 20 at p99, are met with the cores
    # to itself (benchmarks.cluster: 53.2 and 16.0 ms, the figures' place); in the suite, at a load
    # of 7 to 9 on 2 cores, even a ping, which waits for nothing, took 30 to 60 ms at p99, and a
    # move's p99 (its two worst of about 200) 54 to 86 ms. What the suite asserts, with room for
    # that load, is what the store on the event loop could not do: before, at 10 ms each way, a move
    # took 232 ms and a ping 91 ms at the median; a ping now waits for no commit, and a move for
    # its own commit only (two round trips: 25 ms at the median).
    moves, pings = measured.moves, measured.pings
    assert percentile(pings, 0.5) < 0.010 and percentile(pings, 0.99) < 0.100, str(measured)
    assert percentile(moves, 0.5) < 0.060 and percentile(moves, 0.99) < 0.200, str(measured)


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
    pair = [(servers("--store", url, *PACE), proxy) for proxy, url in (proxies(), proxies())]
    front = f"ws://127.0.0.1:{haproxy(*(server.port for server, _ in pair))}"
    load = Load(seat_load(front, 20), front, pingers=6)
    try:
        load.run(2)
        measured = failover(load, pair, postgres.url, 30)
    finally:
        load.close()
    assert measured.moved and len(measured.moved) < len(load.everyone()), str(measured)  # (the hash shares the rooms)
    assert measured.told < 3 and measured.taken < 10 and measured.back < 15, str(measured)
    # Its loop never waited for the store: a ping's answer at p99 within 100 ms, the longest within
    # 250 (the shared machine, at a load of 7 on 2 cores, held all six pings 113 ms at once, 17 s after
    # the takeover; before, the whole server froze for the 31 s of the partition).
    stalls = measured.stalls
    assert len(stalls) >= 400 and percentile(stalls, 0.99) < 0.100 and max(stalls) < 0.250, str(measured)
    assert measured.came_back < 15 and measured.kept, str(measured)  # (healed, it plays none of the rooms it lost)
    no_answered_move_lost_nor_room_forked(postgres.url, load.people + load.probe)


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
