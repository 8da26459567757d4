"""The cluster under faults (docs/online.md, "What the cluster promises"):
table servers on a real PostgreSQL, each through a TCP proxy of the tests'
own (``tcp_proxy``: a delay each way, or a partition, on 127.0.0.1 only),
behind HAProxy where there are two, with about 100 actions a second in
rooms that play by themselves, a probe room whose two people act, and
people who only ping (``cluster_load``)."""

from __future__ import annotations

import time

import pytest
from cluster_load import PACE, Load, fresh_database, percentile, seat_load
from tcp_proxy import TcpProxy

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
