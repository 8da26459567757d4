"""The prompt line under the table, derived each frame from the table as
it is on screen: what the person in front may do, whose turn it is, and
the keys of the moment (catching a missed UNO call, jumping in)."""

from __future__ import annotations

from typing import Protocol

from game.ui.seats.kinds import Seating
from game.ui.seats.person import PersonTurn
from game.ui.table import narration
from game.ui.table.animation import Timeline
from game.ui.table.board import Board
from game.ui.table.source import TableGame


class PromptTable(Protocol):
    """What the prompt line reads of the table (``Match``)."""

    game: TableGame
    board: Board
    person: PersonTurn
    seating: Seating
    timeline: Timeline
    frame: int
    players: int
    in_front: int | None

    @property
    def waiting_for_you(self) -> bool: ...

    def seat(self, place: int) -> int: ...
    def place_of(self, seat: int | None) -> int | None: ...


def prompt_line(table: PromptTable) -> str:
    """The prompt line, derived each frame from the table as it is on
    screen (never from a moment that has gone): what you may do while the
    table waits for you, whose turn the table shows, "wait" for a moment
    after a key refused out of turn; over these, while a missed UNO call
    shows (and may still be caught), U catches or calls late (with
    several people: who may catch, and with which key), and while the
    table is still and you hold a card identical to the top card, J
    jumps in (one person only: with several, the prompt would tell the
    others what you hold)."""
    game, board, person = table.game, table.board, table.person
    if table.waiting_for_you:
        prompt = person.table_prompt()
    elif board.turn is not None and (board.turn != 0 or not table.seating.people) and not game.hand_over:
        prompt = narration.computer_turn_prompt(table.seat(board.turn), table.seating)
    else:
        prompt = ""
    if game.hand_over or not table.seating.people:  # a watcher's table: whose turn it is, and nothing to do
        return prompt
    if table.frame < person.wait_until and not table.waiting_for_you:
        return person.wait_prompt
    exposed = board.exposed
    if exposed is not None and exposed == table.place_of(game.exposed):
        return _catch_prompt(table, table.seat(exposed))
    jump = person.jump_in_card() if table.timeline.idle and not table.seating.several else None
    if jump is not None and exposed is None:
        return narration.jump_in_prompt(jump)
    return prompt


def _catch_prompt(table: PromptTable, seat: int) -> str:
    """While ``seat``'s missed UNO call shows: who may call it late or catch them."""
    several = table.seating.several
    catcher = table.person.next_person(seat) if several else None
    if seat == table.in_front and several:
        assert catcher is not None  # (several people: another may catch)
        return narration.late_or_catch_prompt(table.seating.name(seat), table.seating.name(catcher))
    if seat == table.in_front:
        return narration.PROMPT_LATE_UNO
    if several:
        name = table.seating.name(catcher) if catcher is not None else None
        return narration.catch_prompt(table.seating.name(seat), name)
    return narration.PROMPT_CATCH.format(name=narration.who(seat, table.players))
