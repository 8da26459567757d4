"""Statistics (scene ``stats``), over the title: the record of the next
match's table (``StatsScreen``), or each person's by name; its lines
are reported as it opens.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pyxel

from game.rules.rulesets import RULESETS
from game.storage.files import FILENAME
from game.storage.settings import CLASSIC_TABLE, DIFFICULTIES, Stats
from game.ui import layout as lay
from game.ui.device import runtime
from game.ui.device.keys import Pointer
from game.ui.drawing import text_centred
from game.ui.layout import CX
from game.ui.scenes.navigator import Keys, Pop, Scene, Step
from game.ui.scenes.widgets import BACK_KEYS, BUTTON_Y, BUTTONS, Choice, draw_button, draw_titled_panel

if TYPE_CHECKING:
    from game.ui.scenes.context import Context

STAT_ROWS = [
    ("MATCHES WON", lambda s: s.matches_won),
    ("MATCHES LOST", lambda s: s.matches_lost),
    ("HANDS WON", lambda s: s.hands_won),
    ("HANDS LOST", lambda s: s.hands_lost),
    ("BEST HAND (POINTS)", lambda s: s.best_hand),
    ("AVERAGE HAND WON", lambda s: round(s.average_hand)),
    ("BEST MATCH SCORE", lambda s: s.best_match),
    ("AVERAGE MATCH SCORE", lambda s: round(s.average_match)),
]
STAT_COLUMNS = (150, 200, 250)  # centre x of EASY, NORMAL, HARD


def stats_lines(stats: Stats, table: str = CLASSIC_TABLE) -> list[str]:
    """The statistics in words, one line per difficulty (for headless runs)."""
    lines = []
    for level in DIFFICULTIES:
        values = stats.level(level, table)
        cells = ", ".join(f"{name.lower()} {value(values)}" for name, value in STAT_ROWS)
        lines.append(f"{level}: {cells}")
    return lines


def table_title(table: str) -> str:
    """The table named, and whose record it is: the 1991 game against the
    computer, or the rule set and players (and PARTNERS: "standard 4
    teams", your team's record)."""
    if table == CLASSIC_TABLE:
        return "THE 1991 GAME: YOUR RECORD AGAINST THE COMPUTER"
    rules, players, *teams = table.split(" ")
    if teams:
        return f"{RULESETS[rules].title}, {players} PLAYERS, PARTNERS: YOUR TEAM'S RECORD"
    return f"{RULESETS[rules].title}, {players} PLAYERS: YOUR RECORD"


WHERE_Y = BUTTON_Y - 9  # where the record is kept: under its eight rows, over BACK
WHERE_CHARS = (lay.SCREEN_W - 40) // 4


def where_kept(directory: Path | None, browser: bool) -> str:
    """Where the settings and statistics are kept, as a player can look for
    them: the file (the home folder as ~), the browser's storage, or this run only."""
    if directory is not None:
        path = str(directory / FILENAME)
        home = str(Path.home())
        if path.startswith(home + "/"):
            path = "~" + path[len(home) :]
        line = f"Kept in {path}"
        return line if len(line) <= WHERE_CHARS else f"Kept in ...{path[len(path) - WHERE_CHARS + 11 :]}"
    if browser:
        return "Kept in this browser's storage, for this page"
    return "Kept for this run only: no data folder"


def recorded_tables(stats: Stats, first: str) -> list[str]:
    """Every table the player has a record at (the 1991 game first, then
    the others by name), with ``first`` (the title menu's) among them."""
    played = [
        table
        for table in (CLASSIC_TABLE, *sorted(stats.tables))
        if any(stats.level(level, table).hands_played for level in DIFFICULTIES)
    ]
    return played if first in played else [first, *played]


class StatsScreen:
    """The record against each difficulty at one table, named, and where it
    is kept: first the table the title menu has chosen, LEFT/RIGHT (or
    PREV/NEXT) every other table with a record; any of RETURN, ESCAPE, B,
    START or a click elsewhere goes back."""

    def __init__(
        self, table: str = CLASSIC_TABLE, people: bool = False, where: str = "", tables: list[str] | None = None
    ) -> None:
        """``people``: show the records of the people at this machine by name
        (matches of several people) instead of one person's against the
        computer; ``where``: where they are kept (``where_kept``);
        ``tables``: the tables to browse (``recorded_tables``: ``table`` among them)."""
        self.tables = tables or [table]
        self.at = self.tables.index(table)
        self.people = people
        self.where = where

    @property
    def table(self) -> str:
        return self.tables[self.at]

    @property
    def browsing(self) -> bool:
        """There is another table to see (PREV and NEXT show)."""
        return len(self.tables) > 1 and not self.people

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        clicked = pointer is not None and pointer.clicked
        if self.browsing:
            step = next((-1 if key == "LEFT" else 1 for key in pressed if key in ("LEFT", "RIGHT")), 0)
            if clicked and pointer is not None:
                step = -1 if pointer.inside(BUTTONS["prev"]) else 1 if pointer.inside(BUTTONS["next"]) else 0
            if step:
                self.at = (self.at + step) % len(self.tables)
                return Choice("table"), True
        if any(key in (*BACK_KEYS, "RETURN") for key in pressed) or clicked:
            return Choice("back"), False
        return None, False

    def draw(self, stats: Stats, level: str) -> None:
        if self.people:  # (nine rows of names: the line goes under the panel)
            self._draw_people(stats)
            text_centred(CX, lay.SCREEN_H - 12, self.where, lay.GREY)
        else:
            self._draw_record(stats, level)
            text_centred(CX, WHERE_Y, self.where, lay.GREY)

    def _draw_record(self, stats: Stats, level: str) -> None:
        heading = f"STATISTICS   TABLE {self.at + 1} OF {len(self.tables)}" if self.browsing else "STATISTICS"
        x, y, w, _ = draw_titled_panel(heading, table_title(self.table))
        head_y = y + 36
        for level_name, cx in zip(DIFFICULTIES, STAT_COLUMNS, strict=True):
            colour = lay.YELLOW if level_name == level else lay.LIGHT_BLUE
            text_centred(cx, head_y, level_name.upper(), colour)
        pyxel.line(x + 16, head_y + 9, x + w - 17, head_y + 9, lay.GREY)
        for row, (name, value) in enumerate(STAT_ROWS):
            ry = head_y + 15 + row * 11
            if row % 2 == 0:
                pyxel.rect(x + 14, ry - 2, w - 28, 10, lay.NAVY)
            pyxel.text(x + 18, ry, name, lay.WHITE)
            for level_name, cx in zip(DIFFICULTIES, STAT_COLUMNS, strict=True):
                text_centred(cx, ry, str(value(stats.level(level_name, self.table))), lay.WHITE)
        played = sum(stats.level(name, self.table).matches_played for name in DIFFICULTIES)
        hands = sum(stats.level(name, self.table).hands_played for name in DIFFICULTIES)
        draw_button(BUTTONS["back"], "BACK", True)
        if self.browsing:
            draw_button(BUTTONS["prev"], "< PREV", False)
            draw_button(BUTTONS["next"], "NEXT >", False)
        footer = f"{_count(hands, 'hand')} and {_count(played, 'match')} so far, saved after every hand"
        text_centred(CX, lay.SCREEN_H - 12, footer, lay.GREY)

    def _draw_people(self, stats: Stats) -> None:
        """Several people at one machine: wins and points per name."""
        x, y, w, _ = draw_titled_panel("STATISTICS", "PEOPLE AT THIS MACHINE, BY NAME")
        columns = (("MATCHES WON", 118), ("HANDS WON", 186), ("POINTS", 246))
        head_y = y + 36
        for label, cx in columns:
            text_centred(cx, head_y, label, lay.LIGHT_BLUE)
        pyxel.line(x + 16, head_y + 9, x + w - 17, head_y + 9, lay.GREY)
        for row, (name, record) in enumerate(sorted(stats.people.items())[:9]):
            ry = head_y + 15 + row * 11
            if row % 2 == 0:
                pyxel.rect(x + 14, ry - 2, w - 28, 10, lay.NAVY)
            pyxel.text(x + 18, ry, name, lay.WHITE)
            cells = (
                f"{record.matches_won} OF {record.matches_played}",
                f"{record.hands_won} OF {record.hands_played}",
                str(record.hand_points),
            )
            for (_, cx), cell in zip(columns, cells, strict=True):
                text_centred(cx, ry, cell, lay.WHITE)
        if not stats.people:
            text_centred(CX, head_y + 20, "NO MATCH OF SEVERAL PEOPLE YET", lay.GREY)
        draw_button(BUTTONS["back"], "BACK", True)


def people_lines(stats: Stats) -> list[str]:
    """Each person's record in words (for headless runs)."""
    return [
        f"{name.lower()}: matches won {r.matches_won} of {r.matches_played}, hands won {r.hands_won} of"
        f" {r.hands_played}, points {r.hand_points}"
        for name, r in sorted(stats.people.items())
    ]


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else ('es' if noun.endswith('ch') else 's')}"


class StatsScene(Scene):
    """``table``: the statistics' key of the next match's table; ``people``:
    several people play at this machine (their records by name)."""

    def __init__(self, ctx: Context, table: str, people: bool) -> None:
        self.ctx = ctx
        self.people = people
        where = where_kept(ctx.store.directory, runtime.in_browser())
        self.screen = StatsScreen(table, people, where, recorded_tables(ctx.stats, table))

    def enter(self) -> None:
        self.ctx.show("stats")
        self._tell()

    def _tell(self) -> None:
        """The table shown, in words (for headless runs)."""
        ctx = self.ctx
        lines = people_lines(ctx.stats) if self.people else stats_lines(ctx.stats, self.screen.table)
        if self.screen.browsing:
            ctx.notice(f"stats table {self.screen.table}")
        for line in lines:
            ctx.notice(f"stats {line}")

    def update(self, frame: Keys) -> Step:
        choice, moved = self.screen.update(frame.pressed, frame.pointer)
        if moved:
            self.ctx.audio.play("move")
        if choice is None:
            return self
        if choice.what == "table":
            self._tell()
            return self
        self.ctx.audio.play("select")
        return Pop()

    def draw(self) -> None:
        self.screen.draw(self.ctx.stats, self.ctx.next_match.level)
