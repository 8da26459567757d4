"""Hands per second of the rules engine, beside RLCard's UNO in the same run.

    python -m benchmarks.engine [--seconds 5]

Both sides play two-player hands between random players that play a random
legal card and draw only when they have nothing to play. Ours goes through the
public text API (``legal()`` and ``act()``), events and all. RLCard comes from
the ``bench`` extra (``pip install -e .[bench]``).
"""

from __future__ import annotations

import argparse
import random
import time

from game.rules import Game


def our_hands(seconds: float) -> tuple[int, float]:
    """Play whole hands for about ``seconds``; return (hands, elapsed)."""
    rng = random.Random(0)
    game, hands, seed = Game(seed=0), 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            if game.hand_over:
                hands += 1
                if game.match_over:
                    seed += 1
                    game = Game(seed=seed)
                else:
                    game.next_hand()
                continue
            legal = game.legal()
            if len(legal) > 1 and legal[-1] == "draw":
                legal = legal[:-1]
            game.act(legal[int(rng.random() * len(legal))])
    return hands, time.perf_counter() - start


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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time for each side (default 5)")
    args = parser.parse_args()
    hands, elapsed = our_hands(args.seconds)
    ours = hands / elapsed
    print(f"uno1991 engine: {ours:8.0f} hands/s ({hands} hands in {elapsed:.1f} s)")
    theirs = rlcard_hands(args.seconds)
    if theirs is None:
        print("RLCard:         not installed (pip install -e .[bench])")
        return
    rl_rate = theirs[0] / theirs[1]
    print(f"RLCard UNO:     {rl_rate:8.0f} hands/s ({theirs[0]} hands in {theirs[1]:.1f} s)")
    print(f"ratio:          {ours / rl_rate:8.1f}x")


if __name__ == "__main__":
    main()
