"""The title menu's screen (its scene: ``title.py``): CONTINUE (when a match
was saved), PLAY, RULES, OPPONENTS, SCORING, PARTNERS (standard UNO), HOUSE
RULES, LEVEL, SOUND, HOW TO PLAY, STATISTICS, PEOPLE, JOIN, HOST, KEYS, REPLAYS
and QUIT, beside the title
art, with the credit, the keys or a warning under them.

A module of its own, not ``title.py``'s: the run holds the menu
(``game/ui/run.py``: its cursor and message last from one visit to the
next, and a warning from anywhere goes under it), so the menu imports no
scene.
"""

from __future__ import annotations

import pyxel

from game.rules.rulesets import RULESETS
from game.ui import layout as lay
from game.ui.device import resources as res
from game.ui.device.key_words import spelled
from game.ui.device.keys import Pointer
from game.ui.drawing import big_text, draw_card, draw_frame, draw_title_art, text_centred
from game.ui.layout import CX
from game.ui.scenes.widgets import CREDIT, Choice, ItemList, fit_lines, list_choice
from game.ui.table.narration import MAX_CHARS

# The title menu: the title art on the left, the items on the right, and
# three lines across the bottom (the credit, the keys, the gamepad and mouse;
# or a warning, on up to all three).
TITLE_ART_CENTRE = (106, 86)
PLAIN_TITLE_CENTRE = (108, 88)  # the fan of cards and the name, without the art
MENU_X, MENU_Y, MENU_W = 216, 36, 98
TITLE_ITEM_H = 10  # twelve items fit above the bottom lines
MENU_HEADING_GAP = 16  # MAIN MENU above the items; closer when they are many, never on the frame's line
HEADING_TOP = 5  # the frame's line is at y = 2: two rows clear of it
CREDIT_Y = 164
HINT_Y = 176
FOOTER_Y = 187
# A warning (bad saved settings, say) takes the bottom lines, as many as it needs.
BOTTOM_YS = (CREDIT_Y, HINT_Y, FOOTER_Y)
TITLE_HINT = "UP/DOWN choose   LEFT/RIGHT change   RETURN select"
TABLE_ITEMS = ("rules", "opponents", "scoring", "partners")  # the game to play: cycled like LEVEL
SCORING_NAMES = {"points": "POINTS", "tally": "LOWEST TOTAL"}
PAD_AND_MOUSE = "Gamepad: d-pad, A selects    Mouse: click"
JOIN_LABEL = "JOIN ONLINE"  # a table elsewhere: its address typed (join.py)
HOST_LABEL = "HOST ON THE LAN"  # the table server, started in the game


class TitleMenu:
    """CONTINUE (when a match was saved), PLAY, RULES, OPPONENTS, SCORING,
    HOUSE RULES, LEVEL, SOUND, HOW TO PLAY, STATISTICS, PEOPLE, JOIN, HOST, KEYS
    (on the desktop), REPLAYS and (on the desktop) QUIT."""

    def __init__(self, can_quit: bool, title_art: bool, can_host: bool | None = None) -> None:
        """``can_host``: whether HOST is offered (None: where QUIT is, the
        desktop; a web page cannot listen for connections)."""
        self.can_quit = can_quit
        self.can_host = can_quit if can_host is None else can_host
        self.title_art = title_art
        self.message = ""  # a warning under the menu, on up to three lines
        self._fitted: tuple[str, list[str]] = ("", [])
        self._list(continuing=False, partners=False)
        self.saved_table: tuple[str, int] | None = None  # the rule set and players of the match to continue
        self.saved_teams = False  # that match is played by partners

    @property
    def can_continue(self) -> bool:
        return self.items.keys[0] == "continue"

    @can_continue.setter
    def can_continue(self, value: bool) -> None:
        """CONTINUE comes first, and is chosen, while there is a match to continue."""
        self._list(value, self.partners)

    @property
    def partners(self) -> bool:
        return "partners" in self.items.keys

    @partners.setter
    def partners(self, value: bool) -> None:
        """PARTNERS is offered while the menu's rules may be played by teams;
        the cursor stays on its item."""
        if value != self.partners:
            current = self.items.current
            self._list(self.can_continue, value)
            self.point_at(current)

    def _list(self, continuing: bool, partners: bool) -> None:
        table = [key for key in TABLE_ITEMS if partners or key != "partners"]
        keys = ["continue"] * continuing + ["play", *table, "house", "level", "sound", "howto", "stats", "people"]
        keys += ["join"] + ["host"] * self.can_host + ["keys", "replays"] + ["quit"] * self.can_quit
        # Twelve items fit above the bottom lines; each one more moves them
        # up; past thirteen the items are a pixel closer, past sixteen (the
        # desktop's CONTINUE to standard UNO with PARTNERS) two, clear of the credit.
        item_h = TITLE_ITEM_H - (len(keys) > 13) - (len(keys) > 16)
        y = MENU_Y - max(0, len(keys) - 12) * (item_h // 2 + (item_h > 8))
        self.items = ItemList(keys, x=MENU_X, y=y, w=MENU_W, item_h=item_h)

    @property
    def heading_y(self) -> int:
        return max(HEADING_TOP, self.items.y - MENU_HEADING_GAP)

    def point_at(self, key: str) -> None:
        """Put the cursor on an item the menu shows (the item the title's message names)."""
        if key in self.items.keys:
            self.items.cursor = self.items.keys.index(key)

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        if "ESCAPE" in pressed and "quit" in self.items.keys:
            if self.items.current == "quit":
                return Choice("quit"), False
            self.items.cursor = self.items.keys.index("quit")
            return None, True
        return list_choice(self.items, pressed, pointer, cycling=("level", "sound", "people", *TABLE_ITEMS))

    def draw(
        self,
        level: str,
        sound: str,
        frame: int,
        rules: str = "1991",
        opponents: int = 1,
        scoring: str = "points",
        house: int = 0,
        people: int = 1,
        teams: bool = False,
    ) -> None:
        """The menu; ``sound`` SOUND's word (``Audio.word``), ``house`` how
        many house rules are on (standard UNO only), ``people`` how many
        people play at this machine."""
        draw_frame()
        if self.title_art:
            draw_title_art(*TITLE_ART_CENTRE)
        else:
            draw_plain_title(*PLAIN_TITLE_CENTRE)
        labels = {
            "continue": continue_label(self.saved_table, (rules, opponents + 1), self.saved_teams),
            "play": "PLAY",
            "rules": f"RULES: {RULESETS[rules].title}",
            "opponents": f"OPPONENTS: {opponents}",
            "scoring": f"SCORING: {SCORING_NAMES[scoring]}",
            "partners": f"PARTNERS: {'ON' if teams else 'OFF'}",
            "house": f"HOUSE RULES: {house or 'OFF'}" if RULESETS[rules].house_rules else "HOUSE RULES: -",
            "level": f"LEVEL: {level.upper()}",
            "sound": f"SOUND: {sound}",
            "keys": "KEYS",
            "howto": "HOW TO PLAY",
            "stats": "STATISTICS",
            "replays": "REPLAYS",
            "people": f"PEOPLE: {people}",
            "join": JOIN_LABEL,
            "host": HOST_LABEL,
            "quit": "QUIT",
        }
        text_centred(MENU_X + MENU_W // 2, self.heading_y, "MAIN MENU", lay.LIGHT_BLUE)
        self.items.draw(labels, frame)
        bottom = [(CREDIT, lay.LIGHT_BLUE), (spelled(TITLE_HINT), lay.GREY), (spelled(PAD_AND_MOUSE), lay.GREY)]
        if self.message:
            if self._fitted[0] != self.message:  # wrapped once, not every frame
                self._fitted = (self.message, fit_lines(self.message, MAX_CHARS, len(BOTTOM_YS)))
            warning = self._fitted[1]
            bottom[len(bottom) - len(warning) :] = [(line, lay.PINK) for line in warning]
        for y, (text, colour) in zip(BOTTOM_YS, bottom, strict=True):
            text_centred(CX, y, text, colour)


def continue_label(saved: tuple[str, int] | None, menu: tuple[str, int], teams: bool = False) -> str:
    """CONTINUE, and which match it resumes (its rule set and players, or
    its players and TEAMS for partners, who play standard UNO only: the
    label stays clear of its highlight's edge) unless that is the classic
    game the menu shows too."""
    if saved is None or (saved == menu and RULESETS[menu[0]].classic(menu[1])):
        return "CONTINUE"
    rules, players = saved
    if teams:
        return f"CONTINUE {players}P TEAMS"
    return f"CONTINUE {RULESETS[rules].short_title} {players}P"


FAN = ("W", "R1", "G9", "W+4", "Y+2", "BS")


def draw_plain_title(cx: int, cy: int) -> None:
    """The title without the title art (constrained-memory mode): a fan of
    cards from the card bank and the name in large letters."""
    step = 22
    left = cx - (len(FAN) - 1) * step // 2 - res.CARD_W // 2
    for i, code in enumerate(FAN):
        lift = abs(2 * i - (len(FAN) - 1)) * 3
        draw_card(left + i * step, cy - 58 + lift, code)
    pyxel.elli(cx - 64, cy - 22, 128, 44, lay.PINK)
    pyxel.ellib(cx - 64, cy - 22, 128, 44, lay.WHITE)
    big_text(cx, cy, "UNO", lay.YELLOW, 5, shadow=lay.PURPLE)
    big_text(cx, cy + 36, "1991", lay.WHITE, 3, shadow=lay.BLACK)
