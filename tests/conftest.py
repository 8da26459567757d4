"""Shared helpers for the tests: stacking a deck for a scenario."""

from collections import Counter

from game.rules.rulesets import RULES_1991


def stacked(hands: list[list[str]], turn_up: str, draw: tuple[str, ...] = (), deck=RULES_1991.deck) -> list[str]:
    """A deck (top first) that deals exactly ``hands``, turns up ``turn_up``
    and then draws ``draw`` in order; the other cards follow in deck order."""
    size = len(hands[0])
    chosen = [hand[i] for i in range(size) for hand in hands] + [turn_up, *draw]
    rest = Counter(deck)
    rest.subtract(chosen)
    assert min(rest.values()) >= 0, f"the scenario asks for more copies than the deck has: {-rest}"
    ordered = []
    for code in deck:
        if rest[code] > 0:
            ordered.append(code)
            rest[code] -= 1
    return chosen + ordered
