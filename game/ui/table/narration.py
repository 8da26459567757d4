"""The words of the message bar: what each event means to the human player.

The message bar has two lines. The news line says what just happened
("Computer plays a green Skip", "Computer chose RED", "You draw two"); the
prompt line says what the player can do now. Seat 0 is "you", seat 1 the
computer ("Computer 3" and so on at a table of more than two); with several
people at one machine (a ``Seating`` given instead of a number of players)
every person is named and nobody is "you": "ANN plays a green Skip". Every
line fits the bar (at most ``MAX_CHARS`` characters).
"""

from __future__ import annotations

from game.rules.cards import COLOUR_NAMES, RANK_NAMES, Card
from game.rules.events import (
    BY_CHOICE,
    CAUGHT,
    CHALLENGE_LOST,
    CHALLENGED,
    DRAW_FOUR,
    DRAW_TWO,
    FIRST_CARD,
    FIRST_JESTER,
    JESTER,
    JUMP_IN,
    KINGS_CHOICE,
    PENALTY,
    Event,
)
from game.rules.teams import team_letter
from game.ui.seats.kinds import Seating

MAX_CHARS = 78
COUNT_WORDS = {1: "a card", 2: "two", 3: "three", 4: "four"}

RESHUFFLE_NEWS = "The discard pile is shuffled into a new draw pile"

PROMPT_PLAY = "Your turn: LEFT/RIGHT choose, RETURN plays, P picks up"
PROMPT_COLOUR = "Colour? Type R, G, Y or B (or LEFT/RIGHT, RETURN). BACKSPACE: other card"
PROMPT_STARTER_COLOUR = "A Wild is turned up: name the colour, R, G, Y or B (or LEFT/RIGHT, RETURN)"
PROMPT_COMPUTER = "The computer's turn..."
PROMPT_KING_COLOUR = "You are King: name the Wild's colour, R, G, Y or B (or LEFT/RIGHT, RETURN)"
NO_JUMP_IN = "J jumps in with a card identical to the top card, out of turn"
PROMPT_CATCH = "{name} forgot to call UNO! Press U to catch"
PROMPT_HANDOVER = "RETURN when only {name} can see the screen"
PROMPT_LATE_UNO = "You forgot UNO! Press U to call it before you are caught"
UNO_READY = "UNO! ready: your next card leaves you one"
HOUSE_RULES_STANDARD_ONLY = "House rules are for standard UNO: choose RULES: STANDARD first"
UNO_NOT_NOW = "U calls UNO as you play your next-to-last card, or catches a missed call"
PROMPT_WAIT = "Wait for your turn: your keys work again at the pip"
# When that would not be true: the fanfare took the turn, or (several people)
# a new hand is dealt face down before anybody's curtain.
PROMPT_FANFARE_WAIT = "Fanfare! A new King is crowned: your keys wait until it is done"
PROMPT_DEALING_WAIT = "Dealing: then the screen passes to the first to play"
PROMPT_NEXT_HAND = "Press RETURN for the next hand"
PROMPT_MATCH_RESULT = "Press RETURN for the result of the match"
PROMPT_NEW_MATCH = "Press RETURN to start a new match"

CONTINUED = "The match goes on where you left it"
CAUGHT_UP = "The table caught up with the server"
MATCH_WAS_OVER = "This match is over: here is how it ended"  # a finished online match, rejoined
HOSTING_ON = "Your table server runs on for your friends while they play"
HOSTING_ALONE = "Nobody else joined your table: HOST again opens a new one on your server"
ONLINE_MENU_NEWS = "Online, the table plays on: your turn time still runs"
WATCHING_MENU_NEWS = "Online, the table plays on while you look at the menu"
NOTHING_TO_CONTINUE = "No saved match to continue: choose PLAY for a new one"

SOUND_OFF = "Sound off (M turns it on)"
SOUND_ON = "Sound on"

MENU_HINT = "UP/DOWN choose, RETURN takes it. Y leaves the match, N or ESCAPE plays on"
WATCHING_MENU_HINT = "UP/DOWN choose, RETURN takes it. Y stops watching, N or ESCAPE watches on"


def colour_word(colour: str) -> str:
    """RED, GREEN, YELLOW or BLUE, as the 1991 program announced a colour."""
    return COLOUR_NAMES[colour].upper()


def card_words(code: str) -> str:
    """'red 7', 'green Skip', 'Wild Draw Four'."""
    return Card(code).name


Players = int | Seating  # a number of players (the 1991 seating) or who sits where


def seating_of(players: Players) -> Seating:
    return players if isinstance(players, Seating) else Seating.solo(players)


def _you(seat: int, players: Players) -> bool:
    return seat >= 0 and seating_of(players).you(seat)


def _two_computer(seat: int, players: Players) -> bool:
    """The computer of a table of two (1991's "the computer")."""
    seating = seating_of(players)
    return seating.players == 2 and seating.is_computer(seat)


def who(seat: int, players: Players = 2) -> str:
    """You, Computer, or Computer 3 at a table of more than two; a person's
    name (ANN) at a table of several people."""
    seating = seating_of(players)
    if seating.is_computer(seat):
        return "Computer" if seating.players == 2 else f"Computer {seating.numbers[seat]}"
    return "You" if seating.you(seat) else seating.name(seat)


def computer_turn_prompt(seat: int, players: Players) -> str:
    """While another seat plays: a computer, or a person behind the curtain."""
    seating = seating_of(players)
    if seating.is_computer(seat) and seating.players == 2:
        return PROMPT_COMPUTER
    return f"{who(seat, seating)}'s turn..."


def history_waits(name: str) -> str:
    """H on the curtain: the last messages are shown to the person in front, once the curtain opens."""
    return f"H shows the last messages once {name} has the screen"


def handover_prompt(name: str) -> str:
    """The curtain's line: the next decision is another person's."""
    return PROMPT_HANDOVER.format(name=name)


def catch_prompt(name: str, catcher: str | None) -> str:
    """Several people: who may catch a missed UNO call, and with which key."""
    if catcher is None:
        return PROMPT_CATCH.format(name=name)
    return f"{name} forgot UNO! U catches, K catches for {catcher}, a pad's Y for its own"[:MAX_CHARS]


def late_or_catch_prompt(name: str, catcher: str) -> str:
    """Several people: the person in front forgot UNO; the next may catch them."""
    return f"{name} forgot UNO! U calls it late; K: {catcher} catches (or a pad's Y)"[:MAX_CHARS]


def seat_keys(seats: list[int], you: int = 0) -> str:
    """The number keys that name ``seats`` (the seats' own numbers, the same
    for every person at the table, shown on the panels while one is chosen):
    "key 1", "keys 1-3", "keys 0-3, 0 is you" (``you``: the chooser's seat)."""
    low, high = min(seats), max(seats)
    keys = f"key {low}" if low == high else f"keys {low}-{high}"
    return f"{keys}, {you} is you" if you in seats else keys


def pick_prompt(kind: str, seats: list[int], you: int = 0) -> str:
    """Naming a seat: the Jester or the King's Choice (as King), or whom a
    Seven swaps hands with; only the keys of the seats at this table."""
    keys = seat_keys(seats, you)
    if kind == "jester":
        return f"You are King: pick the Jester, LEFT/RIGHT and RETURN (or {keys})"
    if kind == "target":
        return f"King's Choice: who draws one? LEFT/RIGHT and RETURN (or {keys})"
    return f"Seven! Swap hands with whom? LEFT/RIGHT and RETURN (or {keys})"


def drawn_prompt(code: str, forced: bool = False) -> str:
    if forced:
        return f"RETURN plays the {card_words(code)} you picked up: you must (forced play)"
    return f"RETURN plays the {card_words(code)} you picked up, P passes"


def drawn_must_play(code: str) -> str:
    return f"Forced play: the {card_words(code)} you picked up must be played"


def stack_prompt(cards: int) -> str:
    """Stacking: play a Draw Two (or Wild Draw Four) on the stack, or take it."""
    return f"A stack of {cards}! Play your own on it, or P takes them all"


def jump_in_prompt(code: str) -> str:
    return f"Jump in! J plays your {card_words(code)} now, out of turn"


DEALT_WITHOUT_YOUR_NONCE = "Dealt without asking for your nonce: this deal is not proven fair"


def refused(reason: str) -> str:
    """An action the rules refuse, with the engine's reason."""
    return f"Not allowed: {reason}"[:MAX_CHARS]


def drawn_only(code: str) -> str:
    """A click on another card while the card you picked up waits."""
    return f"Play the {card_words(code)} you picked up, or pass"


def refusal(code: str, top: str, colour: str) -> str:
    """Why a card the player chose cannot be played on the pile."""
    top_card = Card(top)
    rank = RANK_NAMES.get(top_card.rank, top_card.rank)
    match = colour_word(colour) if top_card.is_wild else f"{colour_word(colour)} or {rank}"
    return f"You can't play the {card_words(code)}: match {match}"


def stack_refusal(code: str, top: str) -> str:
    """Why a card cannot go on a stack (stacking): only the same kind may."""
    top_card = Card(top)
    rank = RANK_NAMES.get(top_card.rank, top_card.rank)
    return f"You can't play the {card_words(code)}: only a {rank} goes on the stack"


def no_bluffing_refusal(colour: str) -> str:
    """NO BLUFFING: a Wild Draw Four only without a card of the colour in play."""
    return f"You can't play the Wild Draw Four: you hold {colour_word(colour)} (no bluffing)"


def challenge_prompt(colour: str, stack: bool) -> str:
    """A Wild Draw Four on you: the colour in play before it, and the keys."""
    if stack:
        return f"+4 on you, {colour_word(colour)} before it: C challenges, A accepts, S stacks yours"
    return f"A Wild Draw Four on you, {colour_word(colour)} before it: C challenges, A accepts"


def revealed_title(owner: int | None, players: Players) -> str:
    """The heading over the challenged hand, shown as cards."""
    if owner is None:
        return "THE CHALLENGED HAND"
    name = "THE COMPUTER" if _two_computer(owner, players) else who(owner, players).upper()
    return f"{name}'S HAND, CHALLENGED"


def reveal_news(owner: int | None, colour: str | None, cards, players: Players) -> str:
    """What the challenged hand showed: whether it held the colour in play."""
    if owner is None or colour is None:
        return "The challenged hand is shown" if cards else "The challenged hand is empty"
    name = "The computer" if _two_computer(owner, players) else who(owner, players)
    held = any(Card(code).colour == colour for code in cards)
    if held:
        return f"{name}'s hand held {colour_word(colour)}: a bluff!"
    return f"{name}'s hand held no {colour_word(colour)}: the Wild Draw Four was fair"


def penalty_news(seat: int, colour: str, players: Players = 2) -> str:
    """Why a Wild Draw Four was penalised (the player held the colour in play)."""
    if _you(seat, players):
        return f"Penalty! You hold {colour_word(colour)}, so the Wild Draw Four is illegal: draw four"
    if not seating_of(players).is_computer(seat):  # a person: no "it"
        return f"Penalty! {who(seat, players)} held {colour_word(colour)}: draws four, keeps the Wild Draw Four"
    return f"Penalty! {who(seat, players)} held {colour_word(colour)}: it draws four and keeps its Wild Draw Four"


def deal_news(count: int, players: Players = 2) -> str:
    """The computer deals, as in the 1991 program; at a table of people only, nobody's computer."""
    seating = seating_of(players)
    if any(seating.is_computer(seat) for seat in range(seating.players)):
        return f"The computer deals {count} cards each"
    return f"{count} cards are dealt to each player"


def news(event: Event, players: Players = 2) -> str | None:
    """The news line for one event, or None when the event says nothing new.
    (A penalty names the colour in play before it: see ``penalty_news``.)"""
    kind, seat = event.kind, event.seat
    name = who(seat, players) if seat >= 0 else ""
    you = _you(seat, players)
    two = seating_of(players).players == 2 and not seating_of(players).several
    if kind == "deal":
        return deal_news(event.count, players)
    if kind == "turn_up":
        return f"Turned up: a {card_words(event.cards[0])}"
    if kind == "return":
        return "A Wild Draw Four turned up goes back into the pile"
    if kind == "play":
        return f"{name} {'play' if you else 'plays'} a {card_words(event.cards[0])}"
    if kind == "colour":
        assert event.colour is not None  # (a colour event names it)
        return f"{name} chose {colour_word(event.colour)}"
    if kind == "draw":
        return _draw_news(event, players)
    if kind == "skip":
        return "You miss a go" if you else f"{name} misses a go"
    if kind == "reverse":
        return "Play changes direction"
    if kind == "pass":
        return _pass_news(event, players)
    if kind == "reshuffle":
        return RESHUFFLE_NEWS
    if kind == "hand_end":
        verb = "go out and score" if you else "goes out and scores"
        return f"{name} {verb} {event.points} points"
    if kind == "match_end":
        return "You win the match!" if you else f"{'The computer' if two else name} wins the match"
    return _calls_news(event, name, you, players)


def catch_news(seat: int, caught: int | None, players: Players) -> str:
    """A catch: at a table of more than two, whose missed UNO call
    ("Computer 3 catches BOB's missed UNO call"); at a table of two, as 1991
    said it."""
    you = _you(seat, players)
    whose = "the"
    if caught is not None and seating_of(players).players > 2:
        whose = "your" if _you(caught, players) else f"{who(caught, players)}'s"
    return f"{who(seat, players)} {'catch' if you else 'catches'} {whose} missed UNO call"


def reverse_news(seat: int | None, players: Players) -> str:
    """A Reverse: who played it (None: turned up at the start of a hand)."""
    if seat is None:
        return "Play changes direction"
    return f"{who(seat, players)} {'change' if _you(seat, players) else 'changes'} the direction of play"


def match_end_news(event: Event, players: Players, sides: tuple[int, ...]) -> str | None:
    """Partners (``sides`` by place): the team that won the match, as the
    match's box says it in capitals ("Your team wins the match!"; with
    several people at this machine, nobody's "your": "Team B wins the
    match!"); None without teams, which ``news`` says."""
    if not sides:
        return None
    yours = not seating_of(players).several and sides[event.seat] == sides[0]
    return team_wins_news(sides[event.seat], yours)


def team_wins_news(side: int, yours: bool) -> str:
    """A match won by partners: "Your team wins the match!" or "Team B wins the match!"."""
    return "Your team wins the match!" if yours else f"Team {team_letter(side)} wins the match!"


def hand_end_news(event: Event, players: Players, sides: tuple[int, ...], tally: bool) -> str | None:
    """The end of a hand under the tally (the others add their own cards)
    or of partners (``sides`` by place: the team of the player who went out
    scores the other teams' cards, "your team" that of the person in front
    of the screen, or with the tally every team adds its own); None for a
    plain hand, which ``news`` says ("... goes out and scores 40 points")."""
    went = "You go out" if _you(event.seat, players) else f"{who(event.seat, players)} goes out"
    if sides and tally:
        return f"{went}: every team adds the cards left in its hands"
    if sides:
        return f"{went}: {'your' if sides[event.seat] == sides[0] else 'their'} team scores {event.points} points"
    return f"{went}: everyone else adds the cards left in their hand" if tally else None


def _calls_news(event: Event, name: str, you: bool, players: Players) -> str | None:
    """UNO calls and catches, the challenge, the King and the Jester."""
    kind = event.kind
    if kind == "uno":
        return f"{name} {'call' if you else 'calls'} UNO!"
    if kind == "exposed":
        return "You have one card and did not call UNO!" if you else f"{name} has one card and forgot UNO!"
    if kind == "catch":
        return f"{name} {'catch' if you else 'catches'} the missed UNO call"
    if kind == "challenge":
        verb = ("challenge" if you else "challenges") + " the Wild Draw Four"
        return f"{name} {verb}: {'a bluff!' if event.reason == 'wins' else 'it was fair'}"
    if kind == "accept":
        return f"{name} {'take' if you else 'takes'} the Wild Draw Four"
    if kind == "reveal":
        return "The challenged hand: " + " ".join(event.cards) if event.cards else "The challenged hand is empty"
    if kind == "king":
        return "You are King now!" if you else f"The crown passes to {name}"
    if kind == "jester":
        return "You wear the Jester's hat" if you else f"{name} wears the Jester's hat"
    if kind == "target":
        return "The King's Choice falls on you" if you else f"The King's Choice falls on {name}"
    if kind == "fanfare":
        return "Fanfare! A new King"
    if kind == "swap":
        other = who(event.count, players)
        return f"{name} {'swap' if you else 'swaps'} hands with {'you' if _you(event.count, players) else other}"
    if kind == "rotate":
        return "Every hand passes on to the next player"
    if kind == JUMP_IN:
        return f"{name} {'jump' if you else 'jumps'} in!"
    return None


def _draw_news(event: Event, players: Players = 2) -> str | None:
    human = _you(event.seat, players)
    two = seating_of(players).players == 2 and not seating_of(players).several
    name = who(event.seat, players)
    count = COUNT_WORDS.get(event.count, str(event.count))
    if event.reason == BY_CHOICE:
        return f"You pick up a {card_words(event.cards[0])}" if human else f"{name} picks up a card"
    if event.reason == PENALTY:
        return None  # the penalty message already says why four cards come
    if event.reason == FIRST_CARD:
        drawer = "you draw" if human else ("the computer" if two else name) + " draws"
        return f"A Draw Two turned up: {drawer} {count}"
    reasons = {
        CAUGHT: "caught without UNO",
        CHALLENGED: "caught bluffing",
        CHALLENGE_LOST: "the challenge failed",
        KINGS_CHOICE: "King's Choice",
        JESTER: "the Jester draws",
        FIRST_JESTER: "the Jester draws",
    }
    if event.reason in (DRAW_TWO, DRAW_FOUR):
        return f"You draw {count}" if human else f"{name} draws {count}"
    if event.reason in reasons:
        return f"{name} {'draw' if human else 'draws'} {count}: {reasons[event.reason]}"
    return f"{name} {'draw' if human else 'draws'} {count}"


def _pass_news(event: Event, players: Players = 2) -> str:
    name = who(event.seat, players)
    you = _you(event.seat, players)
    two = seating_of(players).players == 2 and not seating_of(players).several
    if event.reason == "nothing to draw":
        passer = "you pass" if you else ("the computer" if two else name) + " passes"
        return f"The draw pile is empty: {passer}"
    if event.reason:  # the drawn card cannot be played
        return "You can't play the card you picked up" if you else f"{name} passes"
    return "You pass" if you else f"{name} passes"
