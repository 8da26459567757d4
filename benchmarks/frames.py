"""Frame cost: how long one frame's ``update`` + ``draw`` takes, headless.

    python -m benchmarks.frames [--frames N]

Three positions, each reached through the real App by pressing its keys:

* the table with your 7 cards, waiting for you (the arrow flashing);
* the table with 40 cards in your hand (you play a Wild Draw Four while
  holding red again and again, from a stacked deck, and are penalised four
  cards each time), waiting for you;
* the computer's animated turns: every frame of several hands, from the
  moment you act (you always pick up or pass) until it is your turn again:
  the computer thinking, its cards flying, cards drawn, messages.

Only ``update`` + ``draw`` are timed (``time.perf_counter_ns``), in a
headless pyxel: drawing happens on the CPU into pyxel's screen, as in a
window, but a window's presenting the screen (scaling it up and handing it
to the GPU, in pyxel's own Rust code) is not included. Frames in which a key
goes down are not timed (a scripted run moves pyxel on by a frame there).
Targets: median under 1 ms and 99th percentile under 4 ms on the
development machine, so that a Raspberry Pi several times slower keeps 30
frames a second (33 ms a frame) with room to spare.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from game.rules.rulesets import RULES_1991
from game.settings import DIFFICULTIES
from game.ui import keys, script
from game.ui.app import App, init_pyxel
from game.ui.script import Driver

TARGET_MEDIAN_MS = 1.0
TARGET_P99_MS = 4.0


class Bench:
    def __init__(self, app: App) -> None:
        self.app = app
        self.driver = Driver(app)

    def press(self, name: str) -> None:
        self.driver.frame([keys.key_code(name)])

    def frame(self) -> float | None:
        """One keyless frame; its update + draw time in ms (None if it had to
        release a key first and so was not timed)."""
        if script._held:
            self.driver.frame()
            return None
        start = time.perf_counter_ns()
        self.app.update()
        self.app.draw()
        return (time.perf_counter_ns() - start) / 1e6

    def until(self, ready, limit: int = 20_000) -> None:
        for _ in range(limit):
            if ready():
                return
            self.frame()
        raise RuntimeError("the position was never reached")

    def start(self) -> None:
        self.press("RETURN")  # skip the loading screen
        self.press("RETURN")  # PLAY
        self.wait_for_you()

    def wait_for_you(self) -> None:
        self.until(lambda: self.app.waiting_for_you or self.app.scene != "table")

    def timed(self, frames: int) -> list[float]:
        times = [self.frame() for _ in range(frames)]
        return [t for t in times if t is not None]


def penalty_deck() -> list[str]:
    """You hold four Wild Draw Fours and three reds on a red 5; the computer
    holds blues and draws a red to play each turn, so the pile stays red."""
    you = ["W+4", "W+4", "W+4", "W+4", "R1", "R2", "R3"]
    computer = ["B1", "B2", "B3", "B4", "B6", "B7", "B8"]
    rest = Counter(RULES_1991.deck)
    rest.subtract([*you, *computer, "R5"])
    reds = [code for code in sorted(rest.elements()) if code[0] == "R" and code[1:].isdigit()]
    others = [code for code in sorted(rest.elements()) if code not in reds]
    then = []
    for red in reds:
        then += [others.pop(), others.pop(), others.pop(), others.pop(), red]
    order = [card for pair in zip(you, computer, strict=True) for card in pair] + ["R5", *then]
    left = Counter(RULES_1991.deck)
    left.subtract(order)
    return order + sorted(left.elements())


def seven_cards(frames: int) -> list[float]:
    bench = Bench(App(1, report=lambda line: None))
    bench.start()
    assert len(bench.app.board.hand) == 7
    return bench.timed(frames)


def forty_cards(frames: int) -> list[float]:
    bench = Bench(App(1, report=lambda line: None, deck=penalty_deck(), starter=0))
    bench.start()
    board = bench.app.board
    while len(board.hand) < 40:
        if "W+4" in board.hand:
            while board.selected_card() != "W+4":
                bench.press("RIGHT" if board.selected < board.hand.index("W+4") else "LEFT")
            bench.press("RETURN")
            bench.press("R")
        else:
            bench.press("P")
        bench.wait_for_you()
        if board.drawn is not None:
            bench.press("P")
            bench.wait_for_you()
    assert bench.app.scene == "table" and len(board.hand) >= 40, len(board.hand)
    bench.press("RIGHT")  # the arrow somewhere in the middle of the row
    return bench.timed(frames)


def computers_turns(frames: int, level: str) -> list[float]:
    """Frames while the table is not waiting for you, over whole hands in
    which you only ever pick up or pass, against the computer at ``level``
    (its choice is made inside one frame: at "hard" it searches)."""
    bench = Bench(App(2, level=level, report=lambda line: None))
    app = bench.app
    bench.start()
    times: list[float] = []
    while len(times) < frames:
        if app.scene != "table":
            bench.press("RETURN")  # the next hand (or a new match)
            bench.wait_for_you()
            continue
        if app.waiting_for_you:
            bench.press("P")
            continue
        took = bench.frame()
        if took is not None:
            times.append(took)
    return times


def summary(name: str, times: list[float]) -> tuple[str, float, float, float]:
    median = statistics.median(times)
    p99 = statistics.quantiles(times, n=100)[98]
    return name, median, p99, max(times)


def run(frames: int = 3000) -> list[tuple[str, float, float, float]]:
    init_pyxel(headless=True)
    return [
        summary("table, 7 cards", seven_cards(frames)),
        summary("table, 40 cards", forty_cards(frames)),
        *(summary(f"computer's turns, {level}", computers_turns(frames, level)) for level in DIFFICULTIES),
    ]


def report(rows: list[tuple[str, float, float, float]]) -> list[str]:
    lines = [f"frame cost (update + draw, headless; target median < {TARGET_MEDIAN_MS} ms, p99 < {TARGET_P99_MS} ms)"]
    for name, median, p99, most in rows:
        ok = median < TARGET_MEDIAN_MS and p99 < TARGET_P99_MS
        verdict = "ok" if ok else "OVER TARGET"
        lines.append(f"  {name:<25} median {median:6.3f} ms   p99 {p99:7.3f} ms   max {most:7.3f} ms   {verdict}")
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="frame cost of the table")
    parser.add_argument("--frames", type=int, default=3000, help="frames timed per position")
    args = parser.parse_args(argv)
    print("\n".join(report(run(args.frames))))


if __name__ == "__main__":
    main()
