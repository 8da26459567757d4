"""The rules every version of UNO shares: ``RuleSet``, the base of every
rule set, and what the common cards do.

Each rule set is a subclass of ``RuleSet``, as python-chess's variants
subclass its ``Board``: the base holds the shared rules and the facts the
rest of the program asks (the seats, the choices, which keys apply), and
``rulesets.Rules1991``, ``rulesets.StandardRules`` and
``royal.RoyalRevenge`` say what they do differently. The engine
(``game.Game``) asks its rule set at the few points where versions differ,
its hooks: what each card does once played (``card_effects``), the choices
it may ask for (``choices``), its actions beyond the common ones
(``actions``, ``seatless_actions``), who starts a hand and what the first
card turned up does. ``docs/rules.md`` explains every rule.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from .actions import Action
from .cards import COLOURS
from .choices import COLOUR, Choice
from .events import DRAW_FOUR, DRAW_TWO, FIRST_CARD, Event, shared
from .state import Pending
from .surface import GameSurface

# What a card does once played, after it is on the discard pile: (the game,
# the seat that played it, the play, the colour in play before it, the
# events so far). It ends the turn, asks for a choice or ends the hand.
CardEffect = Callable[["GameSurface", int, Action, "str | None", list[Event]], None]
# An action of no seat (the scepter's fanfare): (the game, whether a seat
# was given, the events so far).
SeatlessAction = Callable[["GameSurface", bool, list[Event]], None]

MAX_PLAYERS = 10
SCORINGS = ("points", "tally")
SKIP_EVENTS = tuple(Event("skip", seat) for seat in range(MAX_PLAYERS))


class Playout(Enum):
    """The compact model of a rule set that a computer player's search
    plays its hands out on (``game.ai``): the 1991 program's game of two
    (``duel_model``), or a table of any size (``table_model``), with Royal
    Revenge's King and Jester or without."""

    DUEL = "duel"
    TABLE = "table"
    TABLE_WITH_KING = "table with a King"


class WildDrawFour(Enum):
    """What becomes of a Wild Draw Four played while its player holds the
    colour in play: the 1991 program penalises it (four cards, and the card
    stays in the hand), the standard rules let the next player challenge
    it, and otherwise (Royal Revenge has none; no_bluffing) it is refused."""

    PENALISED = "penalised"
    CHALLENGED = "challenged"
    REFUSED = "refused"


def build_deck(per_colour: dict[str, int], wilds: dict[str, int]) -> tuple[str, ...]:
    """The card codes of a deck, in a fixed canonical order."""
    coloured = [colour + rank for colour in COLOURS for rank, n in per_colour.items() for _ in range(n)]
    return tuple(coloured + [wild for wild, n in wilds.items() for _ in range(n)])


# ----- what the cards do in every version ------------------------------------------


def goes_on(game: GameSurface, seat: int, events: list[Event]) -> None:
    """After a card that does nothing more: the hand ends if it was the
    player's last, else the next seat plays."""
    if game.cards_in_hand[seat]:
        game.end_turn(game.next_seat(seat), events)
    else:
        game.end_hand(seat, events)


def miss_turn(game: GameSurface, seat: int, events: list[Event]) -> None:
    """``seat`` misses its turn: the seat after it plays."""
    events.append(SKIP_EVENTS[seat])
    game.end_turn(game.next_seat(seat), events)


def skip(game: GameSurface, seat: int, action: Action | None, colour_before: str | None, events: list[Event]) -> None:
    """The next seat misses its turn (a last card ends the hand instead)."""
    if game.cards_in_hand[seat]:
        miss_turn(game, game.next_seat(seat), events)
    else:
        game.end_hand(seat, events)


def reverse(game: GameSurface, seat: int, action: Action, colour_before: str | None, events: list[Event]) -> None:
    """Play changes direction; with two players a Reverse is a Skip."""
    if game.players == 2 or not game.cards_in_hand[seat]:
        skip(game, seat, action, colour_before, events)
        return
    game.direction = -game.direction
    events.append(shared("reverse", seat))
    game.end_turn(game.next_seat(seat), events)


def draw_two(game: GameSurface, seat: int, action: Action, colour_before: str | None, events: list[Event]) -> None:
    """The next seat draws two and misses its turn (also after a last card)."""
    game.give(game.next_seat(seat), 2, DRAW_TWO, events)
    skip(game, seat, action, colour_before, events)


def draw_four(game: GameSurface, seat: int, action: Action, colour_before: str | None, events: list[Event]) -> None:
    """The next seat draws four and misses its turn (also after a last card)."""
    game.give(game.next_seat(seat), 4, DRAW_FOUR, events)
    skip(game, seat, action, colour_before, events)


class RuleSet:
    """The rules every version shares, and the facts about a rule set that
    the table, the menus, the settings, the server and the computer players
    ask (so that nothing outside ``game.rules`` asks for a rule set by name).

    A subclass names itself and its deck and overrides what differs. The
    facts: ``name`` (records and settings), ``title`` and ``short_title``
    (the menus), ``deck``, ``hand_size``, ``target``; ``min_players`` and
    ``max_players`` (the engine) and ``table_players`` (the most the menus
    and flags seat: the 1991 program is two-player); ``uno_calls`` (a
    player left with one card must call UNO or may be caught: the UNO and
    catch keys apply); ``illegal_wild_draw_four`` (a ``WildDrawFour``;
    ``challenge``: the challenge and accept keys apply); ``wilds_name_colour``
    (a Wild's player names its colour with the play; else the King does);
    ``royal`` (a King and a Jester); ``scepter`` (a scepter whose fanfare,
    about once a minute, ``SCEPTER_SECONDS``, passes the crown on);
    ``plus_one_ranks`` (ranks that match each other); ``house_rules`` (takes
    standard UNO's house rules, ``house.HOUSE_RULES``); ``partners`` (may be
    played by teams of two, ``teams``); ``hints`` (lifts
    your playable cards unless the player says otherwise); ``program`` (the
    1991 program's own rules, played with its keys: UP/DOWN over the
    colours); ``playout`` (the ``Playout`` model a computer player's
    search plays out on); ``scorings``.

    Callers outside ``game.rules`` ask these facts and the house rules'
    (``house.HouseRule``), never the rule set's name nor ``royal`` or
    ``program``: ``tools/code_figures.py`` counts any such read.
    """

    name = ""
    title = ""
    short_title = ""
    deck: tuple[str, ...] = ()
    hand_size = 7
    target = 500
    min_players = 2
    max_players = MAX_PLAYERS
    table_players = MAX_PLAYERS
    uno_calls = False
    illegal_wild_draw_four = WildDrawFour.REFUSED
    wilds_name_colour = True
    royal = False
    scepter = False
    plus_one_ranks: tuple[str, ...] = ()
    house_rules = False
    partners = False
    hints = True
    program = False
    playout = Playout.TABLE
    scorings = SCORINGS

    @property
    def challenge(self) -> bool:
        """A Wild Draw Four may be played holding the colour in play, and the next player may challenge it."""
        return self.illegal_wild_draw_four is WildDrawFour.CHALLENGED

    def seats(self) -> str:
        """Who this rule set is for, in words: "the 1991 game is for 2 players", "the
        Royal Revenge game is for 2 to 6 players" (a flag's refusal says it)."""
        players = f"{self.min_players} players"
        if self.table_players != self.min_players:
            players = f"{self.min_players} to {self.table_players} players"
        return f"the {self.title.title()} game is for {players}"

    def classic(self, players: int) -> bool:
        """The 1991 program's own table: you against one computer."""
        return self.program and players == 2

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    # ----- hooks: what the engine asks ---------------------------------------------

    def card_effects(self) -> dict[str, CardEffect]:
        """What each card does once played, by rank; a rank not here only passes the turn on."""
        return {"S": skip, "R": reverse, "+2": draw_two, "W+4": draw_four}

    def choices(self) -> dict[str, Choice]:
        """The choices this rule set may ask for, by ``Pending.kind``."""
        return {COLOUR.kind: COLOUR}

    def actions(self) -> dict[str, Action]:
        """Action texts of this rule set beyond the plays, ``draw``, ``pass``, ``colour`` and the UNO calls."""
        return {}

    def seatless_actions(self) -> dict[str, SeatlessAction]:
        """Actions that come from no seat (Royal Revenge's fanfare), by verb."""
        return {}

    def accepts_fanfare(self, game: GameSurface) -> bool:
        """Whether the scepter's fanfare may sound now (never without a scepter)."""
        return False

    def first_king(self, starter: int | None) -> int | None:
        """Who wears the crown at the start of a match (None: no crown)."""
        return None

    def starter(self, game: GameSurface) -> int:
        """Who starts the hand being dealt: the first hand's starter is
        drawn from the seed unless given, and each later hand's is the next seat."""
        if game.hand_number == 1:
            return game.first_hand_starter()
        return (game.starter + 1) % game.players

    def open_hand(self, game: GameSurface, events: list[Event]) -> None:
        """Once the first card is turned up: its effect on the starter."""
        game.take_first_card(events)

    def first_card(self, game: GameSurface, events: list[Event]) -> None:
        """The first card's effect on the starter: a Wild's colour is the
        starter's to name; a Draw Two or a Skip makes the starter miss the
        turn; after a Reverse the dealer, the seat before the starter,
        plays first and play goes the other way."""
        rank, starter = game.top_card.rank, game.starter
        if rank == "W":
            game.pending = Pending(COLOUR.kind, starter, starter)
        elif rank == "+2":
            game.give(starter, 2, FIRST_CARD, events)
            events.append(Event("skip", starter))
            game.turn = game.next_seat(starter)
        elif rank == "S":
            events.append(Event("skip", starter))
            game.turn = game.next_seat(starter)
        elif rank == "R":
            game.direction = -1
            events.append(Event("reverse", starter))
            game.turn = game.next_seat(starter)
