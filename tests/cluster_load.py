"""A cluster's load and its measures, for the fault tests and the
benchmark (``benchmarks/cluster.py``): rooms that play by themselves
(``seat_load``: a person who lost the turn to a computer, and stays),
a probe room of two people who act, each an answer's time after the last
(``probe``), and people who only ping, in a room that waits for its
second person, so nothing in it is ever written (``pinger``); all are
``TimedClient``s, which time each answer (an action to the state that
acknowledges it, a ping to its pong) as it came to their sockets, note
the most moves they were shown, and when they were welcomed and told
that the table moves. ``Load.run`` drives them all for a while."""

from __future__ import annotations

import time
from collections.abc import Callable

import psycopg
from online_server import wait_for

from game.online.bot import Bot
from game.online.client import Client
from game.online.protocol import Message
from game.online.server_rooms import MOVES

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
        person = TimedClient(f"{url}/{prefix}{n}", f"L{n}", SELF_PLAYING).start()
        people.append(person)
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
