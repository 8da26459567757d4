"""Peak memory: the largest resident set of a scripted run, both modes, and of a long session.

    python -m benchmarks.memory [--long-lines N]

Each mode runs ``python -m game --headless`` on the same script in a
process of its own: the title menu (after the loading screen in the normal
mode), a whole hand (played through the keys by the UI tests' player),
its result, the in-match menu, leaving for the title and the
statistics screen. The peak resident set size of that process (its
``VmHWM``, written by benchmarks/peak.py as it exits) is its high-water mark
over the whole run, start-up included. For comparison, the same is measured for a process that only
starts Python (``python -c pass``: under an emulator such as qemu-user this
is the baseline to subtract, as the emulator's own memory is in every
figure), for one that only imports pyxel and calls ``pyxel.init``
(headless), and for one that then calls ``pyxel.load`` on resources.pyxres,
which the game does not do (its own loader, game/ui/device/resource_loader.py, avoids
pyxel.load's 15 MB parse). A window (SDL and the GPU driver) would add to
every figure alike; headless leaves that out.

The long session is a seeded key mash (tests/scripts/mash.py) of
``--long-lines`` script lines (default 80,000, about 200,000 frames: two
hours of play at 30 frames a second) in constrained-memory mode: many
matches, hands, menus and screens in one process. It is recorded in this
process first (about a minute), then replayed in a process of its own
(another minute); ``--long-lines 0`` leaves it out.

Target: under 40 MB in constrained-memory mode, for the short run and the
long session alike, on the development machine.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_LOW_MB = 40.0
MODES = (("constrained memory", "--low-memory"), ("normal", "--no-low-memory"))
SEED = 4
LONG_SEED = 1
LONG_LINES = 80_000
LONG_SESSION = "long session, constrained"
PYTHON_ALONE = "pass"
PYXEL_ALONE = "import pyxel; pyxel.init(320, 200, headless=True)"
# For comparison: what pyxel's own loader costs on our resource file (the
# game does not use it; see game/ui/device/resource_loader.py).
PYXEL_LOAD = PYXEL_ALONE + "; from game.ui.device.assets import resource_file; pyxel.load(str(resource_file()))"


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
    bot.wait(20)
    bot.press("ESCAPE")  # the in-match menu
    bot.wait(2)
    bot.press("Y")  # leave for the title
    bot.wait(2)
    bot.choose("stats")  # however many items the title menu has
    bot.wait(10)
    bot.press("RETURN")
    bot.wait(2)
    return "\n".join(bot.script) + "\n"


def peak_mb(python_args: list[str]) -> tuple[float, str]:
    """The peak resident memory (MB) of ``python ARGS`` (``-c CODE`` or ``-m
    MODULE ...``) in a process of its own, and its standard output. The peak
    is the process's own high-water mark, written by benchmarks/peak.py as it
    exits (``os.wait4``'s ru_maxrss would also count this process's memory)."""
    with tempfile.TemporaryDirectory() as work, tempfile.TemporaryFile("w+") as out:
        peak_file = Path(work) / "peak_kb"
        command = [sys.executable, "-m", "benchmarks.peak", str(peak_file), *python_args]
        done = subprocess.run(command, cwd=ROOT, stdout=out, stderr=subprocess.PIPE, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
        out.seek(0)
        return int(peak_file.read_text()) / 1024, out.read()


def long_session(lines: int, work: Path) -> float:
    """The peak memory of a replayed seeded key mash of ``lines`` lines."""
    sys.path.insert(0, str(ROOT / "tests" / "scripts"))
    from mash import record_mash

    script = work / "mash.txt"
    script.write_text("\n".join(record_mash(LONG_SEED, lines)) + "\n")
    peak, output = peak_mb(
        ["-m", "game", "--headless", "--low-memory", "--seed", str(LONG_SEED), "--script", str(script)]
    )
    if "scene table" not in output:
        raise RuntimeError("the long session never reached the table")
    return peak


def run(long_lines: int = LONG_LINES) -> list[tuple[str, float]]:
    rows = [
        ("python alone", peak_mb(["-c", PYTHON_ALONE])[0]),
        ("pyxel alone", peak_mb(["-c", PYXEL_ALONE])[0]),
        ("pyxel + pyxel.load", peak_mb(["-c", PYXEL_LOAD])[0]),
    ]
    with tempfile.TemporaryDirectory() as work:
        hand = run_script()
        for name, flag in MODES:
            script = Path(work) / f"hand{flag}.txt"
            # The normal mode starts on the loading screen: a first RETURN skips it.
            script.write_text(("press RETURN\n" if flag == "--no-low-memory" else "") + hand)
            peak, output = peak_mb(["-m", "game", "--headless", flag, "--seed", str(SEED), "--script", str(script)])
            for scene in ("scene title", "scene hand_result", "scene stats"):
                if scene not in output:
                    raise RuntimeError(f"the {name} run never reached {scene}")
            rows.append((name, peak))
        if long_lines:
            rows.append((f"{LONG_SESSION} ({long_lines:,} lines)", long_session(long_lines, Path(work))))
    return rows


def report(rows: list[tuple[str, float]]) -> list[str]:
    lines = [f"peak memory (resident, headless; target < {TARGET_LOW_MB:.0f} MB in constrained memory)"]
    for name, peak in rows:
        verdict = ""
        if name == MODES[0][0] or name.startswith(LONG_SESSION):
            verdict = "ok" if peak < TARGET_LOW_MB else "OVER TARGET"
        lines.append(f"  {name:<42} {peak:5.1f} MB   {verdict}".rstrip())
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.memory", description="peak memory of scripted runs")
    parser.add_argument(
        "--long-lines", type=int, default=LONG_LINES, help="lines of the long session's key mash (0: leave it out)"
    )
    args = parser.parse_args(argv)
    print("\n".join(report(run(args.long_lines))))


if __name__ == "__main__":
    main()
