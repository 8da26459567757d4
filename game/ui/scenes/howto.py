"""How to play (scene ``howto``), over the title: the controls and the rules,
in pages (``HowToPlay``); each page turned is reported. Every rule set has
its pages (``RULE_PAGES``): one without them is an error as this module loads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from game.rules.rulesets import RULESETS
from game.storage.bindings import DEFAULT
from game.ui import layout as lay
from game.ui.device import keys
from game.ui.device.key_words import spelled, spelled_column
from game.ui.device.keys import Pointer
from game.ui.drawing import text_centred
from game.ui.layout import CX
from game.ui.scenes.navigator import Keys, Pop, Scene, Step
from game.ui.scenes.widgets import BACK_KEYS, BUTTONS, Choice, draw_button, draw_titled_panel

if TYPE_CHECKING:
    from game.ui.scenes.context import Context

# A page: its heading and its lines; a line with "|" is a key and what it does
# (drawn with the player's keys: ``key_words``).
PAD_PAGE = "GAMEPAD AND MOUSE"  # its key column names pad buttons
KEYS_PAGE = "THE KEYS (AS IN 1991)"
OWN_KEYS_PAGE = "THE KEYS (YOUR OWN, CHOSEN ON KEYS)"  # its heading once the player changed some
CONTROL_PAGES = [
    (
        KEYS_PAGE,
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
        PAD_PAGE,
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
        "H (GAMEPAD BACK)|the last lines of the message bar",
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
            "",
            "PRESETS: NONE, PARTY, FAST or ALL at once; CUSTOM, your own.",
        ],
    )
)
RULE_PAGES["standard"].append(
    (
        "PARTNERS (TITLE MENU: PARTNERS)",
        [
            "Teams of two, partners sitting opposite each other, at",
            "4, 6, 8 or 10 players. Each panel shows its team's",
            "letter: yours and your partner's on white.",
            "",
            "When anyone goes out, their team scores the cards left",
            "in every other team's hands (not the partner's). Both",
            "partners hold the team's total; first team to 500 wins.",
            "Your partner may not catch your missed UNO, nor you",
            "theirs. Hands are secret from your partner too.",
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
# A rule set without its pages is refused here, as this module loads, rather than shown the 1991 pages.
_WITHOUT_PAGES = [name for name in RULESETS if name not in RULE_PAGES]
if _WITHOUT_PAGES:
    raise RuntimeError(f"no HOW TO PLAY pages for rules {', '.join(_WITHOUT_PAGES)}: add them to RULE_PAGES")
LINE_H = 9


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
        x, y, w, _ = draw_titled_panel(f"HOW TO PLAY   PAGE {self.page + 1} OF {len(self.pages)}")
        heading, lines = self.pages[self.page]
        own = heading == KEYS_PAGE and keys.bound() != DEFAULT
        text_centred(CX, y + 22, OWN_KEYS_PAGE if own else heading, lay.YELLOW)
        pyxel.line(x + 40, y + 31, x + w - 41, y + 31, lay.GREY)
        top = y + 37
        for i, line in enumerate(lines):
            ly = top + i * LINE_H
            if "|" in line:
                key, what = line.split("|", 1)
                pyxel.text(x + 18, ly, spelled_column(key, pad=heading == PAD_PAGE), lay.YELLOW)
                pyxel.text(x + 94, ly, spelled(what), lay.WHITE)
            else:
                pyxel.text(x + 18, ly, spelled(line), lay.WHITE)
        first, last = self.page == 0, self.page == len(self.pages) - 1
        if not first:
            draw_button(BUTTONS["prev"], "< PREV", False)
        draw_button(BUTTONS["back"], "BACK", False)
        if not last:
            draw_button(BUTTONS["next"], "NEXT >", True)
        text_centred(CX, lay.SCREEN_H - 12, spelled(HOWTO_HINT), lay.GREY)


HOWTO_HINT = "LEFT/RIGHT turn the page   UP/DOWN other rules   ESCAPE back"


class HowToScene(Scene):
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.screen = HowToPlay(ctx.settings.rules)

    def enter(self) -> None:
        self.ctx.show("howto")
        self._report_page()

    def _report_page(self) -> None:
        screen = self.screen
        self.ctx.notice(f"page {screen.page + 1} of {len(screen.pages)}: {screen.heading}")

    def update(self, frame: Keys) -> Step:
        choice, moved = self.screen.update(frame.pressed, frame.pointer)
        if moved:
            self.ctx.audio.play("move")
            self._report_page()
        if choice is None:
            return self
        self.ctx.audio.play("select")
        return Pop()

    def draw(self) -> None:
        self.screen.draw(self.ctx.frame)
