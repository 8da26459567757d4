"""Stacked-deck scenarios for the standard printed rules (``rules="standard"``)
and for what they share with Royal Revenge: UNO calls, catches, going out
with an effect, the tally scoring and records of out-of-turn actions."""

from collections import Counter

import pytest
from conftest import position, stacked

from game.rules import Game, IllegalAction
from game.rules.rulesets import RULES_STANDARD

DECK = RULES_STANDARD.deck
# Four hands with nothing special in them.
FOUR = [
    ["R1", "R2", "R3", "G4", "G5", "Y6", "Y7"],
    ["B1", "B2", "B3", "G6", "G7", "Y8", "Y9"],
    ["R4", "R6", "B4", "B5", "G1", "G2", "Y1"],
    ["R7", "R8", "B6", "B7", "G3", "G8", "Y2"],
]


def standard(hands=FOUR, turn_up="R5", draw=(), starter=0, **options) -> Game:
    return Game("standard", len(hands), deck=stacked(hands, turn_up, draw, deck=DECK), starter=starter, **options)


def with_cards(seat_cards: dict[int, list[str]], turn_up="R5", draw=(), starter=0, players=4, **options) -> Game:
    """FOUR's hands with some seats' hands replaced."""
    hands = [list(seat_cards.get(seat, FOUR[seat])) for seat in range(players)]
    return standard(hands, turn_up, draw, starter, **options)


def small(seat_cards: dict[int, list[str]], top="R5", draw=(), turn=0, players=4, **fields) -> Game:
    """A made-up position: FOUR's hands with some seats' hands replaced."""
    hands = [list(seat_cards.get(seat, FOUR[seat])) for seat in range(players)]
    return position("standard", hands, top, draw=draw, turn=turn, **fields)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# ----- the deck and the deal ----------------------------------------------------


def test_the_standard_deck_has_108_cards_with_two_skips_reverses_and_draw_twos_a_colour():
    deck = Counter(DECK)
    assert sum(deck.values()) == 108
    for colour in "RGYB":
        assert deck[colour + "0"] == 1
        assert all(deck[f"{colour}{n}"] == 2 for n in range(1, 10))
        assert deck[colour + "S"] == deck[colour + "R"] == deck[colour + "+2"] == 2
    assert deck["W"] == deck["W+4"] == 4


def test_seven_cards_each_dealt_one_at_a_time_from_seat_0_then_one_turned_up():
    game = standard()
    assert game.hands == FOUR and game.top == "R5" and game.draw_count == 108 - 29
    assert game.turn == 0 and game.direction == 1


@pytest.mark.parametrize("players", [2, 5, 10])
def test_any_number_of_players_from_2_to_10(players):
    game = Game("standard", players, seed=3)
    assert len(game.hands) == players and all(len(hand) == 7 for hand in game.hands)
    with pytest.raises(ValueError, match="players must be 2 to 10"):
        Game("standard", 11)


def test_the_first_player_comes_from_the_seed_and_the_deal_passes_left_each_hand():
    assert {Game("standard", 4, seed=seed).starter for seed in range(60)} == {0, 1, 2, 3}
    game = Game("standard", 4, seed=5, starter=2)
    seen = [game.starter]
    for _ in range(3):
        _play_out(game)
        game.next_hand()
        seen.append(game.starter)
    assert seen == [2, 3, 0, 1]


def _play_out(game: Game) -> None:
    while not game.hand_over:
        legal = [a for a in game.legal() if a not in ("uno", "catch")]
        game.act(legal[0])


# ----- the first card turned up ---------------------------------------------------


def test_a_wild_draw_four_turned_up_goes_back_and_another_is_turned():
    game = standard(turn_up="W+4", draw=("G9",))
    assert game.top == "G9" and "return" in kinds(game.events)
    assert game.card_problems() == []


def test_a_wild_turned_up_lets_the_first_player_name_the_colour_and_play():
    game = standard(turn_up="W", starter=1)
    assert game.turn == 1 and game.choosing_colour and game.legal() == ["colour R", "colour G", "colour Y", "colour B"]
    game.act("colour B")
    assert game.colour == "B" and game.turn == 1 and not game.choosing_colour


def test_a_draw_two_turned_up_makes_the_first_player_draw_two_and_miss_the_turn():
    game = standard(turn_up="Y+2", draw=("B8", "B9"), starter=1)
    assert game.hands[1][-2:] == ["B8", "B9"] and game.turn == 2


def test_a_reverse_turned_up_lets_the_dealer_play_first_and_play_goes_the_other_way():
    game = standard(turn_up="GR", starter=1)
    assert game.turn == 0 and game.direction == -1  # the dealer sits before the first player
    game.act("play G4")
    assert game.turn == 3


def test_a_skip_turned_up_skips_the_first_player():
    game = standard(turn_up="BS", starter=1)
    assert game.turn == 2 and game.direction == 1


# ----- action cards ---------------------------------------------------------------


def test_a_reverse_changes_the_direction_of_play():
    game = with_cards({0: ["RR", *FOUR[0][1:]]})
    events = game.act("play RR")
    assert "reverse" in kinds(events) and game.direction == -1 and game.turn == 3
    game.act("play R7")
    assert game.turn == 2


def test_with_two_players_a_reverse_acts_as_a_skip():
    game = standard([["RR", *FOUR[0][1:]], FOUR[1]])
    game.act("play RR")
    assert game.turn == 0 and game.direction == 1


def test_a_skip_skips_the_next_player():
    game = with_cards({0: ["RS", *FOUR[0][1:]]})
    game.act("play RS")
    assert game.turn == 2
    game.act("play R4")
    assert game.turn == 3


def test_a_draw_two_makes_the_next_player_draw_two_and_miss_the_turn():
    game = with_cards({0: ["R+2", *FOUR[0][1:]]}, draw=("B8", "B9"))
    game.act("play R+2")
    assert game.hands[1][-2:] == ["B8", "B9"] and game.turn == 2


# ----- the Wild Draw Four and its challenge ---------------------------------------


def test_a_wild_draw_four_may_be_played_holding_the_colour_and_the_next_player_must_answer():
    game = with_cards({0: ["W+4", *FOUR[0][1:]]})
    assert "play W+4 G" in game.legal()  # a bluff: seat 0 holds reds
    game.act("play W+4 G")
    assert game.turn == 1 and game.pending.kind == "challenge"
    assert game.legal() == ["challenge", "accept"]
    with pytest.raises(IllegalAction, match="challenge or accept"):
        game.act("draw")


def test_accepting_a_wild_draw_four_draws_four_and_misses_the_turn():
    game = with_cards({0: ["W+4", *FOUR[0][1:]]}, draw=("B8", "B9", "Y3", "Y4"))
    game.act("play W+4 G")
    events = game.act("accept")
    assert game.hands[1][-4:] == ["B8", "B9", "Y3", "Y4"]
    assert game.turn == 2 and game.colour == "G" and kinds(events)[:2] == ["accept", "draw"]


def test_a_successful_challenge_makes_the_bluffer_draw_four_and_the_challenger_plays():
    game = with_cards({0: ["W+4", *FOUR[0][1:]]}, draw=("B8", "B9", "Y3", "Y4"))
    game.act("play W+4 G")
    events = game.act("challenge")
    assert kinds(events) == ["challenge", "reveal", "draw", "turn"]
    assert events[0].reason == "wins"
    assert game.hands[0][-4:] == ["B8", "B9", "Y3", "Y4"] and len(game.hands[1]) == 7
    assert game.top == "W+4" and game.colour == "G"  # the card stays, with its colour
    assert game.turn == 1 and game.pending is None
    game.act("play G6")


def test_a_failed_challenge_makes_the_challenger_draw_six_and_miss_the_turn():
    innocent = ["W+4", "B9", "G4", "G5", "Y6", "Y7", "G9"]  # no red
    game = with_cards({0: innocent}, draw=tuple(f"B{n}" for n in range(3, 9)))
    game.act("play W+4 Y")
    events = game.act("challenge")
    assert events[0].reason == "loses"
    assert len(game.hands[1]) == 13 and game.turn == 2 and game.colour == "Y"


def test_only_the_challenger_sees_the_challenged_hand():
    game = with_cards({0: ["W+4", *FOUR[0][1:]]})
    game.act("play W+4 G")
    game.act("challenge")
    reveal = [e for e in game.view(1).events if e.kind == "reveal"]
    assert reveal and reveal[0].cards == tuple(FOUR[0][1:])
    for seat in (0, 2, 3):
        assert not [e for e in game.view(seat).events if e.kind == "reveal"]


def test_holding_the_same_number_in_another_colour_is_no_bluff():
    game = with_cards({0: ["W+4", "B5", "G4", "G5", "Y6", "Y7", "G9"]})  # a 5, but no red
    game.act("play W+4 B")
    game.act("challenge")
    assert len(game.hands[1]) == 13


def test_a_wild_draw_four_as_the_last_card_is_drawn_without_a_challenge():
    game = small({0: ["W+4"]}, draw=("B8", "B9", "Y3", "Y4"))
    events = game.act("play W+4 G")
    assert kinds(events) == ["play", "draw", "hand_end"]
    assert game.hands[1][-4:] == ["B8", "B9", "Y3", "Y4"] and game.hand_over and game.pending is None


# ----- UNO --------------------------------------------------------------------------


def test_a_play_that_leaves_one_card_is_listed_with_and_without_the_call():
    game = small({0: ["R1", "B2"]})
    assert game.legal() == ["play R1", "play R1 uno", "draw"]
    with pytest.raises(IllegalAction, match="leaves you one card"):
        with_cards({}).act("play R1 uno")


def test_calling_uno_with_the_play_leaves_nobody_to_catch():
    game = small({0: ["R1", "B2"]})
    events = game.act("play R1 uno")
    assert kinds(events)[:2] == ["play", "uno"] and game.exposed is None
    assert all("catch" not in game.legal(seat) for seat in range(4))


def test_forgetting_uno_exposes_the_player_to_a_catch_by_any_other_seat():
    game = small({0: ["R1", "B2"]}, draw=("Y3", "Y4"))
    events = game.act("play R1")
    assert "exposed" in kinds(events) and game.exposed == 0
    assert game.legal(0) == ["uno"] and game.legal(2) == ["catch"] and game.legal(1)[0] == "catch"
    turn = game.turn
    events = game.act("catch", seat=3)
    assert kinds(events) == ["catch", "draw"] and events[0].seat == 3
    assert game.hands[0] == ["B2", "Y3", "Y4"] and game.turn == turn and game.exposed is None


def test_the_player_in_turn_may_catch_too_and_still_plays():
    game = small({0: ["R1", "B2"]})
    game.act("play R1")
    game.act("catch")
    assert len(game.hands[0]) == 3 and game.turn == 1
    game.act("play B1")


def test_a_late_call_saves_the_exposed_player():
    game = small({0: ["R1", "B2"]})
    game.act("play R1")
    events = game.act("uno", seat=0)
    assert kinds(events) == ["uno"] and game.exposed is None
    with pytest.raises(IllegalAction, match="nobody can be caught"):
        game.act("catch", seat=2)


def test_the_exposure_ends_when_the_seat_in_turn_acts():
    game = small({0: ["R1", "B2"]})
    game.act("play R1")
    game.act("play B1")
    assert game.exposed is None
    with pytest.raises(IllegalAction, match="nobody can be caught"):
        game.act("catch", seat=3)


def test_uno_may_be_called_when_playing_a_drawn_card():
    game = small({0: ["B2", "Y5"]}, draw=("R9",))
    game.act("draw")
    assert game.legal() == ["play R9", "pass"]  # it would leave two cards
    game = small({0: ["B2"]}, draw=("R9",))
    game.act("draw")
    assert game.legal() == ["play R9", "play R9 uno", "pass"]
    game.act("play R9 uno")
    assert game.exposed is None


def test_going_out_needs_no_call():
    game = small({0: ["R1"]})
    events = game.act("play R1")
    assert "exposed" not in kinds(events) and game.hand_over and game.turn is None


@pytest.mark.parametrize(
    ("seat", "text", "message"),
    [
        (2, "catch", "nobody can be caught"),
        (2, "uno", "nobody can be caught"),
        (2, "play B4", "it is seat 0's turn: seat 2 may only call uno or catch"),
        (None, "fanfare", "no King or Jester in rules standard"),
        (None, "jester 1", "no King or Jester"),
        (None, "challenge", "no Wild Draw Four to challenge"),
        (None, "play W", "name a colour for the W"),
        (7, "catch", "no seat 7"),
    ],
)
def test_bad_standard_actions_explain_why_and_change_nothing(seat, text, message):
    game = with_cards({})
    before = game.snapshot()
    with pytest.raises(IllegalAction, match=message):
        game.act(text, seat=seat)
    assert game.snapshot() == before


def test_the_exposed_player_cannot_catch_itself_and_others_cannot_call_for_it():
    game = small({0: ["R1", "B2"]})
    game.act("play R1")
    before = game.snapshot()
    with pytest.raises(IllegalAction, match="cannot catch yourself"):
        game.act("catch", seat=0)
    with pytest.raises(IllegalAction, match="only seat 0"):
        game.act("uno", seat=2)
    assert game.snapshot() == before


def test_the_1991_rules_have_no_uno_calls():
    game = Game(seed=4)
    with pytest.raises(IllegalAction, match="no UNO calls in rules 1991"):
        game.act("catch", seat=1)


# ----- records ----------------------------------------------------------------------


def test_a_record_keeps_out_of_turn_actions_with_their_seat_and_replays_them():
    game = Game("standard", 3, seed=8, scoring="tally")
    while game.exposed is None:  # play the first card of each turn, never calling UNO
        legal = game.legal()
        game.act(next((a for a in legal if a.startswith("play") and not a.endswith("uno")), legal[-1]))
    catcher = min({0, 1, 2} - {game.turn, game.exposed})
    game.act("catch", seat=catcher)
    lines = game.record().splitlines()
    assert "scoring tally" in lines and lines[-1] == f"@{catcher} catch"
    assert Game.replay(game.record()).snapshot() == game.snapshot()


def test_a_record_with_a_bad_out_of_turn_line_names_it():
    record = Game("standard", 3, seed=1).record() + "@x catch\n"
    with pytest.raises(ValueError, match=r"record line 5: .*@ and a seat number"):
        Game.replay(record)


# ----- scoring ----------------------------------------------------------------------


def test_points_scoring_gives_the_winner_everything_left_in_the_other_hands():
    game = small({0: ["R1"]})
    game.act("play R1")
    left = [sum(int(c[1]) for c in hand) for hand in FOUR[1:]]
    assert game.scores == [sum(left), 0, 0, 0]


def test_tally_scoring_adds_each_players_own_cards_to_their_total():
    game = small({0: ["R1"], 1: ["W", "GS", "B3"]}, scoring="tally")
    game.act("play R1")
    assert game.scores == [0, 73, sum(int(c[1]) for c in FOUR[2]), sum(int(c[1]) for c in FOUR[3])]
    assert not game.match_over


def test_tally_scoring_ends_at_500_and_the_lowest_total_wins():
    game = small({0: ["R1"], 1: ["W"] * 4 + ["W+4"] * 4 + ["B9"] * 2}, players=2, scoring="tally", scores=(120, 100))
    game.act("play R1")
    assert game.match_over and game.scores == [120, 100 + 418] and game.match_winner == 0


def test_a_tie_for_the_lowest_tally_goes_to_the_fewer_points_in_the_last_hand():
    hands = {0: ["R1"], 1: ["W"] * 4 + ["W+4"] * 4 + ["B9"] * 2, 2: ["G1"] * 2, 3: ["Y1"] * 2}
    # Seat 0 goes out: 100 + 0; seat 2 ends on 98 + 2 = 100.
    game = small(hands, scoring="tally", scores=(100, 100, 98, 100))
    game.act("play R1")
    assert game.scores == [100, 518, 100, 102] and game.match_winner == 0
    with pytest.raises(ValueError, match="scoring must be one of points, tally"):
        Game("standard", scoring="lowest")
