"""Hard's strength at the browser's pace beside the desktop's.

    python -m benchmarks.browser_hard [--hands 200] [--seed 1] [--table 1991-2]

Hard (``game.ai.search``) searches a budget of work, not of time: the same
view gives the same choice on any machine, however slow. At a table it
thinks a slice at a time, at most ``policy.THINK_SECONDS`` (6 ms of the
clock) a frame, as ``game.ui.seats.computers`` runs it; a slower interpreter
takes more frames for the same choice, never a worse one. This benchmark
measures that rather than assuming it: hard plays 500-point matches of the
1991 game (or ``--table``, as ``standard-10``: hard against players of each
kind) against ``random-legal`` and against ``normal`` (``game.sim.duel``,
the same seeds), every one of its decisions made as the table makes it (a
``policy.Decision``, ``think(THINK_SECONDS)`` once a frame until the action
is known), once in Pyodide 314.0.4 in headless Chromium (this file, loaded
into the page with the game's ``rules``, ``ai`` and ``sim``) and once
natively. It prints, for each: the hands hard won (share and 95% interval),
a digest of every choice hard made (equal digests: the same choices), each
decision's time (median, 99th percentile) and its frames of thinking, and
how many decisions outlast the computer's visible pause
(``policy.THINK_FRAMES``): those make a computer wait longer in the browser
than on the desktop, the pace of play, which is what Pyodide's speed costs.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from game.ai.policy import THINK_FRAMES, THINK_SECONDS, Decision
from game.rules.game import View
from game.sim import duel, make_player, wilson

OPPONENTS = ("random-legal", "normal")


class Paced:
    """Hard deciding as the table has it decide: slices of thinking for up to
    THINK_SECONDS a frame until the action is known. Notes each decision's
    time, its frames and the action."""

    def __init__(self, seed: int, notes: dict[str, list]) -> None:
        self.player = make_player("hard", seed)
        self.notes = notes

    def choose(self, view: View) -> str:
        decision, frames, start = Decision(self.player, view), 0, time.perf_counter()
        while decision.action is None:
            decision.think(THINK_SECONDS)
            frames += 1
        self.notes["ms"].append((time.perf_counter() - start) * 1000)
        self.notes["frames"].append(frames)
        self.notes["actions"].append(decision.action)
        return decision.action

    def react(self, view: View) -> str | None:
        return self.player.react(view)


def paced(seed: int, game: object, notes: dict[str, list]) -> Paced:
    """``duel``'s player A for a match: hard, paced (``game``, the match, unused)."""
    return Paced(seed, notes)


def play(hands: int, seed: int, rules: str = "1991", players: int = 2) -> str:
    """Hard against each opponent, ``hands`` hands: the results as JSON.
    (Run natively, and unchanged inside Pyodide.)"""
    results = {}
    for opponent in OPPONENTS:
        notes: dict[str, list] = {"ms": [], "frames": [], "actions": []}
        player = functools.partial(paced, notes=notes)
        report = duel(("hard", opponent), hands, seed, rules, players, player=player)
        results[opponent] = {
            "hands": report.hands,
            "wins": report.hand_wins,
            "seconds": report.seconds,
            "digest": hashlib.sha256("\n".join(notes["actions"]).encode()).hexdigest()[:16],
            "ms": notes["ms"],
            "frames": notes["frames"],
        }
    return json.dumps(results)


def in_browser(hands: int, seed: int, rules: str, players: int) -> dict[str, Any]:
    """``play`` in Pyodide in headless Chromium, everything served from 127.0.0.1."""
    import io
    import zipfile

    from playwright.sync_api import sync_playwright

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "tools"))
    from browser_run import CHROMIUM, CHROMIUM_ARGS, serve

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        game = root / "game"
        modules = [game / name for name in ("__init__.py", "sim.py", "progress.py")]
        modules += [path for package in ("rules", "ai") for path in sorted((game / package).glob("*.*"))]
        for path in modules:
            if path.suffix in (".py", ".json"):  # the modules and their data (ai/values.json)
                archive.write(path, path.relative_to(root).as_posix())
        archive.write(__file__, "browser_hard.py")
    folder = root / "tests" / "browser"  # its page.html loads Pyodide from its node_modules (npm ci there)
    extra = {"/page.html": (folder / "page.html").read_bytes(), "/game.zip": buffer.getvalue()}
    with serve(folder, extra) as origin, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page()
            page.route(lambda url: not url.startswith(origin + "/"), lambda route: route.abort())
            page.goto(f"{origin}/page.html")
            page.evaluate("() => window.pyodideReady")
            code = f"import browser_hard; browser_hard.play({hands}, {seed}, {rules!r}, {players})"
            return json.loads(page.evaluate("(code) => window.runPython(code)", code))
        finally:
            browser.close()


def report(browser: dict[str, Any], native: dict[str, Any], table: str) -> list[str]:
    lines = [
        f"hard against each opponent, {table}, deciding a slice of {THINK_SECONDS * 1000:.0f} ms a frame;"
        f" its visible pause: {THINK_FRAMES} frames"
    ]
    for opponent in OPPONENTS:
        for place, results in (("browser", browser), ("native", native)):
            got = results[opponent]
            low, high = wilson(got["wins"], got["hands"])
            ms, frames = got["ms"], got["frames"]
            ms_p99, frames_p99 = (statistics.quantiles(values, n=100)[98] for values in (ms, frames))
            longer = sum(f > THINK_FRAMES for f in frames)
            lines.append(
                f"  vs {opponent:<12} {place:<7} won {got['wins']}/{got['hands']} hands"
                f" {got['wins'] / got['hands']:.1%} (95% {low:.1%}-{high:.1%}), choices {got['digest']};"
                f" a decision: median {statistics.median(ms):5.1f} ms, p99 {ms_p99:6.1f} ms,"
                f" frames median {statistics.median(frames):.0f} p99 {frames_p99:.0f}"
                f" most {max(frames)}; {longer} of {len(frames)} past the pause; {got['seconds']:.0f} s"
            )
        same = browser[opponent]["digest"] == native[opponent]["digest"]
        lines.append(f"  vs {opponent:<12} {'the same choices' if same else 'THE CHOICES DIFFER'}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.browser_hard", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="hands against each opponent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", default="1991-2", help="rules-players: 1991-2, standard-4, standard-10, royal-6...")
    args = parser.parse_args()
    rules, players = args.table.rsplit("-", 1)
    browser = in_browser(args.hands, args.seed, rules, int(players))
    native = json.loads(play(args.hands, args.seed, rules, int(players)))
    print("\n".join(report(browser, native, args.table)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
