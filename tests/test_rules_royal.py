"""Stacked-deck scenarios for UNO Royal Revenge (``rules="royal"``): the
King and the Jester, the King's Choice, the Wild the King names, the
scepter's fanfare and every first card turned up."""

from collections import Counter

import pytest
from conftest import position, stacked

from game.rules import Card, Game, IllegalAction
from game.rules.rulesets import RULES_ROYAL

DECK = RULES_ROYAL.deck
FOUR = [
    ["R1", "R2", "G3", "G4", "Y5", "Y6", "B7"],
    ["B1", "B2", "G1", "G2", "Y7", "Y8", "R8"],
    ["R3", "R4", "B3", "B4", "G5", "Y1", "Y2"],
    ["R6", "R7", "B5", "B6", "G6", "G7", "Y3"],
]


def royal(hands=FOUR, turn_up="R5", draw=(), starter=None, jester=None) -> Game:
    """A Royal Revenge game on a stacked deck; with ``jester``, the King has
    already named it."""
    game = Game("royal", len(hands), deck=stacked(hands, turn_up, draw, deck=DECK), starter=starter)
    if jester is not None:
        game.act(f"jester {jester}")
    return game


def small(seat_cards: dict[int, list[str]], top="R5", draw=(), turn=0, king=0, jester=2, **fields) -> Game:
    """A made-up position: FOUR's hands with some replaced, a King and a Jester."""
    hands = [list(seat_cards.get(seat, FOUR[seat])) for seat in range(4)]
    return position("royal", hands, top, draw=draw, turn=turn, king=king, jester=jester, **fields)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


# ----- the deck, the crown and the hat --------------------------------------------


def test_the_royal_deck_has_56_cards():
    deck = Counter(DECK)
    assert sum(deck.values()) == 56
    for colour in "RGYB":
        assert all(deck[f"{colour}{n}"] == 1 for n in range(1, 9))
        assert deck[colour + "0"] == deck[colour + "9"] == deck[colour + "+2"] == 0
        assert deck[colour + "R"] == deck[colour + "S"] == deck[colour + "K"] == 1
        assert deck[colour + "J"] == 2
    assert deck["W"] == 4 and deck["W+4"] == 0


def test_royal_cards_have_codes_names_and_points():
    assert [Card(c).name for c in ("RK", "GJ", "BR")] == ["red King's Choice", "green Jester", "blue Reverse"]
    assert [Card(c).points for c in ("RK", "GJ", "BR", "YS", "W", "G8")] == [20, 20, 20, 20, 50, 8]


def test_two_to_six_players():
    assert len(Game("royal", 6, seed=1).hands) == 6
    with pytest.raises(ValueError, match="players must be 2 to 6 for rules royal"):
        Game("royal", 7)


def test_seat_0_is_the_first_king_and_names_a_jester_before_anything_else():
    game = royal()
    assert game.king == 0 and game.jester is None and game.turn == 0
    assert game.pending.kind == "jester" and game.legal() == ["jester 1", "jester 2", "jester 3"]
    with pytest.raises(IllegalAction, match="first the King names the Jester"):
        game.act("play R1")
    with pytest.raises(IllegalAction, match=r"the King \(seat 0\) cannot be the Jester"):
        game.act("jester 0")
    events = game.act("jester 2")
    assert kinds(events) == ["jester", "turn"] and game.jester == 2 and game.turn == 0


def test_starter_names_the_first_king_who_starts_play():
    game = royal(starter=2, jester=0)
    assert game.king == 2 and game.turn == 2 and game.starter == 2


def test_the_crown_and_hat_carry_over_and_the_king_starts_every_hand():
    game = Game("royal", 3, seed=4, starter=1)
    game.act("jester 2")
    for _ in range(2):
        while not game.hand_over:
            game.act(next(a for a in game.legal() if a not in ("uno", "catch")))
        game.next_hand()
        assert (game.king, game.jester, game.starter) == (1, 2, 1)
        assert game.pending is None or game.pending.kind != "jester"  # no new Jester to name


# ----- Wild, King's Choice, Jester ------------------------------------------------


def test_a_wild_names_no_colour_and_the_king_names_it_then_play_goes_on_from_the_player():
    game = small({1: ["W", *FOUR[1][1:]]}, turn=1, king=3)
    assert "play W" in game.legal() and "play W G" not in game.legal()
    events = game.act("play W")
    assert game.turn == 3 and game.pending.kind == "colour" and game.colour is None
    assert game.legal() == ["colour R", "colour G", "colour Y", "colour B"]
    events = game.act("colour Y")
    assert kinds(events) == ["colour", "turn"] and events[0].seat == 3
    assert game.colour == "Y" and game.turn == 2


def test_play_w_with_a_colour_is_refused_in_royal_revenge():
    game = small({0: ["W", *FOUR[0][1:]]})
    before = game.snapshot()
    with pytest.raises(IllegalAction, match="the King names a Wild's colour: play W"):
        game.act("play W G")
    assert game.snapshot() == before


def test_only_the_king_names_the_colour():
    game = small({1: ["W", *FOUR[1][1:]]}, turn=1, king=3)
    game.act("play W")
    before = game.snapshot()
    with pytest.raises(IllegalAction, match="only the King, seat 3, chooses now"):
        game.act("colour G", seat=1)
    assert game.snapshot() == before


def test_a_kings_choice_lets_the_king_pick_anyone_who_draws_one():
    game = small({1: ["RK", *FOUR[1][1:]]}, top="R5", turn=1, king=3, draw=("Y4",))
    game.act("play RK")
    assert game.turn == 3 and game.legal() == ["target 0", "target 1", "target 2", "target 3"]
    events = game.act("target 3")  # the King may pick themself
    assert kinds(events) == ["target", "draw", "turn"] and game.hands[3][-1] == "Y4"
    assert game.turn == 2  # play goes on from the player's next seat


def test_a_jester_makes_the_jester_draw_one_and_play_goes_on_from_the_player():
    game = small({0: ["RJ", *FOUR[0][1:]]}, jester=2, draw=("Y4",))
    events = game.act("play RJ")
    assert kinds(events) == ["play", "draw", "turn"] and events[1].seat == 2
    assert game.hands[2][-1] == "Y4" and game.turn == 1


def test_plus_one_cards_play_on_each_other_whatever_their_colour():
    game = small({0: ["GK", "BJ", *FOUR[0][2:]]}, top="RJ")
    assert {"play GK", "play BJ"} <= set(game.legal())
    game = small({0: ["GK", *FOUR[0][1:]]}, top="YK")
    game.act("play GK")


def test_a_reverse_and_a_skip_as_in_the_standard_rules():
    game = small({0: ["RR", *FOUR[0][1:]]})
    game.act("play RR")
    assert game.direction == -1 and game.turn == 3
    game = small({0: ["RS", *FOUR[0][1:]]})
    game.act("play RS")
    assert game.turn == 2


# ----- the scepter's fanfare ------------------------------------------------------


def test_the_fanfare_passes_the_crown_left_and_the_new_king_names_a_jester_and_plays():
    game = small({}, turn=2, king=1, jester=3)
    assert game.accepts_fanfare and "fanfare" not in game.legal()
    events = game.act("fanfare")
    assert kinds(events) == ["fanfare", "king", "turn"] and game.king == 2 and game.turn == 2
    assert game.legal() == ["jester 0", "jester 1", "jester 3"]  # the old Jester may be named again
    game.act("jester 3")
    assert game.jester == 3 and game.turn == 2 and game.pending is None
    game.act("play R3")
    assert game.turn == 3


def test_the_crown_passes_to_the_next_seat_up_whatever_the_direction():
    game = small({}, turn=1, king=3, jester=0, direction=-1)
    game.act("fanfare")
    assert game.king == 0


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ("wild", "the fanfare waits for the choice being made"),
        ("drawn", "the fanfare waits until seat 0 plays or keeps the drawn card"),
    ],
)
def test_the_fanfare_waits_for_a_choice_or_a_drawn_card(setup, message):
    if setup == "wild":
        game = small({1: ["W", *FOUR[1][1:]]}, turn=1, king=3)
        game.act("play W")
    else:
        game = small({}, draw=("RS",))
        game.act("draw")
    before = game.snapshot()
    assert not game.accepts_fanfare
    with pytest.raises(IllegalAction, match=message):
        game.act("fanfare")
    assert game.snapshot() == before


def test_the_fanfare_takes_no_seat():
    game = small({})
    with pytest.raises(IllegalAction, match="takes no seat"):
        game.act("fanfare", seat=2)


def test_a_record_replays_the_fanfare_and_the_kings_choices():
    game = royal(jester=1)
    game.act("fanfare")
    game.act("jester 3")
    game.act(game.legal()[0])
    lines = game.record().splitlines()
    assert lines[-4:-1] == ["jester 1", "fanfare", "jester 3"]
    replayed = Game.replay(game.record())
    assert replayed.snapshot() == game.snapshot() and replayed.king == 1 and replayed.jester == 3


# ----- the first card turned up ---------------------------------------------------


def test_a_wild_turned_up_lets_the_king_name_the_colour_and_play_first():
    game = royal(turn_up="W", starter=1, jester=2)
    assert game.turn == 1 and game.choosing_colour
    game.act("colour G")
    assert game.colour == "G" and game.turn == 1 and game.pending is None


def test_a_kings_choice_turned_up_lets_the_king_pick_who_draws_then_play_first():
    game = royal(turn_up="GK", starter=1, jester=2, draw=("Y4",))
    assert game.pending.kind == "target" and game.turn == 1
    game.act("target 0")
    assert game.hands[0][-1] == "Y4" and game.turn == 1


def test_a_jester_turned_up_makes_the_jester_draw_then_the_king_plays_first():
    game = royal(turn_up="GJ", jester=3, draw=("Y4",))
    assert game.hands[3][-1] == "Y4" and game.turn == 0 and game.pending is None


def test_a_reverse_turned_up_lets_the_king_play_first_and_play_goes_the_other_way():
    game = royal(turn_up="GR", jester=1)
    assert game.turn == 0 and game.direction == -1
    game.act("play G3")
    assert game.turn == 3


def test_a_skip_turned_up_skips_the_king():
    game = royal(turn_up="GS", jester=1)
    assert game.turn == 1


# ----- going out on an effect -----------------------------------------------------


def test_a_final_kings_choice_still_lets_the_king_pick_but_not_the_player_who_went_out():
    game = small({1: ["RK"]}, turn=1, king=0, draw=("Y4",))
    game.act("play RK")
    assert not game.hand_over and game.turn == 0 and game.legal() == ["target 0", "target 2", "target 3"]
    events = game.act("target 2")
    assert kinds(events)[-1] == "hand_end" and game.hands[2][-1] == "Y4" and game.hand_winner == 1


def test_a_final_jester_still_makes_the_jester_draw():
    game = small({0: ["RJ"]}, jester=3, draw=("Y4",))
    events = game.act("play RJ")
    assert kinds(events) == ["play", "draw", "hand_end"] and game.hands[3][-1] == "Y4"


def test_a_final_wild_needs_no_colour():
    game = small({0: ["W"]})
    events = game.act("play W")
    assert kinds(events) == ["play", "hand_end"] and game.hand_over and game.pending is None


def test_the_king_who_goes_out_with_a_wild_names_nothing():
    game = small({0: ["W", "Y5"]})
    game.act("play W uno")
    assert game.pending.kind == "colour" and game.turn == 0  # the King names it themself
    game.act("colour Y")
    assert game.turn == 1


def test_the_hand_is_scored_with_royal_values():
    game = small({0: ["R1"], 1: ["RK", "GJ", "BR", "YS", "W", "G8"]})
    events = game.act("play R1")
    others = sum(int(c[1]) for c in FOUR[2] + FOUR[3])
    assert events[-1].points == 20 * 4 + 50 + 8 + others
