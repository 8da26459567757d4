"""Who decides for each seat of the engine's game (see docs/seats.md).

Three kinds of seat:

* ``PERSON``: a person at this machine, deciding with the keys, the mouse or
  their own gamepad (``person.py``);
* ``COMPUTER``: a computer player of the match's level, deciding from its own
  view only (``computers.py``);
* ``ELSEWHERE``: a person at another machine (an online table): named as
  a person, never decided for here; the table server plays their actions,
  and the table shows them as the server's events arrive
  (``table/online_match.py``).

``Seating`` says which kind sits in each seat and what each is called. The
1991 game is one person in seat 0 ("YOU") against computers ("COMPUTER"
alone at a table of two, as in 1991): ``Seating.solo``. With several people
every person has a name, and nobody is "you": the screen is shared.

The table is drawn from the point of view of one seat, the person in front
of the screen: ``Seating.seen_from(seat)`` turns the seating so that seat
comes first (place 0, at the bottom), the others following round the table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

PERSON, COMPUTER_SEAT, ELSEWHERE = "person", "computer", "elsewhere"
KINDS = (PERSON, COMPUTER_SEAT, ELSEWHERE)
HUMAN, COMPUTER = 0, 1  # the 1991 game: you in seat 0, the computer in seat 1
MOST_PADS = 4  # pyxel reads up to four gamepads: the first four people's


def default_name(number: int) -> str:
    return f"PLAYER {number}"


def seat_name(seat: int, players: int) -> str:
    """YOU, COMPUTER (two players) or COMPUTER 3: the 1991 game's names."""
    return Seating.solo(players).name(seat)


@dataclass(frozen=True)
class Seating:
    """Who sits where: ``kinds[seat]`` and ``names[seat]`` ("" for a
    computer); ``numbers[seat]`` is the seat's engine number, the same as its
    index unless the seating has been turned (``seen_from``); ``marks[seat]``
    what its panel shows after its name, never the messages (an online
    person's " (OFF)")."""

    kinds: tuple[str, ...]
    names: tuple[str, ...]
    numbers: tuple[int, ...] = ()
    marks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.numbers:
            object.__setattr__(self, "numbers", tuple(range(len(self.kinds))))
        if not self.marks:
            object.__setattr__(self, "marks", ("",) * len(self.kinds))

    @classmethod
    def solo(cls, players: int) -> Seating:
        """The 1991 game: you in seat 0, computers in the others."""
        return cls((PERSON,) + (COMPUTER_SEAT,) * (players - 1), ("YOU",) + ("",) * (players - 1))

    @classmethod
    def of(cls, players: int, names: list[str] | tuple[str, ...], order: str = "together", seed: int = 0) -> Seating:
        """``names``: the people, in seating order (one name: the 1991 game).
        ``order``: ``together`` (people in the first seats), ``apart``
        (spread round the table) or ``shuffled`` (from ``seed``)."""
        count = len(names)
        if count <= 1:
            return cls.solo(players)
        if order == "apart":
            seats = [i * players // count for i in range(count)]
        elif order == "shuffled":
            seats = sorted(random.Random(seed).sample(range(players), count))
        else:
            seats = list(range(count))
        kinds, given = [COMPUTER_SEAT] * players, [""] * players
        for seat, name in zip(seats, names, strict=True):
            kinds[seat], given[seat] = PERSON, name
        return cls(tuple(kinds), tuple(given))

    @classmethod
    def from_names(cls, names: tuple[str, ...]) -> Seating:
        """A saved match's seating: every seat's name, "" for a computer."""
        return cls(tuple(PERSON if name else COMPUTER_SEAT for name in names), tuple(names))

    @property
    def players(self) -> int:
        return len(self.kinds)

    @property
    def people(self) -> list[int]:
        """The seats of the people at this machine, in seat order."""
        return [seat for seat, kind in enumerate(self.kinds) if kind == PERSON]

    @property
    def several(self) -> bool:
        """More than one person at this machine: the screen is handed over."""
        return len(self.people) > 1

    def is_person(self, seat: int) -> bool:
        return self.kinds[seat] == PERSON

    def is_computer(self, seat: int) -> bool:
        return self.kinds[seat] == COMPUTER_SEAT

    def you(self, seat: int) -> bool:
        """The seat is "you" in the messages: the one person of the 1991 game."""
        return self.kinds[seat] == PERSON and not self.several and self.names[seat] == "YOU"

    def name(self, seat: int) -> str:
        """YOU, COMPUTER, COMPUTER 3, or a person's name."""
        if self.kinds[seat] != COMPUTER_SEAT:
            return self.names[seat] or f"SEAT {self.numbers[seat]}"
        return "COMPUTER" if self.players == 2 else f"COMPUTER {self.numbers[seat]}"

    def pad(self, seat: int) -> int | None:
        """The gamepad (1 to 4) of a person: the first person's is pad 1."""
        people = self.people
        index = people.index(seat) if seat in people else MOST_PADS
        return index + 1 if index < MOST_PADS else None

    def seat_of_pad(self, pad: int) -> int | None:
        people = self.people
        return people[pad - 1] if 0 < pad <= min(len(people), MOST_PADS) else None

    def next_person(self, seat: int) -> int | None:
        """The next person round the table after ``seat`` (not that seat)."""
        for step in range(1, self.players):
            other = (seat + step) % self.players
            if self.kinds[other] == PERSON:
                return other
        return None

    def seen_from(self, viewer: int) -> Seating:
        """The seating turned so that ``viewer`` is place 0 (the table is
        drawn from that seat): place p is seat (viewer + p) % players."""
        if viewer == 0:
            return self
        order = [(viewer + place) % self.players for place in range(self.players)]
        kinds, names = tuple(self.kinds[seat] for seat in order), tuple(self.names[seat] for seat in order)
        numbers, marks = tuple(self.numbers[seat] for seat in order), tuple(self.marks[seat] for seat in order)
        return Seating(kinds, names, numbers, marks)

    def place(self, seat: int, viewer: int) -> int:
        return (seat - viewer) % self.players

    def seat(self, place: int, viewer: int) -> int:
        return (place + viewer) % self.players
