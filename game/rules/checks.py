"""Why an action is refused: the checks ``Game.act`` makes before it
changes anything, and the words of each refusal (``IllegalAction``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, IllegalAction
from .cards import COLOUR_NAMES, Card
from .common import WildDrawFour
from .state import Pending

if TYPE_CHECKING:
    from .game import Game

WILD_DRAW_FOUR = Card("W+4")
_MISPLACED_CALL = "UNO is called with the play that leaves you one card"


def check_in_turn(game: Game, action: Action) -> None:
    """Raise IllegalAction unless the parsed in-turn action may be taken now."""
    verb, card = action.verb, action.card
    if game.hand_over:
        raise IllegalAction("the hand is over" + ("" if game.match_over else ": start the next hand"))
    pending = game._pending
    if pending is not None:
        game._choices[pending.kind].check(game, action, pending)
        return
    if verb in game._unasked:
        raise IllegalAction(game._unasked[verb])
    if verb == "pass":
        if game._drawn is None:
            raise IllegalAction("you may pass only after drawing a card you could play")
        if not game._after_drawing:
            raise IllegalAction(f"the drawn {game._drawn.code} can be played, so it must be (forced play)")
        return
    turn = game.turn
    assert turn is not None
    hand = game._hands[turn]
    if game._drawn is not None:
        if verb == "draw":
            raise IllegalAction(f"you have drawn already: play {game._drawn.code} or pass")
        if card is not game._drawn:
            raise IllegalAction(f"after drawing, only the drawn card {game._drawn.code} may be played")
    elif card is not None:
        check_card(game, card, hand)
    if card is None:
        return
    # check_call, written out: this is the path of every play.
    if action.uno and len(hand) != 2:
        raise IllegalAction(_MISPLACED_CALL)
    if game._play_check is not None:
        game._play_check(game, action, hand, turn)


def check_card(game: Game, card: Card, hand: list[Card]) -> None:
    """A card played from the hand: held, matching, and no refused Wild Draw Four."""
    if card not in hand:
        raise IllegalAction(f"{card.code} is not in your hand")
    if not card.is_wild and card.colour != game.colour and not game.same_kind(card):
        raise IllegalAction(f"{card.code} matches neither the colour {game.colour} nor the {game._discard[-1].code}")
    if card is WILD_DRAW_FOUR and game._wild_draw_four is WildDrawFour.REFUSED and game.holds_colour(hand):
        refuse_bluff(game)


def refuse_bluff(game: Game) -> None:
    raise IllegalAction(f"you hold {COLOUR_NAMES[game.colour or '']}: no bluffing with a Wild Draw Four")


def check_call(game: Game, action: Action, hand: list[Card], seat: int) -> None:
    """The UNO call, and the house rules' checks, of a play from ``hand``."""
    if action.uno and len(hand) != 2:
        raise IllegalAction(_MISPLACED_CALL)
    if game._play_check is not None:
        game._play_check(game, action, hand, seat)


def waiting_for(game: Game, pending: Pending) -> str:
    """What the seat that must choose is told when it tries anything else."""
    return game._choices[pending.kind].waiting(game, pending)


def refuse_out_of_turn(game: Game, seat: int, also: str = "") -> None:
    """Another seat tried more than ``uno`` or ``catch`` (``also``: what else it may do)."""
    pending = game._pending
    if pending is not None and game._choices[pending.kind].by_the_king:
        raise IllegalAction(f"only the King, seat {game.turn}, chooses now; seat {seat} may only call uno or catch")
    raise IllegalAction(f"it is seat {game.turn}'s turn: seat {seat} may only call uno or catch now{also}")


def check_call_or_catch(game: Game, verb: str, seat: int | None) -> int:
    """``uno`` may come from the exposed seat, ``catch`` from any other;
    returns the exposed seat."""
    if game.hand_over:
        raise IllegalAction("the hand is over")
    exposed = game._exposed
    if exposed is None:
        raise IllegalAction(f"nobody can be caught or call late now: {verb} is for a missed UNO call")
    if verb == "uno" and seat != exposed:
        raise IllegalAction(f"only seat {exposed}, left with one card, may call UNO now")
    if verb == "catch" and seat == exposed:
        raise IllegalAction("you cannot catch yourself: call uno")
    return exposed
