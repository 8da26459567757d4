"""The Raspberry Pi check runs the frame, start-up and memory benchmarks, and
docs/benchmarks.md quotes them: each must run to its figures. These short runs
assert no target (the machine running the tests may be busy), only that every
figure is measured and printed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SHORT_RUNS = {
    # module and arguments: the rows each must print
    ("frames", "--frames", "30"): (
        "table, 7 cards",
        "computer's turns, hard",
        "10 seats, 4 people, hard",
        "online, 4 seats",
        "one save of the match",
    ),
    ("startup", "--runs", "1"): ("constrained memory", "normal"),
    ("memory", "--long-lines", "0"): ("pyxel + pyxel.load", "constrained memory", "normal"),
}


def run_benchmark(module: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``python -m benchmarks.MODULE ARGUMENTS``, which must succeed."""
    done = subprocess.run(
        [sys.executable, "-m", f"benchmarks.{module}", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done


@pytest.mark.slow
@pytest.mark.parametrize("command", list(SHORT_RUNS), ids=lambda command: command[0])
def test_each_benchmark_of_the_pi_check_prints_its_figures(command):
    module, *arguments = command
    done = run_benchmark(module, *arguments)
    for row in SHORT_RUNS[command]:
        line = next((line for line in done.stdout.splitlines() if line.strip().startswith(row)), None)
        assert line is not None, f"no figures for {row!r} in:\n{done.stdout}"
        assert " ms" in line or " s " in line or line.endswith(" s") or " MB" in line, line


@pytest.mark.slow
def test_the_server_benchmark_times_each_answer_at_the_socket_and_as_read():
    """A short run of the table server's benchmark (SQLite, 20 tables): an
    answer comes to a bot's socket (the kernel's stamp) no later than the bot
    reads it, so each of its round trips at the socket is at most the one as
    read, and so is each percentile."""
    done = run_benchmark("server", "--tables", "20", "--seconds", "4", "--settle", "2")
    figures = {line.split()[2]: line.split() for line in done.stdout.splitlines() if line.startswith("round trip")}
    p50, p99 = float(figures["p50"][3]), float(figures["p99"][3])
    read = next(line.split() for line in done.stdout.splitlines() if line.strip().startswith("as the bots read"))
    read_p50, read_p99 = float(read[5]), float(read[8])
    assert 0 < p50 <= read_p50 and 0 < p99 <= read_p99, done.stdout
    assert "connection errors    0" in done.stdout, done.stdout


CEILING_RUN = (
    *("--hands", "12", "--table-hands", "4", "--sees", "view,hands", "--when", "every,near"),
    *("--against", "greedy", "--processes", "1"),
)


@pytest.mark.slow
def test_the_ceiling_s_hard_that_sees_its_view_plays_as_hard_and_each_row_is_printed():
    """``benchmarks.ai_ceiling`` with ``--sees view`` is hard as it is: on
    the same deals it wins the hands ``benchmarks.ai`` plays it to win; a
    row for each of what hard sees and each table."""
    from benchmarks.ai import play_pairs

    done = run_benchmark("ai_ceiling", *CEILING_RUN)
    rows = [[cell.strip() for cell in line.split("|")[1:-1]] for line in done.stdout.splitlines()]
    rows = [row for row in rows if len(row) == 10 and row[4].isdigit()]
    assert {(row[0], row[2]) for row in rows} == {
        (rules, player)
        for rules in ("1991", "standard")
        for player in ("hard, sees view", "hard, sees hands", "hard, sees hands at near decisions")
    }
    (report,) = play_pairs([("hard", "greedy", 12, "1991", 2, ())], seed=1, processes=1)
    shown = next(row for row in rows if row[0] == "1991" and row[2] == "hard, sees view")
    assert shown[4] == "12" and shown[5].startswith(f"{100 * report.hand_wins / report.hands:.1f}%"), (shown, report)


@pytest.mark.slow
def test_the_ceiling_s_hard_is_shown_the_truth_only_at_the_decisions_its_when_picks():
    """With ``--when wild`` the clairvoyant decides as hard does where no
    wild may be played, and as the clairvoyant that always sees where one
    may: over every decision of seat 0 in a few 1991 hands, both kinds met."""
    from benchmarks.ai_ceiling import WHEN, Clairvoyant
    from game.ai import players
    from game.ai.baselines import GreedyPlayer
    from game.rules import Game

    met = {True: 0, False: 0}
    for seed in range(6):
        game = Game("1991", 2, seed=seed)
        sometimes, always, hard = (Clairvoyant(7, game, False, "wild"), Clairvoyant(7, game, False), players.Hard(7))
        other = GreedyPlayer(seed)
        while not game.hand_over:
            view = game.view(game.turn)
            if game.turn == 1:
                game.act(other.choose(view))
                continue
            wild = WHEN["wild"](view)
            met[wild] += 1
            expected = (always if wild else hard).choose(view)
            assert sometimes.choose(view) == expected, (seed, view.hand, view.legal)
            game.act(expected)
    assert met[True] and met[False], met


@pytest.mark.slow
def test_the_browser_benchmarks_print_each_figure_beside_the_desktops():
    """Short runs (Pyodide from npm in headless Chromium, as the browser tests):
    the table of ten chosen with the menu's keys and a ?join= table at a real
    server, each with its browser and native figures and the same notices;
    start-up; hard's hands and choices the same in the browser and natively."""
    if not (ROOT / "tests" / "browser" / "node_modules" / "pyodide").exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT / "tests" / "browser", check=True)
    frames = run_benchmark("browser_frames", "--scenes", "10 hard,online", "--rounds", "1").stdout.splitlines()
    ten, online = (next(line for line in frames if line.startswith(f"  {scene} ")) for scene in ("10 hard", "online"))
    assert "same notices" in ten and all("browser median" in row and "native median" in row for row in (ten, online))
    assert any(line.startswith("start-up to the first frame: browser") for line in frames)
    hard = run_benchmark("browser_hard", "--hands", "2").stdout
    assert hard.count("the same choices") == 2 and "won " in hard


# peak runs another program under its own arguments (the Pi check's memory figures), no benchmark of its own.
BENCHMARKS = sorted(
    path.stem for path in (ROOT / "benchmarks").glob("*.py") if path.stem[0] != "_" and path.stem != "peak"
)


@pytest.mark.parametrize("module", BENCHMARKS)
def test_each_benchmark_s_help_names_the_command_that_runs_it(module):
    done = run_benchmark(module, "--help")
    assert done.stdout.startswith(f"usage: python -m benchmarks.{module} ")


def test_the_engine_benchmark_measures_each_table_a_rule_set_seats_and_names_the_extra_for_rlcard():
    """No row for a table the rule set does not seat (the 1991 game is for two);
    without RLCard it says which extra installs it."""
    done = run_benchmark("engine", "--seconds", "0.2")
    rows = [line.split(":")[0].split() for line in done.stdout.splitlines() if line.startswith("uno1991 ")]
    tables = {(words[1], words[2]) for words in rows if len(words) == 3}
    assert tables == {("1991", "2p"), ("standard", "2p"), ("standard", "4p"), ("royal", "2p"), ("royal", "4p")}
    try:
        import rlcard  # noqa: F401
    except ImportError:
        assert ".venv/bin/pip install -e '.[bench]'" in done.stdout


@pytest.mark.slow
def test_the_partners_benchmark_prints_a_row_for_each_team_table_and_its_player_alone():
    done = run_benchmark("partners", "--tables", "4,6", "--hands", "4", "--processes", "1")
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| 4 seats") or line.startswith("| 6 seats")]
    assert [row.split(":")[0] for row in rows] == ["| 4 seats", "| 4 seats", "| 6 seats", "| 6 seats"]
    assert all(row.split("|")[2].strip() == "4" and row.endswith("| 0 |") for row in rows)  # 4 hands, none illegal
    assert "| 50% |" in rows[0] and "| 25% |" in rows[1] and "| 33% |" in rows[2] and "| 17% |" in rows[3]
    refused = subprocess.run(
        [sys.executable, "-m", "benchmarks.partners", "--tables", "5"], cwd=ROOT, capture_output=True, text=True
    )
    assert refused.returncode == 2 and "--tables takes tables of teams" in refused.stderr
