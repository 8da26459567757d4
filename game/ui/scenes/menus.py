"""The menus the scenes show: the title menu (``title.py``), how to play
(``howto.py``), the house rules (``house.py``), the statistics (``stats.py``)
and the in-match menu (``pause.py``), drawn in the table's 8-bit style (navy cloth, double
borders, yellow for what is chosen).

Each screen takes the frame's key names and mouse (``update``) and answers
with what the player asked for, as a word for its scene to carry out; it never
changes the game itself. Every item is reachable by keyboard (UP/DOWN,
LEFT/RIGHT, RETURN, ESCAPE), gamepad (d-pad, A, B, START) and mouse (a click).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

import pyxel

from game.rules.house import HOUSE_RULES
from game.rules.rulesets import RULESETS
from game.storage.settings import CLASSIC_TABLE, DIFFICULTIES, Stats
from game.ui import layout as lay
from game.ui.device import resources as res
from game.ui.device.keys import Pointer
from game.ui.drawing import CHAR_H, big_text, draw_card, draw_frame, draw_panel, draw_title_art, text_centred
from game.ui.layout import CX
from game.ui.table.narration import MAX_CHARS

ITEM_H = 13  # the height of one menu line
BACK_KEYS = ("ESCAPE", "BACK", "START")

Rect = tuple[int, int, int, int]


# ----- drawing helpers ------------------------------------------------------------


def draw_button(rect: Rect, label: str, chosen: bool) -> None:
    x, y, w, h = rect
    pyxel.rect(x, y, w, h, lay.NAVY if chosen else lay.BLACK)
    pyxel.rectb(x, y, w, h, lay.YELLOW if chosen else lay.GREY)
    text_centred(x + w // 2, y + (h - CHAR_H) // 2 + 1, label, lay.YELLOW if chosen else lay.WHITE)


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


CREDIT = "A remake of the 1991 HeadFirst PD program"


# ----- a list of items -------------------------------------------------------------


@dataclass
class ItemList:
    """Items one under another; UP/DOWN (or the mouse) move the highlight."""

    keys: list[str]
    x: int
    y: int
    w: int
    cursor: int = 0
    item_h: int = ITEM_H

    def rect(self, index: int) -> Rect:
        """An item's box: its line less a gap, and never so low that the
        letters touch the highlight's frame (a pixel clear above and below)."""
        return (self.x, self.y + index * self.item_h, self.w, max(self.item_h - 2, CHAR_H + 3))

    def at(self, pointer: Pointer) -> int | None:
        for index in range(len(self.keys)):
            if pointer.inside(self.rect(index)):
                return index
        return None

    def move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(self.keys)

    @property
    def current(self) -> str:
        return self.keys[self.cursor]

    def draw(self, labels: dict[str, str], frame: int) -> None:
        for index, key in enumerate(self.keys):
            x, y, w, h = self.rect(index)
            chosen = index == self.cursor
            if chosen:
                pyxel.rect(x, y, w, h, lay.NAVY)
                pyxel.rectb(x, y, w, h, lay.YELLOW)
                if frame % 16 < 10:
                    pyxel.text(x + 3, y + (h - CHAR_H) // 2 + 1, ">", lay.YELLOW)
            pyxel.text(x + 10, y + (h - CHAR_H) // 2 + 1, labels[key], lay.YELLOW if chosen else lay.WHITE)


@dataclass(frozen=True)
class Choice:
    """What the player asked for on a screen: ``what`` and, for a setting
    moved left or right, ``step`` (``sideways``: LEFT or RIGHT, not RETURN
    or a click)."""

    what: str
    step: int = 1
    sideways: bool = False


def _list_choice(items: ItemList, pressed: list[str], pointer: Pointer | None, cycling: tuple[str, ...]):
    """Shared handling of a list: UP/DOWN move, RETURN takes the item,
    LEFT/RIGHT change a cycling item, the mouse points and clicks. Returns
    (choice or None, moved)."""
    moved = False
    for key in pressed:
        if key in ("UP", "DOWN"):
            items.move(-1 if key == "UP" else 1)
            moved = True
        elif key == "RETURN":
            return Choice(items.current), moved
        elif key in ("LEFT", "RIGHT") and items.current in cycling:
            return Choice(items.current, -1 if key == "LEFT" else 1, sideways=True), moved
    if pointer is not None:
        index = items.at(pointer)
        if index is not None and (pointer.moved or pointer.clicked) and index != items.cursor:
            items.cursor = index
            moved = True
        if pointer.clicked and index is not None:
            return Choice(items.current), moved
    return None, moved


# ----- the title menu ---------------------------------------------------------------


# The title menu: the title art on the left, the items on the right, and
# three lines across the bottom (the credit, the keys, the gamepad and mouse;
# or a warning, on up to all three).
TITLE_ART_CENTRE = (106, 86)
PLAIN_TITLE_CENTRE = (108, 88)  # the fan of cards and the name, without the art
MENU_X, MENU_Y, MENU_W = 216, 36, 98
TITLE_ITEM_H = 10  # twelve items fit above the bottom lines
MENU_HEADING_Y = MENU_Y - 16
CREDIT_Y = 164
HINT_Y = 176
FOOTER_Y = 187
# A warning (bad saved settings, say) takes the bottom lines, as many as it needs.
BOTTOM_YS = (CREDIT_Y, HINT_Y, FOOTER_Y)
TITLE_HINT = "UP/DOWN choose   LEFT/RIGHT change   RETURN select"
TABLE_ITEMS = ("rules", "opponents", "scoring")  # the game to play: cycled like LEVEL
SCORING_NAMES = {"points": "POINTS", "tally": "LOWEST TOTAL"}
PAD_AND_MOUSE = "Gamepad: d-pad, A selects    Mouse: click"
JOIN_LABEL = "JOIN ONLINE"  # a table elsewhere: its address typed (join.py)
HOST_LABEL = "HOST ON THE LAN"  # the table server, started in the game


class TitleMenu:
    """CONTINUE (when a match was saved), PLAY, RULES, OPPONENTS, SCORING,
    HOUSE RULES, LEVEL, SOUND, HOW TO PLAY, STATISTICS, PEOPLE, JOIN, HOST
    (on the desktop), REPLAYS and (on the desktop) QUIT."""

    def __init__(self, can_quit: bool, title_art: bool, can_host: bool | None = None) -> None:
        """``can_host``: whether HOST is offered (None: where QUIT is, the
        desktop; a web page cannot listen for connections)."""
        self.can_quit = can_quit
        self.can_host = can_quit if can_host is None else can_host
        self.title_art = title_art
        self.message = ""  # a warning under the menu, on up to three lines
        self._fitted: tuple[str, list[str]] = ("", [])
        self.can_continue = False
        self.saved_table: tuple[str, int] | None = None  # the rule set and players of the match to continue

    @property
    def can_continue(self) -> bool:
        return self.items.keys[0] == "continue"

    @can_continue.setter
    def can_continue(self, value: bool) -> None:
        """CONTINUE comes first, and is chosen, while there is a match to continue."""
        keys = ["continue"] * value + ["play", *TABLE_ITEMS, "house", "level", "sound", "howto", "stats", "people"]
        keys += ["join"] + ["host"] * self.can_host + ["replays"] + ["quit"] * self.can_quit
        # Twelve items fit above the bottom lines; each one more moves them
        # up; past thirteen the items are a pixel closer, clear of the credit.
        item_h = TITLE_ITEM_H if len(keys) <= 13 else TITLE_ITEM_H - 1
        y = MENU_Y - max(0, len(keys) - 12) * (item_h // 2 + 1)
        self.items = ItemList(keys, x=MENU_X, y=y, w=MENU_W, item_h=item_h)

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
        return _list_choice(self.items, pressed, pointer, cycling=("level", "sound", "people", *TABLE_ITEMS))

    def draw(
        self,
        level: str,
        sound: bool,
        frame: int,
        rules: str = "1991",
        opponents: int = 1,
        scoring: str = "points",
        house: int = 0,
        people: int = 1,
    ) -> None:
        """The menu; ``house`` is how many house rules are on (standard UNO
        only), ``people`` how many people play at this machine."""
        draw_frame()
        if self.title_art:
            draw_title_art(*TITLE_ART_CENTRE)
        else:
            draw_plain_title(*PLAIN_TITLE_CENTRE)
        labels = {
            "continue": continue_label(self.saved_table, (rules, opponents + 1)),
            "play": "PLAY",
            "rules": f"RULES: {RULESETS[rules].title}",
            "opponents": f"OPPONENTS: {opponents}",
            "scoring": f"SCORING: {SCORING_NAMES[scoring]}",
            "house": f"HOUSE RULES: {house or 'OFF'}" if RULESETS[rules].house_rules else "HOUSE RULES: -",
            "level": f"LEVEL: {level.upper()}",
            "sound": f"SOUND: {'ON' if sound else 'OFF'}",
            "howto": "HOW TO PLAY",
            "stats": "STATISTICS",
            "replays": "REPLAYS",
            "people": f"PEOPLE: {people}",
            "join": JOIN_LABEL,
            "host": HOST_LABEL,
            "quit": "QUIT",
        }
        text_centred(MENU_X + MENU_W // 2, self.items.y - 16, "MAIN MENU", lay.LIGHT_BLUE)
        self.items.draw(labels, frame)
        bottom = [(CREDIT, lay.LIGHT_BLUE), (TITLE_HINT, lay.GREY), (PAD_AND_MOUSE, lay.GREY)]
        if self.message:
            if self._fitted[0] != self.message:  # wrapped once, not every frame
                self._fitted = (self.message, fit_lines(self.message, MAX_CHARS, len(BOTTOM_YS)))
            warning = self._fitted[1]
            bottom[len(bottom) - len(warning) :] = [(line, lay.PINK) for line in warning]
        for y, (text, colour) in zip(BOTTOM_YS, bottom, strict=True):
            text_centred(CX, y, text, colour)


def continue_label(saved: tuple[str, int] | None, menu: tuple[str, int]) -> str:
    """CONTINUE, and which match it resumes (its rule set and players)
    unless that is the classic game the menu shows too."""
    if saved is None or (saved == menu and RULESETS[menu[0]].classic(menu[1])):
        return "CONTINUE"
    rules, players = saved
    return f"CONTINUE {RULESETS[rules].short_title} {players}P"


MIN_PATH_CHARS = 16  # a path gives way before other words, down to this


def fit_lines(message: str, width: int, most: int) -> list[str]:
    """``message`` in at most ``most`` lines of ``width`` characters, all of
    it readable: the words wrap, and while that is still too long the long
    paths (words with a "/") lose characters from their start, shown as
    "...", down to ``MIN_PATH_CHARS`` (the file's name stays), then the
    other long words from their middle, down to ``MIN_WORD_CHARS``, so
    that the reason after them is there. The least cut that fits is found
    by halving (a few wraps, whatever the message's length). A message too
    long even so is cut at its end, with "...": its beginning says what
    and where."""
    words = message.split(" ")
    paths = {i for i, word in enumerate(words) if "/" in word}

    def wrapped(path_chars: int, word_chars: int) -> list[str]:
        shown = [_cut(word, path_chars if i in paths else word_chars) for i, word in enumerate(words)]
        return textwrap.wrap(" ".join(shown), width, break_on_hyphens=False)

    longest = max(map(len, words), default=0)
    if len(wrapped(longest, longest)) <= most:
        return wrapped(longest, longest)
    if len(wrapped(MIN_PATH_CHARS, longest)) <= most:
        chars = _most_that_fit(lambda n: len(wrapped(n, longest)) <= most, MIN_PATH_CHARS, longest)
        return wrapped(chars, longest)
    if len(wrapped(MIN_PATH_CHARS, MIN_WORD_CHARS)) <= most:
        chars = _most_that_fit(lambda n: len(wrapped(MIN_PATH_CHARS, n)) <= most, MIN_WORD_CHARS, longest)
        return wrapped(MIN_PATH_CHARS, chars)
    lines = wrapped(MIN_PATH_CHARS, MIN_WORD_CHARS)[:most]
    lines[-1] = lines[-1][: width - 3] + "..."
    return lines


MIN_WORD_CHARS = 12  # other long words give way after the paths, down to this


def _most_that_fit(fits, low: int, high: int) -> int:
    """The largest n in [low, high] with ``fits(n)``, given ``fits(low)``
    and that a larger n never fits where a smaller one does not."""
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low


def _cut(word: str, keep: int) -> str:
    if len(word) <= keep:
        return word
    return "..." + word[len(word) - keep :] if "/" in word else _middle_out(word, keep)


def _middle_out(word: str, keep: int) -> str:
    """``word`` with only ``keep`` of its characters, its middle shown as "..."."""
    head = (keep + 1) // 2
    return word[:head] + "..." + word[len(word) - (keep - head) :]


# ----- how to play ---------------------------------------------------------------------

# A page: its heading and its lines; a line with "|" is a key and what it does.
CONTROL_PAGES = [
    (
        "THE KEYS (AS IN 1991)",
        [
            "LEFT / RIGHT|move the arrow along your hand",
            "RETURN|play the card under the arrow",
            "P|pick up a card; after that, pass",
            "R  G  Y  B|name the colour for a Wild",
            "LEFT/RIGHT, RETURN|or pick it along the four shown",
            "M|sound off / on",
            "ESCAPE|the menu: play on, or leave the match",
            "",
            "A short pip says it is your turn. A card that cannot",
            "go is refused with a buzz and the reason.",
        ],
    ),
    (
        "GAMEPAD AND MOUSE",
        [
            "D-PAD|move the arrow, or along the colours",
            "A|play the card, take the colour",
            "B|pick up a card; after that, pass",
            "START (or X)|the menu",
            "",
            "CLICK A CARD|play it (a Wild asks for its colour)",
            "CLICK THE PILE|pick up; click it again to pass",
            "CLICK A COLOUR|name it",
            "WHEEL|move the arrow",
            "",
            "On a phone the page shows a gamepad: play with it or tap.",
        ],
    ),
]
RULE_PAGES = {
    "1991": [
        (
            "THE 1991 RULES (1 OF 2)",
            [
                "Play a card that matches the colour in play, or the",
                "number or symbol on top of the pile. A Wild goes on",
                "anything, and you name the colour to play next.",
                "",
                "A Wild Draw Four only when you hold no card of the",
                "colour in play. Play it anyway and you are penalised:",
                "you draw four and keep it. So is the computer.",
                "",
                "Skip: the other player misses a go, so you play again.",
                "Draw Two: the other player draws two and misses a go.",
                "Can't play? Pick up one card: play it if it goes, or pass.",
            ],
        ),
        (
            "THE 1991 RULES (2 OF 2)",
            [
                "108 cards. In each colour: one 0, two of each of 1 to 9,",
                "two Draw Two and four Skip (no Reverse); then four",
                "Wild and four Wild Draw Four. Seven cards each.",
                "",
                "The first to play all their cards wins the hand and",
                "scores the cards left in the other hand: numbers at",
                "face value, Skip and Draw Two 20, Wilds 50.",
                "",
                "The first to 500 points wins the match.",
                "The players take turns to start a hand.",
            ],
        ),
    ],
}

NEW_KEYS_PAGE = (
    "THE KEYS OF STANDARD UNO AND ROYAL REVENGE",
    [
        "U (GAMEPAD Y)|call UNO as you play your next-to-last",
        "|card (press it first, or with RETURN);",
        "|catch a player who forgot to call it",
        "C / A|challenge or accept a Wild Draw Four",
        "LEFT/RIGHT, RETURN|or choose CHALLENGE or ACCEPT",
        "LEFT/RIGHT, RETURN|as King: pick a player (or click one)",
        "0 TO 9|as King: pick that player (0 is you)",
        "H|the last lines of the message bar",
        "",
        "Forget UNO and a computer may catch you: you draw two.",
        "When a computer forgets, press U before the next player.",
    ],
)
RULE_PAGES["standard"] = [
    NEW_KEYS_PAGE,
    (
        "STANDARD UNO (1 OF 2)",
        [
            "Match the colour in play, or the number or symbol on",
            "top of the pile; a Wild goes on anything. Play goes",
            "round the table to the left (the arrow shows which way).",
            "",
            "Skip: the next player misses a go.",
            "Reverse: play goes the other way (with two: a Skip).",
            "Draw Two: the next player draws two and misses a go.",
            "Can't play? Pick up one card: play it if it goes, or pass.",
            "Leave yourself one card? Call UNO, or you may be caught.",
        ],
    ),
    (
        "STANDARD UNO (2 OF 2)",
        [
            "Wild Draw Four: you name the colour and the next player",
            "draws four and misses a go. You may play it even when",
            "you hold the colour in play: a bluff. The next player",
            "may challenge: a bluff caught and YOU draw four; a fair",
            "card challenged and the challenger draws six.",
            "",
            "108 cards: per colour one 0, two each of 1-9, Skip,",
            "Reverse, Draw Two; four Wild, four Wild Draw Four.",
            "The winner of a hand scores the cards left in the other",
            "hands (actions 20, Wilds 50). First to 500 wins.",
        ],
    ),
]
RULE_PAGES["standard"].append(
    (
        "HOUSE RULES (TITLE MENU: HOUSE RULES)",
        [
            "STACKING|Draw Two on a Draw Two, +4 on a +4: the",
            "|first who can't (or P) draws them all. S",
            "|stacks your +4 when one is played on you.",
            "SEVEN-O|a 7 swaps hands with a player you pick;",
            "|a 0 passes every hand on to the next one.",
            "JUMP-IN|J plays a card identical to the top card,",
            "|out of turn; play goes on from you.",
            "DRAW TO MATCH|pick up until a card can be played.",
            "FORCED PLAY|a card you pick up that plays, plays.",
            "NO BLUFFING|a +4 only without the colour.",
        ],
    )
)
RULE_PAGES["royal"] = [
    NEW_KEYS_PAGE,
    (
        "ROYAL REVENGE (1 OF 3)",
        [
            "One player wears the crown: the King (you, at first).",
            "The King starts every hand, and names the Jester (who",
            "wears the hat). Match colour or symbol as usual.",
            "",
            "Wild: whoever plays it, the KING names the colour.",
            "King's Choice (crown): the King picks anyone, even",
            "themself, to draw one card.",
            "Jester (hat): the Jester draws one card.",
            "Either +1 card goes on the other. Play then goes on",
            "from the player of the card, as usual.",
        ],
    ),
    (
        "ROYAL REVENGE (2 OF 3)",
        [
            "The scepter's timer fills over about a minute of play.",
            "Then its fanfare sounds and the crown passes LEFT, to",
            "the next player. The new King names a new Jester (the",
            "old one too, if the King likes) and plays next.",
            "",
            "Skip: the next player misses a go. Reverse: play goes",
            "the other way. Call UNO with your next-to-last card.",
        ],
    ),
    (
        "ROYAL REVENGE (3 OF 3)",
        [
            "56 cards: per colour 1 to 8, a Reverse, a Skip, a",
            "King's Choice and two Jesters; four Wilds.",
            "",
            "The winner of a hand scores the cards left in the other",
            "hands: numbers at face value, Reverse, Skip, King's",
            "Choice and Jester 20, Wild 50. First to 500 wins.",
            "",
            "Or choose SCORING: LOWEST TOTAL on the title menu: each",
            "player adds their own cards left; at 500 the lowest wins.",
        ],
    ),
]
# A rule set without its pages is refused here, as the menus load, rather than shown the 1991 pages.
_WITHOUT_PAGES = [name for name in RULESETS if name not in RULE_PAGES]
if _WITHOUT_PAGES:
    raise RuntimeError(f"no HOW TO PLAY pages for rules {', '.join(_WITHOUT_PAGES)}: add them to RULE_PAGES")

LINE_H = 9
PANEL = (12, 10, lay.SCREEN_W - 24, 172)  # x, y, w, h of a full-screen panel
BUTTON_Y = PANEL[1] + PANEL[3] - 24
BUTTONS = {
    "prev": (PANEL[0] + 14, BUTTON_Y, 64, 14),
    "back": (CX - 32, BUTTON_Y, 64, 14),
    "next": (PANEL[0] + PANEL[2] - 78, BUTTON_Y, 64, 14),
}


class HowToPlay:
    """The controls, then the rules of the rule set in use, a page at a
    time; UP/DOWN show another rule set's pages (every one can be read,
    whatever RULES the title menu has chosen)."""

    def __init__(self, rules: str) -> None:
        self.rules = rules if rules in RULE_PAGES else "1991"
        self.pages = CONTROL_PAGES + RULE_PAGES[self.rules]
        self.page = 0

    def _other_rules(self, step: int) -> bool:
        """The pages of the next (or previous) rule set, from its first rules page."""
        names = list(RULE_PAGES)
        self.rules = names[(names.index(self.rules) + step) % len(names)]
        self.pages = CONTROL_PAGES + RULE_PAGES[self.rules]
        self.page = len(CONTROL_PAGES)
        return True

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        """LEFT/RIGHT turn the page, UP/DOWN show another rule set, RETURN
        the next page (on the last, back), ESCAPE, B or START back; or click
        the buttons."""
        for key in pressed:
            if key in BACK_KEYS:
                return Choice("back"), False
            if key in ("UP", "DOWN"):
                return None, self._other_rules(-1 if key == "UP" else 1)
            if key == "LEFT":
                return None, self._turn(-1)
            if key == "RIGHT":
                return None, self._turn(1)
            if key == "RETURN":
                if self.page == len(self.pages) - 1:
                    return Choice("back"), False
                return None, self._turn(1)
        if pointer is not None and pointer.clicked:
            if pointer.inside(BUTTONS["back"]):
                return Choice("back"), False
            if pointer.inside(BUTTONS["prev"]):
                return None, self._turn(-1)
            if pointer.inside(BUTTONS["next"]):
                return None, self._turn(1)
        return None, False

    def _turn(self, step: int) -> bool:
        page = min(max(self.page + step, 0), len(self.pages) - 1)
        turned, self.page = page != self.page, page
        return turned

    @property
    def heading(self) -> str:
        return self.pages[self.page][0]

    def draw(self, frame: int) -> None:
        draw_frame()
        x, y, w, h = PANEL
        draw_panel(x, y, w, h)
        text_centred(CX, y + 9, f"HOW TO PLAY   PAGE {self.page + 1} OF {len(self.pages)}", lay.LIGHT_BLUE)
        heading, lines = self.pages[self.page]
        text_centred(CX, y + 22, heading, lay.YELLOW)
        pyxel.line(x + 40, y + 31, x + w - 41, y + 31, lay.GREY)
        top = y + 37
        for i, line in enumerate(lines):
            ly = top + i * LINE_H
            if "|" in line:
                key, what = line.split("|", 1)
                pyxel.text(x + 18, ly, key, lay.YELLOW)
                pyxel.text(x + 94, ly, what, lay.WHITE)
            else:
                pyxel.text(x + 18, ly, line, lay.WHITE)
        first, last = self.page == 0, self.page == len(self.pages) - 1
        if not first:
            draw_button(BUTTONS["prev"], "< PREV", False)
        draw_button(BUTTONS["back"], "BACK", False)
        if not last:
            draw_button(BUTTONS["next"], "NEXT >", True)
        hint = HOWTO_HINT
        text_centred(CX, lay.SCREEN_H - 12, hint, lay.GREY)


HOWTO_HINT = "LEFT/RIGHT turn the page   UP/DOWN other rules   ESCAPE back"


# ----- house rules --------------------------------------------------------------------

HOUSE_Y = PANEL[1] + 36
HOUSE_ITEM_H = 19  # a switch and its explanation under it


class HouseRulesScreen:
    """Standard UNO's house rules as switches, each explained in one line:
    UP/DOWN choose, RETURN (or LEFT/RIGHT, or a click) switches, ESCAPE,
    B or START back. Each change is saved at once (``house.py``)."""

    def __init__(self, house: tuple[str, ...]) -> None:
        self.items = ItemList([*HOUSE_RULES, "back"], x=PANEL[0] + 10, y=HOUSE_Y, w=PANEL[2] - 20, item_h=HOUSE_ITEM_H)
        self.house = house

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        if any(key in BACK_KEYS for key in pressed):
            return Choice("back"), False
        choice, moved = _list_choice(self.items, pressed, pointer, cycling=tuple(HOUSE_RULES))
        return choice, moved

    def draw(self, frame: int) -> None:
        draw_frame()
        x, y, w, h = PANEL
        draw_panel(x, y, w, h)
        text_centred(CX, y + 9, "HOUSE RULES OF STANDARD UNO", lay.LIGHT_BLUE)
        text_centred(CX, y + 20, "Off by default: the printed rules. Switch on any.", lay.GREY)
        for index, key in enumerate(self.items.keys):
            rx, ry, rw, rh = self.items.rect(index)
            chosen = index == self.items.cursor
            if chosen:
                pyxel.rect(rx, ry, rw, rh, lay.NAVY)
                pyxel.rectb(rx, ry, rw, rh, lay.YELLOW)
            colour = lay.YELLOW if chosen else lay.WHITE
            if key == "back":
                text_centred(CX, ry + 3, "BACK", colour)
                continue
            on = key in self.house
            pyxel.text(rx + 6, ry + 2, HOUSE_RULES[key].title, colour)
            pyxel.text(rx + rw - 22, ry + 2, "ON" if on else "OFF", lay.YELLOW if on else lay.GREY)
            pyxel.text(rx + 6, ry + 10, HOUSE_RULES[key].line, lay.GREY)
        hint = "UP/DOWN choose   RETURN switch   ESCAPE back"
        text_centred(CX, lay.SCREEN_H - 12, hint, lay.GREY)


# ----- statistics ---------------------------------------------------------------------

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
    """YOUR RECORD AGAINST THE COMPUTER (1991), or the rule set and players."""
    if table == CLASSIC_TABLE:
        return "YOUR RECORD AGAINST THE COMPUTER"
    rules, players = table.split(" ")
    return f"{RULESETS[rules].title}, {players} PLAYERS: YOUR RECORD"


class StatsScreen:
    """The record against each difficulty, at the table the title menu has
    chosen (rule set and players); any of RETURN, ESCAPE, B, START or a
    click goes back."""

    def __init__(self, table: str = CLASSIC_TABLE, people: bool = False) -> None:
        """``people``: show the records of the people at this machine by name
        (matches of several people) instead of one person's against the
        computer."""
        self.table = table
        self.people = people

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        if any(key in (*BACK_KEYS, "RETURN") for key in pressed) or (pointer is not None and pointer.clicked):
            return Choice("back"), False
        return None, False

    def draw(self, stats: Stats, level: str) -> None:
        if self.people:
            self._draw_people(stats)
            return
        draw_frame()
        x, y, w, h = PANEL
        draw_panel(x, y, w, h)
        text_centred(CX, y + 9, "STATISTICS", lay.LIGHT_BLUE)
        text_centred(CX, y + 20, table_title(self.table), lay.GREY)
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
        footer = f"{_count(hands, 'hand')} and {_count(played, 'match')} so far, saved after every hand"
        text_centred(CX, lay.SCREEN_H - 12, footer, lay.GREY)

    def _draw_people(self, stats: Stats) -> None:
        """Several people at one machine: wins and points per name."""
        draw_frame()
        x, y, w, h = PANEL
        draw_panel(x, y, w, h)
        text_centred(CX, y + 9, "STATISTICS", lay.LIGHT_BLUE)
        text_centred(CX, y + 20, "PEOPLE AT THIS MACHINE, BY NAME", lay.GREY)
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


# ----- the in-match menu -----------------------------------------------------------------


class PauseMenu:
    """ESCAPE or START during a match: leave it, or play on (the default).
    At an online table, ``chatters`` names the other people (or groups of
    them), each with an item that shows or mutes their quick chat
    (``Choice("chat0")``, ``"chat1"``...); the panel grows to hold them.
    A watcher (``watching``) is asked whether to stop watching, and has no
    HINTS: there is no hand of theirs to lift cards in."""

    W, H = 200, 106
    X, Y = (lay.SCREEN_W - W) // 2, 40
    ITEMS_INSET, ITEMS_TOP = 24, 36  # the items, inside the panel

    def __init__(self, chatters: tuple[str, ...] = (), watching: bool = False) -> None:
        self.chatters = chatters
        self.watching = watching
        self.H = PauseMenu.H + ITEM_H * (len(chatters) - (1 if watching else 0))  # (a watcher's: no HINTS line)
        if PauseMenu.Y + self.H > lay.BAR_Y:  # (with chat lines: raised to clear the message bar)
            self.Y = (lay.BAR_Y - self.H) // 2
        x, y, w = self.X + self.ITEMS_INSET, self.Y + self.ITEMS_TOP, self.W - 2 * self.ITEMS_INSET
        chats = [f"chat{number}" for number in range(len(chatters))]
        hints = [] if watching else ["hints"]
        self.items = ItemList(["resume", "sound", "leave", *hints, *chats], x=x, y=y, w=w)

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        for key in pressed:
            if key == "Y":
                return Choice("leave"), False
            if key in ("N", *BACK_KEYS):
                return Choice("resume"), False
        chats = tuple(key for key in self.items.keys if key.startswith("chat"))
        return _list_choice(self.items, pressed, pointer, cycling=("sound", "hints", *chats))

    def draw(self, sound: bool, frame: int, hints: bool = False, muted: tuple[bool, ...] = ()) -> None:
        draw_panel(self.X, self.Y, self.W, self.H, lay.YELLOW)
        text_centred(CX, self.Y + 10, "MENU", lay.LIGHT_BLUE)
        text_centred(CX, self.Y + 22, "STOP WATCHING?" if self.watching else "LEAVE THIS MATCH?", lay.WHITE)
        labels = {
            "resume": "NO, WATCH ON" if self.watching else "NO, PLAY ON",
            "sound": f"SOUND: {'ON' if sound else 'OFF'}",
            "hints": f"HINTS: {'ON' if hints else 'OFF'}",
            "leave": "YES, STOP WATCHING" if self.watching else "YES, LEAVE THE MATCH",
        }
        for number, (name, off) in enumerate(zip(self.chatters, muted, strict=True)):
            labels[f"chat{number}"] = f"CHAT OF {name[:12]}: {'MUTED' if off else 'SHOWN'}"
        self.items.draw(labels, frame)
