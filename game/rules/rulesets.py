"""Rule sets: the deck and the options that differ between versions of the game.

Only the 1991 HeadFirst PD program's rules are defined so far. The engine reads
everything that varies from a ``RuleSet``, so a later rule set (the standard
printed rules, Royal Revenge) is a new entry here plus whatever new card
effects it brings.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import COLOURS, NUMBER_RANKS


def build_deck(per_colour: dict[str, int], wilds: dict[str, int]) -> tuple[str, ...]:
    """The card codes of a deck, in a fixed canonical order."""
    coloured = [colour + rank for colour in COLOURS for rank, n in per_colour.items() for _ in range(n)]
    return tuple(coloured + [wild for wild, n in wilds.items() for _ in range(n)])


MAX_PLAYERS = 10


@dataclass(frozen=True)
class RuleSet:
    """Everything about the rules that is not the same in every version."""

    name: str
    deck: tuple[str, ...]
    hand_size: int = 7
    target: int = 500
    min_players: int = 2
    max_players: int = MAX_PLAYERS


RULES_1991 = RuleSet(
    name="1991",
    deck=build_deck(
        {"0": 1, **{rank: 2 for rank in NUMBER_RANKS[1:]}, "+2": 2, "S": 4},
        {"W": 4, "W+4": 4},
    ),
)

RULESETS = {rules.name: rules for rules in (RULES_1991,)}


def get_ruleset(rules: str | RuleSet) -> RuleSet:
    """Look a rule set up by name; a RuleSet passes through unchanged."""
    if isinstance(rules, RuleSet):
        return rules
    try:
        return RULESETS[rules]
    except (KeyError, TypeError):
        known = ", ".join(sorted(RULESETS))
        raise ValueError(f"unknown rule set {rules!r}: known rule sets are {known}") from None
