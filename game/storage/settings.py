"""Saved settings and statistics: one small JSON document, kept safe.

The document holds the player's settings and their statistics per difficulty::

    {"version": 1,
     "settings": {"difficulty": "normal", "sound": true, "rules": "1991"},
     "stats": {"easy": {...}, "normal": {...}, "hard": {...},
               "counted": "3f9a1c0e7b2d 4"}}

``counted`` names the last hand counted (its match's id and its number):
written in the same file, in the same write, as the counts it added, so a
match continued after a crash knows whether that hand is in already.

Where it is kept (the file ``uno1991.json`` of the data folder, or one
localStorage key in the browser) is the ``Store``'s business
(``game.storage.store``); this module says what the document holds and how
its text is written and read. Reading never raises for anything the text can
say: ``read_document`` returns what it could keep and one ``problem`` line.
Programming errors, such as recording an unknown difficulty or constructing
``Settings`` with a bad value, raise ``ValueError``; each setting's check is
written once, in ``CHECKS``, for both.

The document's text, written and read: ``settings_document``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.rules.house import HOUSE_RULES
from game.rules.rulesets import RULESETS
from game.rules.teams import TEAM_TABLES
from game.storage.bindings import ACTIONS, is_entries

VERSION = 1
DIFFICULTIES = ("easy", "normal", "hard")
# Larger than any real document (about 1 KB); anything bigger is not ours.
MAX_TEXT = 64 * 1024
# Counts and point totals stay below JavaScript's largest exact integer.
MAX_COUNT = 2**53 - 1
MAX_COUNTED = 64  # "MATCH-ID HAND", the last hand counted


SCORINGS = ("points", "tally")
MOST_OPPONENTS = 9
# Several people at one machine: how they sit round the table.
SEATINGS = ("together", "apart", "shuffled")
MOST_PEOPLE = 10
NAME_LENGTH = 9  # PLAYER 10 fits; so does a panel
# What a name may be made of: what the pixel font draws, and the keys type.
NAME_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -"
# The address JOIN took, kept as bounded text: the JOIN screen checks its
# grammar (``game.online.address``) when it is used, so a file can hold
# nothing longer or stranger than this.
ADDRESS_SCHEMES = ("ws://", "wss://")
MOST_ADDRESS = 128


@dataclass
class Settings:
    """The player's choices. ``rules`` names a rule set in ``RULESETS``;
    ``opponents`` is how many computer players to sit with (each rule set
    takes as many as it can, up to this: 1991 always one); ``scoring`` is
    ``points`` (first to 500) or ``tally`` (the lowest total wins);
    ``house`` the house rules switched on for standard UNO (their names in
    ``HOUSE_RULES`` order); ``teams`` partners, for standard UNO at an even
    table of 4 to 10 (``players`` then rounds the opponents to an odd
    number). ``hints``: lift the cards of your hand that
    may be played (None: the rule set's own default, off in the 1991 game,
    which refuses a card with a buzz as its manual says, on in the others)."""

    difficulty: str = "normal"
    sound: bool = True
    rules: str = "1991"
    opponents: int = 1
    scoring: str = "points"
    house: tuple[str, ...] = ()
    # The last house rules of the player's own (no preset's): HOUSE RULES' CUSTOM, kept while a preset is tried.
    own_house: tuple[str, ...] = ()
    teams: bool = False
    # Several people at one machine: how many play (1: you against the computers), their
    # names as typed (PLAYER 1... for those not typed) and how they sit (``SEATINGS``).
    people: int = 1
    names: tuple[str, ...] = ()
    seating: str = "together"
    hints: bool | None = None
    # Online play: the last address JOIN took (``ws://HOST:PORT/ROOM``) and the
    # name given there (""; the first person's name). Left out while unchanged.
    join_address: str = ""
    online_name: str = ""
    # COLOUR SIGNS: a shape for each card colour on every card and named
    # colour (off: the 1991 look). Left out of the document while off.
    colour_signs: bool = False
    keys: tuple[str, ...] = ()  # changed on KEYS: "play SPACE A" (``bindings``); left out while none

    def __post_init__(self) -> None:
        for name, check in CHECKS.items():
            value = getattr(self, name)
            if not check.accepts(value):
                raise ValueError(f"{name} must be {check.must_be}, not {value!r}")

    def people_names(self, players: int) -> tuple[str, ...]:
        """The names of the people at a table of ``players`` (at most that
        many people): the names typed, then PLAYER 3 and so on."""
        count = min(self.people, players)
        return tuple(self.names[i] if i < len(self.names) else f"PLAYER {i + 1}" for i in range(count))

    @property
    def player_name(self) -> str:
        """The name to play under online: the one given there, else the
        first person's (PLAYER 1 until one is typed)."""
        return self.online_name or (self.names[0] if self.names else "PLAYER 1")

    def hints_for(self, rules: str) -> bool:
        """Whether a match of ``rules`` lifts your playable cards."""
        return self.hints if self.hints is not None else RULESETS[rules].hints

    def toggle_house(self, name: str) -> None:
        """Switch one house rule on or off (kept in ``HOUSE_RULES`` order)."""
        on = set(self.house) ^ {name}
        self.house = tuple(rule for rule in HOUSE_RULES if rule in on)

    @property
    def teams_in_play(self) -> bool:
        """Whether a match of these rules is played by partners: standard UNO's only."""
        return self.teams and RULESETS[self.rules].partners

    @property
    def players(self) -> int:
        """Players at the table under these rules: you and the opponents
        the rule set has room for (with partners, an even table)."""
        return players_for(self.rules, self.opponents, self.teams_in_play)


def players_for(rules: str, opponents: int, teams: bool = False) -> int:
    """You and as many of ``opponents`` as the rule set seats (1991: one);
    with partners the nearest table of teams (``TEAM_TABLES``) at or under it."""
    most = RULESETS[rules].table_players - 1
    players = 1 + max(1, min(opponents, most))
    if teams:
        return max([table for table in TEAM_TABLES if table <= players], default=TEAM_TABLES[0])
    return players


@dataclass(frozen=True)
class Check:
    """One setting's rule, as ``Settings`` holds the value (a tuple where
    the document has a list): ``accepts`` it, or it ``must_be`` this (in words)."""

    accepts: Callable[[Any], bool]
    must_be: str


def is_name(value: Any) -> bool:
    """A person's name: 1 to ``NAME_LENGTH`` of ``NAME_CHARACTERS``, no space at either end."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= NAME_LENGTH
        and all(c in NAME_CHARACTERS for c in value)
        and value.strip() == value
    )


def _is_whole(low: int, high: int) -> Callable[[Any], bool]:
    return lambda value: type(value) is int and low <= value <= high


def _is_one_of(choices: tuple[str, ...]) -> Callable[[Any], bool]:
    return lambda value: isinstance(value, str) and value in choices


def _is_house(value: Any) -> bool:
    return isinstance(value, tuple) and all(name in HOUSE_RULES for name in value) and len(set(value)) == len(value)


def _is_names(value: Any) -> bool:
    return isinstance(value, tuple) and len(value) <= MOST_PEOPLE and all(is_name(name) for name in value)


def _is_address(value: Any) -> bool:
    return value == "" or (
        isinstance(value, str)
        and len(value) <= MOST_ADDRESS
        and value.startswith(ADDRESS_SCHEMES)
        and value.isascii()
        and value.isprintable()
        and " " not in value
    )


# Every setting's check, used when ``Settings`` is made and when a document is read.
CHECKS: dict[str, Check] = {
    "difficulty": Check(_is_one_of(DIFFICULTIES), f"one of {', '.join(DIFFICULTIES)}"),
    "sound": Check(lambda value: isinstance(value, bool), "True or False"),
    "rules": Check(_is_one_of(tuple(RULESETS)), f"a rule set of {', '.join(RULESETS)}"),
    "opponents": Check(_is_whole(1, MOST_OPPONENTS), f"1 to {MOST_OPPONENTS}"),
    "scoring": Check(_is_one_of(SCORINGS), f"one of {', '.join(SCORINGS)}"),
    "house": Check(_is_house, f"a tuple of names from {', '.join(HOUSE_RULES)}"),
    "own_house": Check(_is_house, f"a tuple of names from {', '.join(HOUSE_RULES)}"),
    "teams": Check(lambda value: isinstance(value, bool), "True or False"),
    "people": Check(_is_whole(1, MOST_PEOPLE), f"1 to {MOST_PEOPLE}"),
    "names": Check(_is_names, f"a tuple of up to {MOST_PEOPLE} names"),
    "seating": Check(_is_one_of(SEATINGS), f"one of {', '.join(SEATINGS)}"),
    "hints": Check(lambda value: value is None or isinstance(value, bool), "True, False or None"),
    "join_address": Check(_is_address, f"a ws:// or wss:// address of up to {MOST_ADDRESS} characters"),
    "online_name": Check(lambda value: value == "" or is_name(value), f"a name of up to {NAME_LENGTH} characters"),
    "colour_signs": Check(lambda value: isinstance(value, bool), "True or False"),
    "keys": Check(is_entries, f"a tuple of 'ACTION KEY BUTTON', one an action of {', '.join(ACTIONS)}, none doubled"),
}
# The settings the document keeps as lists and ``Settings`` as tuples.
TUPLES = ("house", "own_house", "names", "keys")


CLASSIC_TABLE = "1991 2"  # the 1991 game against one computer: the statistics as always kept


def table_key(rules: str, players: int, teams: bool = False) -> str:
    """The statistics of each rule set and number of players are kept apart,
    and partners' apart from each for themselves: "standard 4", "standard 4 teams"."""
    return f"{rules} {players}" + " teams" * teams


def is_table_key(key: Any) -> bool:
    if not isinstance(key, str) or key.count(" ") not in (1, 2):
        return False
    rules, players, *teams = key.split(" ")
    if teams not in ([], ["teams"]) or rules not in RULESETS or not players.isdigit():
        return False
    return players_for(rules, int(players) - 1, bool(teams)) == int(players) and (not teams or RULESETS[rules].partners)


@dataclass
class LevelStats:
    """The record against one difficulty.

    matches_won, matches_lost, hands_won, hands_lost: how many of each.
    best_hand: the most points the player scored in one hand won.
    hand_points: all the points the player scored in hands won.
    best_match: the player's highest final score in a match, won or lost.
    match_points: the player's final scores of all matches, added up.
    """

    matches_won: int = 0
    matches_lost: int = 0
    hands_won: int = 0
    hands_lost: int = 0
    best_hand: int = 0
    hand_points: int = 0
    best_match: int = 0
    match_points: int = 0

    @property
    def hands_played(self) -> int:
        return self.hands_won + self.hands_lost

    @property
    def matches_played(self) -> int:
        return self.matches_won + self.matches_lost

    @property
    def average_hand(self) -> float:
        """Average points per hand won (0.0 before the first win)."""
        return self.hand_points / self.hands_won if self.hands_won else 0.0

    @property
    def average_match(self) -> float:
        """Average final score per match played (0.0 before the first match)."""
        return self.match_points / self.matches_played if self.matches_played else 0.0


@dataclass
class PersonStats:
    """One person's record in matches of several people at one machine:
    wins and points, whatever the table."""

    hands_won: int = 0
    hands_played: int = 0
    hand_points: int = 0
    matches_won: int = 0
    matches_played: int = 0
    match_points: int = 0


@dataclass
class Stats:
    """Statistics per difficulty: ``stats.hard.hands_won`` or
    ``stats.level("hard")`` for the 1991 game against one computer; the
    other rule sets and numbers of players each have a table of their own in
    ``tables`` ("standard 4" -> difficulty -> LevelStats)."""

    easy: LevelStats = field(default_factory=LevelStats)
    normal: LevelStats = field(default_factory=LevelStats)
    hard: LevelStats = field(default_factory=LevelStats)
    tables: dict[str, dict[str, LevelStats]] = field(default_factory=dict)
    # The last hand counted ("MATCH-ID HAND"), saved in the same write as
    # its counts: a match continued after a crash never counts it again.
    counted: str = ""
    # Matches of several people at one machine: each person's record by name.
    people: dict[str, PersonStats] = field(default_factory=dict)

    def person(self, name: str) -> PersonStats:
        """A person's record in matches of several people (empty if none yet)."""
        return self.people.get(name, PersonStats())

    def record_person_hand(self, name: str, won: bool, points: int) -> None:
        _check_points(points)
        record = self.people.setdefault(name, PersonStats())
        record.hands_played += 1
        if won:
            record.hands_won += 1
            record.hand_points += points

    def record_person_match(self, name: str, won: bool, score: int) -> None:
        _check_points(score)
        record = self.people.setdefault(name, PersonStats())
        record.matches_played += 1
        record.matches_won += won
        record.match_points += score

    def level(self, difficulty: str, table: str = CLASSIC_TABLE) -> LevelStats:
        """The record at one difficulty and table (empty if none yet)."""
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {difficulty!r}")
        if table == CLASSIC_TABLE:
            classic: LevelStats = getattr(self, difficulty)
            return classic
        if not is_table_key(table):
            raise ValueError(f"unknown table {table!r}")
        return self.tables.get(table, {}).get(difficulty, LevelStats())

    def _kept(self, difficulty: str, table: str) -> LevelStats:
        """The record to count into, made the first time it is needed."""
        level = self.level(difficulty, table)
        if table != CLASSIC_TABLE:
            self.tables.setdefault(table, {})[difficulty] = level
        return level

    def record_hand(self, difficulty: str, won: bool, points: int, table: str = CLASSIC_TABLE) -> None:
        """Count a hand; ``points`` is what the player scored, used when ``won``."""
        _check_points(points)
        level = self._kept(difficulty, table)
        if won:
            level.hands_won += 1
            level.hand_points += points
            level.best_hand = max(level.best_hand, points)
        else:
            level.hands_lost += 1

    def record_match(self, difficulty: str, won: bool, score: int, table: str = CLASSIC_TABLE) -> None:
        """Count a match; ``score`` is the player's final score in it."""
        _check_points(score)
        level = self._kept(difficulty, table)
        if won:
            level.matches_won += 1
        else:
            level.matches_lost += 1
        level.match_points += score
        level.best_match = max(level.best_match, score)


def _check_points(points: int) -> None:
    if type(points) is not int or points < 0:
        raise ValueError(f"points must be a whole number >= 0, not {points!r}")
