"""What a game of one rule set and its house rules does at each of its
hooks, gathered once when the game is made (``hooks_of``): the table of
action texts, what each card does once played, the choices it may ask, how
a player draws by choice, what another seat may play out of turn, and the
facts of a play that the checks ask. ``Game`` asks its ``Hooks`` at every
point where rule sets and house rules differ.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import Card
from .checks import refuse_out_of_turn
from .choices import Choice
from .common import CardEffect, RuleSet, SeatlessAction, WildDrawFour
from .events import BY_CHOICE, Event
from .house import HOUSE_RULES, Drawing, Listing, OutOfTurn, OutOfTurnCheck, PlayCheck, illegal_wild_draw_four
from .notation import action_table, play_texts, uno_texts
from .surface import GameSurface


def no_plays_out_of_turn(game: GameSurface, seat: int) -> list[str]:
    return []


def refuse_jump_in(game: GameSurface, action: Action, seat: int) -> None:
    refuse_out_of_turn(game, seat)


def draw_one(game: GameSurface, seat: int, events: list[Event]) -> list[Card]:
    return game.give(seat, 1, BY_CHOICE, events)


@dataclass(frozen=True, slots=True)
class Hooks:
    """The hooks of a rule set and its house rules, and what follows from
    them. ``bluffs``: a Wild Draw Four may be played holding the colour in
    play (and be challenged); ``refuses_bluff``: such a play is refused
    (Royal Revenge, no_bluffing). ``after_drawing``: what a player may do but
    play a drawn card that can be played (``pass``; nothing with
    forced_play). ``unasked``: why each verb that answers a choice is
    refused while that choice is not asked."""

    table: dict[str, Action]
    play_texts: dict[Card, tuple[str, ...]]
    uno_texts: dict[Card, tuple[str, ...]]
    effects: dict[str, CardEffect]
    choices: dict[str, Choice]
    unasked: dict[str, str]
    seatless: dict[str, SeatlessAction]
    listing: Listing | None
    play_check: PlayCheck | None
    out_of_turn: OutOfTurn
    out_of_turn_check: OutOfTurnCheck
    drawing: Drawing
    wild_draw_four: WildDrawFour
    refuses_bluff: bool
    after_drawing: tuple[str, ...]
    bluffs: bool
    plus_one: tuple[str, ...]


def hooks_of(rules: RuleSet, house: tuple[str, ...]) -> Hooks:
    """The hooks of ``rules`` and of the house rules named (checked and in
    canonical order): no two house rules fill the same one."""
    rules_in_play = [HOUSE_RULES[name] for name in house]
    effects, choices = rules.card_effects(), rules.choices()
    listing: Listing | None = None
    play_check: PlayCheck | None = None
    out_of_turn: OutOfTurn = no_plays_out_of_turn
    out_of_turn_check: OutOfTurnCheck = refuse_jump_in
    drawing: Drawing = draw_one
    after_drawing: tuple[str, ...] = ("pass",)
    for rule in rules_in_play:
        effects.update(rule.effects)
        choices.update(rule.choices)
        listing = rule.listing or listing
        play_check = rule.play_check or play_check
        out_of_turn = rule.out_of_turn or out_of_turn
        out_of_turn_check = rule.out_of_turn_check or out_of_turn_check
        drawing = rule.drawing or drawing
        if rule.must_play_drawn:
            after_drawing = ()
    wild_draw_four = illegal_wild_draw_four(rules, house)
    return Hooks(
        table=action_table(rules, house),
        play_texts=play_texts(rules),
        uno_texts=uno_texts(rules),
        effects=effects,
        choices=choices,
        unasked={verb: c.unasked for c in choices.values() if c.unasked for verb in c.verbs},
        seatless=rules.seatless_actions(),
        listing=listing,
        play_check=play_check,
        out_of_turn=out_of_turn,
        out_of_turn_check=out_of_turn_check,
        drawing=drawing,
        wild_draw_four=wild_draw_four,
        refuses_bluff=wild_draw_four is WildDrawFour.REFUSED,
        after_drawing=after_drawing,
        bluffs=wild_draw_four is WildDrawFour.CHALLENGED,
        plus_one=rules.plus_one_ranks,
    )
