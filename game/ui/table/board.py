"""What the table shows right now.

The engine jumps straight to the state after an action; the board follows it
one animation step at a time, so for a moment it shows less than the engine
knows (a card still in flight, a count not yet changed). When no animation
is playing, the board agrees with the engine: same hand, same counts, same
top card and colour.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.online.remote import HIDDEN
from game.rules.cards import ACTION_RANKS, COLOURS, NUMBER_RANKS, WILD_RANKS, Card

_RANK_ORDER = {rank: i for i, rank in enumerate(NUMBER_RANKS + ACTION_RANKS + WILD_RANKS)}


def hand_order(code: str) -> tuple[int, int]:
    """Sort key for your hand: by colour (R, G, Y, B), wilds last, then rank;
    a card not known here (``HIDDEN``: a watched seat's, at the bottom) after all."""
    if code == HIDDEN:
        return len(COLOURS) + 1, 0
    card = Card(code)
    colour = COLOURS.index(card.colour) if card.colour else len(COLOURS)
    return colour, _RANK_ORDER[card.rank]


@dataclass
class Flight:
    """A card moving across the table: face up (``code``) or face down (None);
    or, with ``sprite="crown"``, the crown passing to a new King."""

    code: str | None
    start: tuple[int, int]
    end: tuple[int, int]
    frames: int
    age: int = 0
    sprite: str = "card"

    def position(self) -> tuple[int, int]:
        """Eased position: fast at first, settling gently onto its place."""
        t = min(1.0, self.age / self.frames) if self.frames else 1.0
        t = 1 - (1 - t) * (1 - t)
        (x0, y0), (x1, y1) = self.start, self.end
        return round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)


@dataclass(frozen=True)
class Said:
    """A line of the message bar as H keeps it: said to the whole table
    (``to`` None), or to one person at a shared screen (``to``: their seat),
    a refusal of their card, say, which the others never see."""

    text: str
    to: int | None = None


HISTORY_LINES = 6  # the lines H shows
HISTORY_KEPT = 60  # the lines kept, so that each person's own last ones are still there


@dataclass
class Board:
    """Everything drawn on the table, by places round it seen from the person
    in front of the screen. Place 0 is you (``hand``); ``counts``
    holds how many cards every seat has (the engine's ``counts``)."""

    draw_count: int
    hand: list[str] = field(default_factory=list)
    counts: list[int] = field(default_factory=lambda: [0, 0])
    top: str | None = None
    colour: str | None = None
    discard_count: int = 0
    scores: tuple[int, ...] = (0, 0)
    news: str = ""
    prompt: str = ""
    selected: int = 0
    drawn: str | None = None  # the card you picked up, while you may play it
    flight: Flight | None = None
    computer_hand: list[str] | None = None  # face up (replays only); None: backs
    hands_up: list[list[str]] | None = None  # every hand face up (replays only); None: backs
    turn: int | None = None  # the seat whose turn the table shows
    direction: int = 1  # 1: play goes to the left (clockwise), -1: the other way
    king: int | None = None  # Royal Revenge: who wears the crown, and the hat
    jester: int | None = None
    exposed: int | None = None  # the seat that may be caught without its UNO call
    scepter: float | None = None  # Royal Revenge: how full the scepter's timer is, 0 to 1
    pick: int | None = None  # the seat highlighted while you choose one
    revealed: list[str] | None = None  # the hand you challenged, for a moment
    revealed_title: str = ""  # whose hand it is, and what it showed
    house: tuple[str, ...] = ()  # the house rules in play (standard UNO)
    # The table is drawn from one seat's point of view: every seat above is a
    # place round the table, place 0 the person in front of the screen.
    names: tuple[str, ...] | None = None  # by place; None: the 1991 names (YOU, COMPUTER 3)
    numbers: tuple[int, ...] = ()  # by place: each seat's own number (its key while one is picked); (): the place
    hidden: bool = False  # several people: your hand shows its backs (nobody's turn in front)
    row_busy: bool = False  # the row over your hand shows choices: the house rules' names give way
    history: list[Said] = field(default_factory=list)  # the last news lines, oldest first (see ``heard``)
    playable: frozenset[str] | None = None  # HINTS: the cards of your hand that may be played now
    sides: tuple[int, ...] = ()  # partners: by place, each seat's team (``teams.sides``); (): none

    @property
    def players(self) -> int:
        return len(self.counts)

    @property
    def computer_count(self) -> int:
        """Seat 1's cards (the computer, at a table of two)."""
        return self.counts[1]

    @computer_count.setter
    def computer_count(self, value: int) -> None:
        self.counts[1] = value

    def show(self, game, face_up: bool = False, viewer: int = 0) -> None:
        """Jump straight to the engine's position, without animation (a
        continued match, a replay, a handover): hands, piles, scores, the
        crown and hat, and the card you picked up under the arrow, seen from
        seat ``viewer`` (place 0). ``face_up`` shows seat 1's cards (a replay
        of a two-player match)."""
        you = viewer
        n = game.players

        def place(seat: int | None) -> int | None:
            return None if seat is None else (seat - viewer) % n

        def turned(values) -> list:
            return [values[(viewer + p) % n] for p in range(n)]

        self.hand = sorted(game.hands[you], key=hand_order)
        self.counts = turned([len(hand) for hand in game.hands])
        self.computer_hand = sorted(game.hands[1], key=hand_order) if face_up else None
        self.hands_up = turned([sorted(hand, key=hand_order) for hand in game.hands]) if face_up else None
        self.top, self.colour = game.top, game.colour
        self.discard_count, self.draw_count = len(game.discard), game.draw_count
        self.scores = tuple(turned(game.scores))
        self.turn, self.direction = place(game.turn), game.direction
        self.king, self.jester, self.exposed = place(game.king), place(game.jester), place(game.exposed)
        self.drawn = game.drawn if game.turn == you else None
        if self.drawn is not None:
            self.selected = len(self.hand) - 1 - self.hand[::-1].index(self.drawn)
        else:
            self.selected = min(self.selected, max(0, len(self.hand) - 1))
        self.flight = None
        self.revealed = None
        self.place_sides(game, viewer)

    def place_sides(self, game, viewer: int) -> None:
        """Partners: each place's team, seen from ``viewer``'s seat (none without teams)."""
        n = game.players
        self.sides = tuple(game.sides[(viewer + place) % n] for place in range(n)) if game.teams else ()

    def number(self, place: int) -> int:
        """The seat's own number at ``place``: the number key that names it."""
        return self.numbers[place] if self.numbers else place

    def heard(self, seat: int | None) -> list[str]:
        """H: the last lines said to the whole table or to ``seat`` (the
        person in front; None: nobody's own lines), oldest first."""
        return [said.text for said in self.history if said.to is None or said.to == seat][-HISTORY_LINES:]

    def last_heard(self, seat: int | None) -> str:
        """The news line as ``seat`` may see it: the last line said to them or to everyone."""
        lines = self.heard(seat)
        return lines[-1] if lines else ""

    def insert_index(self, code: str) -> int:
        """Where a card would go in your hand: in sorted place, after its equals."""
        index = 0
        key = hand_order(code)
        while index < len(self.hand) and hand_order(self.hand[index]) <= key:
            index += 1
        return index

    def add_to_hand(self, code: str) -> int:
        """Put a card into your hand in sorted place; returns its index."""
        index = self.insert_index(code)
        self.hand.insert(index, code)
        if index <= self.selected and len(self.hand) > 1:
            self.selected += 1
        return index

    def remove_from_hand(self, code: str) -> int:
        """Take a card out of your hand; the arrow stays where it was."""
        index = self.hand.index(code)
        del self.hand[index]
        if index < self.selected or self.selected >= len(self.hand):
            self.selected = max(0, self.selected - 1)
        return index

    def move_selection(self, step: int) -> None:
        if self.hand:
            self.selected = min(max(self.selected + step, 0), len(self.hand) - 1)

    def selected_card(self) -> str | None:
        return self.hand[self.selected] if self.hand else None
