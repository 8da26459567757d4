"""House rules of standard UNO at the table, played through the keys
headless: the HOUSE RULES page of the title menu, the options shown on the
table, a stack, a Seven swap and a Zero, a jump-in, forced play, no
bluffing, drawing to match, stacking on a challenge.

Seats whose play a test needs are given scripted players (see
``test_table_players.Scripted``); the table asks them as it asks the real
computer players.
"""

from __future__ import annotations

import random

import pytest
from conftest import HeadlessApp, SettingsStore, stacked
from test_table_players import DULL, Scripted, Table, play

from game.rules.house import HOUSE_RULES
from game.rules.rulesets import RULES_STANDARD
from game.storage.settings import Settings
from game.ui.app import init_pyxel


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def house_table(house: tuple[str, ...], hands: list[list[str]], turn_up="R5", draw=(), starter=0) -> Table:
    settings = Settings(rules="standard", opponents=len(hands) - 1, house=house)
    deck = stacked(hands, turn_up, draw, deck=RULES_STANDARD.deck)
    table = Table("standard", len(hands), deck=deck, starter=starter, store=SettingsStore(settings))
    assert table.game.house == house
    return table


def no_errors(table: Table) -> bool:
    return not any(" error " in line for line in table.lines)


# ----- the menu and the table ----------------------------------------------------------------


def test_the_house_rules_page_switches_them_on_and_saves_them():
    store = SettingsStore(Settings(rules="standard"))
    player = HeadlessApp(store=store)
    app = player.app
    while app.context.title.items.current != "house":
        player.press("DOWN")
    player.press("RETURN")
    assert app.scene == "house"
    player.press("RETURN", "DOWN", "DOWN", "RETURN")  # stacking, then jump-in
    assert store.settings.house == ("stacking", "jump_in")
    player.press("ESCAPE")
    assert app.scene == "title"
    app.draw()
    assert any("setting house rules stacking jump_in" in line for line in player.lines)


def test_house_rules_are_for_standard_uno_only():
    player = HeadlessApp()  # the 1991 rules
    app = player.app
    while app.context.title.items.current != "house":
        player.press("DOWN")
    player.press("RETURN")
    assert app.scene == "title" and "House rules are for standard UNO" in app.context.title.message


def test_the_table_names_the_house_rules_in_play():
    table = house_table(("stacking", "no_bluffing"), [DULL, DULL[::-1]])
    assert table.match.board.house == ("stacking", "no_bluffing")
    assert table.said("table standard 2 players")


# ----- each house rule ---------------------------------------------------------------------


def test_a_stack_of_draw_twos_you_add_to_or_take():
    you = ["G+2", "B1", "B2", "B3", "Y4", "Y5", "Y6"]
    table = house_table(("stacking",), [you, ["R+2", *DULL[1:]]], starter=1)
    table.seat(1, Scripted(["play R+2"]))
    table.wait_for_you()
    assert table.match.board.prompt == "A stack of 2! Play your own on it, or P takes them all"
    play(table, "G+2")  # four now, for the computer, which cannot add to it
    table.wait_until(lambda: len(table.game.hands[1]) == 10)
    assert table.game.record().splitlines()[-2:] == ["play G+2", "draw"]


def test_taking_the_stack_with_p():
    you = ["B1", "B2", "B3", "Y4", "Y5", "Y6", "Y7"]
    table = house_table(("stacking",), [you, ["R+2", *DULL[1:]]], starter=1)
    table.seat(1, Scripted(["play R+2"]))
    table.wait_for_you()
    table.press("P")
    table.wait(40)
    assert len(table.game.hands[0]) == 9 and "draw" in table.game.record().splitlines()


def test_a_seven_lets_you_pick_whose_hand_to_take():
    you = ["R7", "G1", "G2", "G3", "G4", "G5", "G6"]
    them = [["B1", "B2", "B3", "B4", "B5", "B6", "B7"], ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"]]
    table = house_table(("seven_zero",), [you, *them])
    for seat in (1, 2):
        table.seat(seat, Scripted())
    play(table, "R7")
    table.wait_for_you()
    assert table.match.board.prompt.startswith("Seven! Swap hands with whom?")
    assert table.match.board.pick == 1  # the first seat you may name is highlighted
    table.press("2")
    table.wait(50)
    assert sorted(table.match.board.hand) == sorted(them[1]) and table.said("hands swap you")


def test_a_zero_passes_every_hand_on():
    you = ["R0", "G1", "G2", "G3", "G4", "G5", "G6"]
    them = [["B1", "B2", "B3", "B4", "B5", "B6", "B7"], ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"]]
    table = house_table(("seven_zero",), [you, *them])
    for seat in (1, 2):
        table.seat(seat, Scripted())
    play(table, "R0")
    table.wait(60)
    assert sorted(table.game.hands[0]) == sorted(them[1]) and sorted(table.game.hands[1]) == sorted(you[1:])
    assert table.said("hands rotate you")


def test_you_jump_in_with_an_identical_card():
    you = ["R6", "B1", "B2", "B3", "Y4", "Y5", "Y6"]
    them = [["R6", *DULL[1:]], ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]]
    table = house_table(("jump_in",), [you, *them], starter=1)
    table.seat(1, Scripted(["play R6"]))
    table.seat(2, Scripted())
    table.wait_until(lambda: table.game.top == "R6" and table.match.timeline.idle)
    table.wait(1)
    assert table.match.board.prompt == "Jump in! J plays your red 6 now, out of turn"
    table.press("J")
    table.wait(30)
    assert "@0 play R6" in table.game.record().splitlines() and table.said("You jump in!")


def test_forced_play_refuses_a_pass_with_a_buzz():
    you = ["B1", "B2", "B3", "Y4", "Y5", "Y6", "Y7"]
    table = house_table(("forced_play",), [you, DULL[::-1]], draw=("R9",))
    table.wait_for_you()
    table.press("P")
    table.wait_for_you()
    assert table.match.board.prompt.endswith("you must (forced play)")
    table.press("P")
    table.wait(2)
    assert table.said("sound buzz") and table.said("Forced play: the red 9 you picked up must be played")
    table.press("RETURN")
    table.wait(20)
    assert table.game.top == "R9"


def test_no_bluffing_refuses_an_illegal_wild_draw_four_with_a_buzz():
    you = ["W+4", "R1", "B2", "B3", "Y4", "Y5", "Y6"]
    table = house_table(("no_bluffing",), [you, DULL[::-1]])
    play(table, "W+4")
    table.press("G")
    table.wait(2)
    assert table.said("sound buzz") and table.said("you hold RED (no bluffing)") and len(table.game.hands[0]) == 7
    assert no_errors(table)


def test_drawing_to_match_draws_until_a_card_plays_and_lifts_it():
    you = ["B1", "B2", "B3", "Y4", "Y5", "Y6", "Y7"]
    table = house_table(("draw_to_match",), [you, DULL[::-1]], draw=("B8", "Y8", "R9"))
    table.wait_for_you()
    table.press("P")
    table.wait_for_you()
    assert len(table.match.board.hand) == 10 and table.match.board.drawn == "R9"


def test_stacking_your_wild_draw_four_on_a_challenge():
    you = ["W+4", "B1", "B2", "B3", "Y4", "Y5", "Y6"]
    table = house_table(("stacking",), [you, ["W+4", *DULL[1:]]], starter=1)
    table.seat(1, Scripted(["play W+4 G"]))
    table.wait_for_you()
    assert table.match.board.prompt == "+4 on you, RED before it: C challenges, A accepts, S stacks yours"
    table.press("S", "Y")
    table.wait(30)
    assert "play W+4 Y" in table.game.record().splitlines() and table.game.pending.penalty == 8


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_key_mash_with_every_house_rule_never_crashes_or_loses_a_card(seed):
    settings = Settings(rules="standard", opponents=3, house=tuple(HOUSE_RULES))
    table = Table("standard", 4, seed=seed, level="normal", store=SettingsStore(settings))
    rng = random.Random(seed)
    names = ["LEFT", "RIGHT", "RETURN", "P", "U", "C", "A", "S", "J", "R", "G", "1", "2", "0"]
    for _ in range(6000):
        if rng.random() < 0.35:
            table.press(rng.choice(names))
        else:
            table.wait(1)
        assert table.game.card_problems() == []
    assert table.said("jump") and no_errors(table), "a computer player chose wrongly or failed to decide"
