"""The text notation of actions, parsed once per rule set.

In turn::

    play R7          play a card          play W G / play W+4 B   a wild names its colour
    play R7 uno      ... and call UNO     play W                  Royal: the King names it
    draw             pick up              pass                    after drawing a playable card
    colour G         name a colour (a Wild turned up; Royal: the King, for any Wild)
    challenge        challenge a Wild Draw Four played on you (standard)
    accept           take its four cards
    jester 2         the King names seat 2 the Jester (Royal)
    target 3         the King's Choice falls on seat 3 (Royal)
    swap 2           swap hands with seat 2 after playing a 7 (house rule seven_zero)
    play R7 swap 2   ... the play and the swap in one (play R7 uno swap 2 with the call)

Out of turn, by any seat: ``uno`` (a late call by the exposed player) and
``catch`` (catching them); with the house rule jump_in, ``play R7`` with a
card identical to the top card. ``fanfare`` comes from the scepter's timer,
not a seat.

The common texts are built here from the rule set's deck and facts; a rule
set adds its own (``RuleSet.actions``) and a house rule changes them
(``HouseRule.notation``).
"""

from __future__ import annotations

import functools

from .actions import COLOUR_ACTIONS, OUT_OF_TURN, Action, IllegalAction
from .cards import COLOURS, Card
from .common import RuleSet
from .house import HOUSE_RULES

__all__ = ["COLOUR_ACTIONS", "OUT_OF_TURN", "Action", "IllegalAction", "action_table", "parse", "play_texts"]


@functools.cache
def play_texts(rules: RuleSet) -> dict[Card, tuple[str, ...]]:
    """Every card of the deck -> the texts that play it (without UNO): four
    for a wild that names its colour, one otherwise."""
    texts = {}
    for code in dict.fromkeys(rules.deck):
        card = Card(code)
        names_colour = card.is_wild and rules.wilds_name_colour
        texts[card] = tuple(f"play {code} {c}" for c in COLOURS) if names_colour else (f"play {code}",)
    return texts


@functools.cache
def uno_texts(rules: RuleSet) -> dict[Card, tuple[str, ...]]:
    """Every card -> the texts that play it as the next-to-last card: each
    form with and without the UNO call (just the plain form without calls)."""
    if not rules.uno_calls:
        return play_texts(rules)
    plays = play_texts(rules).items()
    return {card: tuple(form for text in texts for form in (text, text + " uno")) for card, texts in plays}


@functools.cache
def action_table(rules: RuleSet, house: tuple[str, ...] = ()) -> dict[str, Action]:
    """Every well-formed action text of a rule set (with its house rules) -> its parsed Action."""
    table = {"draw": Action("draw"), "pass": Action("pass")}
    table.update({text: Action("colour", colour=text[-1]) for text in COLOUR_ACTIONS})
    for card, texts in play_texts(rules).items():
        for text in texts:
            colour = text[-1] if card.is_wild and rules.wilds_name_colour else None
            table[text] = Action("play", card, colour)
            if rules.uno_calls:
                table[text + " uno"] = Action("play", card, colour, uno=True)
    if rules.uno_calls:
        table.update({verb: Action(verb) for verb in OUT_OF_TURN})
    table.update(rules.actions())
    for name in house:
        change = HOUSE_RULES[name].notation
        if change is not None:
            change(table)
    return table


def parse(
    rules: RuleSet, text: object, table: dict[str, Action] | None = None, house: tuple[str, ...] = ()
) -> tuple[str, Action]:
    """The normalised text of an action and its parse; IllegalAction says
    what is wrong with a text that is not an action of these rules (and
    house rules). A caller that parses often passes ``action_table(rules,
    house)`` as ``table``."""
    if table is None:
        table = action_table(rules, house)
    action = table.get(text) if isinstance(text, str) else None
    if action is not None:
        return str(text), action
    text = " ".join(str(text).split())
    action = table.get(text)
    if action is None:
        raise IllegalAction(_explain(rules, text, house))
    return text, action


def _explain(rules: RuleSet, text: str, house: tuple[str, ...] = ()) -> str:
    """Why a text is not one of the actions of these rules."""
    words = text.split()
    verb = words[0] if words else ""
    if words:
        for rule in HOUSE_RULES.values():
            reason = None if rule.explain is None else rule.explain(text, words, rule.name in house)
            if reason is not None:
                return reason
    name = f"rules {rules.name}"
    if verb == "play" and len(words) >= 2:
        return _explain_play(rules, text, words)
    if verb in OUT_OF_TURN and not rules.uno_calls:
        return f"there are no UNO calls in {name}"
    if verb in ("challenge", "accept") and not rules.challenge:
        return f"there is no Wild Draw Four challenge in {name}"
    if verb in ("jester", "target", "fanfare") and not rules.royal:
        return f"there is no King or Jester in {name}"
    if verb in ("jester", "target"):
        return f"{verb} takes a seat number: {verb} 2"
    return f"unknown action {text!r}: use play CARD [COLOUR], draw, pass or colour COLOUR"


def _explain_play(rules: RuleSet, text: str, words: list[str]) -> str:
    code = words[1]
    try:
        card = Card(code)
    except ValueError:
        return f"unknown card code {code!r} in {text!r}"
    if card not in play_texts(rules):
        return f"there is no {code} in the deck of rules {rules.name}"
    rest = words[2:]
    if rest and rest[-1] == "uno":
        if not rules.uno_calls:
            return f"there are no UNO calls in rules {rules.name}"
        rest = rest[:-1]
    if card.is_wild and not rules.wilds_name_colour:
        return f"in Royal Revenge the King names a Wild's colour: play {code}"
    if card.is_wild and rest:
        return f"unknown colour {rest[0]!r} in {text!r}: use R, G, Y or B"
    if card.is_wild:
        return f"name a colour for the {code}: play {code} R, G, Y or B"
    return f"a {code} takes no colour: play {code}"
