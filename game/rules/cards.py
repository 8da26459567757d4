"""Cards and their text notation.

A card code is a colour letter (R, G, Y, B) followed by a rank (``0``-``9``,
``S`` Skip, ``R`` Reverse, ``+2`` Draw Two, and Royal Revenge's ``K`` King's
Choice and ``J`` Jester), or one of the two wilds ``W`` and ``W+4``: ``R7``,
``GS``, ``BR``, ``Y+2``, ``RK``, ``GJ``, ``W+4``. Which codes a game uses
depends on its rule set's deck.

Cards are immutable values. ``Card("R7")`` always returns the same object, so
comparing cards is cheap and a hand can hold the same card twice.
"""

from __future__ import annotations

COLOURS = "RGYB"
COLOUR_NAMES = {"R": "red", "G": "green", "Y": "yellow", "B": "blue"}
NUMBER_RANKS = tuple("0123456789")
ACTION_RANKS = ("S", "R", "+2", "K", "J")
PLUS_ONE_RANKS = ("K", "J")  # Royal Revenge's +1 cards: either may be played on the other
WILD_RANKS = ("W", "W+4")
RANK_NAMES = {
    "S": "Skip",
    "R": "Reverse",
    "+2": "Draw Two",
    "K": "King's Choice",
    "J": "Jester",
    "W": "Wild",
    "W+4": "Wild Draw Four",
}


_KNOWN: dict[str, Card] = {}


class Card:
    """One card, named by its code; see the module docstring for the notation."""

    __slots__ = ("code", "colour", "is_wild", "points", "rank")
    code: str
    colour: str | None
    rank: str
    points: int
    is_wild: bool

    def __new__(cls, code: str) -> Card:
        card = _KNOWN.get(code)
        if card is not None:
            return card
        colour, rank = _split_code(code)
        card = object.__new__(cls)
        for name, value in (
            ("code", code),
            ("colour", colour),
            ("rank", rank),
            ("points", _points(rank)),
            ("is_wild", colour is None),
        ):
            object.__setattr__(card, name, value)
        _KNOWN[code] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[str]]:
        return (Card, (self.code,))

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    @property
    def name(self) -> str:
        """A player's name for the card: 'red 7', 'green Skip', 'Wild Draw Four'."""
        rank = RANK_NAMES.get(self.rank, self.rank)
        return rank if self.colour is None else f"{COLOUR_NAMES[self.colour]} {rank}"


def _split_code(code: object) -> tuple[str | None, str]:
    if not isinstance(code, str):
        raise ValueError(f"unknown card code {code!r}")
    if code in WILD_RANKS:
        return None, code
    colour, rank = code[:1], code[1:]
    if colour and colour in COLOURS and rank in NUMBER_RANKS + ACTION_RANKS:
        return colour, rank
    raise ValueError(f"unknown card code {code!r}")


def _points(rank: str) -> int:
    if rank in WILD_RANKS:
        return 50
    if rank in ACTION_RANKS:
        return 20
    return int(rank)
