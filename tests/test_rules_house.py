"""House rules of the standard rules: a stacked-deck or made-up-position
scenario for each option and for the ways they meet (stacking with the
challenge, seven_zero with a missed UNO call, a jump-in racing a catch)."""

from collections.abc import Mapping
from dataclasses import fields

import pytest
from conftest import position, stacked

from game.rules import Game, IllegalAction
from game.rules.house import HOUSE_RULES, HouseRule
from game.rules.rulesets import RULES_STANDARD

DECK = RULES_STANDARD.deck
# Four hands with nothing special in them (seat 0 plays first on a red 5).
FOUR = [
    ["R1", "R2", "R3", "G4", "G5", "Y6", "Y7"],
    ["B1", "B2", "B3", "G6", "G7", "Y8", "Y9"],
    ["R4", "R6", "B4", "B5", "G1", "G2", "Y1"],
    ["R7", "R8", "B6", "B7", "G3", "G8", "Y2"],
]


def house_game(house, seat_cards=None, turn_up="R5", draw=(), players=4) -> Game:
    """A stacked deal of FOUR's hands, some replaced, seat 0 to play first."""
    hands = [list((seat_cards or {}).get(seat, FOUR[seat])) for seat in range(players)]
    deck = stacked(hands, turn_up, draw, deck=DECK)
    return Game("standard", players, seed=13, deck=deck, starter=0, house=house)


def house_position(house, seat_cards, top="R5", draw=(), turn=0, **fields) -> Game:
    """A made-up position: FOUR's hands with some seats' hands replaced."""
    hands = [list(seat_cards.get(seat, hand)) for seat, hand in enumerate(FOUR)]
    return position("standard", hands, top, draw=draw, turn=turn, house=tuple(house), **fields)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def refused(game: Game, text: str, message: str, seat=None) -> None:
    """The action is refused with the message and changes nothing."""
    before = game.snapshot()
    with pytest.raises(IllegalAction, match=message):
        game.act(text, seat=seat)
    assert game.snapshot() == before


# ----- choosing house rules -------------------------------------------------------


def test_house_rules_are_named_options_of_the_standard_rules_off_by_default():
    assert Game("standard", 4, seed=1).house == ()
    game = Game("standard", 4, seed=1, house=["no_bluffing", "stacking", "stacking"])
    assert game.house == ("stacking", "no_bluffing")  # in their own order, once each
    assert game.view(2).house == ("stacking", "no_bluffing")
    assert Game("standard", 4, seed=1).view(0).house == ()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"house": ("stacking", "sevens")},
            "unknown house rule 'sevens': known house rules are stacking, seven_zero, ",
        ),
        ({"house": "stacking"}, "house takes a list or tuple of house rule names"),
        (
            {"house": ("stacking",), "rules": "1991"},
            "house rules are options of the standard rules only, not of rules 1991",
        ),
        ({"house": ("jump_in",), "rules": "royal"}, "not of rules royal"),
    ],
)
def test_a_bad_house_rule_is_a_clear_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Game(**{"rules": "standard", **kwargs})


def test_every_house_rule_has_a_one_line_explanation():
    assert list(HOUSE_RULES) == ["stacking", "seven_zero", "jump_in", "draw_to_match", "forced_play", "no_bluffing"]
    assert all(0 < len(rule.line) <= 70 and "\n" not in rule.line for rule in HOUSE_RULES.values())


def test_no_two_house_rules_fill_the_same_hook_so_any_set_of_them_plays_together():
    filled = {}
    # The names, the notation and the explanations are each rule's own texts: every rule's change applies.
    own = ("name", "line", "title", "short_title", "notation", "explain")
    for rule in HOUSE_RULES.values():
        for hook in fields(HouseRule):
            if hook.name in own or not getattr(rule, hook.name):
                continue
            value = getattr(rule, hook.name)
            for slot in value if isinstance(value, Mapping) else (None,):
                assert (hook.name, slot) not in filled, f"{rule.name} and {filled[hook.name, slot]} fill {hook.name}"
                filled[hook.name, slot] = rule.name
    assert len(filled) > len(HOUSE_RULES)


def test_the_record_names_the_house_rules_only_when_some_are_on_and_replays_them():
    plain = Game("standard", 3, seed=4).record()
    assert "house" not in plain
    game = Game("standard", 3, seed=4, house=("seven_zero", "jump_in"))
    assert game.record().splitlines()[4] == "house seven_zero jump_in"
    assert Game.replay(game.record()).snapshot() == game.snapshot()
    with pytest.raises(ValueError, match="record line 2: unknown house rule 'sevens'"):
        Game.replay(plain.replace("seed 4\n", "seed 4\nhouse sevens\n"))


# ----- stacking -------------------------------------------------------------------


def test_a_draw_two_may_be_stacked_and_the_first_player_who_does_not_draws_them_all():
    draw = ("B8", "B9", "Y3", "Y4")
    game = house_game(("stacking",), {0: ["R+2", *FOUR[0][1:]], 1: ["G+2", *FOUR[1][1:]]}, draw=draw)
    events = game.act("play R+2")
    assert "draw" not in kinds(events) and game.turn == 1
    assert game.pending.kind == "stack" and game.pending.penalty == 2
    assert game.legal() == ["play G+2", "draw"]  # a Draw Two of any colour stacks, nothing else
    game.act("play G+2")
    assert game.turn == 2 and game.pending.penalty == 4 and game.legal() == ["draw"]
    events = game.act("draw")
    assert kinds(events) == ["draw", "skip", "turn"] and events[0].count == 4
    assert game.hands[2][-4:] == list(draw) and game.turn == 3 and game.pending is None


def test_without_stacking_a_draw_two_is_drawn_at_once():
    game = house_game(("seven_zero",), {0: ["R+2", *FOUR[0][1:]], 1: ["G+2", *FOUR[1][1:]]})
    game.act("play R+2")
    assert len(game.hands[1]) == 9 and game.turn == 2 and game.pending is None


def test_a_stack_takes_a_draw_two_on_a_draw_two_and_a_wild_draw_four_on_a_wild_draw_four_only():
    game = house_game(("stacking",), {0: ["R+2", *FOUR[0][1:]], 1: ["W+4", "G+2", *FOUR[1][2:]]})
    game.act("play R+2")
    assert game.legal() == ["play G+2", "draw"]
    refused(game, "play W+4 R", "only a Draw Two stacks on a Draw Two")
    refused(game, "play B2", "only a Draw Two stacks on a Draw Two")
    refused(game, "pass", "2 cards are stacked on you: stack a Draw Two or draw them")
    game = house_game(("stacking",), {0: ["W+4", *FOUR[0][1:]], 1: ["W+4", "G+2", *FOUR[1][2:]]})
    game.act("play W+4 G")
    assert game.pending.kind == "challenge" and game.pending.penalty == 4
    assert game.legal() == ["challenge", "accept", *(f"play W+4 {c}" for c in "RGYB")]
    refused(game, "play G+2", "only a Wild Draw Four stacks on a Wild Draw Four")
    refused(game, "draw", "challenge, accept or stack a Wild Draw Four")


def test_stacked_wild_draw_fours_fall_on_the_player_who_accepts():
    draw = tuple(f"B{n}" for n in range(1, 9))
    hands = {0: ["W+4", *FOUR[0][1:]], 1: ["W+4", *FOUR[1][1:]], 2: ["W+4", *FOUR[2][1:]]}
    game = house_game(("stacking",), hands, draw=draw)
    game.act("play W+4 G")
    game.act("play W+4 Y")
    assert game.turn == 2 and game.pending.penalty == 8 and game.colour == "Y"
    events = game.act("accept")
    assert kinds(events) == ["accept", "draw", "skip", "turn"] and events[1].count == 8
    assert game.hands[2][-8:] == list(draw) and game.turn == 3


def test_a_successful_challenge_of_a_stacked_wild_draw_four_gives_the_bluffer_the_whole_stack():
    # Seat 1 stacks holding a green card, green being the colour seat 0 named: a bluff.
    hands = {0: ["W+4", *FOUR[0][1:]], 1: ["W+4", *FOUR[1][1:]]}
    game = house_game(("stacking",), hands)
    game.act("play W+4 G")
    game.act("play W+4 Y")
    events = game.act("challenge")
    assert kinds(events) == ["challenge", "reveal", "draw", "turn"] and events[0].reason == "wins"
    assert events[2].seat == 1 and events[2].count == 8
    assert len(game.hands[1]) == 6 + 8 and len(game.hands[2]) == 7
    assert game.turn == 2 and game.colour == "Y" and game.pending is None  # the challenger plays


def test_a_failed_challenge_of_a_stack_costs_the_challenger_the_stack_and_two_more():
    hands = {0: ["W+4", *FOUR[0][1:]], 1: ["W+4", "B1", "B2", "B3", "Y8", "Y9", "R9"]}  # seat 1 holds no green
    game = house_game(("stacking",), hands)
    game.act("play W+4 G")
    game.act("play W+4 Y")
    events = game.act("challenge")
    assert events[0].reason == "loses" and events[2].seat == 2 and events[2].count == 10
    assert game.turn == 3


def test_going_out_on_a_stacked_draw_two_gives_the_next_player_the_whole_stack_at_once():
    game = house_position(("stacking",), {0: ["G+2"], 3: ["R+2", *FOUR[3][1:]]}, top="R5", turn=3)
    game.act("play R+2")
    events = game.act("play G+2")
    assert kinds(events) == ["play", "draw", "hand_end"] and events[1].seat == 1 and events[1].count == 4
    assert game.hand_over and game.pending is None


def test_a_stacking_play_that_leaves_one_card_may_call_uno():
    game = house_position(("stacking",), {1: ["B+2", "B1"], 0: ["R+2", *FOUR[0][1:]]})
    game.act("play R+2")
    assert game.legal() == ["play B+2", "play B+2 uno", "draw"]
    game.act("play B+2")
    assert game.exposed == 1 and game.legal(3) == ["catch"]


def test_with_no_bluffing_a_wild_draw_four_stacks_only_when_legal_and_draw_takes_the_stack():
    house = ("stacking", "no_bluffing")
    hands = {
        0: ["W+4", "B1", "B2", "G4", "G5", "Y6", "Y7"],  # no red
        1: ["W+4", "B4", "B5", "B3", "Y8", "Y9", "R9"],  # no green
        2: ["W+4", *FOUR[2][1:]],  # yellow Y1
    }
    game = house_game(house, hands, turn_up="R5")
    game.act("play W+4 G")
    assert game.pending.kind == "stack" and game.legal() == [*(f"play W+4 {c}" for c in "RGYB"), "draw"]
    game.act("play W+4 Y")
    assert game.turn == 2 and game.pending.penalty == 8 and game.legal() == ["draw"]
    refused(game, "play W+4 R", "you hold yellow: no bluffing")
    refused(game, "challenge", "no Wild Draw Four challenge with the house rule no_bluffing")
    events = game.act("draw")
    assert kinds(events) == ["draw", "skip", "turn"] and events[0].count == 8 and game.turn == 3


# ----- seven_zero -----------------------------------------------------------------


def test_a_seven_then_swap_exchanges_hands_with_the_seat_chosen():
    game = house_game(("seven_zero",), {0: ["R7", *FOUR[0][1:]]})
    assert "play R7 swap 2" in game.legal() and "play R7 swap 0" not in game.legal()
    events = game.act("play R7")
    assert game.turn == 0 and game.pending.kind == "swap" and kinds(events)[-1] == "turn"
    assert game.legal() == ["swap 1", "swap 2", "swap 3"]
    refused(game, "play R2", "first choose whom to swap hands with")
    refused(game, "swap 0", "no seat 0 to name: choose from swap 1, swap 2, swap 3")
    refused(game, "swap 4", "no seat 4 to name")
    events = game.act("swap 2")
    assert kinds(events) == ["swap", "turn"] and str(events[0]) == "seat 0 swaps hands with seat 2"
    assert game.hands[0] == FOUR[2] and game.hands[2] == FOUR[0][1:]
    assert game.turn == 1 and game.pending is None


def test_a_seven_with_its_swap_in_one_action_is_the_same_as_in_two():
    one = house_game(("seven_zero",), {0: ["R7", *FOUR[0][1:]]})
    two = house_game(("seven_zero",), {0: ["R7", *FOUR[0][1:]]})
    events = one.act("play R7 swap 3")
    assert kinds(events) == ["play", "swap", "turn"]
    two.act("play R7")
    two.act("swap 3")
    assert (one.hands, one.turn, one.pending, one.exposed) == (two.hands, two.turn, two.pending, two.exposed)
    assert [e for e in one.events if e.kind != "turn"] == [e for e in two.events if e.kind != "turn"]
    assert one.record().splitlines()[-1] == "play R7 swap 3"
    assert Game.replay(one.record()).snapshot() == one.snapshot()


def test_a_swap_must_name_another_seat_and_a_last_seven_swaps_nothing():
    game = house_game(("seven_zero",), {0: ["R7", *FOUR[0][1:]]})
    refused(game, "play R7 swap 0", "swap hands with another seat: 1, 2, 3")
    refused(game, "play R7 swap 7", "swap hands with another seat")
    refused(game, "swap 1", "hands are swapped after playing a 7")
    refused(game, "play R2 swap 1", "only a 7 swaps hands")
    game = house_position(("seven_zero",), {0: ["R7"]})
    assert game.legal() == ["play R7", "draw"]
    refused(game, "play R7 swap 1", "your last card ends the hand")
    game.act("play R7")
    assert game.hand_over and game.pending is None


def test_a_zero_passes_every_hand_one_seat_along_the_direction_of_play():
    game = house_game(("seven_zero",), {0: ["R0", *FOUR[0][1:]]})
    events = game.act("play R0")
    assert kinds(events) == ["play", "rotate", "turn"] and events[1].count == 1
    assert game.hands == [FOUR[3], FOUR[0][1:], FOUR[1], FOUR[2]] and game.turn == 1
    game = house_position(("seven_zero",), {1: ["R0", *FOUR[1][1:]]}, turn=1, direction=-1)
    game.act("play R0")
    assert game.hands == [FOUR[1][1:], FOUR[2], FOUR[3], FOUR[0]] and game.turn == 0


def test_without_seven_zero_a_seven_and_a_zero_are_just_numbers():
    game = house_game(("stacking",), {0: ["R7", *FOUR[0][1:]]})
    assert game.legal().count("play R7") == 1 and not any("swap" in a for a in game.legal())
    refused(game, "play R7 swap 2", "hands are swapped only with the house rule seven_zero")
    game.act("play R7")
    assert game.turn == 1 and game.hands[2] == FOUR[2]


def test_a_missed_uno_call_follows_the_hand_swapped_away():
    game = house_position(("seven_zero",), {0: ["R7", "B9"]}, draw=("Y3", "Y4"))
    game.act("play R7 swap 2")
    assert game.hands[2] == ["B9"] and game.exposed == 2  # the uncalled hand went to seat 2
    assert game.legal(2) == ["uno"] and game.legal(0) == ["catch"] and game.legal(1)[0] == "catch"
    events = game.act("catch", seat=0)
    assert events[1].seat == 2 and game.hands[2] == ["B9", "Y3", "Y4"]


def test_a_swap_chosen_after_the_seven_keeps_the_uno_window_open_and_moves_it():
    game = house_position(("seven_zero",), {0: ["R7", "B9"]})
    game.act("play R7")
    assert game.exposed == 0 and game.legal(0) == ["uno", "swap 1", "swap 2", "swap 3"]
    game.act("swap 1")  # the second half of the play: the window is still open
    assert game.exposed == 1 and game.hands[1] == ["B9"]
    game.act("uno", seat=1)
    assert game.exposed is None


def test_a_called_uno_goes_with_the_hand_and_a_zero_moves_an_uncalled_one():
    game = house_position(("seven_zero",), {0: ["R7", "B9"]})
    game.act("play R7 uno swap 2")
    assert game.exposed is None and game.hands[2] == ["B9"]
    game = house_position(("seven_zero",), {0: ["R0", "B9"]})
    assert "play R0 uno" in game.legal()
    game.act("play R0")
    assert game.exposed == 1 and game.hands[1] == ["B9"] and game.turn == 1
    assert game.legal(1)[0] == "uno"  # the seat in turn may still call for the hand it was passed


# ----- jump_in --------------------------------------------------------------------


def test_a_card_identical_to_the_top_card_jumps_in_out_of_turn_and_play_goes_on_from_there():
    game = house_game(("jump_in",), {2: ["R5", *FOUR[2][1:]]})
    assert game.legal(2) == ["play R5"] and game.legal(1) == [] and game.legal(3) == []
    events = game.act("play R5", seat=2)
    assert kinds(events) == ["jump_in", "play", "turn"] and str(events[0]) == "seat 2 jumps in"
    assert game.turn == 3 and game.hands[2] == FOUR[2][1:] and game.hands[0] == FOUR[0]  # seats 0 and 1 lose the turn
    assert game.record().splitlines()[-1] == "@2 play R5"
    assert Game.replay(game.record()).snapshot() == game.snapshot()


def test_only_an_identical_card_jumps_in_never_a_wild():
    game = house_game(("jump_in",), {2: ["R5", "B5", "R6", "W", *FOUR[2][4:]]})
    refused(game, "play B5", "seat 2 may jump in only with a card identical to the R5", seat=2)
    refused(game, "play R6", "identical to the R5", seat=2)
    refused(game, "draw", "seat 2 may only call uno or catch now, or jump in with a card identical", seat=2)
    game = house_game(("jump_in",), {0: ["W", *FOUR[0][1:]], 2: ["W", *FOUR[2][1:]]})
    game.act("play W B")
    assert game.legal(2) == []
    refused(game, "play W B", "nobody jumps in on a wild card", seat=2)


def test_the_seat_in_turn_just_plays_its_identical_card():
    game = house_game(("jump_in",), {0: ["R5", *FOUR[0][1:]]})
    assert game.legal(0)[0] == "play R5"
    game.act("play R5")
    assert game.record().splitlines()[-1] == "play R5" and game.turn == 1


def test_without_jump_in_nobody_plays_out_of_turn():
    game = house_game(("stacking",), {2: ["R5", *FOUR[2][1:]]})
    assert game.legal(2) == []
    refused(game, "play R5", "it is seat 0's turn: seat 2 may only call uno or catch now$", seat=2)


def test_nobody_jumps_in_while_a_choice_is_made():
    house = ("stacking", "seven_zero", "jump_in")
    game = house_game(house, {0: ["R7", *FOUR[0][1:]], 3: ["R7", *FOUR[3][1:]]})
    game.act("play R7")
    assert game.legal(3) == []
    refused(game, "play R7", "nobody jumps in while a choice is made: first choose whom to swap", seat=3)
    game.act("swap 1")
    assert game.legal(3) == ["play R7", *(f"play R7 swap {seat}" for seat in (0, 1, 2))]
    game = house_game(house, {0: ["R+2", *FOUR[0][1:]], 2: ["R+2", *FOUR[2][1:]]})
    game.act("play R+2")
    assert game.pending.kind == "stack" and game.legal(2) == []
    refused(game, "play R+2", "nobody jumps in while a choice is made", seat=2)
    game.act("draw")  # seat 1 takes the two; now the Draw Two on top may be jumped on
    game.act("play R+2", seat=2)
    assert game.turn == 3 and game.pending.penalty == 2


def test_a_jump_in_ends_the_turn_of_a_player_holding_a_drawn_card():
    game = house_game(("jump_in",), {2: ["R5", *FOUR[2][1:]]}, draw=("R9",))
    game.act("draw")
    assert game.drawn == "R9" and game.legal(2) == ["play R5"]
    game.act("play R5", seat=2)
    assert game.drawn is None and game.hands[0][-1] == "R9" and game.turn == 3


def test_a_jump_in_races_a_catch_the_first_to_come_counts():
    # The catch first: the exposed player draws two, the jump-in still comes.
    hands = {0: ["R1", "B9"], 2: ["R1", *FOUR[2][1:]]}
    game = house_position(("jump_in",), hands, top="R5", draw=("Y3", "Y4"))
    game.act("play R1")
    assert game.exposed == 0 and game.legal(2) == ["catch", "play R1"]
    game.act("catch", seat=3)
    game.act("play R1", seat=2)
    assert game.hands[0] == ["B9", "Y3", "Y4"] and game.turn == 3
    # The jump-in first: it is the next play, so the window for the catch is shut.
    game = house_position(("jump_in",), hands, top="R5", draw=("Y3", "Y4"))
    game.act("play R1")
    game.act("play R1", seat=2)
    assert game.exposed is None and game.hands[0] == ["B9"]
    refused(game, "catch", "nobody can be caught", seat=3)


def test_an_exposed_player_may_jump_in_with_its_last_card_and_go_out():
    game = house_position(("jump_in",), {0: ["R1", "R1"]})
    game.act("play R1")
    assert game.legal(0) == ["uno", "play R1"]
    events = game.act("play R1", seat=0)
    assert kinds(events)[-1] == "hand_end" and game.hand_winner == 0


def test_a_jump_in_that_leaves_one_card_may_call_uno_and_a_jumping_draw_two_hits_the_next_seat():
    game = house_position(("jump_in",), {2: ["R+2", "B4"]}, top="R+2", draw=("Y3", "Y4"))
    assert game.legal(2) == ["play R+2", "play R+2 uno"]
    game.act("play R+2 uno", seat=2)
    assert game.exposed is None and game.hands[3][-2:] == ["Y3", "Y4"] and game.turn == 0


# ----- draw_to_match, forced_play, no_bluffing ---------------------------------------


def test_draw_to_match_draws_until_a_card_can_be_played_then_it_may_be_played_or_kept():
    game = house_game(("draw_to_match",), draw=("B8", "Y3", "G9", "R9", "B1"))
    events = game.act("draw")
    assert kinds(events) == ["draw"] and events[0].count == 4 and events[0].cards == ("B8", "Y3", "G9", "R9")
    assert game.hands[0][-4:] == ["B8", "Y3", "G9", "R9"] and game.drawn == "R9"
    assert game.legal() == ["play R9", "pass"]
    game.act("pass")
    assert game.turn == 1 and len(game.hands[0]) == 11
    assert [e.count for e in game.view(1).events if e.kind == "draw"] == [4]  # others see how many


def test_draw_to_match_stops_at_once_on_a_playable_card_and_a_wild_is_playable():
    game = house_game(("draw_to_match",), draw=("B8", "W", "R9"))
    game.act("draw")
    assert game.drawn == "W" and game.hands[0][-2:] == ["B8", "W"]


def test_forced_play_a_playable_drawn_card_must_be_played():
    game = house_game(("forced_play",), draw=("R9",))
    game.act("draw")
    assert game.legal() == ["play R9"]
    refused(game, "pass", "the drawn R9 can be played, so it must be")
    game.act("play R9")
    assert game.turn == 1


def test_forced_play_an_unplayable_drawn_card_still_ends_the_turn():
    game = house_game(("forced_play",), draw=("B8",))
    events = game.act("draw")
    assert kinds(events) == ["draw", "pass", "turn"] and game.turn == 1


def test_draw_to_match_and_forced_play_together_draw_until_a_card_must_be_played():
    game = house_game(("draw_to_match", "forced_play"), draw=("B8", "R9"))
    game.act("draw")
    assert game.legal() == ["play R9"]


def test_no_bluffing_a_wild_draw_four_only_without_the_colour_and_no_challenge():
    game = house_game(("no_bluffing",), {0: ["W+4", *FOUR[0][1:]]})  # seat 0 holds red
    assert not any(a.startswith("play W+4") for a in game.legal())
    refused(game, "play W+4 G", "you hold red: no bluffing with a Wild Draw Four")
    hands = {0: ["W+4", "B1", "B2", "G4", "G5", "Y6", "Y7"]}  # no red
    game = house_game(("no_bluffing",), hands, draw=("B8", "B9", "Y3", "Y4"))
    events = game.act("play W+4 G")
    assert kinds(events) == ["play", "draw", "skip", "turn"] and game.pending is None
    assert game.hands[1][-4:] == ["B8", "B9", "Y3", "Y4"] and game.turn == 2
    refused(game, "challenge", "there is no Wild Draw Four challenge with the house rule no_bluffing")


def test_no_bluffing_a_drawn_wild_draw_four_is_playable_only_when_legal():
    game = house_game(("no_bluffing",), draw=("W+4",))  # seat 0 holds red
    events = game.act("draw")
    assert kinds(events) == ["draw", "pass", "turn"]


# ----- first cards and the direction of a jump-in ---------------------------------------


def test_a_draw_two_turned_up_is_drawn_at_once_even_with_stacking():
    game = house_game(("stacking",), {1: ["G+2", *FOUR[1][1:]]}, turn_up="Y+2")
    assert len(game.hands[0]) == 9 and game.turn == 1 and game.pending is None


@pytest.mark.parametrize("turn_up", ["B7", "B0"])
def test_a_seven_or_zero_turned_up_moves_no_hand(turn_up):
    game = house_game(("seven_zero",), turn_up=turn_up)
    assert game.hands == FOUR and game.turn == 0 and game.pending is None


def test_a_jumping_skip_or_reverse_works_from_the_seat_that_jumped_in():
    game = house_position(("jump_in",), {2: ["RS", *FOUR[2][1:]]}, top="RS")
    game.act("play RS", seat=2)
    assert game.turn == 0  # seat 3, after the jumper, is skipped
    game = house_position(("jump_in",), {2: ["RR", *FOUR[2][1:]]}, top="RR")
    game.act("play RR", seat=2)
    assert game.direction == -1 and game.turn == 1


# ----- more meetings of two house rules -------------------------------------------------


def test_draw_to_match_never_applies_to_a_stack():
    house = ("stacking", "draw_to_match")
    game = house_game(house, {0: ["R+2", *FOUR[0][1:]]}, draw=("B8", "B9", "R9"))
    game.act("play R+2")
    events = game.act("draw")
    assert events[0].count == 2 and game.hands[1][-2:] == ["B8", "B9"] and game.turn == 2


def test_draw_to_match_with_no_bluffing_draws_past_a_wild_draw_four_that_would_be_a_bluff():
    game = house_game(("draw_to_match", "no_bluffing"), draw=("W+4", "B8", "R9"))  # seat 0 holds red
    events = game.act("draw")
    assert events[0].cards == ("W+4", "B8", "R9") and game.drawn == "R9"


def test_with_two_players_a_stack_goes_back_and_forth_and_a_zero_swaps_the_hands():
    hands = {0: ["R+2", "G+2", *FOUR[0][2:]], 1: ["B+2", "B0", *FOUR[1][2:]]}
    game = house_game(("stacking", "seven_zero"), hands, players=2)
    game.act("play R+2")
    game.act("play B+2")
    assert game.turn == 0 and game.legal() == ["play G+2", "draw"]
    game.act("draw")
    assert len(game.hands[0]) == 6 + 4 and game.turn == 1  # seat 0 misses the turn
    before = game.hands
    game.act("play B0")
    assert game.hands == [before[1][1:], before[0]] and game.turn == 0
