"""Hard reads the opponent's hand from how it played (``game.ai.reading``):
the plays it remembers come from the public events alone, and the hands
that explain them count for more in its search."""

import random

from conftest import stacked

from game.ai.knowledge import Play, infer
from game.ai.players import finish
from game.ai.reading import likelihood
from game.rules import Game
from game.rules.cards import Card

OTHER = ["B1", "B2", "B3", "G6", "G7", "Y8", "Y9"]


def cards(*codes: str) -> list[Card]:
    return [Card(code) for code in codes]


def test_a_hand_that_held_a_higher_card_of_the_colour_explains_a_low_one_worse():
    """A club player plays its highest matching card: after a red 5 on the
    red 3, a hand still holding a red Skip is the less likely one."""
    plays = [Play(Card("R5"), "R", "3", None)]
    without = likelihood(cards("G1", "G2", "Y3", "B4"), plays)
    holding_the_skip = likelihood(cards("RS", "G2", "Y3", "B4"), plays)
    assert without > holding_the_skip


def test_a_hand_with_many_cards_that_played_explains_any_one_choice_worse():
    """A beginner plays any card that goes: after a red 5 on the red 8, a
    hand that had three other reds to choose from is the less likely one,
    though a club player could have played either way (no red above 5)."""
    plays = [Play(Card("R5"), "R", "8", None)]
    few = likelihood(cards("G1", "G2", "Y3", "B4"), plays)
    many = likelihood(cards("R1", "R2", "R3", "B4"), plays)
    assert few > many


def test_a_named_colour_is_read_as_the_colour_held_most():
    plays = [Play(Card("W"), "R", "7", "B")]
    blues = likelihood(cards("B1", "B2", "G3"), plays)
    no_blue = likelihood(cards("G1", "G2", "Y3"), plays)
    assert blues > no_blue


def test_plays_are_remembered_from_the_hand_since_it_last_took_cards():
    """Seat 1 plays two cards from its hand, draws, and plays the card it
    drew: seat 0 remembers the two plays and the colours they were played
    on, then nothing (a drawn card is no choice, and the hand took a card
    seat 0 cannot see)."""
    hands = [["R1", "R2", "B9", "G5", "Y5", "Y6", "Y7"], ["R8", "R9", "G1", "G2", "G3", "G4", "Y1"]]
    game = Game(deck=stacked(hands, "R3", draw=("B4",)), starter=0)
    for action in ("play R1", "play R8", "play R2", "play R9"):
        game.act(action)
    assert infer(game.view(0)).plays[1] == [Play(Card("R8"), "R", "1", None), Play(Card("R9"), "R", "2", None)]
    game.act("play B9")  # seat 1 holds no blue and no 9
    game.act("draw")
    game.act("play B4")
    assert infer(game.view(0)).plays[1] == []


def test_after_a_wild_named_blue_hards_deals_make_blue_the_opponent_s_main_colour_more_often():
    """What hard believes, weighing each deal it makes as ``search`` does:
    the opponent who named blue with its wild more likely holds more blue
    than any other colour than the plain deals (which only count the unseen
    cards) say."""
    hands = [["R1", "R2", "R3", "G5", "Y5", "Y6", "Y7"], ["W", "B1", "B2", "G3", "G4", "Y8", "R9"]]
    game = Game(deck=stacked(hands, "R5"), starter=0)
    game.act("play R1")
    game.act("play W B")
    knowledge = infer(game.view(0))
    rng = random.Random(1)
    plain = weighed = total = 0.0
    for _ in range(400):
        dealt, _pile = knowledge.sample(rng)
        weight = likelihood(dealt[1], knowledge.plays[1])
        held = [sum(card.colour == colour for card in dealt[1]) for colour in "RGYB"]
        blue = held[3] == max(held)
        plain += blue
        weighed += weight * blue
        total += weight
    assert weighed / total > plain / 400 + 0.05, (weighed / total, plain / 400)


def test_hard_s_search_counts_the_deals_that_explain_a_named_colour_for_more():
    """The opponent named blue with its wild, so it more likely holds blue:
    over the same deals, hard that reads likes naming green with its own
    wild more, against naming blue, than hard that does not read (which
    prefers blue: it sees only the unseen cards)."""
    from dataclasses import replace

    from game.ai import search

    hands = [["R1", "B7", "W", "G5", "G6", "G7", "Y2"], ["W", "B1", "B2", "B3", "G4", "Y8", "R9"]]
    game = Game(deck=stacked(hands, "R5"), starter=0)
    game.act("play R1")
    game.act("play W B")
    view = game.view(0)
    candidates = search.prune(view, view.legal)

    def green_over_blue(settings: search.Settings) -> float:
        """How much more naming green is worth than naming blue, summed over
        eight searches of the same position."""
        total = 0.0
        for seed in range(8):
            steps = search.evaluate(view, candidates, infer(view), random.Random(seed), settings)
            means = dict(zip(candidates, finish(steps), strict=True))
            total += means["play W G"] - means["play W B"]
        return total / 8

    blind = green_over_blue(replace(search.HARD, reads=False))
    reading = green_over_blue(search.HARD)
    assert blind < 0 < reading, (blind, reading)
