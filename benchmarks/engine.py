"""Hands and actions per second of the rules engine, for every rule set at 2
players and at 4 where it seats four (the 1991 game is for two), and standard
UNO with every house rule on, beside RLCard's UNO (two players) in the same run.

    python -m benchmarks.engine [--seconds 5]

Random players play a random legal card and draw only when they have nothing
to play; in standard UNO and Royal Revenge they call UNO half the time and
answer every choice at random (with the house rules they swap, stack and
jump in only as random choices of the seat in turn). Ours goes through the public text API
(``legal()`` and ``act()``), events and all. RLCard comes from the ``bench``
extra (``pip install -e .[bench]``).
"""

from __future__ import annotations

import argparse
import random
import time

from game.rules import Game
from game.rules.house import HOUSE_RULES
from game.rules.notation import OUT_OF_TURN
from game.rules.rulesets import RULESETS

# Each rule set at two players, and at four where its table seats four.
TABLES = tuple(
    (name, players) for name, rules in RULESETS.items() for players in (2, 4) if players <= rules.table_players
)
EVERY_HOUSE_RULE = tuple(HOUSE_RULES)


def our_hands(
    seconds: float, rules: str = "1991", players: int = 2, house: tuple[str, ...] = ()
) -> tuple[int, int, float]:
    """Play whole hands for about ``seconds``; return (hands, actions, elapsed)."""
    rng = random.Random(0)
    game, hands, actions, seed = Game(rules, players, seed=0, house=house), 0, 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            if game.hand_over:
                hands += 1
                if game.match_over:
                    seed += 1
                    game = Game(rules, players, seed=seed, house=house)
                else:
                    game.next_hand()
                continue
            legal = [action for action in game.legal() if action not in OUT_OF_TURN]
            if len(legal) > 1 and legal[-1] == "draw":
                legal = legal[:-1]
            game.act(legal[int(rng.random() * len(legal))])
            actions += 1
    return hands, actions, time.perf_counter() - start


def rlcard_hands(seconds: float) -> tuple[int, float] | None:
    """RLCard's UNO environment with its random agents, or None without rlcard."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.run(is_training=False)
        hands += 1
    return hands, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engine", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time for each table (default 5)")
    args = parser.parse_args()
    rates = {}
    for rules, players in TABLES:
        hands, actions, elapsed = our_hands(args.seconds, rules, players)
        rates[rules, players] = hands / elapsed, actions / elapsed
        print(
            f"uno1991 {rules:>8} {players}p: {hands / elapsed:7.0f} hands/s {actions / elapsed:9.0f} actions/s "
            f"({actions / hands:.0f} actions a hand)"
        )
    per_action = rates["standard", 4][1] / rates["1991", 2][1]
    print(f"standard 4p per action against 1991 2p: {per_action:.2f}x")
    hands, actions, elapsed = our_hands(args.seconds, "standard", 4, EVERY_HOUSE_RULE)
    print(
        f"uno1991 standard 4p, every house rule: {hands / elapsed:7.0f} hands/s {actions / elapsed:9.0f} actions/s "
        f"({actions / hands:.0f} actions a hand)"
    )
    theirs = rlcard_hands(args.seconds)
    if theirs is None:
        print("RLCard:         not installed, so not compared: the bench extra installs it")
        print("                (.venv/bin/pip install -e '.[bench]')")
        return
    rl_rate = theirs[0] / theirs[1]
    print(f"RLCard UNO 2p:  {rl_rate:7.0f} hands/s ({theirs[0]} hands in {theirs[1]:.1f} s)")
    print(f"ratio (1991 2p): {rates['1991', 2][0] / rl_rate:6.1f}x")


if __name__ == "__main__":
    main()
