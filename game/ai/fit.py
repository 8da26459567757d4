"""Refit the value model's weights from greedy playouts (offline tool).

    python -m game.ai.fit [--hands 40000] [--seed 1] [--write]

It deals random hands of the 1991 game, plays them out with the playout
policy, notes the ``value.facts`` of both hands at random moments, and fits a
logistic model of whether the player to move went on to win, by Newton's
method in plain Python (a few minutes). It prints the weights and the
held-out log loss; ``--write`` puts them in ``game/ai/values.json``, the
data ``value`` reads.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

from ..rules.cards import Card
from ..rules.game import shuffle
from ..rules.rulesets import RULES_1991
from .duel_model import Position, best_colour, greedy_card
from .value import FEATURES, facts


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
        noted: list[tuple[int, list[float]]] = []
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


def log_loss(rows: list[tuple[list[float], bool]], w: list[float]) -> float:
    total = 0.0
    for x, won in rows:
        p = 1 / (1 + math.exp(-sum(wi * xi for wi, xi in zip(w, x, strict=True))))
        total -= math.log(p if won else 1 - p)
    return total / len(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.ai.fit", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=40000, help="greedy hands to learn from (default 40000)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the deals (default 1)")
    parser.add_argument("--write", action="store_true", help="write the weights to game/ai/values.json")
    args = parser.parse_args(argv)
    rows = positions(args.hands, args.seed)
    held_out = positions(args.hands // 4, args.seed + 1)
    w = fit(rows)
    half = (len(w) - 1) // 2
    print(f"# {len(rows)} positions; held-out log loss {log_loss(held_out, w):.4f}")
    fitted = {"features": list(FEATURES), "mover": w[:half], "other": w[half:-1], "bias": w[-1]}
    fitted = {name: rounded(x) for name, x in fitted.items()}
    print(json.dumps(fitted))
    if args.write:
        VALUES.write_text(json.dumps({"1991": fitted}, indent=1) + "\n")


def rounded(x: object) -> object:
    """Weights to three decimals (names as they are)."""
    if isinstance(x, list):
        return [rounded(item) for item in x]
    return round(x, 3) if isinstance(x, float) else x


VALUES = Path(__file__).with_name("values.json")


if __name__ == "__main__":
    main()
