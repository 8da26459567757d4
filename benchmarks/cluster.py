"""The cluster's figures (docs/online.md, "What the cluster promises"),
measured as the fault tests measure them (``tests/cluster_load.py``):

    python -m benchmarks.cluster [--seconds 20] [--delays 0,2,10] [--partition 30] [--calls 2000]

A PostgreSQL of its own (``tests/postgres_server.py``), each table server
reaching it through a TCP proxy of the tests' (``tests/tcp_proxy.py``), 20
rooms of computers playing at about 100 actions a second, a probe room whose
two people act every 0.1 s, and people who only ping. Prints, for each
delay between the server and PostgreSQL (each way), the actions a second,
a move's and a ping's answer at p50 and p99 (as they came to the clients'
sockets); then two servers behind HAProxy, one cut off from PostgreSQL for
``--partition`` seconds: how soon its people were told, how soon the other
played its rooms after its lease's end, how soon its people were all back,
how long the other's pings waited meanwhile, and how soon the cut-off server
was healthy again once healed. ``--calls N`` first times N writes (a
BEGIN, an INSERT and a COMMIT in a pipeline) made three ways from an event
loop, on loopback: psycopg's synchronous connection in the loop (as the
server did), in a thread (``run_in_executor``, as it does now), and
psycopg's ``AsyncConnection`` awaited: what each costs a write. Everything
it starts stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import sys
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the tests' own: PostgreSQL, HAProxy, the proxy, the load

from cluster_load import PACE, Load, failover, fresh_database, latencies, seat_load  # noqa: E402
from haproxy_server import HaproxyServer  # noqa: E402
from online_server import FAST, ServerProcess, quick_dir  # noqa: E402
from postgres_server import PostgresServer  # noqa: E402
from tcp_proxy import TcpProxy  # noqa: E402

LIFETIME = 900.0  # seconds a server of the run lives at most


def through(database: PostgresServer) -> tuple[TcpProxy, str]:
    """A proxy to ``database``, and the URL through it."""
    proxy = TcpProxy(database.port)
    return proxy, database.url.replace(f":{database.port}/", f":{proxy.port}/")


def measure_calls(database: PostgresServer, count: int) -> None:
    """What a write costs, made from an event loop each of three ways."""
    fresh_database(database.url)
    with psycopg.connect(database.url, autocommit=True) as db:
        db.execute("DROP TABLE IF EXISTS calls; CREATE TABLE calls (n INTEGER)")

        def write() -> None:
            with db.pipeline():
                for statement in ("BEGIN", "INSERT INTO calls VALUES (1)", "COMMIT"):
                    db.execute(statement)

        async def ways() -> None:
            loop = asyncio.get_running_loop()
            thread = ThreadPoolExecutor(1)
            remote = await psycopg.AsyncConnection.connect(database.url, autocommit=True)

            async def in_place() -> None:
                write()

            async def awaited() -> None:
                async with remote.pipeline():
                    for statement in ("BEGIN", "INSERT INTO calls VALUES (1)", "COMMIT"):
                        await remote.execute(statement)

            made: list[tuple[str, Callable[[], Awaitable[None]]]] = [
                ("in the event loop", in_place),
                ("in a thread", lambda: loop.run_in_executor(thread, write)),
                ("AsyncConnection", awaited),
            ]
            for name, way in made:
                start, cpu = time.perf_counter(), time.process_time()
                for _ in range(count):
                    await way()
                wall, used = (time.perf_counter() - start) / count, (time.process_time() - cpu) / count
                print(f"a write {name:18} {wall * 1e6:5.0f} us, {used * 1e6:4.0f} us of this process's CPU")
            await remote.close()
            thread.shutdown()

        asyncio.run(ways())


def measure_latencies(database: PostgresServer, delays: list[float], seconds: float) -> None:
    folder = quick_dir()
    proxy, url = through(database)
    server = ServerProcess(folder, *FAST, *PACE, "--store", url, lifetime=LIFETIME)
    load = Load(seat_load(server.url, 20), server.url)
    try:
        load.run(2)
        for delay in delays:
            print(latencies(load, proxy, delay, seconds, database.url), flush=True)
    finally:
        load.close()
        server.stop()
        proxy.stop()
        shutil.rmtree(folder, ignore_errors=True)


def measure_failover(database: PostgresServer, seconds: float) -> None:
    fresh_database(database.url)
    folder = quick_dir()
    proxied = [through(database), through(database)]
    pair = [(ServerProcess(folder, *FAST, *PACE, "--store", url, lifetime=LIFETIME), proxy) for proxy, url in proxied]
    front = HaproxyServer([server.port for server, _ in pair])
    url = f"ws://127.0.0.1:{front.port}"
    load = Load(seat_load(url, 20), url, pingers=6)
    try:
        load.run(2)
        print(f"one of two servers cut off for {seconds:g} s: {failover(load, pair, database.url, seconds)}")
    finally:
        load.close()
        front.stop()
        for server, proxy in pair:
            server.stop()
            proxy.stop()
        shutil.rmtree(folder, ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cluster", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="measured at each delay")
    parser.add_argument("--delays", default="0,2,10", help="ms each way between a server and PostgreSQL")
    parser.add_argument("--partition", type=float, default=30.0, help="seconds one of two servers is cut off")
    parser.add_argument("--calls", type=int, default=0, help="writes timed each way first (default none)")
    args = parser.parse_args(argv)
    database = PostgresServer()
    try:
        if args.calls:
            measure_calls(database, args.calls)
        measure_latencies(database, [float(ms) / 1000 for ms in args.delays.split(",")], args.seconds)
        measure_failover(database, args.partition)
    finally:
        database.stop()


if __name__ == "__main__":
    main()
