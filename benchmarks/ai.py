"""How fast the computer players decide, and how they fare against each other.

    python -m benchmarks.ai [--hands 20000] [--decisions 3000] [--processes 2] [--seed 1]

Decision times are measured over real positions: each level plays matches
against ``normal`` and every one of its own decisions is timed (trivial ones,
with a single legal action, included, as in a real game). The win-rate table
plays every pair of ``random``, ``easy``, ``normal`` and ``hard`` with
``game.sim.duel``, split over worker processes (the game itself never uses
any). With the defaults it took 1 h 48 min on the two-core development
machine, nearly all of it in the pairs with ``hard``; ``--hands 2000`` gives
a rough table in a tenth of the time.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import statistics
import time

from game.rules import Game
from game.sim import LEVELS, DuelReport, duel, make_player

ORDER = ("random", "easy", "normal", "hard")


def decision_times(level: str, decisions: int, seed: int) -> tuple[list[float], list[float]]:
    """Seconds per decision of ``level`` over ``decisions`` real decisions:
    wall-clock time, and the CPU time of this process (which other work on
    a busy machine does not inflate)."""
    player, opponent = make_player(level, seed), make_player("normal", seed + 1)
    times: list[float] = []
    cpu: list[float] = []
    game = Game(seed=seed)
    match = 0
    while len(times) < decisions:
        if game.hand_over:
            if game.match_over:
                match += 1
                game = Game(seed=seed + match)
            else:
                game.next_hand()
            continue
        view = game.view(game.turn)
        if game.turn == match % 2:
            start, start_cpu = time.perf_counter(), time.process_time()
            action = player.choose(view)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        else:
            action = opponent.choose(view)
        game.act(action)
    return times, cpu


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _duel_chunk(args: tuple) -> DuelReport:
    return duel(*args)


def table(pairs: list[tuple[str, str]], hands: int, seed: int, processes: int) -> list[DuelReport]:
    """A DuelReport per pair, each pair's hands split into chunks that run
    in ``processes`` worker processes."""
    chunks = max(1, processes * 4)
    jobs = [((a, b), hands // chunks + (i < hands % chunks), seed * 1000 + i) for a, b in pairs for i in range(chunks)]
    with multiprocessing.Pool(processes) as pool:
        results = pool.map(_duel_chunk, jobs, chunksize=1)
    reports = []
    for p in range(len(pairs)):
        part = results[p * chunks : (p + 1) * chunks]
        total = part[0]
        for report in part[1:]:
            total = total.merge(report)
        reports.append(total)
    return reports


def row(report: DuelReport) -> str:
    a, b = report.levels
    hand, hand_low, hand_high = report.rate("hand")
    match, match_low, match_high = report.rate("match")
    return (
        f"| {a} | {b} | {report.hands} | {hand:.1%} ({hand_low:.1%}–{hand_high:.1%}) "
        f"| {report.matches} | {match:.1%} ({match_low:.1%}–{match_high:.1%}) |"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000, help="hands per pair of levels (default 20000)")
    parser.add_argument("--decisions", type=int, default=3000, help="decisions timed per level (default 3000)")
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count(), help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--skip-table", action="store_true", help="only time the decisions")
    args = parser.parse_args(argv)
    print("| level | median | p99 | median CPU | p99 CPU | decisions |\n|---|---|---|---|---|---|")
    for level in LEVELS:
        if level == "random":
            continue
        figures = []
        for times in decision_times(level, args.decisions, args.seed):
            figures += [f"{statistics.median(times) * 1e3:.2f} ms", f"{percentile(times, 0.99) * 1e3:.2f} ms"]
        print(f"| {level} | {' | '.join(figures)} | {args.decisions} |", flush=True)
    if args.skip_table:
        return
    start = time.perf_counter()
    pairs = [(b, a) for a, b in itertools.combinations(ORDER, 2)]
    print("\n| player | against | hands | hand wins (95% CI) | matches | match wins (95% CI) |")
    print("|---|---|---|---|---|---|")
    for report in table(pairs, args.hands, args.seed, args.processes):
        print(row(report), flush=True)
    print(f"\ntable: {time.perf_counter() - start:.0f} s with {args.processes} processes")


if __name__ == "__main__":
    main()
