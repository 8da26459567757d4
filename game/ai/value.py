"""How good a position is for a player: exact when the hand is over, else
an estimate of the chance to win it from a few facts about the hands.

The estimate is a logistic model fitted to the outcomes of greedy playouts
of the two-player 1991 game (``python -m game.ai.fit`` refits it and
writes ``values.json``, the data it is read from). Cutting the search's
playouts short and asking this model is far less noisy than playing every
hand to the end, which matters more than the model's bias. (A model fitted
for standard UNO and Royal Revenge at two to six seats, a strength for every
seat from its hand and its place at the table, did no better than this one
read as a contest of strengths: 39.6% of 800 four-seat hands against three
random-legal players, against 40.9%.)
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from ..rules.cards import Card
from .duel_model import Position
from .table_model import Table

# What a point is worth next to winning the hand: the score decides the
# match, so a won hand counts 1 + point * points and a lost one the negative.
# Measured against ``normal`` (4000 hands each): POINT 0 won 61.5% of hands
# but 73% of matches, 0.01 won 58.4% and 78%, 0.02 57.4% and 78%, 0.04
# 55.8% and 78.5%; 0.01 also gained the most points per hand.
POINT = 0.01

FITTED = json.loads(Path(__file__).with_name("values.json").read_text())

# The facts about a hand, for the player to move and for the other player.
FEATURES: tuple[str, ...] = tuple(FITTED["1991"]["features"])
MOVER: tuple[float, ...] = tuple(FITTED["1991"]["mover"])
OTHER: tuple[float, ...] = tuple(FITTED["1991"]["other"])
BIAS: float = FITTED["1991"]["bias"]


def _scan(hand: list[Card], colour: str | None, rank: str) -> tuple[int, int, int, int, bool, int]:
    """What the FEATURES are made of, in one pass over the hand: its size,
    wilds, Skips and Draw Twos, points, whether any card matches ``colour``
    or ``rank`` (or is wild), and how many colours it holds."""
    wild = action = points = 0
    playable = False
    colours: set[str] = set()
    for card in hand:
        points += card.points
        if card.colour is None:
            wild += 1
            playable = True
            continue
        colours.add(card.colour)
        if card.rank in ("S", "+2"):
            action += 1
        if card.colour == colour or card.rank == rank:
            playable = True
    return len(hand), wild, action, points, playable, len(colours)


def facts(hand: list[Card], colour: str | None, rank: str) -> tuple[float, float, int, int, float, bool, int]:
    """The FEATURES of a hand when ``colour`` and ``rank`` are to be matched."""
    n, wild, action, points, playable, colours = _scan(hand, colour, rank)
    return (math.log(n), 1 / n, wild, action, points / 100, playable, colours)


def weigh(hand: list[Card], colour: str | None, rank: str, weights: tuple[float, ...]) -> tuple[float, int]:
    """The weighted sum of a hand's FEATURES, and the points it holds; the
    same as summing ``facts`` times ``weights``, written out as the search
    asks it for every playout."""
    n, wild, action, points, playable, colours = _scan(hand, colour, rank)
    w_log, w_inverse, w_wild, w_action, w_points, w_playable, w_colours = weights
    z = w_log * math.log(n) + w_inverse / n + w_wild * wild + w_action * action + w_points * points / 100
    return z + w_playable * playable + w_colours * colours, points


def value(pos: Position, me: int, point: float = POINT) -> float:
    """The position's worth to ``me``: 1 + point * points for a won hand,
    the negative for a lost one, and, for a hand still being played, the
    expectation of the two with the estimated chance of winning and the
    points each hand holds now."""
    if pos.winner is not None:
        worth = 1 + point * pos.points
        return worth if pos.winner == me else -worth
    mover = pos.turn
    z_mover, points_mover = weigh(pos.hands[mover], pos.colour, pos.rank, MOVER)
    z_other, points_other = weigh(pos.hands[1 - mover], pos.colour, pos.rank, OTHER)
    p = 1 / (1 + math.exp(-(BIAS + z_mover + z_other)))
    if mover != me:
        p, points_mover, points_other = 1 - p, points_other, points_mover
    return p * (1 + point * points_other) - (1 - p) * (1 + point * points_mover)


def table_value(table: Table, me: int, point: float = POINT) -> float:
    """The same worth for any number of seats (``table_model.Table``): a won hand
    is 1 + point * the points in the other hands, a lost one costs 1 +
    POINT * the points left in ``me``'s hand, and a hand still being played
    weighs the two by the estimated chance that ``me`` wins it. With
    partners, ``me`` is its team: a hand its partner wins is won, and the
    points are the team's.

    The chance comes from the two-player model, read as a contest of
    strengths: the seat to move has strength BIAS + MOVER . facts, every
    other seat minus OTHER . facts, and each seat's chance is its share of
    the exponentials (with two seats this is exactly the logistic model)."""
    hands, sides = table.hands, table.sides
    side = sides[me]
    if table.winner is not None:
        if sides[table.winner] == side:
            return 1 + point * table.points
        return -(
            1 + point * sum(card.points for seat, hand in enumerate(hands) if sides[seat] == side for card in hand)
        )
    colour, rank, mover = table.colour, table.rank, table.turn
    total = mine = 0.0
    points_mine = points_others = 0
    for seat, hand in enumerate(hands):
        if seat == mover:
            z, points = weigh(hand, colour, rank, MOVER)
            z += BIAS
        else:
            z, points = weigh(hand, colour, rank, OTHER)
            z = -z
        strength = math.exp(z)
        total += strength
        if sides[seat] == side:
            mine += strength
            points_mine += points
        else:
            points_others += points
    p = mine / total
    return p * (1 + point * points_others) - (1 - p) * (1 + point * points_mine)
