"""The game itself in the browser: tools/browser_run.py runs a headless
script in Pyodide under headless Chromium (the game started as Pyxel's web
runtime starts an app, on the Pyxel stand-in) and prints the same notices,
after the same frame numbers, as ``python -m game --headless --script``; its
shots are the native pictures, pixel for pixel, but for the title menu's
items a page does not have.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from online_server import wait_for
from pictures import SHOT_SCALE, differing_pixels, picture_difference, where_written

from game.ui.drawing import CHAR_H
from game.ui.scenes.stats import WHERE_Y
from game.ui.scenes.title_menu import CREDIT_Y, MENU_W, MENU_X, TitleMenu

ROOT = Path(__file__).resolve().parent.parent
BROWSER = ROOT / "tests" / "browser"
PYODIDE = BROWSER / "node_modules" / "pyodide"
CHROMIUM = Path("/usr/bin/chromium")
NATIVE = [sys.executable, "-m", "game", "--headless"]
BROWSER_RUN = [sys.executable, str(ROOT / "tools" / "browser_run.py")]

pytestmark = pytest.mark.slow


def run_native(*arguments: str) -> str:
    """``python -m game --headless`` with these arguments, ended well: its notices."""
    done = subprocess.run([*NATIVE, *arguments], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def run_in_browser(*arguments: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    """tools/browser_run.py with these arguments, ended well (its notices on
    standard output, what it says of the page on standard error)."""
    done = subprocess.run([*BROWSER_RUN, *arguments], cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return done


# From the title menu: its settings chosen with the keys, PLAY, a few turns (pick-ups and passes).
# (Standard UNO's menu has PARTNERS under SCORING: one DOWN more to LEVEL or HOUSE RULES.)
TURNS = ["turn", "press RETURN", "press P", "turn", "press P", "press P", "turn", "press RETURN", "press P", "wait 200"]
TABLES = {
    "standard at 10, hard": ["press RETURN", "wait 5", "press DOWN", "press RIGHT", "press DOWN"]
    + ["press RIGHT"] * 8
    + ["press DOWN"] * 4
    + ["press RIGHT"]
    + ["press UP"] * 6
    + ["press RETURN", *TURNS],
    "Royal Revenge at 6": ["press RETURN", "wait 5", "press DOWN", "press RIGHT", "press RIGHT", "press DOWN"]
    + ["press RIGHT"] * 4
    + ["press UP", "press UP", "press RETURN", *TURNS],
    "house rules": ["press RETURN", "wait 5", "press DOWN", "press RIGHT"]
    + ["press DOWN"] * 4
    + ["press RETURN", "wait 5", "press RETURN", "press DOWN", "press RETURN", "wait 5", "press ESCAPE", "wait 5"]
    + ["press UP"] * 5
    + ["press RETURN", *TURNS],
    "pass-and-play, curtains": ["press RETURN", "wait 5"]
    + ["press DOWN"] * 9
    + ["press RIGHT"]
    + ["press UP"] * 9
    + ["press RETURN", "wait 90", "press RETURN", "wait 30", "press P", "wait 30", "press P", "wait 90"]
    + ["press RETURN", "wait 30", "press P", "wait 30", "press P", "wait 100"],
}
SHOWN = {  # a notice each run must give, that it reached what it is about
    "standard at 10, hard": " table standard 10 players",
    "Royal Revenge at 6": " table royal 6 players",
    "house rules": " setting house rules stacking seven_zero",
    "pass-and-play, curtains": " in front player 2",
}


@pytest.fixture(params=["stand-in", "Pyxel's runtime"])
def runtime(request) -> list[str]:
    """A test's two variants: the game on the Pyxel stand-in, and in Pyxel's
    own web runtime where the environment names one (tools/pyxel_runtime.py:
    ``UNO1991_PYXEL_WASM``, ``UNO1991_PYODIDE``; skipped otherwise); the
    arguments that give ``tools/browser_run.py`` the runtime."""
    if request.param == "stand-in":
        return []
    sys.path.insert(0, str(ROOT / "tools"))
    from pyxel_runtime import PYODIDE_VARIABLE, RUNTIME_VARIABLE, Runtime

    named = Runtime.from_environment()
    if named is None:
        pytest.skip(f"no Pyxel web runtime named ({RUNTIME_VARIABLE}, {PYODIDE_VARIABLE})")
    return ["--runtime", str(named.wasm), "--pyodide", str(named.pyodide)]


def said(lines: list[str]) -> list[str]:
    """Notices without their frame numbers: Pyxel's runtime has its own (a
    key is held until the game has seen it, the frames paced by the runtime)."""
    return [line.split(None, 1)[1] for line in lines]


@pytest.fixture(scope="module")
def pyodide() -> Path:
    """Pyodide from npm (tests/browser/package-lock.json), installed on first use."""
    if not PYODIDE.exists() and shutil.which("npm"):
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=BROWSER, check=True, capture_output=True)
    missing = [str(path) for path in (PYODIDE, CHROMIUM) if not path.exists()]
    if missing:
        message = f"the browser test needs {', '.join(missing)} (see docs/browser.md)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return PYODIDE


# The README's tour (tests/scripts/ui_bot.py: the loading screen, the title menu, how to play, a whole 1991 match
# played by the test player, the statistics), then REPLAYS from the title: the match just kept, watched with the
# viewer's keys to its end, back to the title, and ESCAPE twice there (the desktop's quit). The one difference between
# the two scripts: the desktop's menu has HOST ON THE LAN between STATISTICS and REPLAYS, a page's has not, so the
# page presses DOWN once less and waits that frame instead: both reach REPLAYS on the same frame.
REPLAYS = [
    "press RETURN",  # the list: the match the tour kept
    "wait 5",
    "press RETURN",  # watch it
    "wait 40",
    "press RETURN",  # pause
    "press RIGHT",
    "press RIGHT",
    "press LEFT",
    "press N",  # the next hand's start
    "wait 5",
    "shot replay_paused",
    "press RETURN",  # play on, at the fastest (two frames a move)
    "press UP",
    "press UP",
    "press UP",
    "wait 1100",
    "shot replay_end",  # the match's result over the table
    "press ESCAPE",
    "wait 5",
    "press ESCAPE",
    "wait 5",
    "press ESCAPE",  # the desktop: the cursor to QUIT, then quit; a page: nothing
    "press ESCAPE",
]
MENU_ITEMS = ["PLAY", "HOW TO PLAY", "STATISTICS", "JOIN ONLINE", "HOST ON THE LAN", "REPLAYS", "QUIT"]
DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")  # a kept match's date: the clock's, when it ended


@dataclass
class Run:
    lines: list[str]  # the notices, a kept match's date put as DATE
    shots: Path

    @property
    def said(self) -> list[str]:
        """The notices without their frame numbers."""
        return [line.split(None, 1)[1] for line in self.lines]


def dated(lines: list[str], started: float) -> list[str]:
    """The lines with each kept match's date as DATE, once it is asserted to
    be the clock's during the run (the two runs end the match at different
    minutes)."""
    earliest, latest = (time.strftime("%Y-%m-%d %H:%M", time.localtime(t)) for t in (started, time.time()))
    assert all(earliest <= date <= latest for line in lines for date in DATE.findall(line)), (earliest, latest)
    return [DATE.sub("DATE", line) for line in lines]


def downs_to_replays(desktop: bool) -> int:
    """DOWN presses from STATISTICS to REPLAYS on the title menu (the desktop's, or a page's)."""
    keys = TitleMenu(can_quit=desktop, title_art=True).items.keys
    return keys.index("replays") - keys.index("stats")


@pytest.fixture(scope="module")
def tour(pyodide, tmp_path_factory) -> dict[str, Run]:
    """The tour and REPLAYS, run once natively and once in the browser, for this module's tests."""
    folder = tmp_path_factory.mktemp("tour")
    bot = [sys.executable, str(ROOT / "tests" / "scripts" / "ui_bot.py"), "--seed", "3", "--out", str(folder / "t")]
    subprocess.run(bot, cwd=ROOT, check=True, capture_output=True, timeout=600)
    tour = (folder / "t").read_text(encoding="utf-8").splitlines()
    assert tour[-4:] == ["shot statistics", "press RETURN", "press ESCAPE", "press ESCAPE"]  # then the title's quit
    desktop, page = downs_to_replays(desktop=True), downs_to_replays(desktop=False)
    assert desktop == page + 1  # HOST ON THE LAN
    runs = {}
    for place, to_replays in (("native", ["press DOWN"] * desktop), ("browser", ["press DOWN"] * page + ["wait 1"])):
        script = folder / f"{place}.txt"
        script.write_text("\n".join(tour[:-2] + to_replays + REPLAYS) + "\n", encoding="utf-8")
        arguments = ["--seed", "3", "--script", str(script), "--shots", str(folder / place)]
        started = time.time()
        out = run_native(*arguments) if place == "native" else run_in_browser(*arguments).stdout
        runs[place] = Run(dated(out.splitlines(), started), folder / place)
    return runs


def test_the_tour_plays_a_1991_match_to_its_end_in_the_browser_as_on_the_desktop(tour):
    """The test player's whole match, to 500 points, from the title menu: the
    browser's notices are the desktop's line for line, the match's end and
    winner among them; the only differences are the desktop's one more
    cursor move on the way to REPLAYS (past HOST ON THE LAN) and its quit at
    the end (a page cannot quit)."""
    native, browser = tour["native"], tour["browser"]
    said = browser.said
    ended = next(i for i, text in enumerate(said) if text.startswith("match winner "))
    winner = said[ended].split()[-1]
    scores = dict(zip(*[iter(said[ended + 1].removeprefix("result final scores ").split())] * 2, strict=True))
    assert sorted(scores) == ["computer", "you"] and max(scores, key=lambda seat: int(scores[seat])) == winner
    assert int(scores[winner]) >= 500 > min(int(points) for points in scores.values())
    assert "match kept for replays" in said[:ended]
    assert native.said[-3:] == ["sound move", "sound select", "quit"]
    extra = next(i for i, (a, b) in enumerate(zip(native.lines, browser.lines, strict=False)) if a != b)
    assert native.said[extra] == "sound move" and extra > native.said.index("shot statistics")
    assert browser.lines == native.lines[:extra] + native.lines[extra + 1 : -3]


def test_replays_in_the_browser_watch_the_kept_match_as_on_the_desktop(tour):
    """REPLAYS lists the match kept in localStorage and its viewer plays it
    back, paused, stepped, a hand skipped, sped up, to the match's result:
    the desktop's notices and pictures."""
    said = tour["browser"].said
    final = next(text for text in said if text.startswith("result final scores you "))
    you, computer = final.split()[4], final.split()[6]
    winner = next(text for text in said if text.startswith("match winner ")).split()[-1]
    result = f"{'won' if winner == 'you' else 'lost'} you {you}, computer {computer}"
    assert f"replays 1: DATE  1991  NORMAL  {result}" in said
    moves = [text for text in said if text.startswith("saved match ") and text.endswith(" moves")][-1].split()[2]
    for shown in ("scene replay", "replay paused", "replay speed 15 moves/s", f"replay match winner {winner}"):
        assert shown in said
    assert any(text.startswith(f"replay move {moves} of {moves}: ") for text in said)
    browser, native = tour["browser"].lines, tour["native"].lines
    start = next(i for i, text in enumerate(said) if text == "scene replays")
    assert browser[start:] == native[start + 1 : -3]  # (the line before: the desktop's one more cursor move)
    for name in ("replay_paused.png", "replay_end.png"):
        assert picture_difference(tour["native"].shots / name, tour["browser"].shots / name) is None


def test_the_browsers_title_menu_has_no_quit_and_no_host(tour):
    """Read from the title's picture (Pyxel's font, its pixels): the desktop's
    menu shows HOST ON THE LAN and QUIT, the page's does not, the other
    items in the same order; and ESCAPE on the page's title quits nothing
    (no notice), where the desktop's goes to QUIT and quits."""

    def items(place: str) -> list[str]:
        picture = tour[place].shots / "title.png"
        found = {item: where_written(picture, item) for item in MENU_ITEMS}
        column = min(x for places in found.values() for x, _ in places)  # the items' left edge
        return [item for _, item in sorted((y, i) for i, places in found.items() for x, y in places if x == column)]

    assert items("native") == MENU_ITEMS
    assert items("browser") == [item for item in MENU_ITEMS if item not in ("HOST ON THE LAN", "QUIT")]
    assert tour["native"].said[-1] == "quit" and "quit" not in tour["browser"].said
    assert tour["browser"].said[-2:] == ["scene title", "music title"]  # on the title still, at the script's end


def test_the_tours_pictures_in_the_browser_are_the_desktops_but_the_title_menu(tour):
    """Every shot of the README's tour (and the replay's) pixel for pixel the
    desktop's, but the title: its pixels differ only inside the menu's
    column, above the credit line (its items fewer, so placed lower); and
    the statistics, only on the line that says where they are kept (a file
    on the desktop, the browser's storage in a page)."""
    names = sorted(path.name for path in tour["native"].shots.glob("*.png"))
    assert len(names) == 12 and names == sorted(path.name for path in tour["browser"].shots.glob("*.png"))
    differing = {
        name for name in names if picture_difference(tour["native"].shots / name, tour["browser"].shots / name)
    }
    assert differing == {"title.png", "statistics.png"}
    menu = differing_pixels(tour["native"].shots / "title.png", tour["browser"].shots / "title.png")
    xs, ys = [x // SHOT_SCALE for x, *_ in menu], [y // SHOT_SCALE for _, y, *_ in menu]
    assert min(xs) >= MENU_X and max(xs) < MENU_X + MENU_W and max(ys) < CREDIT_Y
    where = differing_pixels(tour["native"].shots / "statistics.png", tour["browser"].shots / "statistics.png")
    assert {y // SHOT_SCALE for _, y, *_ in where} <= set(range(WHERE_Y, WHERE_Y + CHAR_H))


@pytest.mark.parametrize("table", TABLES)
def test_a_table_chosen_on_the_title_menu_plays_as_on_the_desktop(pyodide, tmp_path, table):
    """The title menu's RULES, OPPONENTS, LEVEL, HOUSE RULES or PEOPLE, then
    turns: at big tables (hard computers thinking in slices of a frame, in
    Pyodide), with house rules, two people passing the screen behind its
    curtain: the desktop's notices, line for line."""
    script = tmp_path / "table.txt"
    script.write_text("\n".join(TABLES[table]) + "\n", encoding="utf-8")
    arguments = ["--seed", "2", "--script", str(script)]
    native = run_native(*arguments)
    lines = run_in_browser(*arguments).stdout.splitlines()
    assert any(SHOWN[table] in line for line in lines)
    assert not any(" turn: the table did not wait" in line for line in lines)  # the frames: the script's alone
    assert lines == native.splitlines()


def test_a_reload_mid_match_keeps_the_match_in_localstorage_and_continue_goes_back_to_it(pyodide, tmp_path, runtime):
    """``--reload-at``: the page reloaded in the middle of a match (a
    visitor who closes the tab and comes back); the rest of the script in the
    new page, which CONTINUEs the match from localStorage. The same as two
    desktop runs on one data folder, notice for notice and the table's
    picture pixel for pixel."""
    before = "press RETURN\npress RETURN\nwait 120\npress RETURN\npress P\nwait 60\n"
    after = "press RETURN\nwait 10\nshot title_again\npress RETURN\nwait 60\nshot continued\n"
    (tmp_path / "before.txt").write_text(before, encoding="utf-8")
    (tmp_path / "after.txt").write_text(after, encoding="utf-8")
    (tmp_path / "whole.txt").write_text(before + after, encoding="utf-8")
    native = []
    for part in ("before", "after"):
        arguments = ["--seed", "4", "--data-dir", str(tmp_path / "data"), "--script", str(tmp_path / f"{part}.txt")]
        native += run_native(*arguments, "--shots", str(tmp_path / "native")).splitlines()
    arguments = ["--seed", "4", "--reload-at", "150", "--script", str(tmp_path / "whole.txt"), *runtime]
    in_browser = run_in_browser(*arguments, "--shots", str(tmp_path / "browser"))
    assert "reloaded after frame 150" in in_browser.stderr
    lines = in_browser.stdout.splitlines()
    assert said(lines).count("scene loading") == 2  # the game started twice
    assert any("continue" in line.lower() for line in lines)
    if runtime:  # its reload comes at its own frame: the match goes on from the last move it kept
        reloaded = [i for i, line in enumerate(said(lines)) if line == "scene loading"][1]
        kept = [line for line in said(lines)[:reloaded] if line.startswith("saved match ")][-1].split()[2]
        assert f"match 1 level normal continued after {kept} moves" in said(lines)[reloaded:]
    else:
        assert lines == native
        assert picture_difference(tmp_path / "native" / "continued.png", tmp_path / "browser" / "continued.png") is None


def test_constrained_memory_mode_in_the_browser_gives_the_desktops_title(pyodide, tmp_path):
    """``--low-memory``: no loading screen, no title art (a fan of cards from
    the card bank): the same notices and, but for the menu a page has not,
    the same picture."""
    script = ROOT / "tests" / "scripts" / "low_memory_title.txt"
    arguments = ["--seed", "1", "--low-memory", "--script", str(script)]
    native = run_native(*arguments, "--shots", str(tmp_path / "native"))
    in_browser = run_in_browser(*arguments, "--shots", str(tmp_path / "browser"))
    assert in_browser.stdout.splitlines() == native.splitlines()
    assert "scene loading" not in in_browser.stdout
    menu = differing_pixels(tmp_path / "native" / "title_low_memory.png", tmp_path / "browser" / "title_low_memory.png")
    assert menu and min(x for x, *_ in menu) >= 2 * 200 and max(y for _, y, *_ in menu) < 2 * 160


# A page at a table server: Pyodide's start (up to browser_run's START_SECONDS), then a
# hand. 66 s on an idle 2-core machine; the server outlives the page's run on a loaded one,
# and the page's run ends (with what it printed) before the test's own timeout.
PAGE_AT_A_TABLE_S = 420
TABLE_SERVER_LIFETIME_S = PAGE_AT_A_TABLE_S + 60


@pytest.fixture
def table_server(servers):
    """A table server for a page's whole run (the online tests' own live 120 s)."""
    return servers(lifetime=TABLE_SERVER_LIFETIME_S)


def desktop_hand_script() -> str:
    """A desktop player's keys for one hand, its first turn awaited as long
    as the page may take to come: the hand script's own wait (60 s) may end
    first on a loaded machine, and its next RETURN, in the lobby, would have
    the room's creator start the match with a computer in the page's seat."""
    from test_online_game import one_hand_script

    return f"turn {PAGE_AT_A_TABLE_S}\n" + one_hand_script(turns=40)


def test_a_join_link_plays_a_hand_at_a_real_table_server_in_the_full_game_loop(
    pyodide, table_server, tmp_path, runtime
):
    """``index.html?join=ws://127.0.0.1:PORT/ROOM&name=WEB``: the game in the
    page (its lobby, its online table, its keys, through the page's
    WebSocket) plays a whole hand against a desktop game process at a real
    table server; the page saw exactly its seat's view of the hand that the
    server's record replays to. No thread, process or socket of the page's
    own: Pyodide has none, and the hand was played."""
    from test_online_game import player, seen

    from game.rules import Game

    script = tmp_path / "hand.txt"
    script.write_text(desktop_hand_script(), encoding="utf-8")
    url = f"{table_server.url}/webgame"
    ann = player(url, "ANN", script, "--rules", "standard", "--players", "2")
    wait_for(lambda: table_server.room_file("webgame"), what="the room made by ANN")
    query = f"?join={quote(url, safe='')}&name=Web"
    in_browser = run_in_browser(
        "--seed", "1", "--script", str(script), "--query", query, *runtime, timeout=PAGE_AT_A_TABLE_S
    )
    out, err = ann.communicate(timeout=120)
    assert ann.returncode == 0, err[-2000:]
    saved = table_server.room_file_when(
        "webgame", lambda saved: Game.replay(saved["record"]).hand_over, what="the hand's end in its file"
    )
    game = Game.replay(saved["record"])
    assert game.hand_over and game.hand_number == 1
    assert [seat["name"] for seat in saved["seats"]] == ["ANN", "WEB"]
    seat, events = seen(in_browser.stdout)
    assert seat == 1 and events == [str(event) for event in game.view(seat).events]
    assert " scene hand_result" in in_browser.stdout and "script stopped at the result" in in_browser.stdout
    assert seen(out)[1] == [str(event) for event in game.view(0).events]


def test_a_watch_link_watches_a_hand_to_its_end_in_the_full_game_loop(pyodide, table_server, tmp_path, runtime):
    """``index.html?watch=ws://127.0.0.1:PORT/ROOM``: the game in the page
    watches two desktop game processes play a hand at a real table server,
    its table going on to the hand's result, and was sent exactly a
    watcher's view of the recorded hand (no card of any hand)."""
    from test_online_game import player

    from game.rules import WATCHER, Game

    script = tmp_path / "hand.txt"
    script.write_text(desktop_hand_script(), encoding="utf-8")
    url = f"{table_server.url}/webwatch"
    players = [player(url, "ANN", script, "--rules", "standard", "--players", "2")]
    wait_for(lambda: table_server.room_file("webwatch"), what="the room made by ANN")
    watching = tmp_path / "watch.txt"
    watching.write_text("turn 240\nstop-at-result\nwait 5\n", encoding="utf-8")
    query = f"?watch={quote(url, safe='')}"
    page = subprocess.Popen(
        [*BROWSER_RUN, "--seed", "1", "--script", str(watching), "--query", query, *runtime],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(page.stdout or ()), daemon=True)
    reader.start()
    try:
        # BOB comes, and the hand starts, once the page watches: it sees the hand from its deal.
        started = time.monotonic()
        wait_for(lambda: any(" online watching room webwatch" in line for line in lines), 300, what="the watcher")
        players.append(player(url, "BOB", script))
        page.wait(timeout=PAGE_AT_A_TABLE_S - (time.monotonic() - started))  # its standard output is the reader's
    finally:
        page.kill()
    reader.join(timeout=30)
    page_err = page.stderr.read() if page.stderr else ""
    for process in players:
        _, err = process.communicate(timeout=300)
        assert process.returncode == 0, err[-2000:]
    assert page.returncode == 0, page_err[-3000:]
    stdout = "".join(lines)
    saved = table_server.room_file_when(
        "webwatch", lambda saved: Game.replay(saved["record"]).hand_over, what="the hand's end in its file"
    )
    game = Game.replay(saved["record"])
    assert " scene hand_result" in stdout and "script stopped at the result" in stdout
    hand = next(line for line in stdout.splitlines() if " online hand 1 seen: " in line)
    assert hand.split(" online hand 1 seen: ", 1)[1].split(" | ") == [str(e) for e in game.view(WATCHER).events]
