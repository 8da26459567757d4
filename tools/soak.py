"""A soak that plays like people: real table server, real game windows, real trouble.

    python tools/soak.py [--minutes 30] [--windows auto|xvfb|headless] [--rooms 4] [--seed N] [--hands N] [--keep DIR]

One table server (``python -m game.server``) on a free port of 127.0.0.1
and, in several rooms of several rule sets (1991 for two, standard for
three and four, Royal Revenge for three), real game processes joined to
them (``python -m game --join ws://127.0.0.1:PORT/ROOM``), each at 30
frames a second:

* ``xvfb`` (``auto`` where Xvfb, xdotool and xwininfo are installed): a
  real window on an Xvfb screen of its own, its keys sent with xdotool, its
  notices written to a file (``UNO1991_NOTICES``, ``game/ui/app.py``);
* ``headless``: ``--headless --script`` with ``UNO1991_REAL_TIME=1``
  (``game/ui/device/script.py``): the frames paced to the clock as a window's,
  the same keys from a script, the notices on its output.

Each window is played by a person the soak makes up: a life of a random
length, in phases of playing (a key every few tenths of a second: RETURN
and the arrows most, P, the colours, U), going idle past the room's turn
time (a computer plays for them) and coming back with a key, opening the
menu and playing on, mashing keys; the life ends with a SIGKILL or with
LEAVE from the menu, and the person comes back a few seconds later (a new
process, the same data folder: the same seat). The table server is
SIGKILLed at random moments and started again on the same port with the
same data folder. Seat 0 of each room is the soak's own player, a bot
(``game.online.bot.Bot``) that answers like a quick person and notes when
each of the room's events reaches it: the server's clock, near enough. A
room whose match is over is replaced by a new one.

At the end the windows are stopped, the server is started again with its
computers quick, and they play every room's match out for the people who
left; each room's record, sent in the ``over`` message (the protocol: not
the server's files), is then replayed and compared with what each window
showed. It prints:

* windows started: game processes started;
* hands played: hands finished in the rooms before the end;
* crashes: window processes that exited by themselves (not killed by the
  soak) with a traceback or a non-zero status: must be 0;
* rooms stopped: rooms whose match did not go on (nothing came for
  ``STALL_S`` while the server was up) or did not end at the end: 0;
* moves lost: cards a window showed played ("card you play R7") that the
  server's record lacks, in that order and not before the server made
  them; cards the record has that a window skipped while it was
  connected; differences between a hand's events as a window was sent them
  ("online hand 2 seen: ...") and the record's view of that hand for its
  seat (its last events, for a window that rejoined in the hand); the
  events the soak's own player heard against the record: 0;
* worst lag: how far a window's shown card was behind the server, in
  moves (actions the server had made since) and seconds.

``--keep DIR`` leaves the server's, the windows' and the soak's files there.
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import json
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from game.online.bot import Bot
from game.online.client import Client
from game.rules import Game

ROOT = Path(__file__).resolve().parent.parent

FPS = 30
TURN_TIME = 8.0  # seconds a person of a soak's room has to act
STALL_S = 60.0  # a room that sends nothing this long while the server is up has stopped
# A window may show a card this much before the soak's player hears of it:
# both hear the same server, but on a loaded machine the soak's own process
# (its players, the windows' keys and notices) may wait that long for a core.
SKEW_S = 3.0
# A card heard by the soak's player this long before a window took the
# table as it stands (and this long again) may still have come to the
# window after it, and be shown; one heard earlier was in that table. Not
# SKEW_S: widened to it, an old card of the same code and seat, on the pile
# as the window came back, was taken for the one it showed next (two
# "skipped" in a soak of the wider value).
RESTORE_S = 1.0
BACK_S = 5.0  # the soak's player, back after its connection went, hears what it missed this soon
WIND_DOWN_S = 180.0  # at the end, the longest the quick computers may take to finish the matches
NAMES = ("ANN", "BOB", "CY", "DEE", "ED", "FAY", "GUS", "HAL", "IDA", "JO", "KIM", "LEO")


@dataclass(frozen=True)
class RoomPlan:
    rules: str
    players: int
    windows: int  # the people in windows; the soak's player is one more person, the rest computers

    @property
    def table(self) -> dict:
        return {"rules": self.rules, "players": self.players, "people": self.windows + 1, "turn_time": TURN_TIME}

    @property
    def label(self) -> str:
        return f"{self.rules} {self.players}"


ROOM_PLANS = (
    RoomPlan("1991", 2, 1),
    RoomPlan("standard", 4, 2),
    RoomPlan("royal", 3, 1),
    RoomPlan("standard", 3, 2),
)


# ----- the people: what each window's person does in one life ---------------------------------

PLAY_KEYS = {"RETURN": 34, "RIGHT": 26, "LEFT": 6, "P": 6, "R": 5, "G": 3, "Y": 3, "B": 3, "U": 4, "H": 1}
MASH_KEYS = (*PLAY_KEYS, "UP", "DOWN", "J", "K", "C", "A", "S", "M", "SPACE", "BACKSPACE", "1", "2", "3")
X_KEYS = {"RETURN": "Return", "LEFT": "Left", "RIGHT": "Right", "UP": "Up", "DOWN": "Down"}
X_KEYS |= {"ESCAPE": "Escape", "SPACE": "space", "BACKSPACE": "BackSpace"}


@dataclass
class Life:
    """One life of a window: its keys as script commands ("press KEY",
    "wait FRAMES"), how it ends ("kill" at ``seconds``, or "leave": the
    keys end with ESCAPE and Y), and what it did, counted."""

    commands: list[str]
    seconds: float
    end: str
    phases: Counter


def make_life(rng: random.Random, seconds: float, end: str) -> Life:
    commands: list[str] = []
    phases: Counter = Counter()
    frames, budget = 0, int(seconds * FPS)

    def wait(n: int) -> None:
        nonlocal frames
        commands.append(f"wait {n}")
        frames += n

    def press(key: str) -> None:
        nonlocal frames
        commands.append(f"press {key}")
        frames += 1

    wait(rng.randint(30, 90))  # the lobby, the deal
    while frames < budget:
        phase = rng.choices(("play", "idle", "mash", "menu"), weights=(56, 22, 14, 8))[0]
        phases[phase] += 1
        if phase == "play":
            for _ in range(rng.randint(20, 100)):
                wait(rng.randint(4, 14))
                press(rng.choices(tuple(PLAY_KEYS), weights=tuple(PLAY_KEYS.values()))[0])
        elif phase == "idle":  # past the turn time: the computer plays for you; a key takes the seat back
            wait(int((TURN_TIME + rng.uniform(2, 8) if rng.random() < 0.5 else rng.uniform(20, 60)) * FPS))
            press("RIGHT")
        elif phase == "mash":
            for _ in range(rng.randint(30, 120)):
                press(rng.choice(MASH_KEYS))
                if rng.random() < 0.5:
                    wait(1)
        else:  # the menu, and back to the table
            press("ESCAPE")
            wait(rng.randint(10, 60))
            press(rng.choice(("N", "ESCAPE", "BACKSPACE")))
    if end == "leave":
        press("ESCAPE")
        wait(rng.randint(5, 20))
        press("Y")
        wait(30)
    else:
        wait(10 * FPS)  # the kill comes first
    return Life(commands, seconds, end, phases)


# ----- processes -------------------------------------------------------------------------------


def _die_with_the_soak() -> None:
    """In each child, before it runs: SIGKILL when the soak ends, however
    it ends (Linux's PR_SET_PDEATHSIG), so that nothing outlives it."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)


def child(command: list[str], **options) -> subprocess.Popen:
    return subprocess.Popen(command, cwd=ROOT, preexec_fn=_die_with_the_soak, **options)


def env_for(**extra: str) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.update(extra)
    return env


class TableServer:
    """``python -m game.server`` on one port and one data folder, killed and started again."""

    def __init__(self, data_dir: Path, lifetime: float) -> None:
        self.data_dir = data_dir
        self.lifetime = lifetime
        self.port = 0
        self.process: subprocess.Popen | None = None
        self.log = (data_dir.parent / "server.log").open("a", encoding="utf-8")
        self.kills = 0
        self.down_since: float | None = None  # while it is down
        self.downs: list[tuple[float, float]] = []  # (from, to): when it was down

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, *options: str) -> None:
        for _ in range(50):  # the port of a killed server may take a moment to be free
            command = [sys.executable, "-m", "game.server", "--port", str(self.port), "--data-dir", str(self.data_dir)]
            command += ["--stop-after", str(self.lifetime), *options]
            process = child(command, env=env_for(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            for line in process.stdout:
                self.log.write(line)
                if line.startswith("listening on "):
                    self.port = int(line.split()[-1].rsplit(":", 1)[1])
                    self.process = process
                    threading.Thread(target=self._copy, args=(process,), daemon=True).start()
                    if self.down_since is not None:
                        self.downs.append((self.down_since, time.time()))
                        self.down_since = None
                    return
            process.wait()
            time.sleep(0.2)
        raise RuntimeError(f"the table server would not start on port {self.port}: see {self.log.name}")

    def _copy(self, process: subprocess.Popen) -> None:
        for line in process.stdout:
            self.log.write(line)
        self.log.flush()

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
            self.kills += 1
        self.down_since = time.time()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def was_up(self, start: float, end: float) -> bool:
        """Up the whole time from ``start`` to ``end``."""
        downs = [*self.downs, *([(self.down_since, end)] if self.down_since is not None else [])]
        return not any(a < end and b > start for a, b in downs)


class Xvfb:
    """An X screen of one window's own (keys sent to it reach no other window),
    on a display number Xvfb finds free itself (``-displayfd``: no two
    screens started at once take the same one), ready once it says so.

    ``-noreset``: by default an X server resets itself when its last client
    leaves, and a window opened during the reset is refused ("no display
    found"). A desktop always has other clients; a screen of one window's own
    has none between the window's lives, and on a loaded machine about one
    connection in 20 made just after a window closed failed (a CI soak)."""

    READY_S = 60.0  # a loaded machine may take this long to start one

    def __init__(self, log: Path | None = None) -> None:
        """``log``: a file for what Xvfb says (why it stopped, if it does)."""
        ready, told = os.pipe()
        said_to = log.open("a", encoding="utf-8") if log is not None else subprocess.DEVNULL
        self.process = child(
            ["Xvfb", "-displayfd", str(told), "-screen", "0", "800x600x24", "-nolisten", "tcp", "-noreset"],
            pass_fds=(told,),
            stdout=subprocess.DEVNULL,
            stderr=said_to,
        )
        os.close(told)
        if log is not None:
            said_to.close()
        with os.fdopen(ready) as answer:
            said = answer.readline().strip() if select.select([answer], [], [], self.READY_S)[0] else ""
        if not said.isdigit():
            self.stop()
            raise RuntimeError(f"Xvfb did not start in {self.READY_S:g} s")
        self.number = int(said)
        self.display = f":{said}"

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        self.process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(10)


CARD_SHOWN = re.compile(r"^card (you play|.+ plays) (\S+)$")


@dataclass
class Run:
    """One process of a window: its life, what it noticed (time, text) and how it ended."""

    number: int
    life: Life
    started: float
    notices: list[tuple[float, str]] = field(default_factory=list)
    killed: bool = False  # by the soak
    status: int | None = None
    stderr: str = ""
    left_table: bool = False


class Window:
    """One person's seat in a room, played by one game process after
    another (each keeps the data folder, so the seat's token)."""

    def __init__(self, soak: Soak, room: Room, name: str, folder: Path) -> None:
        self.soak, self.room, self.name, self.folder = soak, room, name, folder
        folder.mkdir(parents=True)
        self.process: subprocess.Popen | None = None
        self.run: Run | None = None
        self.runs: list[Run] = []
        self.back_at: float | None = time.time() + soak.rng.uniform(0, 3)  # when the person (re)starts
        self.stopped = False
        self.screen = Xvfb(folder / "xvfb.txt") if soak.kind == "xvfb" else None
        self._keys: threading.Thread | None = None

    # -- the process ---------------------------------------------------------------

    def start(self) -> None:
        soak, rng = self.soak, self.soak.rng
        if self.screen is not None and not self.screen.alive:  # (not the game's doing: said apart)
            soak.screens_lost.append(f"{self.room.name} {self.name}: its X screen had gone: {self._xvfb_said()}")
            self.screen = Xvfb(self.folder / "xvfb.txt")
        end = rng.choices(("kill", "leave"), weights=(55, 45))[0]
        life = make_life(rng, rng.uniform(*soak.life_seconds), end)
        number = soak.next_run()
        self.run = run = Run(number, life, time.time())
        self.runs.append(run)
        url = f"{soak.server.url}/{self.room.name}"
        command = [sys.executable, "-m", "game", "--join", url, "--name", self.name, "--data-dir", str(self.folder)]
        stderr = (self.folder / f"stderr-{number}.txt").open("w", encoding="utf-8")
        if self.screen is None:
            script = self.folder / f"life-{number}.txt"
            script.write_text("\n".join(life.commands) + "\n", encoding="utf-8")
            command += ["--headless", "--script", str(script)]
            env = env_for(UNO1991_REAL_TIME="1")
            self.process = child(command, env=env, stdout=subprocess.PIPE, stderr=stderr, text=True, bufsize=1)
            threading.Thread(target=self._read_output, args=(self.process, run), daemon=True).start()
        else:
            notices = self.folder / f"notices-{number}.txt"
            env = env_for(DISPLAY=self.screen.display, UNO1991_NOTICES=str(notices))
            for name in ("WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
                env.pop(name, None)
            self.process = child(command, env=env, stdout=subprocess.DEVNULL, stderr=stderr)
            self._keys = threading.Thread(target=self._press_keys, args=(self.process, run, notices), daemon=True)
            self._keys.start()
        stderr.close()
        self.back_at = None
        soak.windows_started += 1
        soak.phases.update(life.phases)
        soak.ends[end] += 1

    def _read_output(self, process: subprocess.Popen, run: Run) -> None:
        """A headless window's notices, each as it comes (kept in a file as a real window's)."""
        with (self.folder / f"notices-{run.number}.txt").open("w", encoding="utf-8") as kept:
            for line in process.stdout:
                run.notices.append((time.time(), line.rstrip("\n")))
                kept.write(f"{run.notices[-1][0]:.3f} {line}")

    def _press_keys(self, process: subprocess.Popen, run: Run, notices: Path) -> None:
        """A real window: find it on its screen, then send the life's keys
        with xdotool (each held 70 ms, as a finger does), a few seconds of
        them a call; read its notices file as it goes."""
        env = env_for(DISPLAY=self.screen.display)
        window = None
        deadline = time.monotonic() + 30
        while window is None and process.poll() is None and time.monotonic() < deadline:
            tree = subprocess.run(["xwininfo", "-root", "-tree"], env=env, capture_output=True, text=True).stdout
            window = next((line.split()[0] for line in tree.splitlines() if '"UNO 1991"' in line), None)
            time.sleep(0.1)
        reader = NoticeFile(notices, run)
        if window is not None:
            with contextlib.suppress(OSError, subprocess.SubprocessError):
                subprocess.run(["xdotool", "windowfocus", window], env=env, capture_output=True, timeout=10)
        batch: list[str] = []
        seconds = 0.0
        for command in run.life.commands:
            verb, arg = command.split()
            if verb == "press":
                key = X_KEYS.get(arg, arg.lower())
                batch += [
                    "keydown",
                    "--window",
                    str(window),
                    key,
                    "sleep",
                    "0.07",
                    "keyup",
                    "--window",
                    str(window),
                    key,
                ]
                seconds += 0.07
            else:
                batch += ["sleep", f"{int(arg) / FPS:.3f}"]
                seconds += int(arg) / FPS
            if seconds >= 2.0:
                if not self._send(batch, env, process, reader):
                    return
                batch, seconds = [], 0.0
        if batch:
            self._send(batch, env, process, reader)
        while process.poll() is None:
            reader.read()
            time.sleep(0.1)
        reader.read()

    def _send(self, batch: list[str], env: dict, process: subprocess.Popen, reader: NoticeFile) -> bool:
        if process.poll() is not None or self.run is None or self.run.killed:
            return False
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run(["xdotool", *batch], env=env, capture_output=True, timeout=60)
        reader.read()
        return True

    def tick(self, now: float) -> None:
        """Start the person again when due; end the life when due; note how a process ended."""
        run, process = self.run, self.process
        if process is None:
            if self.back_at is not None and now >= self.back_at and self.soak.playing:
                self.start()
            return
        if any(text.endswith("left the online table") for _, text in run.notices[-5:]):
            run.left_table = True
        status = process.poll()
        if status is None:
            if run.life.end == "kill" and now - run.started >= run.life.seconds:
                self.kill()
            elif (run.left_table and self.screen is not None) or now - run.started > run.life.seconds + 60:
                self.kill()  # back at the title (or stuck in it): the person closes the game
            return
        self._ended(status)

    def kill(self) -> None:
        """SIGKILL: nothing tidied up."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.run.killed = True
            self.process.send_signal(signal.SIGKILL)
        self._ended(self.process.wait(30))

    def _ended(self, status: int) -> None:
        run = self.run
        if self._keys is not None:
            self._keys.join(10)
        elif self.process.stdout is not None:
            time.sleep(0.1)  # the reader takes the last lines
        run.status = status
        run.stderr = (self.folder / f"stderr-{run.number}.txt").read_text(encoding="utf-8", errors="replace")
        screen_gone = self.screen is not None and not self.screen.alive
        if not run.killed and (status != 0 or "Traceback" in run.stderr):
            if screen_gone:  # the X server went first: the window could only follow it
                lost = f"{self.room.name} {self.name} run {run.number}: status {status}: {self._xvfb_said()}"
                self.soak.screens_lost.append(lost)
            else:
                self.soak.crash(self, run)
        self.process = self.run = None
        self._keys = None
        if not self.stopped:
            self.back_at = time.time() + self.soak.rng.uniform(1, 6)

    def _xvfb_said(self) -> str:
        """The last words of the window's X server (why it stopped)."""
        with contextlib.suppress(OSError):
            return " / ".join((self.folder / "xvfb.txt").read_text(errors="replace").strip().splitlines()[-3:])
        return ""

    def stop(self) -> None:
        """The person goes for good (the room's match is over, or the soak)."""
        self.stopped = True
        self.back_at = None
        self.kill()
        if self.screen is not None:
            self.screen.stop()
            self.screen = None


class NoticeFile:
    """A real window's notices file (``UNO1991_NOTICES``), read as it grows."""

    def __init__(self, path: Path, run: Run) -> None:
        self.path, self.run, self.offset, self.rest = path, run, 0, ""

    def read(self) -> None:
        try:
            with self.path.open("rb") as file:
                file.seek(self.offset)
                data = file.read()
        except OSError:
            return
        self.offset += len(data)
        text = self.rest + data.decode("utf-8", errors="replace")
        *lines, self.rest = text.split("\n")
        for line in lines:
            stamp, _, notice = line.partition(" ")
            with contextlib.suppress(ValueError):
                self.run.notices.append((float(stamp), notice))


# ----- the soak's own player in each room -----------------------------------------------------


@dataclass
class Hearing:
    """What the soak's player in a room heard, and when (``time.time()``):
    each hand's events by their number in the hand (None for one it was
    never sent: a rejoin is sent only the hand's last events), when each
    first came, the server's ``moves`` count of each state, and when its
    connection was down (what it heard just after, it heard late)."""

    events: dict[int, list] = field(default_factory=dict)  # hand -> its events (None: never sent)
    arrivals: dict[int, list[float]] = field(default_factory=dict)  # hand -> when each of them first came
    moves: list[tuple[float, int]] = field(default_factory=list)  # (when, the server's moves then)
    offline: list[tuple[float, float]] = field(default_factory=list)  # (from, to)
    offline_from: float | None = None  # down since, now
    names: dict[str, int] = field(default_factory=dict)  # a person's name, as the windows write it -> seat

    def state(self, when: float, hand: int, events: list, moves: int, first: int = 0) -> None:
        """A state: the session's events of the hand, from its event number ``first`` on."""
        known, times = self.events.setdefault(hand, []), self.arrivals.setdefault(hand, [])
        for number, event in enumerate(events, start=first):
            if number >= len(known):
                known += [None] * (number - len(known)) + [event]
                times += [when] * (len(known) - len(times))
        self.moves.append((when, moves))

    def connection(self, when: float, online: bool) -> None:
        if not online and self.offline_from is None:
            self.offline_from = when
        elif online and self.offline_from is not None:
            self.offline.append((self.offline_from, when))
            self.offline_from = None

    def away_when_shown(self, when: float, heard: float) -> bool:
        """A card a window showed at ``when`` that the soak's player heard
        of only at ``heard``, later: its connection had gone about then
        (``SKEW_S``), and it heard of the card as it came back (``BACK_S``),
        or never (the end of a hand it came back after). Not any card heard
        after some later absence: a card matched that far ahead would hide
        the cards between."""
        spans = [*self.offline, *([(self.offline_from, float("inf"))] if self.offline_from is not None else [])]
        late = heard == float("inf")
        return any(a <= when + SKEW_S and b >= when - SKEW_S and (late or heard <= b + BACK_S) for a, b in spans)

    def moves_at(self, when: float) -> int:
        """The server's moves as last heard of at ``when``."""
        index = bisect.bisect_right(self.moves, (when, float("inf"))) - 1
        return self.moves[index][1] if index >= 0 else 0

    def plays(self, hand: int) -> list[tuple[int, str, float]]:
        """The cards played in a hand (seat, card), and when each was heard of."""
        pairs = zip(self.events.get(hand, []), self.arrivals.get(hand, []), strict=False)
        return [(event.seat, event.cards[0], when) for event, when in pairs if event and event.kind == "play"]

    def hands_finished(self, before: float) -> int:
        return sum(
            1
            for hand, events in self.events.items()
            if any(e and e.kind == "hand_end" and t < before for e, t in zip(events, self.arrivals[hand], strict=False))
        )


class Observer:
    """Seat 0 of a room, its creator: a bot that answers like a quick
    person (0.3 to 1.5 s; at once in the end's quick play) and notes what
    it hears, and when (``heard``)."""

    def __init__(self, url: str, table: dict, seed: int, log: Path) -> None:
        self.log = log.open("w", encoding="utf-8")
        self.client = Client(url, "SOAK", None, table).start()
        self.bot = Bot(self.client.session, level="normal", seed=seed)
        self.rng = random.Random(seed)
        self.heard = Hearing()
        self.last_news = time.time()
        self.record: str | None = None
        self.quick = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._play, daemon=True)
        self._thread.start()

    def _play(self) -> None:
        client, bot = self.client, self.bot
        pending: list[dict] = []
        due: float | None = None
        quiet = time.monotonic()
        while not self._stop.is_set() and self.record is None:
            messages = client.poll(wait=0.05)
            now = time.time()
            for message in messages:
                self._note(message, now)
            self.heard.connection(now, client.status == "online")
            if messages:
                quiet = time.monotonic()
                pending += messages
                if due is None:
                    due = time.monotonic() + (0.0 if self.quick else self.rng.uniform(0.3, 1.5))
            replies = []
            if due is not None and time.monotonic() >= due:
                replies = [reply for message in pending for reply in bot.respond(message)]
                pending, due = [], None
            elif due is None and time.monotonic() - quiet > 3.0:
                replies, quiet = bot.retry(), time.monotonic()
            for reply in replies:
                client.send(reply)
        client.close()
        self.log.close()

    def _note(self, message: dict, now: float) -> None:
        session = self.client.session
        kind = message.get("type")
        if kind == "state":
            self.last_news = now
            known = len(self.heard.arrivals.get(session.hand, [])) - session.first_event
            new = " | ".join(map(str, session.events[max(0, known) :]))
            self.log.write(f"{now:.3f} hand {session.hand} moves {session.moves}: new {new}\n")
            self.heard.state(now, session.hand, session.events, session.moves, session.first_event)
        elif kind == "over":
            self.record = message["record"]
        elif kind in ("seats", "welcome"):
            self.last_news = now
            seats = enumerate(session.seats)
            self.heard.names = {
                seat["name"].lower(): n for n, seat in seats if seat["kind"] == "person" and seat["name"]
            }

    @property
    def room(self) -> str | None:
        return self.client.session.room

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)


class Room:
    def __init__(self, soak: Soak, plan: RoomPlan, number: int) -> None:
        self.soak, self.plan = soak, plan
        self.name = f"soak-{plan.rules}{plan.players}-{number}"
        log = soak.work / f"observer-{self.name}.txt"
        self.observer = Observer(f"{soak.server.url}/{self.name}", plan.table, seed=number, log=log)
        self.windows: list[Window] = []
        self.stopped: str | None = None  # why, if it stopped
        self.over_at: float | None = None

    def open(self) -> None:
        deadline = time.monotonic() + 30
        while self.observer.room is None and time.monotonic() < deadline:
            time.sleep(0.05)
        for _ in range(self.plan.windows):
            name = NAMES[self.soak.next_name() % len(NAMES)]
            self.windows.append(Window(self.soak, self, name, self.soak.work / "windows" / f"{self.name}-{name}"))

    def tick(self, now: float) -> None:
        for window in self.windows:
            window.tick(now)
        if self.observer.record is not None and self.over_at is None:
            self.over_at = now
            for window in self.windows:
                window.stop()
        quiet_since = self.observer.last_news
        started = self.observer.client.session.started
        if (
            started
            and self.over_at is None
            and self.stopped is None
            and now - quiet_since > STALL_S
            and self.soak.server.was_up(quiet_since, now)
        ):
            self.stopped = f"nothing came for {now - quiet_since:.0f} s with the server up"


# ----- the soak ---------------------------------------------------------------------------------


class Soak:
    def __init__(self, minutes: float, kind: str, rooms: int, seed: int, work: Path, hands: int = 0) -> None:
        """``hands``: play on past ``minutes`` (up to twice as long) until the
        rooms have ended that many hands with people at their windows: on
        a loaded machine a short soak may end none in its time."""
        self.minutes, self.kind, self.work, self.hands = minutes, kind, work, hands
        self.began = self.ended = 0.0  # when the people began and stopped playing (time.time())
        self.rng = random.Random(seed)
        self.plans = ROOM_PLANS[:rooms]
        short = minutes < 10
        self.life_seconds = (20.0, 70.0) if short else (40.0, 240.0)
        self.server_every = (35.0, 70.0) if short else (60.0, 180.0)  # seconds between the server's kills
        (work / "windows").mkdir(parents=True)
        self.server = TableServer(work / "server", lifetime=2 * minutes * 60 + WIND_DOWN_S + 120)
        self.rooms: list[Room] = []
        self.windows_started = 0
        self.crashes: list[str] = []
        self.screens_lost: list[str] = []  # a window's X server gone (Xvfb's doing, not the game's)
        self.phases: Counter = Counter()
        self.ends: Counter = Counter()
        self.playing = True
        self._runs = 0
        self._names = 0
        self._rooms_made = 0

    def next_run(self) -> int:
        self._runs += 1
        return self._runs

    def next_name(self) -> int:
        self._names += 1
        return self._names - 1

    def crash(self, window: Window, run: Run) -> None:
        tail = run.stderr.strip().splitlines()[-6:]
        self.crashes.append(
            f"{window.room.name} {window.name} run {run.number}: status {run.status}: " + " / ".join(tail)
        )
        print(f"crash: {self.crashes[-1]}", flush=True)

    def new_room(self, plan: RoomPlan) -> Room:
        self._rooms_made += 1
        room = Room(self, plan, self._rooms_made)
        room.open()
        self.rooms.append(room)
        return room

    def play(self) -> None:
        self.server.start()
        self.began = began = time.time()
        end, most = began + self.minutes * 60, began + 2 * self.minutes * 60
        for plan in self.plans:
            self.new_room(plan)
        next_kill = began + self.rng.uniform(*self.server_every)
        while (now := time.time()) < end or (now < most and self.hands_ended(now) < self.hands):
            for room in list(self.rooms):
                room.tick(now)
                finished = room.over_at is not None and room.over_at == now
                if finished and end - now > 60:
                    self.new_room(room.plan)
            if now >= next_kill:
                self.server.kill()
                time.sleep(self.rng.uniform(0.5, 3.0))
                self.server.start()
                next_kill = time.time() + self.rng.uniform(*self.server_every)
            time.sleep(0.1)
        self.ended = time.time()
        self.playing = False

    def hands_ended(self, now: float) -> int:
        """Hands the rooms have ended so far, as their soak's players heard."""
        return sum(room.observer.heard.hands_finished(now) for room in self.rooms)

    def wind_down(self) -> None:
        """Every window stopped; the server again, its computers quick, to
        play the matches out for the people who are gone; each room's record."""
        for room in self.rooms:
            for window in room.windows:
                window.stop()
            room.observer.quick = True
        self.server.kill()
        self.server.start("--computer-delay", "0", "--react-delay", "0", "--grace", "0")
        deadline = time.monotonic() + WIND_DOWN_S
        while time.monotonic() < deadline and any(room.observer.record is None for room in self.rooms):
            time.sleep(0.2)
        for room in self.rooms:
            room.observer.stop()
            if room.observer.record is None and room.stopped is None:
                room.stopped = f"its match did not end within {WIND_DOWN_S:.0f} s of quick computers"
        self.server.stop()

    def close(self) -> None:
        for room in self.rooms:
            for window in room.windows:
                window.stop()
            room.observer.stop()
        self.server.stop()


# ----- what the windows showed against the server's records -------------------------------------


def hands_of(record: str) -> list[Game]:
    """The match of a record at the end of each of its hands."""
    lines = record.splitlines()
    ends = [i for i, line in enumerate(lines) if line.strip() == "next"]
    return [Game.replay("\n".join(lines[:i]) + "\n") for i in ends] + [Game.replay(record)]


@dataclass
class Played:
    """A card the server's record has played, and when the soak's player heard of it."""

    hand: int
    seat: int
    code: str
    heard: float
    moves: int  # the server's moves when it was heard of


@dataclass
class Findings:
    """What the checks found: the figures the soak prints, and each move lost said in words."""

    hands: int = 0
    lost: list[str] = field(default_factory=list)
    shown: int = 0
    hands_checked: int = 0
    lags: list[tuple[int, float, str]] = field(default_factory=list)  # moves, seconds, which card
    context: list[str] = field(default_factory=list)  # what a window noted around a move lost (the first)


def check_room(room: Room, findings: Findings, ended: float) -> None:
    heard = room.observer.heard
    findings.hands += heard.hands_finished(ended)
    if room.observer.record is not None:
        runs = [(window.name, run) for window in room.windows for run in window.runs]
        check_record(room.name, room.observer.record, heard, runs, findings)


def check_record(room: str, record: str, heard: Hearing, runs: list[tuple[str, Run]], findings: Findings) -> None:
    """A room's record against what the soak's player heard and what each
    process of its windows showed."""
    games = hands_of(record)
    played: list[Played] = []
    for number, game in enumerate(games, start=1):
        truth = game.view(0).events
        known, times = heard.events.get(number, []), heard.arrivals.get(number, [])
        wrong = [i for i, event in enumerate(known) if event is not None and (i >= len(truth) or event != truth[i])]
        if wrong:
            findings.lost.append(f"{room} hand {number}: the soak's player heard {known[wrong[0]]} as event {wrong[0]}")
        for index, event in enumerate(truth):
            if event.kind == "play":
                when = times[index] if index < len(times) else float("inf")  # never heard of: the connection was down
                played.append(Played(number, event.seat, event.cards[0], when, heard.moves_at(when)))
    for name, run in runs:
        check_run(f"{room} {name} run {run.number}", run, games, played, heard, findings)


def could_show(
    card: Played, shown: tuple[int | None, str], seat: int | None, since: float, when: float, heard: Hearing
):
    """Whether the card a window at ``seat`` showed at ``when`` (``shown``:
    the seat that played it, None if its name is not known, and the card)
    can be this card of the record: the same card, by that seat (by
    another seat than the window's, if not known), after the window last
    took the table as it stands (``since``), and not long after the window
    showed it (unless the soak's player heard of it late, its connection
    down)."""
    player, code = shown
    if card.code != code or card.heard + RESTORE_S < since:
        return False
    if (player is not None and card.seat != player) or (player is None and card.seat == seat):
        return False
    return card.heard <= when + SKEW_S or heard.away_when_shown(when, card.heard)


def seat_named(words: str, names: dict[str, int]) -> int | None:
    """The seat a window names in "card NAME plays": a person by the name
    the server gives (marked "(cpu)" while a computer plays for them),
    "computer 3" by its number; None for one it cannot tell ("computer"
    at a table of two, whose other seat is the window's anyway)."""
    name = words.removesuffix(" plays").removesuffix(" (cpu)")
    number = re.fullmatch(r"computer (\d+)", name)
    return int(number.group(1)) if number else names.get(name)


def check_run(where: str, run: Run, games: list[Game], played: list[Played], heard: Hearing, findings: Findings):
    """One process of a window: the cards it showed against the record's
    (``played``), in order, none long before the server made it, none
    skipped while it showed the table as it went; each hand's events as it
    was sent them against the record's view of that hand for its seat."""
    seat = None
    names = heard.names
    at = 0  # the next of ``played`` it may show
    last: int | None = None  # the last of ``played`` it showed, since it last took the table as it stands
    since = run.started
    restored: float | None = None  # when it last took the table as it stands
    shown_at = 0  # the notice of the last card it showed
    for number, (when, line) in enumerate(run.notices):
        text = line.split(None, 1)[1] if " " in line.strip() else line
        if text.startswith("online seat "):
            seat = int(text.split()[2])
        elif text.startswith("left the online table"):
            break  # the title menu, and any offline match started from it, are not the room's
        elif text.startswith("table you "):
            last, since, restored = None, when - RESTORE_S, when  # shown as it stands: the cards before went by unseen
        elif text.startswith("online hand ") and " seen: " in text and seat is not None:
            check_seen(where, text, seat, games, findings)
        elif (shown := CARD_SHOWN.match(text)) is not None:
            findings.shown += 1
            code = shown.group(2)
            card = (seat if shown.group(1) == "you play" else seat_named(shown.group(1), names), code)
            index = card_shown(played, at, card, seat, since, when, heard, restored)
            if index is None:
                findings.lost.append(f"{where}: showed {code} at {when:.3f}, which the record does not play then")
                continue
            if last is not None and index > last + 1:
                skipped = " ".join(card.code for card in played[last + 1 : index])
                findings.lost.append(f"{where}: skipped {skipped} before {code} at {when:.3f}")
                if not findings.context:
                    findings.context = note_context(where, run.notices[shown_at : number + 1], played[last : index + 1])
            card = played[index]
            lag = (max(0, heard.moves_at(when) - card.moves), max(0.0, when - card.heard))
            findings.lags.append((*lag, f"{where}: {code} of hand {card.hand} at {when:.3f}"))
            last, at, shown_at = index, index + 1, number


def card_shown(
    played: list[Played],
    at: int,
    shown: tuple[int | None, str],
    seat: int | None,
    since: float,
    when: float,
    heard: Hearing,
    restored: float | None,
) -> int | None:
    """Which of ``played`` (from ``at`` on) the card a window showed at
    ``when`` is: the first that ``could_show`` it; but one heard before the
    window last took the table as it stands (``restored``) was most likely
    on that table, so a card like it heard since, if one could be the card
    shown, is it (the 1991 game's Skips: YS, YS again, then Y5, the window
    back between the two: the second was taken for the first, and called
    skipped)."""
    fits = (i for i in range(at, len(played)) if could_show(played[i], shown, seat, since, when, heard))
    index = next(fits, None)
    if index is not None and restored is not None and played[index].heard < restored:
        return next((i for i in fits if played[i].heard >= restored), index)
    return index


def note_context(where: str, notices: list[tuple[float, str]], cards: list[Played]) -> list[str]:
    """For the report: a window's notices from the last card it showed to
    the one after a skip (at most 40), and when the soak's player heard of
    the cards between, so that a move lost in CI can be read afterwards."""
    heard = [f"hand {card.hand} seat {card.seat} {card.code} heard at {card.heard:.3f}" for card in cards]
    kept = notices if len(notices) <= 40 else [*notices[:20], (0.0, "..."), *notices[-19:]]
    return [f"{where}, the record's cards: " + "; ".join(heard), *(f"{when:.3f} {line}" for when, line in kept)]


def check_seen(where: str, text: str, seat: int, games: list[Game], findings: Findings) -> None:
    """``online hand N seen: E1 | E2 ...``: the events of hand N as the
    window was sent them, against the record's view of it for the seat
    (its last events only: a window that rejoined in the hand was sent the
    last ones alone)."""
    number = int(text.split()[2])
    listed = text.split(" seen: ", 1)[1]
    seen = listed.split(" | ") if listed else []
    if number > len(games):
        findings.lost.append(f"{where}: saw hand {number}, which the record does not have")
        return
    findings.hands_checked += 1
    truth = [str(event) for event in games[number - 1].view(seat).events]
    truth = truth[max(0, len(truth) - len(seen)) :]
    missing, extra = Counter(truth) - Counter(seen), Counter(seen) - Counter(truth)
    findings.lost += [f"{where} hand {number}: the window lacks {event}" for event in missing.elements()]
    findings.lost += [f"{where} hand {number}: the record lacks {event}" for event in extra.elements()]


def report(soak: Soak, findings: Findings) -> str:
    lags = sorted(findings.lags, key=lambda lag: lag[1])
    worst_moves = max((lag[0] for lag in lags), default=0)
    worst_seconds = max((lag[1] for lag in lags), default=0.0)
    p95 = (sorted(lag[0] for lag in lags)[int(len(lags) * 0.95)], lags[int(len(lags) * 0.95)][1]) if lags else (0, 0.0)
    rooms = Counter(room.plan.label for room in soak.rooms)
    stopped = [f"{room.name}: {room.stopped}" for room in soak.rooms if room.stopped]
    matches = sum(1 for room in soak.rooms if room.over_at is not None)
    lines = [
        f"soak: {soak.minutes:g} minutes ({(soak.ended - soak.began) / 60:.1f} played), {soak.kind} windows at"
        f" {FPS} frames a second, rooms " + ", ".join(f"{label} x{count}" for label, count in rooms.items()),
        f"windows started: {soak.windows_started}",
        f"hands played: {findings.hands} (matches over during the soak: {matches}; every record checked)",
        f"crashes: {len(soak.crashes)}",
        *(f"  {crash}" for crash in soak.crashes),
        f"screens lost: {len(soak.screens_lost)} (a window's X server gone: Xvfb's doing, started again)",
        *(f"  {line}" for line in soak.screens_lost),
        f"rooms stopped: {len(stopped)}",
        *(f"  {line}" for line in stopped),
        f"moves lost: {len(findings.lost)} ({findings.shown} cards shown,"
        f" {findings.hands_checked} hands' events checked)",
        *(f"  {line}" for line in findings.lost[:20]),
        *(f"    {line}" for line in findings.context),
        f"worst lag: {worst_moves} moves, {worst_seconds:.1f} s (95% of cards within {p95[0]} moves, {p95[1]:.1f} s)",
        f"server kills: {soak.server.kills}; lives ended by SIGKILL {soak.ends['kill']}, by LEAVE {soak.ends['leave']};"
        f" phases: play {soak.phases['play']}, idle past the turn time {soak.phases['idle']},"
        f" mash {soak.phases['mash']}, menu {soak.phases['menu']}",
    ]
    return "\n".join(lines)


def window_kind(asked: str) -> str:
    if asked != "auto":
        return asked
    return "xvfb" if all(shutil.which(tool) for tool in ("Xvfb", "xdotool", "xwininfo")) else "headless"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--windows", choices=("auto", "xvfb", "headless"), default="auto")
    parser.add_argument("--rooms", type=int, default=len(ROOM_PLANS), choices=range(1, len(ROOM_PLANS) + 1))
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument(
        "--hands", type=int, default=0, help="play on (up to twice the minutes) until this many hands have ended"
    )
    parser.add_argument("--keep", type=Path, default=None, help="keep the soak's files in this folder")
    args = parser.parse_args(argv)
    seed = random.randrange(2**31) if args.seed is None else args.seed
    work = args.keep.resolve() if args.keep else Path(tempfile.mkdtemp(prefix="uno1991-soak-"))
    work.mkdir(parents=True, exist_ok=True)
    kind = window_kind(args.windows)
    print(f"soak seed {seed}: {args.minutes:g} minutes, {kind} windows, files in {work}", flush=True)
    soak = Soak(args.minutes, kind, args.rooms, seed, work, hands=args.hands)
    try:
        soak.play()
        soak.wind_down()
    finally:
        soak.close()
    findings = Findings()
    for room in soak.rooms:
        check_room(room, findings, soak.ended)
    figures = report(soak, findings)
    print(figures, flush=True)
    (work / "report.txt").write_text(figures + "\n", encoding="utf-8")
    (work / "figures.json").write_text(
        json.dumps({"crashes": soak.crashes, "lost": findings.lost, "lags": sorted(findings.lags)}, indent=1)
    )
    if args.keep is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if not soak.crashes and not findings.lost and not any(room.stopped for room in soak.rooms) else 1


if __name__ == "__main__":
    sys.exit(main())
