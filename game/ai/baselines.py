"""The baselines the computer levels are measured against (``game.sim
--ai``, ``benchmarks/ai.py``): a random player, a random-legal one and a
greedy club player, each choosing from its seat's view as the levels do;
``make_player`` makes any of them, a level, or a frozen level by name."""

from __future__ import annotations

import random

from game import ai
from game.ai.duel_model import best_colour
from game.ai.players import pick
from game.rules.cards import Card
from game.rules.game import View
from game.rules.notation import OUT_OF_TURN


class RandomPlayer:
    """Plays a uniformly random legal action other than drawing, drawing only
    when it has no card to play; after drawing it plays or passes at random.
    As in RLCard's random agent, a wild is one action per colour, so it comes
    up four times as often as another card (and a play that may call UNO is
    two actions, so it calls half the time). It never acts out of turn."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        legal = [action for action in view.legal if action not in OUT_OF_TURN]
        if legal[-1] == "draw" and len(legal) > 1:
            legal = legal[:-1]
        return legal[int(self.rng.random() * len(legal))]

    def react(self, view: View) -> str | None:
        """A late UNO call or a catch, when there is one to make, half the time."""
        out = [action for action in view.legal if action in OUT_OF_TURN]
        return out[0] if out and self.rng.random() < 0.5 else None


class RandomLegalPlayer:
    """The random-legal baseline: a uniformly random card among those that
    play (each card once, however many colours a wild may name), then a
    random legal form of its play (the colour, and the UNO call or not: it
    calls half the time), drawing only when no card plays, a drawn card that
    plays played; every other choice at random (a challenge, the King's
    picks, a stack). It never acts out of turn."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        legal = [action for action in view.legal if action not in OUT_OF_TURN]
        by_card: dict[str, list[str]] = {}
        for action in legal:
            if action.startswith("play "):
                by_card.setdefault(action.split()[1], []).append(action)
        if not by_card or (view.pending is not None and view.pending.kind != "colour"):
            return pick(legal, self.rng)
        return pick(by_card[pick(list(by_card), self.rng)], self.rng)

    def react(self, view: View) -> str | None:
        return None


class GreedyPlayer:
    """The greedy club player baseline: the highest-scoring card that matches
    (so action cards first), wilds kept for when nothing else plays (a Wild
    Draw Four only where it is no bluff), the colour it holds most named, a
    drawn card that plays played, UNO always called and every missed call
    caught; a choice that is not a card (a challenge, the King's picks, a
    house rule's) is made as ``normal`` makes it."""

    def __init__(self, seed: int) -> None:
        self.normal = ai.make("normal", seed)

    def choose(self, view: View) -> str:
        legal = view.legal
        if legal[0] in OUT_OF_TURN:
            return legal[0]
        plays = [action for action in legal if action.startswith("play ")]
        if not plays or (view.pending is not None and view.pending.kind not in ("colour",)):
            return self.normal.choose(view)
        hand = [Card(code) for code in view.hand]
        fair = not any(card.colour == view.colour for card in hand)

        def worth(action: str) -> int:
            card = Card(action.split()[1])
            if card.colour is not None:
                return 100 + card.points
            return 1 if card.rank == "W" else (2 if fair else -1)

        best = max(plays, key=worth)
        if worth(best) < 0:
            return "pass" if "pass" in legal else "draw"
        card = Card(best.split()[1])
        forms = [action for action in plays if action.split()[1] == card.code]
        if card.colour is None and len(forms[0].split()) > 2:
            rest = list(hand)
            rest.remove(card)
            colour = best_colour(rest)
            forms = [action for action in forms if action.split()[2] == colour] or forms
        called = [action for action in forms if action.endswith(" uno")]
        return (called or forms)[0]

    def react(self, view: View) -> str | None:
        out = [action for action in view.legal if action in OUT_OF_TURN]
        return out[0] if out else None


# The baselines the levels are measured against, and hard as it was before
# issue 31 (``ai.players.FROZEN``), kept to measure the new one against.
Baseline = RandomPlayer | RandomLegalPlayer | GreedyPlayer
BASELINES: dict[str, type[Baseline]] = {
    "random": RandomPlayer,
    "random-legal": RandomLegalPlayer,
    "greedy": GreedyPlayer,
}
LEVELS = (*BASELINES, *ai.LEVELS, *ai.players.FROZEN)


def make_player(level: str, seed: int) -> Baseline | ai.players.Player:
    """A player of a computer level, a baseline or a frozen level."""
    if level in BASELINES:
        return BASELINES[level](seed)
    if level in ai.players.FROZEN:
        return ai.players.FROZEN[level](seed)
    return ai.make(level, seed)
