"""The table tells the truth (issue 20), played through the keys headless:
every refusal gives its true reason, every prompt matches the table on
screen at that moment, a jump-in has a window a person can use, the King's
picks start on a sensible seat and name only the keys of this table, a
challenge shows the colour it is about, the replay viewer and the title
menu say what they show.
"""

from __future__ import annotations

import pytest
from test_table_house_rules import house_table
from test_table_players import DULL, Scripted, Table, play, royal_table

from game.ui import narration
from game.ui.app import init_pyxel


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def said_after(table: Table, start: int, text: str) -> list[str]:
    """The lines reported since line ``start`` that contain ``text``, without their frame numbers."""
    return [line.lstrip().split(" ", 1)[1] for line in table.lines[start:] if text in line]


# ----- 1. refusals give the true reason -----------------------------------------------------


def test_a_card_refused_under_a_stack_says_only_a_draw_two_goes_on_it():
    you = ["G1", "B1", "B2", "B3", "Y4", "Y5", "Y6"]
    table = house_table(("stacking",), [you, ["G+2", *DULL[1:]]], turn_up="G5", starter=1)
    table.seat(1, Scripted(["play G+2"]))
    table.wait_for_you()
    start = len(table.lines)
    play(table, "G1")
    table.wait(2)
    message = said_after(table, start, "message You can't play")
    assert message == ["message You can't play the green 1: only a Draw Two goes on the stack"]
    assert said_after(table, start, "sound buzz") and "G1" in table.game.hands[0]


def test_a_wild_refused_under_a_stack_is_refused_before_its_colour_is_asked():
    you = ["W", "B1", "B2", "B3", "Y4", "Y5", "Y6"]
    table = house_table(("stacking",), [you, ["G+2", *DULL[1:]]], turn_up="G5", starter=1)
    table.seat(1, Scripted(["play G+2"]))
    table.wait_for_you()
    play(table, "W")
    table.wait(2)
    assert not table.match.naming_colour
    assert table.said("You can't play the Wild: only a Draw Two goes on the stack")


def test_no_bluffing_refuses_the_wild_draw_four_with_the_colour_you_hold():
    you = ["W+4", "R1", "B2", "B3", "Y4", "Y5", "Y6"]
    table = house_table(("no_bluffing",), [you, DULL[::-1]])
    play(table, "W+4")
    table.wait(2)
    assert not table.match.naming_colour
    assert table.said("message You can't play the Wild Draw Four: you hold RED (no bluffing)")


# ----- 3. the King's picks ----------------------------------------------------------------


def test_a_quick_return_on_a_kings_choice_names_an_opponent_and_the_prompt_names_only_this_tables_keys():
    table = royal_table()
    table.wait_for_you()
    assert table.match.board.prompt == "You are King: pick the Jester, LEFT/RIGHT and RETURN (or keys 1-2)"
    table.press("2")
    table.seat(1, Scripted())
    table.seat(2, Scripted())
    play(table, "RK")
    table.wait_for_you()
    prompt = table.match.board.prompt
    assert prompt == "King's Choice: who draws one? LEFT/RIGHT and RETURN (or keys 0-2, 0 is you)"
    assert len(prompt) <= narration.MAX_CHARS
    fewest = min((1, 2), key=lambda seat: (len(table.game.hands[seat]), seat))
    assert table.match.board.pick == fewest
    table.press("RETURN")
    table.wait(40)
    assert f"target {fewest}" in table.game.record().splitlines()


def test_every_pick_prompt_fits_the_bar_at_a_table_of_ten():
    for kind in ("jester", "target", "swap"):
        assert len(narration.pick_prompt(kind, list(range(10)))) <= narration.MAX_CHARS
        assert "keys 1-9" in narration.pick_prompt(kind, list(range(1, 10)))
    assert narration.pick_prompt("swap", [1]).endswith("(or key 1)")


# ----- 6. the title menu's warning --------------------------------------------------------


def test_the_house_rules_warning_clears_once_the_menu_moves_on():
    from test_table_players import SettingsStore

    from game.settings import Settings
    from game.ui import keys
    from game.ui.app import App
    from game.ui.script import Driver

    store = SettingsStore(Settings())
    app = App(1, report=lambda line: None, low_memory=True, store=store)
    driver = Driver(app)

    def press(*names):
        for name in names:
            driver.frame([keys.key_code(name)])

    while app.title.items.current != "house":
        press("DOWN")
    press("RETURN")
    assert app.title.message == narration.HOUSE_RULES_STANDARD_ONLY
    while app.title.items.current != "rules":
        press("UP")
    press("RIGHT")  # RULES: STANDARD
    assert store.settings.rules == "standard" and app.title.message == ""
    while app.title.items.current != "house":
        press("DOWN")
    press("RETURN", "RETURN", "DOWN", "RETURN", "DOWN", "RETURN", "ESCAPE")
    assert app.scene == "title" and len(store.settings.house) == 3 and app.title.message == ""
