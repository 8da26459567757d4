"""Your hand and every seat's count between the events of a batch, worked
back from the engine's now (the hand and counts after the last event).

A batch the choreographer stages (``choreography.py``) may hold more than
one move (an online table that fell behind, a rejoin): so that the deal
shows the cards dealt, not the cards left after the moves that followed
it, each event's steps are given the hand and counts as they were just
after it. Pure: no pyxel, no board.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.online.remote import HIDDEN
from game.rules.events import Event
from game.ui.seats.kinds import HUMAN


def hands_after(events: Sequence[Event], your_hand: list[str], face_down: bool = False) -> list[list[str] | None]:
    """Your hand after each of ``events``, worked back from ``your_hand``,
    the hand after the last: a card you played was in it before, the cards
    you drew were not, and before the deal it was empty. None where that
    cannot be known: before a hand was passed to you (Seven-O). ``face_down``:
    the hand is a watched seat's, every card of it ``HIDDEN``, those it
    plays too until they are played."""
    hands: list[list[str] | None] = [None] * len(events)
    hand: list[str] | None = list(your_hand)
    for index in range(len(events) - 1, -1, -1):
        hands[index] = None if hand is None else list(hand)
        if hand is not None:
            hand = _hand_before(events[index], hand, face_down)
    return hands


def drawn_to_you(event: Event) -> tuple[str, ...]:
    """The cards a draw of the seat at the bottom brought: its own, or as
    many ``HIDDEN`` (a watched seat's draw, face down)."""
    return event.cards or (HIDDEN,) * event.count


def _hand_before(event: Event, hand: list[str], face_down: bool) -> list[str] | None:
    if event.kind == "deal":
        return []
    if event.kind == "play" and event.seat == HUMAN:
        return [*hand, HIDDEN if face_down else event.cards[0]]
    if event.kind == "draw" and event.seat == HUMAN:
        before = list(hand)
        for code in reversed(drawn_to_you(event)):  # drawn cards were put at the end
            if code in before:
                del before[len(before) - 1 - before[::-1].index(code)]
        return before
    if event.kind == "rotate" or (event.kind == "swap" and HUMAN in (event.seat, event.count)):
        return None
    return hand


def seat_counts_after(events: Sequence[Event], counts: list[int] | None) -> list[list[int] | None]:
    """Every seat's count after each of ``events``, worked back from
    ``counts``, the counts after the last (None: not given)."""
    after: list[list[int] | None] = [None] * len(events)
    if counts is None:
        return after
    now = list(counts)
    for index in range(len(events) - 1, -1, -1):
        after[index] = list(now)
        now = _counts_before(events[index], now)
    return after


def _counts_before(event: Event, counts: list[int]) -> list[int]:
    before = list(counts)
    players = len(before)
    if event.kind == "deal":
        return [0] * players
    if event.kind == "play" and event.seat >= 0:
        before[event.seat] += 1
    elif event.kind == "draw" and event.seat >= 0:
        before[event.seat] -= event.count
    elif event.kind == "swap":
        before[event.seat], before[event.count] = counts[event.count], counts[event.seat]
    elif event.kind == "rotate":  # every hand passed ``count`` seats along
        before = [counts[(seat + event.count) % players] for seat in range(players)]
    return before
