"""House rules: named options of the standard rule set, all off by default.

    Game("standard", 4, house=("stacking", "seven_zero"))

Each is a ``HouseRule``: its name, its line for the menu (at most 70
characters), what the menu, the message bar and the table call it, and the
hooks it fills; ``docs/rules.md`` explains each in full,
with every decision the printed rules leave open. A hook left empty keeps
the standard rules. Each rule changes the notation and explains its own
texts; every other hook is filled by one house rule at most (a card's
effect, a choice, drawing...), so any set of them plays together
(``tests/test_rules_house.py`` checks it). To add one: write its hooks
and its names here, add it to ``HOUSE_RULES``, and explain it in
``docs/rules.md`` (``docs/architecture.md`` lists the files it touches).
Callers outside ``game.rules`` ask the questions below
(``plays_out_of_turn``, ``illegal_wild_draw_four``, ``HouseRule.in_play``)
and never name a house rule in quotes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from .actions import Action, IllegalAction
from .cards import RANK_NAMES, Card
from .checks import check_call, refuse_bluff, refuse_out_of_turn, waiting_for
from .choices import Choice
from .common import MAX_PLAYERS, CardEffect, RuleSet, WildDrawFour, miss_turn
from .events import BY_CHOICE, DRAW_FOUR, DRAW_TWO, Event
from .rulesets import CHALLENGE, ChallengeChoice
from .state import Pending
from .surface import GameSurface

# A seat's legal actions, changed: (the game, the seat, the actions so far).
Listing = Callable[["GameSurface", int, list[str]], list[str]]
# A check of a play from a hand, after the engine's own: (the game, the
# play, the hand, the seat). Raises IllegalAction.
PlayCheck = Callable[["GameSurface", Action, list[Card], int], None]
# The plays open to a seat out of turn, and their check: (the game, the seat).
OutOfTurn = Callable[["GameSurface", int], list[str]]
OutOfTurnCheck = Callable[["GameSurface", Action, int], None]
# Drawing by choice: (the game, the seat, the events so far) -> the cards drawn.
Drawing = Callable[["GameSurface", int, list[Event]], list[Card]]
# Why a text is no action: (the text, its words, whether this house rule is
# in play) -> the reason, or None when it is not this rule's to explain.
Explanation = Callable[[str, list[str], bool], "str | None"]


@dataclass(frozen=True)
class HouseRule:
    """A house rule: ``name`` (records, settings, flags), ``line`` (the
    menu's one line, at most ``LINE_CHARS``), ``title`` (its name on the
    menu, the message bar and the table's tags: "STACKING"),
    ``short_title`` (the table's tag where every title does not fit:
    "STACK"), and its hooks. A name missing or too long is refused when
    this module loads.

    ``effects``: what the cards it changes do once played, by rank.
    ``choices``: the choices it asks for or changes, by ``Pending.kind``.
    ``notation``: changes the table of action texts (adds or removes some).
    ``listing``: changes a seat's legal actions. ``play_check``: checks a
    play further. ``out_of_turn`` and ``out_of_turn_check``: plays another
    seat may make. ``drawing``: how a player draws by choice.
    ``must_play_drawn``: a drawn card that can be played may not be kept.
    ``illegal_wild_draw_four``: what becomes of a Wild Draw Four played
    holding the colour, if this rule decides it. ``explain``: why a text
    that belongs to this rule is no action.
    """

    name: str
    line: str
    title: str
    short_title: str
    effects: Mapping[str, CardEffect] = field(default_factory=dict)
    choices: Mapping[str, Choice] = field(default_factory=dict)
    notation: Callable[[dict[str, Action]], None] | None = None
    listing: Listing | None = None
    play_check: PlayCheck | None = None
    out_of_turn: OutOfTurn | None = None
    out_of_turn_check: OutOfTurnCheck | None = None
    drawing: Drawing | None = None
    must_play_drawn: bool = False
    illegal_wild_draw_four: WildDrawFour | None = None
    explain: Explanation | None = None

    def __post_init__(self) -> None:
        for field_name in ("name", "line", "title", "short_title"):
            if not getattr(self, field_name):
                raise ValueError(f"house rule {self.name!r} has no {field_name}")
        if len(self.line) > LINE_CHARS:
            raise ValueError(f"house rule {self.name!r}: its line is over {LINE_CHARS} characters")

    def in_play(self, house: Iterable[str]) -> bool:
        """Whether this rule is among the house rules ``house`` names."""
        return self.name in house


# The most characters of a house rule's line on the menu.
LINE_CHARS = 70


def plays_of(game: GameSurface, hand: list[Card], card: Card) -> tuple[str, ...]:
    """The texts that play ``card`` from ``hand`` (with the UNO call where it leaves one card)."""
    return (game.hooks.uno_texts if len(hand) == 2 else game.hooks.play_texts)[card]


# ----- stacking -------------------------------------------------------------------

PENALTY_CARDS = {"+2": (2, DRAW_TWO), "W+4": (4, DRAW_FOUR)}


def stack(game: GameSurface, seat: int, action: Action, colour_before: str | None, events: list[Event]) -> None:
    """A Draw Two or Wild Draw Four adds its cards to the stack it was
    played on, and the next player must stack in turn or take them all (a
    Wild Draw Four may be challenged first). On a last card the next player
    takes the stack at once."""
    card = action.card
    assert card is not None
    pending, game.pending = game.pending, None
    count, reason = PENALTY_CARDS[card.rank]
    penalty = count + (0 if pending is None else pending.penalty)
    target = game.next_seat(seat)
    hand = game.cards_in_hand[seat]
    if not hand:
        game.give(target, penalty, reason, events)
        game.end_hand(seat, events)
    elif card.rank == "W+4" and game.hooks.bluffs:
        game.bluff = any(card.colour == colour_before for card in hand)
        game.ask(Pending(CHALLENGE.kind, target, target, seat, colour_before, penalty=penalty), events)
    else:
        game.ask(Pending(STACK.kind, target, target, seat, penalty=penalty), events)


def stack_plays(game: GameSurface) -> list[str]:
    """The plays of a card like the top one (Draw Two on Draw Two, Wild
    Draw Four on Wild Draw Four, then legal only where bluffing is)."""
    hand = game.cards_in_hand[game.turn_seat()]
    rank = game.top_card.rank
    if rank == "W+4" and not game.hooks.bluffs and game.holds_colour(hand):
        return []
    return [
        text
        for card in dict.fromkeys(card for card in hand if card.rank == rank)
        for text in plays_of(game, hand, card)
    ]


def check_stack_play(game: GameSurface, action: Action, pending: Pending) -> None:
    card, seat = action.card, game.turn_seat()
    assert card is not None
    hand, top = game.cards_in_hand[seat], game.top_card
    if card.rank != top.rank:
        name = RANK_NAMES[top.rank]
        raise IllegalAction(f"only a {name} stacks on a {name}: " + waiting_for(game, pending))
    if card not in hand:
        raise IllegalAction(f"{card.code} is not in your hand")
    if card.rank == "W+4" and not game.hooks.bluffs and game.holds_colour(hand):
        refuse_bluff(game)
    check_call(game, action, hand, seat)


class StackChoice(Choice):
    """Cards stacked on you: stack one more like the top card, or draw them all and miss the turn."""

    kind = "stack"
    verbs = ("draw",)

    def listed(self, game: GameSurface, pending: Pending) -> list[str]:
        return [*stack_plays(game), "draw"]

    def waiting(self, game: GameSurface, pending: Pending) -> str:
        name = RANK_NAMES[game.top_card.rank]
        return f"{pending.penalty} cards are stacked on you: stack a {name} or draw them"

    def check(self, game: GameSurface, action: Action, pending: Pending) -> None:
        if action.verb == "play":
            check_stack_play(game, action, pending)
        else:
            super().check(game, action, pending)

    def answer(self, game: GameSurface, pending: Pending, action: Action, events: list[Event]) -> None:
        seat = pending.seat
        game.give(seat, pending.penalty, PENALTY_CARDS[game.top_card.rank][1], events)
        miss_turn(game, seat, events)


class ChallengeOrStack(ChallengeChoice):
    """A Wild Draw Four played on you, with stacking: challenge, accept, or stack one of your own."""

    def listed(self, game: GameSurface, pending: Pending) -> list[str]:
        return [*self.verbs, *stack_plays(game)]

    def waiting(self, game: GameSurface, pending: Pending) -> str:
        return "a Wild Draw Four was played on you: challenge, accept or stack a Wild Draw Four"

    def check(self, game: GameSurface, action: Action, pending: Pending) -> None:
        if action.verb == "play":
            check_stack_play(game, action, pending)
        else:
            super().check(game, action, pending)


STACK = StackChoice()
STACKING = HouseRule(
    "stacking",
    "Draw Two on Draw Two, +4 on +4: who can't stack draws all",
    "STACKING",
    "STACK",
    effects={"+2": stack, "W+4": stack},
    choices={STACK.kind: STACK, CHALLENGE.kind: ChallengeOrStack()},
)

# ----- seven_zero -----------------------------------------------------------------

SWAP_RANK = "7"  # its player swaps hands; a 0 passes every hand on
_SEVEN_PLAYS = frozenset(f"play {colour}{SWAP_RANK}{call}" for colour in "RGYB" for call in ("", " uno"))


def move_hands(game: GameSurface, seat: int, action: Action, colour_before: str | None, events: list[Event]) -> None:
    """After a 0 every hand passes one seat along the direction of play;
    after a 7 its player swaps hands with the seat the play names, or
    chooses whom to (``swap S``) when it did not say. A last card ends the
    hand with nothing moved."""
    if not game.cards_in_hand[seat]:
        game.end_hand(seat, events)
        return
    assert action.card is not None
    target = game.next_seat(seat)
    if action.card.rank == "0":
        players, step = game.players, game.direction
        hands = game.cards_in_hand
        game.cards_in_hand = [hands[(receiver - step) % players] for receiver in range(players)]
        if game.exposed is not None:
            game.exposed = (game.exposed + step) % players
        events.append(Event("rotate", seat, count=step))
    elif action.seat is None:
        game.ask(Pending(SWAP.kind, seat, target, seat), events)
        return
    else:
        swap_hands(game, seat, action.seat, events)
    game.end_turn(target, events)


def swap_hands(game: GameSurface, seat: int, other: int, events: list[Event]) -> None:
    """Two seats swap hands; a missed UNO call goes with its hand."""
    hands = game.cards_in_hand
    hands[seat], hands[other] = hands[other], hands[seat]
    if game.exposed in (seat, other):
        game.exposed = seat + other - game.exposed
    events.append(Event("swap", seat, count=other))


class SwapChoice(Choice):
    """After a 7 played without naming the seat: whom its player swaps
    hands with. The second half of the play, so a missed UNO call stays open."""

    kind = "swap"
    verbs = ("swap",)
    unasked = "hands are swapped after playing a 7: play R7 swap 2, or play R7 then swap 2"
    keeps_call_window = True

    def listed(self, game: GameSurface, pending: Pending) -> list[str]:
        return [f"swap {seat}" for seat in range(game.players) if seat != pending.seat]

    def waiting(self, game: GameSurface, pending: Pending) -> str:
        return "first choose whom to swap hands with: swap SEAT"

    def answer(self, game: GameSurface, pending: Pending, action: Action, events: list[Event]) -> None:
        assert action.seat is not None
        swap_hands(game, pending.seat, action.seat, events)
        game.end_turn(pending.resume, events)


def swap_actions(table: dict[str, Action]) -> None:
    """``swap S`` after a 7, and each play of a 7 with its swap in one (``play R7 swap 2``)."""
    actions = {f"swap {seat}": Action("swap", seat=seat) for seat in range(MAX_PLAYERS)}
    for text, action in table.items():
        if action.verb == "play" and action.card is not None and action.card.rank == SWAP_RANK:
            actions.update({f"{text} swap {seat}": action._replace(seat=seat) for seat in range(MAX_PLAYERS)})
    table.update(actions)


def with_swaps(game: GameSurface, seat: int, actions: list[str]) -> list[str]:
    """Each play of a 7 but the last card, also with its swap in one action."""
    if len(game.cards_in_hand[seat]) == 1 or _SEVEN_PLAYS.isdisjoint(actions):
        return actions
    others = [other for other in range(game.players) if other != seat]
    listed = []
    for text in actions:
        listed.append(text)
        if text in _SEVEN_PLAYS:
            listed += [f"{text} swap {other}" for other in others]
    return listed


def check_swap(game: GameSurface, action: Action, hand: list[Card], seat: int) -> None:
    """A play that names a seat to swap with: not the last card, and another seat."""
    if action.seat is None:
        return
    assert action.card is not None
    if len(hand) == 1:
        raise IllegalAction(f"your last card ends the hand: play {action.card.code}, with no swap")
    if action.seat == seat or action.seat >= game.players:
        others = ", ".join(str(other) for other in range(game.players) if other != seat)
        raise IllegalAction(f"swap hands with another seat: {others}")


def explain_swap(text: str, words: list[str], in_play: bool) -> str | None:
    if words[0] != "swap" and not (words[0] == "play" and "swap" in words):
        return None
    if not in_play:
        return "hands are swapped only with the house rule seven_zero"
    if words[0] == "play":
        return f"only a 7 swaps hands: play R7 swap 2 (or play R7 uno swap 2), not {text!r}"
    return f"swap takes a seat number: swap 2, not {text!r}"


SWAP = SwapChoice()
SEVEN_ZERO = HouseRule(
    "seven_zero",
    "a 7 swaps hands with a player you choose; a 0 passes all hands on",
    "SEVEN-O",
    "7-0",
    effects={SWAP_RANK: move_hands, "0": move_hands},
    choices={SWAP.kind: SWAP},
    notation=swap_actions,
    listing=with_swaps,
    play_check=check_swap,
    explain=explain_swap,
)

# ----- jump_in --------------------------------------------------------------------


def jump_ins(game: GameSurface, seat: int) -> list[str]:
    """The plays out of turn of a card identical to the top card, whenever no choice is pending."""
    top = game.top_card
    hand = game.cards_in_hand[seat]
    if game.pending is not None or top.is_wild or top not in hand:
        return []
    return list(plays_of(game, hand, top))


def check_jump_in(game: GameSurface, action: Action, seat: int) -> None:
    """Raise IllegalAction unless ``seat``, out of turn, may jump in with this play."""
    if action.verb != "play":
        refuse_out_of_turn(game, seat, ", or jump in with a card identical to the top card")
    if game.hand_over:
        raise IllegalAction("the hand is over")
    if game.pending is not None:
        raise IllegalAction("nobody jumps in while a choice is made: " + waiting_for(game, game.pending))
    top, hand = game.top_card, game.cards_in_hand[seat]
    if top.is_wild:
        raise IllegalAction("nobody jumps in on a wild card")
    if action.card is not top:
        raise IllegalAction(f"seat {seat} may jump in only with a card identical to the {top.code}")
    if top not in hand:
        raise IllegalAction(f"{top.code} is not in seat {seat}'s hand")
    check_call(game, action, hand, seat)


JUMP_IN = HouseRule(
    "jump_in",
    "play an identical card out of turn; play goes on from you",
    "JUMP-IN",
    "JUMP-IN",
    out_of_turn=jump_ins,
    out_of_turn_check=check_jump_in,
)

# ----- draw_to_match --------------------------------------------------------------


def draw_until_playable(game: GameSurface, seat: int, events: list[Event]) -> list[Card]:
    """Draw one card at a time until one can be played or none is left; one
    draw event for the cards before a reshuffle and one for those after."""
    hand = game.cards_in_hand[seat]
    taken: list[Card] = []
    since_shuffle: list[Card] = []
    while True:
        if not game.draw_cards:
            note_draw(seat, since_shuffle, events)
            since_shuffle = []
            game.reshuffle(events)
            if not game.draw_cards:
                break
        card = game.draw_cards.pop()
        hand.append(card)
        taken.append(card)
        since_shuffle.append(card)
        if game.playable(card, hand):
            break
    note_draw(seat, since_shuffle, events)
    return taken


def note_draw(seat: int, drawn: list[Card], events: list[Event]) -> None:
    if drawn:
        events.append(Event("draw", seat, tuple([card.code for card in drawn]), len(drawn), "", BY_CHOICE))


DRAW_TO_MATCH = HouseRule(
    "draw_to_match", "draw until you get a card you can play", "DRAW TO MATCH", "DRAW", drawing=draw_until_playable
)

# ----- forced_play and no_bluffing ------------------------------------------------

FORCED_PLAY = HouseRule(
    "forced_play", "a drawn card that can be played must be played", "FORCED PLAY", "FORCED", must_play_drawn=True
)


def drop_challenge(table: dict[str, Action]) -> None:
    for verb in CHALLENGE.verbs:
        table.pop(verb, None)


def explain_no_challenge(text: str, words: list[str], in_play: bool) -> str | None:
    if in_play and words[0] in CHALLENGE.verbs:
        return "there is no Wild Draw Four challenge with the house rule no_bluffing"
    return None


NO_BLUFFING = HouseRule(
    "no_bluffing",
    "Wild Draw Four only without the colour in play: no challenge",
    "NO BLUFFING",
    "NO BLUFF",
    notation=drop_challenge,
    illegal_wild_draw_four=WildDrawFour.REFUSED,
    explain=explain_no_challenge,
)

HOUSE_RULES = {rule.name: rule for rule in (STACKING, SEVEN_ZERO, JUMP_IN, DRAW_TO_MATCH, FORCED_PLAY, NO_BLUFFING)}


def house_rules(rules: RuleSet, names: object) -> tuple[str, ...]:
    """The house rules ``names`` in their canonical order, checked: each
    known, given as a list or tuple of names, and only for a rule set that
    takes them (standard: 1991 is the program as it was; Royal Revenge has
    rules of its own)."""
    if isinstance(names, str) or not isinstance(names, (list, tuple, set, frozenset)):
        raise ValueError(f"house takes a list or tuple of house rule names, not {names!r}")
    unknown = [name for name in names if name not in HOUSE_RULES]
    if unknown:
        raise ValueError(f"unknown house rule {unknown[0]!r}: known house rules are {', '.join(HOUSE_RULES)}")
    if names and not rules.house_rules:
        raise ValueError(f"house rules are options of the standard rules only, not of rules {rules.name}")
    return tuple(name for name in HOUSE_RULES if name in names)


def plays_out_of_turn(house: Iterable[str]) -> bool:
    """Whether, with the house rules ``house``, a seat may play out of turn (jump_in)."""
    return any(HOUSE_RULES[name].out_of_turn is not None for name in house)


def illegal_wild_draw_four(rules: RuleSet, house: Iterable[str]) -> WildDrawFour:
    """What becomes of a Wild Draw Four played holding the colour in play,
    with the rule set ``rules`` and the house rules ``house`` (no_bluffing
    refuses it where the standard rules let it be challenged)."""
    found = rules.illegal_wild_draw_four
    for name in house:
        found = HOUSE_RULES[name].illegal_wild_draw_four or found
    return found
