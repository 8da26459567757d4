"""Where the table's actions go and where its events come from.

Offline the engine on this machine takes each action and gives back its
events at once (``EngineSource``). Online the action goes to the table
server and its events come back with the server's answer, a frame or more
later (``OnlineLink``, in ``online_match.py``). ``Match`` sends every action
through its source and asks it the few things that differ between the two
tables; nothing else about the table knows which one it is.
"""

from __future__ import annotations

from typing import Protocol

from game.rules import Event, Game, RuleSet
from game.rules.game import Pending
from game.ui.device.keys import Pointer
from game.ui.seats.kinds import Seating
from game.ui.table import narration


class TableGame(Protocol):
    """The face of a game that the table reads: the engine itself offline
    (``game.rules.Game``), this seat's view of the server's online
    (``game.online.remote.RemoteGame``)."""

    rules: RuleSet

    @property
    def players(self) -> int: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def hands(self) -> list[list[str]]: ...
    @property
    def top(self) -> str: ...
    @property
    def colour(self) -> str | None: ...
    @property
    def discard(self) -> list[str]: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def direction(self) -> int: ...
    @property
    def drawn(self) -> str | None: ...
    @property
    def hand_over(self) -> bool: ...
    @property
    def match_over(self) -> bool: ...
    @property
    def match_winner(self) -> int | None: ...
    @property
    def exposed(self) -> int | None: ...
    @property
    def pending(self) -> Pending | None: ...
    @property
    def choosing_colour(self) -> bool: ...
    @property
    def accepts_fanfare(self) -> bool: ...
    @property
    def king(self) -> int | None: ...
    @property
    def jester(self) -> int | None: ...
    @property
    def scoring(self) -> str: ...
    @property
    def house(self) -> tuple[str, ...]: ...
    @property
    def teams(self) -> bool: ...
    @property
    def sides(self) -> tuple[int, ...]: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def opening(self) -> list[Event]: ...

    def legal(self, seat: int | None = None) -> list[str]: ...
    def act(self, action: str, seat: int | None = None) -> list[Event]: ...


class TableSource(Protocol):
    """What the table asks of where its actions go. ``game`` is what it
    shows; ``engine`` the engine on this machine, if it runs here (its
    computer players then decide here and its scepter's timer runs here)."""

    @property
    def game(self) -> TableGame: ...
    @property
    def engine(self) -> Game | None: ...
    @property
    def footer(self) -> str:
        """Under the match's result: what RETURN does."""
        ...

    @property
    def match_over_prompt(self) -> str:
        """The prompt line on the match's result."""
        ...

    @property
    def names_every_seat(self) -> bool:
        """The panels name every seat (offline: only with several people)."""
        ...

    @property
    def busy(self) -> bool:
        """An action of yours is on its way: the table waits for its answer."""
        ...

    def act(self, action: str, seat: int | None) -> list[Event] | None:
        """Take ``seat``'s action (None: the seat in turn): its events, or
        None when they come later, as news."""
        ...

    def next_hand(self) -> list[Event] | None:
        """RETURN on a hand's result: the next hand's opening events, or None
        when it comes later, as news."""
        ...

    def result_names(self, seating: Seating) -> tuple[str, ...] | None:
        """Each seat's name on a hand's result (None: you and the computers)."""
        ...

    def before_frame(self, pressed: list[str], pointer: Pointer | None) -> None:
        """Each frame, before the table's keys are taken."""
        ...

    def after_frame(self) -> None:
        """Each frame, once the table has moved."""
        ...

    def hand_ending(self) -> None:
        """The hand's result is about to show."""
        ...

    def draw(self) -> None:
        """Drawn over the table (and over a hand's or the match's result)."""
        ...


class EngineSource:
    """The engine on this machine: an action's events come at once."""

    footer = "PRESS RETURN FOR A NEW MATCH"
    match_over_prompt = narration.PROMPT_NEW_MATCH
    names_every_seat = False
    busy = False

    def __init__(self, engine: Game) -> None:
        self.engine = self.game = engine

    def act(self, action: str, seat: int | None) -> list[Event]:
        return self.engine.act(action, seat=seat)

    def next_hand(self) -> list[Event]:
        return self.engine.next_hand()

    def result_names(self, seating: Seating) -> tuple[str, ...] | None:
        return tuple(seating.name(seat) for seat in range(seating.players)) if seating.several else None

    def before_frame(self, pressed: list[str], pointer: Pointer | None) -> None:
        pass

    def after_frame(self) -> None:
        pass

    def hand_ending(self) -> None:
        pass

    def draw(self) -> None:
        pass
