"""Simulate hands between computer players and check the engine as they play.

    python -m game.sim --rules 1991 --players 2 --hands 1000 --seed 1 [--json]
    python -m game.sim --rules royal --players 5 --hands 1000 --seed 1
    python -m game.sim --rules standard --players 4 --house all --hands 500 --seed 1
    python -m game.sim --ai hard,normal --hands 1000 --seed 1 [--json]
    python -m game.sim --ai hard,greedy --hands 2000 --seed 1
    python -m game.sim --ai hard,random --rules standard --players 4 --hands 1000
    python -m game.sim --ai hard,random --rules standard --players 4 --house all --hands 1000
    python -m game.sim --rules standard --players 6 --teams --hands 500 --seed 1
    python -m game.sim --ai hard,normal --rules standard --players 4 --teams --hands 1000

Without ``--ai``, random players play (calling UNO or forgetting to, at
random) while late calls, catches by any seat and, in Royal Revenge, the
scepter's fanfares are injected at random, and with the house rule jump_in,
jump-ins by any seat that can. ``--house`` names the standard rules' house
rules to play with (``stacking,jump_in``), a preset (``party``, ``fast``, ``all``:
``game/rules/house_presets.py``), or ``random``: a
random set for every match. After every action the simulator
checks the invariants: every card is accounted for across the hands, the
draw pile and the discard pile; the chosen legal action does not raise; a
refused action, in turn or out of it, raises IllegalAction and changes
nothing; no view shows a seat another seat's drawn cards or a challenged
hand it did not challenge; and a hand always ends. With ``--teams``
(partners, standard UNO at 4 to 10 seats) it also checks that partners
never catch each other and that each hand is scored by team: both partners'
totals are their team's, and a hand's points are the other teams' cards.

With ``--ai A,B`` a level (``easy``, ``normal``, ``hard``), a baseline
(``random``, ``random-legal``, ``greedy``: ``game.ai.baselines``) or ``hard-v1``
(hard as it played before issue 31) plays 500-point matches against ``--players`` - 1 players of another (two
players by default, any rule set), and it prints A's hand and match win
rates with 95% confidence intervals. A changes seats every match and each
round of matches, one with A in every seat, is dealt from the same seed (a
duplicate format: A gets every seat's cards in turn), while within a match
the starter moves one seat on every hand. The seat in turn may catch a
missed UNO call first, then the others in the order of play (and with the
house rule jump_in, a seat may jump in the same way); in Royal Revenge the
scepter sounds now and then. ``--house`` plays every match with those
house rules (``random``: a random set each match). With ``--teams`` A's
partner plays at A's level too, and the win rates are A's team's.

On a terminal a one-line counter on standard error shows the hands done, the
rate and the time left (``game/progress.py``); piped, it prints only the figures.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from game.ai.baselines import LEVELS, RandomPlayer, make_player
from game.progress import Progress
from game.rules import Game, IllegalAction
from game.rules.cards import Card
from game.rules.house import HOUSE_RULES
from game.rules.house_presets import HOUSE_PRESETS, house_choice
from game.rules.notation import OUT_OF_TURN, action_table
from game.rules.rulesets import RULES_1991, RULESETS, get_ruleset
from game.rules.teams import sides, team_letter

# A hand this long has locked up (the longest of millions simulated is far shorter).
LONGEST_HAND = 5000


def every_action(rules, house: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Texts a player could try: every action of a rule set's notation (with its house rules)."""
    return tuple(action_table(get_ruleset(rules), house))


EVERY_ACTION = every_action(RULES_1991)


@dataclass
class Report:
    hands: int = 0
    wins: list[int] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0
    violations: list[str] = field(default_factory=list)
    teams: bool = False

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
        seat_sides = sides(len(self.wins), self.teams)
        team_wins = [
            f"team {team_letter(side)}: {sum(n for seat, n in enumerate(self.wins) if seat_sides[seat] == side)}"
            for side in sorted(set(seat_sides))
        ]
        lines = [
            f"hands:              {self.hands}",
            f"wins per seat:      {wins}",
            *([f"wins per team:      {', '.join(team_wins)}"] if self.teams else []),
            f"actions per hand:   {self.actions_per_hand:.1f}",
            f"hands per second:   {self.hands_per_second:.0f}",
            f"invariant failures: {len(self.violations)}",
        ]
        return "\n".join(lines + [f"  {v}" for v in self.violations[:10]])


def check_refusal(game: Game, rng: random.Random) -> str | None:
    """Try one action that is not legal now, by the seat in turn or by
    another seat; it must raise and change nothing.

    Not tried: an illegal Wild Draw Four from the hand (the 1991 rules accept
    it and penalise the player) and the fanfare when it may sound (it is
    never listed in ``legal()``).
    """
    assert game.turn is not None  # (a hand under way)
    seat = game.turn if rng.random() < 0.7 else int(rng.random() * game.players)
    skip = set(game.legal(seat))
    if not game.rules.challenge and game.drawn is None and game.pending is None and "W+4" in game.hands[seat]:
        skip.update(t for t in EVERY_ACTION if t.startswith("play W+4"))
    if game.accepts_fanfare:
        skip.add("fanfare")
    actions = every_action(game.rules, game.house)
    refused = [t for t in actions if t not in skip]
    text = refused[int(rng.random() * len(refused))]
    before = game.snapshot()
    try:
        game.act(text, seat=None if seat == game.turn or text == "fanfare" else seat)
    except IllegalAction:
        return None if game.snapshot() == before else f"refused {text!r} by seat {seat} changed the game"
    return f"{text!r} by seat {seat} was accepted although legal() did not list it"


def check_views(game: Game) -> list[str]:
    """What any seat's view shows that it should not."""
    problems = []
    hands = game.hands
    for seat in range(game.players):
        view = game.view(seat)
        if list(view.hand) != hands[seat] or view.legal != tuple(game.legal(seat)):
            problems.append(f"seat {seat}'s view has the wrong hand or actions")
        for event in view.events:
            if event.seat != seat and event.kind == "draw" and event.cards:
                problems.append(f"seat {seat} sees seat {event.seat}'s drawn cards")
            if event.seat != seat and event.kind == "reveal":
                problems.append(f"seat {seat} sees a hand challenged by seat {event.seat}")
    return problems


def check_score(game: Game, before: list[int]) -> list[str]:
    """What is wrong with the score of the hand just ended, counted afresh
    from the hands left: with points scoring the winner's side (with teams,
    both partners) takes the other sides' cards; with the tally each side
    adds its own; partners' totals are always equal."""
    winner, seat_sides = game.hand_winner, game.sides
    assert winner is not None  # (a hand that is over)
    left = [sum(Card(code).points for code in hand) for hand in game.hands]
    held = {side: sum(points for seat, points in enumerate(left) if seat_sides[seat] == side) for side in seat_sides}
    won = sum(points for side, points in held.items() if side != seat_sides[winner])
    if game.scoring == "tally":
        expected = [score + held[seat_sides[seat]] for seat, score in enumerate(before)]
    else:
        expected = [score + (won if seat_sides[seat] == seat_sides[winner] else 0) for seat, score in enumerate(before)]
    return [] if game.scores == expected else [f"the hand was scored {game.scores}, not {expected}"]


def interrupt(game: Game, rng: random.Random) -> None:
    """Now and then, what happens out of turn: a late UNO call or a catch by
    a random seat while someone is exposed, the scepter's fanfare, a seat
    jumping in (before or after a catch)."""
    if game.plays_out_of_turn and rng.random() < 0.5:
        jump_in(game, rng)
    exposed = game.exposed
    if exposed is not None and rng.random() < 0.5:
        seat = int(rng.random() * game.players)
        if seat == exposed or game.sides[seat] != game.sides[exposed]:  # (a partner may not catch)
            game.act("uno" if seat == exposed else "catch", seat=seat)
    if game.accepts_fanfare and rng.random() < 0.02:
        game.act("fanfare")
    if game.plays_out_of_turn and not game.hand_over:
        jump_in(game, rng)


def jump_in(game: Game, rng: random.Random) -> None:
    """A random seat out of turn that may jump in does so, half the time."""
    seats = [seat for seat in range(game.players) if seat != game.turn]
    seat = seats[int(rng.random() * len(seats))]
    plays = [action for action in game.legal(seat) if action.startswith("play")]
    if plays and rng.random() < 0.5:
        game.act(plays[int(rng.random() * len(plays))], seat=seat)


def house_for_match(house: tuple[str, ...] | str, rng: random.Random) -> tuple[str, ...]:
    """The house rules of a new match: those given, or a random set for ``random``."""
    if not isinstance(house, str):
        return house
    return tuple(name for name in HOUSE_RULES if rng.random() < 0.5)


def simulate(
    rules: str,
    players: int,
    hands: int,
    seed: int,
    seats: list,
    check: bool = True,
    house: tuple | str = (),
    progress: Progress | None = None,
    teams: bool = False,
) -> Report:
    """Play ``hands`` hands (new matches as matches end) and check as we go.
    ``house``: the house rules of every match, or ``random``; ``progress``
    is told each hand done; ``teams``: partners."""
    report = Report(wins=[0] * players, teams=teams)
    rng = random.Random(seed)
    game = Game(rules, players, seed=seed, house=house_for_match(house, rng), teams=teams)
    in_hand = 0
    scores_before = list(game.scores)
    start = time.perf_counter()
    while report.hands < hands:
        if game.hand_over:
            report.hands += 1
            assert game.hand_winner is not None  # (a hand that is over)
            report.wins[game.hand_winner] += 1
            if check:
                report.violations += [f"hand {report.hands}: {p}" for p in check_score(game, scores_before)]
            if progress is not None:
                progress.update(report.hands)
            in_hand = 0
            if game.match_over:
                game = Game(rules, players, seed=rng.randrange(2**32), house=house_for_match(house, rng), teams=teams)
            else:
                game.next_hand()
            scores_before = list(game.scores)
            continue
        if in_hand > LONGEST_HAND:
            report.violations.append(f"hand {report.hands + 1}: no end after {LONGEST_HAND} actions")
            break
        if check:
            problem = check_refusal(game, rng)
            if problem:
                report.violations.append(f"hand {report.hands + 1}: {problem}")
        interrupt(game, rng)
        if game.hand_over:  # a jump-in with the last card
            continue
        turn = game.turn
        assert turn is not None  # (a hand under way)
        action = seats[turn].choose(game.view(turn))
        try:
            game.act(action)
        except IllegalAction as error:
            report.violations.append(f"hand {report.hands + 1}: legal action {action!r} raised: {error}")
            break
        report.actions += 1
        in_hand += 1
        if check:
            problems = game.card_problems() + check_views(game)
            report.violations += [f"hand {report.hands + 1}: {p}" for p in problems]
    report.seconds = time.perf_counter() - start
    return report


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class DuelReport:
    """The results of player A against the others (all of level B); rates
    are A's."""

    levels: tuple[str, str]
    hands: int = 0
    hand_wins: int = 0
    matches: int = 0
    match_wins: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    seconds: float = 0.0
    violations: list[str] = field(default_factory=list)
    rules: str = "1991"
    players: int = 2
    house: tuple[str, ...] | str = ()
    teams: bool = False

    def merge(self, other: DuelReport) -> DuelReport:
        """Both reports' results together (for runs split across processes)."""
        return DuelReport(
            self.levels,
            self.hands + other.hands,
            self.hand_wins + other.hand_wins,
            self.matches + other.matches,
            self.match_wins + other.match_wins,
            [a + b for a, b in zip(self.points, other.points, strict=True)],
            self.seconds + other.seconds,
            self.violations + other.violations,
            self.rules,
            self.players,
            self.house,
            self.teams,
        )

    def rate(self, kind: str) -> tuple[float, float, float]:
        """A's win rate of ``hand`` or ``match`` and its 95% interval."""
        wins, n = (self.hand_wins, self.hands) if kind == "hand" else (self.match_wins, self.matches)
        return (wins / n if n else 0.0, *wilson(wins, n))

    def as_dict(self) -> dict:
        data = asdict(self)
        data["violations"] = len(self.violations)
        data["violation_examples"] = self.violations[:10]
        data["seconds"] = round(self.seconds, 3)
        for kind in ("hand", "match"):
            data[f"{kind}_win_rate"], data[f"{kind}_low"], data[f"{kind}_high"] = (round(x, 4) for x in self.rate(kind))
        return data

    def text(self) -> str:
        a, b = self.levels
        others = b if self.players == 2 else f"{self.players - 1} x {b}"
        share = 1 / self.players
        if self.teams:
            rivals = self.players // 2 - 1
            a, others, share = f"{a}'s team", f"{rivals} team{'s' * (rivals > 1)} of {b}", 2 / self.players

        def line(label: str, kind: str, n: int) -> str:
            rate, low, high = self.rate(kind)
            return f"{label:<17}{rate:.1%}  (95% CI {low:.1%} to {high:.1%}) of {n}"

        house = self.house if isinstance(self.house, str) else " ".join(self.house)
        with_house = f", house rules {house}" if house else ""
        lines = [
            f"{a} against {others}, rules {self.rules}{with_house} (win rates are {a}'s; a fair share is {share:.0%})",
            line("hands won:", "hand", self.hands),
            line("matches won:", "match", self.matches),
            f"{'points:':<17}{a} {self.points[0]}, {b} {self.points[1]}",
            f"{'seconds:':<17}{self.seconds:.1f}",
            f"{'illegal choices:':<17}{len(self.violations)}",
        ]
        return "\n".join(lines + [f"  {v}" for v in self.violations[:10]])


# The chance that the scepter sounds at the start of a turn, in Royal
# Revenge: at the table's pace, about a minute of play.
FANFARE = 1 / 40


def duel(
    levels: tuple[str, str],
    hands: int,
    seed: int,
    rules: str = "1991",
    players: int = 2,
    house: tuple | str = (),
    progress: Progress | None = None,
    player: Callable[[int, Game], Any] | None = None,
    teams: bool = False,
) -> DuelReport:
    """Play ``hands`` hands of 500-point matches: player A against
    ``players - 1`` players of level B.

    A sits in seat ``k`` in match ``k`` (modulo ``players``), and the
    ``players`` matches of each round of seats are dealt from the same seed
    (with two players: A in seat 0 in even matches, seat 1 in odd ones).
    ``house``: the house rules of every match, or ``random`` (a set drawn
    for each round of seats). ``progress`` is told each hand done.
    ``player(seed, game)``, if given, makes A for each match from A's seed
    and the match's game (``benchmarks.ai_ceiling``: a search shown the
    hidden cards) in place of ``make_player(levels[0], seed)``. ``teams``:
    partners, A's partner a player of level A (``partner_a``), and a hand or
    a match A's partner wins is A's team's.
    """
    report = DuelReport((levels[0], levels[1]), rules=rules, players=players, house=house, teams=teams)
    player_a = make_player(levels[0], seed * 2) if player is None else None
    partner_a = make_player(levels[0], seed * 2 + 2 * players)
    others = [make_player(levels[1], seed * 2 + 1 + 2 * k) for k in range(players - 1)]
    seat_sides = sides(players, teams)
    deals = random.Random(seed)
    start = time.perf_counter()
    match = 0
    while report.hands < hands:
        if match % players == 0:
            match_seed = deals.randrange(2**32)
            match_house = house_for_match(house, random.Random(match_seed))
        seat_a = match % players
        game = Game(rules, players, seed=match_seed, house=match_house, teams=teams)
        if player is not None:
            player_a = player(seed * 2, game)
        seats = [*others[:seat_a], player_a, *others[seat_a:]]
        seats = [
            partner_a if seat != seat_a and seat_sides[seat] == seat_sides[seat_a] else p
            for seat, p in enumerate(seats)
        ]
        fanfares = random.Random(match_seed) if game.rules.scepter else None
        while report.hands < hands and not game.match_over:
            points = play_hand(game, seats, report, fanfares)
            if points is None:
                return report
            assert game.hand_winner is not None  # (a hand that is over)
            won = seat_sides[game.hand_winner] == seat_sides[seat_a]
            report.hands += 1
            report.hand_wins += won
            if progress is not None:
                progress.update(report.hands)
            report.points[0 if won else 1] += points
            if not game.match_over:
                game.next_hand()
        if game.match_over:
            report.matches += 1
            report.match_wins += game.match_winner is not None and seat_sides[game.match_winner] == seat_sides[seat_a]
        match += 1
    report.seconds = time.perf_counter() - start
    return report


def play_hand(game: Game, seats: list, report: DuelReport, fanfares: random.Random | None = None) -> int | None:
    """Play the hand to its end; return the points the winner scored (None
    if it would not end). ``fanfares`` sounds the scepter now and then."""
    for _ in range(LONGEST_HAND):
        if fanfares is not None and game.accepts_fanfare and fanfares.random() < FANFARE:
            game.act("fanfare")
        action, seat = next_action(game, seats, report)
        events = game.act(action, seat=seat)
        if game.hand_over:
            return next(e.points for e in events if e.kind == "hand_end")
    report.violations.append(f"hand {report.hands + 1}: no end after {LONGEST_HAND} actions")
    return None


def next_action(game: Game, seats: list, report: DuelReport) -> tuple[str, int]:
    """The next action and its seat: the choice of the seat in turn, unless
    a seat is exposed without its UNO call and another seat reacts first.
    The seat in turn is the quickest (its choice may be ``catch`` or
    ``uno``), then the others in the order of play, so the exposed player's
    late call comes last. With the house rule jump_in the others are asked
    after every choice, as any of them may jump in."""
    turn = game.turn
    assert turn is not None  # (a hand under way)
    action = checked(seats[turn].choose(game.view(turn)), game.view(turn), report)
    if (game.exposed is None and not game.plays_out_of_turn) or action in OUT_OF_TURN:
        return action, turn
    for step in range(1, game.players):
        seat = (turn + step * game.direction) % game.players
        reaction = seats[seat].react(game.view(seat))
        if reaction is not None:
            return checked(reaction, game.view(seat), report), seat
    return action, turn


def checked(action: str, view, report: DuelReport) -> str:
    """The action, or a legal one (noted as a violation) if it is not legal."""
    if action in view.legal:
        return action
    report.violations.append(f"hand {report.hands + 1}: {action!r} is not one of {view.legal}")
    return view.legal[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.sim", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="1991", help="rule set (default 1991)")
    parser.add_argument("--players", type=int, default=2, help="players at the table (default 2)")
    parser.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed for the deals and the players (default 0)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--teams", action="store_true", help="partners: teams of two, standard rules, 4 to 10 seats")
    parser.add_argument("--ai", metavar="A,B", help=f"two levels to play each other: {', '.join(LEVELS)}")
    parser.add_argument(
        "--house",
        metavar="PRESET",
        default="",
        help=f"standard rules' house rules: a preset ({', '.join(HOUSE_PRESETS)}), NAME,NAME or random",
    )
    args = parser.parse_args(argv)
    if args.rules not in RULESETS:
        parser.error(f"unknown rules {args.rules!r}: use {', '.join(RULESETS)}")
    if args.seed < 0:
        parser.error("--seed takes a whole number, 0 or more")
    if args.hands < 1:
        parser.error("--hands takes a number of hands, 1 or more")
    try:
        house = house_option(args.house)
    except ValueError as error:
        parser.error(f"--house: {error}")
    if house and not get_ruleset(args.rules).house_rules:
        parser.error("--house takes house rules of the standard rules: add --rules standard")
    if args.ai:
        levels = tuple(args.ai.split(","))
        if len(levels) != 2 or not set(levels) <= set(LEVELS):
            parser.error(f"--ai takes two levels separated by a comma, from {', '.join(LEVELS)}")
        try:
            Game(args.rules, args.players, seed=0, teams=args.teams)
        except ValueError as error:
            parser.error(str(error))
        with Progress("game.sim", args.hands) as progress:
            duelled = duel(levels, args.hands, args.seed, args.rules, args.players, house, progress, teams=args.teams)
        print(json.dumps(duelled.as_dict(), indent=2) if args.json else duelled.text())
        return 1 if duelled.violations else 0
    try:
        seats = [RandomPlayer(args.seed * 1000 + seat) for seat in range(args.players)]
        with Progress("game.sim", args.hands) as progress:
            report = simulate(
                args.rules, args.players, args.hands, args.seed, seats, house=house, progress=progress, teams=args.teams
            )
    except ValueError as error:
        parser.error(str(error))
    print(json.dumps(report.as_dict(), indent=2) if args.json else report.text())
    return 1 if report.violations else 0


def house_option(text: str) -> tuple[str, ...] | str:
    """``--house``: a preset (``party``, ``all``...), names separated by
    commas, or ``random``. ValueError for an unknown name."""
    if text in ("", "random"):
        return text or ()
    return house_choice(text)


if __name__ == "__main__":
    sys.exit(main())
