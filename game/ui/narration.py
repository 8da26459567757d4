"""The words of the message bar: what each event means to the human player.

The message bar has two lines. The news line says what just happened
("Computer plays a green Skip", "Computer chose RED", "You draw two"); the
prompt line says what the player can do now. Seat 0 is "you", seat 1 the
computer. Every line fits the bar (at most ``MAX_CHARS`` characters).
"""

from __future__ import annotations

from game.rules.cards import COLOUR_NAMES, RANK_NAMES, Card
from game.rules.events import BY_CHOICE, DRAW_FOUR, DRAW_TWO, FIRST_CARD, PENALTY, Event

from .seats import HUMAN

MAX_CHARS = 78
COUNT_WORDS = {1: "a card", 2: "two", 3: "three", 4: "four"}

RESHUFFLE_NEWS = "The discard pile is shuffled into a new draw pile"

PROMPT_PLAY = "Your turn: LEFT/RIGHT choose, RETURN plays, P picks up"
PROMPT_COLOUR = "Colour? Type R, G, Y or B (or UP/DOWN, RETURN). LEFT/RIGHT: other card"
PROMPT_STARTER_COLOUR = "A Wild is turned up: name the colour, R, G, Y or B (or UP/DOWN, RETURN)"
PROMPT_COMPUTER = "The computer's turn..."
PROMPT_WAIT = "Wait for your turn: your keys work again at the pip"
PROMPT_NEXT_HAND = "Press RETURN for the next hand"
PROMPT_MATCH_RESULT = "Press RETURN for the result of the match"
PROMPT_NEW_MATCH = "Press RETURN to start a new match"

CONTINUED = "The match goes on where you left it"
NOTHING_TO_CONTINUE = "No saved match to continue: choose PLAY for a new one"

SOUND_OFF = "Sound off (M turns it on)"
SOUND_ON = "Sound on"

MENU_HINT = "UP/DOWN choose, RETURN takes it. Y leaves the match, N or ESCAPE plays on"


def colour_word(colour: str) -> str:
    """RED, GREEN, YELLOW or BLUE, as the 1991 program announced a colour."""
    return COLOUR_NAMES[colour].upper()


def card_words(code: str) -> str:
    """'red 7', 'green Skip', 'Wild Draw Four'."""
    return Card(code).name


def who(seat: int) -> str:
    return "You" if seat == HUMAN else "Computer"


def drawn_prompt(code: str) -> str:
    return f"RETURN plays the {card_words(code)} you picked up, P passes"


def drawn_only(code: str) -> str:
    """A click on another card while the card you picked up waits."""
    return f"Play the {card_words(code)} you picked up, or pass"


def refusal(code: str, top: str, colour: str) -> str:
    """Why a card the player chose cannot be played on the pile."""
    top_card = Card(top)
    rank = RANK_NAMES.get(top_card.rank, top_card.rank)
    match = colour_word(colour) if top_card.is_wild else f"{colour_word(colour)} or {rank}"
    return f"You can't play the {card_words(code)}: match {match}"


def penalty_news(seat: int, colour: str) -> str:
    """Why a Wild Draw Four was penalised (the player held the colour in play)."""
    if seat == HUMAN:
        return f"Penalty! You hold {colour_word(colour)}, so the Wild Draw Four is illegal: draw four"
    return f"Penalty! Computer held {colour_word(colour)}: it draws four and keeps its Wild Draw Four"


def news(event: Event) -> str | None:
    """The news line for one event, or None when the event says nothing new.
    (A penalty names the colour in play before it: see ``penalty_news``.)"""
    kind, seat = event.kind, event.seat
    if kind == "deal":
        return f"The computer deals {event.count} cards each"
    if kind == "turn_up":
        return f"Turned up: a {card_words(event.cards[0])}"
    if kind == "return":
        return "A Wild Draw Four turned up goes back into the pile"
    if kind == "play":
        return f"{who(seat)} {'play' if seat == HUMAN else 'plays'} a {card_words(event.cards[0])}"
    if kind == "colour":
        return f"{who(seat)} chose {colour_word(event.colour)}"
    if kind == "draw":
        return _draw_news(event)
    if kind == "skip":
        return "You miss a go" if seat == HUMAN else "Computer misses a go"
    if kind == "reverse":
        return "Play changes direction"
    if kind == "pass":
        return _pass_news(event)
    if kind == "reshuffle":
        return RESHUFFLE_NEWS
    if kind == "hand_end":
        verb = "go out and score" if seat == HUMAN else "goes out and scores"
        return f"{who(seat)} {verb} {event.points} points"
    if kind == "match_end":
        return "You win the match!" if seat == HUMAN else "The computer wins the match"
    return None


def _draw_news(event: Event) -> str | None:
    human = event.seat == HUMAN
    count = COUNT_WORDS.get(event.count, str(event.count))
    if event.reason == BY_CHOICE:
        return f"You pick up a {card_words(event.cards[0])}" if human else "Computer picks up a card"
    if event.reason == PENALTY:
        return None  # the penalty message already says why four cards come
    if event.reason == FIRST_CARD:
        return f"A Draw Two turned up: {'you draw' if human else 'the computer draws'} {count}"
    if event.reason in (DRAW_TWO, DRAW_FOUR):
        return f"You draw {count}" if human else f"Computer draws {count}"
    return f"{who(event.seat)} {'draw' if human else 'draws'} {count}"


def _pass_news(event: Event) -> str:
    if event.reason == "nothing to draw":
        return f"The draw pile is empty: {'you pass' if event.seat == HUMAN else 'the computer passes'}"
    if event.reason:  # the drawn card cannot be played
        return "You can't play the card you picked up" if event.seat == HUMAN else "Computer passes"
    return "You pass" if event.seat == HUMAN else "Computer passes"
