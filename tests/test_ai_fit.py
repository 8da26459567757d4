"""The seat model of standard UNO and Royal Revenge: fitted by game.ai.fit
from greedy hands, read from values.json, and weighed as it was fitted."""

import math
import random

import pytest

from game.ai import fit, value
from game.ai.table import Table, playout
from game.rules.cards import Card
from game.rules.game import shuffle
from game.rules.rulesets import get_ruleset


@pytest.mark.parametrize("rules", ["standard", "royal"])
def test_refitting_the_seat_model_learns_who_wins_from_greedy_hands(rules):
    rows = fit.table_positions(rules, 150, seed=3)
    assert {len(seats) for seats, _ in rows} == set(fit.SEATS)
    weights = fit.fit_seats(rows, steps=4)
    assert len(weights) == len(value.SEAT_FEATURES)
    assert fit.seats_log_loss(rows, weights) < fit.seats_log_loss(rows, [0.0] * len(weights))
    assert weights[value.SEAT_FEATURES.index("log cards")] < 0, "more cards, less chance"


def tables(rules: str, count: int, seed: int):
    """Tables of ``rules`` dealt at random, played on a few greedy moves."""
    rng = random.Random(seed)
    deck = [Card(code) for code in get_ruleset(rules).deck]
    for number in range(count):
        players = 2 + number % 5
        cards = list(deck)
        shuffle(cards, rng)
        top = next(card for card in cards[7 * players :] if card.colour is not None)
        cards.remove(top)
        royal = rules == "royal"
        table = Table([cards[7 * s : 7 * s + 7] for s in range(players)], cards[7 * players :], [top], top.colour, 0)
        table.royal, table.king, table.jester = royal, (0 if royal else None), (1 if royal else None)
        playout(table, number % 9)
        if table.winner is None:
            yield table


@pytest.mark.parametrize("rules", ["standard", "royal"])
def test_the_fitted_table_value_weighs_the_seat_facts_it_was_fitted_on(rules):
    weights = value.SEAT_WEIGHTS[rules]
    assert weights == tuple(value.FITTED[rules]["weights"])
    for table in tables(rules, 40, seed=5):
        strengths = [
            math.exp(sum(w * x for w, x in zip(weights, value.seat_facts(table, s), strict=True)))
            for s in range(len(table.hands))
        ]
        for me in range(len(table.hands)):
            p = strengths[me] / sum(strengths)
            mine = sum(card.points for card in table.hands[me])
            others = sum(card.points for hand in table.hands for card in hand) - mine
            expected = p * (1 + 0.01 * others) - (1 - p) * (1 + 0.01 * mine)
            assert value.fitted_table_value(table, me, 0.01) == pytest.approx(expected)
