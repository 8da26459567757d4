"""What a run of the game works with: the store (the settings and
statistics, the match being played, the finished ones) and the settings and
statistics it read, the sound, the resources' loader, the title menu (its
cursor and message last from one visit to the next), the next match's table
and the notices. The match bookkeeping (``keeping.py``) and the online link
(``online_play.py``) work with it; the scenes' ``Context``
(``scenes/context.py``) is the run with those two.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from game.storage.settings import Settings, Stats
from game.storage.store import Store
from game.ui.device.audio import Audio
from game.ui.device.resource_loader import Loader
from game.ui.scenes.title_menu import TitleMenu
from game.ui.scenes.widgets import Choice
from game.ui.table import narration

if TYPE_CHECKING:
    from game.ui.device.keys import Pointer
    from game.ui.next_match import NextMatch
    from game.ui.scenes.navigator import Keys, Scene
    from game.ui.table.match import Match


class Notices:
    """The lines a player would notice (scene, message bar, sound, card
    played or drawn, scores, settings saved), each given to ``report``
    after the number of the frame it happened in."""

    def __init__(self, report: Callable[[str], None]) -> None:
        self._report = report
        self.frame = 0

    def __call__(self, text: str) -> None:
        self._report(f"{self.frame:>6} {text}")


class Menu(Protocol):
    """A screen that answers the frame's keys and mouse with a choice (or
    None) and whether its highlight moved (``scenes/widgets.py``)."""

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]: ...


@dataclass
class Run:
    """``show`` reports the scene shown (``Navigator.announce``); ``home``
    makes the title scene, saying ``news`` under its menu when it comes
    back (the scene everything leaves for)."""

    seed: int
    notice: Notices
    show: Callable[[str], None]
    home: Callable[[str], Scene]
    store: Store
    settings: Settings
    stats: Stats
    audio: Audio
    loader: Loader
    title: TitleMenu
    next_match: NextMatch
    low_memory: bool
    quit_requested: bool = False
    _warned: set[str] = field(default_factory=set)  # the kinds of failed saves already said

    @property
    def frame(self) -> int:
        return self.notice.frame

    def warn(self, warning: str) -> None:
        """One line on stderr, in the report and under the title menu."""
        print(warning, file=sys.stderr)
        self.notice(warning)
        self.title.message = warning

    def warn_once(self, warning: str) -> None:
        """A save that failed: said the first time it fails so, not after
        every action (a read-only or full disk fails on each)."""
        kind = warning.split(" (")[0]  # the error's own words (and its temporary file's name) aside
        if kind not in self._warned:
            self._warned.add(kind)
            self.warn(warning)

    def save(self) -> None:
        """The settings and statistics, to the store."""
        warning = self.store.save_settings(self.settings, self.stats)
        if warning:
            self.warn_once(warning)

    def load_at_once(self) -> None:
        """Everything this mode needs, without the loading screen."""
        if self.low_memory:
            self.loader.load_all()
        else:
            self.loader.title_art()
            self.loader.finish()

    def choose(self, screen: Menu, frame: Keys) -> Choice | None:
        """A screen's answer to the frame's keys and mouse, with the menu's
        sounds: one for moving the highlight, one for a choice."""
        choice, moved = screen.update(frame.pressed, frame.pointer)
        if moved:
            self.audio.play("move")
        if choice is not None:
            self.audio.play("select")
        return choice

    def toggle_sound(self, match: Match | None = None) -> None:
        """SOUND (or M): on or off, saved; ``match``, the one being played,
        says so on its message bar."""
        self.audio.toggle()
        self.settings.sound = not self.audio.muted
        self.notice(f"setting sound {'on' if self.settings.sound else 'off'}")
        if match is not None:
            match.say(narration.SOUND_OFF if self.audio.muted else narration.SOUND_ON)
        self.save()
