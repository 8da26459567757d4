"""How strong hard's search could be with perfect inference: hard shown the hidden cards.

    python -m benchmarks.ai_ceiling [--hands 2000] [--table-hands 600] [--sees hands,all]
                                    [--when every,wild,other,near,far]
                                    [--tables 1991-2,standard-4] [--against random-legal,greedy,hard-v1]
                                    [--processes 2] [--seed 1]

``hard`` decides by dealing the cards it cannot see in ways that fit what
it knows (``game.ai.knowledge``), trying each candidate on every deal. This
benchmark plays a *clairvoyant* hard against the benchmark's baselines, the
same search with the same budget whose deals are the truth, taken from the
game by this harness (the players in ``game.ai`` only ever get a view, and
cannot do this): ``--sees hands``, the other hands as they are, the draw
pile's cards shuffled afresh for every deal; ``--sees all``, the hands and
the draw pile in its true order (only the reshuffles of the discard pile in
a playout are guesses). ``--sees view`` is hard as it is, for a paired run.
Everything else hard does (the heuristic's choice it leans to, naming a
colour, the picks) still reads only what the view shows.

So the gap between a clairvoyant row and hard as it is (the same deals:
``python -m benchmarks.ai --targets`` with the same ``--hands``,
``--processes`` and ``--seed``) is the most that better inference of the
hidden cards could give a search of this kind, and a target above the
clairvoyant's row is out of its reach. The pairs are the 1991 game at two
seats against each of ``--against`` (``--hands`` a pair) and four seats of
standard UNO against three random-legal players (``--table-hands``), split
over worker processes by ``benchmarks.ai.play_pairs``; each row prints the
hands played, the share won with its 95% (Wilson) interval, and issue 31's
target for hard there.

``--when`` says at which decisions the clairvoyant is shown the truth (at
the others it deals from what it knows, as hard does), to tell where
knowing the hidden cards is worth most: ``every`` decision (the default),
those with a ``wild`` among the cards it may play (so naming a colour
too), the ``other`` ones, those when an opponent is ``near`` going out (two
cards or fewer) and those when every opponent is ``far`` from it.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from benchmarks.ai import ROW_HEADING, parse_table, play_pairs, row
from game.ai import players, search
from game.ai.knowledge import Knowledge, infer
from game.progress import Progress
from game.rules import Game
from game.rules.cards import Card
from game.rules.game import View, shuffle
from game.sim import duel

SEES = ("view", "hands", "all")
NEAR = 2  # an opponent with this many cards or fewer is near going out (``--when near``)


def may_play_wild(view: View) -> bool:
    return any(action.startswith("play W") for action in view.legal)


def fewest_cards(view: View) -> int:
    """The fewest cards an opponent holds."""
    return min(count for seat, count in enumerate(view.counts) if seat != view.seat)


WHEN: dict[str, Callable[[View], bool]] = {
    "every": lambda view: True,
    "wild": may_play_wild,
    "other": lambda view: not may_play_wild(view),
    "near": lambda view: fewest_cards(view) <= NEAR,
    "far": lambda view: fewest_cards(view) > NEAR,
}
TABLES = ("1991-2", "standard-4")


@dataclass
class Truth(Knowledge):
    """What the seat knows from its view (``infer``), but whose deals are
    the other seats' true ``hands`` and the true draw ``pile`` (top card
    last): in its true order if ``order``, else shuffled for every deal."""

    hands: dict[int, list[Card]] = field(default_factory=dict)
    pile: list[Card] = field(default_factory=list)
    order: bool = False

    def sample(self, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]]:
        pile = list(self.pile)
        if not self.order:
            shuffle(pile, rng)
        return {seat: list(hand) for seat, hand in self.hands.items()}, pile

    def mix(self, rng: random.Random) -> None:
        """Nothing to mix: the deals are the truth."""


class Clairvoyant(players.Hard):
    """``hard`` whose search is dealt the truth of ``game`` (see ``Truth``)
    at the decisions ``when`` picks, and what it knows at the others."""

    def __init__(self, seed: int, game: Game, order: bool, when: str = "every") -> None:
        super().__init__(seed)
        self.game = game
        self.order = order
        self.when = WHEN[when]

    def steps(self, view: View, rng: random.Random):
        return search.think(view, rng, self.settings, self.truth(view) if self.when(view) else None)

    def truth(self, view: View) -> Truth:
        known = infer(view)
        hands = self.game.hands
        return Truth(
            known.seat,
            known.unseen,
            known.slots,
            known.known,
            hands={seat: [Card(code) for code in hands[seat]] for seat in known.slots},
            pile=[Card(code) for code in reversed(self.game.draw_pile)],
            order=self.order,
        )


def player_that_sees(sees: str, when: str = "every"):
    """What plays a chunk of hands for ``--sees`` and ``--when``:
    ``game.sim.duel`` with a clairvoyant hard, or as it is for ``view``."""
    if sees == "view":
        return duel
    return functools.partial(duel, player=functools.partial(Clairvoyant, order=sees == "all", when=when))


def name(sees: str, when: str) -> str:
    """How a row names its player: ``hard, sees hands`` and, but at every
    decision, when (``hard, sees hands at wild decisions``)."""
    at = "" if sees == "view" or when == "every" else f" at {when} decisions"
    return f"hard, sees {sees}{at}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.ai_ceiling", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000, help="hands per pair, 1991 (default 2000)")
    parser.add_argument("--table-hands", type=int, default=600, help="hands per pair, 4 seats (default 600)")
    parser.add_argument("--sees", default="hands,all", help=f"what hard sees: of {', '.join(SEES)} (default hands,all)")
    parser.add_argument("--when", default="every", help=f"at which decisions: of {', '.join(WHEN)} (default every)")
    parser.add_argument("--tables", default=",".join(TABLES), help=f"tables (default {','.join(TABLES)})")
    parser.add_argument("--against", default="random-legal,greedy,hard-v1", help="opponents in the 1991 game")
    parser.add_argument("--processes", type=int, default=multiprocessing.cpu_count(), help="worker processes")
    parser.add_argument("--seed", type=int, default=1, help="seed, as benchmarks.ai's (default 1)")
    args = parser.parse_args(argv)
    sees, whens, tables = args.sees.split(","), args.when.split(","), args.tables.split(",")
    if not set(sees) <= set(SEES):
        parser.error(f"--sees takes {', '.join(SEES)}")
    if not set(whens) <= set(WHEN):
        parser.error(f"--when takes {', '.join(WHEN)}")
    if not set(tables) <= set(TABLES):
        parser.error(f"--tables takes {', '.join(TABLES)}")
    pairs = []
    for table in tables:
        rules, seats = parse_table(table)
        if rules == "1991":
            pairs += [("hard", b, args.hands, rules, seats, ()) for b in args.against.split(",")]
        else:
            pairs.append(("hard", "random-legal", args.table_hands, rules, seats, ()))
    print(ROW_HEADING)
    start = time.perf_counter()
    runs = dict.fromkeys((seeing, "every" if seeing == "view" else when) for seeing in sees for when in whens)
    for seeing, when in runs:
        progress = Progress("benchmarks.ai_ceiling", sum(pair[2] for pair in pairs))
        for report in play_pairs(pairs, args.seed, args.processes, progress, player_that_sees(seeing, when)):
            progress.close()
            print(row(report, name(seeing, when)), flush=True)
    print(f"\n{time.perf_counter() - start:.0f} s with {args.processes} processes")


if __name__ == "__main__":
    main()
