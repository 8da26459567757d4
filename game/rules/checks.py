"""Why an action is refused: the checks ``Game.act`` makes before it
changes anything, and the words of each refusal (``IllegalAction``)."""

from __future__ import annotations

from .actions import Action, IllegalAction
from .cards import COLOUR_NAMES, Card
from .state import Pending
from .surface import GameSurface

WILD_DRAW_FOUR = Card("W+4")
_MISPLACED_CALL = "UNO is called with the play that leaves you one card"


def check_in_turn(game: GameSurface, action: Action) -> None:
    """Raise IllegalAction unless the parsed in-turn action may be taken now."""
    verb, card = action.verb, action.card
    if game.hand_over:
        raise IllegalAction("the hand is over" + ("" if game.match_over else ": start the next hand"))
    pending, hooks = game.pending, game.hooks
    if pending is not None:
        hooks.choices[pending.kind].check(game, action, pending)
        return
    if verb in hooks.unasked:
        raise IllegalAction(hooks.unasked[verb])
    if verb == "pass":
        if game.drawn_card is None:
            raise IllegalAction("you may pass only after drawing a card you could play")
        if not hooks.after_drawing:
            raise IllegalAction(f"the drawn {game.drawn_card.code} can be played, so it must be (forced play)")
        return
    turn = game.turn
    assert turn is not None
    hand = game.cards_in_hand[turn]
    if game.drawn_card is not None:
        if verb == "draw":
            raise IllegalAction(f"you have drawn already: play {game.drawn_card.code} or pass")
        if card is not game.drawn_card:
            raise IllegalAction(f"after drawing, only the drawn card {game.drawn_card.code} may be played")
    elif card is not None:
        check_card(game, card, hand)
    if card is None:
        return
    # check_call, written out: this is the path of every play.
    if action.uno and len(hand) != 2:
        raise IllegalAction(_MISPLACED_CALL)
    play_check = hooks.play_check
    if play_check is not None:
        play_check(game, action, hand, turn)


def check_card(game: GameSurface, card: Card, hand: list[Card]) -> None:
    """A card played from the hand: held, matching, and no refused Wild Draw Four."""
    if card not in hand:
        raise IllegalAction(f"{card.code} is not in your hand")
    if not card.is_wild and card.colour != game.colour and not game.same_kind(card):
        raise IllegalAction(f"{card.code} matches neither the colour {game.colour} nor the {game.top_card.code}")
    if card is WILD_DRAW_FOUR and game.hooks.refuses_bluff and game.holds_colour(hand):
        refuse_bluff(game)


def refuse_bluff(game: GameSurface) -> None:
    raise IllegalAction(f"you hold {COLOUR_NAMES[game.colour or '']}: no bluffing with a Wild Draw Four")


def check_call(game: GameSurface, action: Action, hand: list[Card], seat: int) -> None:
    """The UNO call, and the house rules' checks, of a play from ``hand``."""
    if action.uno and len(hand) != 2:
        raise IllegalAction(_MISPLACED_CALL)
    play_check = game.hooks.play_check
    if play_check is not None:
        play_check(game, action, hand, seat)


def waiting_for(game: GameSurface, pending: Pending) -> str:
    """What the seat that must choose is told when it tries anything else."""
    return game.hooks.choices[pending.kind].waiting(game, pending)


def refuse_out_of_turn(game: GameSurface, seat: int, also: str = "") -> None:
    """Another seat tried more than ``uno`` or ``catch`` (``also``: what else it may do)."""
    pending = game.pending
    if pending is not None and game.hooks.choices[pending.kind].by_the_king:
        raise IllegalAction(f"only the King, seat {game.turn}, chooses now; seat {seat} may only call uno or catch")
    raise IllegalAction(f"it is seat {game.turn}'s turn: seat {seat} may only call uno or catch now{also}")


def check_call_or_catch(game: GameSurface, verb: str, seat: int | None) -> int:
    """``uno`` may come from the exposed seat, ``catch`` from any other;
    returns the exposed seat."""
    if game.hand_over:
        raise IllegalAction("the hand is over")
    exposed = game.exposed
    if exposed is None:
        raise IllegalAction(f"nobody can be caught or call late now: {verb} is for a missed UNO call")
    if verb == "uno" and seat != exposed:
        raise IllegalAction(f"only seat {exposed}, left with one card, may call UNO now")
    if verb == "catch" and seat == exposed:
        raise IllegalAction("you cannot catch yourself: call uno")
    if verb == "catch" and seat is not None and game.sides[seat] == game.sides[exposed]:
        raise IllegalAction(f"seat {exposed} is your partner: only the other teams may catch a missed UNO call")
    return exposed
