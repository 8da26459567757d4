"""Partners at the table, played through the real game headless: PARTNERS
on the title menu (standard UNO only), the teams' letters on the seats'
panels, a hand's result and the match's by team, and the statistics kept
for the team's table apart."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import pyxel
from conftest import HeadlessApp, SettingsStore
from test_people import People

from game.online.room_table import check_table
from game.storage.files import FILENAME, Files
from game.storage.settings import Settings, Stats
from game.storage.settings_document import dump, read_document
from game.storage.store import Store
from game.ui import layout as lay
from game.ui.app import init_pyxel
from game.ui.next_match import RunTable
from game.ui.scenes.stats import table_title as stats_title
from game.ui.table.seat_layout import PANEL_H, PANEL_W, panel_of

ROOT = Path(__file__).resolve().parents[1]
WAIT_LIMIT = 8000


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


class Partners(HeadlessApp):
    """A match of partners started at once (``--rules standard --players N --teams``)."""

    def __init__(self, players: int = 4, seed: int = 1, **kwargs) -> None:
        super().__init__(seed, table=RunTable("standard", players, teams=True), **kwargs)

    @property
    def game(self):
        return self.app.match.game

    def play_on_until(self, done: Callable[[], bool]) -> None:
        """Wait, picking up (and passing) whenever it is your turn, taking
        the first choice offered when you must choose."""
        for _ in range(WAIT_LIMIT):
            if done():
                return
            if self.match.waiting_for_you:
                pending = self.game.pending
                self.press("P" if pending is None else "R" if pending.kind == "colour" else "RETURN")
            else:
                self.driver.frame()
        raise AssertionError(f"still waiting after {WAIT_LIMIT} frames: {self.lines[-5:]}")


def badge(place: int, players: int) -> int:
    """The colour of a seat's team badge on the table (its panel's top right)."""
    panel = panel_of(place, players)
    return pyxel.screen.pget(panel.x + PANEL_W - 9, panel.y + 2)


def panel_words(place: int, players: int) -> str:
    """What a panel's bottom row reads, if it is PARTNER (else "" ): the row
    as drawn, against the word drawn there afresh."""
    panel = panel_of(place, players)
    x, y = panel.x + 3, panel.y + PANEL_H - 9
    shown = [pyxel.screen.pget(x + i, y + j) for j in range(6) for i in range(28)]
    pyxel.rect(x, y, 28, 6, lay.BLACK)
    pyxel.text(x, y, "PARTNER", lay.WHITE)
    drawn = [pyxel.screen.pget(x + i, y + j) for j in range(6) for i in range(28)]
    return "PARTNER" if shown == drawn else ""


@pytest.mark.parametrize("players", [4, 6])
def test_each_panel_shows_its_team_and_your_partner_opposite_wears_your_letter(players):
    table = Partners(players)
    table.play_on_until(lambda: table.match.waiting_for_you)
    table.app.draw()
    partner = players // 2
    assert table.match.board.sides == tuple(place % (players // 2) for place in range(players))
    assert badge(0, players) == badge(partner, players) == lay.WHITE
    assert all(badge(place, players) == lay.BLUE for place in range(players) if place not in (0, partner))
    # (issue 53) Where players look: your team's frames are white, and your partner's panel says PARTNER.
    turn = table.match.board.turn
    for place in range(players):
        panel = panel_of(place, players)
        if place != turn:
            team = place in (0, partner)
            assert pyxel.screen.pget(panel.x, panel.y + 12) == (lay.WHITE if team else lay.LIGHT_BLUE), place
    assert panel_words(partner, players) == "PARTNER"
    assert all(panel_words(place, players) != "PARTNER" for place in range(1, players) if place != partner)


def test_a_hand_of_partners_is_scored_and_shown_by_team_and_counted_for_your_team(tmp_path):
    table = Partners(4, seed=2, store=Store(Files(tmp_path)))
    table.play_on_until(lambda: table.match.result is not None)
    game, result = table.game, table.match.result
    winner = result.winner
    team = "AB"[winner % 2]
    assert f"result {table.match.seating.name(winner)} WENT OUT: TEAM {team} SCORES {result.points} POINTS" in [
        line.split(maxsplit=1)[1] for line in table.lines
    ]
    assert any(f"TEAM A {game.scores[0]} TEAM B {game.scores[1]}  (FIRST TO 500)" in line for line in table.lines)
    assert game.scores[winner] == game.scores[(winner + 2) % 4] == result.points > 0
    # (issue 53) What the other team gave, by team and by player, not only "N LEFT" and the total.
    others = [seat for seat in range(4) if seat % 2 != winner % 2]
    assert sum(result.given[seat] for seat in others) == result.points
    other = "BA"[winner % 2]
    assert f"result COUNTED: TEAM {other} {result.points}" in [line.split(maxsplit=1)[1] for line in table.lines]
    from game.ui.table.results import left_cell

    assert left_cell(result.left[others[0]], result.given[others[0]], columns=1).endswith(
        f"= {result.given[others[0]]} POINTS"
    )
    ours = winner % 2 == 0  # you are seat 0: your partner's hand is your team's
    said = f"message {'You go' if winner == 0 else table.match.seating.name(winner).title() + ' goes'} out: "
    assert any(
        line.endswith(f"{said}{'your' if ours else 'their'} team scores {result.points} points") for line in table.lines
    )
    assert table.match.board.scores == tuple(game.scores)  # both partners' panels show the team's total
    kept = json.loads((tmp_path / FILENAME).read_text())["stats"]["tables"]["standard 4 teams"]["normal"]
    table.press("ESCAPE", "Y")  # leave for the title menu: STATISTICS shows the team's table
    title = table.app.context.title
    while title.items.current != "stats":
        table.press("DOWN")
    table.press("RETURN")
    table.app.draw()
    assert table.app.scene == "stats"
    assert stats_title("standard 4 teams") == "STANDARD, 4 PLAYERS, PARTNERS: YOUR TEAM'S RECORD"
    assert any(
        f"hands won {int(ours)}, hands lost {int(not ours)}" in line for line in table.lines if " stats normal" in line
    )
    assert (kept["hands_won"], kept["hands_lost"]) == (int(ours), int(not ours))
    assert kept["hand_points"] == (result.points if ours else 0)


def test_the_match_result_names_the_winning_team_and_the_kept_match_each_teams_total(tmp_path):
    store = Store(Files(tmp_path))
    table = Partners(4, seed=5, store=store)
    engine = table.app.match.source.engine
    engine.scores[:] = [490] * 4  # the next hand ends the match: both partners hold their team's total
    table.play_on_until(lambda: table.match.scene == "hand_result")
    table.press("RETURN")
    table.wait(5)
    assert table.match.scene == "match_result" and table.match.result.sides == (0, 1, 0, 1)
    winner = engine.match_winner
    total, other = engine.scores[winner], engine.scores[1 - winner % 2]
    assert total >= 500 and engine.scores[(winner + 2) % 4] == total
    assert any(f"TEAM {'AB'[winner % 2]} {total}" in line for line in table.lines)
    # (issue 53) The message bar says what the box says: the team's words, not "You win the match!".
    said = "Your team wins the match!" if winner % 2 == 0 else "Team B wins the match!"
    assert any(line.endswith(f"message {said}") for line in table.lines), [
        line for line in table.lines if "match" in line
    ]
    assert not any("You win the match" in line for line in table.lines)
    (kept,) = store.finished()  # for REPLAYS: won or lost as your team did, each team's total once
    a, b = (total, other) if winner % 2 == 0 else (other, total)
    assert kept.result == f"{'won' if winner % 2 == 0 else 'lost'} team a {a}, team b {b}"


def test_partners_are_on_the_title_menu_for_standard_uno_only_and_kept_in_the_settings(tmp_path):
    store = Store(Files(tmp_path))
    player = HeadlessApp(1, store=store)  # (constrained memory: straight to the title menu)
    player.wait(2)
    title = player.app.context.title
    assert "partners" not in title.items.keys  # the 1991 game has none

    def choose(key: str) -> None:
        for _ in range(len(title.items.keys)):
            if title.items.current == key:
                return
            player.press("DOWN")
        raise AssertionError(f"no {key} on the title menu: {title.items.keys}")

    choose("rules")
    player.press("RIGHT")  # STANDARD
    assert "partners" in title.items.keys
    choose("partners")
    player.press("RIGHT")
    settings = player.app.context.settings
    assert settings.teams and settings.players == 4
    assert player.lines[-1].endswith("setting rules standard players 4 scoring points partners")
    choose("opponents")
    seen = []
    for _ in range(5):
        player.press("RIGHT")
        seen.append(player.app.context.next_match.rules_and_players()[1])
    assert seen == [6, 8, 10, 4, 6]
    kept = json.loads((tmp_path / FILENAME).read_text())["settings"]
    assert kept["teams"] is True and kept["opponents"] == 5
    hosted = check_table(player.app.context.next_match.hosted_table())  # HOST: a room of partners
    assert hosted["teams"] is True and hosted["players"] == 6
    choose("rules")
    player.press("RIGHT")  # ROYAL REVENGE: no partners
    assert "partners" not in title.items.keys and not player.app.context.next_match.teams
    player.press("LEFT")
    choose("play")
    player.press("RETURN")
    player.wait(3)
    assert player.app.match.game.teams and player.app.match.game.players == 6


def test_settings_without_partners_are_written_as_before_and_with_them_read_back():
    assert '"teams"' not in dump(Settings(), Stats())
    reading = read_document(dump(Settings(rules="standard", opponents=3, teams=True), Stats()))
    assert reading.problem is None and reading.settings.teams and reading.settings.players == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--teams"], "--teams goes with --rules standard"),
        (["--rules", "royal", "--teams"], "--teams: the Royal Revenge game has no partners"),
        (
            ["--rules", "standard", "--players", "5", "--teams"],
            "--teams: partners sit opposite each other: teams are for 4, 6, 8, 10 players, not 5",
        ),
    ],
)
def test_teams_on_the_command_line_are_refused_where_partners_cannot_sit(args, message):
    done = subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and message in done.stderr


def test_two_people_sat_apart_are_partners_and_each_is_counted_the_teams_hand():

    store = SettingsStore(Settings(seating="apart"))
    people = People(table=RunTable("standard", 4, teams=True), people=("ANN", "BOB"), store=store)
    seating = people.match.seating
    assert [seating.name(seat) for seat in (0, 2)] == ["ANN", "BOB"]  # partners: opposite each other
    people.play_hand()
    result = people.match.result
    ours = result.winner % 2 == 0  # ANN's and BOB's team went out
    for name in ("ANN", "BOB"):
        record = store.stats.person(name)
        assert (record.hands_won, record.hands_played) == (int(ours), 1)
        assert record.hand_points == (result.points if ours else 0)
    assert people.curtain_frames > 0  # every handover behind the curtain, checked frame by frame


def test_people_choose_partners_or_opponents_on_the_command_line_and_people_says_which():
    """(issue 53) --people 2 --teams seated ANN and BOB as opponents with no
    flag to seat them as partners, and SEATING never said what APART makes them."""
    from game.__main__ import parse_args
    from game.ui.scenes.people import seating_label

    flags = ["--people", "2", "--names", "ANN,BOB", "--rules", "standard", "--players", "4", "--teams"]
    assert parse_args([*flags, "--seating", "apart"]).seating == "apart"
    for seating, partners in (("apart", True), ("together", False)):
        store = SettingsStore(Settings())  # saved: together
        people = People(table=RunTable("standard", 4, teams=True), people=("ANN", "BOB"), seating=seating, store=store)
        seats = people.match.seating.people
        sides = people.match.game.sides
        assert (sides[seats[0]] == sides[seats[1]]) is partners, seating
        assert store.settings.seating == "together", "--seating is for this run"
    assert seating_label("apart", 2, 4, teams=True) == "SEATING: APART: PARTNERS"
    assert seating_label("together", 2, 4, teams=True) == "SEATING: TOGETHER: OPPONENTS"
    assert seating_label("apart", 2, 4, teams=False) == "SEATING: APART"
