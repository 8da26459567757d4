"""The next match's table: its rule set, players, partners, people, house
rules and level, from the settings, or from this run's ``--rules``/
``--players``/``--teams``/``--people``/``--house``/``--level`` until the
title menu changes them.
"""

from __future__ import annotations

from typing import NamedTuple

from game.rules.rulesets import RULESETS
from game.storage.settings import MOST_OPPONENTS, SCORINGS, Settings, players_for
from game.ui.seats.kinds import Seating


class RunTable(NamedTuple):
    """This run's table (``--rules``, ``--players``, ``--teams``); players
    None: as many as the settings' opponents."""

    rules: str
    players: int | None = None
    teams: bool = False


class NextMatch:
    """``table``: this run's rule set and number of players (None: the
    settings'; players None: as many as the settings' opponents);
    ``people``: this run's people's names (None: the settings');
    ``house``: this run's house rules (None: the settings'); ``seating``:
    how this run's people sit (None: the settings')."""

    def __init__(
        self,
        settings: Settings,
        level: str,
        table: RunTable | None,
        people: tuple[str, ...] | None,
        house: tuple[str, ...] | None = None,
        seating: str | None = None,
    ) -> None:
        self.settings = settings
        self.level = level  # --level is for this run only, unless changed in the menu
        self._table = None if table is None else RunTable(*table)  # (a test's (rules, players) too)
        self._people = people
        self._house = house
        self._seating = seating

    @property
    def house(self) -> tuple[str, ...]:
        """The house rules chosen for standard UNO: this run's, else the settings'."""
        return self.settings.house if self._house is None else self._house

    def house_in_play(self, rules: str) -> tuple[str, ...]:
        """The house rules a match of ``rules`` plays: standard UNO's only."""
        return self.house if RULESETS[rules].house_rules else ()

    def change_house(self, house: tuple[str, ...]) -> None:
        """HOUSE RULES changed them: the settings take over from --house."""
        self.settings.house = house
        self._house = None

    def rules_and_players(self) -> tuple[str, int]:
        """The next match's rule set and number of players."""
        if self._table is not None:
            rules, players, teams = self._table
            if players is None and self._people is not None:  # --people without --players: room for them
                most = RULESETS[rules].table_players
                return rules, min(most, max(players_for(rules, self.settings.opponents, teams), len(self._people)))
            return rules, players or players_for(rules, self.settings.opponents, teams)
        return self.settings.rules, self.settings.players

    @property
    def teams(self) -> bool:
        """Whether the next match is played by partners."""
        if self._table is not None:
            return self._table.teams
        return self.settings.teams_in_play

    def change_table(self, what: str, step: int) -> None:
        """RULES, OPPONENTS, SCORING or PARTNERS moved on (the settings
        change); with partners OPPONENTS steps over a table of teams (3, 5,
        7 or 9 opponents)."""
        settings = self.settings
        if self._table is not None:  # the menu takes over from --rules / --players / --teams
            settings.teams = self.teams
            settings.rules, players = self.rules_and_players()
            settings.opponents = players - 1
            self._table = None
        if what == "rules":
            names = list(RULESETS)
            settings.rules = names[(names.index(settings.rules) + step) % len(names)]
        elif what == "opponents" and settings.teams_in_play:
            most = players_for(settings.rules, MOST_OPPONENTS, teams=True) - 1
            settings.opponents = (settings.players - 1 - 3 + 2 * step) % (most - 1) + 3
        elif what == "opponents":
            most = players_for(settings.rules, MOST_OPPONENTS) - 1
            settings.opponents = (min(settings.opponents, most) - 1 + step) % most + 1
        elif what == "partners":
            settings.teams = not settings.teams
            settings.opponents = settings.players - 1  # (a table of teams: 3 opponents at least)
        else:
            settings.scoring = SCORINGS[(SCORINGS.index(settings.scoring) + 1) % len(SCORINGS)]

    def people_names(self, players: int) -> tuple[str, ...]:
        """The names of the people at the next match's table (one: the 1991
        game's "you", against the computers)."""
        if self._people is not None:
            return self._people[:players]
        return self.settings.people_names(players)

    def seating(self, players: int, seed: int) -> Seating:
        names = self.people_names(players)
        order = self._seating or self.settings.seating
        return Seating.of(players, names, order, seed) if len(names) > 1 else Seating.solo(players)

    def change_people(self, step: int) -> None:
        """PEOPLE moved on from the title menu: one more or fewer, round from
        the table's size back to 1 (as on the PEOPLE screen)."""
        self.take_over_people()
        _, players = self.rules_and_players()
        self.settings.people = (min(self.settings.people, players) - 1 + step) % players + 1

    def people_notice(self) -> str:
        """The notice of the people kept: how many, their names and their seating."""
        _, players = self.rules_and_players()
        names = self.settings.people_names(players)
        return f"setting people {len(names)} names {','.join(names)} seating {self.settings.seating}"

    def take_over_people(self) -> None:
        """The menu takes over from --people / --names."""
        if self._people is not None:
            names = self._people
            self.settings.people = len(names)
            self.settings.names = tuple(names) if len(names) > 1 else self.settings.names
            self._people = None
        if self._seating is not None:
            self.settings.seating, self._seating = self._seating, None

    def host_name(self) -> str:
        """The host's name at its table: the first person's, as PEOPLE (or
        this run's --names) has it; while that is still the default, the
        name given at JOIN."""
        players = self.rules_and_players()[1]
        first = self.people_names(players)[0]
        return self.settings.player_name if first in ("PLAYER 1", "YOU") else first

    def hosted_table(self) -> dict:
        """The title menu's table, as the server takes it (``room.check_table``):
        every seat a person's until the host starts with computers."""
        rules, players = self.rules_and_players()
        house = list(self.house_in_play(rules))
        return {
            "rules": rules,
            "players": players,
            "people": players,
            "scoring": self.settings.scoring,
            "teams": self.teams,
            "house": house,
            "level": self.level,
        }
