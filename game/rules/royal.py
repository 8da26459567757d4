"""Mattel's UNO Royal Revenge (2014): the King and the Jester.

A 56-card deck with King's Choice and Jester cards (either may be played on
the other) and no Wild Draw Four. The King starts every hand and names every
Wild's colour, the first Jester and the target of each King's Choice; the
Jester draws a card for every Jester played. The scepter's fanfare, about
once a minute, passes the crown one seat on. ``docs/rules.md`` has every
decision.
"""

from __future__ import annotations

from .actions import Action, IllegalAction
from .cards import PLUS_ONE_RANKS
from .checks import waiting_for
from .choices import Choice, ColourChoice
from .common import MAX_PLAYERS, CardEffect, Playout, RuleSet, SeatlessAction, build_deck, goes_on
from .events import FIRST_JESTER, JESTER, KINGS_CHOICE, Event, shared
from .state import Pending
from .surface import GameSurface

# The scepter's timer runs 50 to 70 seconds, a little more or less each
# time, before its fanfare passes the crown on ("about a minute").
SCEPTER_SECONDS = (50, 70)


class RoyalRevenge(RuleSet):
    """UNO Royal Revenge: 2 to 6 players, UNO calls, the King and the Jester."""

    name = "royal"
    title = "ROYAL REVENGE"
    short_title = "ROYAL"
    deck = build_deck(
        {**{rank: 1 for rank in "12345678"}, "R": 1, "S": 1, "K": 1, "J": 2},
        {"W": 4},
    )
    max_players = 6
    table_players = 6
    uno_calls = True
    wilds_name_colour = False
    royal = True
    scepter = True
    plus_one_ranks = PLUS_ONE_RANKS
    playout = Playout.TABLE_WITH_KING

    def card_effects(self) -> dict[str, CardEffect]:
        return {**super().card_effects(), "K": kings_choice, "W": kings_wild, "J": jester}

    def choices(self) -> dict[str, Choice]:
        return {**super().choices(), **{choice.kind: choice for choice in (KINGS_COLOUR, JESTER_CHOICE, TARGET)}}

    def actions(self) -> dict[str, Action]:
        actions = {"fanfare": Action("fanfare")}
        for seat in range(MAX_PLAYERS):
            actions[f"jester {seat}"] = Action("jester", seat=seat)
            actions[f"target {seat}"] = Action("target", seat=seat)
        return actions

    def seatless_actions(self) -> dict[str, SeatlessAction]:
        return {"fanfare": fanfare}

    def accepts_fanfare(self, game: GameSurface) -> bool:
        """At the start of a turn: no choice pending, no drawn card waiting."""
        return not game.hand_over and game.pending is None and game.drawn_card is None

    def first_king(self, starter: int | None) -> int:
        """The first King: the starter given, else seat 0."""
        return starter or 0

    def starter(self, game: GameSurface) -> int:
        """The King starts every hand."""
        assert game.king is not None
        return game.king

    def open_hand(self, game: GameSurface, events: list[Event]) -> None:
        """The King names the first Jester before the first card takes effect."""
        if game.jester is None:
            king = game.starter
            game.ask(Pending(JESTER_CHOICE.kind, king, king, opening=True), events)
        else:
            game.take_first_card(events)

    def first_card(self, game: GameSurface, events: list[Event]) -> None:
        """A King's Choice turned up is the King's to aim; a Jester turned up
        gives the Jester a card; after a Reverse the King still plays first."""
        rank, starter = game.top_card.rank, game.starter
        if rank == "K":
            game.pending = Pending(TARGET.kind, starter, starter)
        elif rank == "J":
            assert game.jester is not None
            game.give(game.jester, 1, FIRST_JESTER, events)
        elif rank == "R":
            game.direction = -1
            events.append(Event("reverse", starter))
        else:
            super().first_card(game, events)


def _king(game: GameSurface) -> int:
    assert game.king is not None
    return game.king


def kings_choice(game: GameSurface, seat: int, action: Action, colour_before: str | None, events: list[Event]) -> None:
    """The King names who draws one (not the player of a last King's Choice)."""
    going_out = not game.cards_in_hand[seat]
    game.ask(Pending(TARGET.kind, _king(game), game.next_seat(seat), seat, going_out=going_out), events)


def kings_wild(game: GameSurface, seat: int, action: Action, colour_before: str | None, events: list[Event]) -> None:
    """The King names a Wild's colour (a last card's needs none)."""
    if game.cards_in_hand[seat]:
        game.ask(Pending(KINGS_COLOUR.kind, _king(game), game.next_seat(seat), seat), events)
    else:
        game.end_hand(seat, events)


def jester(game: GameSurface, seat: int, action: Action, colour_before: str | None, events: list[Event]) -> None:
    """The Jester draws one, except for the Jester's own last card."""
    assert game.jester is not None
    if game.cards_in_hand[seat] or game.jester != seat:
        game.give(game.jester, 1, JESTER, events)
    goes_on(game, seat, events)


def fanfare(game: GameSurface, with_seat: bool, events: list[Event]) -> None:
    """The scepter's fanfare: the crown passes to the King's left; the new
    King names a Jester and plays next. It waits for the start of a turn."""
    if with_seat:
        raise IllegalAction("the fanfare is the scepter's: act('fanfare') takes no seat")
    if game.hand_over:
        raise IllegalAction("the hand is over")
    if game.pending is not None:
        raise IllegalAction("the fanfare waits for the choice being made: " + waiting_for(game, game.pending))
    if game.drawn_card is not None:
        raise IllegalAction(f"the fanfare waits until seat {game.turn} plays or keeps the drawn card")
    game.king = (_king(game) + 1) % game.players
    events.append(Event("fanfare"))
    events.append(shared("king", game.king))
    game.ask(Pending(JESTER_CHOICE.kind, game.king, game.king), events)


class KingsColour(ColourChoice):
    """The King names the colour of every Wild, the one turned up included."""

    unasked = "a colour is named by the King after a Wild is played"
    asked = "first the King names the Wild's colour: colour R, G, Y or B"
    by_the_king = True


class JesterChoice(Choice):
    """The King names the Jester: any seat but the King's."""

    kind = "jester"
    verbs = ("jester",)
    unasked = "there is no Jester to name now"
    by_the_king = True

    def listed(self, game: GameSurface, pending: Pending) -> list[str]:
        return [f"jester {seat}" for seat in range(game.players) if seat != game.king]

    def waiting(self, game: GameSurface, pending: Pending) -> str:
        return "first the King names the Jester: jester SEAT"

    def check(self, game: GameSurface, action: Action, pending: Pending) -> None:
        if action.verb == "jester" and action.seat == game.king:
            raise IllegalAction(f"the King (seat {game.king}) cannot be the Jester: name another seat")
        super().check(game, action, pending)

    def answer(self, game: GameSurface, pending: Pending, action: Action, events: list[Event]) -> None:
        assert action.seat is not None
        game.jester = action.seat
        events.append(shared("jester", action.seat))
        if pending.opening:
            game.take_first_card(events)
        else:
            game.end_turn(pending.resume, events)


class TargetChoice(Choice):
    """The King's Choice: the King names who draws one, the King included,
    but not a player who has just gone out with it."""

    kind = "target"
    verbs = ("target",)
    unasked = "there is no King’s Choice target to name now"
    by_the_king = True

    def listed(self, game: GameSurface, pending: Pending) -> list[str]:
        return [f"target {seat}" for seat in range(game.players) if not (pending.going_out and seat == pending.by)]

    def waiting(self, game: GameSurface, pending: Pending) -> str:
        return "first the King names who draws for the King's Choice: target SEAT"

    def answer(self, game: GameSurface, pending: Pending, action: Action, events: list[Event]) -> None:
        assert action.seat is not None
        events.append(shared("target", action.seat))
        game.give(action.seat, 1, KINGS_CHOICE, events)
        if pending.going_out:
            game.end_hand(pending.by, events)
        else:
            game.end_turn(pending.resume, events)


KINGS_COLOUR = KingsColour()
JESTER_CHOICE = JesterChoice()
TARGET = TargetChoice()
