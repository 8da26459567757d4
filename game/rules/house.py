"""House rules: named options of the standard rule set, all off by default.

    Game("standard", 4, house=("stacking", "seven_zero"))

Each is explained in one line here (at most 70 characters, for the menu)
and in full, with every decision the printed rules leave open, in
``docs/rules.md``.
"""

from __future__ import annotations

from .rulesets import RuleSet

HOUSE_RULES = {
    "stacking": "Draw Two on Draw Two, +4 on +4: who can't stack draws all",
    "seven_zero": "a 7 swaps hands with a player you choose; a 0 passes all hands on",
    "jump_in": "play an identical card out of turn; play goes on from you",
    "draw_to_match": "draw until you get a card you can play",
    "forced_play": "a drawn card that can be played must be played",
    "no_bluffing": "Wild Draw Four only without the colour in play: no challenge",
}


def house_rules(rules: RuleSet, names: object) -> tuple[str, ...]:
    """The house rules ``names`` in their canonical order, checked: each
    known, given as a list or tuple of names, and only for standard UNO
    (1991 is the program as it was; Royal Revenge has rules of its own)."""
    if isinstance(names, str) or not isinstance(names, (list, tuple, set, frozenset)):
        raise ValueError(f"house takes a list or tuple of house rule names, not {names!r}")
    unknown = [name for name in names if name not in HOUSE_RULES]
    if unknown:
        raise ValueError(f"unknown house rule {unknown[0]!r}: known house rules are {', '.join(HOUSE_RULES)}")
    if names and not rules.house_rules:
        raise ValueError(f"house rules are options of the standard rules only, not of rules {rules.name}")
    return tuple(name for name in HOUSE_RULES if name in names)
