"""What a seat may see (``Game.view``), a game rebuilt from a view with
the hidden cards filled in (``Game.from_view``), and the whole state as
one value for tests and tools (``Game.snapshot``)."""

from __future__ import annotations

import random
from typing import Any, Protocol, TypeVar

from .cards import Card
from .common import RuleSet
from .events import Event
from .house import house_rules
from .rulesets import get_ruleset
from .state import Pending, View
from .surface import GameSurface


class GameState(GameSurface, Protocol):
    """A game's whole state (``game.Game``): what a view is read from, what
    a game rebuilt from a view is given (made without dealing, every field
    set here) and what a snapshot holds. Typed here, not as ``Game``, so that
    ``game.py`` imports this module and this module does not import it."""

    rules: RuleSet
    house: tuple[str, ...]
    seed: int
    scoring: str
    teams: bool
    sides: tuple[int, ...]
    scores: list[int]
    opening: list[Event]
    hand_winner: int | None
    match_winner: int | None
    _rng: random.Random
    _stacked: tuple[str, ...] | None
    _first_starter: int | None
    _actions: list[str] | None
    _discard: list[Card]
    _log: list[Event]
    _seen: dict[int, tuple[int, list[Event]]]
    _exposed: int | None

    @property
    def hands(self) -> list[list[str]]: ...
    @property
    def discard(self) -> list[str]: ...
    @property
    def draw_pile(self) -> list[str]: ...
    @property
    def drawn(self) -> str | None: ...
    def legal(self, seat: int | None = None) -> list[str]: ...
    def card_problems(self) -> list[str]: ...
    def _use_house(self, house: tuple[str, ...]) -> None: ...


G = TypeVar("G", bound=GameState)

WATCHER = -1  # the seat of a view that is nobody's: a watcher's (``Game.view(WATCHER)``)


def view_of(game: GameState, seat: int, events_from: int = 0) -> View:
    """What ``seat`` may see; its ``events`` are this hand's from number
    ``events_from`` on (a table server sends each seat only the new
    ones: asking for all of them every move would cost more the longer
    the hand). ``WATCHER`` sees what every seat may see: the table and
    the public events, no hand, every drawn card face down, no reveal."""
    watching = seat == WATCHER
    if seat not in range(game.players) and not watching:
        raise ValueError(f"no seat {seat!r}: seats are 0 to {game.players - 1}, or WATCHER ({WATCHER})")
    return View(
        rules=game.rules.name,
        players=game.players,
        seat=seat,
        turn=game.turn,
        hand=() if watching else tuple(card.code for card in game.cards_in_hand[seat]),
        legal=() if watching else tuple(game.legal(seat)),
        top=game.top_card.code,
        colour=game.colour,
        counts=tuple(len(game.cards_in_hand[other]) for other in range(game.players)),
        discard=tuple(game.discard),
        draw_count=game.draw_count,
        scores=tuple(game.scores),
        target=game.rules.target,
        starter=game.starter,
        direction=game.direction,
        drawn=game.drawn if seat == game.turn else None,
        events=events_seen_by(game, seat, events_from),
        hand_over=game.hand_over,
        match_over=game.match_over,
        exposed=game.exposed,
        pending=game.pending,
        king=game.king,
        jester=game.jester,
        scoring=game.scoring,
        house=game.house,
        teams=game.teams,
    )


def game_from_view(cls: type[G], view: View, hands: list[list[str]], draw_pile: list[str], seed: int = 0) -> G:
    """A game in the position ``view`` shows, with the cards it hides
    filled in by the caller: the other hands and the draw pile (top
    first): a deal a seat cannot see, played out with the real rules (the
    tests check the computer's fast model against it). Such a game has
    no record of its own. It is made without dealing (``object.__new__``):
    every attribute is set here from the view.
    """
    game = object.__new__(cls)
    game.rules = get_ruleset(view.rules)
    game._use_house(house_rules(game.rules, view.house))
    game.players = view.players
    game.seed = seed
    game._rng = random.Random(seed)
    game._stacked = game._first_starter = None
    game._actions = None
    game.cards_in_hand = [[Card(code) for code in hand] for hand in hands]
    game.draw_cards = [Card(code) for code in reversed(draw_pile)]
    game._discard = [Card(code) for code in view.discard]
    game._log = list(view.events)
    game._seen = {}
    game.opening = []
    game.scores = list(view.scores)
    game.scoring = view.scoring
    game.teams, game.sides = view.teams, view.sides
    game.colour, game.turn, game.starter, game.direction = view.colour, view.turn, view.starter, view.direction
    game.drawn_card = None if view.drawn is None else Card(view.drawn)
    game.pending, game._exposed, game.king, game.jester = view.pending, view.exposed, view.king, view.jester
    pending = view.pending
    # Whether a Wild Draw Four was a bluff, judged from the filled-in hand.
    game.bluff = pending is not None and pending.kind == "challenge" and holds_colour_of(game, pending)
    game.hand_over, game.match_over = view.hand_over, view.match_over
    game.hand_winner = game.match_winner = None
    game.hand_number = 1
    if sorted(game.hands[view.seat]) != sorted(view.hand):
        raise ValueError("the filled-in hands must keep the viewing seat's own hand")
    if tuple(len(hand) for hand in hands) != view.counts or len(draw_pile) != view.draw_count:
        raise ValueError("the filled-in hands and draw pile must have the sizes the view shows")
    problems = game.card_problems()
    if problems:
        raise ValueError("the filled-in cards do not make up the deck: " + "; ".join(problems[:3]))
    return game


def holds_colour_of(game: GameState, pending: Pending) -> bool:
    colour = pending.colour
    return any(card.colour == colour for card in game.cards_in_hand[pending.by])


def events_seen_by(game: GameState, seat: int, start: int = 0) -> tuple[Event, ...]:
    """This hand's events from number ``start`` on, with other seats'
    drawn cards hidden and other seats' reveals left out, kept up to date
    one new event at a time (views are asked for every turn)."""
    read, seen = game._seen.get(seat, (0, []))
    for e in game._log[read:]:
        if e.seat == seat or e.kind != "draw":
            if e.kind != "reveal" or e.seat == seat:
                seen.append(e)
        else:
            seen.append(e.hidden())
    game._seen[seat] = (len(game._log), seen)
    return tuple(seen[start:])


def snapshot_of(game: GameState) -> tuple[Any, ...]:
    """The whole state as one comparable value (for tests and tools)."""
    return (
        game.rules.name,
        game.players,
        game.seed,
        game.hand_number,
        tuple(tuple(hand) for hand in game.hands),
        tuple(game.draw_pile),
        tuple(game.discard),
        game.colour,
        game.turn,
        game.starter,
        game.direction,
        game.drawn,
        game.pending,
        game.exposed,
        game.bluff,
        game.king,
        game.jester,
        game.scoring,
        game.house,
        game.teams,
        tuple(game.scores),
        game.hand_over,
        game.hand_winner,
        game.match_over,
        game.match_winner,
        tuple(game._log),
        None if game._actions is None else tuple(game._actions),
        game._rng.getstate(),
    )
