"""Peak memory: the largest resident set of a scripted run, both modes.

    python -m benchmarks.memory

Each mode runs ``python -m game --headless`` on the same script in a
process of its own: the title menu (after the loading screen in the normal
mode), a whole hand (played through the keys by the UI tests' player),
its result, the in-match menu, leaving for the title and the
statistics screen. The peak resident set size of that process (``ru_maxrss``
from ``os.wait4``) is its high-water mark over the whole run, start-up
included. For comparison, the same is measured for a process that only
imports pyxel and calls ``pyxel.init`` (headless), and for one that then
calls ``pyxel.load`` on resources.pyxres, which the game does not do (its
own loader, game/ui/loader.py, avoids pyxel.load's 15 MB parse). A window
(SDL and the GPU driver) would add to every figure alike; headless leaves
that out.

Target: under 40 MB in constrained-memory mode on the development machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_LOW_MB = 40.0
MODES = (("constrained memory", "--low-memory"), ("normal", "--no-low-memory"))
SEED = 4
PYXEL_ALONE = "import pyxel; pyxel.init(320, 200, headless=True)"
# For comparison: what pyxel's own loader costs on our resource file (the
# game does not use it; see game/ui/loader.py).
PYXEL_LOAD = PYXEL_ALONE + "; from game.assets import resource_file; pyxel.load(str(resource_file()))"


def run_script(seed: int = SEED) -> str:
    """Title, a whole hand, its result, the menu, the title and the statistics,
    as a headless script. The hand is played here first, in this process, by
    the UI tests' player (tests/scripts/ui_bot.py, through the keys), and
    recorded; the same seed replays it exactly."""
    from game.ui.app import App, init_pyxel

    sys.path.insert(0, str(ROOT / "tests" / "scripts"))
    from ui_bot import Bot

    init_pyxel(headless=True)
    bot = Bot(App(seed, report=lambda line: None, low_memory=True))
    bot.start_match()  # PLAY (in the normal mode a first RETURN skips the loading screen: see below)
    bot.play_hand()  # gives up (AssertionError) if the game stops moving
    lines = list(bot.script)
    lines += ["wait 20", "press ESCAPE", "wait 2", "press Y", "wait 2"]  # the menu, leave for the title
    lines += ["press DOWN"] * 4 + ["press RETURN", "wait 10", "press RETURN", "wait 2"]  # statistics
    return "\n".join(lines) + "\n"


def peak_mb(command: list[str]) -> tuple[float, str]:
    """The peak resident memory of a command (MB) and its standard output."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        process = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            err.seek(0)
            raise RuntimeError(f"{' '.join(command)} failed ({process.returncode}):\n{err.read()}")
        out.seek(0)
        return usage.ru_maxrss / 1024, out.read()  # ru_maxrss is in KiB on Linux


def run() -> list[tuple[str, float]]:
    rows = [
        ("pyxel alone", peak_mb([sys.executable, "-c", PYXEL_ALONE])[0]),
        ("pyxel + pyxel.load", peak_mb([sys.executable, "-c", PYXEL_LOAD])[0]),
    ]
    with tempfile.TemporaryDirectory() as work:
        hand = run_script()
        for name, flag in MODES:
            script = Path(work) / f"hand{flag}.txt"
            # The normal mode starts on the loading screen: a first RETURN skips it.
            script.write_text(("press RETURN\n" if flag == "--no-low-memory" else "") + hand)
            command = [sys.executable, "-m", "game", "--headless", flag, "--seed", str(SEED), "--script", str(script)]
            peak, output = peak_mb(command)
            for scene in ("scene title", "scene hand_result", "scene stats"):
                if scene not in output:
                    raise RuntimeError(f"the {name} run never reached {scene}")
            rows.append((name, peak))
    return rows


def report(rows: list[tuple[str, float]]) -> list[str]:
    lines = [f"peak memory (resident, headless; target < {TARGET_LOW_MB:.0f} MB in constrained memory)"]
    for name, peak in rows:
        verdict = ""
        if name == MODES[0][0]:
            verdict = "ok" if peak < TARGET_LOW_MB else "OVER TARGET"
        lines.append(f"  {name:<20} {peak:5.1f} MB   {verdict}".rstrip())
    return lines


def main() -> None:
    print("\n".join(report(run())))


if __name__ == "__main__":
    main()
