"""The game on screen: the window's loop over the scenes (``scenes/``), one
on top of another on the navigator's stack (``scenes/navigator.py``), each
working with the context (``scenes/context.py``).

Scenes (each change is reported as ``scene NAME``), one module a scene:

* ``loading``: the title art, a credit line and a progress bar while the
  resources load (normal mode only; constrained-memory mode starts on the
  title menu and never loads what only this screen needs): ``loading.py``;
* ``title``: the title menu (play, level, sound, how to play, statistics,
  people, quit on the desktop): ``title.py``;
* over the title: ``howto``, the controls and the rules, in pages
  (``howto.py``); ``stats``, the record (``stats.py``); ``house``, the house
  rules (``house.py``); ``people``, who plays at this machine
  (``people.py``); ``join``, a table elsewhere (``join.py``); ``replays``,
  the finished matches kept, and over it ``replay``, one played back on the
  table, both hands face up (``replay.py``);
* ``lobby``: an online room before its match starts (``lobby.py``);
* ``table``, ``handover`` (several people: the curtain), ``hand_result``,
  ``match_result``: a match (``play.py``), started, continued, saved and
  counted by ``keeping.py``, or an online room's (``online_play.py``);
* ``paused``: the in-match menu over the table (ESCAPE or START): play on, or
  leave the match for the title (``pause.py``).

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
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pyxel

from game.online.client import BrowserClient, Client
from game.storage.bindings import table_of
from game.storage.memory import Memory
from game.storage.saves import SavedMatch
from game.storage.store import Store
from game.ui.device import display, keys, runtime
from game.ui.device.audio import Audio
from game.ui.device.resource_loader import Loader
from game.ui.drawing import LOOK
from game.ui.keeping import Keeping, saved_seating, settle_heap
from game.ui.next_match import NextMatch, RunTable
from game.ui.online_play import OnlinePlay
from game.ui.run import Notices
from game.ui.scenes.context import Context
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.navigator import Keys, Navigator, Reset, Scene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.title_menu import TitleMenu
from game.ui.table import narration

if TYPE_CHECKING:
    from game.ui.table.match import Match

# With this variable set to 1 the game prints FIRST_FRAME on stdout once its
# first frame is drawn (benchmarks/startup.py times it from outside).
STARTUP_MARK = "UNO1991_STARTUP_MARK"
FIRST_FRAME = "first frame shown"
# With this variable set to a file, a window appends its notices to it (the
# lines a headless run prints), each after the clock's time.time(): tools/soak.py
# reads what each real window showed, and when.
NOTICES = "UNO1991_NOTICES"
_pyxel_ready = False
_title_news = ""  # said once on the first title menu of a window: no sound device
_sound_device = True  # False: a window that found none (SOUND says NO DEVICE)


def init_pyxel(headless: bool, display_scale: int | None = None) -> None:
    """Open the 320 x 200 screen (or its headless stand-in), in a window at
    ``display_scale`` (None: pyxel chooses). pyxel can be initialised once in
    a process; later calls do nothing. The App loads the resources (``loader``)."""
    global _pyxel_ready, _title_news, _sound_device
    if _pyxel_ready:
        return
    _pyxel_ready = True
    found = runtime.init_finding_sound(runtime.init_options(headless, display_scale))
    if not found and not headless:  # (SOUND: ON would say nothing of it)
        _title_news = runtime.NO_SOUND_DEVICE.capitalize()  # (as the terminal's line says it)
        _sound_device = False


__all__ = ["App", "init_pyxel", "run_window", "saved_seating", "settle_heap", "window_frames"]


class App:
    """The whole game: the scenes' navigator and their context; ``report``
    receives one line per thing a player would notice (scene, message bar,
    sound, card played or drawn, scores, settings saved), each after the
    number of the frame it happened in."""

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
        table: RunTable | None = None,
        people: tuple[str, ...] | None = None,
        join: tuple[str, str] | None = None,
        house: tuple[str, ...] | None = None,
        seating: str | None = None,
    ) -> None:
        """``join``: the address of an online room and your name there: go
        straight to it (``--join``, ``--name``). ``people``: the names of the people at the table for this run
        (``--people``, ``--names``; None: the settings'), ``seating`` how they sit (``--seating``). ``level`` and
        ``muted`` override the saved settings for this run
        (None: use them); so does ``table``, a rule set and a number of
        players (None: as many as the settings' opponents), and a match of
        it starts at once. ``deck`` (top card first) and ``starter`` stack the
        first hand of the first match, as ``Game`` does; tests use them to set
        up a position. ``store`` keeps settings and statistics, the
        match being played and the finished ones (default: for this run
        only). ``continue_match``: go straight to the saved match, if any;
        ``replay``: go straight to watching that match. ``house``: this
        run's house rules (``--house``; None: the settings')."""
        self.notice = Notices(report)
        self.navigator = Navigator(self.notice)
        self.mouse = keys.Mouse()
        self._mark_first_frame = os.environ.get(STARTUP_MARK) == "1"
        self._first_frame = True
        store = store if store is not None else Store(Memory())
        settings, stats, store_warning = store.load_settings()
        LOOK.colour_signs = settings.colour_signs
        keys.use(table_of(settings.keys))
        sound = settings.sound if muted is None else not muted
        ctx = self.context = Context(
            seed=seed,
            notice=self.notice,
            show=self.navigator.announce,
            home=lambda news: TitleScene(ctx, news),
            store=store,
            settings=settings,
            stats=stats,
            audio=Audio(not sound, self.notice, music=not low_memory, device=_sound_device),
            loader=Loader(low_memory),
            title=TitleMenu(runtime.can_quit(platform), title_art=not low_memory),
            next_match=NextMatch(settings, level or settings.difficulty, table, people, house, seating),
            low_memory=low_memory,
        )
        ctx.online = OnlinePlay(ctx)
        hosted_left = ctx.online.hosted_room_left()
        ctx.title.message = hosted_left or _title_news
        if store_warning:
            ctx.warn(store_warning)
        saved, warning = ctx.store.load_match()
        if warning:
            ctx.warn(warning)
        ctx.keeping = Keeping(ctx, (deck, starter), saved)
        ctx.title.can_continue = saved is not None
        if hosted_left:  # the title says HOST takes you back: the cursor is on it
            ctx.title.point_at("host")
        if saved is not None:
            ctx.title.saved_table = (saved.rules, saved.players)
            ctx.title.saved_teams = saved.teams
        self.navigator.start(self._first_scene(continue_match, replay, join, table is not None))

    def _first_scene(
        self, continue_match: bool, replay: SavedMatch | None, join: tuple[str, str] | None, play: bool
    ) -> Scene:
        """What the run starts on: ``--join``'s room, ``--replay``'s match,
        ``--continue``'s, a match of ``--rules``/``--players``, else the
        loading screen (constrained memory: the title menu)."""
        ctx = self.context
        if join is not None:
            return LobbyScene(ctx, *join)
        if replay is not None:
            ctx.load_at_once()
            from game.ui.scenes.replay import ReplayScene

            return ReplayScene.of(ctx, replay, back=Reset(ctx.home(""))) or ctx.home("")
        if continue_match:
            return self._continue_at_once()
        if play:
            ctx.load_at_once()
            return PlayScene(ctx, ctx.keeping.start())
        if ctx.low_memory:
            ctx.loader.load_all()
            ctx.notice("resources cards and sounds (constrained memory: no loading screen, title art or music)")
            return ctx.home("")
        from game.ui.scenes.loading import LoadingScene  # only the normal mode needs it

        return LoadingScene(ctx)

    def _continue_at_once(self) -> Scene:
        """``--continue``: load everything and go straight to the saved
        match, or to the title menu (saying why) when there is none."""
        ctx = self.context
        ctx.load_at_once()
        if ctx.keeping.saved is not None:
            match = ctx.keeping.take_up()
            return ctx.home("") if match is None else PlayScene(ctx, match)
        if not ctx.title.message:
            ctx.title.message = narration.NOTHING_TO_CONTINUE
            ctx.notice(narration.NOTHING_TO_CONTINUE)
        return ctx.home("")

    # ----- what the window, the scripts and the tests look at -----------------------

    @property
    def frame(self) -> int:
        return self.notice.frame

    @property
    def scene(self) -> str:
        """The name of the scene shown (as ``scene NAME`` reported it)."""
        return self.navigator.shown

    @property
    def match(self) -> Match | None:
        """The match on the table (under the in-match menu too), if any."""
        return next((scene.match for scene in reversed(self.navigator.stack) if isinstance(scene, PlayScene)), None)

    @property
    def online(self) -> Client | BrowserClient | None:
        """The online room's connection, while at one."""
        return self.context.online.client

    @property
    def quit_requested(self) -> bool:
        return self.context.quit_requested

    # ----- each frame -------------------------------------------------------------

    def update(self) -> None:
        self.notice.frame += 1
        scene = self.navigator.top
        match = scene.match_in_play
        several = match is not None and match.seating.several
        pressed = keys.pressed(pads=not several)
        pads = keys.pads_pressed() if several else {}
        pointer = self.mouse.read()
        pyxel.mouse(self.mouse.show_pointer(pointer, pressed or [str(pad) for pad in pads]))
        if "M" in pressed and scene.sound_key:
            self.context.toggle_sound(match)
        self.navigator.update(Keys(pressed, pointer, pads))

    def draw(self) -> None:
        self.navigator.draw()
        if self._first_frame:
            self._first_frame = False
            runtime.tell_the_page_the_game_runs()
            if self._mark_first_frame:
                print(FIRST_FRAME, flush=True)


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
    table: RunTable | None = None,
    people: tuple[str, ...] | None = None,
    join: tuple[str, str] | None = None,
    house: tuple[str, ...] | None = None,
    seating: str | None = None,
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
        house=house,
        seating=seating,
    )
    app.mouse.in_window = display.pointer_in_window()
    pyxel.run(*window_frames(app))


def window_frames(app: App) -> tuple[Callable[[], None], Callable[[], None]]:
    """The ``update`` and ``draw`` that ``pyxel.run`` calls for the App in a
    window: pyxel quits when the App asks, and the frame's spare time after
    drawing goes to an online table's connection (``OnlinePlay.rest``)."""
    frame_started = time.perf_counter()

    def update() -> None:
        nonlocal frame_started
        frame_started = time.perf_counter()
        app.update()
        if app.quit_requested:
            pyxel.quit()

    def draw() -> None:
        app.draw()
        app.context.online.rest(frame_started)

    return update, draw
