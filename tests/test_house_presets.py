"""House-rule presets (issue 44): named sets of standard UNO's house rules,
chosen by ``--house PRESET`` (the game, a room's table, the simulator) and
on the HOUSE RULES screen, played by the match, kept across a restart.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import HeadlessApp, SettingsStore

from game.__main__ import online_request, parse_args
from game.online.room_table import check_table
from game.rules.house import HOUSE_RULES
from game.rules.house_presets import HOUSE_PRESETS, house_choice, preset_of
from game.sim import main as sim_main
from game.storage.files import Files
from game.storage.settings import Settings
from game.storage.store import Store
from game.ui.app import init_pyxel
from game.ui.next_match import RunTable
from game.ui.scenes import house

ROOT = Path(__file__).resolve().parents[1]
PARTY = ("stacking", "seven_zero", "jump_in")
FAST = ("jump_in", "forced_play", "no_bluffing")


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def test_a_preset_or_names_give_the_house_rules_and_anything_else_says_what_there_is():
    assert house_choice("party") == PARTY and house_choice("fast") == FAST
    assert house_choice("none") == () and house_choice("all") == tuple(HOUSE_RULES)
    assert house_choice("jump_in,stacking") == ("stacking", "jump_in")  # the rules' own order
    with pytest.raises(ValueError) as error:
        house_choice("loud")
    assert "unknown house rule 'loud'" in str(error.value)
    assert all(name in str(error.value) for name in (*HOUSE_PRESETS, *HOUSE_RULES))
    assert preset_of(("no_bluffing", "jump_in", "forced_play")) is HOUSE_PRESETS["fast"]
    assert preset_of(("stacking",)) is None


def test_the_flag_takes_a_preset_and_refuses_an_unknown_name(capsys):
    assert parse_args(["--house", "party"]).house == PARTY
    assert parse_args(["--house", "stacking,no_bluffing"]).house == ("stacking", "no_bluffing")
    for argv, said in (
        (["--house", "loud"], "unknown house rule 'loud': give a preset (none, party, fast, all)"),
        (["--house", "party", "--rules", "royal"], "house rules are options of the standard rules"),
        (["--house", "party", "--join", "ws://127.0.0.1:9/"], "--house with --join goes with --rules"),
    ):
        with pytest.raises(SystemExit):
            parse_args(argv)
        assert said in capsys.readouterr().err


def test_a_room_made_with_join_rules_and_house_has_them_at_its_table():
    args = parse_args(["--join", "ws://127.0.0.1:9/", "--rules", "standard", "--players", "4", "--house", "fast"])
    _, _, table = online_request(args, RunTable("standard", 4))
    assert table["house"] == list(FAST) and table["teams"] is False
    _, _, table = online_request(args, RunTable("standard", 4, teams=True))  # --teams: a room of partners
    assert table["teams"] is True and check_table(table)["teams"] is True


def test_the_preset_of_the_flag_is_played_for_this_run_only():
    store = SettingsStore(Settings(rules="standard", opponents=3, house=("stacking",)))
    player = HeadlessApp(store=store, table=("standard", 4), house=PARTY)
    assert player.app.context.next_match.house == PARTY
    player.press("RETURN")  # PLAY
    assert player.app.match.game.house == PARTY
    assert store.settings.house == ("stacking",), "the saved house rules stay"


def test_house_rules_are_played_in_standard_uno_only():
    from game.ui.next_match import NextMatch

    chosen = NextMatch(Settings(rules="royal", house=("jump_in",)), "normal", None, None)
    assert chosen.house_in_play("royal") == () and chosen.house_in_play("standard") == ("jump_in",)
    flagged = NextMatch(Settings(house=("jump_in",)), "normal", None, None, house=PARTY)
    assert flagged.house_in_play("standard") == PARTY and flagged.house_in_play("1991") == ()


def open_house(player: HeadlessApp) -> house.HouseRulesScreen:
    items = player.app.context.title.items
    while items.current != "house":
        player.press("DOWN")
    player.press("RETURN")
    assert player.app.scene == "house"
    return player.app.navigator.top.screen


def test_the_preset_row_chooses_a_preset_and_shows_custom_for_a_set_of_ones_own(tmp_path):
    store = Store(Files(tmp_path))
    player = HeadlessApp(store=store)
    player.press("DOWN", "RIGHT")  # RULES: standard
    screen = open_house(player)
    while screen.items.current != house.PRESET:
        player.press("DOWN")
    player.press("RETURN")  # NONE -> PARTY
    assert screen.house == PARTY and preset_of(screen.house).title == "PARTY"
    player.press("RIGHT")
    assert screen.house == FAST
    player.press("LEFT", "LEFT", "LEFT")
    assert screen.house == tuple(HOUSE_RULES)  # PARTY, NONE, then round to ALL
    player.press("UP", "RETURN")  # NO BLUFFING off: a set no preset has
    own = screen.house
    assert preset_of(own) is None
    player.press("DOWN", "RIGHT")  # CUSTOM is the last of the row: round to NONE
    assert screen.house == ()
    player.press("LEFT")  # the player's own set is not thrown away: CUSTOM again
    assert screen.house == own
    player.press("RIGHT", "RIGHT")  # NONE, then PARTY
    assert screen.house == PARTY
    assert any("setting house rules stacking seven_zero jump_in" in line for line in player.lines)
    player.press("ESCAPE")  # the title
    title = player.app.context.title
    while title.items.current != "play":
        player.press("UP")
    player.press("RETURN")
    assert player.app.match.game.house == PARTY
    again = HeadlessApp(store=Store(Files(tmp_path)))  # a restart on the same data folder
    assert again.app.context.settings.house == PARTY and again.app.context.next_match.house == PARTY
    assert again.app.context.settings.own_house == own, "CUSTOM is kept across a restart too"
    assert house.next_preset(PARTY, again.app.context.settings.own_house, -2) == own, "PARTY, NONE, CUSTOM"


def test_how_to_play_and_the_table_name_the_presets():
    """The house rules' page tells of the presets, and the table names the
    preset its house rules make (issue 53)."""
    from game.ui.scenes.howto import RULE_PAGES
    from game.ui.table.tabletop import house_tags

    page = next(lines for heading, lines in RULE_PAGES["standard"] if heading.startswith("HOUSE RULES"))
    assert any(line.startswith("PRESETS: NONE, PARTY, FAST or ALL") for line in page)
    assert house_tags(PARTY, 4) == "PARTY HOUSE RULES: STACKING  SEVEN-O  JUMP-IN"
    assert house_tags(tuple(HOUSE_RULES), 4).startswith("ALL HOUSE: STACK 7-0")
    assert house_tags(("stacking",), 4) == "HOUSE RULES: STACKING", "a set of one's own: no preset named"


def test_the_simulator_plays_a_preset_with_every_check(capsys):
    assert sim_main(["--rules", "standard", "--players", "4", "--house", "fast", "--hands", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hands"] == 5 and report["violations"] == 0


@pytest.mark.slow
def test_the_game_plays_the_preset_of_its_flag(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("press RETURN\nwait 5\nturn\n")
    command = [sys.executable, "-m", "game", "--headless", "--seed", "2", "--data-dir", str(tmp_path / "data")]
    command += ["--rules", "standard", "--players", "3", "--house", "party", "--script", str(script)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    saved, _ = Store(Files(tmp_path / "data")).load_match()
    assert saved is not None and "house stacking seven_zero jump_in" in saved.record.splitlines()
