"""The title menu and the screens it opens, as the App runs them: PLAY,
RULES, OPPONENTS, SCORING, HOUSE RULES, LEVEL, SOUND, HOW TO PLAY,
STATISTICS, PEOPLE (``people.py``), JOIN (``joining.py``), HOST (the table
server in the game: ``game.online.hosting``), REPLAYS (``replay.py``) and QUIT.
Each screen (``menus.py``) answers the frame's keys with a word; here the
word becomes a change of settings or of scene. ``App`` mixes this in.
"""

from __future__ import annotations

from game.rules.rulesets import RULESETS
from game.storage.saves import SavedMatch
from game.storage.settings import DIFFICULTIES, MOST_OPPONENTS, SCORINGS, Settings, players_for, table_key
from game.ui.platform import keys
from game.ui.scenes import menus
from game.ui.seats.kinds import Seating
from game.ui.table import narration


class TitleScenes:
    """The title menu's choices and the scenes they open (``title``,
    ``howto``, ``stats``, ``house``, ``people``, ``join``, ``replays``,
    ``replay``)."""

    _hosted = None  # the table server HOST started (a LocalServer), while it runs

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
        elif what == "join":
            self._show_join()
        elif what == "host":
            self._host()
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
        from game.ui.scenes.replay import ReplayList

        self.screen = ReplayList(self.store.finished())
        for problem in self.store.take_problems():
            self._warn(problem)
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
        from game.ui.scenes.replay import ReplayViewer

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
        from game.ui.scenes.people import PeopleScreen

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

    # ----- online: JOIN and HOST -------------------------------------------------------

    def _show_join(self) -> None:
        """JOIN: the address of a table elsewhere, and the name to play under."""
        from game.ui.scenes.join import JoinScreen

        self.screen = JoinScreen(self.settings.join_address, self.settings.player_name)
        self._set_scene("join")

    def _update_join(self, pressed: list[str], pointer: keys.Pointer) -> None:
        choice, moved = self.screen.update(pressed, pointer, keys.typed(), keys.text_typed())
        if moved:
            self.audio.play("move")
        if choice is None:
            return
        if choice.what == "refused":
            self.audio.play("buzz")
            self.notice(f"join refused: {self.screen.problem}")
            return
        self.audio.play("select")
        if choice.what != "join":
            self._to_title()
            return
        settings = self.settings
        settings.join_address, settings.online_name = choice.url, choice.name
        self.notice(f"setting join address {choice.url} name {choice.name.lower()}")
        self._save()
        self._to_title()
        self._go_online(choice.url, choice.name)

    def _host(self) -> None:
        """HOST: the table server, in a process of its own, for friends on
        the LAN (its rooms in the data folder's ``hosted``; one left running
        by this game's last run is taken over, not started twice), and this
        machine's own seat (``_host_online``): back at the room a crash
        left, else at a new room of the menu's table. A server that cannot
        start says why under the menu; nothing else changes."""
        from game.online.hosting import HOSTED_FOLDER, HostingError, LocalServer

        server = self._hosted
        if server is None or not (server.running or server.launching):
            folder = self.store.directory  # None: a temporary folder
            server = LocalServer(None if folder is None else folder / HOSTED_FOLDER)
            try:
                server.launch()
            except HostingError as error:
                self._cannot_host(str(error))
                return
            self._hosted = server
        self.title.message = ""
        self._host_online(server, self._host_name(), self._hosted_table())

    def _cannot_host(self, why: str) -> None:
        """HOST's server could not start: why, under the title menu."""
        self._hosted = None
        self.title.message = why
        self.notice(why)

    def _host_name(self) -> str:
        """The host's name at its table: the first person's, as PEOPLE (or
        this run's --names) has it; while that is still the default, the
        name given at JOIN."""
        players = self._rules_and_players()[1]
        first = self._people_names(players)[0]
        return self.settings.player_name if first in ("PLAYER 1", "YOU") else first

    def _hosted_table(self) -> dict:
        """The title menu's table, as the server takes it (``room.check_table``):
        every seat a person's until the host starts with computers."""
        rules, players = self._rules_and_players()
        house = list(self.settings.house) if rules == "standard" else []
        return {
            "rules": rules,
            "players": players,
            "people": players,
            "scoring": self.settings.scoring,
            "house": house,
            "level": self.level,
        }

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
