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
"""

from __future__ import annotations

import functools
import random
import sys
from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from .cards import ACTION_RANKS, COLOUR_NAMES, COLOURS, NUMBER_RANKS, PLUS_ONE_RANKS, RANK_NAMES, WILD_RANKS, Card
from .events import (
    BY_CHOICE,
    CAUGHT,
    CHALLENGE_LOST,
    CHALLENGED,
    DRAW_FOUR,
    DRAW_TWO,
    FIRST_CARD,
    FIRST_JESTER,
    JESTER,
    KINGS_CHOICE,
    PENALTY,
    Event,
    shared,
)
from .house import house_rules
from .notation import (
    COLOUR_ACTIONS,
    OUT_OF_TURN,
    SWAP_RANK,
    IllegalAction,
    action_table,
    parse,
    play_texts,
    uno_texts,
)
from .rulesets import MAX_PLAYERS as RULES_MAX_PLAYERS
from .rulesets import RuleSet, get_ruleset

__all__ = ["COLOUR_ACTIONS", "PLAY_ACTIONS", "Game", "IllegalAction", "Pending", "View", "shuffle"]

ALL_CODES = tuple(c + r for c in COLOURS for r in NUMBER_RANKS + ACTION_RANKS) + WILD_RANKS
# The text of every "play" action for a card in the notation where a wild
# names its colour (1991 and standard): four for a wild, one otherwise.
PLAY_ACTIONS = {
    Card(code): tuple(f"play {code} {c}" for c in COLOURS) if code in WILD_RANKS else (f"play {code}",)
    for code in ALL_CODES
}
_SKIPPING = frozenset(("S", "+2", "W+4"))
_TURN_EVENTS = tuple(Event("turn", seat) for seat in range(RULES_MAX_PLAYERS))
_SKIP_EVENTS = tuple(Event("skip", seat) for seat in range(RULES_MAX_PLAYERS))
_PENALTY_CARDS = {"+2": (2, DRAW_TWO), "W+4": (4, DRAW_FOUR)}
WILD_DRAW_FOUR = Card("W+4")
_CHOICE_VERBS = frozenset(("colour", "challenge", "accept", "jester", "target", "swap"))
_MISPLACED_CALL = "UNO is called with the play that leaves you one card"
_MOVING_RANKS = (SWAP_RANK, "0")  # seven_zero: a 7 swaps two hands, a 0 passes them all on
_SEVEN_PLAYS = frozenset(f"play {colour}{SWAP_RANK}{call}" for colour in COLOURS for call in ("", " uno"))
SCORINGS = ("points", "tally")


@functools.cache
def _deck_cards(rules: RuleSet) -> tuple[Card, ...]:
    return tuple(Card(code) for code in rules.deck)


@functools.cache
def _sorted_deck(rules: RuleSet) -> tuple[str, ...]:
    return tuple(sorted(rules.deck))


def shuffle(cards: list, rng: random.Random) -> None:
    """Fisher-Yates on ``rng.random()`` alone, whose sequence Python keeps the
    same across versions, so a seed deals the same cards on every Python."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


class Pending(NamedTuple):
    """A choice that must be made before play goes on; all of it is public.

    ``kind``: ``colour`` (a Wild's colour: the starter's for a Wild turned up,
    the King's in Royal Revenge), ``challenge`` (challenge or accept a Wild
    Draw Four), ``jester`` or ``target`` (the King's); with house rules
    ``stack`` (stack another Draw Two, or Wild Draw Four, or ``draw`` the
    ``penalty``) and ``swap`` (whom the player of a 7 swaps hands with).
    ``seat`` chooses; play then goes on from ``resume``. ``by`` is the seat
    whose card asked for the choice, ``colour`` the colour in play before a
    Wild Draw Four, ``going_out`` that the card was its player's last (the
    hand ends after the choice), ``opening`` that the first card turned up
    still waits to take effect (the King names the first Jester before
    anything else), ``penalty`` the cards a stack holds (with stacking
    only; otherwise 0, and a Wild Draw Four costs the usual four).
    """

    kind: str
    seat: int
    resume: int
    by: int = -1
    colour: str | None = None
    going_out: bool = False
    opening: bool = False
    penalty: int = 0


@dataclass(frozen=True)
class View:
    """What one seat may know: its own hand, the table, and the public events
    of this hand (other seats' drawn cards are hidden, and a challenged hand
    is shown to the challenger alone). Never another hand or the order of
    the draw pile. ``legal`` is what this seat may do now, in turn or out of
    it; ``exposed`` the seat that may be caught without its UNO call;
    ``house`` the house rules in play."""

    rules: str
    players: int
    seat: int
    turn: int | None
    hand: tuple[str, ...]
    legal: tuple[str, ...]
    top: str
    colour: str | None
    counts: tuple[int, ...]
    discard: tuple[str, ...]
    draw_count: int
    scores: tuple[int, ...]
    target: int
    starter: int
    direction: int
    drawn: str | None
    events: tuple[Event, ...]
    hand_over: bool
    match_over: bool
    exposed: int | None = None
    pending: Pending | None = None
    king: int | None = None
    jester: int | None = None
    scoring: str = "points"
    house: tuple[str, ...] = ()


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
    all off unless named.
    """

    # The match: set by __init__ (or ``from_view``), and at each hand's end.
    match_over: bool
    match_winner: int | None
    king: int | None
    jester: int | None
    _actions: list[str] | None  # (None: a game built from a view keeps no record)
    # The hand: dealt by ``_start_hand``, changed by every action.
    turn: int | None
    colour: str | None
    direction: int
    hand_over: bool
    hand_winner: int | None
    _hands: list[list[Card]]
    _draw: list[Card]
    _discard: list[Card]
    _log: list[Event]
    _seen: dict[int, tuple[int, list[Event]]]
    _drawn: Card | None
    _pending: Pending | None
    _exposed: int | None
    _bluff: bool

    def __init__(
        self,
        rules: str | RuleSet = "1991",
        players: int = 2,
        seed: int | None = None,
        deck: list[str] | None = None,
        starter: int | None = None,
        scoring: str = "points",
        house: tuple[str, ...] | list[str] = (),
    ) -> None:
        self.rules = get_ruleset(rules)
        self._use_house(house_rules(self.rules, house))
        if not isinstance(players, int) or not self.rules.min_players <= players <= self.rules.max_players:
            raise ValueError(
                f"players must be {self.rules.min_players} to {self.rules.max_players} for rules {self.rules.name}, "
                f"not {players!r}"
            )
        if starter is not None and (isinstance(starter, bool) or starter not in range(players)):
            raise ValueError(f"starter must be a seat from 0 to {players - 1}, not {starter!r}")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            # A negative seed would deal the same games as its positive twin.
            raise ValueError(f"seed must be a whole number, 0 or more, or None, not {seed!r}")
        if scoring not in SCORINGS:
            raise ValueError(f"scoring must be one of {', '.join(SCORINGS)}, not {scoring!r}")
        self.players = players
        self.seed = random.randrange(2**32) if seed is None else seed
        self.scoring = scoring
        self._rng = random.Random(self.seed)
        self._stacked = None if deck is None else self._check_deck(deck)
        self._first_starter = starter
        self.scores = [0] * players
        self.match_over = False
        self.match_winner = None
        self.hand_number = 0
        self.starter = -1
        self.king = (starter or 0) if self.rules.royal else None
        self.jester = None
        self._actions = []
        self.opening = self._start_hand()

    def _use_house(self, house: tuple[str, ...]) -> None:
        """Switch on the house rules named (checked and in canonical order)."""
        self.house = house
        self._stacking = "stacking" in house
        self._seven_zero = "seven_zero" in house
        self._jump_in = "jump_in" in house
        self._draw_to_match = "draw_to_match" in house
        self._forced_play = "forced_play" in house
        self._no_bluffing = "no_bluffing" in house
        # Whether a Wild Draw Four may be a bluff, answered by a challenge.
        self._challenge = self.rules.challenge and not self._no_bluffing

    # ----- the state, as codes --------------------------------------------------

    @property
    def hands(self) -> list[list[str]]:
        return [[card.code for card in hand] for hand in self._hands]

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
        return [card.code for card in reversed(self._draw)]

    @property
    def draw_count(self) -> int:
        return len(self._draw)

    @property
    def drawn(self) -> str | None:
        """The card just drawn by the player to act, while they may play it or pass."""
        return None if self._drawn is None else self._drawn.code

    @property
    def pending(self) -> Pending | None:
        """The choice ``turn`` must make before play goes on, if any."""
        return self._pending

    @property
    def choosing_colour(self) -> bool:
        """True while ``turn`` must name a colour: for a Wild turned up, or
        the King for any Wild in Royal Revenge."""
        return self._pending is not None and self._pending.kind == "colour"

    @property
    def exposed(self) -> int | None:
        """The seat left with one card without calling UNO, until the seat
        in turn next acts: it may still call (``uno``) or be caught."""
        return self._exposed

    @property
    def accepts_fanfare(self) -> bool:
        """True when the scepter's fanfare may sound: Royal Revenge, at the
        start of a turn (no choice pending, no drawn card waiting)."""
        return self.rules.royal and not self.hand_over and self._pending is None and self._drawn is None

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
        elif seat not in range(self.players):
            raise ValueError(f"no seat {seat!r}: seats are 0 to {self.players - 1}")
        actions = self._turn_actions() if seat == self.turn else self._jump_ins(seat) if self._jump_in else []
        exposed = self._exposed
        if exposed is not None:
            actions.insert(0, "uno" if seat == exposed else "catch")
        if self._seven_zero:
            return self._with_swaps(actions, seat)
        return actions

    def _turn_actions(self) -> list[str]:
        pending = self._pending
        if pending is not None:
            return self._choices(pending)
        hand = self._hands[self.turn]
        texts = self._uno_texts if len(hand) == 2 else self._play_texts
        if self._drawn is not None:
            plays = texts[self._drawn]
            return list(plays) if self._forced_play else [*plays, "pass"]
        colour, rank = self.colour, self._discard[-1].rank
        ranks = (rank, *PLUS_ONE_RANKS) if self.rules.royal and rank in PLUS_ONE_RANKS else (rank,)
        playable = dict.fromkeys([card for card in hand if card.colour == colour or card.rank in ranks or card.is_wild])
        if WILD_DRAW_FOUR in playable and not self._challenge and any(card.colour == colour for card in playable):
            del playable[WILD_DRAW_FOUR]
        actions = [text for card in playable for text in texts[card]]
        actions.append("draw")
        return actions

    def _choices(self, pending: Pending) -> list[str]:
        kind = pending.kind
        if kind == "colour":
            return list(COLOUR_ACTIONS)
        if kind == "challenge":
            return ["challenge", "accept", *self._stack_plays()] if self._stacking else ["challenge", "accept"]
        if kind == "stack":
            return [*self._stack_plays(), "draw"]
        if kind == "swap":
            return [f"swap {seat}" for seat in range(self.players) if seat != pending.seat]
        if kind == "jester":
            return [f"jester {seat}" for seat in range(self.players) if seat != self.king]
        # The King's Choice: anyone, the King included, but not a player who has just gone out.
        return [f"target {seat}" for seat in range(self.players) if not (pending.going_out and seat == pending.by)]

    def _stack_plays(self) -> list[str]:
        """stacking: the plays of a card like the top one (Draw Two on Draw
        Two, Wild Draw Four on Wild Draw Four, then legal only if no_bluffing)."""
        hand = self._hands[self.turn]
        rank = self._discard[-1].rank
        if rank == "W+4" and not self._challenge and self._holds_colour(hand):
            return []
        texts = self._uno_texts if len(hand) == 2 else self._play_texts
        return [text for card in dict.fromkeys(card for card in hand if card.rank == rank) for text in texts[card]]

    def _jump_ins(self, seat: int) -> list[str]:
        """jump_in: the plays out of turn of a card identical to the top card,
        allowed whenever no choice is pending."""
        top = self._discard[-1]
        hand = self._hands[seat]
        if self._pending is not None or top.is_wild or top not in hand:
            return []
        return list((self._uno_texts if len(hand) == 2 else self._play_texts)[top])

    def _with_swaps(self, actions: list[str], seat: int) -> list[str]:
        """seven_zero: each play of a 7 but the last card, also with its swap in one action."""
        if len(self._hands[seat]) == 1 or _SEVEN_PLAYS.isdisjoint(actions):
            return actions
        others = [other for other in range(self.players) if other != seat]
        listed = []
        for text in actions:
            listed.append(text)
            if text in _SEVEN_PLAYS:
                listed += [f"{text} swap {other}" for other in others]
        return listed

    def _playable(self, card: Card, hand: list[Card]) -> bool:
        if card is WILD_DRAW_FOUR and not self._challenge:
            return not self._holds_colour(hand)
        return card.is_wild or card.colour == self.colour or self._same_kind(card)

    def _same_kind(self, card: Card) -> bool:
        """The card matches the top card's number or symbol (Royal Revenge:
        either +1 card on the other)."""
        rank = self._discard[-1].rank
        return card.rank == rank or (self.rules.royal and card.rank in PLUS_ONE_RANKS and rank in PLUS_ONE_RANKS)

    def _holds_colour(self, hand: list[Card]) -> bool:
        colour = self.colour
        return any(card.colour == colour for card in hand)

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
            self._check_out_of_turn(verb, seat)
            if verb == "uno":
                events.append(shared("uno", seat))
            else:
                events.append(shared("catch", seat))
                self._give(self._exposed, 2, CAUGHT, events)
            self._exposed = None
        elif verb == "fanfare":
            self._check_fanfare(out_of_turn)
            self._fanfare(events)
        elif out_of_turn:
            self._check_jump_in(action, seat)
            events.append(shared("jump_in", seat))
            self._play(seat, action, events)
        else:
            self._check(action)
            self._apply(action, seat, events)
        if self._actions is not None:
            # interned: a table server's actions come as new strings, which the record would keep
            # for the whole match (55 bytes an action); the same few hundred texts make every match
            self._actions.append(sys.intern(f"@{seat} {text}" if out_of_turn else text))
        self._log.extend(events)
        return events

    def _apply(self, action, seat: int, events: list[Event]) -> None:
        """Carry out an action of the seat in turn. Any of them ends the
        window in which a missed UNO call may be caught, except a swap: it is
        the second half of the play of a 7."""
        verb = action.verb
        if verb == "play":
            self._play(seat, action, events)
        elif verb == "draw":
            self._exposed = None
            if self._pending is None:
                self._draw_by_choice(seat, events)
            else:
                self._take_stack(seat, events)
        elif verb == "pass":
            self._exposed = self._drawn = None
            events.append(shared("pass", seat))
            self._end_turn(self._next(seat), events)
        elif verb == "swap":
            pending, self._pending = self._pending, None
            self._swap_hands(seat, action.seat, events)
            self._end_turn(pending.resume, events)
        else:
            self._exposed = None
            pending, self._pending = self._pending, None
            if verb == "colour":
                self._name_colour(pending, action.colour, events)
            elif verb == "jester":
                self._name_jester(pending, action.seat, events)
            elif verb == "target":
                self._hit_target(pending, action.seat, events)
            else:
                self._settle_challenge(pending, verb == "challenge", events)

    def _check(self, action) -> None:
        """Raise IllegalAction unless the parsed in-turn action may be taken now."""
        verb, card = action.verb, action.card
        if self.hand_over:
            raise IllegalAction("the hand is over" + ("" if self.match_over else ": start the next hand"))
        pending = self._pending
        if pending is not None:
            self._check_choice(action, pending)
            return
        if verb in _CHOICE_VERBS:
            raise IllegalAction(self._nothing_to_choose(verb))
        if verb == "pass":
            if self._drawn is None:
                raise IllegalAction("you may pass only after drawing a card you could play")
            if self._forced_play:
                raise IllegalAction(f"the drawn {self._drawn.code} can be played, so it must be (forced play)")
            return
        hand = self._hands[self.turn]
        if self._drawn is not None:
            if verb == "draw":
                raise IllegalAction(f"you have drawn already: play {self._drawn.code} or pass")
            if card is not self._drawn:
                raise IllegalAction(f"after drawing, only the drawn card {self._drawn.code} may be played")
        elif verb == "play":
            if card not in hand:
                raise IllegalAction(f"{card.code} is not in your hand")
            if not card.is_wild and card.colour != self.colour and not self._same_kind(card):
                raise IllegalAction(
                    f"{card.code} matches neither the colour {self.colour} nor the {self._discard[-1].code}"
                )
            if card is WILD_DRAW_FOUR and self._no_bluffing and self._holds_colour(hand):
                raise IllegalAction(f"you hold {COLOUR_NAMES[self.colour]}: no bluffing with a Wild Draw Four")
        # _check_call_and_swap, written out: this is the path of every play.
        if action.uno and len(hand) != 2:
            raise IllegalAction(_MISPLACED_CALL)
        if self._seven_zero and action.seat is not None:
            self._check_swap(action, hand, self.turn)

    def _check_call_and_swap(self, action, hand: list[Card], seat: int) -> None:
        """The UNO call and the swap that may come with a play from ``hand``."""
        if action.uno and len(hand) != 2:
            raise IllegalAction(_MISPLACED_CALL)
        if action.seat is not None:
            self._check_swap(action, hand, seat)

    def _check_swap(self, action, hand: list[Card], seat: int) -> None:
        if len(hand) == 1:
            raise IllegalAction(f"your last card ends the hand: play {action.card.code}, with no swap")
        if action.seat == seat or action.seat >= self.players:
            others = ", ".join(str(other) for other in range(self.players) if other != seat)
            raise IllegalAction(f"swap hands with another seat: {others}")

    def _check_choice(self, action, pending: Pending) -> None:
        """Raise IllegalAction unless the action makes the pending choice."""
        verb, kind = action.verb, pending.kind
        if verb == "play" and kind in ("stack", "challenge") and self._stacking:
            self._check_stack_play(action)
            return
        if verb != kind and not (kind == "challenge" and verb == "accept") and not (kind == "stack" and verb == "draw"):
            raise IllegalAction(self._waiting_for(pending))
        if verb == "jester" and action.seat == self.king:
            raise IllegalAction(f"the King (seat {self.king}) cannot be the Jester: name another seat")
        if verb in ("jester", "target", "swap") and f"{verb} {action.seat}" not in self._choices(pending):
            raise IllegalAction(f"no seat {action.seat} to name: choose from {', '.join(self._choices(pending))}")

    def _check_stack_play(self, action) -> None:
        card, hand = action.card, self._hands[self.turn]
        top = self._discard[-1]
        if card.rank != top.rank:
            name = RANK_NAMES[top.rank]
            raise IllegalAction(f"only a {name} stacks on a {name}: " + self._waiting_for(self._pending))
        if card not in hand:
            raise IllegalAction(f"{card.code} is not in your hand")
        if card is WILD_DRAW_FOUR and not self._challenge and self._holds_colour(hand):
            raise IllegalAction(f"you hold {COLOUR_NAMES[self.colour]}: no bluffing with a Wild Draw Four")
        self._check_call_and_swap(action, hand, self.turn)

    def _check_jump_in(self, action, seat: int) -> None:
        """Raise IllegalAction unless ``seat``, out of turn, may jump in with this play."""
        if not self._jump_in or action.verb != "play":
            self._refuse_out_of_turn(seat)
        if self.hand_over:
            raise IllegalAction("the hand is over")
        if self._pending is not None:
            raise IllegalAction("nobody jumps in while a choice is made: " + self._waiting_for(self._pending))
        top, hand = self._discard[-1], self._hands[seat]
        if top.is_wild:
            raise IllegalAction("nobody jumps in on a wild card")
        if action.card is not top:
            raise IllegalAction(f"seat {seat} may jump in only with a card identical to the {top.code}")
        if top not in hand:
            raise IllegalAction(f"{top.code} is not in seat {seat}'s hand")
        self._check_call_and_swap(action, hand, seat)

    def _waiting_for(self, pending: Pending) -> str:
        if pending.kind == "colour" and self.rules.royal:
            return "first the King names the Wild's colour: colour R, G, Y or B"
        if pending.kind == "colour":
            return "first name the colour for the Wild turned up: colour R, G, Y or B"
        if pending.kind == "challenge":
            stack = ", accept or stack a Wild Draw Four" if self._stacking else " or accept"
            return f"a Wild Draw Four was played on you: challenge{stack}"
        if pending.kind == "stack":
            name = RANK_NAMES[self._discard[-1].rank]
            return f"{pending.penalty} cards are stacked on you: stack a {name} or draw them"
        if pending.kind == "swap":
            return "first choose whom to swap hands with: swap SEAT"
        if pending.kind == "jester":
            return "first the King names the Jester: jester SEAT"
        return "first the King names who draws for the King's Choice: target SEAT"

    def _nothing_to_choose(self, verb: str) -> str:
        if verb == "colour":
            if self.rules.royal:
                return "a colour is named by the King after a Wild is played"
            return "a colour is named with the wild card that is played: play W G"
        if verb in ("challenge", "accept"):
            return "there is no Wild Draw Four to challenge or accept"
        if verb == "swap":
            return "hands are swapped after playing a 7: play R7 swap 2, or play R7 then swap 2"
        return f"there is no {'Jester' if verb == 'jester' else 'King’s Choice target'} to name now"

    def _refuse_out_of_turn(self, seat: int) -> None:
        pending = self._pending
        if pending is not None and pending.kind in ("colour", "jester", "target") and self.rules.royal:
            raise IllegalAction(f"only the King, seat {self.turn}, chooses now; seat {seat} may only call uno or catch")
        jump = ", or jump in with a card identical to the top card" if self._jump_in else ""
        raise IllegalAction(f"it is seat {self.turn}'s turn: seat {seat} may only call uno or catch now{jump}")

    def _check_out_of_turn(self, verb: str, seat: int) -> None:
        if self.hand_over:
            raise IllegalAction("the hand is over")
        exposed = self._exposed
        if exposed is None:
            raise IllegalAction(f"nobody can be caught or call late now: {verb} is for a missed UNO call")
        if verb == "uno" and seat != exposed:
            raise IllegalAction(f"only seat {exposed}, left with one card, may call UNO now")
        if verb == "catch" and seat == exposed:
            raise IllegalAction("you cannot catch yourself: call uno")

    def _check_fanfare(self, with_seat: bool) -> None:
        if with_seat:
            raise IllegalAction("the fanfare is the scepter's: act('fanfare') takes no seat")
        if self.hand_over:
            raise IllegalAction("the hand is over")
        if self._pending is not None:
            raise IllegalAction("the fanfare waits for the choice being made: " + self._waiting_for(self._pending))
        if self._drawn is not None:
            raise IllegalAction(f"the fanfare waits until seat {self.turn} plays or keeps the drawn card")

    def _play(self, seat: int, action, events: list[Event]) -> None:
        card, colour = action.card, action.colour
        hand = self._hands[seat]
        rules = self.rules
        self._exposed = None
        if card is WILD_DRAW_FOUR and not rules.challenge and self._holds_colour(hand):
            events.append(shared("penalty", seat, card.code))
            self._drawn = None
            self._give(seat, 4, PENALTY, events)
            self._end_turn(self._next(seat), events)
            return
        colour_before = self.colour
        bluff = card is WILD_DRAW_FOUR and self._holds_colour(hand)
        hand.remove(card)
        self._drawn = None
        self._discard.append(card)
        self.colour = colour or card.colour
        events.append(shared("play", seat, card.code, colour))
        if action.uno:
            events.append(shared("uno", seat))
        elif rules.uno_calls and len(hand) == 1:
            self._exposed = seat
            events.append(shared("exposed", seat))
        going_out = not hand
        target = self._next(seat)
        rank = card.rank
        if rank in _PENALTY_CARDS:
            if self._stacking:
                self._stack(seat, card, going_out, bluff, colour_before, events)
                return
            if rank == "+2" or going_out or not self._challenge:
                count, reason = _PENALTY_CARDS[rank]
                self._give(target, count, reason, events)
            else:
                self._bluff = bluff
                self._ask(Pending("challenge", target, target, seat, colour_before), events)
                return
        if rules.royal and (rank == "K" or (rank == "W" and not going_out)):
            kind = "target" if rank == "K" else "colour"
            self._ask(Pending(kind, self.king, target, seat, going_out=going_out), events)
            return
        if rank == "J" and not (going_out and self.jester == seat):
            self._give(self.jester, 1, JESTER, events)
        if going_out:
            self._end_hand(seat, events)
        elif rank in _SKIPPING or (rank == "R" and self.players == 2):
            events.append(_SKIP_EVENTS[target])
            self._end_turn(self._next(target), events)
        elif rank == "R":
            self.direction = -self.direction
            events.append(shared("reverse", seat))
            self._end_turn(self._next(seat), events)
        elif self._seven_zero and rank in _MOVING_RANKS:
            self._move_hands(seat, action.seat, rank, events)
        else:
            self._end_turn(target, events)

    # ----- house rules ----------------------------------------------------------

    def _stack(self, seat: int, card: Card, going_out: bool, bluff: bool, colour_before: str, events) -> None:
        """stacking: a Draw Two or Wild Draw Four adds its cards to the stack
        it was played on, and the next player must stack in turn or take
        them all (a Wild Draw Four may be challenged first). On a last card
        the next player takes the stack at once."""
        pending, self._pending = self._pending, None
        count, reason = _PENALTY_CARDS[card.rank]
        penalty = count + (0 if pending is None else pending.penalty)
        target = self._next(seat)
        if going_out:
            self._give(target, penalty, reason, events)
            self._end_hand(seat, events)
        elif card is WILD_DRAW_FOUR and self._challenge:
            self._bluff = bluff
            self._ask(Pending("challenge", target, target, seat, colour_before, penalty=penalty), events)
        else:
            self._ask(Pending("stack", target, target, seat, penalty=penalty), events)

    def _take_stack(self, seat: int, events: list[Event]) -> None:
        """stacking: ``draw`` on a stack takes all of it and misses the turn."""
        pending, self._pending = self._pending, None
        self._give(seat, pending.penalty, _PENALTY_CARDS[self._discard[-1].rank][1], events)
        events.append(_SKIP_EVENTS[seat])
        self._end_turn(self._next(seat), events)

    def _move_hands(self, seat: int, other: int | None, rank: str, events: list[Event]) -> None:
        """seven_zero: after a 0 every hand passes one seat along the
        direction of play; after a 7 its player swaps hands with ``other``,
        or chooses whom to (``swap S``) when the play did not say."""
        target = self._next(seat)
        if rank == "0":
            players, step = self.players, self.direction
            self._hands = [self._hands[(receiver - step) % players] for receiver in range(players)]
            if self._exposed is not None:
                self._exposed = (self._exposed + step) % players
            events.append(Event("rotate", seat, count=step))
        elif other is None:
            self._ask(Pending("swap", seat, target, seat), events)
            return
        else:
            self._swap_hands(seat, other, events)
        self._end_turn(target, events)

    def _swap_hands(self, seat: int, other: int, events: list[Event]) -> None:
        """seven_zero: two seats swap hands; a missed UNO call goes with its hand."""
        hands = self._hands
        hands[seat], hands[other] = hands[other], hands[seat]
        if self._exposed in (seat, other):
            self._exposed = seat + other - self._exposed
        events.append(Event("swap", seat, count=other))

    def _ask(self, pending: Pending, events: list[Event]) -> None:
        """Hand the turn to a seat that must choose before play goes on."""
        self._pending = pending
        self._end_turn(pending.seat, events)

    def _name_colour(self, pending: Pending, colour: str, events: list[Event]) -> None:
        self.colour = colour
        events.append(shared("colour", pending.seat, colour=colour))
        if pending.resume != self.turn:
            self._end_turn(pending.resume, events)

    def _name_jester(self, pending: Pending, seat: int, events: list[Event]) -> None:
        self.jester = seat
        events.append(shared("jester", seat))
        if pending.opening:
            self._apply_first_card(events)
        else:
            self._end_turn(pending.resume, events)

    def _hit_target(self, pending: Pending, seat: int, events: list[Event]) -> None:
        events.append(shared("target", seat))
        self._give(seat, 1, KINGS_CHOICE, events)
        if pending.going_out:
            self._end_hand(pending.by, events)
        else:
            self._end_turn(pending.resume, events)

    def _settle_challenge(self, pending: Pending, challenged: bool, events: list[Event]) -> None:
        """A Wild Draw Four's next player accepts it or challenges it; the
        challenger alone is shown the challenged hand. With stacking the
        four are the whole stack, and a bluff caught gives all of it to the
        bluffer."""
        seat = pending.seat
        penalty = pending.penalty or 4
        if not challenged:
            events.append(shared("accept", seat))
            self._give(seat, penalty, DRAW_FOUR, events)
        else:
            guilty = self._bluff
            events.append(shared("challenge", seat, reason="wins" if guilty else "loses"))
            events.append(Event("reveal", seat, tuple(card.code for card in self._hands[pending.by])))
            if guilty:
                self._give(pending.by, penalty, CHALLENGED, events)
                self._end_turn(seat, events)
                return
            self._give(seat, penalty + 2, CHALLENGE_LOST, events)
        events.append(_SKIP_EVENTS[seat])
        self._end_turn(self._next(seat), events)

    def _fanfare(self, events: list[Event]) -> None:
        """The crown passes to the King's left; the new King names a Jester and plays next."""
        self.king = (self.king + 1) % self.players
        events.append(Event("fanfare"))
        events.append(shared("king", self.king))
        self._ask(Pending("jester", self.king, self.king), events)

    def _draw_by_choice(self, seat: int, events: list[Event]) -> None:
        if self._draw_to_match:
            drawn = self._draw_until_playable(seat, events)
        else:
            drawn = self._give(seat, 1, BY_CHOICE, events)
        if not drawn:
            events.append(shared("pass", seat, reason="nothing to draw"))
        elif self._playable(drawn[-1], self._hands[seat]):
            self._drawn = drawn[-1]
            return
        else:
            events.append(shared("pass", seat, reason="the drawn card cannot be played"))
        self._end_turn(self._next(seat), events)

    def _draw_until_playable(self, seat: int, events: list[Event]) -> list[Card]:
        """draw_to_match: draw one card at a time until one can be played or
        none is left; one draw event for the cards before a reshuffle and
        one for those after."""
        hand, taken, since_shuffle = self._hands[seat], [], []
        while True:
            if not self._draw:
                self._note_draw(seat, since_shuffle, BY_CHOICE, events)
                since_shuffle = []
                self._reshuffle(events)
                if not self._draw:
                    break
            card = self._draw.pop()
            hand.append(card)
            taken.append(card)
            since_shuffle.append(card)
            if self._playable(card, hand):
                break
        self._note_draw(seat, since_shuffle, BY_CHOICE, events)
        return taken

    @staticmethod
    def _note_draw(seat: int, drawn: list[Card], reason: str, events: list[Event]) -> None:
        if drawn:
            events.append(Event("draw", seat, tuple([card.code for card in drawn]), len(drawn), "", reason))

    def _give(self, seat: int, count: int, reason: str, events: list[Event]) -> list[Card]:
        """Move up to ``count`` cards from the draw pile to a hand; when the
        pile is short, the discard pile is shuffled in under it first."""
        if len(self._draw) < count:
            self._reshuffle(events)
        pile = self._draw
        drawn = [pile.pop() for _ in range(min(count, len(pile)))]
        if drawn:
            self._hands[seat].extend(drawn)
            events.append(Event("draw", seat, tuple([card.code for card in drawn]), len(drawn), "", reason))
        return drawn

    def _reshuffle(self, events: list[Event]) -> None:
        if len(self._discard) < 2:
            return
        top = self._discard.pop()
        pile, self._discard = self._discard, [top]
        shuffle(pile, self._rng)
        self._draw = pile + self._draw  # under the cards still to draw
        events.append(Event("reshuffle", count=len(pile)))

    def _next(self, seat: int) -> int:
        return (seat + self.direction) % self.players

    def _end_turn(self, seat: int, events: list[Event]) -> None:
        self.turn = seat
        events.append(_TURN_EVENTS[seat])

    def _end_hand(self, winner: int, events: list[Event]) -> None:
        left = [sum(card.points for card in hand) for hand in self._hands]
        points = sum(left)
        if self.scoring == "tally":
            self.scores = [score + n for score, n in zip(self.scores, left, strict=True)]
        else:
            self.scores[winner] += points
        self.hand_over = True
        self.hand_winner = winner
        self.turn = None
        self._exposed = None
        events.append(Event("hand_end", winner, points=points))
        if max(self.scores) >= self.rules.target:
            self.match_over = True
            self.match_winner = winner if self.scoring == "points" else self._lowest_total(winner, left)
            events.append(Event("match_end", self.match_winner, points=self.scores[self.match_winner]))

    def _lowest_total(self, hand_winner: int, left: list[int]) -> int:
        """The tally's winner: the lowest total; between equals, the fewer
        points in the last hand, then the nearer to the last hand's winner
        in the order of play (its winner first)."""
        order = [(hand_winner + self.direction * step) % self.players for step in range(self.players)]
        return min(order, key=lambda seat: (self.scores[seat], left[seat], order.index(seat)))

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
            deck = list(_deck_cards(rules))
            shuffle(deck, self._rng)
        self.hand_number += 1
        self._table, self._play_texts, self._uno_texts = (
            action_table(rules, self.house),
            play_texts(rules),
            uno_texts(rules),
        )
        self._hands = [[] for _ in range(players)]
        for _ in range(rules.hand_size):
            for hand in self._hands:
                hand.append(deck.pop())
        self._draw = deck
        self._discard = []
        self._log = [Event("deal", count=rules.hand_size)]
        self._seen = {}
        self._turn_up()
        self.direction = 1
        self.hand_over = False
        self.hand_winner = None
        self._drawn = None
        self._pending = None
        self._exposed = None
        self._bluff = False
        if rules.royal:
            self.starter = self.king
        elif self.hand_number == 1:
            self.starter = self._rng.randrange(players) if self._first_starter is None else self._first_starter
        else:
            self.starter = (self.starter + 1) % players
        self.turn = self.starter
        if rules.royal and self.jester is None:
            self._ask(Pending("jester", self.king, self.king, opening=True), self._log)
        else:
            self._apply_first_card(self._log)
        return list(self._log)

    def _turn_up(self) -> None:
        """Start the discard pile; a Wild Draw Four goes back into the pile."""
        card = self._draw.pop()
        while card is WILD_DRAW_FOUR:
            self._log.append(Event("return", cards=(card.code,)))
            self._draw.insert(int(self._rng.random() * len(self._draw)), card)
            card = self._draw.pop()
        self._discard.append(card)
        self.colour = card.colour
        self._log.append(Event("turn_up", cards=(card.code,)))

    def _apply_first_card(self, events: list[Event]) -> None:
        """The first card's effect on the starter (Royal Revenge: the King)."""
        rank, starter = self._discard[-1].rank, self.starter
        royal = self.rules.royal
        if rank == "W":
            self._pending = Pending("colour", starter, starter)
        elif rank == "K" and royal:
            self._pending = Pending("target", starter, starter)
        elif rank == "J" and royal:
            self._give(self.jester, 1, FIRST_JESTER, events)
        elif rank == "+2":
            self._give(starter, 2, FIRST_CARD, events)
            events.append(Event("skip", starter))
            self.turn = self._next(starter)
        elif rank == "S":
            events.append(Event("skip", starter))
            self.turn = self._next(starter)
        elif rank == "R":
            # The dealer, the seat before the starter, plays first, and play
            # goes the other way; in Royal Revenge the King still plays first.
            self.direction = -1
            events.append(Event("reverse", starter))
            self.turn = starter if royal else self._next(starter)
        events.append(Event("turn", self.turn))

    # ----- what a seat may see ---------------------------------------------------

    def view(self, seat: int, events_from: int = 0) -> View:
        """What ``seat`` may see; its ``events`` are this hand's from number
        ``events_from`` on (a table server sends each seat only the new
        ones: asking for all of them every move would cost more the longer
        the hand)."""
        if seat not in range(self.players):
            raise ValueError(f"no seat {seat!r}: seats are 0 to {self.players - 1}")
        return View(
            rules=self.rules.name,
            players=self.players,
            seat=seat,
            turn=self.turn,
            hand=tuple(card.code for card in self._hands[seat]),
            legal=tuple(self.legal(seat)),
            top=self._discard[-1].code,
            colour=self.colour,
            counts=tuple(len(hand) for hand in self._hands),
            discard=tuple(card.code for card in self._discard),
            draw_count=len(self._draw),
            scores=tuple(self.scores),
            target=self.rules.target,
            starter=self.starter,
            direction=self.direction,
            drawn=self.drawn if seat == self.turn else None,
            events=self._events_seen_by(seat, events_from),
            hand_over=self.hand_over,
            match_over=self.match_over,
            exposed=self._exposed,
            pending=self._pending,
            king=self.king,
            jester=self.jester,
            scoring=self.scoring,
            house=self.house,
        )

    @classmethod
    def from_view(cls, view: View, hands: list[list[str]], draw_pile: list[str], seed: int = 0) -> Game:
        """A game in the position ``view`` shows, with the cards it hides
        filled in by the caller: the other hands and the draw pile (top
        first): a deal a seat cannot see, played out with the real rules (the
        tests check the computer's fast model against it). Such a game has
        no record of its own.
        """
        game = object.__new__(cls)
        game.rules = get_ruleset(view.rules)
        game._use_house(house_rules(game.rules, view.house))
        game.players = view.players
        game.seed = seed
        game._rng = random.Random(seed)
        game._stacked = game._first_starter = None
        game._actions = None
        game._hands = [[Card(code) for code in hand] for hand in hands]
        game._draw = [Card(code) for code in reversed(draw_pile)]
        game._discard = [Card(code) for code in view.discard]
        game._log = list(view.events)
        game._seen = {}
        game.opening = []
        game.scores = list(view.scores)
        game.scoring = view.scoring
        game.colour, game.turn, game.starter, game.direction = view.colour, view.turn, view.starter, view.direction
        game._drawn = None if view.drawn is None else Card(view.drawn)
        game._pending, game._exposed, game.king, game.jester = view.pending, view.exposed, view.king, view.jester
        game._table, game._play_texts, game._uno_texts = (
            action_table(game.rules, game.house),
            play_texts(game.rules),
            uno_texts(game.rules),
        )
        pending = view.pending
        # Whether a Wild Draw Four was a bluff, judged from the filled-in hand.
        game._bluff = pending is not None and pending.kind == "challenge" and game._holds_colour_of(pending)
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

    def _holds_colour_of(self, pending: Pending) -> bool:
        colour = pending.colour
        return any(card.colour == colour for card in self._hands[pending.by])

    def _events_seen_by(self, seat: int, start: int = 0) -> tuple[Event, ...]:
        """This hand's events from number ``start`` on, with other seats'
        drawn cards hidden and other seats' reveals left out, kept up to date
        one new event at a time (views are asked for every turn)."""
        read, seen = self._seen.get(seat, (0, []))
        for e in self._log[read:]:
            if e.seat == seat or e.kind != "draw":
                if e.kind != "reveal" or e.seat == seat:
                    seen.append(e)
            else:
                seen.append(e.hidden())
        self._seen[seat] = (len(self._log), seen)
        return tuple(seen[start:])

    # ----- records, copies, comparison -----------------------------------------

    def record(self) -> str:
        """The match so far as text: a header, then one action per line
        (``next`` deals the next hand). ``Game.replay`` rebuilds it."""
        if self._actions is None:
            raise ValueError("a game set up from a view has no record")
        from .record import write_record

        return write_record(self)

    @classmethod
    def replay(cls, text: str) -> Game:
        """Rebuild a game from ``record()`` text; ValueError names a bad line."""
        from .record import read_record

        return read_record(cls, text)

    def copy(self) -> Game:
        """An independent game in the same state, random generator included."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._hands = [list(hand) for hand in self._hands]
        other._draw = list(self._draw)
        other._discard = list(self._discard)
        other._log = list(self._log)
        other._seen = {}
        other._actions = None if self._actions is None else list(self._actions)
        other.scores = list(self.scores)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        return other

    def snapshot(self) -> tuple:
        """The whole state as one comparable value (for tests and tools)."""
        return (
            self.rules.name,
            self.players,
            self.seed,
            self.hand_number,
            tuple(tuple(hand) for hand in self.hands),
            tuple(self.draw_pile),
            tuple(self.discard),
            self.colour,
            self.turn,
            self.starter,
            self.direction,
            self.drawn,
            self._pending,
            self._exposed,
            self._bluff,
            self.king,
            self.jester,
            self.scoring,
            self.house,
            tuple(self.scores),
            self.hand_over,
            self.hand_winner,
            self.match_over,
            self.match_winner,
            tuple(self._log),
            None if self._actions is None else tuple(self._actions),
            self._rng.getstate(),
        )

    def card_problems(self) -> list[str]:
        """Ways the cards fail to add up to the deck (empty when all is well)."""
        codes = [card.code for hand in self._hands for card in hand]
        codes += [card.code for card in self._draw] + [card.code for card in self._discard]
        if tuple(sorted(codes)) == _sorted_deck(self.rules):
            return []
        held, expected = Counter(codes), Counter(self.rules.deck)
        problems = [f"{code}: {held[code]} in play, {n} in the deck" for code, n in expected.items() if held[code] != n]
        problems += [f"{code}: {n} in play, none in the deck" for code, n in held.items() if code not in expected]
        return problems

    def _check_deck(self, deck: list[str]) -> tuple[str, ...]:
        codes = tuple(deck)
        for code in codes:
            Card(code)
        if Counter(codes) != Counter(self.rules.deck):
            missing = Counter(self.rules.deck) - Counter(codes)
            extra = Counter(codes) - Counter(self.rules.deck)
            raise ValueError(
                f"a stacked deck must hold exactly the {len(self.rules.deck)} cards of rules {self.rules.name}: "
                f"missing {sorted(missing.elements())}, extra {sorted(extra.elements())}"
            )
        return codes
