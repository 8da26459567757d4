"""What callers outside ``game.rules`` ask a rule set and the house rules,
instead of reading their names or ``royal`` / ``program``: who names a
Wild's colour, whether there is a scepter, which playout model fits, whether
a seat may play out of turn, what becomes of a Wild Draw Four played holding
the colour, and what the menu and the table call each house rule."""

import pytest

from game.rules import Game
from game.rules.common import Playout, WildDrawFour
from game.rules.house import HOUSE_RULES, HouseRule, illegal_wild_draw_four, plays_out_of_turn
from game.rules.rulesets import RULES_1991, RULES_ROYAL, RULES_STANDARD


def test_each_rule_set_says_who_names_a_wilds_colour_whether_a_scepter_runs_and_its_playout_model():
    assert [rules.wilds_name_colour for rules in (RULES_1991, RULES_STANDARD, RULES_ROYAL)] == [True, True, False]
    assert [rules.scepter for rules in (RULES_1991, RULES_STANDARD, RULES_ROYAL)] == [False, False, True]
    assert [rules.playout for rules in (RULES_1991, RULES_STANDARD, RULES_ROYAL)] == [
        Playout.DUEL,
        Playout.TABLE,
        Playout.TABLE_WITH_KING,
    ]


def test_only_jump_in_lets_a_seat_play_out_of_turn():
    assert [name for name in HOUSE_RULES if plays_out_of_turn((name,))] == ["jump_in"]
    assert not plays_out_of_turn(())
    assert Game("standard", 4, seed=1, house=("stacking", "jump_in")).plays_out_of_turn
    assert not Game("standard", 4, seed=1, house=("stacking",)).plays_out_of_turn


def test_an_illegal_wild_draw_four_is_penalised_challenged_or_refused_as_the_rules_and_house_rules_say():
    assert illegal_wild_draw_four(RULES_1991, ()) is WildDrawFour.PENALISED
    assert illegal_wild_draw_four(RULES_STANDARD, ()) is WildDrawFour.CHALLENGED
    assert illegal_wild_draw_four(RULES_STANDARD, ("stacking", "jump_in")) is WildDrawFour.CHALLENGED
    assert illegal_wild_draw_four(RULES_STANDARD, ("no_bluffing",)) is WildDrawFour.REFUSED
    assert illegal_wild_draw_four(RULES_ROYAL, ()) is WildDrawFour.REFUSED


def test_each_house_rule_names_itself_for_the_menu_and_the_table():
    assert {name: (rule.title, rule.short_title) for name, rule in HOUSE_RULES.items()} == {
        "stacking": ("STACKING", "STACK"),
        "seven_zero": ("SEVEN-O", "7-0"),
        "jump_in": ("JUMP-IN", "JUMP-IN"),
        "draw_to_match": ("DRAW TO MATCH", "DRAW"),
        "forced_play": ("FORCED PLAY", "FORCED"),
        "no_bluffing": ("NO BLUFFING", "NO BLUFF"),
    }
    assert HOUSE_RULES["stacking"].in_play(("jump_in", "stacking"))
    assert not HOUSE_RULES["stacking"].in_play(("jump_in",))


def test_a_house_rule_without_its_names_is_refused_where_it_is_written_not_mid_match():
    with pytest.raises(TypeError):
        HouseRule("sevens", "a 7 does something")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="'sevens' has no short_title"):
        HouseRule("sevens", "a 7 does something", "SEVENS", "")
    with pytest.raises(ValueError, match="'sevens' has no title"):
        HouseRule("sevens", "a 7 does something", "", "7S")
    with pytest.raises(ValueError, match="over 70 characters"):
        HouseRule("sevens", "a 7 " + "x" * 70, "SEVENS", "7S")
