"""Computer-vs-computer hands whose records the browser test compares.

Imported natively by the test and, unchanged, inside Pyodide in Chromium.
The 1991 game between two levels, and tables of standard UNO and Royal
Revenge where every seat also reacts out of turn (catches, late UNO calls)
and, in Royal Revenge, the scepter sounds every forty actions.
"""

import json
import time

from game.ai import make
from game.rules import Game

PAIRS = (("easy", "normal"), ("normal", "hard"), ("hard", "easy"))
TABLES = (("standard", 4), ("royal", 3))
FANFARE_EVERY = 40


def play_hand(seed: int, levels: tuple[str, ...], rules: str = "1991") -> str:
    """One seeded hand, seat by seat at the given levels; returns its record."""
    game = Game(rules, len(levels), seed=seed)
    players = [make(level, seed=seed + seat) for seat, level in enumerate(levels)]
    actions = 0
    while not game.hand_over:
        for seat, player in enumerate(players):
            if seat != game.turn and game.exposed is not None:
                reaction = player.react(game.view(seat))
                if reaction is not None:
                    game.act(reaction, seat=seat)
        if rules == "royal" and actions % FANFARE_EVERY == FANFARE_EVERY - 1 and game.accepts_fanfare:
            game.act("fanfare")
        seat = game.turn
        game.act(players[seat].choose(game.view(seat)))
        actions += 1
    return game.record()


def play(hands_per_pair: int) -> str:
    """Records of ``hands_per_pair`` hands for each pair of levels in the
    1991 game and a tenth as many at each other table, and the hands per
    second, as JSON."""
    start = time.perf_counter()
    records = [play_hand(seed, pair) for pair in PAIRS for seed in range(hands_per_pair)]
    for rules, players in TABLES:
        levels = tuple(PAIRS[seat % len(PAIRS)][seat % 2] for seat in range(players))
        records += [play_hand(seed, levels, rules) for seed in range(max(1, hands_per_pair // 10))]
    seconds = time.perf_counter() - start
    return json.dumps({"records": records, "hands_per_second": len(records) / seconds})
