"""Make the real-window screenshots of docs/first-five-minutes.md afresh.

    python tools/window_screenshots.py OUT_DIR

Unlike ``tools/screenshots.py`` (headless, byte for byte the same every
time), these come from the game in a real X11 window: an 800 x 600 Xvfb
screen with no window manager, the game started as a player starts it
(``python -m game``), keys and mouse moves sent with xdotool, and the
screen or the window taken with ImageMagick's ``import``. A real window runs
in real time, so the waits are in seconds and the pictures vary a little
from run to run (an animation a frame further on); they are not compared by
the tests. It makes the "after" pictures:

    window_after.png                   the title menu at 2x on 800 x 600 (the whole screen)
    window_resized_after.png           the table, the window resized to 790 x 560 (the whole screen)
    pointer_after.png                  your first turn: no pointer, the mouse never moved
    pointer_move_key_move_leave.png    the mouse moved in, a key, moved again, moved out (2 x 2)
    prompt_after.png                   just after P: the prompt line empty while the card comes
    prompt_key_refused.png             a key in the computer's turn, refused
    settings_warning_after.png         a garbled settings file in a deep folder: the warning whole
    people_curtain_ann.png             two people at the 1991 table (--people 2 --names ANN,BOB): the curtain for ANN
    people_turn_ann.png                ANN's turn once she opened it
    people_curtain_bob.png             after ANN picked up and passed: the curtain for BOB
    people_turn_bob.png                BOB's turn
    online_lobby.png                   --join a room of a table server on 127.0.0.1: the lobby, BOB joined
    online_table.png                   the match started with a computer in the free seat: your turn
    online_chat_bubble.png             BOB (a chatty bot) says something: the bubble by his panel
    online_chat_strip.png              Q: the quick chat's strip over your hand
    online_play_again.png              back at a room whose match is over: its result says PLAY AGAIN
    online_play_again_waiting.png      RETURN said yes: the result says whom the next match waits for
    online_play_again_next.png         BOB said yes too: the room's next match, dealt at a new table
    online_watch.png                   a second game watching the room (--watch): every hand face down, WATCHING

The ``*_before.png`` pictures show the game before those changes and are
kept as they are. Needs Xvfb, xdotool, xwininfo and ImageMagick (import, convert).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from soak import Xvfb  # (this folder: the soak's screens)

ROOT = Path(__file__).resolve().parent.parent
TITLE = "UNO 1991"
# Seconds: the loading screen shows at least 1.5 s; the deal and the first
# turn take about 2.5 s at 30 frames a second.
AFTER_START, AFTER_DEAL = 4.0, 5.0
CHATTY = ("--chat-every", "2")  # BOB's quick chat: a saying every 2 s, each showing for 3


def need(*programs: str) -> None:
    missing = [program for program in programs if shutil.which(program) is None]
    if missing:
        raise SystemExit(
            f"tools/window_screenshots.py needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)"
        )


class Game:
    """``python -m game`` in the Xvfb screen, and its window."""

    def __init__(self, display: str, data: Path, *flags: str, besides: tuple[str, ...] = ()) -> None:
        """``besides``: the windows of games already on the screen (not this one's)."""
        self.env = {**os.environ, "DISPLAY": display, "SDL_AUDIODRIVER": "dummy"}
        for name in ("WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
            self.env.pop(name, None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game", "--seed", "1", "--data-dir", str(data), *flags],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.window = self.find_window(besides)
        self.xdotool("windowfocus", "--sync", self.window)

    def find_window(self, besides: tuple[str, ...] = ()) -> str:
        """The game's window id, once it is there (xdotool's search by name
        misses it without a window manager; xwininfo lists it)."""
        for _ in range(150):
            if self.process.poll() is not None:
                raise SystemExit(f"python -m game stopped with status {self.process.returncode}")
            tree = subprocess.run(["xwininfo", "-root", "-tree"], env=self.env, capture_output=True, text=True).stdout
            for line in tree.splitlines():
                if f'"{TITLE}"' in line and line.split()[0] not in besides:
                    return line.split()[0]
            time.sleep(0.1)
        self.close()
        raise SystemExit("the game's window never showed")

    def xdotool(self, *args: str) -> str:
        done = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30, check=True)
        return done.stdout

    def key(self, *names: str, pause: float = 0.3) -> None:
        """Press each key for a tenth of a second (a few frames: a press and
        release within one frame may be missed), then wait ``pause``."""
        for name in names:
            self.xdotool("keydown", "--window", self.window, name)
            time.sleep(0.1)
            self.xdotool("keyup", "--window", self.window, name)
            time.sleep(pause)

    def geometry(self) -> tuple[int, int, int, int]:
        values = dict(line.split("=") for line in self.xdotool("getwindowgeometry", "--shell", self.window).split())
        return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])

    def mouse(self, x: int, y: int) -> None:
        """Move the mouse to (x, y) of the window (negative: outside it)."""
        left, top, _, _ = self.geometry()
        self.xdotool("mousemove", str(left + x), str(top + y))

    def shot(self, path: Path, whole_screen: bool = False) -> None:
        target = "root" if whole_screen else self.window
        subprocess.run(["import", "-window", target, str(path)], env=self.env, check=True, timeout=30)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def make(out: Path, display: str, work: Path) -> None:
    data = work / "data"

    game = Game(display, data)
    time.sleep(AFTER_START)  # the loading screen, then the title menu
    game.shot(out / "window_after.png", whole_screen=True)
    game.key("Return")
    time.sleep(AFTER_DEAL)
    game.shot(out / "pointer_after.png")
    frames = []
    for step, action in enumerate(("move in", "key", "move again", "leave")):
        if action == "move in":
            game.mouse(300, 120)
        elif action == "key":
            game.key("Left", pause=0)
            game.key("Right", pause=0)
        elif action == "move again":
            game.mouse(340, 130)
        else:
            game.mouse(-40, -40)
        time.sleep(0.6)
        frames.append(work / f"pointer_{step}.png")
        game.shot(frames[-1])
    top = work / "top.png"
    bottom = work / "bottom.png"
    subprocess.run(["convert", str(frames[0]), str(frames[1]), "+append", str(top)], check=True)
    subprocess.run(["convert", str(frames[2]), str(frames[3]), "+append", str(bottom)], check=True)
    subprocess.run(
        ["convert", str(top), str(bottom), "-append", str(out / "pointer_move_key_move_leave.png")], check=True
    )
    game.key("p", pause=0.05)
    game.shot(out / "prompt_after.png")
    time.sleep(1.5)
    game.key("p", pause=1.0)  # pass: the computer's turn
    game.key("Right", pause=0.1)
    game.shot(out / "prompt_key_refused.png")
    game.xdotool("windowsize", game.window, "790", "560")
    time.sleep(1.5)
    game.shot(out / "window_resized_after.png", whole_screen=True)
    game.close()

    deep = work / "home" / "player" / ".local" / "share" / "UNO 1991" / "saved-games" / "settings-backup"
    deep.mkdir(parents=True)
    (deep / "uno1991.json").write_text('{"difficulty": "hard", \x01 garbled')
    game = Game(display, deep)
    time.sleep(AFTER_START)
    game.shot(out / "settings_warning_after.png")
    game.close()

    # Seed 1 deals ANN the first turn; P picks up, P again passes to BOB.
    game = Game(display, work / "people", "--people", "2", "--names", "ANN,BOB")
    time.sleep(AFTER_START)
    game.key("Return", pause=AFTER_DEAL)
    for person in ("ann", "bob"):
        game.shot(out / f"people_curtain_{person}.png")
        game.key("Return", pause=1.5)
        game.shot(out / f"people_turn_{person}.png")
        game.key("p", pause=1.5)
        game.key("p", pause=AFTER_DEAL)
    game.close()


@contextlib.contextmanager
def table_server(work: Path):
    """``python -m game.server`` on a free 127.0.0.1 port, for two and a half minutes at most; yields its address."""
    server = subprocess.Popen(
        [sys.executable, "-m", "game.server", "--port", "0", "--data-dir", str(work / "server"), "--stop-after", "150"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline()
        if not line.startswith("listening on "):
            raise SystemExit(f"the table server did not start: {line!r}")
        yield line.split()[-1]
    finally:
        server.terminate()
        server.wait(timeout=10)


def online(out: Path, display: str, work: Path) -> None:
    """ANN makes a room of three at a table server; BOB (a network bot,
    chatty) joins; ANN starts it with a computer in the free seat, then
    opens the quick chat; then a second game watches the room, its window
    over ANN's."""
    with table_server(work) as address:
        url = f"{address}/party"
        game = Game(display, work / "online", "--join", url, "--name", "ANN", "--rules", "standard", "--players", "3")
        time.sleep(2.0)
        bob = subprocess.Popen(
            [sys.executable, "-m", "game.online.bot", url, "--name", "BOB", "--seed", "2", "--timeout", "60", *CHATTY],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(2.0)
        game.shot(out / "online_lobby.png")
        game.key("Return", pause=AFTER_DEAL)
        game.shot(out / "online_table.png")
        time.sleep(1.0)  # BOB says something every 2 s, and a saying shows for 3: one is showing
        game.shot(out / "online_chat_bubble.png")
        game.key("q", pause=0.5)
        game.key("Right", pause=0.5)
        game.shot(out / "online_chat_strip.png")
        game.key("q", pause=0.5)  # closed again: ANN's turn waits for her (30 s)
        watcher = Game(display, work / "watcher", "--watch", url, besides=(game.window,))
        time.sleep(3.0)
        watcher.shot(out / "online_watch.png")
        watcher.close()
        game.close()
        bob.terminate()
        bob.wait(timeout=10)


def play_again(out: Path, display: str, work: Path) -> None:
    """ANN and BOB (two network bots) play a match of the 1991 game; ANN
    comes back to the room in the game, with her seat's token: the match's
    result says PLAY AGAIN. She says yes; BOB, back too (a bare client),
    says yes a moment later, and the next match is dealt."""
    from game.online.client import Client

    with table_server(work) as address:
        url = f"{address}/again"
        tokens = {name: work / f"{name}.token" for name in ("ANN", "BOB")}
        table = json.dumps({"rules": "1991", "players": 2})
        bots = [_bot(url, "ANN", tokens["ANN"], "--table", table)]
        time.sleep(1.0)
        bots.append(_bot(url, "BOB", tokens["BOB"]))
        for bot in bots:
            bot.wait(timeout=120)  # the match is over: each leaves
        data = work / "again"
        data.mkdir()
        (data / "online-seats.json").write_text(json.dumps({url: tokens["ANN"].read_text().strip()}))
        game = Game(display, data, "--join", url)
        bob = Client(url, "BOB", tokens["BOB"].read_text().strip()).start()
        time.sleep(AFTER_START)
        game.key("Return", pause=1.0)  # the last hand's result, then the match's
        game.shot(out / "online_play_again.png")
        game.key("Return", pause=1.0)
        game.shot(out / "online_play_again_waiting.png")
        bob.poll(wait=1.0)
        bob.send(bob.session.play_again())
        time.sleep(AFTER_DEAL)
        game.shot(out / "online_play_again_next.png")
        game.close()
        bob.close()


def _bot(url: str, name: str, token_file: Path, *options: str) -> subprocess.Popen:
    command = [sys.executable, "-m", "game.online.bot", url, "--name", name, "--token-file", str(token_file)]
    return subprocess.Popen([*command, "--timeout", "120", *options], cwd=ROOT, stdout=subprocess.DEVNULL)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/window_screenshots.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to write the pictures into (made if missing)")
    args = parser.parse_args(argv)
    need("Xvfb", "xdotool", "xwininfo", "import", "convert")
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    screen = Xvfb()
    try:
        with tempfile.TemporaryDirectory() as work:
            make(out, screen.display, Path(work))
            online(out, screen.display, Path(work))
            play_again(out, screen.display, Path(work))
    finally:
        screen.stop()
    print(f"wrote the window pictures into {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
