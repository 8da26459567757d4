"""Rule sets: the deck and the options that differ between versions of the game.

Three are defined: the 1991 HeadFirst PD program (the default), the standard
printed rules and Mattel's UNO Royal Revenge (2014). The engine reads
everything that varies from a ``RuleSet``; ``docs/rules.md`` explains each.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import COLOURS, NUMBER_RANKS


def build_deck(per_colour: dict[str, int], wilds: dict[str, int]) -> tuple[str, ...]:
    """The card codes of a deck, in a fixed canonical order."""
    coloured = [colour + rank for colour in COLOURS for rank, n in per_colour.items() for _ in range(n)]
    return tuple(coloured + [wild for wild, n in wilds.items() for _ in range(n)])


MAX_PLAYERS = 10
# Royal Revenge: the scepter's timer runs 50 to 70 seconds, a little more or
# less each time, before its fanfare passes the crown on ("about a minute").
SCEPTER_SECONDS = (50, 70)


@dataclass(frozen=True)
class RuleSet:
    """Everything about the rules that is not the same in every version.

    ``challenge``: a Wild Draw Four may always be played and the next player
    may challenge it (otherwise, as in 1991, an illegal one is penalised).
    ``uno_calls``: a player left with one card must call UNO or may be caught.
    ``royal``: the King and the Jester, their cards, the King naming every
    Wild's colour, and the scepter's fanfare.

    What the game around the engine needs to know (so that nothing outside
    ``game.rules`` asks for a rule set by its name):
    ``program``: the 1991 program's own rules, played with its keys (UP/DOWN
    over the colours) and, at two players, its classic table;
    ``table_players``: the most players the menus and flags seat (the 1991
    program is two-player; its engine plays up to ``max_players``, for the
    simulator and the library);
    ``house_rules``: takes standard UNO's house rules (``house``);
    ``hints``: lifts your playable cards unless the player says otherwise
    (the 1991 program did not).
    """

    name: str
    deck: tuple[str, ...]
    hand_size: int = 7
    target: int = 500
    min_players: int = 2
    max_players: int = MAX_PLAYERS
    challenge: bool = False
    uno_calls: bool = False
    royal: bool = False
    program: bool = False
    table_players: int = MAX_PLAYERS
    house_rules: bool = False
    hints: bool = True

    def classic(self, players: int) -> bool:
        """The 1991 program's own table: you against one computer."""
        return self.program and players == 2


RULES_1991 = RuleSet(
    name="1991",
    deck=build_deck(
        {"0": 1, **{rank: 2 for rank in NUMBER_RANKS[1:]}, "+2": 2, "S": 4},
        {"W": 4, "W+4": 4},
    ),
    program=True,
    table_players=2,
    hints=False,
)

RULES_STANDARD = RuleSet(
    name="standard",
    deck=build_deck(
        {"0": 1, **{rank: 2 for rank in NUMBER_RANKS[1:]}, "S": 2, "R": 2, "+2": 2},
        {"W": 4, "W+4": 4},
    ),
    challenge=True,
    uno_calls=True,
    house_rules=True,
)

RULES_ROYAL = RuleSet(
    name="royal",
    deck=build_deck(
        {**{rank: 1 for rank in "12345678"}, "R": 1, "S": 1, "K": 1, "J": 2},
        {"W": 4},
    ),
    max_players=6,
    table_players=6,
    uno_calls=True,
    royal=True,
)

RULESETS = {rules.name: rules for rules in (RULES_1991, RULES_STANDARD, RULES_ROYAL)}


def get_ruleset(rules: str | RuleSet) -> RuleSet:
    """Look a rule set up by name; a RuleSet passes through unchanged."""
    if isinstance(rules, RuleSet):
        return rules
    try:
        return RULESETS[rules]
    except (KeyError, TypeError):
        known = ", ".join(sorted(RULESETS))
        raise ValueError(f"unknown rule set {rules!r}: known rule sets are {known}") from None
