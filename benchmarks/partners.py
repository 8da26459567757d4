"""How well a team of two ``hard`` partners plays against teams of ``normal``.

    python -m benchmarks.partners [--tables 4,6] [--hands 1500] [--processes 2] [--seed 2] [--house NAMES]

Partners (``Game(teams=True)``, standard UNO): at each table of teams, A's
team (two ``hard`` partners, sitting opposite each other) plays 500-point
matches against the other teams (``normal``), with ``game.sim.duel``'s
duplicate format (A's team takes every seat's cards in turn) and every
engine check. Each row prints the hands and matches A's team won with 95%
confidence intervals, beside a fair share (one team's: 2 / players), and
``hard`` against ``normal`` without teams at the same table (one seat's
share: 1 / players), so the edge of playing for a team can be read beside
the edge of playing alone. The hands are split over worker processes (the
game itself never uses any).
"""

from __future__ import annotations

import argparse
import multiprocessing

from game.progress import Progress
from game.rules.teams import TEAM_TABLES
from game.sim import DuelReport, duel, house_option


def chunk(task: tuple[int, int, int, bool, tuple[str, ...] | str]) -> DuelReport:
    """One worker's share: ``hands`` hands from ``seed`` at ``players`` seats."""
    players, hands, seed, teams, house = task
    return duel(("hard", "normal"), hands, seed, "standard", players, house, teams=teams)


def measure(players: int, hands: int, seed: int, processes: int, teams: bool, house) -> DuelReport:
    share = -(-hands // processes)
    tasks = [(players, min(share, hands - k * share), seed * 100 + k, teams, house) for k in range(processes)]
    with multiprocessing.Pool(processes) as pool:
        reports = pool.map(chunk, [task for task in tasks if task[1] > 0])
    total = reports[0]
    for report in reports[1:]:
        total = total.merge(report)
    return total


def row(label: str, report: DuelReport, fair: float) -> str:
    hand, low, high = report.rate("hand")
    match, match_low, match_high = report.rate("match")
    return (
        f"| {label} | {report.hands} | {hand:.1%} ({low:.1%}-{high:.1%}) | {fair:.0%} "
        f"| {match:.1%} of {report.matches} ({match_low:.1%}-{match_high:.1%}) | {len(report.violations)} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.partners", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="4,6", help="tables of teams, players: 4, 6, 8, 10 (default 4,6)")
    parser.add_argument("--hands", type=int, default=1500, help="hands a row (default 1500)")
    parser.add_argument("--processes", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--house", default="", help="standard rules' house rules, as game.sim --house")
    args = parser.parse_args(argv)
    tables = [int(n) for n in args.tables.split(",") if n]
    if not tables or any(n not in TEAM_TABLES for n in tables):
        parser.error(f"--tables takes tables of teams: {', '.join(map(str, TEAM_TABLES))}")
    if args.hands < 1 or args.processes < 1:
        parser.error("--hands and --processes take 1 or more")
    house = house_option(args.house)
    print("| table | hands | won by hard (95% CI) | fair share | matches won (95% CI) | illegal |")
    print("|---|---|---|---|---|---|")
    with Progress("benchmarks.partners", 2 * args.hands * len(tables)) as progress:
        done = 0
        for players in tables:
            teams = measure(players, args.hands, args.seed, args.processes, True, house)
            alone = measure(players, args.hands, args.seed, args.processes, False, house)
            done += 2 * args.hands
            progress.update(done)
            print(row(f"{players} seats: hard's team against {players // 2 - 1} of normal", teams, 2 / players))
            print(row(f"{players} seats: hard alone against {players - 1} normal", alone, 1 / players))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
