"""What a seat can know from its view: the cards it has not seen, and what
the other players' draws and plays reveal about their hands.

Every card in another player's hand is a *slot* with the set of things it
cannot be: a colour letter, ``W`` for either wild, or ``#`` and a rank. When
a player draws by choice it (most likely) held nothing playable, so every
card it held then gets the current colour, the top card's rank and ``W``
forbidden; the card it draws is a fresh slot. A card drawn and passed as
unplayable gets the same marks. A Wild Draw Four played legally shows its
player had none of the colour in play (with the standard rules, where it may
be a bluff, only a failed challenge shows that, and a challenge of our own
shows the whole hand). A slot that fits no card played
means the player reneged, and its marks are dropped.

It also keeps each player's plays from its hand since its hand last took
cards (``Play``: the card, what it was played on, the colour it named),
from which ``reading`` weighs the hands it may hold.

With house rules: hands moved by seven_zero take their slots and known
cards with them (a hand this seat gave away becomes fresh slots: the
cards are counted unseen again), a draw to match marks every card but the
last as unplayable, and with no_bluffing every Wild Draw Four is legal.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import compress
from typing import NamedTuple

from ..rules.cards import Card
from ..rules.common import WildDrawFour
from ..rules.events import BY_CHOICE, JUMP_IN, Event
from ..rules.game import View, shuffle
from ..rules.house import illegal_wild_draw_four
from ..rules.rulesets import get_ruleset

FRESH: frozenset[str] = frozenset()
SHUFFLED = 16


def _mark(colour: str | None) -> str:
    """A colour as a slot's mark; with no colour in play yet (a view made up
    mid-hand) a mark that no card has."""
    return colour or ""


def fits(card: Card, forbidden: frozenset[str]) -> bool:
    """Whether a slot with these marks may hold ``card``."""
    return (card.colour or "W") not in forbidden and "#" + card.rank not in forbidden


class Play(NamedTuple):
    """A card a player chose from its hand: played on ``colour`` and
    ``rank``, naming the colour ``named`` if it was a wild."""

    card: Card
    colour: str
    rank: str
    named: str | None


@dataclass
class Knowledge:
    """The unseen cards and, for each seat, the slots of its hand (most
    marked first), the cards known to be in it (a Wild Draw Four it was
    penalised for), which take the least marked slots, and its ``plays``
    from the hand since the hand last took cards (earliest first)."""

    seat: int
    unseen: list[Card]
    slots: dict[int, list[frozenset[str]]]
    known: dict[int, list[Card]]
    plays: dict[int, list[Play]] = field(default_factory=dict)
    _fitting: dict[frozenset[str], frozenset[Card]] = field(default_factory=dict, repr=False)

    def sample(self, rng: random.Random) -> tuple[dict[int, list[Card]], list[Card]]:
        """One deal consistent with the knowledge: the other hands and the
        draw pile (top card last). Most constrained slots are filled first; a
        slot no unseen card fits takes any card.

        Only the top ``SHUFFLED`` cards of the draw pile are shuffled, as a
        playout seldom draws more; below them the cards keep the order of
        ``unseen``, which ``mix`` shuffles once for all the samples.
        """
        pool = list(self.unseen)
        hands = {}
        for seat, slots in self.slots.items():
            hand = []
            for card in self.known[seat]:
                if card in pool:  # it is, unless the view was put together by hand
                    pool.remove(card)
                    hand.append(card)
            for forbidden in slots[: len(slots) - len(hand)]:
                hand.append(pool.pop(_index_fitting(pool, self.fitting(forbidden), rng)))
            hands[seat] = hand
        n = len(pool)
        for i in range(n - 1, max(0, n - 1 - SHUFFLED), -1):
            j = int(rng.random() * (i + 1))
            pool[i], pool[j] = pool[j], pool[i]
        return hands, pool

    def fitting(self, forbidden: frozenset[str]) -> frozenset[Card]:
        """The unseen cards a slot with these marks may hold (worked out once
        per set of marks: a search deals thousands of hands)."""
        cards = self._fitting.get(forbidden)
        if cards is None:
            cards = self._fitting[forbidden] = frozenset(c for c in self.unseen if fits(c, forbidden))
        return cards

    def mix(self, rng: random.Random) -> None:
        """Shuffle the unseen cards once, before sampling deals."""
        shuffle(self.unseen, rng)


def _index_fitting(pool: list[Card], fitting: frozenset[Card], rng: random.Random) -> int:
    """A uniformly random index of a card in ``pool`` that is one of
    ``fitting`` (by rejection, then by listing the fitting cards), or any
    index when none fits."""
    n = len(pool)
    for _ in range(8):
        i = int(rng.random() * n)
        if pool[i] in fitting:
            return i
    indices = list(compress(range(n), map(fitting.__contains__, pool)))
    return indices[int(rng.random() * len(indices))] if indices else i


def infer(view: View) -> Knowledge:
    """Read the view's events into what the seat knows of the other hands."""
    rules = get_ruleset(view.rules)
    unseen = Counter(rules.deck)
    unseen.subtract(view.hand)
    unseen.subtract(view.discard)
    others = [s for s in range(view.players) if s != view.seat]
    slots: dict[int, list[frozenset[str]]] = {s: [] for s in others}
    known: dict[int, list[Card]] = {s: [] for s in others}
    plays: dict[int, list[Play]] = {s: [] for s in others}
    colour: str | None = None
    rank: str | None = None
    chose_to_draw = None
    four: tuple[int, str | None] | None = None  # the seat of the last Wild Draw Four and the colour it was played on
    # A Wild Draw Four may be a bluff where it may be challenged (not with no_bluffing).
    may_bluff = illegal_wild_draw_four(rules, view.house) is WildDrawFour.CHALLENGED
    for e in view.events:
        kind = e.kind
        if kind in ("swap", "rotate"):
            _move_hands(view, slots, known, e)
            plays = {s: [] for s in others}  # hands moved: what was played tells of other hands now
            chose_to_draw = None
        elif kind == JUMP_IN:
            chose_to_draw = None  # the turn of a player who drew is over
        elif kind == "reveal" and four is not None and four[0] in known:
            # A challenge of ours: the whole hand is shown.
            known[four[0]] = [Card(code) for code in e.cards]
        elif kind == "challenge" and four is not None and four[0] in slots and e.reason == "loses":
            # A failed challenge shows the player held none of the colour.
            slots[four[0]] = [f | {_mark(four[1])} for f in slots[four[0]]]
        elif kind == "deal":
            for s in others:
                slots[s] = [FRESH] * e.count
                plays[s] = []
        elif kind == "turn_up":
            card = Card(e.cards[0])
            colour, rank = card.colour, card.rank
        elif kind == "colour":
            colour = e.colour
        elif e.seat not in slots:
            if kind == "play":
                card = Card(e.cards[0])
                colour, rank = e.colour or card.colour, card.rank
        elif kind == "draw":
            plays[e.seat] = []  # the hand took cards this seat cannot see
            if e.reason == BY_CHOICE and rank is not None:  # (a made-up view may start mid-hand)
                blocked = frozenset((_mark(colour), "#" + rank, "W"))
                slots[e.seat] = [f | blocked for f in slots[e.seat]]
                chose_to_draw = e.seat
                # draw_to_match: every card before the last could not be played.
                slots[e.seat].extend([blocked] * (e.count - 1) + [FRESH])
            else:
                slots[e.seat].extend([FRESH] * e.count)
        elif kind == "pass":
            if e.reason and chose_to_draw == e.seat and rank is not None:  # (a draw by choice saw the rank)
                slots[e.seat][-1] = frozenset((_mark(colour), "#" + rank, "W"))
            chose_to_draw = None
        elif kind == "play":
            card = Card(e.cards[0])
            _remove_played(slots[e.seat], known[e.seat], card, chose_to_draw == e.seat)
            if chose_to_draw != e.seat and colour is not None and rank is not None:  # chosen from the hand
                plays[e.seat].append(Play(card, colour, rank, e.colour))
            if card.rank == "W+4":
                if may_bluff:  # a challenge tells
                    four = (e.seat, colour)
                else:  # played legally (an illegal one is penalised instead)
                    slots[e.seat] = [f | {_mark(colour)} for f in slots[e.seat]]
            colour, rank = e.colour or card.colour, card.rank
            chose_to_draw = None
        elif kind == "penalty":
            # The player keeps the card: a second penalty may well be the same one.
            card = Card(e.cards[0])
            if card not in known[e.seat]:
                known[e.seat].append(card)
    for s in others:
        _resize(slots[s], view.counts[s])
        slots[s].sort(key=len, reverse=True)
    unseen_cards = [Card(code) for code in sorted(unseen.elements())]
    return Knowledge(view.seat, unseen_cards, slots, known, plays)


def _move_hands(view: View, slots: dict[int, list[frozenset[str]]], known: dict[int, list[Card]], event: Event) -> None:
    """seven_zero: a swap of two hands or every hand passed one seat on
    (``event.count``: the seat swapped with, or the direction)."""
    players = view.players
    if event.kind == "swap":
        moves = {event.seat: event.count, event.count: event.seat}  # seat -> seat whose hand it gets
    else:
        moves = {seat: (seat - event.count) % players for seat in range(players)}
    old_slots, old_known = dict(slots), dict(known)
    for seat, source in moves.items():
        if seat == view.seat:
            continue
        slots[seat] = list(old_slots.get(source, []))  # this seat's own hand: fresh slots, resized later
        known[seat] = list(old_known.get(source, []))


def _resize(slots: list[frozenset[str]], count: int) -> None:
    """Make the slots as many as the cards the view says the hand holds
    (they agree unless the view was put together by hand), dropping the
    least marked ones or adding fresh ones."""
    if len(slots) > count:
        slots.sort(key=len, reverse=True)
        del slots[count:]
    slots.extend([FRESH] * (count - len(slots)))


def _remove_played(slots: list[frozenset[str]], known: list[Card], card: Card, just_drawn: bool) -> None:
    """Take the played card's slot out of a hand: the drawn card if it was
    just drawn, a known card, else the most marked slot it fits (none
    when the hand is one this seat gave away: its slots come at the end)."""
    if not slots:
        return
    if just_drawn:
        slots.pop()
        return
    if card in known:
        known.remove(card)
        slots.pop()
        return
    best = None
    for i, forbidden in enumerate(slots):
        if fits(card, forbidden) and (best is None or len(forbidden) > len(slots[best])):
            best = i
    if best is None:
        slots[:] = [FRESH] * (len(slots) - 1)
    else:
        del slots[best]
