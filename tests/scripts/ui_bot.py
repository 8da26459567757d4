"""A test player that plays the real game through its keys, gamepad or mouse,
as a person would, and records what it did as a headless script.

It looks only at what the screen shows: the menu, your hand (and the card
you picked up), the top card, the colour in play, the prompt line, the
colour highlighted for UP/DOWN, and whether the table waits for you (the
flashing arrow shows only then). With the keyboard it moves the arrow with LEFT/RIGHT,
plays with RETURN, picks up with P and names colours by letter; with a
gamepad (``device="pad"``) it uses the d-pad, A and B and picks colours with
UP/DOWN; with the mouse (``device="mouse"``) it clicks cards, the draw pile
and the colour swatches. It never plays an illegal Wild Draw Four.

It plays the match of tools/screenshots.py's tour. It can also write that
tour as a script for ``python -m game --headless --script`` (the loading
screen, the menus, a whole match, with shots along the way), which
tools/pi_check.sh replays natively and under emulation:

    python tests/scripts/ui_bot.py --seed 3 --out /tmp/tour.txt
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.rules.cards import COLOURS, Card
from game.ui import layout
from game.ui.app import App, init_pyxel
from game.ui.device import keys
from game.ui.device.script import Driver
from game.ui.table import narration, tabletop

sys.path.insert(0, str(Path(__file__).resolve().parent))

from decks import penalty_move

WAIT_LIMIT = 20_000  # frames; far more than any animation takes
PAD = {
    "LEFT": "GAMEPAD1_BUTTON_DPAD_LEFT",
    "RIGHT": "GAMEPAD1_BUTTON_DPAD_RIGHT",
    "UP": "GAMEPAD1_BUTTON_DPAD_UP",
    "DOWN": "GAMEPAD1_BUTTON_DPAD_DOWN",
    "RETURN": "GAMEPAD1_BUTTON_A",
    "P": "GAMEPAD1_BUTTON_B",
    "ESCAPE": "GAMEPAD1_BUTTON_START",
    "H": "GAMEPAD1_BUTTON_BACK",
}


def waiting_for_you(app: App) -> bool:
    """The table waits for your keys: your turn, nothing moving, the arrow
    flashing (or the colours to choose from shown)."""
    return app.scene == "table" and app.match is not None and app.match.waiting_for_you


class Bot:
    """Plays an App through a Driver and keeps the script of what it did."""

    def __init__(self, app: App, shots: bool = False, device: str = "keys") -> None:
        """With ``shots`` the script takes screenshots of the table, the first
        colour choice, the first hand result and the match result. ``device``
        is "keys", "pad" or "mouse"."""
        self.app = app
        self.driver = Driver(app)
        self.script: list[str] = []
        self.shots = shots
        self.device = device
        self._taken: set[str] = set()
        self._turns = 0
        self._wiggle = 0

    # ----- keys, clicks and time, recorded ------------------------------------------------

    def press(self, name: str) -> None:
        """Press a key; on a gamepad, the button that means the same."""
        if self.device == "pad":
            name = PAD.get(name, name)
        self.driver.frame([keys.key_code(name)])
        self.script.append(f"press {name}")

    def click(self, x: int, y: int) -> None:
        self.driver.click(x, y)
        self.script.append(f"click {x} {y}")

    def wait(self, frames: int) -> None:
        for _ in range(frames):
            self.driver.frame()
        self.script.append(f"wait {frames}")

    def wait_until(self, ready, limit: int = WAIT_LIMIT) -> None:
        """Let frames pass until ``ready()``; fails if it never comes."""
        frames = 0
        while not ready():
            if frames >= limit:
                raise AssertionError(f"still waiting after {limit} frames (frame {self.app.frame})")
            self.driver.frame()
            frames += 1
        if frames:
            self.script.append(f"wait {frames}")

    def shot(self, name: str) -> None:
        """Add a screenshot to the script, once per name, when taking shots."""
        if self.shots and name not in self._taken:
            self._taken.add(name)
            self.script.append(f"shot {name}")

    def wait_for_you(self) -> None:
        """Wait until the table waits for you or a hand is over."""
        app = self.app
        self.wait_until(lambda: waiting_for_you(app) or app.scene != "table")

    # ----- the menus ------------------------------------------------------------------------

    def to_title(self) -> None:
        """Wait through the loading screen (or skip it with a key), to the title menu."""
        if self.app.scene == "loading":
            if self.shots:
                self.wait(15)
                self.shot("loading")
            self.wait_until(lambda: self.app.scene == "title")

    def choose(self, item: str) -> None:
        """Take an item of the title menu, as the device can."""
        items = self.app.context.title.items
        if self.device == "mouse":
            x, y, w, h = items.rect(items.keys.index(item))
            self.click(x + w // 2, y + h // 2)
            return
        while items.current != item:
            self.press("DOWN" if items.keys.index(item) > items.cursor else "UP")
        self.press("RETURN")

    def start_match(self) -> None:
        """From wherever the game starts: to the title, then PLAY."""
        self.to_title()
        self.choose("play")

    # ----- judging the cards, from the table --------------------------------------------

    def playable(self, code: str) -> bool:
        board = self.app.match.board
        card, top = Card(code), Card(board.top)
        if code == "W+4":
            return not any(Card(c).colour == board.colour for c in board.hand)
        return card.is_wild or card.colour == board.colour or card.rank == top.rank

    def best_colour(self) -> str:
        colours = Counter(Card(code).colour for code in self.app.match.board.hand if not Card(code).is_wild)
        return colours.most_common(1)[0][0] if colours else "R"

    def choice(self) -> int | None:
        """The card to play: the first playable card, wilds only when nothing else goes."""
        hand = self.app.match.board.hand
        plain = [i for i, code in enumerate(hand) if self.playable(code) and not Card(code).is_wild]
        wild = [i for i, code in enumerate(hand) if self.playable(code) and Card(code).is_wild]
        return (plain or wild or [None])[0]

    # ----- playing ----------------------------------------------------------------------

    def move_arrow_to(self, index: int) -> None:
        board = self.app.match.board
        while board.selected < index:
            self.press("RIGHT")
        while board.selected > index:
            self.press("LEFT")

    def _card_point(self, index: int) -> tuple[int, int] | None:
        """A point on the visible part of card ``index`` of your hand (the middle
        of it), or None while the card is scrolled out of view."""
        board = self.app.match.board
        y = layout.HAND_Y + 20 + self._wiggle
        xs = [x for x in range(layout.SCREEN_W) if tabletop.hand_card_at(board, x, y) == index]
        return (xs[len(xs) // 2], y) if xs else None

    def move_mouse(self, x: int, y: int) -> None:
        self.driver.frame(mouse=(x, y))
        self.script.append(f"move {x} {y}")

    def click_card(self, index: int) -> None:
        """Click card ``index`` of your hand; first, while it is scrolled out of
        view, point at the card at that end of the row (the arrow follows the
        mouse, and the row scrolls with the arrow)."""
        board = self.app.match.board
        while (point := self._card_point(index)) is None:
            row = layout.your_row(len(board.hand), board.selected)
            edge = row.first if index < row.first else row.first + len(row.xs) - 1
            self._wiggle = 1 - self._wiggle  # a mouse that moves, even by a pixel
            self.move_mouse(*self._card_point(edge))
        self.click(*point)

    def name_colour(self, letter: str) -> None:
        if self.device == "keys":
            self.press(letter)
        elif self.device == "mouse":
            for colour, (x, y, w, h) in tabletop.colour_choice_rects():
                if colour == letter:
                    self.click(x + w // 2, y + h // 2)
        else:
            while COLOURS[self.app.match.person.colour_cursor] != letter:
                self.press("DOWN")
            self.press("RETURN")

    def pick_up(self) -> None:
        if self.device == "mouse":
            x, y = layout.DRAW_PILE_POS
            self.click(x + 12, y + 16)
        else:
            self.press("P")

    def play_selected(self) -> None:
        board = self.app.match.board
        code = board.drawn or board.selected_card()
        if self.device == "mouse":
            self.click_card(board.hand.index(code) if board.drawn is None else board.selected)
        else:
            self.press("RETURN")
        if Card(code).is_wild:
            self.shot("colour_choice")
            self.name_colour(self.best_colour())

    def take_turn(self) -> None:
        """One decision on your turn."""
        board = self.app.match.board
        self._turns += 1
        if self._turns == 4:
            self.shot("table")
        if board.prompt == narration.PROMPT_STARTER_COLOUR:  # a Wild turned up: name its colour
            self.name_colour(self.best_colour())
        elif board.drawn is not None:
            if self.playable(board.drawn):
                self.play_selected()
            else:
                self.pick_up()  # a click on the pile, or P, passes
        else:
            index = self.choice()
            if index is None:
                self.pick_up()
            else:
                if self.device == "mouse":
                    self._click_to_play(index)  # the click itself moves the arrow
                    return
                self.move_arrow_to(index)
                self.play_selected()

    def penalty_turn(self) -> None:
        """One turn of the penalty scenario (``decks.penalty_deck``): play a
        low red, else the Wild Draw Four while holding red (penalised)."""
        code = penalty_move(self.app.match.board.hand)
        self.move_arrow_to(self.app.match.board.hand.index(code))
        self.press("RETURN")
        if code == "W+4":
            self.press("R")

    def _click_to_play(self, index: int) -> None:
        code = self.app.match.board.hand[index]
        self.click_card(index)
        if Card(code).is_wild:
            self.shot("colour_choice")
            self.name_colour(self.best_colour())

    def play_hand(self) -> None:
        """Play until the hand is over and its result shows."""
        while True:
            self.wait_for_you()
            if self.app.scene != "table":
                return
            self.take_turn()

    def play_match(self) -> None:
        """Play hands until the match result shows."""
        while True:
            self.play_hand()
            if self.app.scene == "match_result":
                self.shot("match_result")
                return
            self.shot("hand_result")
            if self.device == "mouse":
                self.click(160, 100)
            else:
                self.press("RETURN")

    def tour(self) -> None:
        """The screenshot tour: loading, title, how to play (the keys and the
        first rules page), a whole match with the in-match menu on its first
        turn, leaving it for the statistics, and quitting from the title."""
        self.to_title()
        self.wait(20)
        self.shot("title")
        self.choose("howto")
        self.shot("how_to_play")
        self.press("RIGHT")
        self.press("RIGHT")
        self.shot("how_to_play_rules")
        self.press("ESCAPE")
        self.choose("play")
        self.wait_for_you()
        self.press("ESCAPE")
        self.shot("match_menu")
        self.press("N")
        self.play_match()
        self.press("ESCAPE")
        self.press("Y")
        self.choose("stats")
        self.shot("statistics")
        self.press("RETURN")
        self.press("ESCAPE")
        self.press("ESCAPE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--out", type=Path, required=True, help="the script file to write")
    args = parser.parse_args()
    out = args.out.resolve()  # pyxel.init may change the working directory
    init_pyxel(headless=True)
    bot = Bot(App(args.seed, report=lambda line: None), shots=True)
    bot.tour()
    header = [
        f"# The loading screen, the menus and a whole match, seed {args.seed}, level normal,",
        "# played by tests/scripts/ui_bot.py. Run it with:",
        f"#   python -m game --headless --seed {args.seed} --script {args.out.as_posix()} --shots docs/screenshots",
    ]
    out.write_text("\n".join(header + bot.script) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
