"""The game on screen: the loading screen, the menus and one match after
another against the computer.

Scenes (each change is reported as ``scene NAME``):

* ``loading``: the title art, a credit line and a progress bar while the
  resources load (normal mode only; constrained-memory mode starts on the
  title menu and never loads what only this screen needs);
* ``title``: the title menu (play, level, sound, how to play, statistics,
  quit on the desktop);
* ``howto``: the controls and the rules, in pages; ``stats``: the record;
* ``replays``: the finished matches kept; ``replay``: one played back on the
  table, both hands face up (``replay.py``);
* ``table``, ``hand_result``, ``match_result``: a match (``match.py``);
* ``paused``: the in-match menu over the table (ESCAPE or START): play on, or
  leave the match for the title.

``update`` and ``draw`` are pyxel's two callbacks; ``update`` reads the keys
and the mouse itself (``keys``), so a scripted headless run drives the same
code by pressing keys with ``pyxel.set_btn`` and moving the mouse with
``pyxel.set_mouse_pos``.

Settings (level, sound) and statistics are saved through a store after every
hand and after every change in the menu (``game.settings``). The match being
played is saved after every action (``game.saves``), so that CONTINUE (or
``--continue``) takes it up exactly where it was left; a finished match is
kept for REPLAYS and the saved one cleared, as it is when the player leaves
a match by choice.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

import pyxel

from game.rules.rulesets import RULESETS
from game.saves import MemorySaves, SavedMatch, Saves, now, state_digest
from game.settings import DIFFICULTIES, MOST_OPPONENTS, SCORINGS, Settings, Store, players_for, table_key

from . import display, host, keys, menus, narration
from .audio import Audio
from .loader import Loader
from .seats import Seating
from .table import draw_message_bar

if TYPE_CHECKING:
    from .match import Match
    from .replay import ReplayList, ReplayViewer

MATCH_SCENES = ("table", "hand_result", "match_result", "handover")
# With this variable set to 1 the game prints FIRST_FRAME on stdout once its
# first frame is drawn (benchmarks/startup.py times it from outside).
STARTUP_MARK = "UNO1991_STARTUP_MARK"
FIRST_FRAME = "first frame shown"
_pyxel_ready = False


def init_pyxel(headless: bool, display_scale: int | None = None) -> None:
    """Open the 320 x 200 screen (or its headless stand-in), in a window at
    ``display_scale`` (None: pyxel chooses). pyxel can be initialised once in
    a process; later calls do nothing. The App loads the resources (``loader``)."""
    global _pyxel_ready
    if _pyxel_ready:
        return
    _pyxel_ready = True
    pyxel.init(**host.init_options(headless, display_scale))


def settle_heap() -> None:
    """Keep what has been made so far (modules, resources, the computer
    players' tables) out of the garbage collector's way for the rest of the
    run: its full collections, which come every few thousand allocations
    while a computer searches, then scan only what the match itself makes,
    instead of costing a frame some 8 ms at a table of ten (``gc.freeze``)."""
    gc.collect()
    gc.freeze()


class App:
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
        saves: Saves | None = None,
        continue_match: bool = False,
        replay: SavedMatch | None = None,
        table: tuple[str, int | None] | None = None,
        people: tuple[str, ...] | None = None,
    ) -> None:
        """``people``: the names of the people at the table for this run
        (``--people``, ``--names``; None: the settings'). ``level`` and
        ``muted`` override the saved settings for this run
        (None: use them); so does ``table``, a rule set and a number of
        players (None: as many as the settings' opponents), and a match of
        it starts at once. ``deck`` (top card first) and ``starter`` stack the
        first hand of the first match, as ``Game`` does; tests use them to set
        up a position. ``store`` keeps settings and statistics, ``saves`` the
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
        self.store = store if store is not None else host.MemoryStore()
        self.settings, self.stats, warning = self.store.load()
        # The next match's level; --level is for this run only, unless changed in the menu.
        self.level = level or self.settings.difficulty
        sound = self.settings.sound if muted is None else not muted
        self.audio = Audio(not sound, self.notice, music=not low_memory)
        self.mouse = keys.Mouse()
        self._pads: dict[int, list[str]] = {}
        self.match: Match | None = None
        self._shown_prompt = ""
        self.title = menus.TitleMenu(host.can_quit(platform), title_art=not low_memory)
        self.screen: menus.HowToPlay | menus.StatsScreen | menus.PauseMenu | ReplayList | None = None
        self.viewer: ReplayViewer | None = None
        if warning:
            self._warn(warning)
        self.saves = saves if saves is not None else MemorySaves()
        self._moves = 0  # actions (and new hands) sent to the engine in this match
        self._hand_counted = False  # the hand that is over is in the statistics
        self._saved_at_start, warning = self.saves.load()
        if warning:
            self._warn(warning)
        self.title.can_continue = self._saved_at_start is not None
        if self._saved_at_start is not None:
            self.title.saved_table = (self._saved_at_start.rules, self._saved_at_start.players)
        self.loader = Loader(low_memory)
        self._table = table  # this run's rule set and players, until the menu changes them
        self._people = people  # this run's people, until the menu changes them
        if replay is not None:
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
        if "M" in pressed and self.scene not in ("loading", "people"):
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

    def _update_title(self, pressed: list[str], pointer: keys.Pointer) -> None:
        choice = self._choose(self.title, pressed, pointer)
        if choice is None:
            return
        what = choice.what
        if self.title.message == narration.HOUSE_RULES_STANDARD_ONLY and what != "house":
            self.title.message = ""  # it was about that choice only: the menu has moved on
        if what == "continue":
            self._continue()
        elif what == "play":
            self._start_match()
        elif what in menus.TABLE_ITEMS:
            self._change_table(what, choice.step)
        elif what == "people":
            self._change_people(choice.step)
        elif what == "house":
            self._show_house_rules()
        elif what == "level":
            index = DIFFICULTIES.index(self.level)
            self.level = self.settings.difficulty = DIFFICULTIES[(index + choice.step) % len(DIFFICULTIES)]
            self.notice(f"setting level {self.level}")
            self._save()
        elif what == "sound":
            self._toggle_sound()
        elif what == "howto":
            self.screen = menus.HowToPlay(self.settings.rules)
            self._set_scene("howto")
            self._report_page()
        elif what == "replays":
            self._show_replays()
        elif what == "stats":
            rules, players = self._rules_and_players()
            table = table_key(rules, players)
            people = len(self._people_names(players)) > 1
            self.screen = menus.StatsScreen(table, people=people)
            self._set_scene("stats")
            lines = menus.people_lines(self.stats) if people else menus.stats_lines(self.stats, table)
            for line in lines:
                self.notice(f"stats {line}")
        elif what == "quit":
            self.quit_requested = True
            self.notice("quit")

    # ----- replays ------------------------------------------------------------------

    def _show_replays(self) -> None:
        from .replay import ReplayList

        self.screen = ReplayList(self.saves.finished())
        self._set_scene("replays")
        for number, saved in enumerate(self.screen.matches, start=1):
            self.notice(f"replays {number}: {saved.summary()}")
        if not self.screen.matches:
            self.notice("replays none yet")

    def _update_replays(self, pressed: list[str], pointer: keys.Pointer) -> None:
        choice = self._choose(self.screen, pressed, pointer)
        if choice is None:
            return
        if choice.what == "watch":
            self._watch(self.screen.chosen, back="replays")
        else:
            self._to_title()

    def _watch(self, saved: SavedMatch, back: str) -> None:
        """Play a finished match back; ESCAPE returns to ``back`` (a scene)."""
        from .replay import ReplayViewer

        try:
            saved.game()  # the whole record must replay before the viewer steps through it
        except ValueError as error:
            self._warn(f"warning: the match of {saved.date} cannot be replayed: {error}")
            if self.scene == "replays":
                self.screen.message = self.title.message
            else:
                self._to_title()
            return
        self.audio.stop_music()
        self.screen = None
        self._back_from_replay = back
        self.notice(f"replay {saved.summary()}")
        self.viewer = ReplayViewer(saved, self.notice, title_art=not self.low_memory)
        self._set_scene("replay")

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
        warning = self.store.save(self.settings, self.stats)
        if warning:
            self._warn(warning)

    # ----- the game to play ---------------------------------------------------------------

    def _rules_and_players(self) -> tuple[str, int]:
        """The next match's rule set and number of players."""
        if self._table is not None:
            rules, players = self._table
            if players is None and self._people is not None:  # --people without --players: room for them
                most = 2 if rules == "1991" else RULESETS[rules].max_players
                return rules, min(most, max(players_for(rules, self.settings.opponents), len(self._people)))
            return rules, players or players_for(rules, self.settings.opponents)
        return self.settings.rules, self.settings.players

    def _change_table(self, what: str, step: int) -> None:
        """RULES, OPPONENTS or SCORING moved on (saved with the settings)."""
        settings = self.settings
        if self._table is not None:  # the menu takes over from --rules / --players
            settings.rules, players = self._rules_and_players()
            settings.opponents = players - 1
            self._table = None
        if what == "rules":
            names = list(RULESETS)
            settings.rules = names[(names.index(settings.rules) + step) % len(names)]
        elif what == "opponents":
            most = players_for(settings.rules, MOST_OPPONENTS) - 1
            settings.opponents = (min(settings.opponents, most) - 1 + step) % most + 1
        else:
            settings.scoring = SCORINGS[(SCORINGS.index(settings.scoring) + 1) % len(SCORINGS)]
        rules, players = self._rules_and_players()
        self.notice(f"setting rules {rules} players {players} scoring {settings.scoring}")
        self._save()

    # ----- the people at this machine -------------------------------------------------

    def _people_names(self, players: int) -> tuple[str, ...]:
        """The names of the people at the next match's table (one: the 1991
        game's "you", against the computers)."""
        if self._people is not None:
            return self._people[:players]
        return self.settings.people_names(players)

    def _seating(self, players: int, seed: int) -> Seating:
        names = self._people_names(players)
        return Seating.of(players, names, self.settings.seating, seed) if len(names) > 1 else Seating.solo(players)

    def _take_over_people(self) -> None:
        """The menu takes over from --people / --names."""
        if self._people is not None:
            names = self._people
            self.settings.people = len(names)
            self.settings.names = tuple(names) if len(names) > 1 else self.settings.names
            self._people = None

    def _change_people(self, step: int) -> None:
        """PEOPLE: how many (1 to the table's size), their names and the seating."""
        from .people import PeopleScreen

        self._take_over_people()
        settings = self.settings
        _, players = self._rules_and_players()
        everybody = Settings(people=players, names=settings.names[:players]).people_names(players)
        self.screen = PeopleScreen(min(settings.people, players), players, everybody, settings.seating)
        self._set_scene("people")

    def _update_people(self, pressed: list[str], pointer: keys.Pointer) -> None:
        choice, moved = self.screen.update(pressed, pointer, keys.typed())
        if moved:
            self.audio.play("move")
        if choice is None:
            return
        self.audio.play("select")
        settings = self.settings
        if choice.what == "done":
            screen = self.screen
            names = list(screen.names)
            while names and names[-1] == f"PLAYER {len(names)}":
                names.pop()  # the default names need not be kept
            settings.people, settings.names, settings.seating = screen.count, tuple(names), screen.seating
            shown = ",".join(screen.names[: screen.count])
            self.notice(f"setting people {screen.count} names {shown} seating {screen.seating}")
            self._save()
        self._to_title()

    def _show_house_rules(self) -> None:
        """The house rules' switches (standard UNO only)."""
        if self._rules_and_players()[0] != "standard":
            self.title.message = narration.HOUSE_RULES_STANDARD_ONLY
            self.notice(narration.HOUSE_RULES_STANDARD_ONLY)
            return
        self.screen = menus.HouseRulesScreen(self.settings.house)
        self._set_scene("house")

    def _update_house(self, pressed: list[str], pointer: keys.Pointer) -> None:
        choice = self._choose(self.screen, pressed, pointer)
        if choice is None:
            return
        if choice.what == "back":
            self._to_title()
            return
        self.settings.toggle_house(choice.what)
        self.screen.house = self.settings.house
        self.notice(f"setting house rules {' '.join(self.settings.house) or 'none'}")
        self._save()

    # ----- a match --------------------------------------------------------------------

    def _start_match(self) -> None:
        """A new match; match n plays from seed + n, so every run repeats.
        The table's code and the computer players are imported here, not
        before: the first frame (the title or the loading screen) comes sooner."""
        from .match import Match

        self.audio.stop_music()
        deck, starter = self._first_deal if self.matches == 0 else (None, None)
        rules, players = self._rules_and_players()
        self.notice(f"match {self.matches + 1} level {self.level}")
        if (rules, players) != ("1991", 2):
            self.notice(f"table {rules} {players} players scoring {self.settings.scoring}")
        self.match = Match(
            self.seed + self.matches,
            self.level,
            self.audio,
            self.notice,
            self._set_scene,
            hand_ended=self._record_hand,
            computer_seed=self.seed,
            deck=deck,
            starter=starter,
            title_art=not self.low_memory,
            rules=rules,
            acted=self._save_match,
            players=players,
            scoring=self.settings.scoring,
            house=self.settings.house if rules == "standard" else (),
            seating=self._seating(players, self.seed + self.matches),
        )
        if self.match.seating.several:
            names = ", ".join(self.match.seating.name(seat).lower() for seat in self.match.seating.people)
            self.notice(f"people {names} at seats {' '.join(map(str, self.match.seating.people))}")
        self._moves, self._hand_counted = 0, False
        self._match_date = now()
        self._save_match(self.match, moved=False)
        self._shown_prompt = ""
        self.match.hints = self.settings.hints_for(rules)
        settle_heap()

    def _continue(self) -> None:
        """The saved match, as it was left: the engine's game replayed from
        its record, the computer with the same seed and level."""
        from .match import Match

        saved, self._saved_at_start = self._saved_at_start, None
        self.title.can_continue = False
        self.audio.stop_music()
        self.matches, self._moves, self._hand_counted = saved.match, saved.moves, saved.hand_counted
        self._match_date = saved.date
        game = saved.game()
        self.notice(f"match {saved.match + 1} level {saved.level} continued after {saved.moves} moves")
        self.notice(f"state {state_digest(game)}")
        self.match = Match(
            game.seed,
            saved.level,
            self.audio,
            self.notice,
            self._set_scene,
            hand_ended=self._record_hand,
            computer_seed=saved.computer_seed,
            title_art=not self.low_memory,
            acted=self._save_match,
            game=game,
            seating=saved_seating(saved),
            viewer=saved.viewer if saved.names else None,
            scepter=saved.scepter,
        )
        self.match.hints = self.settings.hints_for(saved.rules)
        self._shown_prompt = ""
        settle_heap()

    def _saved(self, match: Match, result: str | None = None) -> SavedMatch:
        game = match.game
        return SavedMatch(
            record=game.record(),
            level=match.level,
            computer_seed=match.computer_seed,
            rules=game.rules.name,
            players=game.players,
            scoring=game.scoring,
            match=self.matches,
            moves=self._moves,
            hand_counted=self._hand_counted and game.hand_over,
            date=self._match_date,
            result=result,
            names=match.seating.names if match.seating.several else (),
            viewer=match.viewer if match.seating.several else 0,
            scepter=match.scepter.state if match.scepter is not None else None,
        )

    def _save_match(self, match: Match, moved: bool = True) -> None:
        """After every action: the match as it stands, atomically."""
        self._moves += moved
        if not match.game.hand_over:
            self._hand_counted = False
        warning = self.saves.save(self._saved(match))
        if warning:
            self._warn(warning)
        self.notice(f"saved match {self._moves} moves")

    def _record_hand(self, match: Match) -> None:
        """Count the hand (and the match, at its end) and save at once; a
        continued match whose hand was counted before is not counted again.
        At the end of the match, keep it for replays: nothing to continue."""
        result, game, seating = match.result, match.game, match.seating
        if not self._hand_counted:
            if seating.several:
                self._record_people(match)
            else:
                you = seating.people[0]
                won = result.winner == you
                table = table_key(game.rules.name, game.players)
                self.stats.record_hand(match.level, won=won, points=result.points if won else 0, table=table)
                if game.match_over:
                    won_match = game.match_winner == you
                    self.stats.record_match(match.level, won=won_match, score=game.scores[you], table=table)
            self._save()
            self.notice("saved settings and statistics")
            self._hand_counted = True
        if game.match_over:
            score = ", ".join(f"{seating.name(seat).lower()} {n}" for seat, n in enumerate(game.scores))
            if seating.several:
                won = f"{seating.name(game.match_winner).lower()} won,"
            else:
                won = "won" if game.match_winner == seating.people[0] else "lost"
            warning = self.saves.keep_finished(self._saved(match, result=f"{won} {score}"))
            if warning:
                self._warn(warning)
            self.saves.clear()
            self.notice("match kept for replays")
        else:
            self._save_match(match, moved=False)

    def _record_people(self, match: Match) -> None:
        """Several people: each person's hand (and match) by name."""
        result, game, seating = match.result, match.game, match.seating
        for seat in seating.people:
            name = seating.name(seat)
            won = result.winner == seat
            self.stats.record_person_hand(name, won=won, points=result.points if won else 0)
            if game.match_over:
                self.stats.record_person_match(name, won=game.match_winner == seat, score=game.scores[seat])
        if game.match_over:
            for seat in seating.people:
                record = self.stats.person(seating.name(seat))
                self.notice(
                    f"stats {seating.name(seat).lower()} matches won {record.matches_won} of {record.matches_played},"
                    f" hands won {record.hands_won} of {record.hands_played}, points {record.hand_points}"
                )

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
        elif choice.what == "leave":
            self.notice("left the match")
            self.match.leave()
            self.saves.clear()
            pyxel.stop()
            self.match = None
            self._to_title()

    # ----- drawing ------------------------------------------------------------------------

    def draw(self) -> None:
        scene = self.scene
        if scene == "loading":
            from . import loading  # only the normal mode needs it

            progress = loading.shown_progress(self.loader.progress, self._loading_frames)
            loading.draw_loading(progress, self.frame)
        elif scene == "title":
            rules, players = self._rules_and_players()
            scoring = self.settings.scoring
            house = len(self.settings.house_in_play) if rules == "standard" else 0
            people = len(self._people_names(players))
            self.title.draw(self.level, not self.audio.muted, self.frame, rules, players - 1, scoring, house, people)
        elif scene in ("howto", "house", "people"):
            self.screen.draw(self.frame)
        elif scene == "stats":
            self.screen.draw(self.stats, self.level)
        elif scene == "replays":
            self.screen.draw(self.frame)
        elif scene == "replay":
            self.viewer.draw()
        else:
            self.match.draw(paused=scene == "paused")
            if scene == "paused":
                self.screen.draw(not self.audio.muted, self.frame, self.match.hints)
                draw_message_bar("", narration.MENU_HINT)
        if self._mark_first_frame:
            self._mark_first_frame = False
            print(FIRST_FRAME, flush=True)


def saved_seating(saved: SavedMatch) -> Seating | None:
    """Who sat where in a saved match: its people's names (one person: the
    1991 seating, None)."""
    return Seating.from_names(saved.names) if saved.names else None


def _min_loading_frames() -> int:
    from . import loading

    return loading.MIN_FRAMES


def run_window(
    seed: int,
    level: str | None,
    muted: bool | None,
    low_memory: bool,
    store_for: Callable[[], object],
    platform: str | None = None,
    saves_for: Callable[[], Saves] | None = None,
    continue_match: bool = False,
    replay: SavedMatch | None = None,
    display_scale: int | None = None,
    table: tuple[str, int | None] | None = None,
    people: tuple[str, ...] | None = None,
) -> None:
    """Play in a window (or a browser page) until the player quits, the
    window at ``display_scale`` (None: pyxel chooses). ``store_for`` and
    ``saves_for`` are called after ``pyxel.init``. Resized, the picture
    keeps whole scales with crisp pixels (bars fill the rest)."""
    init_pyxel(headless=False, display_scale=display_scale)
    pyxel.screen_mode(0)
    pyxel.integer_scale(True)
    app = App(
        seed,
        level,
        muted,
        report=lambda line: None,
        low_memory=low_memory,
        store=store_for(),
        platform=platform,
        saves=saves_for() if saves_for else None,
        continue_match=continue_match,
        replay=replay,
        table=table,
        people=people,
    )
    app.mouse.in_window = display.pointer_in_window()

    def update() -> None:
        app.update()
        if app.quit_requested:
            pyxel.quit()

    pyxel.run(update, app.draw)
