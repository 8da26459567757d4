"""The face of a game that the rules' hooks work through: ``GameSurface``.

A rule set (``common.RuleSet`` and its subclasses), a house rule
(``house.HouseRule``), a choice (``choices.Choice``) and the checks are
handed the ``Game`` and change it only through these members: the state
every seat sees, the hands, give cards, end the turn or the hand, the next
seat, ask a seat to choose, as a python-chess variant overrides its board's
methods. They are typed against this Protocol rather than ``Game``, so
``game.py`` imports them and none of them imports ``game.py``: no import
circle, and no hook reads ``Game``'s private fields
(``tools/code_figures.py`` counts any).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from .actions import Action
from .cards import Card
from .events import Event
from .state import Pending


class Asked(Protocol):
    """A kind of pending choice as the checks ask it (``choices.Choice``)."""

    @property
    def by_the_king(self) -> bool: ...

    def waiting(self, game: GameSurface, pending: Pending) -> str: ...

    def check(self, game: GameSurface, action: Action, pending: Pending) -> None: ...


class HookFacts(Protocol):
    """What the hooks ask of the game's hooks (``hooks.Hooks``): the choices
    by kind, the texts that play each card, the house rules' check of a
    play, and what a Wild Draw Four and a drawn card may do."""

    @property
    def choices(self) -> Mapping[str, Asked]: ...
    @property
    def play_texts(self) -> Mapping[Card, tuple[str, ...]]: ...
    @property
    def uno_texts(self) -> Mapping[Card, tuple[str, ...]]: ...
    @property
    def play_check(self) -> Callable[[GameSurface, Action, list[Card], int], None] | None: ...
    @property
    def unasked(self) -> Mapping[str, str]: ...
    @property
    def bluffs(self) -> bool: ...
    @property
    def refuses_bluff(self) -> bool: ...
    @property
    def after_drawing(self) -> tuple[str, ...]: ...


class GameSurface(Protocol):
    """What the rules' hooks read and do of a game (``game.Game``)."""

    players: int
    sides: tuple[int, ...]  # each seat's side: its team with partners (``teams``), else itself
    hand_number: int
    hand_over: bool
    match_over: bool
    starter: int
    turn: int | None
    direction: int
    colour: str | None
    king: int | None
    jester: int | None
    bluff: bool  # the Wild Draw Four waiting for a challenge was a bluff
    pending: Pending | None
    exposed: int | None
    drawn_card: Card | None
    cards_in_hand: list[list[Card]]  # each seat's hand
    draw_cards: list[Card]  # the draw pile, top card last

    @property
    def hooks(self) -> HookFacts: ...

    # ----- what it holds ------------------------------------------------------------

    @property
    def top_card(self) -> Card: ...
    @property
    def draw_count(self) -> int: ...
    def playable(self, card: Card, hand: list[Card]) -> bool: ...
    def same_kind(self, card: Card) -> bool: ...
    def holds_colour(self, hand: list[Card]) -> bool: ...
    def turn_seat(self) -> int: ...
    def first_hand_starter(self) -> int: ...

    # ----- the moves its hooks make -------------------------------------------------

    def give(self, seat: int, count: int, reason: str, events: list[Event]) -> list[Card]: ...
    def reshuffle(self, events: list[Event]) -> None: ...
    def next_seat(self, seat: int) -> int: ...
    def end_turn(self, seat: int, events: list[Event]) -> None: ...
    def end_hand(self, winner: int, events: list[Event]) -> None: ...
    def ask(self, pending: Pending, events: list[Event]) -> None: ...
    def take_first_card(self, events: list[Event]) -> None: ...
