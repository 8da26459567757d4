"""Refit the value models' weights from greedy playouts (offline tool).

    python -m game.ai.fit [--rules 1991,standard,royal] [--hands 40000] [--seed 1] [--write]

It deals random hands, plays them out with the playout policy, notes the
facts of the hands at random moments and fits, by Newton's method in plain
Python (minutes), a model of who went on to win: for the two-player 1991
game (``model``) a logistic model of whether the player to move won, from
``value.facts`` of both hands; for standard UNO and Royal Revenge (``table``,
two to six seats, Royal Revenge with its King and Jester) a conditional logit
over the seats, each seat's strength weighing ``value.seat_facts``. It prints
the weights and the held-out log loss; ``--write`` puts them in
``game/ai/values.json``, the data ``value`` reads.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

from ..rules.cards import Card
from ..rules.game import shuffle
from ..rules.rulesets import RULES_1991, get_ruleset
from .model import Position, best_colour, greedy_card
from .table import Table, playout
from .value import FEATURES, SEAT_FEATURES, facts, seat_facts

SEATS = range(2, 7)  # the table sizes the seat models learn from


def positions(hands: int, seed: int) -> list[tuple[list[float], bool]]:
    """(facts of the mover's and the other hand, did the mover win) at a
    quarter of the moves of ``hands`` greedy hands."""
    rng = random.Random(seed)
    deck = [Card(code) for code in RULES_1991.deck]
    rows = []
    for number in range(hands):
        cards = list(deck)
        shuffle(cards, rng)
        if cards[14].colour is None:
            continue
        pos = Position([cards[:7], cards[7:14]], cards[15:], [cards[14]], cards[14].colour, number % 2, seed=number)
        noted = []
        while pos.winner is None and len(noted) < 400:
            if rng.random() < 0.25:
                mover, other = pos.hands[pos.turn], pos.hands[1 - pos.turn]
                noted.append((pos.turn, [*facts(mover, pos.colour, pos.rank), *facts(other, pos.colour, pos.rank)]))
            hand = pos.hands[pos.turn]
            card = greedy_card(hand, pos.colour, pos.rank)
            if card is None:
                card = pos.draw_card()
            if card is not None:
                pos.play(card, best_colour(hand) if card.colour is None else None)
        rows += [([*x, 1.0], pos.winner == turn) for turn, x in noted]
    return rows


def fit(rows: list[tuple[list[float], bool]], steps: int = 8, ridge: float = 0.01) -> list[float]:
    """Logistic regression weights (the last is the bias) by Newton's method."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [ridge * wi for wi in w]
        hess = [[ridge * (i == j) for j in range(k)] for i in range(k)]
        for x, won in rows:
            p = 1 / (1 + math.exp(-sum(wi * xi for wi, xi in zip(w, x, strict=True))))
            g, h = p - won, p * (1 - p)
            for i in range(k):
                grad[i] += g * x[i]
                hx = h * x[i]
                row = hess[i]
                for j in range(i + 1):
                    row[j] += hx * x[j]
        for i in range(k):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b, by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, bi] for row, bi in zip(a, b, strict=True)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def table_positions(rules: str, hands: int, seed: int) -> list[tuple[list[tuple], int]]:
    """(``seat_facts`` of every seat, the seat that went on to win) at a
    quarter of the moves of ``hands`` greedy hands of ``rules`` (standard or
    royal) at two to six seats."""
    rng = random.Random(seed)
    deck = [Card(code) for code in get_ruleset(rules).deck]
    royal = rules == "royal"
    rows = []
    for number in range(hands):
        players = SEATS[number % len(SEATS)]
        cards = list(deck)
        shuffle(cards, rng)
        top = 7 * players
        if cards[top].colour is None:
            continue
        king = number % players if royal else None
        jester = (king + 1 + int(rng.random() * (players - 1))) % players if royal else None
        hands_dealt = [cards[7 * seat : 7 * seat + 7] for seat in range(players)]
        direction = 1 if rng.random() < 0.5 else -1
        table = Table(hands_dealt, cards[top + 1 :], [cards[top]], cards[top].colour, king or 0, direction)
        table.royal, table.king, table.jester, table.seed = royal, king, jester, number
        noted = []
        while table.winner is None and len(noted) < 400:
            if rng.random() < 0.25:
                noted.append([seat_facts(table, seat) for seat in range(players)])
            playout(table, 1)
        rows += [(seats, table.winner) for seats in noted if table.winner is not None]
    return rows


def fit_seats(rows: list[tuple[list[tuple], int]], steps: int = 8, ridge: float = 0.01) -> list[float]:
    """Conditional logit weights: seat ``s`` wins with chance exp(w . x_s)
    over the sum for all seats, by Newton's method."""
    k = len(rows[0][0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [ridge * wi for wi in w]
        hess = [[ridge * (i == j) for j in range(k)] for i in range(k)]
        for seats, winner in rows:
            z = [sum(wi * xi for wi, xi in zip(w, x, strict=True)) for x in seats]
            top = max(z)
            e = [math.exp(zi - top) for zi in z]
            total = sum(e)
            p = [ei / total for ei in e]
            mean = [sum(ps * x[i] for ps, x in zip(p, seats, strict=True)) for i in range(k)]
            for i in range(k):
                grad[i] += mean[i] - seats[winner][i]
            for ps, x in zip(p, seats, strict=True):
                d = [xi - mi for xi, mi in zip(x, mean, strict=True)]
                for i in range(k):
                    if d[i]:
                        hd, row = ps * d[i], hess[i]
                        for j in range(i + 1):
                            row[j] += hd * d[j]
        for i in range(k):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
    return w


def log_loss(rows: list[tuple[list[float], bool]], w: list[float]) -> float:
    total = 0.0
    for x, won in rows:
        p = 1 / (1 + math.exp(-sum(wi * xi for wi, xi in zip(w, x, strict=True))))
        total -= math.log(p if won else 1 - p)
    return total / len(rows)


def seats_log_loss(rows: list[tuple[list[tuple], int]], w: list[float]) -> float:
    total = 0.0
    for seats, winner in rows:
        z = [sum(wi * xi for wi, xi in zip(w, x, strict=True)) for x in seats]
        top = max(z)
        total -= z[winner] - top - math.log(sum(math.exp(zi - top) for zi in z))
    return total / len(rows)


def refit(rules: str, hands: int, seed: int) -> dict:
    """The fitted weights of ``rules``' value model, as ``values.json`` holds them."""
    if rules == "1991":
        rows, held_out = positions(hands, seed), positions(hands // 4, seed + 1)
        w = fit(rows)
        half = (len(w) - 1) // 2
        print(f"# 1991: {len(rows)} positions; held-out log loss {log_loss(held_out, w):.4f}")
        fitted = {"features": list(FEATURES), "mover": w[:half], "other": w[half:-1]}
        return {**fitted, "bias": w[-1]}
    rows, held_out = table_positions(rules, hands, seed), table_positions(rules, hands // 4, seed + 1)
    w = fit_seats(rows)
    print(f"# {rules}: {len(rows)} positions; held-out log loss {seats_log_loss(held_out, w):.4f}")
    return {"features": list(SEAT_FEATURES), "weights": w}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.ai.fit", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="1991,standard,royal", help="models to refit (default all three)")
    parser.add_argument("--hands", type=int, default=40000, help="greedy hands to learn from (default 40000)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the deals (default 1)")
    parser.add_argument("--write", action="store_true", help="write the weights to game/ai/values.json")
    args = parser.parse_args(argv)
    fitted = json.loads(VALUES.read_text())
    for rules in args.rules.split(","):
        if rules not in fitted:
            parser.error(f"unknown rules {rules!r}: use {', '.join(fitted)}")
        fitted[rules] = {name: rounded(x) for name, x in refit(rules, args.hands, args.seed).items()}
        print(json.dumps({rules: fitted[rules]}))
    if args.write:
        VALUES.write_text(json.dumps(fitted, indent=1) + "\n")


def rounded(x):
    """Weights to three decimals (names as they are)."""
    if isinstance(x, list):
        return [rounded(item) for item in x]
    return round(x, 3) if isinstance(x, float) else x


VALUES = Path(__file__).with_name("values.json")


if __name__ == "__main__":
    main()
