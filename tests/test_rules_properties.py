"""Properties that hold for every seed: checked by hypothesis over many games."""

import contextlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import Game, IllegalAction
from game.rules.house import HOUSE_RULES
from game.sim import EVERY_ACTION, check_refusal, check_views, interrupt

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def play(game: Game, rng: random.Random, actions: int) -> None:
    """Random play that also reneges and tries illegal Wild Draw Fours."""
    for _ in range(actions):
        if game.match_over:
            return
        if game.hand_over:
            game.next_hand()
            continue
        legal = game.legal()
        hand = game.hands[game.turn]
        if "W+4" in hand and not game.drawn and not game.choosing_colour and rng.random() < 0.3:
            game.act("play W+4 " + "RGYB"[int(rng.random() * 4)])  # penalised when illegal
        else:
            game.act(legal[int(rng.random() * len(legal))])


@settings(max_examples=60, deadline=None)
@given(seed=seeds, players=st.integers(min_value=2, max_value=10))
def test_every_card_is_always_accounted_for(seed, players):
    game = Game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(150):
        play(game, rng, 1)
        assert game.card_problems() == []
        assert sum(len(h) for h in game.hands) + game.draw_count + len(game.discard) == 108


@settings(max_examples=40, deadline=None)
@given(seed=seeds, players=st.integers(min_value=2, max_value=6), actions=st.integers(min_value=0, max_value=600))
def test_a_record_replays_to_the_identical_state(seed, players, actions):
    game = Game(players=players, seed=seed)
    play(game, random.Random(seed), actions)
    assert Game.replay(game.record()).snapshot() == game.snapshot()


@settings(max_examples=40, deadline=None)
@given(seed=seeds, actions=st.integers(min_value=0, max_value=300))
def test_refused_actions_change_nothing(seed, actions):
    game = Game(seed=seed)
    rng = random.Random(seed)
    play(game, rng, actions)
    if game.hand_over:
        before = game.snapshot()
        for text in EVERY_ACTION:
            with contextlib.suppress(IllegalAction):
                game.act(text)
            assert game.snapshot() == before
        return
    for _ in range(20):
        assert check_refusal(game, rng) is None


@settings(max_examples=40, deadline=None)
@given(seed=seeds, actions=st.integers(min_value=0, max_value=300))
def test_every_legal_action_is_accepted(seed, actions):
    game = Game(seed=seed)
    play(game, random.Random(seed), actions)
    for text in game.legal():
        game.copy().act(text)


@settings(max_examples=30, deadline=None)
@given(seed=seeds)
def test_views_never_show_other_hands_or_the_draw_pile(seed):
    game = Game(seed=seed)
    play(game, random.Random(seed), 40)
    for seat in range(2):
        view = game.view(seat)
        assert list(view.hand) == game.hands[seat]
        hidden_draws = [e for e in game.events if e.kind == "draw" and e.seat != seat]
        shown_draws = [e for e in view.events if e.kind == "draw" and e.seat != seat]
        assert [e.count for e in shown_draws] == [e.count for e in hidden_draws]
        assert all(e.cards == () for e in shown_draws)


# ----- every rule set, with actions out of turn ------------------------------------

rule_sets = st.sampled_from([("1991", 10), ("standard", 10), ("royal", 6)])


def play_any(game: Game, rng: random.Random, actions: int) -> None:
    """Random play with late calls, catches, fanfares and jump-ins thrown in."""
    for _ in range(actions):
        if game.match_over:
            return
        if game.hand_over:
            game.next_hand()
            continue
        interrupt(game, rng)
        if game.hand_over:  # a jump-in with the last card
            continue
        legal = game.legal()
        game.act(legal[int(rng.random() * len(legal))])


def any_game(data) -> tuple[Game, random.Random]:
    rules, most = data.draw(rule_sets)
    players = data.draw(st.integers(min_value=2, max_value=most))
    seed = data.draw(seeds)
    scoring = data.draw(st.sampled_from(["points", "tally"]))
    game = Game(rules, players, seed=seed, scoring=scoring)
    rng = random.Random(seed)
    play_any(game, rng, data.draw(st.integers(min_value=0, max_value=400)))
    return game, rng


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_rule_set_accounts_for_every_card(data):
    game, rng = any_game(data)
    for _ in range(40):
        assert game.card_problems() == []
        assert sum(len(h) for h in game.hands) + game.draw_count + len(game.discard) == len(game.rules.deck)
        play_any(game, rng, 1)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_rule_set_replays_its_record_identically(data):
    game, _ = any_game(data)
    assert Game.replay(game.record()).snapshot() == game.snapshot()


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_rule_set_refuses_in_and_out_of_turn_without_change(data):
    game, rng = any_game(data)
    if not game.hand_over:
        for _ in range(20):
            assert check_refusal(game, rng) is None


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_action_listed_for_any_seat_is_accepted(data):
    game, _ = any_game(data)
    for seat in range(game.players):
        for text in game.legal(seat):
            game.copy().act(text, seat=seat)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_no_view_shows_what_its_seat_may_not_see(data):
    game, _ = any_game(data)
    assert check_views(game) == []


# ----- standard UNO with random sets of house rules, jump-ins thrown in -------------

house_sets = st.sets(st.sampled_from(list(HOUSE_RULES)))


def house_game(data) -> tuple[Game, random.Random]:
    players = data.draw(st.integers(min_value=2, max_value=10))
    house = tuple(data.draw(house_sets))
    seed = data.draw(seeds)
    game = Game("standard", players, seed=seed, house=house)
    rng = random.Random(seed)
    play_any(game, rng, data.draw(st.integers(min_value=0, max_value=400)))
    return game, rng


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_house_rules_account_for_every_card(data):
    game, rng = house_game(data)
    for _ in range(40):
        assert game.card_problems() == []
        play_any(game, rng, 1)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_house_rules_replay_their_record_identically(data):
    game, _ = house_game(data)
    assert Game.replay(game.record()).snapshot() == game.snapshot()


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_house_rules_refuse_in_and_out_of_turn_without_change(data):
    game, rng = house_game(data)
    if not game.hand_over:
        for _ in range(20):
            assert check_refusal(game, rng) is None


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_house_rules_accept_every_action_listed_for_any_seat(data):
    game, _ = house_game(data)
    for seat in range(game.players):
        for text in game.legal(seat):
            game.copy().act(text, seat=None if seat == game.turn else seat)


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_house_rules_views_show_nothing_hidden_and_rebuild_the_game(data):
    game, _ = house_game(data)
    assert check_views(game) == []
    if not game.hand_over:
        seat = game.turn
        rebuilt = Game.from_view(game.view(seat), game.hands, game.draw_pile)
        assert rebuilt.house == game.house
        assert rebuilt.legal() == game.legal()
