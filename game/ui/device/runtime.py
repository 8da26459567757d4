"""What differs between the desktop and the browser (Pyodide, ``sys.platform ==
"emscripten"``), decided in one place, each decision a function of the
platform so that tests can ask about the browser natively.

In the browser: pyxel quits on no key (ESCAPE is the game's own key
everywhere), the title menu has no QUIT (a page is closed, not quit), and the
settings live in the page's localStorage, never on a disk that a reload
forgets; a page has no HOST (it cannot listen for connections). The game
starts no subprocess anywhere, and no thread but online play's on the
desktop (the connection, and HOST's server: ``game.online``); it calls
``pyxel.flip`` only in scripted headless runs, never in a window or a page.
"""

from __future__ import annotations

import inspect
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pyxel

from game.storage.files import REPLAYS_FOLDER
from game.storage.local_storage import LocalStorage
from game.storage.memory import Memory
from game.storage.safe_files import ALREADY_RUNNING, lock_folder, remove_stale_temporaries
from game.storage.store import Store, open_store
from game.ui.layout import FPS, SCREEN_H, SCREEN_W

BROWSER = "emscripten"
DATA_DIR_VARIABLE = "UNO1991_DATA_DIR"
VENDOR = "UNO 1991"
APP_NAME = "UNO 1991"
HEADLESS_FPS = 1000  # scripted runs are not paced to the clock anyway


def in_browser(platform: str | None = None) -> bool:
    return (sys.platform if platform is None else platform) == BROWSER


def can_quit(platform: str | None = None) -> bool:
    """Whether the title menu offers QUIT: on the desktop, not in a page."""
    return not in_browser(platform)


def can_host(platform: str | None = None) -> bool:
    """Whether the title menu offers HOST (the table server, started in the
    game): on the desktop; a page cannot listen for connections."""
    return not in_browser(platform)


def init_options(headless: bool, display_scale: int | None = None) -> dict:
    """The arguments of ``pyxel.init``. ESCAPE never quits through pyxel: the
    game asks first (and in a page there is nothing to quit). ``display_scale``
    is the window's whole scale (None: pyxel chooses; see ``display``)."""
    return {
        "width": SCREEN_W,
        "height": SCREEN_H,
        "title": "UNO 1991",
        "fps": HEADLESS_FPS if headless else FPS,
        "quit_key": pyxel.KEY_NONE,
        "capture_sec": 0,
        "headless": headless,
        "display_scale": display_scale,
    }


# What only the scripted runs (``--headless --script``, the test suite) need of
# pyxel, newer than some runtimes a page may be served with (Pyxel 2.6.2's has none).
SCRIPTED_RUN_FUNCTIONS = ("set_btn", "set_mouse_pos", "set_input_text")


def init_keywords() -> frozenset[str] | None:
    """The keywords this runtime's ``pyxel.init`` takes (None: it does not
    say). Pyxel 2.6's has no ``headless``, for one."""
    try:
        return frozenset(inspect.signature(pyxel.init).parameters)
    except (TypeError, ValueError):
        return None


def supported_options(options: dict, keywords: frozenset[str] | None) -> dict:
    """``options`` without the keywords this runtime's ``init`` lacks (all of
    them when it does not say which it takes). A headless run on a runtime
    without ``headless`` would open a window instead: SystemExit saying so."""
    if keywords is None:
        return options
    if options.get("headless") and "headless" not in keywords:
        raise SystemExit(f"headless runs need a Pyxel whose init takes headless (2.9 or newer), not {pyxel.VERSION}")
    return {name: value for name, value in options.items() if name in keywords}


def missing_scripted_run_functions() -> list[str]:
    """The functions scripted runs press keys and move the mouse with that
    this runtime lacks; the game itself never calls them."""
    return [name for name in SCRIPTED_RUN_FUNCTIONS if not hasattr(pyxel, name)]


def runtime_line() -> str:
    """The line naming the runtime the game runs on, said once at its start."""
    where = "in the browser" if in_browser() else sys.platform
    return f"uno1991: Pyxel {pyxel.VERSION}, Python {sys.version.split()[0]}, {where}"


def tell_the_page_the_game_runs() -> None:
    """In a page, mark it running (``<body data-game="running">``) once the
    first frame is drawn: its words change, and it stops watching the start."""
    if in_browser():
        import js

        js.document.body.dataset.game = "running"


def data_dir_choice(flag: Path | None, environ: dict | None = None) -> Path | None:
    """``--data-dir``, else ``$UNO1991_DATA_DIR``, else None (the default
    place); made absolute here, before ``pyxel.init`` may change the working
    directory."""
    if flag is None:
        value = (os.environ if environ is None else environ).get(DATA_DIR_VARIABLE, "")
        flag = Path(value) if value else None
    return None if flag is None else flag.resolve()


def choose_store(
    data_dir: Path | None,
    headless: bool,
    platform: str | None = None,
    user_data_dir: Callable[[], str] | None = None,
) -> Store:
    """Where settings and statistics, the match being played and the
    finished ones are kept.

    * in the browser: the page's localStorage, always;
    * with a data directory (``--data-dir`` or ``$UNO1991_DATA_DIR``): there;
    * a scripted headless run without one: memory, for the run only (every run starts from the
      defaults, so a script gives the same output on every machine);
    * otherwise ``pyxel.user_data_dir("UNO 1991", "UNO 1991")`` (call it only
      after ``pyxel.init``).
    """
    if in_browser(platform):
        return Store(LocalStorage())
    if data_dir is None and headless:
        return Store(Memory())
    return open_store(locked(data_dir or Path((user_data_dir or _user_data_dir)())))


def locked(directory: Path) -> Path:
    """``directory``, locked for this process: a second copy of the game on
    the same files stops at once with a message (SystemExit), before it
    reads or writes anything, so neither overwrites the other's data."""
    if not lock_folder(directory):
        raise SystemExit(f"{ALREADY_RUNNING} ({directory}): close it first, or give this one another --data-dir")
    remove_stale_temporaries(directory, "uno1991")
    remove_stale_temporaries(directory / REPLAYS_FOLDER, "match-")
    return directory


def _user_data_dir() -> str:
    return pyxel.user_data_dir(VENDOR, APP_NAME)


NO_AUDIO_DEVICE = b"Failed to initialize audio device"  # what pyxel says, on standard output
NO_SOUND_DEVICE = "no sound device found: the game plays without sound"


def init_finding_sound(options: dict) -> bool:
    """``pyxel.init(**options)``, with the options this runtime takes; True
    when it found a sound device. Without one, pyxel and the sound library
    under it (ALSA) wrote a dozen lines to the terminal: they are kept back
    and one line on standard error says it. Whatever else they write goes on
    to standard error as written. The runtime is named once: on a page's
    console, or a window's terminal (standard error; a headless run's
    output stays the script's)."""
    options = supported_options(options, init_keywords())
    if in_browser():  # (the page's own console; no file descriptors to lend)
        print(runtime_line(), flush=True)
        pyxel.init(**options)
        return True
    sys.stdout.flush()
    sys.stderr.flush()
    with tempfile.TemporaryFile() as said:
        kept = os.dup(1), os.dup(2)
        os.dup2(said.fileno(), 1)
        os.dup2(said.fileno(), 2)
        started = False
        try:
            pyxel.init(**options)
            started = True
        finally:
            os.dup2(kept[0], 1)
            os.dup2(kept[1], 2)
            os.close(kept[0])
            os.close(kept[1])
            said.seek(0)
            text = said.read()
            if not started:  # (why it did not start is the terminal's to read)
                os.write(2, text)
    if not options.get("headless"):
        print(runtime_line(), file=sys.stderr, flush=True)
    if NO_AUDIO_DEVICE not in text:
        os.write(2, text)
        return True
    print(f"uno1991: {NO_SOUND_DEVICE}", file=sys.stderr, flush=True)
    return False
