"""A rule set's deck as cards, and the checks that cards make it up."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable

from .cards import Card
from .common import RuleSet


@functools.cache
def deck_cards(rules: RuleSet) -> tuple[Card, ...]:
    return tuple(Card(code) for code in rules.deck)


@functools.cache
def _sorted_deck(rules: RuleSet) -> tuple[str, ...]:
    return tuple(sorted(rules.deck))


def card_problems(rules: RuleSet, cards: Iterable[Card]) -> list[str]:
    """Ways ``cards`` fail to add up to the deck (empty when all is well)."""
    codes = [card.code for card in cards]
    if tuple(sorted(codes)) == _sorted_deck(rules):
        return []
    held, expected = Counter(codes), Counter(rules.deck)
    problems = [f"{code}: {held[code]} in play, {n} in the deck" for code, n in expected.items() if held[code] != n]
    problems += [f"{code}: {n} in play, none in the deck" for code, n in held.items() if code not in expected]
    return problems


def check_deck(rules: RuleSet, deck: list[str]) -> tuple[str, ...]:
    """A stacked deck's codes, checked: known cards, exactly the rule set's."""
    codes = tuple(deck)
    for code in codes:
        Card(code)
    if Counter(codes) != Counter(rules.deck):
        missing = Counter(rules.deck) - Counter(codes)
        extra = Counter(codes) - Counter(rules.deck)
        raise ValueError(
            f"a stacked deck must hold exactly the {len(rules.deck)} cards of rules {rules.name}: "
            f"missing {sorted(missing.elements())}, extra {sorted(extra.elements())}"
        )
    return codes
