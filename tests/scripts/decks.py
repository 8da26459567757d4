"""Stacked decks for the UI tests and the benchmarks: positions that come
about whatever the computer player decides.

The computer (game/ai) changes; a test must not hang on which card it
chooses. So each deck here leaves the computer no choice at all: either it
never gets a turn (you skip it or make it draw, card after card), or it
holds only cards it cannot play, so its one legal action is to pick up, and
the card it picks up cannot be played either (the engine then passes for it).
"""

from __future__ import annotations

from collections import Counter

from game.rules.rulesets import RULES_1991


def stacked(you: list[str], computer: list[str], turn_up: str, then: tuple[str, ...] = ()) -> list[str]:
    """A 1991 deck, top first, that deals ``you`` and ``computer`` their
    cards, turns up ``turn_up`` and then has ``then`` on top of the pile
    (the other cards follow, sorted)."""
    order = [card for pair in zip(you, computer, strict=True) for card in pair] + [turn_up, *then]
    return order + sorted(_rest(order))


def _rest(used: list[str]) -> list[str]:
    rest = Counter(RULES_1991.deck)
    rest.subtract(used)
    assert min(rest.values()) >= 0, f"more copies than the deck holds: {-rest}"
    return sorted(rest.elements())


# ----- the last hand of a match ---------------------------------------------------------------

LAST_HAND_YOU = ["W+4", "W+4", "W+4", "W+4", "G+2", "G+2", "GS"]
LAST_HAND_COMPUTER = ["W", "W", "W", "W", "RS", "RS", "RS"]
LAST_HAND_THEN = (
    ("RS", "R+2", "R+2", "R9", "Y9") + ("YS",) * 4 + ("Y+2",) * 2 + ("BS",) * 4 + ("B+2",) * 2 + ("GS",) * 3
)


def last_hand_deck() -> list[str]:
    """You go out in your first hand and win the match with it, before the
    computer has a turn: every card you hold skips it (a Wild Draw Four is
    legal while you hold no card of the colour in play: the red 5 turned up,
    then a colour you name and do not hold, or green once your greens are
    gone). The computer ends with its 7 cards and the 20 you gave it, all
    Wilds, Skips, Draw Twos and two 9s: 638 points, past 500."""
    return stacked(LAST_HAND_YOU, LAST_HAND_COMPUTER, "R5", LAST_HAND_THEN)


LAST_HAND_POINTS = 4 * 50 + 21 * 20 + 2 * 9  # 4 Wilds, 15 Skips and 6 Draw Twos, 2 nines


# ----- a hand that grows and grows -----------------------------------------------------------

LOW_REDS = ("R0", "R1", "R2", "R3", "R4")  # what you play in the penalty scenario
PENALTY_YOU = ["W+4", "W+4", "W+4", "W+4", "R0", "R1", "R9"]


def _safe(code: str) -> bool:
    """A card the computer can never play on this table: the colour stays red
    and the top card is the red 5 or one of your low reds."""
    return code[0] in "GYB" and code[1:] not in ("0", "1", "2", "3", "4", "5")


def penalty_deck() -> list[str]:
    """The red 5 turned up and you start. On your turn you play a low red
    (0 to 4) when you hold one; otherwise your Wild Draw Four while holding
    red (the red 9 you keep), and are penalised: four more cards, and you keep
    the Wild Draw Four. The computer holds green, yellow and blue cards of 6
    and up, Skips and Draw Twos, and picks up only such cards, so it can never
    play: its hand and yours grow, the discard pile grows by your low reds,
    and the draw pile runs out (then the discard pile is shuffled in)."""
    rest = Counter(RULES_1991.deck)
    rest.subtract([*PENALTY_YOU, "R5"])
    safe = sorted(code for code in rest.elements() if _safe(code))
    computer, safe = safe[:7], safe[7:]
    lows = [code for code in sorted(rest.elements()) if code in LOW_REDS]
    others = [code for code in sorted(rest.elements()) if not _safe(code) and code not in LOW_REDS]
    # Each penalty brings one low red (while they last) and three others.
    yours = []
    while lows or others:
        yours += lows[:1] + others[: 4 - len(lows[:1])]
        lows, others = lows[1:], others[4 - len(lows[:1]) :]
    pile = []  # the draw pile, top first, in the order the cards are taken
    hand = list(PENALTY_YOU)
    while yours or safe:
        low = next((code for code in hand if code in LOW_REDS), None)
        if low is not None:
            hand.remove(low)
        else:
            for _ in range(4):
                source = yours or safe
                if source:
                    pile.append(source.pop(0))
                    hand.append(pile[-1])
        if safe:
            pile.append(safe.pop(0))  # the computer's pick-up
    return stacked(PENALTY_YOU, computer, "R5", tuple(pile))


def penalty_move(hand: list[str]) -> str:
    """Your move in the penalty scenario: the low red to play, else "W+4"."""
    return next((code for code in hand if code in LOW_REDS), "W+4")
