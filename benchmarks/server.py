"""The table server under load: N tables of 4 network bots each, over real
WebSockets on 127.0.0.1, against one server process (or several behind HAProxy).

    python -m benchmarks.server [--tables 1000] [--seconds 30] [--interval 1.0] [--procs 2] [--memory-dir]
                                [--store sqlite|postgresql|postgresql://...] [--servers 1]
                                [--synchronous-commit on|off] [--watchers N] [--chat-every S]

Each table is a room of standard UNO for 4 people; its 4 bots (the easy
computer player choosing from the views it is sent, ``game.online.bot``,
on ``game.online.wire``'s client side) act once a second between them:
the seat in turn acts ``--interval`` seconds after the table's last
change. The bots' processes run at a lower priority (nice 10): at a real
table they are other people's machines, and here they take the cores the
server leaves. Prints how busy the disk is (``probe_disk``), the actions
per second the server took, the round trip of an action (sent, to the
state that answers it, which the server sends once its store holds it),
timed as it came to the bot's socket (the kernel's stamp: the network's
and the servers' part) and as the bot's process read it (after its waits
for a core), the bytes written to the disk per action against the
bytes an action takes in the final records (``record_bytes``; the
store's database in a folder on the disk, or in /dev/shm with
``--memory-dir``), the server's memory per table (its resident set
with every table playing, less its resident set before the first
connection, over N), and, over the measured seconds, the CPU each of the
run's processes took and how long each waited, ready to run, for a core
(the bots' waits are in the round trips they time). ``--store
postgresql`` starts a PostgreSQL of its own in a temporary folder (as the
tests do), or give one's URL. ``--servers N`` (N > 1, with PostgreSQL)
starts N server processes sharing it, behind HAProxy with the
configuration ``docs/online.md`` ships (``tests/haproxy_server.py``, as
the tests run it: a consistent hash of the room name), the bots
connecting through it. The servers, the bots' processes, HAProxy and that
PostgreSQL stop by themselves. ``--watchers
N`` seats N watchers at every table too (each on its own connection,
taking the public table; at a match's end it watches the table's next
room), and ``--chat-every S`` has each bot say a quick chat's saying every
S seconds (a person's pace: about one every 30 s).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import os
import random
import resource
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import cast

from websockets.uri import parse_uri

from game.online.bot import Bot
from game.online.protocol import Session, encode
from game.online.store import open_store
from game.online.wire import ClientConnection

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # postgres_server, haproxy_server: the tests' own
TABLE = {"rules": "standard", "players": 4, "people": 4, "level": "easy", "turn_time": 120}
SO_TIMESTAMPNS = 35  # Linux's (asm-generic/socket.h; Python's socket module does not name it)


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def probe_disk(folder: Path, seconds: float = 3.0) -> tuple[float, float]:
    """The disk alone, before the run: 4 KB written and flushed (fsync), 50
    times a second; p50 and p99, in ms. On a shared machine this says how
    busy the disk is at the time of the run."""
    path, times = folder / "probe", []
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        os.pwrite(fd, os.urandom(4096), 4096 * (len(times) % 64))
        os.fsync(fd)
        times.append(time.perf_counter() - start)
        time.sleep(max(0.0, 0.02 - times[-1]))
    os.close(fd)
    path.unlink()
    times.sort()
    return times[len(times) // 2] * 1000, times[int(len(times) * 0.99)] * 1000


def written_bytes(pid: int) -> int:
    """Bytes the process has had written to the disk (``write_bytes``)."""
    for line in Path(f"/proc/{pid}/io").read_text().splitlines():
        if line.startswith("write_bytes:"):
            return int(line.split()[1])
    return 0


def wal_position(url: str) -> int:
    """Where PostgreSQL's WAL is, in bytes since its start."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        return int(db.execute("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')").fetchone()[0])


def record_bytes(data_dir: Path, url: str | None) -> tuple[int, int]:
    """The final records' actions, over every room: their bytes (a line each) and how many."""
    store = open_store(data_dir, url, server=False)
    try:
        files = [store.load(name) for name in store.names()]
    finally:
        store.close()
    size = 0
    for file in files:
        lines = file["record"].splitlines()
        size += sum(len(line) + 1 for line in lines[len(lines) - file["moves"] :])
    return size, sum(file["moves"] for file in files)


def start_server(data_dir: Path, lifetime: float, url: str | None = None) -> tuple[subprocess.Popen, str]:
    command = [sys.executable, "-m", "game.server", "--port", "0", "--data-dir", str(data_dir)]
    command += [] if url is None else ["--store", url]  # (None: SQLite in data_dir)
    command += ["--stop-after", str(lifetime), "--rate", "100"]
    command += ["--address-connections", "0", "--address-rooms", "0"]  # (all the bots come from 127.0.0.1)
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    if not line.startswith("listening on "):
        server.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    # Its log (a line a new room...) read on and dropped: a pipe nobody reads fills up
    # (64 KB, about 1,800 tables' lines) and then holds the server in its next print.
    threading.Thread(target=server.stdout.read, name="server log", daemon=True).start()
    return server, line.split()[-1]


class Table:
    """Four bots, playing one match after another: when a match is over
    they leave its room and make the next (``NAME-2``, ``NAME-3``...), as
    people who play on would."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.match = 1
        self.changed = time.monotonic()
        self.moves = 0  # in this match
        self.earlier_moves = 0  # in the matches before

    @property
    def room(self) -> str:
        return self.name if self.match == 1 else f"{self.name}-{self.match}"

    def next_match(self, match: int) -> None:
        """Its seat at match ``match`` saw that match end: the first to do so moves the table on."""
        if match == self.match:
            self.match += 1
            self.earlier_moves += self.moves
            self.moves, self.changed = 0, time.monotonic()


class ArrivalClock:
    """When what a connection reads came to its socket, as the kernel
    stamped it (``SO_TIMESTAMPNS``): the socket is read here, with
    ``recvmsg``, rather than by the connection's transport, and each read
    handed on to the connection once its stamp is noted (``stamp``, in
    ``time.time()``'s seconds). A bot's process that waits for a core reads
    its messages late, a bot on a machine of its own would not: the stamp
    does not wait. The end of the stream (or an error) is left to the
    transport, which reads it and closes as it always does."""

    def __init__(self, conn: ClientConnection, transport: asyncio.Transport) -> None:
        self.conn, self.transport = conn, transport
        self.stamp = 0.0
        self.sock = socket.socket(fileno=os.dup(transport.get_extra_info("socket").fileno()))  # (the same socket)
        self.sock.setblocking(False)
        self.sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        transport.pause_reading()
        asyncio.get_running_loop().add_reader(self.sock.fileno(), self.read)

    def read(self) -> None:
        try:
            data, ancillary, _flags, _address = self.sock.recvmsg(2**16, socket.CMSG_SPACE(16))
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data, ancillary = b"", []
        if not data:
            self.stop()
            self.transport.resume_reading()
            return
        self.stamp = time.time()  # (a read with no stamp: as late as it was read)
        for level, kind, stamp in ancillary:
            if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
                seconds, nanoseconds = struct.unpack("qq", stamp[:16])
                self.stamp = seconds + nanoseconds / 1e9
        self.conn.data_received(data)

    def stop(self) -> None:
        if self.sock.fileno() >= 0:
            asyncio.get_running_loop().remove_reader(self.sock.fileno())
            self.sock.close()


class Seat(ClientConnection):
    """One bot at a table, on its own connection. A message is timed twice:
    as it came to the socket (``ArrivalClock``), the network's and the
    server's round trip, and as this process reads it, before it works on
    it or on the others that came with it (that work is done in the event
    loop's next turn), which adds the time the process waited for a core
    and for its loop to come to it."""

    def __init__(self, url: str, table: Table, name: str, run: Run) -> None:
        super().__init__(f"{url}/{table.room}")
        self.url, self.name, self.match = url, name, table.match
        self.table, self.run = table, run
        run.seats.append(self)
        self.session = Session(name, table=TABLE)  # the first hello to arrive makes the room
        self.bot = Bot(self.session, "easy", random.randrange(1000), chat_every=run.chat_every)
        self.bot.chat(time.monotonic() - random.uniform(0, run.chat_every or 0))  # (the tables' chat spread out)
        self.sent: dict[int, float] = {}  # action id -> when it was sent (``time.time()``)
        self.clock: ArrivalClock | None = None
        self.later: asyncio.TimerHandle | None = None
        self.seated = asyncio.get_running_loop().create_future()
        self.gone = asyncio.get_running_loop().create_future()
        self.leaving = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.clock = ArrivalClock(self, cast(asyncio.Transport, transport))

    def opened(self) -> None:
        self.send_text(encode(self.session.hello()))
        self.run.seated += 1
        self.seated.set_result(True)

    def received(self, text: str | bytes) -> None:
        assert self.clock is not None  # (made with the connection)
        asyncio.get_running_loop().call_soon(self.read, text, self.clock.stamp, time.time())

    def lost(self) -> None:
        if self.clock is not None:
            self.clock.stop()
        if self.later is not None:
            self.later.cancel()
        if not self.leaving:
            self.run.errors += 1
        if not self.seated.done():
            self.seated.set_result(False)
        self.gone.set_result(None)

    def read(self, text: str, arrived: float, read: float) -> None:
        run, table, session = self.run, self.table, self.session
        if run.stop is not None and time.monotonic() >= run.stop:
            self.leave()  # every table changes each second, so each seat hears something
            return
        message = json.loads(text)
        session.receive(message)
        for reply in session.take_replies():  # (its nonce, once the deal asks: ``reveal``)
            self.say(reply)
        if message["type"] == "over":
            table.next_match(self.match)
            self.leave()
            run.later.append(asyncio.ensure_future(seat(self.url, table, self.name, run, run.gate)))
            return
        if message["type"] == "state":
            sent = self.sent.pop(message.get("ack"), None)
            if sent is not None and run.stop is not None:
                run.rtt.append(arrived - sent)
                run.rtt_read.append(read - sent)
            if self.match == table.match and message["moves"] > table.moves:  # (not news of a match gone)
                table.moves, table.changed = message["moves"], time.monotonic()
        for said in self.bot.chat(time.monotonic()):
            self.say(said)
        for reply in self.bot.respond(message):
            in_turn = reply.get("type") == "act" and session.view is not None and session.view.turn == session.seat
            delay = max(0.0, table.changed + run.interval - time.monotonic()) if in_turn else 0.0
            if self.later is not None:
                self.later.cancel()
            self.later = asyncio.get_running_loop().call_later(delay, self.say, reply)

    def say(self, message: dict) -> None:
        if message.get("type") == "act":
            self.sent[message["id"]] = time.time()
        self.send_text(encode(message))

    def leave(self) -> None:
        self.leaving = True
        self.close()


class Watcher(ClientConnection):
    """A watcher at a table, on its own connection: it takes in what it is
    sent, as a watching game would, and at the match's end goes to watch
    the table's next room (a moment later, and again until that room is there)."""

    def __init__(self, url: str, table: Table, run: Run) -> None:
        super().__init__(f"{url}/{table.room}")
        self.url, self.table, self.run = url, table, run
        self.session = Session("", watch=True)
        self.seated = asyncio.get_running_loop().create_future()
        self.gone = asyncio.get_running_loop().create_future()
        self.leaving = False
        run.watchers.append(self)

    def opened(self) -> None:
        self.send_text(encode(self.session.hello()))

    def received(self, text: str | bytes) -> None:
        message = json.loads(text)
        self.session.receive(message)
        self.run.watched += 1
        if not self.seated.done():
            self.seated.set_result(message["type"] == "welcome")
        stopped = self.run.stop is not None and time.monotonic() >= self.run.stop
        moved_on = message["type"] == "over" or (message["type"] == "error" and message.get("fatal"))
        if stopped or moved_on:
            self.leave()
        if moved_on and not stopped:
            asyncio.get_running_loop().call_later(2.0, self.watch_again)

    def watch_again(self) -> None:
        self.run.later.append(asyncio.ensure_future(watch(self.url, self.table, self.run)))

    def lost(self) -> None:
        if not self.leaving:
            self.run.errors += 1
        if not self.seated.done():
            self.seated.set_result(False)
        self.gone.set_result(None)

    def leave(self) -> None:
        self.leaving = True
        self.close()


async def watch(url: str, table: Table, run: Run) -> Watcher:
    loop = asyncio.get_running_loop()
    uri = parse_uri(url)
    async with run.gate:
        _transport, watcher = await loop.create_connection(lambda: Watcher(url, table, run), uri.host, uri.port)
        await asyncio.wait_for(watcher.seated, 120)
    return watcher


class Run:
    """What the bots of one process measure."""

    def __init__(self, interval: float, watchers: int = 0, chat_every: float | None = None) -> None:
        self.interval = interval
        self.watchers_a_table = watchers
        self.chat_every = chat_every
        self.watchers: list[Watcher] = []
        self.watched = 0  # messages the watchers took
        self.stop: float | None = None  # when measuring ends
        self.seated = 0
        self.errors = 0
        self.silent = 0
        self.rtt: list[float] = []  # at the socket
        self.rtt_read: list[float] = []  # as the process read it
        self.seats: list[Seat] = []  # every seat, at every match
        self.later: list[asyncio.Future] = []  # the seats of later matches, being seated
        self.gate = asyncio.Semaphore(64)  # a bounded number of handshakes at once


async def seat(url: str, table: Table, name: str, run: Run, gate: asyncio.Semaphore) -> Seat:
    loop = asyncio.get_running_loop()
    uri = parse_uri(url)
    async with gate:
        _transport, bot = await loop.create_connection(lambda: Seat(url, table, name, run), uri.host, uri.port)
        await asyncio.wait_for(bot.seated, 120)
    return bot


async def run_tables(url: str, names: list[str], seconds: float, settle: float, run: Run, ready=None) -> dict:
    """Seat every table (and its watchers), let them play ``settle`` seconds, then measure ``seconds``."""
    tables = [Table(name) for name in names]
    seated = await asyncio.gather(
        *(seat(url, table, f"B{n % 100}x{k}", run, run.gate) for n, table in enumerate(tables) for k in range(4)),
        return_exceptions=True,
    )
    run.errors += sum(not isinstance(bot, Seat) for bot in seated)  # could not connect, or not seated in 2 minutes
    watching = await asyncio.gather(
        *(watch(url, table, run) for table in tables for _ in range(run.watchers_a_table)), return_exceptions=True
    )
    run.errors += sum(not isinstance(watcher, Watcher) for watcher in watching)
    freezer = asyncio.create_task(freeze_now_and_then())
    await asyncio.sleep(settle)
    if ready is not None:
        ready()
    started = {table.name: table.earlier_moves + table.moves for table in tables}
    begin = time.monotonic()
    run.stop = begin + seconds
    await asyncio.sleep(seconds + 5.0)
    later = await asyncio.gather(*run.later, return_exceptions=True)
    run.errors += sum(not isinstance(bot, Seat) for bot in later)
    silent = [bot for bot in run.seats if not bot.gone.done()]  # their table had stopped: they hear nothing
    run.silent = len(silent)
    for bot in silent:
        bot.leave()
    for watcher in run.watchers:
        watcher.leave()
    await asyncio.gather(*(bot.gone for bot in run.seats), *(watcher.gone for watcher in run.watchers))
    freezer.cancel()
    return {
        "rtt": run.rtt,
        "rtt_read": run.rtt_read,
        "elapsed": seconds,  # a table's moves are counted until the first message after the time
        "errors": run.errors,
        "silent": run.silent,
        "moves": sum(table.earlier_moves + table.moves - started[table.name] for table in tables),
        "matches": sum(table.match - 1 for table in tables),
        "watched": run.watched,
    }


async def freeze_now_and_then(every: float = 5.0) -> None:
    """The bots' sessions are long-lived: frozen out of the cycle collector's
    sight, and young objects looked at less often (as the server does), its
    passes over 2,000 sessions do not stall a bot process and lengthen the
    round trips it times."""
    gc.set_threshold(20_000, *gc.get_threshold()[1:])
    while True:
        gc.freeze()
        await asyncio.sleep(every)


def worker(url: str, names: list[str], args: argparse.Namespace, out, ready) -> None:
    os.nice(10)
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    async def play() -> dict:
        run = Run(args.interval, args.watchers, args.chat_every)
        return await run_tables(url, names, args.seconds, args.settle, run, ready.release)

    out.put(asyncio.run(play()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.server", description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured, after the tables are seated")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between a table's actions")
    parser.add_argument("--procs", type=int, default=2, help="bot processes")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds of play before measuring")
    parser.add_argument("--memory-dir", action="store_true", help="keep the rooms in /dev/shm (no disk)")
    parser.add_argument("--store", default="sqlite", help="sqlite (default), postgresql (one of its own) or a URL")
    parser.add_argument(
        "--servers", type=int, default=1, help="server processes sharing a PostgreSQL, behind HAProxy (default 1)"
    )
    parser.add_argument(
        "--autogroup-nice",
        type=int,
        default=None,
        metavar="N",
        help="the nice of this run's autogroup and its PostgreSQL's (Linux: a shared machine's other sessions)",
    )
    parser.add_argument(
        "--synchronous-commit",
        choices=("on", "off"),
        default="on",
        help="--store postgresql's: on (its default: an answer waits for the WAL's flush), off (as SQLite's NORMAL)",
    )
    parser.add_argument("--watchers", type=int, default=0, help="watchers at every table (default none)")
    parser.add_argument("--chat-every", type=float, default=None, help="seconds between a bot's quick chat sayings")
    args = parser.parse_args(argv)
    if args.servers > 1 and args.store == "sqlite":
        parser.error("--servers N (more than one) shares a PostgreSQL: give --store postgresql or a URL")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # (the servers inherit it: 4 connections a table)
    if args.autogroup_nice is not None:
        set_autogroup_nice(os.getpid(), args.autogroup_nice)  # (the servers, bots and HAProxy are in it)
    base = "/dev/shm" if args.memory_dir and os.path.isdir("/dev/shm") else None
    data_dir = Path(tempfile.mkdtemp(prefix="uno1991-bench-", dir=base))
    load_before = os.getloadavg()
    disk = probe_disk(data_dir)
    postgres = proxy = None
    servers: list[tuple[subprocess.Popen, str]] = []
    if args.store == "postgresql":
        from postgres_server import PostgresServer

        postgres = PostgresServer(durable=True)
        if args.autogroup_nice is not None:
            set_autogroup_nice(postgres.pid, args.autogroup_nice)  # (pg_ctl starts it in a session of its own)
    store = postgres.url if postgres is not None else None if args.store == "sqlite" else args.store
    if postgres is not None and args.synchronous_commit == "off":
        store += "?options=-c%20synchronous_commit%3Doff"  # (the servers' sessions: docs/online.md)
    try:
        for n in range(args.servers):  # (one after the other: the first makes the schema)
            folder = data_dir if args.servers == 1 else data_dir / f"server{n + 1}"
            folder.mkdir(exist_ok=True)
            servers.append(start_server(folder, args.settle + args.seconds + 600, store))
        url = servers[0][1]
        if args.servers > 1:
            from haproxy_server import HaproxyServer

            proxy = HaproxyServer([int(address.rsplit(":", 1)[1]) for _server, address in servers])
            time.sleep(1.5)  # (its checks see every server up: rise 2, every 500 ms)
            url = f"ws://127.0.0.1:{proxy.port}"
        time.sleep(0.5)
        baseline = [rss_kb(server.pid) for server, _address in servers]
        names = [f"t{n:05d}" for n in range(args.tables)]
        fork = multiprocessing.get_context("fork")
        out, ready = fork.Queue(), fork.Semaphore(0)
        workers = [
            fork.Process(target=worker, args=(url, names[k :: args.procs], args, out, ready)) for k in range(args.procs)
        ]
        for process in workers:
            process.start()
        for _ in workers:
            if not ready.acquire(timeout=600):
                raise SystemExit("the tables were not seated in 10 minutes")
        measured = {
            **{f"server {n + 1}": server.pid for n, (server, _address) in enumerate(servers)},
            **{f"bots {n + 1}": process.pid for n, process in enumerate(workers)},
            **({"HAProxy": proxy.process.pid} if proxy is not None else {}),
        }
        cpu_start = {what: _cpu(pid) for what, pid in measured.items()}
        waited_start = {what: _waited(pid) for what, pid in measured.items()}
        postgres_start = _tree_cpu(postgres.pid) if postgres is not None else 0.0
        began = time.monotonic()
        written = wal_position(store) if store else written_bytes(servers[0][0].pid)
        time.sleep(args.seconds / 2)
        playing = [rss_kb(server.pid) for server, _address in servers]
        time.sleep(args.seconds / 2)
        written = (wal_position(store) if store else written_bytes(servers[0][0].pid)) - written
        took = time.monotonic() - began
        cpu = {what: (_cpu(pid) - cpu_start[what]) / took for what, pid in measured.items()}
        waited = {what: (_waited(pid) - waited_start[what]) / took for what, pid in measured.items()}
        if postgres is not None:
            cpu["PostgreSQL"] = (_tree_cpu(postgres.pid) - postgres_start) / took
        results = [out.get(timeout=args.seconds + 120) for _ in workers]
        for process in workers:
            process.join(30)
        for server, _address in servers:
            server.terminate()
        for server, _address in servers:
            server.wait(10)
        record, recorded = record_bytes(data_dir, store)
    finally:
        for server, _address in servers:
            if server.poll() is None:
                server.kill()
        if proxy is not None:
            proxy.stop()
        if postgres is not None:
            postgres.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
    rtts = sorted(r for result in results for r in result["rtt"])
    read = sorted(r for result in results for r in result["rtt_read"])
    moves = sum(result["moves"] for result in results)
    elapsed = max(result["elapsed"] for result in results)
    errors = sum(result["errors"] for result in results)
    silent = sum(result["silent"] for result in results)
    matches = sum(result["matches"] for result in results)
    p50, p99 = percentile(rtts, 0.5), percentile(rtts, 0.99)
    print(
        f"tables {args.tables} x 4 players, one action per table every {args.interval:g} s, {args.procs} bot processes"
    )
    chat = f"a saying every {args.chat_every:g} s from each player" if args.chat_every else "no chat"
    print(f"watchers, chat       {args.watchers} a table; {chat}")
    kept = f"SQLite in {'/dev/shm' if base else 'a folder on disk'}"
    if store:
        kept = f"PostgreSQL, synchronous_commit {args.synchronous_commit}" if postgres else "PostgreSQL"
    print(f"rooms kept in        {kept} (each change in the store before its answer)")
    if proxy is not None:
        print(f"server processes     {args.servers}, behind HAProxy (docs/online.md's configuration)")
    print(
        f"load average before: {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}; cores: {os.cpu_count()}"
    )
    print(f"the disk alone       4 KB written and flushed: p50 {disk[0]:.1f} ms, p99 {disk[1]:.1f} ms")
    print(f"actions/s            {moves / elapsed:.0f}  ({moves} in {elapsed:.1f} s)")
    print(f"round trip p50       {p50:.1f} ms  (at the bots' sockets: the network's and the servers')")
    print(f"round trip p99       {p99:.1f} ms  ({len(rtts)} actions timed)")
    print(f"  as the bots read   p50 {percentile(read, 0.5):.1f} ms, p99 {percentile(read, 0.99):.1f} ms")
    print("  (after their processes' waits for a core and their loops' turns)")
    per_action, in_record = written / max(1, moves), record / max(1, recorded)
    what = "PostgreSQL's WAL" if store else "the server's disk writes (/proc/PID/io write_bytes)"
    print(f"bytes/action         {per_action:.0f} written ({what}), {in_record:.1f} in the final records")
    print(f"write amplification  {per_action / max(in_record, 1e-9):.1f}x the final record")
    grown = sum(playing) - sum(baseline)
    print(f"server memory/table  {grown / max(1, args.tables):.1f} KB  (RSS {sum(baseline)} -> {sum(playing)} KB)")
    if len(servers) > 1:
        for n, (before, during) in enumerate(zip(baseline, playing, strict=True)):
            print(f"  server {n + 1} RSS      {before} -> {during} KB")
    print("CPU while measured   " + ", ".join(f"{what} {share * 100:.0f}%" for what, share in cpu.items()))
    print(f"  (of one core; all: {sum(cpu.values()) * 100:.0f}% of the {os.cpu_count()} cores' {os.cpu_count()}00%)")
    print("waited for a core    " + ", ".join(f"{what} {share * 100:.0f}%" for what, share in waited.items()))
    print("  (of the time: its main thread ready to run, no core free for it; /proc/PID/schedstat)")
    print(f"matches played out   {matches}  (each table then played on in a new room)")
    if args.watchers:
        print(f"watchers took        {sum(result['watched'] for result in results)} messages")
    print(f"connection errors    {errors}")
    print(f"seats silent at end  {silent}  (no news in the 5 s after the time: their table stuck)")
    return 0


def set_autogroup_nice(pid: int, nice: int) -> None:
    """Linux puts each session's processes in an autogroup, and shares the
    cores between the autogroups first: a process's nice weighs only
    against the others of its session, so the other sessions' jobs of a
    shared machine, even at nice 19, take as much as this whole run. The
    autogroup's own nice weighs it against them (-20: they take what it leaves)."""
    Path(f"/proc/{pid}/autogroup").write_text(f"{nice}\n")


def percentile(ordered: list[float], fraction: float) -> float:
    """Of values in seconds, sorted: in ms (nan if there are none)."""
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] * 1000


def _cpu(pid: int) -> float:
    """The CPU seconds the process has taken."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _waited(pid: int) -> float:
    """The seconds the process's main thread has waited, ready to run, for a core (``schedstat``)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9


def _tree_cpu(pid: int) -> float:
    """The CPU seconds a process and its children (PostgreSQL's) have taken, the children now living."""
    total = _cpu(pid)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                total += _cpu(int(stat.parent.name))
        except (OSError, ValueError):  # (gone meanwhile)
            pass
    return total


if __name__ == "__main__":
    sys.exit(main())
