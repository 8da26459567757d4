"""Simulate hands between computer players and check the engine as they play.

    python -m game.sim --rules 1991 --players 2 --hands 1000 --seed 1 [--json]

After every action it checks the invariants: every card is accounted for
across the hands, the draw pile and the discard pile; the chosen legal action
does not raise; a refused action raises IllegalAction and changes nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict, dataclass, field

from .rules import Game, IllegalAction
from .rules.cards import Card
from .rules.game import ALL_CODES, COLOUR_ACTIONS, PLAY_ACTIONS

# Texts a player could try: every action of the notation, legal or not.
EVERY_ACTION = ("draw", "pass", *COLOUR_ACTIONS, *(t for code in ALL_CODES for t in PLAY_ACTIONS[Card(code)]))


class RandomPlayer:
    """Plays a uniformly random legal card, drawing only when it has none to
    play (as RLCard's random agent does); after drawing it plays or passes at
    random."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view) -> str:
        legal = view.legal
        if legal[-1] == "draw" and len(legal) > 1:
            legal = legal[:-1]
        return legal[int(self.rng.random() * len(legal))]


@dataclass
class Report:
    hands: int = 0
    wins: list[int] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0
    violations: list[str] = field(default_factory=list)

    @property
    def actions_per_hand(self) -> float:
        return self.actions / self.hands if self.hands else 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict:
        data = asdict(self)
        data["violations"] = len(self.violations)
        data["violation_examples"] = self.violations[:10]
        data["actions_per_hand"] = round(self.actions_per_hand, 2)
        data["hands_per_second"] = round(self.hands_per_second, 1)
        data["seconds"] = round(self.seconds, 3)
        return data

    def text(self) -> str:
        wins = ", ".join(f"seat {seat}: {n}" for seat, n in enumerate(self.wins))
        lines = [
            f"hands:              {self.hands}",
            f"wins per seat:      {wins}",
            f"actions per hand:   {self.actions_per_hand:.1f}",
            f"hands per second:   {self.hands_per_second:.0f}",
            f"invariant failures: {len(self.violations)}",
        ]
        return "\n".join(lines + [f"  {v}" for v in self.violations[:10]])


def check_refusal(game: Game, rng: random.Random) -> str | None:
    """Try one action that is not legal now; it must raise and change nothing.

    An illegal Wild Draw Four from the hand is not tried: the 1991 rules accept
    it and penalise the player.
    """
    skip = set(game.legal())
    if game.drawn is None and not game.choosing_colour and "W+4" in game.hands[game.turn]:
        skip.update(PLAY_ACTIONS[Card("W+4")])
    refused = [t for t in EVERY_ACTION if t not in skip]
    text = refused[int(rng.random() * len(refused))]
    before = game.snapshot()
    try:
        game.act(text)
    except IllegalAction:
        return None if game.snapshot() == before else f"refused {text!r} changed the game"
    return f"{text!r} was accepted although legal() did not list it"


def simulate(rules: str, players: int, hands: int, seed: int, seats: list, check: bool = True) -> Report:
    """Play ``hands`` hands (new matches as matches end) and check as we go."""
    report = Report(wins=[0] * players)
    rng = random.Random(seed)
    game = Game(rules, players, seed=seed)
    start = time.perf_counter()
    while report.hands < hands:
        if game.hand_over:
            report.hands += 1
            report.wins[game.hand_winner] += 1
            if game.match_over:
                game = Game(rules, players, seed=rng.randrange(2**32))
            else:
                game.next_hand()
            continue
        if check:
            problem = check_refusal(game, rng)
            if problem:
                report.violations.append(f"hand {report.hands + 1}: {problem}")
        action = seats[game.turn].choose(game.view(game.turn))
        try:
            game.act(action)
        except IllegalAction as error:
            report.violations.append(f"hand {report.hands + 1}: legal action {action!r} raised: {error}")
            break
        report.actions += 1
        if check:
            report.violations += [f"hand {report.hands + 1}: {p}" for p in game.card_problems()]
    report.seconds = time.perf_counter() - start
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="1991", help="rule set (default 1991)")
    parser.add_argument("--players", type=int, default=2, help="players at the table (default 2)")
    parser.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed for the deals and the players (default 0)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    try:
        seats = [RandomPlayer(args.seed * 1000 + seat) for seat in range(args.players)]
        report = simulate(args.rules, args.players, args.hands, args.seed, seats)
    except ValueError as error:
        parser.error(str(error))
    print(json.dumps(report.as_dict(), indent=2) if args.json else report.text())
    return 1 if report.violations else 0


if __name__ == "__main__":
    sys.exit(main())
