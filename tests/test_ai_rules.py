"""The computer players with the standard rules and Royal Revenge, from 2 to
10 seats: every choice legal, a pure function of the view, blind to hidden
cards; UNO calls, catches, challenges and the King's picks as a player at
the table would notice them. (The 1991 game is ``test_ai.py``.)"""

import random
import zlib
from collections import Counter

import pytest
from conftest import position, stacked
from test_ai import positions as positions_1991

from game.ai import LEVELS, make
from game.ai.baselines import RandomPlayer, make_player
from game.ai.duel_model import best_colour
from game.ai.knowledge import infer
from game.ai.picks import guilt
from game.ai.table_model import Table
from game.rules import Game
from game.rules.cards import Card
from game.rules.game import Pending
from game.rules.rulesets import RULES_STANDARD
from game.sim import duel, interrupt

TABLES = [("standard", 2), ("standard", 4), ("standard", 10), ("royal", 2), ("royal", 4), ("royal", 6)]


def positions(rules: str, players: int, count: int, seed: int) -> list[tuple[Game, int]]:
    """Games paused where a seat has something to choose, in turn or out of
    it (a missed UNO call), reached by random play with late calls, catches
    and fanfares thrown in (copies, so each may be played on)."""
    rng = random.Random(seed)
    seats = [RandomPlayer(seed + seat) for seat in range(players)]
    found = []
    game = Game(rules, players, seed=seed)
    while len(found) < count:
        if game.hand_over:
            if game.match_over:
                game = Game(rules, players, seed=rng.randrange(2**32))
            else:
                game.next_hand()
            continue
        if rng.random() < 0.3:
            found.append((game.copy(), game.turn))
        if game.exposed is not None and rng.random() < 0.5:
            found.append((game.copy(), int(rng.random() * players)))
        interrupt(game, rng)
        if not game.hand_over:
            game.act(seats[game.turn].choose(game.view(game.turn)))
    return found


def other_deal(game: Game, seat: int, rng: random.Random) -> Game:
    """The same position as ``seat`` sees it, with the hidden cards (the
    other hands and the draw pile) dealt afresh."""
    view = game.view(seat)
    hidden = [code for s, hand in enumerate(game.hands) if s != seat for code in hand] + game.draw_pile
    rng.shuffle(hidden)
    hands = []
    for s, hand in enumerate(game.hands):
        hands.append(list(hand) if s == seat else hidden[: len(hand)])
        if s != seat:
            hidden = hidden[len(hand) :]
    return Game.from_view(view, hands, hidden, seed=rng.randrange(2**32))


def answer(player, view) -> str | None:
    """What a seat does: its choice in turn, its reaction out of turn."""
    return player.choose(view) if view.turn == view.seat else player.react(view)


# ----- legal, deterministic, blind --------------------------------------------------


@pytest.mark.parametrize(("rules", "players"), TABLES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_choice_and_reaction_is_legal(level, rules, players):
    player = make(level, seed=3)
    count = 40 if level == "hard" else 150
    kinds = set()
    for game, seat in positions(rules, players, count, seed=11):
        view = game.view(seat)
        action = answer(player, view)
        if view.turn == view.seat:
            assert action in view.legal
            kinds.add(view.pending.kind if view.pending else "turn")
        else:
            assert action is None or (action in view.legal and action in ("uno", "catch"))
        game.act(action, seat=seat) if action else None
    assert "turn" in kinds


@pytest.mark.parametrize(("rules", "players"), [("standard", 4), ("royal", 4), ("standard", 10)])
@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_always_gives_the_same_answer(level, rules, players):
    for game, seat in positions(rules, players, 25, seed=12):
        view = game.view(seat)
        first = answer(make(level, seed=5), view)
        assert answer(make(level, seed=5), view) == first
        assert answer(make(level, seed=5), game.copy().view(seat)) == first


@pytest.mark.parametrize(("rules", "players"), [("standard", 2), ("standard", 4), ("royal", 3)])
@pytest.mark.parametrize("level", LEVELS)
def test_the_hidden_cards_never_change_an_answer(level, rules, players):
    rng = random.Random(4)
    player = make(level, seed=9)
    for game, seat in positions(rules, players, 25, seed=13):
        view = game.view(seat)
        first = answer(player, view)
        for _ in range(2):
            other = other_deal(game, seat, rng)
            assert other.view(seat) == view
            assert answer(player, other.view(seat)) == first


@pytest.mark.parametrize("level", LEVELS)
def test_a_position_set_up_mid_hand_gets_legal_choices(level):
    """A made-up position (as the UI tests stack) has no deal or first card
    in its events: what the players draw from then on must not trip them."""
    hands = [["G1", "B2"], ["B1", "B3", "G6"], ["R4", "R6", "B4"]]
    game = position("standard", hands, "R5", draw=("Y7", "Y8"))
    game.act("draw")
    for _ in range(6):
        if game.hand_over:
            break
        view = game.view(game.turn)
        action = make(level, seed=1).choose(view)
        assert action in view.legal
        game.act(action)


def test_the_1991_choices_are_the_ones_made_before_the_new_rule_sets():
    """A digest of every level's choices over a fixed set of 1991 positions,
    taken before the computer players learnt the standard rules and Royal
    Revenge (hard's then: hard-v1's now, since issue 31 made hard stronger)."""
    expected = {"easy": (300, 1432808611), "normal": (300, 2791174353), "hard-v1": (60, 2680008512)}
    for level, (count, digest) in expected.items():
        player = make_player(level, seed=7)
        choices = [player.choose(game.view(seat)) for game, seat in positions_1991(count, seed=31)]
        assert zlib.crc32("\n".join(choices).encode()) == digest, level


@pytest.mark.parametrize(("rules", "players"), [("standard", 4), ("royal", 5)])
def test_the_levels_play_whole_matches_legally(rules, players):
    for levels in (("hard", "easy"), ("normal", "random"), ("easy", "normal")):
        assert not duel(levels, hands=3, seed=2, rules=rules, players=players).violations


@pytest.mark.slow
def test_hard_searches_with_many_players():
    """With ten seats the hard player still thinks in slices (it searches)
    rather than answering at once with the rule of thumb."""
    player = make("hard", seed=6)
    slices = []
    for game, seat in positions("standard", 10, 60, seed=14):
        view = game.view(seat)
        if view.turn != seat:
            continue
        steps, count = player.think(view), 0
        while True:
            try:
                next(steps)
                count += 1
            except StopIteration as done:
                assert done.value == player.choose(view)
                break
        slices.append(count)
    assert max(slices) >= 4


# ----- UNO: calling it, forgetting it, catching -------------------------------------


def two_cards(rules="standard", seat_cards=None, **fields) -> Game:
    """Seat 0 to play with two cards, one of them playable on the red 5."""
    hands = [["R1", "B2"], ["B1", "B3", "G6", "G7", "Y8"], ["R4", "R6", "B4"], ["G1", "G2", "Y1", "Y2"]]
    for seat, cards in (seat_cards or {}).items():
        hands[seat] = cards
    return position(rules, hands, "R5", **fields)


def uno_calls(level: str, seeds: int = 200) -> int:
    """How often a level calls UNO with its next-to-last card (of ``seeds``)."""
    game = two_cards()
    assert game.legal() == ["play R1", "play R1 uno", "draw"]
    return sum(make(level, seed).choose(game.view(0)) == "play R1 uno" for seed in range(seeds))


@pytest.mark.slow
def test_hard_never_forgets_uno_normal_rarely_easy_often():
    assert uno_calls("hard") == 200
    assert 180 <= uno_calls("normal") < 200
    assert 60 <= uno_calls("easy") <= 140


@pytest.mark.parametrize("rules", ["standard", "royal"])
def test_hard_calls_uno_with_any_next_to_last_card(rules):
    for game, seat in positions(rules, 3, 400, seed=15):
        view = game.view(seat)
        if view.turn == seat and any(action.endswith(" uno") for action in view.legal):
            choice = make("hard", seed=1).choose(view)
            assert not choice.startswith("play") or choice.endswith(" uno") or len(view.hand) > 2


def exposed_game() -> Game:
    """Seat 0 has just played its next-to-last card without calling UNO."""
    game = two_cards(draw=("Y3", "Y4"))
    game.act("play R1")
    assert game.exposed == 0 and game.turn == 1
    return game


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_always_catch_and_call_late(level):
    game = exposed_game()
    for seed in range(30):
        player = make(level, seed)
        assert player.react(game.view(2)) == "catch"
        assert player.choose(game.view(1)) == "catch"  # the seat in turn catches first
        assert player.react(game.view(0)) == "uno"


def test_easy_sometimes_catches_and_sometimes_calls_late():
    game = exposed_game()
    catches = Counter(make("easy", seed).react(game.view(2)) for seed in range(200))
    calls = Counter(make("easy", seed).react(game.view(0)) for seed in range(200))
    assert 60 <= catches["catch"] <= 140 and catches["catch"] + catches[None] == 200
    assert 60 <= calls["uno"] <= 140 and calls["uno"] + calls[None] == 200


def test_a_seat_that_does_not_catch_in_turn_plays_on():
    game = exposed_game()
    view = game.view(1)
    choices = {make("easy", seed).choose(view) for seed in range(40)}
    assert "catch" in choices and choices - {"catch"} <= set(view.legal) and len(choices) > 1


@pytest.mark.parametrize("level", LEVELS)
def test_react_says_nothing_when_nobody_is_exposed_or_to_the_player_who_called(level):
    game = two_cards()
    assert make(level).react(game.view(2)) is None
    game.act("play R1 uno")
    assert all(make(level).react(game.view(seat)) is None for seat in range(4))


def test_a_hard_player_who_catches_is_asked_again_and_then_plays():
    game = exposed_game()
    player = make("hard", seed=2)
    game.act(player.choose(game.view(1)))
    assert len(game.hands[0]) == 3 and game.turn == 1
    assert player.choose(game.view(1)).startswith(("play", "draw"))


# ----- the Wild Draw Four challenge --------------------------------------------------


FOUR_HANDS = [
    ["R1", "R2", "R3", "G4", "G5", "Y6", "Y7"],
    ["B1", "B2", "B3", "G6", "G7", "Y8", "Y9"],
    ["R4", "R6", "B4", "B5", "G1", "G2", "Y1"],
    ["R7", "R8", "B6", "B7", "G3", "G8", "Y2"],
]


def four_on(seat_cards: dict[int, list[str]], draw=()) -> Game:
    """Seat 0 has played a Wild Draw Four naming green on the red 5: seat 1
    must challenge or accept."""
    hands = [["W+4", "B7", "G8"], ["B1", "B3", "G6", "G7", "Y8"], ["R4", "R6", "B4"], ["G1", "G2", "Y1", "Y2"]]
    for seat, cards in seat_cards.items():
        hands[seat] = cards
    game = position("standard", hands, "R5", draw=draw)
    game.act("play W+4 G")
    assert game.pending.kind == "challenge" and game.turn == 1
    return game


def test_hard_challenges_a_big_hand_that_showed_nothing():
    game = four_on({0: ["W+4", "B7", "G8", "Y3", "Y4", "B8", "G9", "B9"]})
    assert guilt(game.view(1), infer(game.view(1)), careful=True) > 0.6
    assert make("hard").choose(game.view(1)) == "challenge"


def test_hard_accepts_from_a_small_hand():
    game = four_on({0: ["W+4", "B7", "G8"]})
    assert make("hard").choose(game.view(1)) == "accept"


def test_hard_accepts_from_a_player_who_could_not_follow_the_colour():
    """Seat 0 drew instead of playing on red, showing it held no red, and
    plays the Wild Draw Four it drew: no bluff, however big its hand."""
    hands = [["B7", "G8", "Y3", "Y4", "B8", "G9", "B9"], *FOUR_HANDS[1:]]
    game = Game("standard", 4, deck=stacked(hands, "R5", ("W+4",), deck=RULES_STANDARD.deck), starter=0)
    game.act("draw")
    game.act("play W+4 B")
    view = game.view(1)
    assert view.pending.kind == "challenge" and view.counts[0] == 7
    assert guilt(view, infer(view), careful=True) < 0.1
    assert make("hard").choose(view) == "accept"


def test_normal_challenges_only_a_very_big_hand():
    assert make("normal").choose(four_on({}).view(1)) == "accept"
    big = four_on({0: ["W+4", "B7", "G8", "Y3", "Y4", "B8", "G9", "B9", "Y9", "Y7"]})
    assert make("normal").choose(big.view(1)) == "challenge"


def test_after_a_lost_challenge_hard_knows_the_hand_it_was_shown():
    game = four_on({0: ["W+4", "B7", "G8", "Y3"]})
    game.act("challenge")
    view = game.view(1)
    assert sorted(card.code for card in infer(view).known[0]) == ["B7", "G8", "Y3"]


def test_hard_bluffs_only_when_it_would_be_left_with_one_card():
    for game, seat in positions("standard", 4, 600, seed=16):
        view = game.view(seat)
        if view.turn != seat or not any(a.startswith("play W+4") for a in view.legal):
            continue
        if any(code[0] == view.colour for code in view.hand) and len(view.hand) > 2:
            assert not make("hard", seed=3).choose(view).startswith("play W+4")


# ----- the King's picks ----------------------------------------------------------------


def royal(hands, top="R5", **fields) -> Game:
    return position("royal", hands, top, **fields)


ROYAL_FOUR = [
    ["RK", "B7", "G8", "Y3", "Y4"],
    ["B1", "B3", "G6", "G7", "Y8", "Y1"],
    ["R4", "R6"],
    ["G1", "G2", "Y2"],
]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_king_aims_the_kings_choice_at_the_seat_closest_to_going_out(level):
    game = royal(ROYAL_FOUR, king=1, jester=3)
    game.act("play RK")
    assert game.pending.kind == "target" and game.turn == 1
    assert make(level).choose(game.view(1)) == "target 2"


def test_the_king_never_aims_at_itself_when_it_is_closest_to_going_out():
    hands = [list(hand) for hand in ROYAL_FOUR]
    hands[1] = ["B1"]
    game = royal(hands, king=1, jester=3)
    game.act("play RK")
    assert make("hard").choose(game.view(1)) == "target 2"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_king_names_the_biggest_threat_the_jester(level):
    game = royal(ROYAL_FOUR, king=0, jester=None, pending=Pending("jester", 0, 0))
    assert game.legal() == ["jester 1", "jester 2", "jester 3"]
    assert make(level).choose(game.view(0)) == "jester 2"


def test_hard_as_king_names_the_colour_that_suits_itself_not_the_player():
    hands = [["W", "R1", "R2"], ["B1", "B3", "B6", "B7", "G8", "Y1"], ["R4", "R6"], ["G1", "G2", "Y2"]]
    game = royal(hands, top="R5", king=1, jester=3)
    game.act("play W")
    assert game.pending.kind == "colour" and game.turn == 1
    assert make("hard").choose(game.view(1)) == "colour B"


# ----- the model of the table ------------------------------------------------------


def model_of(game: Game, seed: int) -> tuple[Game, Table]:
    engine = Game.from_view(game.view(game.turn), game.hands, game.draw_pile, seed=seed)
    model = Table(
        [[Card(c) for c in hand] for hand in game.hands],
        [Card(c) for c in reversed(game.draw_pile)],
        [Card(c) for c in game.discard],
        game.colour,
        game.turn,
        game.direction,
        None if game.drawn is None else Card(game.drawn),
        game.rules.royal,
        game.king,
        game.jester,
        seed,
    )
    return engine, model


def settle(engine: Game) -> None:
    """Make the engine's pending choices the way the model makes them."""
    while engine.pending is not None and not engine.hand_over:
        kind = engine.pending.kind
        if kind == "challenge":
            engine.act("accept")
        elif kind == "colour":
            engine.act(f"colour {best_colour([Card(c) for c in engine.hands[engine.king]])}")
        else:  # the fewest cards among the others still holding cards
            hands, king = engine.hands, engine.king
            others = [seat for seat in range(engine.players) if seat != king and hands[seat]]
            engine.act(f"target {min(others, key=lambda seat: len(hands[seat])) if others else king}")


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), [("standard", 2), ("standard", 5), ("royal", 2), ("royal", 4)])
def test_the_table_model_agrees_with_the_engine_move_by_move(rules, players):
    rng = random.Random(21)
    games = [g for g, seat in positions(rules, players, 150, seed=17) if g.pending is None and g.exposed is None]
    assert len(games) > 50
    for game in games:
        engine, model = model_of(game, rng.randrange(2**32))
        while not engine.hand_over:
            legal = engine.legal()
            actions = [a for a in legal if a.endswith(" uno") or a + " uno" not in legal]  # every UNO called
            action = actions[int(rng.random() * len(actions))]
            engine.act(action)
            model.act(action)
            settle(engine)
            assert [sorted(c.code for c in hand) for hand in model.hands] == [sorted(h) for h in engine.hands]
            assert [c.code for c in reversed(model.draw)] == engine.draw_pile
            assert model.discard[-1].code == engine.top
            if not engine.hand_over:
                assert (model.colour, model.turn, model.direction) == (engine.colour, engine.turn, engine.direction)
        assert model.winner == engine.hand_winner


# ----- choices the levels were not written for --------------------------------------


def made_up(view, **fields):
    import dataclasses

    return dataclasses.replace(view, **fields)


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_of_an_unknown_kind_still_gets_a_legal_answer(level):
    """A house rule may ask for choices of its own (stacking a Draw Two,
    naming a seat to swap hands with): every level answers legally, normal
    and hard with the highest card and the seat closest to going out."""
    game = two_cards(seat_cards={0: ["R+2", "B2", "G3"], 2: ["R4"]})
    view = game.view(0)
    stack = made_up(view, pending=Pending("stack", 0, 0), legal=("play R+2", "draw"))
    swap = made_up(view, pending=Pending("swap", 0, 0), legal=("swap 1", "swap 2", "swap 3"))
    player = make(level, seed=1)
    assert player.choose(stack) in stack.legal
    assert player.choose(swap) in swap.legal
    if level != "easy":
        assert player.choose(stack) == "play R+2"
        assert player.choose(swap) == "swap 2"


def test_a_play_with_an_unknown_form_is_played_in_a_legal_form():
    """A house rule may add to a play's text (``play R+2 swap 2``): normal
    plays the card it chose in the form that names the seat closest to going
    out; hard searches the forms as they are."""
    game = two_cards(seat_cards={0: ["R+2", "B2", "G3"], 2: ["R4"]})
    view = game.view(0)
    forms = made_up(view, legal=("play R+2 swap 1", "play R+2 swap 2", "play R+2 swap 3", "draw"))
    assert make("normal", seed=1).choose(forms) == "play R+2 swap 2"
    assert make("hard", seed=1).choose(forms).startswith("play R+2 swap")
