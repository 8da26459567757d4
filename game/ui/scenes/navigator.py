"""Scenes on a stack, as Bansoko's ScreenNavigator runs its ScreenControllers.

A scene is one screen of the game: the title menu, how to play, the table...
Each frame the navigator gives the scene on top the frame's keys; its
``update`` answers with the next step:

* the scene itself: it stays;
* another scene: it takes this one's place;
* ``Push(scene)``: the scene goes over this one (how to play over the title,
  the in-match menu over the table);
* ``Pop()``: back to the scene under this one;
* ``Reset(scene)``: the scene is all there is (back to the title from the
  table);
* a tuple of these, taken in order.

The scene that comes on top (pushed, or uncovered by a pop) is ``enter``\\ ed:
it says so (``scene NAME``, through ``announce``) and does what it does on
arriving; ``enter`` may answer with a step of its own (an online table whose
server stopped at once goes back to the title).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from game.ui.device import keys

if TYPE_CHECKING:
    from game.ui.table.match import Match


@dataclass(frozen=True)
class Keys:
    """The frame's input: the keys pressed, the mouse, and each gamepad's
    buttons apart (several people at one table: ``pads``, else empty)."""

    pressed: list[str]
    pointer: keys.Pointer
    pads: dict[int, list[str]]


class Scene:
    """One screen. ``sound_key``: M toggles the sound here (not where M is a
    letter typed, nor on the loading screen, where any key goes on)."""

    sound_key = True

    def enter(self) -> Step | None:
        """On top of the stack: say so (``announce``) and arrive."""
        raise NotImplementedError

    def update(self, frame: Keys) -> Step:
        raise NotImplementedError

    def end_frame(self) -> None:
        """After the frame's update, whichever scene it ended on (the table
        reports its prompt line as it stands then)."""

    def draw(self) -> None:
        raise NotImplementedError

    @property
    def match_in_play(self) -> Match | None:
        """The match this scene plays (the table: it reads each person's
        gamepad apart and says the sound's changes), else None."""
        return None


@dataclass(frozen=True)
class Push:
    scene: Scene


@dataclass(frozen=True)
class Pop:
    pass


@dataclass(frozen=True)
class Reset:
    scene: Scene


Step = Union[Scene, Push, Pop, Reset, tuple["Step", ...]]  # noqa: UP007 (a type alias, evaluated at run time)


class Navigator:
    """The stack of scenes; ``notice`` receives ``scene NAME`` each time
    the scene shown changes."""

    def __init__(self, notice: Callable[[str], None]) -> None:
        self._notice = notice
        self.stack: list[Scene] = []
        self.shown = ""  # the name of the scene shown, as last announced

    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def announce(self, name: str) -> None:
        """The scene shown is ``name``: reported when it changes."""
        if name != self.shown:
            self.shown = name
            self._notice(f"scene {name}")

    def start(self, scene: Scene) -> None:
        self.take(Reset(scene))

    def update(self, frame: Keys) -> None:
        self.take(self.top.update(frame))
        self.top.end_frame()

    def draw(self) -> None:
        self.top.draw()

    def take(self, step: Step) -> None:
        """Carry out a step, and enter the scene it leaves on top."""
        if self.stack and step is self.top:
            return
        if isinstance(step, tuple):
            for each in step:
                self.take(each)
            return
        if isinstance(step, Push):
            self.stack.append(step.scene)
        elif isinstance(step, Pop):
            self.stack.pop()
        elif isinstance(step, Reset):
            self.stack[:] = [step.scene]
        else:
            self.stack[-1] = step
        then = self.top.enter()
        if then is not None:
            self.take(then)
