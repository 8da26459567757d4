"""The game on screen: one match after another against the computer.

Data flows one way. A key becomes an action text, the engine (``game.act``)
checks and applies it and returns events, and the choreographer turns the
events into animation steps that update the board one frame at a time. The
UI never changes the game any other way. You are seat 0, the computer seat 1.

Scenes:

* ``table``: a hand being played;
* ``hand_result``: who went out, the points, the running totals;
* ``match_result``: the winner of the match and the final scores.

``update`` and ``draw`` are pyxel's two callbacks; ``update`` reads the keys
itself (``keys.pressed``), so a scripted headless run drives the same code
by pressing keys with ``pyxel.set_btn``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pyxel

from game.ai import make
from game.rules import Game, IllegalAction
from game.rules.cards import COLOURS, Card

from . import keys, narration, results, table
from .animation import Timeline
from .audio import Audio
from .board import Board
from .choreography import Choreographer
from .layout import FPS, SCREEN_H, SCREEN_W

RESOURCES = Path(__file__).resolve().parents[2] / "resources.pyxres"
HUMAN, COMPUTER = 0, 1
THINK_FRAMES = 12  # the computer's pause before each of its actions
_pyxel_ready = False


def init_pyxel(headless: bool) -> None:
    """Open the 320 x 200 screen (or its headless stand-in) and load the art
    and sounds. In a window ESCAPE is the game's own key, not pyxel's quit.
    pyxel can be initialised once in a process; later calls do nothing."""
    global _pyxel_ready
    if _pyxel_ready:
        return
    _pyxel_ready = True
    fps = 1000 if headless else FPS
    pyxel.init(SCREEN_W, SCREEN_H, title="UNO 1991", fps=fps, quit_key=pyxel.KEY_NONE, capture_sec=0, headless=headless)
    pyxel.load(str(RESOURCES))


class App:
    """The whole game; ``report`` receives one line per thing a player would
    notice (scene, message bar, sound, card played or drawn, scores), each
    after the number of the frame it happened in."""

    def __init__(
        self,
        seed: int,
        level: str = "normal",
        muted: bool = False,
        report: Callable[[str], None] = print,
        deck: list[str] | None = None,
        starter: int | None = None,
    ) -> None:
        """``deck`` (top card first) and ``starter`` stack the first hand, as
        ``Game`` does; tests use them to set up a position."""
        self.seed = seed
        self._first_deal = (deck, starter)
        self.level = level
        self._report = report
        self.audio = Audio(muted, self.notice)
        self.frame = 0
        self.matches = 0
        self.quit_requested = False
        self._prompt_before_quit: str | None = None  # set while asking "Quit?"
        self._shown_prompt = ""
        self._start_match()

    def notice(self, text: str) -> None:
        self._report(f"{self.frame:>6} {text}")

    # ----- matches and hands ------------------------------------------------------

    def _start_match(self) -> None:
        """A new match; match n plays from seed + n, so every run repeats."""
        deck, starter = self._first_deal if self.matches == 0 else (None, None)
        self.game = Game(rules="1991", seed=self.seed + self.matches, deck=deck, starter=starter)
        self.computer = make(self.level, seed=self.seed)
        self.board = Board(draw_count=len(self.game.rules.deck))
        self.timeline = Timeline(self.board)
        self.director = Choreographer(self.timeline, self.audio, self.notice, len(self.game.rules.deck))
        self.result: results.HandResult | None = None
        self._start_hand(self.game.opening)

    def _start_hand(self, opening) -> None:
        self._wild = None  # a wild of yours waiting for its colour
        self.colour_cursor = 0  # the colour highlighted for UP/DOWN and RETURN
        self._think = THINK_FRAMES
        self._set_scene("table")
        self.director.stage(opening, self.game.hands)

    def _set_scene(self, scene: str) -> None:
        self.scene = scene
        self.notice(f"scene {scene}")

    def _end_hand(self) -> None:
        game = self.game
        loser = 1 - game.hand_winner
        self.result = results.HandResult(
            winner=game.hand_winner,
            points=sum(Card(code).points for code in game.hands[loser]),
            scores=(game.scores[HUMAN], game.scores[COMPUTER]),
            target=game.rules.target,
            loser_cards=tuple(game.hands[loser]),
        )
        if game.match_over:
            self._set_scene("match_result")
            self.board.prompt = narration.PROMPT_NEW_MATCH
            self.notice(f"match winner {'you' if game.match_winner == HUMAN else 'computer'}")
            self.notice(f"result final scores you {game.scores[HUMAN]} computer {game.scores[COMPUTER]}")
        else:
            self._set_scene("hand_result")
            self.board.prompt = narration.PROMPT_NEXT_HAND
            for line in self.result.lines():
                self.notice(f"result {line}")
            owner = "computer" if loser == COMPUTER else "your"
            self.notice(f"result {owner} cards left: {' '.join(self.result.loser_cards)}")

    @property
    def waiting_for_you(self) -> bool:
        """True while the table waits for your keys (no animation playing)."""
        return self.scene == "table" and self.timeline.idle and not self.game.hand_over and self.game.turn == HUMAN

    # ----- each frame -------------------------------------------------------------

    def update(self) -> None:
        self.frame += 1
        pressed = keys.pressed()
        if self._prompt_before_quit is not None:
            self._answer_quit(pressed)
        elif "ESCAPE" in pressed:
            self._prompt_before_quit = self.board.prompt
            self.board.prompt = narration.PROMPT_QUIT
        else:
            if "M" in pressed:
                self.audio.toggle()
                self.director.say("Sound off (M turns it on)" if self.audio.muted else "Sound on")
            if self.scene == "table":
                self._update_table(pressed)
            elif "RETURN" in pressed:
                self._leave_result()
            self.timeline.update()
            if self.waiting_for_you:
                self.board.prompt = self._table_prompt()
        if self.board.prompt != self._shown_prompt:
            self._shown_prompt = self.board.prompt
            self.notice(f"prompt {self.board.prompt}".rstrip())

    def _answer_quit(self, pressed: list[str]) -> None:
        """While "Quit?" is asked the game stands still: ESCAPE again quits,
        any other key plays on."""
        if "ESCAPE" in pressed:
            self.quit_requested = True
            self.notice("quit")
        elif pressed:
            self.board.prompt, self._prompt_before_quit = self._prompt_before_quit, None

    def _leave_result(self) -> None:
        if self.scene == "match_result":
            self.matches += 1
            self._start_match()
        else:
            self._start_hand(self.game.next_hand())

    def _update_table(self, pressed: list[str]) -> None:
        if not self.timeline.idle:
            return
        if self.game.hand_over:
            self._end_hand()
        elif self.game.turn == COMPUTER:
            self._computer_turn()
        else:
            self._your_turn(pressed)

    def _act(self, action: str) -> None:
        """Send an action to the engine and stage what follows."""
        self.director.stage(self.game.act(action), self.game.hands)

    # ----- the computer -------------------------------------------------------------

    def _computer_turn(self) -> None:
        self._think -= 1
        if self._think > 0:
            return
        self._think = THINK_FRAMES
        self._act(self.computer.choose(self.game.view(COMPUTER)))

    # ----- you ------------------------------------------------------------------------

    def _table_prompt(self) -> str:
        if self.game.choosing_colour:
            return narration.PROMPT_STARTER_COLOUR
        if self._wild is not None:
            return narration.PROMPT_COLOUR
        if self.board.drawn is not None:
            return narration.drawn_prompt(self.board.drawn)
        return narration.PROMPT_PLAY

    def _your_turn(self, pressed: list[str]) -> None:
        """Handle the keys of your turn; at most one action a frame."""
        for key in pressed:
            if self.naming_colour and self._colour_key(key):
                return
            if self.game.choosing_colour:
                continue
            if key in ("LEFT", "RIGHT"):
                self._move_arrow(-1 if key == "LEFT" else 1)
            elif key == "RETURN":
                if self._choose_card():
                    return
            elif key == "P":
                self._wild = None
                self._act("pass" if self.board.drawn is not None else "draw")
                return

    @property
    def naming_colour(self) -> bool:
        """True while a colour must be named: for your wild, or a Wild turned up."""
        return self.game.choosing_colour or self._wild is not None

    def _colour_key(self, key: str) -> bool:
        """R, G, Y or B names a colour; UP/DOWN move the highlight over the
        colours and RETURN takes it (for a gamepad). True once one is named."""
        if key in ("UP", "DOWN"):
            self.colour_cursor = (self.colour_cursor + (1 if key == "DOWN" else -1)) % len(COLOURS)
        elif key in keys.COLOUR_KEYS or key == "RETURN":
            self._name_colour(key if key in keys.COLOUR_KEYS else COLOURS[self.colour_cursor])
            return True
        return False

    def _move_arrow(self, step: int) -> None:
        """The arrow stays on a card you picked up until you play it or pass."""
        self._wild = None
        if self.board.drawn is None:
            self.board.move_selection(step)

    def _name_colour(self, letter: str) -> None:
        if self.game.choosing_colour:
            self._act(f"colour {letter}")
        else:
            wild, self._wild = self._wild, None
            self._act(f"play {wild} {letter}")

    def _choose_card(self) -> bool:
        """RETURN on a card: play it, ask for a wild's colour, or refuse it with
        a buzz. A Wild Draw Four is never refused: the engine penalises an
        illegal one, as the manual says. Returns True when an action was sent."""
        code = self.board.drawn or self.board.selected_card()
        if code is None:
            return False
        if Card(code).is_wild:
            self._wild = code
            self.board.prompt = narration.PROMPT_COLOUR
            return False
        try:
            self._act(f"play {code}")
        except IllegalAction:
            self.audio.play("buzz")
            self.director.say(narration.refusal(code, self.game.top, self.game.colour))
            return False
        return True

    # ----- drawing ------------------------------------------------------------------------

    def draw(self) -> None:
        arrow = self.waiting_for_you and not self.game.choosing_colour
        table.draw_table(self.board, self.frame if arrow else None)
        if self.waiting_for_you and self.naming_colour:
            table.draw_colour_choice(self.colour_cursor, self.frame)
        if self.scene == "hand_result":
            results.draw_hand_result(self.result)
        elif self.scene == "match_result":
            results.draw_match_result(self.game.match_winner, self.result.scores)


def run_window(seed: int, level: str, muted: bool) -> None:
    """Play in a window until the player quits."""
    init_pyxel(headless=False)
    app = App(seed, level, muted, report=lambda line: None)

    def update() -> None:
        app.update()
        if app.quit_requested:
            pyxel.quit()

    pyxel.run(update, app.draw)
