"""A test player that plays the real game through its keys, as a person would,
and records what it pressed as a headless script.

It looks only at what the table shows (your hand, the top card, the colour
in play), moves the arrow with LEFT/RIGHT, plays with RETURN, picks up with
P and names colours by letter. It never plays an illegal Wild Draw Four.

Make the screenshot script (a whole match, with shots along the way):

    python tests/scripts/ui_bot.py --seed 3 --out tests/scripts/screenshots.txt
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.rules.cards import Card
from game.ui import keys
from game.ui.app import App, init_pyxel
from game.ui.script import Driver

WAIT_LIMIT = 20_000  # frames; far more than any animation takes


class Bot:
    """Plays an App through a Driver and keeps the script of what it did."""

    def __init__(self, app: App, shots: bool = False) -> None:
        """With ``shots`` the script takes screenshots of the table, the first
        colour choice, the first hand result and the match result."""
        self.app = app
        self.driver = Driver(app)
        self.script: list[str] = []
        self.shots = shots
        self._taken: set[str] = set()
        self._turns = 0

    # ----- keys and time, recorded ------------------------------------------------------

    def press(self, name: str) -> None:
        self.driver.frame([keys.key_code(name)])
        self.script.append(f"press {name}")

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
        self.wait_until(lambda: app.waiting_for_you or app.scene != "table")

    # ----- judging the cards, from the table --------------------------------------------

    def playable(self, code: str) -> bool:
        board = self.app.board
        card, top = Card(code), Card(board.top)
        if code == "W+4":
            return not any(Card(c).colour == board.colour for c in board.hand)
        return card.is_wild or card.colour == board.colour or card.rank == top.rank

    def best_colour(self) -> str:
        colours = Counter(Card(code).colour for code in self.app.board.hand if not Card(code).is_wild)
        return colours.most_common(1)[0][0] if colours else "R"

    def choice(self) -> int | None:
        """The card to play: the first playable card, wilds only when nothing else goes."""
        hand = self.app.board.hand
        plain = [i for i, code in enumerate(hand) if self.playable(code) and not Card(code).is_wild]
        wild = [i for i, code in enumerate(hand) if self.playable(code) and Card(code).is_wild]
        return (plain or wild or [None])[0]

    # ----- playing ----------------------------------------------------------------------

    def move_arrow_to(self, index: int) -> None:
        board = self.app.board
        while board.selected < index:
            self.press("RIGHT")
        while board.selected > index:
            self.press("LEFT")

    def play_selected(self) -> None:
        code = self.app.board.drawn or self.app.board.selected_card()
        self.press("RETURN")
        if Card(code).is_wild:
            self.shot("colour_choice")
            self.press(self.best_colour())

    def take_turn(self) -> None:
        """One decision on your turn."""
        app, board = self.app, self.app.board
        self._turns += 1
        if self._turns == 4:
            self.shot("table")
        if app.game.choosing_colour:
            self.press(self.best_colour())
        elif board.drawn is not None:
            if self.playable(board.drawn):
                self.play_selected()
            else:
                self.press("P")
        else:
            index = self.choice()
            if index is None:
                self.press("P")
            else:
                self.move_arrow_to(index)
                self.play_selected()

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
            self.press("RETURN")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--out", type=Path, required=True, help="the script file to write")
    args = parser.parse_args()
    out = args.out.resolve()  # pyxel.init may change the working directory
    init_pyxel(headless=True)
    bot = Bot(App(args.seed, report=lambda line: None), shots=True)
    bot.play_match()
    header = [
        f"# A whole match, seed {args.seed}, level normal, played by tests/scripts/ui_bot.py. Run it with:",
        f"#   python -m game --headless --seed {args.seed} --script {args.out.as_posix()} --shots docs/screenshots",
    ]
    out.write_text("\n".join(header + bot.script) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
