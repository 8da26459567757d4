"""One stacked-deck scenario (or more) for every numbered rule of the 1991 set.

The numbers follow the rules engine issue, taken from the 1991 program's manual.
"""

import dataclasses
import itertools
from collections import Counter

import pytest
from conftest import stacked

from game.rules import Game, IllegalAction
from game.rules.rulesets import RULES_1991, Rules1991

# Two hands with nothing special in them, for scenarios that only need a table.
PLAIN = [["R1", "R2", "R3", "G4", "G5", "Y6", "Y7"], ["B1", "B2", "B3", "G6", "G7", "Y8", "Y9"]]


def game_with(hands=PLAIN, turn_up="R5", draw=(), starter=0) -> Game:
    return Game(deck=stacked(hands, turn_up, draw), starter=starter)


# ----- rule 1: the deck -------------------------------------------------------


def test_rule_1_the_1991_deck_has_108_cards_four_skips_a_colour_and_no_reverse():
    deck = Counter(RULES_1991.deck)
    assert sum(deck.values()) == 108
    for colour in "RGYB":
        assert deck[colour + "0"] == 1
        assert all(deck[f"{colour}{n}"] == 2 for n in range(1, 10))
        assert deck[colour + "+2"] == 2
        assert deck[colour + "S"] == 4
        assert deck[colour + "R"] == 0
    assert deck["W"] == 4
    assert deck["W+4"] == 4


# ----- rule 2: the deal and the starter ----------------------------------------


def test_rule_2_seven_cards_each_dealt_one_at_a_time_from_seat_0():
    deck = stacked(PLAIN, "R5")
    game = Game(deck=deck, starter=0)
    assert game.hands == PLAIN
    assert deck[0::2][:7] == PLAIN[0] and deck[1::2][:7] == PLAIN[1]
    assert game.top == "R5" and game.discard == ["R5"]
    assert game.draw_pile == deck[15:]
    assert game.draw_count == 108 - 15


def test_rule_2_first_starter_comes_from_the_seed_and_later_hands_alternate():
    starters = {Game(seed=seed).starter for seed in range(40)}
    assert starters == {0, 1}
    assert all(Game(seed=seed).starter == Game(seed=seed).starter for seed in range(10))
    game = Game(seed=11)
    seen = [game.starter]
    for _ in range(3):
        _play_out_hand(game)
        if game.match_over:
            break
        game.next_hand()
        seen.append(game.starter)
    assert all(a != b for a, b in itertools.pairwise(seen))


def _play_out_hand(game: Game) -> None:
    while not game.hand_over:
        legal = game.legal()
        game.act(legal[0] if len(legal) > 1 else legal[-1])


# ----- rule 3: the first card turned up -----------------------------------------


def test_rule_3_a_wild_turned_up_lets_the_starter_name_the_colour_and_then_play():
    game = game_with(turn_up="W", starter=1)
    assert game.choosing_colour and game.turn == 1
    assert game.legal() == ["colour R", "colour G", "colour Y", "colour B"]
    with pytest.raises(IllegalAction, match="colour"):
        game.act("play B1")
    events = game.act("colour B")
    assert [e.kind for e in events] == ["colour"]
    assert game.colour == "B" and game.turn == 1
    assert "play B1" in game.legal()
    game.act("play B1")
    assert game.turn == 0


def test_rule_3_a_draw_two_turned_up_makes_the_starter_draw_two_and_the_other_begin():
    game = game_with(turn_up="R+2", draw=("Y1", "Y2"), starter=0)
    assert game.hands[0] == PLAIN[0] + ["Y1", "Y2"]
    assert game.turn == 1
    assert [e.kind for e in game.opening] == ["deal", "turn_up", "draw", "skip", "turn"]


def test_rule_3_a_skip_turned_up_lets_the_other_player_begin():
    game = game_with(turn_up="GS", starter=0)
    assert game.turn == 1 and game.colour == "G"
    assert len(game.hands[0]) == 7


def test_rule_3_a_wild_draw_four_turned_up_goes_back_into_the_pile_and_another_is_turned():
    game = game_with(turn_up="W+4", draw=("Y3",), starter=0)
    assert game.top == "Y3" and game.turn == 0
    assert [e.kind for e in game.opening][:3] == ["deal", "return", "turn_up"]
    assert game.draw_count == 108 - 15
    assert "W+4" in game.draw_pile
    assert game.card_problems() == []


# ----- rule 4: what may be played ----------------------------------------------


def test_rule_4_a_card_matching_colour_or_type_is_playable_and_others_are_refused():
    hands = [["R1", "G5", "BS", "Y9", "W", "G+2", "B7"], PLAIN[1]]
    game = game_with(hands, turn_up="R5")
    legal = game.legal()
    assert "play R1" in legal and "play G5" in legal
    assert {"play W R", "play W G", "play W Y", "play W B"} <= set(legal)
    assert "play BS" not in legal and "play Y9" not in legal and "play G+2" not in legal
    before = game.snapshot()
    with pytest.raises(IllegalAction, match="Y9 matches neither"):
        game.act("play Y9")
    assert game.snapshot() == before


def test_rule_4_type_matches_type_for_skips_and_draw_twos():
    hands = [["RS", "G+2", "B1", "B2", "B3", "B4", "B5"], PLAIN[1]]
    assert game_with(hands, turn_up="YS", starter=1).legal() == ["play RS", "draw"]
    game = game_with(hands, turn_up="Y+2", draw=("Y1", "Y2"), starter=1)
    assert game.turn == 0
    assert game.legal() == ["play G+2", "draw"]


def test_rule_4_wild_draw_four_is_listed_only_without_a_card_of_the_colour():
    holding_colour = [["W+4", "B2", "G2", "Y3", "Y4", "G6", "B6"], PLAIN[1]]
    game = game_with(holding_colour, turn_up="B8")
    assert not any(a.startswith("play W+4") for a in game.legal())
    same_number_other_colour = [["W+4", "G2", "G3", "Y3", "Y4", "G6", "R6"], PLAIN[1]]
    game = game_with(same_number_other_colour, turn_up="B2")
    assert {"play W+4 R", "play W+4 G", "play W+4 Y", "play W+4 B"} <= set(game.legal())


def test_rule_4_an_illegal_wild_draw_four_is_penalised_draw_four_keep_it_lose_the_turn():
    hands = [["W+4", "B6", "G2", "Y3", "Y4", "G6", "R6"], PLAIN[1]]
    game = game_with(hands, turn_up="B2", draw=("R1", "R2", "R3", "R4"))
    events = game.act("play W+4 G")
    assert [e.kind for e in events] == ["penalty", "draw", "turn"]
    assert events[1].cards == ("R1", "R2", "R3", "R4") and events[1].count == 4
    assert "W+4" in game.hands[0] and len(game.hands[0]) == 11
    assert game.top == "B2" and game.colour == "B"
    assert game.turn == 1


def test_rule_4_a_legal_wild_draw_four_names_the_colour_and_gives_four():
    hands = [["W+4", "G2", "G3", "Y3", "Y4", "G6", "R6"], PLAIN[1]]
    game = game_with(hands, turn_up="B2", draw=("R1", "R2", "R3", "R4"))
    events = game.act("play W+4 Y")
    assert [e.kind for e in events] == ["play", "draw", "skip", "turn"]
    assert game.colour == "Y" and game.top == "W+4"
    assert len(game.hands[1]) == 11 and game.turn == 0


# ----- rule 5: drawing -----------------------------------------------------------


def test_rule_5_a_player_may_always_draw_instead_of_playing_and_play_only_the_drawn_card():
    game = game_with(turn_up="R5", draw=("R9",))
    assert "play R1" in game.legal() and game.legal()[-1] == "draw"
    game.act("draw")
    assert game.drawn == "R9" and game.turn == 0
    assert game.legal() == ["play R9", "pass"]
    with pytest.raises(IllegalAction, match="only the drawn card R9"):
        game.act("play R1")
    game.act("play R9")
    assert game.top == "R9" and game.turn == 1


def test_rule_5_passing_after_drawing_a_playable_card():
    game = game_with(turn_up="R5", draw=("W",))
    game.act("draw")
    assert game.legal() == ["play W R", "play W G", "play W Y", "play W B", "pass"]
    events = game.act("pass")
    assert [e.kind for e in events] == ["pass", "turn"]
    assert game.turn == 1 and "W" in game.hands[0]


def test_rule_5_an_unplayable_drawn_card_passes_the_turn_by_itself():
    game = game_with(turn_up="R5", draw=("B9",))
    events = game.act("draw")
    assert [e.kind for e in events] == ["draw", "pass", "turn"]
    assert game.turn == 1 and game.drawn is None
    with pytest.raises(IllegalAction):
        game.act("pass")


def test_rule_5_a_drawn_wild_draw_four_is_playable_only_when_legal():
    game = game_with(turn_up="R5", draw=("W+4",))  # seat 0 holds red cards
    game.act("draw")
    assert game.turn == 1
    hands = [["B1", "B2", "B3", "G4", "G5", "Y6", "Y7"], PLAIN[0]]
    game = game_with(hands, turn_up="R5", draw=("W+4",))
    game.act("draw")
    assert game.legal() == ["play W+4 R", "play W+4 G", "play W+4 Y", "play W+4 B", "pass"]


# ----- rule 6: Draw Two and Skip -------------------------------------------------


def test_rule_6_draw_two_gives_two_cards_and_play_returns_to_its_player():
    hands = [["R+2", "R2", "R3", "G4", "G5", "Y6", "Y7"], PLAIN[1]]
    game = game_with(hands, turn_up="R5", draw=("G1", "G2"))
    events = game.act("play R+2")
    assert [e.kind for e in events] == ["play", "draw", "skip", "turn"]
    assert game.hands[1][-2:] == ["G1", "G2"]
    assert game.turn == 0


def test_rule_6_skip_makes_the_other_player_miss_a_turn_so_its_player_goes_again():
    hands = [["RS", "GS", "R3", "G4", "G5", "Y6", "Y7"], PLAIN[1]]
    game = game_with(hands, turn_up="R5")
    game.act("play RS")
    assert game.turn == 0
    game.act("play GS")
    assert game.turn == 0
    game.act("play G4")
    assert game.turn == 1


# ----- rule 7: going out ---------------------------------------------------------


def _one_card_left(last: str, turn_up: str, draw=()) -> Game:
    """Seat 0 plays six cards (Skips: it keeps the turn) and holds ``last``."""
    hands = [["RS", "RS", "RS", "RS", "GS", "GS", last], ["B1", "B2", "B3", "G6", "G7", "Y8", "Y9"]]
    game = game_with(hands, turn_up=turn_up, draw=draw)
    for card in ("RS", "RS", "RS", "RS", "GS", "GS"):
        game.act(f"play {card}")
    assert game.turn == 0 and game.hands[0] == [last]
    return game


def test_rule_7_the_hand_ends_when_a_player_plays_their_last_card():
    game = _one_card_left("G3", "R5")
    events = game.act("play G3")
    assert game.hand_over and game.hand_winner == 0 and game.turn is None
    assert events[-1].kind == "hand_end"
    assert game.legal() == []
    with pytest.raises(IllegalAction, match="hand is over"):
        game.act("draw")


def test_rule_7_a_final_draw_two_is_carried_out_before_counting():
    game = _one_card_left("G+2", "R5", draw=("W", "W"))
    events = game.act("play G+2")
    assert [e.kind for e in events] == ["play", "draw", "hand_end"]
    assert game.hands[1][-2:] == ["W", "W"]
    assert events[-1].points == 1 + 2 + 3 + 6 + 7 + 8 + 9 + 50 + 50


def test_rule_7_a_final_wild_draw_four_is_carried_out_before_counting():
    game = _one_card_left("W+4", "R5", draw=("Y1", "Y2", "Y3", "Y4"))
    events = game.act("play W+4 Y")
    assert [e.kind for e in events] == ["play", "draw", "hand_end"]
    assert game.hands[1][-4:] == ["Y1", "Y2", "Y3", "Y4"]
    assert events[-1].points == 1 + 2 + 3 + 6 + 7 + 8 + 9 + 1 + 2 + 3 + 4
    assert game.scores == [events[-1].points, 0]


# ----- rule 8: points and the match ------------------------------------------------


def test_rule_8_the_winner_scores_face_value_20_for_action_cards_50_for_wilds():
    hands = [["RS", "RS", "RS", "RS", "GS", "GS", "G3"], ["B9", "BS", "B+2", "W", "W+4", "Y0", "Y8"]]
    game = game_with(hands, turn_up="R5")
    for card in ("RS", "RS", "RS", "RS", "GS", "GS", "G3"):
        events = game.act(f"play {card}")
    assert events[-1].points == 9 + 20 + 20 + 50 + 50 + 0 + 8
    assert game.scores == [157, 0]


def test_rule_8_the_first_to_500_wins_the_match():
    game = Game(seed=3)
    while not game.match_over:
        _play_out_hand(game)
        if not game.match_over:
            assert max(game.scores) < 500
            game.next_hand()
    assert game.scores[game.match_winner] >= 500
    assert max(game.scores) == game.scores[game.match_winner]
    with pytest.raises(IllegalAction, match="match is over"):
        game.next_hand()


# ----- rule 9: an empty draw pile --------------------------------------------------


def _empty_the_draw_pile(game: Game) -> None:
    while game.draw_count:
        game.act("draw")
        if game.drawn:
            game.act("pass")


def test_rule_9_an_empty_draw_pile_is_refilled_from_the_discard_pile_except_its_top():
    hands = [["RS", "R1", "R2", "R3", "R4", "R6", "R7"], ["G1", "G2", "G3", "G6", "G7", "G8", "G9"]]
    game = game_with(hands, turn_up="R5")
    game.act("play R1")
    game.act("draw")
    if game.drawn:
        game.act("pass")
    _empty_the_draw_pile(game)
    assert game.discard == ["R5", "R1"]
    seat = game.turn
    events = game.act("draw")
    assert [e.kind for e in events][:2] == ["reshuffle", "draw"]
    assert events[1].cards == ("R5",) and game.discard == ["R1"]
    assert game.card_problems() == []
    assert game.hands[seat][-1] == "R5"


def test_rule_9_with_nothing_to_draw_the_player_passes():
    game = game_with(turn_up="R5")
    _empty_the_draw_pile(game)
    seat = game.turn
    events = game.act("draw")
    assert [e.kind for e in events] == ["pass", "turn"]
    assert events[0].reason == "nothing to draw"
    assert game.turn == 1 - seat
    assert game.card_problems() == []


def _position(hands: list[list[str]], discard: list[str], colour: str, turn: int = 0) -> Game:
    """A two-player game in a made-up position: these hands and this discard
    pile (top last), the rest of the deck, if any, in the draw pile."""
    rest = Counter(RULES_1991.deck)
    rest.subtract(code for hand in hands for code in hand)
    rest.subtract(discard)
    pile = sorted(rest.elements())
    view = dataclasses.replace(
        Game(seed=1).view(turn),
        hand=tuple(hands[turn]),
        counts=tuple(len(hand) for hand in hands),
        discard=tuple(discard),
        top=discard[-1],
        colour=colour,
        draw_count=len(pile),
        turn=turn,
        drawn=None,
        direction=1,
        events=(),
    )
    return Game.from_view(view, hands, pile, seed=1)


def test_rule_9_a_penalty_draw_gives_what_there_is():
    """Only one card is left to draw anywhere: the Draw Two gives that one."""
    everything = Counter(RULES_1991.deck)
    everything.subtract(["R+2", "R3", "R5"])
    game = _position([["R+2", "R3"], sorted(everything.elements())], ["R5"], "R")
    events = game.act("play R+2")
    assert [e.kind for e in events] == ["play", "reshuffle", "draw", "skip", "turn"]
    assert events[2].cards == ("R5",) and events[2].count == 1
    assert game.discard == ["R+2"] and game.draw_count == 0
    assert game.turn == 0 and game.card_problems() == []


def test_rule_9_a_wild_shuffled_into_the_draw_pile_leaves_the_colour_named_for_the_top():
    everything = Counter(RULES_1991.deck)
    everything.subtract(["R3", "G4", "W", "W"])
    game = _position([["R3", "G4"], sorted(everything.elements())], ["W", "W"], "G")
    events = game.act("draw")
    assert [e.kind for e in events][:2] == ["reshuffle", "draw"]
    assert events[1].cards == ("W",)
    assert (game.top, game.colour) == ("W", "G")
    assert game.legal() == ["play W R", "play W G", "play W Y", "play W B", "pass"]


# ----- more than two players, and a Reverse (not in the 1991 deck) --------------


def test_rule_6_with_three_players_the_turn_goes_past_the_seat_that_missed_it():
    hands = [["RS", "R+2", "R3", "G4", "G5", "Y6", "Y7"], PLAIN[1], ["B4", "B5", "B6", "G8", "G9", "Y1", "Y2"]]
    game = Game(players=3, deck=stacked(hands, "R5", ("G1", "G2")), starter=0)
    events = game.act("play RS")
    assert [(e.kind, e.seat) for e in events] == [("play", 0), ("skip", 1), ("turn", 2)]
    game.act("draw")  # seat 2 has no red, no 5: draws (G1) and cannot play it
    assert game.turn == 0
    events = game.act("play R+2")
    assert [(e.kind, e.seat) for e in events] == [("play", 0), ("draw", 1), ("skip", 1), ("turn", 2)]
    assert len(game.hands[1]) == 9 and game.hands[1][7] == "G2"


class WithReverse(Rules1991):
    """The 1991 rules with two Reverses a colour, as in the printed rules:
    a rule set of one's own is a subclass."""

    name = "with Reverse"
    deck = (*RULES_1991.deck, *(colour + "R" for colour in "RGYB" for _ in (1, 2)))


REVERSE_RULES = WithReverse()


def test_a_reverse_turns_play_back_with_three_players_and_skips_with_two():
    hands = [["RR", "R3", "G4", "G5", "Y6", "Y7", "B7"], PLAIN[1], ["B4", "B5", "B6", "G8", "G9", "Y1", "Y2"]]
    deck = stacked(hands, "R5", ("G1",), deck=REVERSE_RULES.deck)
    three = Game(rules=REVERSE_RULES, players=3, deck=deck, starter=0)
    events = three.act("play RR")
    assert [(e.kind, e.seat) for e in events] == [("play", 0), ("reverse", 0), ("turn", 2)]
    three.act("draw")  # seat 2: nothing red, no Reverse; draws G1, which cannot go
    assert three.turn == 1
    two = Game(rules=REVERSE_RULES, deck=stacked(hands[:2], "R5", deck=REVERSE_RULES.deck), starter=0)
    events = two.act("play RR")
    assert [(e.kind, e.seat) for e in events] == [("play", 0), ("skip", 1), ("turn", 0)]
