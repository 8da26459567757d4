"""The computer players with the house rules of standard UNO: every choice
and reaction legal with any set of options at 2 to 10 seats, a pure
function of the view, and the house rules played as a player would notice
(stacking rather than drawing, swapping with the fewest cards, jumping in)."""

import random

import pytest
from conftest import position, stacked
from test_ai_rules import other_deal

from game.ai import LEVELS, make
from game.ai.table_model import Table
from game.rules import Game
from game.rules.cards import Card
from game.rules.house import HOUSE_RULES
from game.rules.rulesets import RULES_STANDARD

# Four hands with nothing special in them (seat 0 plays first on a red 5).
FOUR = [
    ["R1", "R2", "R3", "G4", "G5", "Y6", "Y7"],
    ["B1", "B2", "B3", "G6", "G7", "Y8", "Y9"],
    ["R4", "R6", "B4", "B5", "G1", "G2", "Y1"],
    ["R8", "R9", "B6", "B7", "G3", "G8", "Y2"],
]


def house_game(house, seat_cards=None, turn_up="R5", players=4) -> Game:
    """A stacked deal of FOUR's hands, some replaced, seat 0 to play first."""
    hands = [list((seat_cards or {}).get(seat, FOUR[seat])) for seat in range(players)]
    deck = stacked(hands, turn_up, deck=RULES_STANDARD.deck)
    return Game("standard", players, seed=13, deck=deck, starter=0, house=house)


def house_position(house, hands, top="R5", turn=0, **fields) -> Game:
    return position("standard", hands, top, turn=turn, house=tuple(house), **fields)


def answer(player, view) -> str | None:
    """What a seat does: its choice in turn, its reaction out of turn."""
    return player.choose(view) if view.turn == view.seat else player.react(view)


def house_positions(count: int, seed: int, levels=("easy", "normal")) -> list[tuple[Game, int]]:
    """Games with a random set of house rules at 2 to 10 seats, paused where
    a seat may act in turn or out of it, reached by computer players (of
    ``levels``) that react out of turn: copies, so each may be played on."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        house = tuple(name for name in HOUSE_RULES if rng.random() < 0.6)
        players = rng.choice((2, 3, 4, 6, 10))
        seats = [make(rng.choice(levels), seed=rng.randrange(1000)) for _ in range(players)]
        game = Game("standard", players, seed=rng.randrange(2**32), house=house)
        for _ in range(200):
            if game.hand_over or len(found) >= count:
                break
            if rng.random() < 0.2:
                found.append((game.copy(), game.turn))
            others = [seat for seat in range(players) if seat != game.turn and game.legal(seat)]
            if others and rng.random() < 0.5:
                found.append((game.copy(), rng.choice(others)))
            reacting = [seat for seat in others if seats[seat].react(game.view(seat))]
            if reacting:
                seat = rng.choice(reacting)
                game.act(seats[seat].react(game.view(seat)), seat=seat)
            elif not game.hand_over:
                game.act(seats[game.turn].choose(game.view(game.turn)))
    return found


# ----- legal, deterministic, blind --------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_every_choice_and_reaction_is_legal_with_any_house_rules(level):
    player = make(level, seed=3)
    kinds = set()
    for game, seat in house_positions(60 if level == "hard" else 400, seed=21):
        view = game.view(seat)
        action = answer(player, view)
        if view.turn == seat:
            assert action in view.legal, (view.house, view.pending)
            kinds.add(view.pending.kind if view.pending else "turn")
        else:
            assert action is None or action in view.legal
            kinds.add("jump-in" if action and action.startswith("play") else "out of turn")
    expected = {"turn", "stack", "swap", "jump-in"} if level != "hard" else {"turn"}
    assert expected <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 10])
@pytest.mark.parametrize("level", LEVELS)
def test_the_levels_play_whole_hands_with_every_house_rule_legally(level, players):
    rng = random.Random(players)
    seats = [make(level, seed=seat) for seat in range(players)]
    for hand in range(2 if level == "hard" else 6):
        game = Game("standard", players, seed=hand, house=tuple(HOUSE_RULES))
        while not game.hand_over:
            for seat in rng.sample(range(players), players):  # out of turn, in any order
                reaction = None if seat == game.turn else seats[seat].react(game.view(seat))
                assert reaction is None or reaction in game.legal(seat)
                if reaction:
                    game.act(reaction, seat=seat)
                    break
            if not game.hand_over:
                action = seats[game.turn].choose(game.view(game.turn))
                assert action in game.legal()
                game.act(action)
            assert not game.card_problems()


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_gives_the_same_answer_and_hidden_cards_change_nothing(level):
    rng = random.Random(4)
    for game, seat in house_positions(15 if level == "hard" else 40, seed=22):
        view = game.view(seat)
        first = answer(make(level, seed=5), view)
        assert answer(make(level, seed=5), game.copy().view(seat)) == first
        other = other_deal(game, seat, rng)
        assert other.view(seat) == view
        assert answer(make(level, seed=5), other.view(seat)) == first


# ----- stacking ---------------------------------------------------------------------


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_stack_a_draw_two_rather_than_draw(level):
    hand = ["Y+2", "G+2", "G9", "G1", "B1", "B2", "Y8"]
    game = house_game(("stacking",), {0: ["R+2", *FOUR[0][1:]], 1: hand})
    game.act("play R+2")
    assert game.legal() == ["play Y+2", "play G+2", "draw"]
    for seed in range(5):
        assert make(level, seed).choose(game.view(1)) in ("play Y+2", "play G+2")
    assert make("normal", seed=1).choose(game.view(1)) == "play G+2"  # the colour it holds most


def test_easy_stacks_or_draws_at_random():
    game = house_game(("stacking",), {0: ["R+2", *FOUR[0][1:]], 1: ["G+2", *FOUR[1][1:]]})
    game.act("play R+2")
    choices = {make("easy", seed).choose(game.view(1)) for seed in range(40)}
    assert choices == {"play G+2", "draw"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_stacked_wild_draw_four_is_stacked_on_when_it_is_no_bluff(level):
    hands = [["W+4", "G4", "Y6"], ["W+4", "B1", "B2", "Y8", "Y9", "B3", "Y3"], FOUR[2], FOUR[3]]
    game = house_position(("stacking",), hands)
    game.act("play W+4 G")  # from three cards: most likely no bluff, so no challenge
    action = make(level, seed=1).choose(game.view(1))
    assert action.startswith("play W+4 ")  # no green: it stacks, naming a colour it holds
    assert action.split()[2] in "BY"


def test_normal_never_stacks_a_wild_draw_four_as_a_bluff():
    hands = [["W+4", "G4", "Y6"], ["W+4", "G9", "B2", "Y8", "Y9", "B3", "Y3"], FOUR[2], FOUR[3]]
    game = house_position(("stacking", "no_bluffing"), hands, top="R5")
    game.act("play W+4 G")
    assert game.legal(1) == ["draw"]  # it holds green: no legal stack
    game = house_position(("stacking",), hands)
    game.act("play W+4 G")
    assert make("normal", seed=1).choose(game.view(1)) in ("accept", "challenge")


# ----- seven_zero -------------------------------------------------------------------


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_seven_swaps_with_the_seat_with_the_fewest_cards(level):
    hands = [["R7", "R1", "G2", "B3", "Y4"], ["B1", "B2", "B3", "G6"], ["Y1", "G1"], ["R8", "R9", "B6"]]
    game = house_position(("seven_zero",), hands)
    game.act("play R7")
    assert game.pending.kind == "swap"
    assert make(level, seed=2).choose(game.view(0)) == "swap 2"


def test_normal_does_not_play_a_seven_that_swaps_into_a_big_hand():
    hands = [["R7", "B9", "G9"], FOUR[1], FOUR[2], FOUR[3]]
    game = house_position(("seven_zero",), hands)
    assert make("normal", seed=1).choose(game.view(0)) == "draw"  # two cards, where a swap brings seven
    game = house_position((), hands)
    assert make("normal", seed=1).choose(game.view(0)) == "play R7"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_seven_that_swaps_into_a_smaller_hand_is_played(level):
    hands = [["Y7", "R1", "G2", "B3", "R4", "B8"], ["B1", "B2", "B3", "G6"], ["Y1", "G1"], ["R8", "R9", "B6"]]
    game = house_position(("seven_zero",), hands, top="Y5")
    assert make(level, seed=3).choose(game.view(0)) == "play Y7"


# ----- jump_in ----------------------------------------------------------------------


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_jump_in_with_an_identical_card(level):
    hands = [FOUR[0], FOUR[1], ["R5", "R6", "B4"], FOUR[3]]
    game = house_position(("jump_in",), hands, top="R5")
    view = game.view(2)
    assert "play R5" in view.legal
    assert make(level, seed=1).react(view) == "play R5"
    game.act("play R5", seat=2)
    assert game.turn == 3


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_jump_in_with_the_next_to_last_card_calls_uno_and_with_the_last_goes_out(level):
    hands = [FOUR[0], FOUR[1], ["R5", "B4"], FOUR[3]]
    game = house_position(("jump_in",), hands, top="R5")
    assert make(level, seed=1).react(game.view(2)) == "play R5 uno"
    hands = [FOUR[0], FOUR[1], ["R5"], FOUR[3]]
    game = house_position(("jump_in",), hands, top="R5")
    game.act(make(level, seed=1).react(game.view(2)), seat=2)
    assert game.hand_winner == 2


def test_easy_jumps_in_sometimes():
    hands = [FOUR[0], FOUR[1], ["R5", "R6", "B4"], FOUR[3]]
    game = house_position(("jump_in",), hands, top="R5")
    reactions = {make("easy", seed).react(game.view(2)) for seed in range(40)}
    assert reactions == {"play R5", None}


def test_nobody_jumps_in_with_a_seven_that_swaps_into_a_bigger_hand():
    hands = [FOUR[0], FOUR[1], ["R7", "B4"], FOUR[3]]
    game = house_position(("jump_in", "seven_zero"), hands, top="R7")
    assert make("normal", seed=1).react(game.view(2)) is None
    game = house_position(("jump_in",), hands, top="R7")
    assert make("normal", seed=1).react(game.view(2)) == "play R7 uno"


def test_a_catch_comes_before_a_jump_in():
    hands = [FOUR[0], FOUR[1], ["R5", "R8", "B4"], ["R8", "G3"]]
    game = house_position(("jump_in",), hands, top="R6", turn=3)
    game.act("play R8")  # seat 3 forgets UNO, and seat 2 holds the other R8
    view = game.view(2)
    assert view.legal[:2] == ("catch", "play R8")
    assert make("normal", seed=1).react(view) == "catch"
    game.act("catch", seat=2)
    assert make("normal", seed=1).react(game.view(2)) == "play R8"


# ----- draw_to_match, forced_play ---------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_a_drawn_wild_draw_four_is_played_when_it_must_be(level):
    hands = [["G1", "R9"], FOUR[1], FOUR[2], FOUR[3]]
    game = house_position(("forced_play", "draw_to_match"), hands, top="B5", draw=("Y3", "W+4"))
    game.act("draw")
    assert game.drawn == "W+4"
    assert "pass" not in game.legal()
    assert make(level, seed=1).choose(game.view(0)).startswith("play W+4")


# ----- the search's model -----------------------------------------------------------


def test_the_table_model_plays_the_house_rules_as_the_engine_does():
    """stacking, seven_zero and draw_to_match, move by move, with the
    engine's choices made as the model makes them (the first card that
    stacks, a swap with the fewest cards, a stacked Wild Draw Four accepted)."""
    rng = random.Random(23)
    house = ("stacking", "seven_zero", "draw_to_match", "forced_play")
    seen, biggest_stack = set(), 0
    for players, seed in [(2, 1), (3, 2), (4, 3), (6, 4), (4, 5), (5, 6)] * 4:
        game = Game("standard", players, seed=seed + rng.randrange(1000), house=house)
        while game.pending is not None:
            game.act(game.legal()[0])
        model = Table(
            [[Card(c) for c in hand] for hand in game.hands],
            [Card(c) for c in reversed(game.draw_pile)],
            [Card(c) for c in game.discard],
            game.colour,
            game.turn,
            game.direction,
            seed=game.seed,
            house=house,
        )
        engine = Game.from_view(game.view(game.turn), game.hands, game.draw_pile, seed=game.seed)
        for _ in range(300):
            if engine.hand_over:
                break
            stack = engine.pending is not None
            if stack:  # the model stacks the first card of the rank it holds, or takes the stack
                hand = engine.hands[engine.turn]
                rank = Card(engine.top).rank
                stacks = [c for c in hand if Card(c).rank == rank]
                action = f"play {stacks[0]}" if stacks else ("accept" if "accept" in engine.legal() else "draw")
                if stacks and rank == "W+4":
                    action += " " + engine.colour  # any colour: the model's own is told
                model_action = "draw" if action == "accept" else action
            else:
                legal = [
                    a
                    for a in engine.legal()
                    if " swap " not in a and (a.endswith(" uno") or a + " uno" not in engine.legal())
                ]
                action = model_action = legal[int(rng.random() * len(legal))]
            if action not in engine.legal():
                action += " uno" if action + " uno" in engine.legal() else ""
            seen.update(event.kind for event in engine.act(action))
            model.act(model_action)
            if engine.pending is not None and engine.pending.kind == "swap":
                others = [(engine.turn + k * engine.direction) % players for k in range(1, players)]
                seen.update(
                    event.kind for event in engine.act(f"swap {min(others, key=lambda s: len(engine.hands[s]))}")
                )
            assert [sorted(c.code for c in hand) for hand in model.hands] == [sorted(h) for h in engine.hands]
            assert model.discard[-1].code == engine.top
            if not engine.hand_over:
                assert (model.colour, model.turn, model.direction) == (engine.colour, engine.turn, engine.direction)
                assert model.penalty == (engine.pending.penalty if engine.pending else 0)
                biggest_stack = max(biggest_stack, model.penalty)
        assert model.winner == engine.hand_winner
    assert {"swap", "rotate", "draw"} <= seen and biggest_stack >= 4
