"""The game: a deal, the turns, and the score of a match, driven by text actions.

>>> game = Game(seed=7)
>>> action = game.legal()[0]
>>> events = game.act(action)

Actions are text (see ``notation``): ``play R7``, ``play W G``, ``draw``,
``pass``, ``colour G``; with the standard rules also ``play R7 uno``,
``challenge``, ``accept`` and, out of turn, ``uno`` and ``catch``; with Royal
Revenge ``play W``, ``jester 2``, ``target 3`` and ``fanfare``. House rules
of the standard rules (``house``) add ``swap 2`` and ``play R7 swap 2``
(seven_zero) and plays out of turn (jump_in).

``turn`` is always the seat that must act next: while a seat other than the
player in turn must choose (a Wild Draw Four's challenge, the King naming a
colour, a Jester or a target), ``turn`` is that seat and ``pending`` says
what it chooses; play then goes on from where it would have gone.

``Game`` plays what every rule set shares and asks its rule set (``rules``,
a ``RuleSet``) and its house rules (``house.HOUSE_RULES``) at their hooks:
what a card does once played, the choices they ask for, how a player draws
and what another seat may play out of turn.
"""

from __future__ import annotations

import random
import sys
from typing import Any, TypeVar

from .actions import COLOUR_ACTIONS, OUT_OF_TURN, Action, IllegalAction
from .cards import ACTION_RANKS, COLOURS, NUMBER_RANKS, WILD_RANKS, Card
from .checks import check_call_or_catch, check_in_turn
from .common import MAX_PLAYERS, RuleSet, WildDrawFour
from .decks import card_problems, check_deck, deck_cards
from .events import CAUGHT, JUMP_IN, PENALTY, Event, shared
from .hooks import hooks_of
from .house import house_rules, plays_out_of_turn
from .notation import parse
from .record import read_record, write_record
from .rulesets import get_ruleset
from .scoring import score_hand
from .state import Pending, View
from .teams import TEAM_TABLES, sides
from .views import game_from_view, snapshot_of, view_of

__all__ = ["COLOUR_ACTIONS", "PLAY_ACTIONS", "Game", "IllegalAction", "Pending", "View", "shuffle"]

ALL_CODES = tuple(c + r for c in COLOURS for r in NUMBER_RANKS + ACTION_RANKS) + WILD_RANKS
# The text of every "play" action for a card in the notation where a wild
# names its colour (1991 and standard): four for a wild, one otherwise.
PLAY_ACTIONS = {
    Card(code): tuple(f"play {code} {c}" for c in COLOURS) if code in WILD_RANKS else (f"play {code}",)
    for code in ALL_CODES
}
_TURN_EVENTS = tuple(Event("turn", seat) for seat in range(MAX_PLAYERS))
WILD_DRAW_FOUR = Card("W+4")

T = TypeVar("T")


def shuffle(cards: list[T], rng: random.Random) -> None:
    """Fisher-Yates on ``rng.random()`` alone, whose sequence Python keeps the
    same across versions, so a seed deals the same cards on every Python."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def check_settings(
    rules: RuleSet, players: int, seed: int | None, starter: int | None, scoring: str, teams: bool = False
) -> None:
    """ValueError, saying what is wrong, for a match ``rules`` cannot be played with."""
    if not isinstance(players, int) or not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"players must be {rules.min_players} to {rules.max_players} for rules {rules.name}, not {players!r}"
        )
    if starter is not None and (isinstance(starter, bool) or starter not in range(players)):
        raise ValueError(f"starter must be a seat from 0 to {players - 1}, not {starter!r}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        # A negative seed would deal the same games as its positive twin.
        raise ValueError(f"seed must be a whole number, 0 or more, or None, not {seed!r}")
    if scoring not in rules.scorings:
        raise ValueError(f"scoring must be one of {', '.join(rules.scorings)}, not {scoring!r}")
    check_teams(rules, players, teams)


def check_teams(rules: RuleSet, players: int | None, teams: bool) -> None:
    """ValueError, saying why, for partners ``rules`` or a table of
    ``players`` cannot seat (players None: not chosen yet)."""
    if not isinstance(teams, bool):
        raise ValueError(f"teams must be true or false, not {teams!r}")
    if teams and not rules.partners:
        raise ValueError(f"the {rules.title.title()} game has no partners: teams are for standard UNO")
    if teams and players is not None and players not in TEAM_TABLES:
        tables = ", ".join(str(n) for n in TEAM_TABLES)
        raise ValueError(f"partners sit opposite each other: teams are for {tables} players, not {players}")


class Game:
    """A match of one rule set: deals hands until a player reaches the target.

    ``deck`` stacks the first hand's deck (codes, top first); ``starter`` fixes
    who starts the first hand (in Royal Revenge: the first King, seat 0
    unless given). Later hands are shuffled from ``seed`` and their starter
    moves one seat on (Royal Revenge: the King starts every hand).
    ``scoring="tally"`` adds the points left in each hand to its own player's
    total, and the lowest total wins once one reaches the target.
    ``house`` names house rules of the standard rules (``house.HOUSE_RULES``:
    stacking, seven_zero, jump_in, draw_to_match, forced_play, no_bluffing),
    all off unless named; ``teams=True``: partners, scored by team (``teams``).
    """

    # The state, set by each deal (``from_view`` and ``copy`` set it too).
    rules: RuleSet
    house: tuple[str, ...]
    players: int
    seed: int
    scoring: str
    teams: bool  # partners; ``sides``: each seat's team (without teams, itself)
    scores: list[int]  # each seat's total: with teams, its side's
    match_over: bool
    match_winner: int | None
    hand_number: int
    hand_over: bool
    hand_winner: int | None
    opening: list[Event]
    starter: int
    turn: int | None
    direction: int
    colour: str | None
    king: int | None
    jester: int | None
    _rng: random.Random
    _stacked: tuple[str, ...] | None
    _first_starter: int | None
    _actions: list[str] | None  # the record's actions (None: a game set up from a view)
    cards_in_hand: list[list[Card]]  # each seat's hand (``hands``: their codes)
    draw_cards: list[Card]  # the draw pile, top card last (``draw_pile``: its codes, top first)
    _discard: list[Card]  # top card last
    _log: list[Event]
    _seen: dict[int, tuple[int, list[Event]]]  # per seat: events read, and as that seat sees them
    drawn_card: Card | None  # the card just drawn, while its player may play it (``drawn``: its code)
    pending: Pending | None  # the choice ``turn`` must make before play goes on, if any
    _exposed: int | None
    bluff: bool  # the Wild Draw Four waiting for a challenge was a bluff (hidden: no view shows it)

    def __init__(
        self,
        rules: str | RuleSet = "1991",
        players: int = 2,
        seed: int | None = None,
        deck: list[str] | None = None,
        starter: int | None = None,
        scoring: str = "points",
        house: tuple[str, ...] | list[str] = (),
        teams: bool = False,
    ) -> None:
        self.rules = get_ruleset(rules)
        self._use_house(house_rules(self.rules, house))
        check_settings(self.rules, players, seed, starter, scoring, teams)
        self.players = players
        self.seed = random.randrange(2**32) if seed is None else seed
        self.scoring = scoring
        self.teams = teams
        self.sides = sides(players, teams)
        self._rng = random.Random(self.seed)
        self._stacked = None if deck is None else check_deck(self.rules, deck)
        self._first_starter = starter
        self.scores = [0] * players
        self.match_over = False
        self.match_winner = None
        self.hand_number = 0
        self.starter = -1
        self.king = self.rules.first_king(starter)
        self.jester = None
        self._actions = []
        self.opening = self._start_hand()

    def _use_house(self, house: tuple[str, ...]) -> None:
        """Take the hooks of the rule set and of the house rules named (``hooks.hooks_of``)."""
        self.house = house
        self.hooks = hooks = hooks_of(self.rules, house)
        # Those read on every action, at hand: the engine's hot path.
        self._table, self._seatless, self._effects = hooks.table, hooks.seatless, hooks.effects
        self._plus_one, self._bluffs, self._choices = hooks.plus_one, hooks.bluffs, hooks.choices
        self._listing, self._out_of_turn = hooks.listing, hooks.out_of_turn
        self._play_texts, self._uno_texts, self._after_drawing = hooks.play_texts, hooks.uno_texts, hooks.after_drawing

    # ----- the state, as codes --------------------------------------------------

    @property
    def hands(self) -> list[list[str]]:
        return [[card.code for card in hand] for hand in self.cards_in_hand]

    @property
    def top(self) -> str:
        return self._discard[-1].code

    @property
    def discard(self) -> list[str]:
        """The discard pile, top card last."""
        return [card.code for card in self._discard]

    @property
    def draw_pile(self) -> list[str]:
        """The draw pile, top card first. No player may see this; tools may."""
        return [card.code for card in reversed(self.draw_cards)]

    @property
    def draw_count(self) -> int:
        return len(self.draw_cards)

    @property
    def drawn(self) -> str | None:
        """The card just drawn by the player to act, while they may play it or pass."""
        return None if self.drawn_card is None else self.drawn_card.code

    @property
    def choosing_colour(self) -> bool:
        """True while ``turn`` must name a colour: for a Wild turned up, or
        the King for any Wild in Royal Revenge."""
        return self.pending is not None and self.pending.kind == "colour"

    @property
    def exposed(self) -> int | None:
        """The seat left with one card without calling UNO, until the seat
        in turn next acts: it may still call (``uno``) or be caught."""
        return self._exposed

    @exposed.setter
    def exposed(self, seat: int | None) -> None:
        self._exposed = seat

    @property
    def plays_out_of_turn(self) -> bool:
        """Whether a seat may play out of turn in this game (jump_in)."""
        return plays_out_of_turn(self.house)

    @property
    def accepts_fanfare(self) -> bool:
        """True when the scepter's fanfare may sound: Royal Revenge, at the
        start of a turn (no choice pending, no drawn card waiting)."""
        return self.rules.accepts_fanfare(self)

    @property
    def events(self) -> list[Event]:
        """Everything that happened in this hand so far, drawn cards included."""
        return list(self._log)

    # ----- legal actions --------------------------------------------------------

    def legal(self, seat: int | None = None) -> list[str]:
        """The actions ``seat`` (default: ``turn``) may take now; empty when
        the hand is over. Another seat may only act out of turn (``uno``,
        ``catch``, which come first in the list of the seat in turn, and
        with jump_in a play of a card identical to the top card).

        1991: a Wild Draw Four is listed only where it is legal, although
        ``act`` also accepts (and penalises) an illegal one, as the 1991
        program did. Standard: it is always listed (it may be challenged),
        except with no_bluffing, where it is listed and accepted only when legal.
        """
        if self.hand_over:
            return []
        if seat is None:
            seat = self.turn
            assert seat is not None
        elif seat not in range(self.players):
            raise ValueError(f"no seat {seat!r}: seats are 0 to {self.players - 1}")
        actions = self._turn_actions() if seat == self.turn else self._out_of_turn(self, seat)
        exposed = self._exposed
        if exposed is not None and (seat == exposed or self.sides[seat] != self.sides[exposed]):  # (no partner caught)
            actions.insert(0, "uno" if seat == exposed else "catch")
        if self._listing is not None:
            return self._listing(self, seat, actions)
        return actions

    def _turn_actions(self) -> list[str]:
        pending = self.pending
        if pending is not None:
            return self._choices[pending.kind].listed(self, pending)
        turn = self.turn
        assert turn is not None
        hand = self.cards_in_hand[turn]
        texts = self._uno_texts if len(hand) == 2 else self._play_texts
        if self.drawn_card is not None:
            return [*texts[self.drawn_card], *self._after_drawing]
        colour, rank = self.colour, self._discard[-1].rank
        plus_one = self._plus_one
        ranks = (rank, *plus_one) if rank in plus_one else (rank,)
        playable = dict.fromkeys([card for card in hand if card.colour == colour or card.rank in ranks or card.is_wild])
        if WILD_DRAW_FOUR in playable and not self._bluffs and any(card.colour == colour for card in playable):
            del playable[WILD_DRAW_FOUR]
        actions = [text for card in playable for text in texts[card]]
        actions.append("draw")
        return actions

    def playable(self, card: Card, hand: list[Card]) -> bool:
        if card is WILD_DRAW_FOUR and not self._bluffs:
            return not self.holds_colour(hand)
        return card.is_wild or card.colour == self.colour or self.same_kind(card)

    def same_kind(self, card: Card) -> bool:
        """The card matches the top card's number or symbol (Royal Revenge:
        either +1 card on the other)."""
        rank = self._discard[-1].rank
        plus_one = self._plus_one
        return card.rank == rank or (card.rank in plus_one and rank in plus_one)

    def holds_colour(self, hand: list[Card]) -> bool:
        colour = self.colour
        return any(card.colour == colour for card in hand)

    def turn_seat(self) -> int:
        """The seat in turn, while a hand is being played."""
        turn = self.turn
        assert turn is not None, "the hand is over"
        return turn

    # ----- acting ---------------------------------------------------------------

    def act(self, text: str, seat: int | None = None) -> list[Event]:
        """Apply one action and return what followed. ``seat`` (default: the
        seat in turn) acts; another seat may only call ``uno`` or ``catch``
        (or, with jump_in, play a card identical to the top card). ``fanfare``
        is the scepter's and takes no seat.

        Raises ``IllegalAction`` with the reason, leaving the game unchanged,
        for anything the rules do not allow.
        """
        action = self._table.get(text) if isinstance(text, str) else None
        if action is None:
            text, action = parse(self.rules, text, self._table, self.house)
        verb = action.verb
        out_of_turn = False
        if seat is None:
            seat = self.turn
        elif isinstance(seat, bool) or seat not in range(self.players):
            raise IllegalAction(f"no seat {seat!r}: seats are 0 to {self.players - 1}")
        else:
            out_of_turn = seat != self.turn
        events: list[Event] = []
        if verb in OUT_OF_TURN:
            self._call_or_catch(verb, seat, events)
        elif verb in self._seatless:
            self._seatless[verb](self, out_of_turn, events)
        elif out_of_turn:
            assert seat is not None
            self.hooks.out_of_turn_check(self, action, seat)
            events.append(shared(JUMP_IN, seat))
            self._play(seat, action, events)
        else:
            check_in_turn(self, action)
            assert seat is not None
            self._apply(action, seat, events)
        if self._actions is not None:
            # interned: a table server's actions come as new strings, which the record would keep
            # for the whole match (55 bytes an action); the same few hundred texts make every match
            self._actions.append(sys.intern(f"@{seat} {text}" if out_of_turn else text))
        self._log.extend(events)
        return events

    def _call_or_catch(self, verb: str, seat: int | None, events: list[Event]) -> None:
        """``uno``: the exposed seat's late call; ``catch``: another seat catches it, which draws two."""
        exposed = check_call_or_catch(self, verb, seat)
        assert seat is not None
        if verb == "uno":
            events.append(shared("uno", seat))
        else:
            events.append(shared("catch", seat))
            self.give(exposed, 2, CAUGHT, events)
        self._exposed = None

    def _apply(self, action: Action, seat: int, events: list[Event]) -> None:
        """Carry out an action of the seat in turn. Any of them ends the
        window in which a missed UNO call may be caught, except an answer
        that is the second half of a play (seven_zero's swap)."""
        verb = action.verb
        pending = self.pending
        if verb == "play":
            self._play(seat, action, events)
        elif pending is not None:
            choice = self._choices[pending.kind]
            if not choice.keeps_call_window:
                self._exposed = None
            self.pending = None
            choice.answer(self, pending, action, events)
        elif verb == "draw":
            self._exposed = None
            self._draw_by_choice(seat, events)
        else:  # pass
            self._exposed = self.drawn_card = None
            events.append(shared("pass", seat))
            self.end_turn(self.next_seat(seat), events)

    def _play(self, seat: int, action: Action, events: list[Event]) -> None:
        card, colour = action.card, action.colour
        assert card is not None
        hand = self.cards_in_hand[seat]
        self._exposed = None
        if card is WILD_DRAW_FOUR and self.hooks.wild_draw_four is WildDrawFour.PENALISED and self.holds_colour(hand):
            events.append(shared("penalty", seat, card.code))
            self.drawn_card = None
            self.give(seat, 4, PENALTY, events)
            self.end_turn(self.next_seat(seat), events)
            return
        colour_before = self.colour
        hand.remove(card)
        self.drawn_card = None
        self._discard.append(card)
        self.colour = colour or card.colour
        events.append(shared("play", seat, card.code, colour))
        if action.uno:
            events.append(shared("uno", seat))
        elif self.rules.uno_calls and len(hand) == 1:
            self._exposed = seat
            events.append(shared("exposed", seat))
        effect = self._effects.get(card.rank)
        if effect is not None:
            effect(self, seat, action, colour_before, events)
        elif hand:
            self.end_turn(self.next_seat(seat), events)
        else:
            self.end_hand(seat, events)

    # ----- moves the rules' hooks make --------------------------------------------

    def ask(self, pending: Pending, events: list[Event]) -> None:
        """Hand the turn to a seat that must choose before play goes on."""
        self.pending = pending
        self.end_turn(pending.seat, events)

    def _draw_by_choice(self, seat: int, events: list[Event]) -> None:
        drawn = self.hooks.drawing(self, seat, events)
        if not drawn:
            events.append(shared("pass", seat, reason="nothing to draw"))
        elif self.playable(drawn[-1], self.cards_in_hand[seat]):
            self.drawn_card = drawn[-1]
            return
        else:
            events.append(shared("pass", seat, reason="the drawn card cannot be played"))
        self.end_turn(self.next_seat(seat), events)

    def give(self, seat: int, count: int, reason: str, events: list[Event]) -> list[Card]:
        """Move up to ``count`` cards from the draw pile to a hand; when the
        pile is short, the discard pile is shuffled in under it first."""
        if len(self.draw_cards) < count:
            self.reshuffle(events)
        pile = self.draw_cards
        drawn = [pile.pop() for _ in range(min(count, len(pile)))]
        if drawn:
            self.cards_in_hand[seat].extend(drawn)
            events.append(Event("draw", seat, tuple([card.code for card in drawn]), len(drawn), "", reason))
        return drawn

    def reshuffle(self, events: list[Event]) -> None:
        if len(self._discard) < 2:
            return
        top = self._discard.pop()
        pile, self._discard = self._discard, [top]
        shuffle(pile, self._rng)
        self.draw_cards = pile + self.draw_cards  # under the cards still to draw
        events.append(Event("reshuffle", count=len(pile)))

    def next_seat(self, seat: int) -> int:
        return (seat + self.direction) % self.players

    def end_turn(self, seat: int, events: list[Event]) -> None:
        self.turn = seat
        events.append(_TURN_EVENTS[seat])

    def end_hand(self, winner: int, events: list[Event]) -> None:
        left = [sum(card.points for card in hand) for hand in self.cards_in_hand]
        score = score_hand(self.scores, winner, left, self.scoring, self.sides, self.direction, self.rules.target)
        self.scores = score.scores
        self.hand_over, self.hand_winner, self.turn, self._exposed = True, winner, None, None
        events.append(Event("hand_end", winner, points=score.points))
        if score.match_winner is not None:
            self.match_over, self.match_winner = True, score.match_winner
            events.append(Event("match_end", score.match_winner, points=self.scores[score.match_winner]))

    # ----- hands ----------------------------------------------------------------

    def next_hand(self) -> list[Event]:
        """Deal the next hand of the match; returns the events of the deal."""
        if not self.hand_over:
            raise IllegalAction("the hand is still being played")
        if self.match_over:
            raise IllegalAction("the match is over")
        if self._actions is not None:
            self._actions.append("next")
        self.opening = self._start_hand()
        return self.opening

    def _start_hand(self) -> list[Event]:
        rules, players = self.rules, self.players
        if self.hand_number == 0 and self._stacked is not None:
            deck = [Card(code) for code in self._stacked]
            deck.reverse()
        else:
            deck = list(deck_cards(rules))
            shuffle(deck, self._rng)
        self.hand_number += 1
        self.cards_in_hand = [[] for _ in range(players)]
        for _ in range(rules.hand_size):
            for hand in self.cards_in_hand:
                hand.append(deck.pop())
        self.draw_cards = deck
        self._discard = []
        self._log = [Event("deal", count=rules.hand_size)]
        self._seen = {}
        self._turn_up()
        self.direction, self.hand_over, self.hand_winner, self.bluff = 1, False, None, False
        self.drawn_card = self.pending = self._exposed = None
        self.starter = rules.starter(self)
        self.turn = self.starter
        rules.open_hand(self, self._log)
        return list(self._log)

    def _turn_up(self) -> None:
        """Start the discard pile; a Wild Draw Four goes back into the pile."""
        card = self.draw_cards.pop()
        while card is WILD_DRAW_FOUR:
            self._log.append(Event("return", cards=(card.code,)))
            self.draw_cards.insert(int(self._rng.random() * len(self.draw_cards)), card)
            card = self.draw_cards.pop()
        self._discard.append(card)
        self.colour = card.colour
        self._log.append(Event("turn_up", cards=(card.code,)))

    def take_first_card(self, events: list[Event]) -> None:
        """The first card's effect on the starter; then the first turn."""
        self.rules.first_card(self, events)
        events.append(_TURN_EVENTS[self.turn_seat()])

    # ----- what the rules' hooks work through (``surface.GameSurface``) -----------

    @property
    def top_card(self) -> Card:
        return self._discard[-1]

    def first_hand_starter(self) -> int:
        """Who starts the first hand: the seat the game was given, else one drawn from its seed."""
        return self._rng.randrange(self.players) if self._first_starter is None else self._first_starter

    # ----- what a seat may see ---------------------------------------------------

    def view(self, seat: int, events_from: int = 0) -> View:
        """What ``seat`` may see; its ``events`` are this hand's from number
        ``events_from`` on (see ``views.view_of``)."""
        return view_of(self, seat, events_from)

    @classmethod
    def from_view(cls, view: View, hands: list[list[str]], draw_pile: list[str], seed: int = 0) -> Game:
        """A game in the position ``view`` shows, the hidden cards filled in
        (the other hands, the draw pile top first); see ``views.game_from_view``."""
        return game_from_view(cls, view, hands, draw_pile, seed)

    # ----- records, copies, comparison -----------------------------------------

    def record(self) -> str:
        """The match so far as text: a header, then one action per line
        (``next`` deals the next hand). ``Game.replay`` rebuilds it."""
        if self._actions is None:
            raise ValueError("a game set up from a view has no record")
        return write_record(self)

    @classmethod
    def replay(cls, text: str) -> Game:
        """Rebuild a game from ``record()`` text; ValueError names a bad line."""
        return read_record(cls, text)

    def copy(self) -> Game:
        """An independent game in the same state, random generator included
        (made without dealing, ``object.__new__``, then given copies of
        everything that changes: the search copies games by the thousand)."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.cards_in_hand = [list(hand) for hand in self.cards_in_hand]
        other.draw_cards = list(self.draw_cards)
        other._discard = list(self._discard)
        other._log = list(self._log)
        other._seen = {}
        other._actions = None if self._actions is None else list(self._actions)
        other.scores = list(self.scores)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        return other

    def snapshot(self) -> tuple[Any, ...]:
        """The whole state as one comparable value (for tests and tools)."""
        return snapshot_of(self)

    def card_problems(self) -> list[str]:
        """Ways the cards fail to add up to the deck (empty when all is well)."""
        return card_problems(
            self.rules, [*(card for hand in self.cards_in_hand for card in hand), *self.draw_cards, *self._discard]
        )
