"""The game on screen: the loading screen, the menus and one match after
another against the computer.

Scenes (each change is reported as ``scene NAME``):

* ``loading``: the title art, a credit line and a progress bar while the
  resources load (normal mode only; constrained-memory mode starts on the
  title menu and never loads what only this screen needs);
* ``title``: the title menu (play, level, sound, how to play, statistics,
  people, quit on the desktop); its choices are carried out in ``title.py``;
* ``howto``: the controls and the rules, in pages; ``stats``: the record;
  ``house``: the house rules; ``people``: who plays at this machine
  (``people.py``);
* ``replays``: the finished matches kept; ``replay``: one played back on the
  table, both hands face up (``replay.py``);
* ``table``, ``handover`` (several people: the curtain), ``hand_result``,
  ``match_result``: a match (``match.py``), started, continued, saved and
  counted by ``keeping.py``;
* ``paused``: the in-match menu over the table (ESCAPE or START): play on, or
  leave the match for the title.

``update`` and ``draw`` are pyxel's two callbacks; ``update`` reads the keys
and the mouse itself (``keys``), so a scripted headless run drives the same
code by pressing keys with ``pyxel.set_btn`` and moving the mouse with
``pyxel.set_mouse_pos``.

Settings (level, sound) and statistics are saved in the ``Store`` after every
hand and after every change in the menu (``game.storage``). The match being
played is saved there after every action, so that CONTINUE (or
``--continue``) takes it up exactly where it was left; a finished match is
kept for REPLAYS and the saved one cleared, as it is when the player leaves
a match by choice.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pyxel

from game.storage.memory import Memory
from game.storage.saves import SavedMatch
from game.storage.store import Store
from game.ui.keeping import MatchKeeping, saved_seating, settle_heap
from game.ui.online_play import OnlinePlay
from game.ui.platform import display, keys, runtime
from game.ui.platform.audio import Audio
from game.ui.platform.resource_loader import Loader
from game.ui.scenes import menus
from game.ui.scenes.title import TitleScenes
from game.ui.table import narration
from game.ui.table.tabletop import draw_message_bar

if TYPE_CHECKING:
    from game.ui.scenes.replay import ReplayList, ReplayViewer
    from game.ui.table.match import Match

MATCH_SCENES = ("table", "hand_result", "match_result", "handover")
# With this variable set to 1 the game prints FIRST_FRAME on stdout once its
# first frame is drawn (benchmarks/startup.py times it from outside).
STARTUP_MARK = "UNO1991_STARTUP_MARK"
FIRST_FRAME = "first frame shown"
# With this variable set to a file, a window appends its notices to it (the
# lines a headless run prints), each after the clock's time.time(): tools/soak.py
# reads what each real window showed, and when.
NOTICES = "UNO1991_NOTICES"
_pyxel_ready = False


def init_pyxel(headless: bool, display_scale: int | None = None) -> None:
    """Open the 320 x 200 screen (or its headless stand-in), in a window at
    ``display_scale`` (None: pyxel chooses). pyxel can be initialised once in
    a process; later calls do nothing. The App loads the resources (``loader``)."""
    global _pyxel_ready
    if _pyxel_ready:
        return
    _pyxel_ready = True
    pyxel.init(**runtime.init_options(headless, display_scale))


__all__ = ["App", "init_pyxel", "run_window", "saved_seating", "settle_heap", "window_frames"]


class App(OnlinePlay, TitleScenes, MatchKeeping):
    """The whole game; ``report`` receives one line per thing a player would
    notice (scene, message bar, sound, card played or drawn, scores, settings
    saved), each after the number of the frame it happened in."""

    def __init__(
        self,
        seed: int,
        level: str | None = None,
        muted: bool | None = None,
        report: Callable[[str], None] = print,
        deck: list[str] | None = None,
        starter: int | None = None,
        low_memory: bool = False,
        store: Store | None = None,
        platform: str | None = None,
        continue_match: bool = False,
        replay: SavedMatch | None = None,
        table: tuple[str, int | None] | None = None,
        people: tuple[str, ...] | None = None,
        join: tuple[str, str] | None = None,
    ) -> None:
        """``join``: the address of an online room and your name there: go
        straight to it (``--join``, ``--name``). ``people``: the names of the people at the table for this run
        (``--people``, ``--names``; None: the settings'). ``level`` and
        ``muted`` override the saved settings for this run
        (None: use them); so does ``table``, a rule set and a number of
        players (None: as many as the settings' opponents), and a match of
        it starts at once. ``deck`` (top card first) and ``starter`` stack the
        first hand of the first match, as ``Game`` does; tests use them to set
        up a position. ``store`` keeps settings and statistics, the
        match being played and the finished ones (default: for this run
        only). ``continue_match``: go straight to the saved match, if any;
        ``replay``: go straight to watching that match."""
        self.seed = seed
        self._first_deal = (deck, starter)
        self._report = report
        self.frame = 0
        self.matches = 0
        self.quit_requested = False
        self.low_memory = low_memory
        self.scene = ""
        self._mark_first_frame = os.environ.get(STARTUP_MARK) == "1"
        self._warned: set[str] = set()  # the kinds of failed saves already said
        self.store = store if store is not None else Store(Memory())
        self.settings, self.stats, warning = self.store.load_settings()
        # The next match's level; --level is for this run only, unless changed in the menu.
        self.level = level or self.settings.difficulty
        sound = self.settings.sound if muted is None else not muted
        self.audio = Audio(not sound, self.notice, music=not low_memory)
        self.mouse = keys.Mouse()
        self._pads: dict[int, list[str]] = {}
        self.match: Match | None = None
        self._shown_prompt = ""
        self.title = menus.TitleMenu(runtime.can_quit(platform), title_art=not low_memory)
        self.title.message = self._hosted_room_left()
        self.screen: menus.HowToPlay | menus.StatsScreen | menus.PauseMenu | ReplayList | None = None
        self.viewer: ReplayViewer | None = None
        if warning:
            self._warn(warning)
        self._moves = 0  # actions (and new hands) sent to the engine in this match
        self._hand_counted = False  # the hand that is over is in the statistics
        self._saved_at_start, warning = self.store.load_match()
        if warning:
            self._warn(warning)
        self.title.can_continue = self._saved_at_start is not None
        if self._saved_at_start is not None:
            self.title.saved_table = (self._saved_at_start.rules, self._saved_at_start.players)
        self.loader = Loader(low_memory)
        self._table = table  # this run's rule set and players, until the menu changes them
        self._people = people  # this run's people, until the menu changes them
        if join is not None:
            self._go_online(*join)
        elif replay is not None:
            self._load_at_once()
            self._watch(replay, back="title")
        elif continue_match:
            self._continue_at_once()
        elif table is not None:
            self._load_at_once()
            self._start_match()
        elif low_memory:
            self.loader.load_all()
            self.notice("resources cards and sounds (constrained memory: no loading screen, title art or music)")
            self._to_title()
        else:
            self.loader.title_art()
            self._loading_frames = 0
            self._set_scene("loading")

    # ----- reporting ---------------------------------------------------------------

    def notice(self, text: str) -> None:
        self._report(f"{self.frame:>6} {text}")

    def _warn(self, warning: str) -> None:
        """One line on stderr, in the report and under the title menu."""
        print(warning, file=sys.stderr)
        self.notice(warning)
        self.title.message = warning

    def _warn_once(self, warning: str) -> None:
        """A save that failed: said the first time it fails so, not after
        every action (a read-only or full disk fails on each)."""
        kind = warning.split(" (")[0]  # the error's own words (and its temporary file's name) aside
        if kind not in self._warned:
            self._warned.add(kind)
            self._warn(warning)

    def _set_scene(self, scene: str) -> None:
        if scene != self.scene:
            self.scene = scene
            self.notice(f"scene {scene}")

    # ----- each frame -------------------------------------------------------------

    def update(self) -> None:
        self.frame += 1
        several = self.match is not None and self.match.seating.several and self.scene in MATCH_SCENES
        pressed = keys.pressed(pads=not several)
        self._pads = keys.pads_pressed() if several else {}
        pointer = self.mouse.read()
        pyxel.mouse(self.mouse.show_pointer(pointer, pressed or list(self._pads)))
        if "M" in pressed and self.scene not in ("loading", "people", "join"):
            self._toggle_sound()
        scene = self.scene
        if scene == "loading":
            self._update_loading(pressed, pointer)
        elif scene == "title":
            self._update_title(pressed, pointer)
        elif scene in ("howto", "stats"):
            choice, moved = self.screen.update(pressed, pointer)
            if moved:
                self.audio.play("move")
                self._report_page()
            if choice is not None:
                self.audio.play("select")
                self._to_title()
        elif scene == "house":
            self._update_house(pressed, pointer)
        elif scene == "people":
            self._update_people(pressed, pointer)
        elif scene == "lobby":
            self._update_lobby(pressed, pointer)
        elif scene == "join":
            self._update_join(pressed, pointer)
        elif scene == "paused":
            self._update_paused(pressed, pointer)
        elif scene == "replays":
            self._update_replays(pressed, pointer)
        elif scene == "replay":
            if self.viewer.update(pressed, pointer) is not None:
                self.audio.play("select")
                self.viewer = None
                if self._back_from_replay == "replays":
                    self._show_replays()
                else:
                    self._to_title()
        else:
            self._update_match(pressed, pointer)
        if self.match is not None and self.match.board.prompt != self._shown_prompt:
            self._shown_prompt = self.match.board.prompt
            self.notice(f"prompt {self._shown_prompt}".rstrip())

    def _update_loading(self, pressed: list[str], pointer: keys.Pointer) -> None:
        """One loading step a frame; a key or a click (once the art shows)
        loads the rest at once and goes on to the title."""
        self._loading_frames += 1
        self.loader.step()
        skip = bool(pressed) or pointer.clicked
        if skip or (self.loader.finished and self._loading_frames >= _min_loading_frames()):
            self.loader.finish()
            self.notice("resources cards, sounds, title art and title music")
            self._to_title()

    def _to_title(self) -> None:
        self.screen = None
        self._set_scene("title")
        self.audio.start_music()

    def _load_at_once(self) -> None:
        """Everything this mode needs, without the loading screen."""
        if self.low_memory:
            self.loader.load_all()
        else:
            self.loader.title_art()
            self.loader.finish()

    def _continue_at_once(self) -> None:
        """``--continue``: load everything and go straight to the saved
        match, or to the title menu (saying why) when there is none."""
        self._load_at_once()
        if self._saved_at_start is not None:
            self._continue()
            return
        if not self.title.message:
            self.title.message = narration.NOTHING_TO_CONTINUE
            self.notice(narration.NOTHING_TO_CONTINUE)
        self._to_title()

    def _choose(self, screen, pressed: list[str], pointer: keys.Pointer) -> menus.Choice | None:
        """A screen's answer to the frame's keys and mouse, with the menu's
        sounds: one for moving the highlight, one for a choice."""
        choice, moved = screen.update(pressed, pointer)
        if moved:
            self.audio.play("move")
        if choice is not None:
            self.audio.play("select")
        return choice

    def _report_page(self) -> None:
        if isinstance(self.screen, menus.HowToPlay):
            self.notice(f"page {self.screen.page + 1} of {len(self.screen.pages)}: {self.screen.heading}")

    def _toggle_sound(self) -> None:
        self.audio.toggle()
        self.settings.sound = not self.audio.muted
        self.notice(f"setting sound {'on' if self.settings.sound else 'off'}")
        if self.match is not None and self.scene in MATCH_SCENES:
            self.match.say(narration.SOUND_OFF if self.audio.muted else narration.SOUND_ON)
        self._save()

    def _toggle_hints(self) -> None:
        """HINTS (the in-match menu): lift your playable cards, or not."""
        rules = self.match.game.rules.name
        self.settings.hints = not self.settings.hints_for(rules)
        self.match.hints = self.settings.hints
        self.notice(f"setting hints {'on' if self.match.hints else 'off'}")
        self._save()

    def _save(self) -> None:
        warning = self.store.save_settings(self.settings, self.stats)
        if warning:
            self._warn_once(warning)

    def _update_match(self, pressed: list[str], pointer: keys.Pointer) -> None:
        pads = self._pads
        if any("START" in names for names in pads.values()):
            pressed = [*pressed, "START"]
        if "ESCAPE" in pressed or "START" in pressed:
            self.screen = menus.PauseMenu()
            self._paused_from = self.scene
            self._set_scene("paused")
            self.audio.play("select")
            return
        match = self.match
        leave = "RETURN" in pressed or pointer.clicked or any("RETURN" in names for names in pads.values())
        if match.scene == "hand_result" and leave:
            match.go_on()
        elif match.scene == "match_result" and leave and self.online is not None:
            self._leave_online()  # an online room plays one match
            return
        elif match.scene == "match_result" and leave:
            self.matches += 1
            self._start_match()
            return
        match.update(pressed, pointer, pads)

    def _update_paused(self, pressed: list[str], pointer: keys.Pointer) -> None:
        """The match stands still while the menu asks."""
        choice, moved = self.screen.update(pressed, pointer)
        if moved:
            self.audio.play("move")
        if choice is None:
            return
        self.audio.play("select")
        if choice.what == "sound":
            self._toggle_sound()
        elif choice.what == "hints":
            self._toggle_hints()
        elif choice.what == "resume":
            self.screen = None
            self._set_scene(self._paused_from)
        elif choice.what == "leave" and self.online is not None:
            pyxel.stop()
            self._leave_online()
        elif choice.what == "leave":
            self.notice("left the match")
            self.match.leave()
            self.store.clear_match()
            pyxel.stop()
            self.match = None
            self._to_title()

    # ----- drawing ------------------------------------------------------------------------

    def draw(self) -> None:
        scene = self.scene
        if scene == "loading":
            from game.ui.scenes import loading  # only the normal mode needs it

            progress = loading.shown_progress(self.loader.progress, self._loading_frames)
            loading.draw_loading(progress, self.frame)
        elif scene == "title":
            rules, players = self._rules_and_players()
            scoring = self.settings.scoring
            house = len(self.settings.house_in_play) if rules == "standard" else 0
            people = len(self._people_names(players))
            self.title.draw(self.level, not self.audio.muted, self.frame, rules, players - 1, scoring, house, people)
        elif scene in ("howto", "house", "people", "join"):
            self.screen.draw(self.frame)
        elif scene == "stats":
            self.screen.draw(self.stats, self.level)
        elif scene == "replays":
            self.screen.draw(self.frame)
        elif scene == "replay":
            self.viewer.draw()
        elif scene == "lobby":
            self._draw_lobby()
        else:
            self.match.draw(paused=scene == "paused")
            if scene == "paused":
                self.screen.draw(not self.audio.muted, self.frame, self.match.hints)
                draw_message_bar(narration.ONLINE_MENU_NEWS if self.online is not None else "", narration.MENU_HINT)
        if self._mark_first_frame:
            self._mark_first_frame = False
            print(FIRST_FRAME, flush=True)


def _min_loading_frames() -> int:
    from game.ui.scenes import loading

    return loading.MIN_FRAMES


def notices_report(path: str | None) -> Callable[[str], None]:
    """A window's notices: nowhere, or appended to the file ``path``, a line
    each, as they happen (see NOTICES)."""
    if not path:
        return lambda line: None
    log = open(path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115 (open as long as the window)

    def report(line: str) -> None:
        log.write(f"{time.time():.3f} {line}\n")

    return report


def run_window(
    seed: int,
    level: str | None,
    muted: bool | None,
    low_memory: bool,
    store_for: Callable[[], Store],
    platform: str | None = None,
    continue_match: bool = False,
    replay: SavedMatch | None = None,
    display_scale: int | None = None,
    table: tuple[str, int | None] | None = None,
    people: tuple[str, ...] | None = None,
    join: tuple[str, str] | None = None,
) -> None:
    """Play in a window (or a browser page) until the player quits, the
    window at ``display_scale`` (None: pyxel chooses). ``store_for`` is
    called after ``pyxel.init``. Resized, the picture
    keeps whole scales with crisp pixels (bars fill the rest)."""
    init_pyxel(headless=False, display_scale=display_scale)
    pyxel.screen_mode(0)
    pyxel.integer_scale(True)
    app = App(
        seed,
        level,
        muted,
        report=notices_report(os.environ.get(NOTICES)),
        low_memory=low_memory,
        store=store_for(),
        platform=platform,
        continue_match=continue_match,
        replay=replay,
        table=table,
        people=people,
        join=join,
    )
    app.mouse.in_window = display.pointer_in_window()
    pyxel.run(*window_frames(app))


def window_frames(app: App) -> tuple[Callable[[], None], Callable[[], None]]:
    """The ``update`` and ``draw`` that ``pyxel.run`` calls for the App in a
    window: pyxel quits when the App asks, and the frame's spare time after
    drawing goes to an online table's connection (``App.rest_online``)."""
    frame_started = time.perf_counter()

    def update() -> None:
        nonlocal frame_started
        frame_started = time.perf_counter()
        app.update()
        if app.quit_requested:
            pyxel.quit()

    def draw() -> None:
        app.draw()
        app.rest_online(frame_started)

    return update, draw
