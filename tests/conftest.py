"""Shared helpers for the tests: stacking a deck for a scenario, a game in a
made-up position, settings kept in memory, the real game run headless
(``HeadlessApp``, which imports ``game.ui`` only when used, so that the
tests of the rules alone never load pyxel), HOST's server on a free port
that stops by itself, and the online tests' table servers (``servers``,
``table_server``), PostgreSQL (``postgres``) and HAProxy (``haproxy``)."""

import shutil
from collections import Counter

import online_server
import pytest
from haproxy_server import HaproxyServer
from postgres_server import PostgresServer

from game.online import hosting
from game.rules.rulesets import RULES_1991
from game.storage.memory import Memory
from game.storage.settings import Settings, Stats
from game.storage.store import Store

# With --doctest-modules (pyproject.toml), pytest would import these to look for doctests:
# they are programs the tests run (scripts/) or load into a browser (browser/), not modules.
collect_ignore = ["scripts", "browser"]

# Every test: no process it started outlives it, and the run leaves the work tree as it found it.
pytest_plugins = ["guards"]

# HOST on the title menu, in any test (a key mash too), starts its table
# server on a free port of 127.0.0.1, never the real 8765 nor the LAN, and
# it stops by itself (and 5 s after the tests end, nobody connected).
hosting.PORT = 0
hosting.BIND = "127.0.0.1"
hosting.LIFETIME = 120.0
hosting.LINGER = 5.0


@pytest.fixture(autouse=True)
def no_key_left_down():
    """After each test, the keys its last driven frame pressed are let go:
    pyxel is one per process, and a key a test left down would be read as
    pressed by the next test's game (the title's PLAY chosen by a RETURN
    that was not its own)."""
    yield
    import sys

    script = sys.modules.get("game.ui.device.script")  # (only where a test drove pyxel)
    if script is not None:
        script.let_go()


def stacked(hands: list[list[str]], turn_up: str, draw: tuple[str, ...] = (), deck=RULES_1991.deck) -> list[str]:
    """A deck (top first) that deals exactly ``hands``, turns up ``turn_up``
    and then draws ``draw`` in order; the other cards follow in deck order."""
    size = len(hands[0])
    chosen = [hand[i] for i in range(size) for hand in hands] + [turn_up, *draw]
    rest = Counter(deck)
    rest.subtract(chosen)
    assert min(rest.values()) >= 0, f"the scenario asks for more copies than the deck has: {-rest}"
    ordered = []
    for code in deck:
        if rest[code] > 0:
            ordered.append(code)
            rest[code] -= 1
    return chosen + ordered


def position(rules: str, hands: list[list[str]], top: str, colour=None, draw=(), turn=0, **fields):
    """A game of ``rules`` in a made-up position: these hands, ``top`` on the
    discard pile (in ``colour``, by default its own), ``draw`` on top of the
    draw pile and the rest of the deck under it. ``fields`` set other parts
    of the position (``king``, ``jester``, ``direction``, ``scores``...).
    Such a game has no record."""
    import dataclasses

    from game.rules import Game
    from game.rules.rulesets import get_ruleset

    deck = get_ruleset(rules).deck
    rest = Counter(deck)
    rest.subtract([code for hand in hands for code in hand] + [top, *draw])
    assert min(rest.values()) >= 0, f"the position asks for more copies than the deck has: {-rest}"
    pile = [*draw, *sorted(rest.elements())]
    settings = {
        "hand": tuple(hands[turn]),
        "counts": tuple(len(hand) for hand in hands),
        "discard": (top,),
        "top": top,
        "colour": colour or top[0],
        "draw_count": len(pile),
        "turn": turn,
        "drawn": None,
        "direction": 1,
        "events": (),
        "pending": None,
    }
    view = dataclasses.replace(Game(rules, len(hands), seed=1).view(turn), **{**settings, **fields})
    return Game.from_view(view, hands, pile, seed=1)


class SettingsStore(Store):
    """A real ``Store`` in memory (``store=`` of an ``App``) that starts from
    ``settings`` (by default, the defaults) and no statistics, and holds the
    very objects the game last saved (``settings``, ``stats``; ``saves``:
    how many times), for a test to look at or change."""

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__(Memory())
        self.settings, self.stats = Settings() if settings is None else settings, Stats()
        self.saves = 0

    def load_settings(self) -> tuple[Settings, Stats, None]:
        return self.settings, self.stats, None

    def save_settings(self, settings: Settings, stats: Stats) -> str | None:
        self.settings, self.stats = settings, stats
        self.saves += 1
        return super().save_settings(settings, stats)


class HeadlessApp:
    """The real game, an ``App``, run headless in this process and driven
    frame by frame through the ``Driver`` that ``--headless`` runs use.

    ``HeadlessApp(seed, **kwargs)`` builds ``App(seed, low_memory=True,
    **kwargs)`` (``store=``, ``table=``, ``deck=``...) and keeps the lines it
    reports ("   12 scene title") in ``lines``. ``press("DOWN", "RETURN")``
    presses the named keys (``game.ui.device.keys``), one a frame; ``wait(frames)``
    lets frames go by with no key down. ``app``, ``match`` (None on the
    title menu) and ``driver`` (``driver.click(x, y)``) are there for the
    rest. pyxel must be initialised headless first: each test module's
    ``headless_pyxel`` fixture does it."""

    def __init__(self, seed: int = 1, **kwargs) -> None:
        from game.ui.app import App
        from game.ui.device.script import Driver

        self.lines: list[str] = []
        self.app = App(seed, report=self.lines.append, low_memory=True, **kwargs)
        self.driver = Driver(self.app)

    @property
    def match(self):
        return self.app.match

    def press(self, *names: str) -> None:
        from game.ui.device import keys

        for name in names:
            self.driver.frame([keys.key_code(name)])

    def wait(self, frames: int) -> None:
        for _ in range(frames):
            self.driver.frame()


# ----- the online tests' table servers ----------------------------------------------


@pytest.fixture
def servers():
    """Start table servers (``servers(*options, port=0, lifetime=120)``), every one with
    the tests' fast settings and all keeping their rooms in one folder, so
    that a server started again on a port resumes the rooms of the last;
    all stopped, and the folder removed, at the end."""
    folder = online_server.quick_dir()
    started = []

    def start(*options: str, port: int = 0, lifetime: float = online_server.LIFETIME) -> online_server.ServerProcess:
        server = online_server.ServerProcess(folder, *online_server.FAST, *options, port=port, lifetime=lifetime)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def table_server(servers):
    """One table server with the tests' fast settings."""
    return servers()


@pytest.fixture(scope="module")
def postgres():
    """A real PostgreSQL (``postgres_server``) for a module's tests; they skip, saying why, without one."""
    try:
        server = PostgresServer()
    except FileNotFoundError as error:
        pytest.skip(str(error))
    yield server
    server.stop()


@pytest.fixture
def haproxy():
    """``haproxy(*ports)``: HAProxy in front of servers' ports; its port."""
    started = []

    def start(*ports: int) -> int:
        try:
            started.append(HaproxyServer(list(ports)))
        except FileNotFoundError as error:
            pytest.skip(str(error))
        return started[-1].port

    yield start
    for proxy in started:
        proxy.stop()
