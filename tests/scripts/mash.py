"""Key mashing: random keys, buttons and clicks, as a child at the keyboard.

The UI tests mash the game in process (tests/test_ui.py); ``record_mash``
records a long seeded mash as a headless script instead, for
benchmarks/memory.py's long session. It plays the keys on a real App as it
goes, so that it can leave out the few that would end the session (ESCAPE
or taking QUIT on the title menu): the same seed and script then replay
the same session in a fresh process.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ui.app import App, init_pyxel
from game.ui.device import keys
from game.ui.device.script import Driver

MASH_KEYS = [
    "LEFT",
    "RIGHT",
    "RETURN",
    "P",
    "R",
    "G",
    "Y",
    "B",
    "N",
    "M",
    "ESCAPE",
    "UP",
    "DOWN",
    "SPACE",
    "A",
    "BACKSPACE",
    "GAMEPAD1_BUTTON_A",
    "GAMEPAD1_BUTTON_B",
    "GAMEPAD1_BUTTON_START",
    "GAMEPAD1_BUTTON_DPAD_UP",
    "GAMEPAD1_BUTTON_DPAD_DOWN",
]
MASH_WEIGHTS = [8, 8, 10, 6, 2, 2, 2, 2, 1, 1, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1]
CLICK_WEIGHT = 4  # against the keys' weights: a click somewhere on the screen

# A recorded line is a wait on about one line in three (of 1 to 10 frames),
# else a key or a click: about 2.6 frames a line.
WAIT_SHARE = 0.35
LONGEST_WAIT = 10
CHOOSE_KEYS = ("RETURN", "GAMEPAD1_BUTTON_A")
INSTEAD_OF_QUITTING = "UP"


def record_mash(seed: int, lines: int) -> list[str]:
    """A script of ``lines`` lines of seeded mashing, for ``python -m game
    --headless --low-memory --seed SEED``, which it plays as it records (in
    constrained-memory mode: the session starts on the title menu)."""
    init_pyxel(headless=True)
    app = App(seed, report=lambda line: None, low_memory=True)
    driver = Driver(app)
    rng = random.Random(seed)
    script = []
    for _ in range(lines):
        if rng.random() < WAIT_SHARE:
            frames = rng.randint(1, LONGEST_WAIT)
            script.append(f"wait {frames}")
            for _ in range(frames):
                driver.frame()
        elif rng.random() < CLICK_WEIGHT / (CLICK_WEIGHT + sum(MASH_WEIGHTS)):
            x, y = rng.randrange(320), rng.randrange(200)
            if _would_quit(app, click=(x, y)):
                x, y = 0, 0  # the frame's corner: nothing there
            script.append(f"click {x} {y}")
            driver.click(x, y)
        else:
            name = rng.choices(MASH_KEYS, MASH_WEIGHTS)[0]
            if _would_quit(app, key=name):
                name = INSTEAD_OF_QUITTING
            script.append(f"press {name}")
            driver.frame([keys.key_code(name)])
        if app.quit_requested:
            raise AssertionError(f"the mash quit the game at line {len(script)}")
    return script


# Title items the recorded session never takes: QUIT ends it, and HOST would
# start a table server on the LAN in a benchmark's process.
LEFT_ALONE = ("quit", "host")


def _would_quit(app: App, key: str = "", click: tuple[int, int] | None = None) -> bool:
    """Whether the key or click would quit, or host: on the title menu,
    ESCAPE goes to QUIT and, pressed there, takes it; RETURN (or A) and a
    click take the item under them."""
    if app.scene != "title":
        return False
    items = app.context.title.items
    on_avoided = items.current in LEFT_ALONE
    if click is not None:
        index = items.at(keys.Pointer(*click))
        return index is not None and items.keys[index] in LEFT_ALONE
    return key == "ESCAPE" or (on_avoided and key in CHOOSE_KEYS)
