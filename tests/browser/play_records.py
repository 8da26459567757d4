"""Computer-vs-computer hands whose records the browser test compares.

Imported natively by the test and, unchanged, inside Pyodide in Chromium.
"""

import json
import time

from game.ai import make
from game.rules import Game

PAIRS = (("easy", "normal"), ("normal", "hard"), ("hard", "easy"))


def play_hand(seed: int, levels: tuple[str, str]) -> str:
    """One seeded hand between two levels; returns its record."""
    game = Game(seed=seed)
    players = [make(level, seed=seed + seat) for seat, level in enumerate(levels)]
    while not game.hand_over:
        seat = game.turn
        game.act(players[seat].choose(game.view(seat)))
    return game.record()


def play(hands_per_pair: int) -> str:
    """Records of ``hands_per_pair`` hands for each pair of levels, and the
    hands per second, as JSON."""
    start = time.perf_counter()
    records = [play_hand(seed, pair) for pair in PAIRS for seed in range(hands_per_pair)]
    seconds = time.perf_counter() - start
    return json.dumps({"records": records, "hands_per_second": len(records) / seconds})
