"""The rule sets, and the registry that finds one by name.

Three are defined: the 1991 HeadFirst PD program (the default), the standard
printed rules and Mattel's UNO Royal Revenge (2014, ``royal.py``). Each is a
``RuleSet`` subclass (``common.py``); ``docs/rules.md`` explains each rule.

>>> get_ruleset("standard").max_players
10
>>> [rules.title for rules in RULESETS.values()]
['1991', 'STANDARD', 'ROYAL REVENGE']
"""

from __future__ import annotations

from .actions import Action
from .cards import NUMBER_RANKS
from .choices import Choice
from .common import (
    MAX_PLAYERS,
    SCORINGS,
    CardEffect,
    Playout,
    RuleSet,
    WildDrawFour,
    build_deck,
    draw_four,
    miss_turn,
)
from .events import CHALLENGE_LOST, CHALLENGED, DRAW_FOUR, Event, shared
from .royal import SCEPTER_SECONDS, RoyalRevenge
from .state import Pending
from .surface import GameSurface

__all__ = [
    "CHALLENGE",
    "MAX_PLAYERS",
    "RULESETS",
    "RULES_1991",
    "RULES_ROYAL",
    "RULES_STANDARD",
    "SCEPTER_SECONDS",
    "SCORINGS",
    "RuleSet",
    "Rules1991",
    "StandardRules",
    "get_ruleset",
]


class Rules1991(RuleSet):
    """The 1991 HeadFirst PD program, as it played: no Reverse, four Skips a
    colour, no UNO calls, and an illegal Wild Draw Four penalised, not
    challenged. The program seated two; the engine plays it with up to ten
    (for the simulator and tools)."""

    name = "1991"
    title = "1991"
    short_title = "1991"
    deck = build_deck(
        {"0": 1, **{rank: 2 for rank in NUMBER_RANKS[1:]}, "+2": 2, "S": 4},
        {"W": 4, "W+4": 4},
    )
    table_players = 2
    illegal_wild_draw_four = WildDrawFour.PENALISED
    hints = False  # it refused a card with a buzz, as its manual says
    program = True
    playout = Playout.DUEL


class StandardRules(RuleSet):
    """The standard printed rules: Reverses, UNO calls and catches, the Wild
    Draw Four challenge, and the house rules as options."""

    name = "standard"
    title = "STANDARD"
    short_title = "STANDARD"
    deck = build_deck(
        {"0": 1, **{rank: 2 for rank in NUMBER_RANKS[1:]}, "S": 2, "R": 2, "+2": 2},
        {"W": 4, "W+4": 4},
    )
    uno_calls = True
    illegal_wild_draw_four = WildDrawFour.CHALLENGED
    house_rules = True
    partners = True

    def card_effects(self) -> dict[str, CardEffect]:
        return {**super().card_effects(), "W+4": challengeable_draw_four}

    def choices(self) -> dict[str, Choice]:
        return {**super().choices(), CHALLENGE.kind: CHALLENGE}

    def actions(self) -> dict[str, Action]:
        return {verb: Action(verb) for verb in CHALLENGE.verbs}


def challengeable_draw_four(
    game: GameSurface, seat: int, action: Action, colour_before: str | None, events: list[Event]
) -> None:
    """The next player is asked to challenge or accept a Wild Draw Four
    (not a last card's, and not where bluffing is off: no_bluffing)."""
    hand = game.cards_in_hand[seat]
    if not hand or not game.hooks.bluffs:
        draw_four(game, seat, action, colour_before, events)
        return
    target = game.next_seat(seat)
    game.bluff = any(card.colour == colour_before for card in hand)
    game.ask(Pending(CHALLENGE.kind, target, target, seat, colour_before), events)


class ChallengeChoice(Choice):
    """A Wild Draw Four played on you: challenge it or accept its four
    cards. The challenger alone is shown the challenged hand; a bluff
    caught gives the cards to its player, a challenge lost costs two more.
    With stacking the four are the whole stack (``Pending.penalty``)."""

    kind = "challenge"
    verbs = ("challenge", "accept")
    unasked = "there is no Wild Draw Four to challenge or accept"

    def listed(self, game: GameSurface, pending: Pending) -> list[str]:
        return list(self.verbs)

    def waiting(self, game: GameSurface, pending: Pending) -> str:
        return "a Wild Draw Four was played on you: challenge or accept"

    def answer(self, game: GameSurface, pending: Pending, action: Action, events: list[Event]) -> None:
        seat = pending.seat
        penalty = pending.penalty or 4
        if action.verb == "accept":
            events.append(shared("accept", seat))
            game.give(seat, penalty, DRAW_FOUR, events)
        else:
            guilty = game.bluff
            events.append(shared("challenge", seat, reason="wins" if guilty else "loses"))
            events.append(Event("reveal", seat, tuple(card.code for card in game.cards_in_hand[pending.by])))
            if guilty:
                game.give(pending.by, penalty, CHALLENGED, events)
                game.end_turn(seat, events)
                return
            game.give(seat, penalty + 2, CHALLENGE_LOST, events)
        miss_turn(game, seat, events)


CHALLENGE = ChallengeChoice()

RULES_1991 = Rules1991()
RULES_STANDARD = StandardRules()
RULES_ROYAL = RoyalRevenge()
RULESETS: dict[str, RuleSet] = {rules.name: rules for rules in (RULES_1991, RULES_STANDARD, RULES_ROYAL)}


def get_ruleset(rules: str | RuleSet) -> RuleSet:
    """Look a rule set up by name; a RuleSet passes through unchanged."""
    if isinstance(rules, RuleSet):
        return rules
    try:
        return RULESETS[rules]
    except (KeyError, TypeError):
        known = ", ".join(sorted(RULESETS))
        raise ValueError(f"unknown rule set {rules!r}: known rule sets are {known}") from None
