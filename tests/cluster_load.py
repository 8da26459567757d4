"""A cluster's load and its measures, for the fault tests and the
benchmark (``benchmarks/cluster.py``): rooms that play by themselves
(``seat_load``: a person who lost the turn to a computer, and stays),
a probe room of two people who act, each an answer's time after the last
(``probe``), and people who only ping, in a room that waits for its
second person, so nothing in it is ever written (``pinger``); all are
``TimedClient``s, which time each answer (an action to the state that
acknowledges it, a ping to its pong) as it came to their sockets, note
the most moves they were shown, and when they were welcomed and told
that the table moves. ``Load.run`` drives them all for a while; ``latencies``
and ``failover`` are the fault tests' measures, which the benchmark prints."""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import psycopg
from haproxy_server import health
from online_server import ServerProcess, wait_for
from tcp_proxy import TcpProxy

from game.online.bot import Bot
from game.online.client import Client
from game.online.protocol import Message
from game.online.server_rooms import MOVES
from game.online.store.postgresql import LEASE

# A server's options: each room of computers acts about five times a second, and every client
# comes from 127.0.0.1 (no limit of an address's connections and new rooms).
PACE = ("--computer-delay", "0.2", "--address-connections", "0", "--address-rooms", "0")
SELF_PLAYING = {"rules": "standard", "players": 2, "people": 1, "level": "easy", "turn_time": 0.1}
PROBE = {"rules": "standard", "players": 2, "people": 2, "level": "easy"}
QUIET = {"rules": "standard", "players": 2, "people": 2, "level": "easy"}  # (one person: it never starts)
PROBE_EVERY = 0.1  # seconds between the probe's actions (each of its two people's, taking turns)
PING_EVERY = 0.05  # seconds between a pinger's pings


class TimedClient(Client):
    def __init__(self, url: str, name: str, table: Message | None = None) -> None:
        super().__init__(url, name, table=table)
        self.sent: dict[tuple[str, object], float] = {}  # what waits for its answer: when it was sent
        self.answers: list[tuple[float, float]] = []  # (when sent, seconds to its answer), time.monotonic()'s
        self.shown = 0  # the most moves a state showed it
        self.welcomed: list[float] = []  # when each welcome came
        self.told_it_moves: list[float] = []  # when it was told the table moves to another server

    def send(self, message: Message) -> None:
        if message.get("type") in ("act", "ping"):
            self.sent[(message["type"], message["id"])] = time.monotonic()
        super().send(message)

    def _received(self, message: Message, arrived: float) -> None:
        kind = message.get("type")
        key = ("act", message.get("ack")) if kind == "state" else ("ping", message.get("id"))
        sent = self.sent.pop(key, None) if kind in ("state", "pong") else None
        if sent is not None:
            self.answers.append((sent, arrived - sent))
        if kind == "state":
            self.shown = max(self.shown, message["moves"])
        elif kind == "welcome":
            self.welcomed.append(arrived)
        elif kind == "error" and message.get("reason") == MOVES:
            self.told_it_moves.append(arrived)
        super()._received(message, arrived)

    def times(self, since: float = 0.0) -> list[float]:
        """Its answers' times (seconds) of what it sent from ``since`` on."""
        return [seconds for sent, seconds in self.answers if sent >= since]


def seat_load(url: str, rooms: int, prefix: str = "load") -> list[TimedClient]:
    """``rooms`` rooms at ``url`` (a server's or the proxy's) that play by
    themselves, each with its person connected (a room nobody is at stops)."""
    people = []
    for n in range(rooms):
        person = TimedClient(f"{url}/{prefix}{n}", f"L{n}", SELF_PLAYING)
        people.append(person)
        person.start()
        wait_for(lambda person=person: person.poll() or person.shown, 30, what=f"room {prefix}{n} under way")
    return people


class Load:
    """Every client of a run: the self-playing rooms' people, the probe's two
    people (their bots acting ``PROBE_EVERY`` apart) and the pingers."""

    def __init__(self, people: list[TimedClient], url: str | None = None, pingers: int = 1) -> None:
        self.people = people
        self.probe = [] if url is None else [TimedClient(f"{url}/probe", f"P{n}", PROBE) for n in range(2)]
        self.bots = [Bot(client.session, "easy", n, None) for n, client in enumerate(self.probe)]
        self.pingers = [] if url is None else [TimedClient(f"{url}/quiet{n}", "Q", QUIET) for n in range(pingers)]
        for client in self.probe[:1] + self.pingers:
            client.start()
            wait_for(lambda client=client: client.poll() or client.welcomed, 30, what="a welcome")
        for client in self.probe[1:]:
            client.start()
        gc.freeze()  # (what lives on is never scanned again: this process's collections hold no answer up)
        self.pinged = 0
        self.acted = 0.0

    def everyone(self) -> list[TimedClient]:
        return self.people + self.probe + self.pingers

    def run(self, seconds: float, until: Callable[[], object] = lambda: False) -> bool:
        """Drive every client for ``seconds``, or till ``until()`` is true
        (looked at every 0.1 s): what came is read, the probe's bots answer,
        the pingers ping. Whether ``until()`` came true."""
        start = time.monotonic()
        next_ping = next_look = start
        while time.monotonic() < start + seconds:
            if time.monotonic() >= next_look:
                next_look += 0.1
                if until():
                    return True
            for client in self.people + self.pingers:
                client.poll()
            for client, bot in zip(self.probe, self.bots, strict=True):
                for message in client.poll():
                    for reply in bot.respond(message):
                        if reply.get("type") == "act":
                            time.sleep(max(0.0, self.acted + PROBE_EVERY - time.monotonic()))
                            self.acted = time.monotonic()
                        client.send(reply)
            if time.monotonic() >= next_ping:
                next_ping += PING_EVERY
                for pinger in self.pingers:
                    self.pinged += 1
                    pinger.send({"type": "ping", "id": self.pinged})
            time.sleep(0.005)
        return False

    def close(self) -> None:
        for client in self.everyone():
            client.close()


def percentile(samples: list[float], part: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * part))] if ordered else float("nan")


def fresh_database(url: str) -> None:
    """No room, action or lease of an earlier test left."""
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("DROP TABLE IF EXISTS rooms, actions, leases")


def count_actions(url: str) -> int:
    """The actions the store holds (read straight from PostgreSQL)."""
    with psycopg.connect(url, autocommit=True) as db:
        (count,) = db.execute("SELECT count(*) FROM actions").fetchall()[0]
        return int(count)


@dataclass
class Latencies:
    delay: float  # seconds each way between the server and PostgreSQL
    rate: float  # actions a second the store took meanwhile
    moves: list[float]  # seconds from the probe's action to the state that answered it
    pings: list[float]  # ... from a ping to its pong

    def __str__(self) -> str:
        return (
            f"{self.delay * 1000:4.0f} ms each way  {self.rate:5.0f} actions/s  "
            f"move p50 {percentile(self.moves, 0.5) * 1000:5.1f} ms  p99 {percentile(self.moves, 0.99) * 1000:5.1f} ms"
            f" ({len(self.moves)})  ping p50 {percentile(self.pings, 0.5) * 1000:4.1f} ms  "
            f"p99 {percentile(self.pings, 0.99) * 1000:4.1f} ms ({len(self.pings)})"
        )


def latencies(load: Load, proxy: TcpProxy, delay: float, seconds: float, database: str) -> Latencies:
    """The probe's moves and the pings, ``seconds`` long, with PostgreSQL ``delay`` away each way (``proxy``)."""
    proxy.delay = delay
    start, actions = time.monotonic(), count_actions(database)
    load.run(seconds)
    rate = (count_actions(database) - actions) / (time.monotonic() - start)
    moves = [seconds for client in load.probe for seconds in client.times(start)]
    return Latencies(delay, rate, moves, [seconds for client in load.pingers for seconds in client.times(start)])


@dataclass
class Failover:
    """A server cut off from PostgreSQL, its rooms and people taken by
    another: each time in seconds (inf: not within its bound)."""

    told: float  # from the cut till the last of its people was told the table moves
    taken: float  # from the end of its lease till the other played every one of its rooms
    back: float  # from the cut till the last of its people was at the table again
    stalls: list[float]  # the answers to the pings at the other server meanwhile
    came_back: float  # from the heal till the cut-off server's /healthz said 200
    kept: bool  # then the other still played every room it took
    moved: list[TimedClient]  # the cut-off server's people

    def __str__(self) -> str:
        return (
            f"{len(self.moved)} people moved: told in {self.told:.2f} s, their rooms the other's "
            f"{self.taken:.2f} s after the lease's end, all back at their tables in {self.back:.2f} s; "
            f"the other server's pings: p99 {percentile(self.stalls, 0.99) * 1000:.1f} ms, "
            f"most {max(self.stalls, default=math.nan) * 1000:.1f} ms; healed, it said ok in {self.came_back:.2f} s"
        )


def failover(load: Load, pair: list[tuple[ServerProcess, TcpProxy]], database: str, seconds: float = 30) -> Failover:
    """One of the ``pair`` of servers (each through its proxy to PostgreSQL)
    partitioned from it for ``seconds``, then healed: the one with fewer of
    the pingers' rooms (the other's pings are timed)."""
    with psycopg.connect(database, autocommit=True) as reader:

        def playing() -> dict[str, int]:
            """Each room's server (its process id), as its owner in the store says."""
            rows = reader.execute("SELECT name, owner FROM rooms").fetchall()
            return {name: int(owner.split(":")[1]) for name, owner in rows if owner is not None}

        before = playing()
        pinged = [sum(before[room_of(pinger)] == server.process.pid for pinger in load.pingers) for server, _ in pair]
        (cut_off, proxy), (healthy, _) = pair if pinged[0] <= pinged[1] else pair[::-1]
        moved = {name for name, pid in before.items() if pid == cut_off.process.pid}
        movers = [client for client in load.everyone() if room_of(client) in moved]
        watched = [pinger for pinger in load.pingers if before[room_of(pinger)] == healthy.process.pid]
        proxy.partition()
        cut = time.monotonic()
        load.run(5, lambda: all(client.told_it_moves for client in movers))
        told = max((client.told_it_moves or [math.inf])[0] for client in movers) - cut

        def all_moved() -> bool:
            now = playing()
            return all(now.get(name) == healthy.process.pid for name in moved)

        taken = time.monotonic() - cut - LEASE if load.run(cut + LEASE + 10 - time.monotonic(), all_moved) else math.inf
        load.run(cut + 15 - time.monotonic(), lambda: all(back_since(client, cut) for client in movers))
        back = max(back_since(client, cut) or math.inf for client in movers) - cut
        load.run(cut + seconds - time.monotonic())
        stalls = [answer for pinger in watched for answer in pinger.times(cut)]
        proxy.heal()
        healed = time.monotonic()
        came_back = time.monotonic() - healed if load.run(15, lambda: health(cut_off.port) == 200) else math.inf
        load.run(2)
        kept = all(playing()[name] == healthy.process.pid for name in moved)
    return Failover(told, taken, back, stalls, came_back, kept, movers)


def room_of(client: TimedClient) -> str:
    return client.url.rsplit("/", 1)[1]


def back_since(client: TimedClient, since: float) -> float:
    """When the client was welcomed at its table again after ``since`` (0: not yet)."""
    return next((when for when in client.welcomed if when > since), 0.0)
