"""The game: a deal, the turns, and the score of a match, driven by text actions.

>>> game = Game(seed=7)
>>> action = game.legal()[0]
>>> events = game.act(action)

Actions: ``play R7``, ``play W G`` and ``play W+4 B`` (a wild names its
colour), ``draw``, ``pass`` (only after drawing a playable card) and
``colour G`` (naming the colour when a Wild is the first card turned up).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass

from .cards import ACTION_RANKS, COLOURS, NUMBER_RANKS, WILD_RANKS, Card
from .events import BY_CHOICE, DRAW_FOUR, DRAW_TWO, FIRST_CARD, PENALTY, Event, shared
from .rulesets import MAX_PLAYERS as RULES_MAX_PLAYERS
from .rulesets import RuleSet, get_ruleset


class IllegalAction(ValueError):
    """An action the rules do not allow now. The game is left as it was."""


ALL_CODES = tuple(c + r for c in COLOURS for r in NUMBER_RANKS + ACTION_RANKS) + WILD_RANKS
COLOUR_ACTIONS = tuple(f"colour {c}" for c in COLOURS)
# The text of every "play" action for a card: four for a wild, one otherwise.
PLAY_ACTIONS = {
    Card(code): tuple(f"play {code} {c}" for c in COLOURS) if code in WILD_RANKS else (f"play {code}",)
    for code in ALL_CODES
}
# Every well-formed action text, parsed once: text -> (verb, card, colour).
_PARSED = {"draw": ("draw", None, None), "pass": ("pass", None, None)}
_PARSED.update({text: ("colour", None, text[-1]) for text in COLOUR_ACTIONS})
_PARSED.update(
    {text: ("play", card, text[-1] if card.is_wild else None) for card, texts in PLAY_ACTIONS.items() for text in texts}
)
_SKIPPING = frozenset(("S", "+2", "W+4"))
_TURN_EVENTS = tuple(Event("turn", seat) for seat in range(RULES_MAX_PLAYERS))
_SKIP_EVENTS = tuple(Event("skip", seat) for seat in range(RULES_MAX_PLAYERS))
_PENALTY_CARDS = {"+2": (2, DRAW_TWO), "W+4": (4, DRAW_FOUR)}
WILD_DRAW_FOUR = Card("W+4")


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


@dataclass(frozen=True)
class View:
    """What one seat may know: its own hand, the table, and the public events
    of this hand (other seats' drawn cards are hidden). Never another hand or
    the order of the draw pile."""

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


class Game:
    """A match of one rule set: deals hands until a player reaches the target.

    ``deck`` stacks the first hand's deck (codes, top first); ``starter`` fixes
    who starts the first hand. Later hands are shuffled from ``seed`` and
    their starter moves one seat on.
    """

    def __init__(
        self,
        rules: str | RuleSet = "1991",
        players: int = 2,
        seed: int | None = None,
        deck: list[str] | None = None,
        starter: int | None = None,
    ) -> None:
        self.rules = get_ruleset(rules)
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
        self.players = players
        self.seed = random.randrange(2**32) if seed is None else seed
        self._rng = random.Random(self.seed)
        self._stacked = None if deck is None else self._check_deck(deck)
        self._first_starter = starter
        self.scores = [0] * players
        self.match_over = False
        self.match_winner: int | None = None
        self.hand_number = 0
        self.starter = -1
        self._actions: list[str] = []
        self.opening = self._start_hand()

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
    def choosing_colour(self) -> bool:
        """True while the starter must name a colour for a Wild turned up."""
        return self._choosing

    @property
    def events(self) -> list[Event]:
        """Everything that happened in this hand so far, drawn cards included."""
        return list(self._log)

    # ----- legal actions --------------------------------------------------------

    def legal(self) -> list[str]:
        """The actions the player to act may take; empty when the hand is over.

        A Wild Draw Four is listed only where it is legal, although ``act``
        also accepts (and penalises) an illegal one, as the 1991 program did.
        """
        if self.hand_over:
            return []
        if self._choosing:
            return list(COLOUR_ACTIONS)
        if self._drawn is not None:
            return [*PLAY_ACTIONS[self._drawn], "pass"]
        colour, rank = self.colour, self._discard[-1].rank
        playable = dict.fromkeys(
            [card for card in self._hands[self.turn] if card.colour == colour or card.rank == rank or card.is_wild]
        )
        if WILD_DRAW_FOUR in playable and any(card.colour == colour for card in playable):
            del playable[WILD_DRAW_FOUR]
        actions = [text for card in playable for text in PLAY_ACTIONS[card]]
        actions.append("draw")
        return actions

    def _playable(self, card: Card, hand: list[Card]) -> bool:
        if card is WILD_DRAW_FOUR:
            return not self._holds_colour(hand)
        return card.is_wild or card.colour == self.colour or card.rank == self._discard[-1].rank

    def _holds_colour(self, hand: list[Card]) -> bool:
        colour = self.colour
        return any(card.colour == colour for card in hand)

    # ----- acting ---------------------------------------------------------------

    def act(self, text: str) -> list[Event]:
        """Apply one action for the player to act and return what followed.

        Raises ``IllegalAction`` with the reason, leaving the game unchanged,
        for anything the rules do not allow.
        """
        parsed = _PARSED.get(text) if isinstance(text, str) else None
        if parsed is None:
            text = " ".join(str(text).split())
            parsed = _PARSED.get(text) or _parse_loosely(text)
        verb, card, colour = parsed
        self._check(verb, card)
        events: list[Event] = []
        seat = self.turn
        if verb == "play":
            self._play(seat, card, colour, events)
        elif verb == "draw":
            self._draw_by_choice(seat, events)
        elif verb == "pass":
            self._drawn = None
            events.append(shared("pass", seat))
            self._end_turn(self._next(seat), events)
        else:
            self._choosing = False
            self.colour = colour
            events.append(shared("colour", seat, colour=colour))
        if self._actions is not None:
            self._actions.append(text)
        self._log.extend(events)
        return events

    def _check(self, verb: str, card: Card | None) -> None:
        """Raise IllegalAction unless the parsed action may be taken now."""
        if self.hand_over:
            raise IllegalAction("the hand is over" + ("" if self.match_over else ": start the next hand"))
        if self._choosing:
            if verb != "colour":
                raise IllegalAction("first name the colour for the Wild turned up: colour R, G, Y or B")
            return
        if verb == "colour":
            raise IllegalAction("a colour is named with the wild card that is played: play W G")
        if verb == "pass":
            if self._drawn is None:
                raise IllegalAction("you may pass only after drawing a card you could play")
            return
        if self._drawn is not None:
            if verb == "draw":
                raise IllegalAction(f"you have drawn already: play {self._drawn.code} or pass")
            if card is not self._drawn:
                raise IllegalAction(f"after drawing, only the drawn card {self._drawn.code} may be played")
            return
        if verb == "play":
            if card not in self._hands[self.turn]:
                raise IllegalAction(f"{card.code} is not in your hand")
            if not card.is_wild and card.colour != self.colour and card.rank != self._discard[-1].rank:
                raise IllegalAction(
                    f"{card.code} matches neither the colour {self.colour} nor the {self._discard[-1].code}"
                )

    def _play(self, seat: int, card: Card, colour: str | None, events: list[Event]) -> None:
        hand = self._hands[seat]
        if card is WILD_DRAW_FOUR and self._holds_colour(hand):
            events.append(shared("penalty", seat, card.code))
            self._drawn = None
            self._give(seat, 4, PENALTY, events)
            self._end_turn(self._next(seat), events)
            return
        hand.remove(card)
        self._drawn = None
        self._discard.append(card)
        self.colour = colour or card.colour
        events.append(shared("play", seat, card.code, colour))
        target = self._next(seat)
        if card.rank in _PENALTY_CARDS:
            count, reason = _PENALTY_CARDS[card.rank]
            self._give(target, count, reason, events)
        if not hand:
            self._end_hand(seat, events)
        elif card.rank in _SKIPPING or (card.rank == "R" and self.players == 2):
            events.append(_SKIP_EVENTS[target])
            self._end_turn(self._next(target), events)
        elif card.rank == "R":
            self.direction = -self.direction
            events.append(shared("reverse", seat))
            self._end_turn(self._next(seat), events)
        else:
            self._end_turn(target, events)

    def _draw_by_choice(self, seat: int, events: list[Event]) -> None:
        drawn = self._give(seat, 1, BY_CHOICE, events)
        if not drawn:
            events.append(shared("pass", seat, reason="nothing to draw"))
        elif self._playable(drawn[0], self._hands[seat]):
            self._drawn = drawn[0]
            return
        else:
            events.append(shared("pass", seat, reason="the drawn card cannot be played"))
        self._end_turn(self._next(seat), events)

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
        points = sum(card.points for hand in self._hands for card in hand)
        self.scores[winner] += points
        self.hand_over = True
        self.hand_winner = winner
        self.turn = None
        events.append(Event("hand_end", winner, points=points))
        if self.scores[winner] >= self.rules.target:
            self.match_over = True
            self.match_winner = winner
            events.append(Event("match_end", winner, points=self.scores[winner]))

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
        self._hands = [[] for _ in range(players)]
        for _ in range(rules.hand_size):
            for hand in self._hands:
                hand.append(deck.pop())
        self._draw = deck
        self._discard = []
        self._log: list[Event] = [Event("deal", count=rules.hand_size)]
        self._seen: dict[int, list[Event]] = {}
        self._turn_up()
        self.direction = 1
        self.hand_over = False
        self.hand_winner: int | None = None
        self._drawn: Card | None = None
        self._choosing = False
        if self.hand_number == 1:
            self.starter = self._rng.randrange(players) if self._first_starter is None else self._first_starter
        else:
            self.starter = (self.starter + 1) % players
        self.turn = self.starter
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
        rank, starter = self._discard[-1].rank, self.starter
        if rank == "W":
            self._choosing = True
        elif rank == "+2":
            self._give(starter, 2, FIRST_CARD, events)
            events.append(Event("skip", starter))
            self.turn = self._next(starter)
        elif rank == "S":
            events.append(Event("skip", starter))
            self.turn = self._next(starter)
        elif rank == "R":
            self.direction = -1
            events.append(Event("reverse", starter))
            self.turn = self._next(starter)
        events.append(Event("turn", self.turn))

    # ----- what a seat may see ---------------------------------------------------

    def view(self, seat: int) -> View:
        if seat not in range(self.players):
            raise ValueError(f"no seat {seat!r}: seats are 0 to {self.players - 1}")
        return View(
            rules=self.rules.name,
            players=self.players,
            seat=seat,
            turn=self.turn,
            hand=tuple(card.code for card in self._hands[seat]),
            legal=tuple(self.legal()) if seat == self.turn else (),
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
            events=self._events_seen_by(seat),
            hand_over=self.hand_over,
            match_over=self.match_over,
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
        game.colour, game.turn, game.starter, game.direction = view.colour, view.turn, view.starter, view.direction
        game._drawn = None if view.drawn is None else Card(view.drawn)
        game._choosing = view.colour is None and not view.hand_over
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

    def _events_seen_by(self, seat: int) -> tuple[Event, ...]:
        """This hand's events with other seats' drawn cards hidden, kept up
        to date one new event at a time (views are asked for every turn)."""
        seen = self._seen.setdefault(seat, [])
        seen += [e if e.seat == seat or e.kind != "draw" else e.hidden() for e in self._log[len(seen) :]]
        return tuple(seen)

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
            self._choosing,
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


def _parse_loosely(text: str) -> tuple[str, Card | None, str | None]:
    """Explain why an action text is not one of the known actions."""
    words = text.split()
    verb = words[0] if words else ""
    if verb == "play" and len(words) >= 2:
        card = Card(words[1]) if words[1] in ALL_CODES else None
        if card is None:
            raise IllegalAction(f"unknown card code {words[1]!r} in {text!r}")
        if card.is_wild and len(words) > 2:
            raise IllegalAction(f"unknown colour {words[2]!r} in {text!r}: use R, G, Y or B")
        if card.is_wild:
            raise IllegalAction(f"name a colour for the {card.code}: play {card.code} R, G, Y or B")
        raise IllegalAction(f"a {card.code} takes no colour: play {card.code}")
    raise IllegalAction(f"unknown action {text!r}: use play CARD [COLOUR], draw, pass or colour COLOUR")
