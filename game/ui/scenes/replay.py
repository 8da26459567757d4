"""Watching a finished match again: the list of replays and the viewer.

The viewer plays the match's record back on the real table, both hands face
up, one move at a time: each move is replayed by the engine and the table
jumps to the position after it (``Board.show``), the news line saying what
happened. Keys (shown on the message bar):

    RETURN        pause / play on
    LEFT / RIGHT  one move back / forward (and pause)
    UP / DOWN     faster / slower
    N             jump to the start of the next hand
    ESCAPE        back

At the end of each hand its result shows over the table, at the end of the
match the match's result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pyxel

from game.rules.rulesets import RULESETS
from game.storage.replays import position, split_record
from game.storage.saves import SavedMatch, printable
from game.ui import layout as lay
from game.ui.device.key_words import spelled
from game.ui.device.keys import Pointer
from game.ui.drawing import text_centred
from game.ui.layout import CX
from game.ui.scenes.navigator import Keys, Pop, Push, Scene, Step
from game.ui.scenes.widgets import BACK_KEYS, PANEL, Choice, ItemList, draw_titled_panel
from game.ui.seats.kinds import Seating
from game.ui.table import narration, results, tabletop
from game.ui.table.board import Board
from game.ui.table.match import hand_result

if TYPE_CHECKING:
    from game.ui.scenes.context import Context

SPEEDS = (60, 30, 15, 8, 4, 2)  # frames per move, slowest first
START_SPEED = 2  # 15 frames a move: two moves a second
KEYS_HINT = "RETURN pause  LEFT/RIGHT step  UP/DOWN speed  N next hand  ESCAPE back"
PAUSED_HINT = "RETURN play on  LEFT/RIGHT step  UP/DOWN speed  N next hand  ESCAPE back"


def _news(events: list, players: int | Seating = 2) -> str:
    """What a move did, in the message bar's words (its first two events that say something)."""
    said = [text for event in events if event.kind != "turn" and (text := narration.news(event, players))]
    return "; ".join(said[:2])


class ReplayViewer:
    """One match played back; ``notice`` takes what a player would notice."""

    def __init__(self, saved: SavedMatch, notice: Callable[[str], None], title_art: bool = True) -> None:
        self.saved = saved
        self.notice = notice
        self.title_art = title_art
        self.header, self.moves = split_record(saved.record)
        self.speed = START_SPEED
        self.paused = False
        self.frames = 0  # since the last move
        self.board = Board(draw_count=0)
        # A match of several people: every seat by its name, as at the table.
        self.seating = Seating.from_names(saved.names) if saved.names else None
        self.news = ""
        self.count = -1
        self._go_to(0, "The match begins")

    # ----- moving through the match ---------------------------------------------------

    def _go_to(self, count: int, news: str | None = None) -> None:
        """Show the position after the first ``count`` moves: one move on
        is acted on the engine's game, anything else replayed from the record."""
        count = max(0, min(count, len(self.moves)))
        if count != self.count + 1 and count > 0:  # a jump: to the move before, then that move
            self.game, self.count = position(self.header, self.moves, count - 1), count - 1
        if count > 0:
            events = self._step_forward()
        else:
            self.game, events = position(self.header, self.moves, count), []
        self.count = count
        self.board.show(self.game, face_up=True)
        seating = self.seating or Seating.solo(self.game.players)
        if self.seating is not None:
            self.board.names = tuple(seating.name(seat) for seat in range(seating.players))
        self.news = news or _news(events, self.seating or self.game.players) or ("A new hand" if count else "")
        self.frames = 0
        self.notice(f"replay move {self.count} of {len(self.moves)}: {self.news}")
        if self.game.hand_over:
            for line in self._hand_result().lines():
                self.notice(f"replay result {line}")
        winner = self.game.match_winner
        if self.at_end and winner is not None:
            self.notice(f"replay match winner {seating.name(winner).lower()}")

    def _step_forward(self) -> list:
        """One move on, acted on the engine's game (a whole replay of a long
        match takes several frames' time); a line it does not act directly,
        an action out of turn (``@2 catch``), is replayed from the record.
        Returns the events of the move."""
        move, game = self.moves[self.count], self.game
        hand, seen = game.hand_number, len(game.events)
        if move == "next":
            game.next_hand()
        elif move.startswith("@"):
            self.game = position(self.header, self.moves, self.count + 1)
        else:
            game.act(move)
        if self.game.hand_number != hand:
            return list(self.game.opening)
        return self.game.events[seen:]

    @property
    def at_end(self) -> bool:
        return self.count >= len(self.moves)

    def _next_hand(self) -> int:
        """The move count at the start of the next hand (the end if none)."""
        for index in range(self.count, len(self.moves)):
            if self.moves[index] == "next":
                return index + 1
        return len(self.moves)

    # ----- each frame --------------------------------------------------------------

    def update(self, pressed: list[str], pointer: Pointer | None = None) -> Choice | None:
        """The keys; ``Choice("back")`` when the player leaves."""
        for key in pressed:
            if key in BACK_KEYS:
                return Choice("back")
            if key == "RETURN" or (pointer is not None and pointer.clicked):
                self.paused = not self.paused
                self.notice(f"replay {'paused' if self.paused else 'playing'}")
            elif key in ("LEFT", "RIGHT"):
                self.paused = True
                self._go_to(self.count + (1 if key == "RIGHT" else -1))
            elif key in ("UP", "DOWN"):
                step = 1 if key == "UP" else -1
                self.speed = max(0, min(len(SPEEDS) - 1, self.speed + step))
                self.notice(f"replay speed {self.speed_label}")
            elif key == "N":
                self._go_to(self._next_hand())
        if not self.paused and not self.at_end:
            self.frames += 1
            if self.frames >= SPEEDS[self.speed]:
                self._go_to(self.count + 1)
        return None

    @property
    def speed_label(self) -> str:
        moves_a_second = lay.FPS / SPEEDS[self.speed]
        return f"{moves_a_second:g} moves/s"

    # ----- drawing ------------------------------------------------------------------

    def draw(self) -> None:
        status = "PAUSED" if self.paused else self.speed_label
        self.board.news = f"{self.count}/{len(self.moves)} {status}: {self.news}"[: narration.MAX_CHARS]
        self.board.prompt = PAUSED_HINT if self.paused else KEYS_HINT
        winner = self.game.match_winner
        tabletop.draw_table(self.board, None, under_result=self.game.hand_over)
        if self.at_end and winner is not None:
            scores = tuple(self.game.scores)
            names = self.board.names or ()
            footer = "ESCAPE: BACK"
            sides = self.game.sides if self.game.teams else ()
            results.draw_match_result(winner, scores, self.title_art, footer=footer, names=names, sides=sides)
        elif self.game.hand_over:
            results.draw_hand_result(self._hand_result())

    def _hand_result(self) -> results.HandResult:
        result = hand_result(self.game)
        return replace(result, names=self.board.names) if self.board.names else result


def entry_label(saved: SavedMatch, width: int = 66) -> str:
    """A kept match as its row shows it, in ``width`` letters: date, the
    table (rule set, players but for the 1991 game's two, TEAMS for
    partners), level and result (partners' by team letter: "WON A 569 B
    300"); at a big table the computers are C1, C2..., then the commas go,
    and what still does not fit ends in "..."."""
    table = saved.rules.upper()
    if not RULESETS[saved.rules].classic(saved.players):
        table += f" {saved.players}P"
    result = (saved.result or "unfinished").upper()
    if saved.teams:
        table += " TEAMS"
        result = result.replace("TEAM ", "").replace(",", "")
    label = printable(f"{saved.date}  {table}  {saved.level.upper()}  {result}")
    if len(label) > width:
        for seat in range(MOST_SEATS, 0, -1):
            label = label.replace(f"COMPUTER {seat} ", f"C{seat} ")
    if len(label) > width:
        label = label.replace(", ", " ")  # every score, before any is cut
    return label if len(label) <= width else label[: width - 3] + "..."


MOST_SEATS = 10


class ReplayList:
    """The finished matches kept, newest first: RETURN watches one."""

    ROWS = 8  # shown at once; the list scrolls with the highlight

    def __init__(self, matches: list[SavedMatch]) -> None:
        self.matches = matches
        self.labels = [entry_label(saved) for saved in matches]  # once: a label reads the record's table
        self.cursor = 0
        self.message = ""  # one line at the foot of the list (a match that cannot be replayed)

    def _shown(self) -> tuple[int, ItemList]:
        """The first match shown and the rows on screen."""
        x, y, w, _ = PANEL
        first = max(0, self.cursor - self.ROWS + 1)
        keys = [str(index) for index in range(first, min(len(self.matches), first + self.ROWS))]
        return first, ItemList(keys, x=x + 10, y=y + 36, w=w - 20, cursor=self.cursor - first)

    def update(self, pressed: list[str], pointer: Pointer | None) -> tuple[Choice | None, bool]:
        """UP/DOWN choose, RETURN (or a click) watches, ESCAPE goes back."""
        moved = False
        for key in pressed:
            if key in BACK_KEYS:
                return Choice("back"), False
            if key in ("UP", "DOWN") and self.matches:
                self.cursor = (self.cursor + (-1 if key == "UP" else 1)) % len(self.matches)
                moved = True
            elif key == "RETURN":
                return (Choice("watch") if self.matches else Choice("back")), moved
        if pointer is not None and pointer.clicked:
            first, shown = self._shown()
            index = shown.at(pointer)
            if index is not None:
                self.cursor = first + index
                return Choice("watch"), True
        return None, moved

    @property
    def chosen(self) -> SavedMatch:
        return self.matches[self.cursor]

    def draw(self, frame: int) -> None:
        x, y, w, h = draw_titled_panel("REPLAYS", "THE LAST 20 FINISHED MATCHES, NEWEST FIRST")
        pyxel.line(x + 16, y + 31, x + w - 17, y + 31, lay.GREY)
        if not self.matches:
            text_centred(CX, y + 60, "NO FINISHED MATCHES YET", lay.WHITE)
        else:
            _, shown = self._shown()
            shown.draw({key: self.labels[int(key)] for key in shown.keys}, frame)
        if self.message:
            text_centred(CX, y + h - 12, self.message[: narration.MAX_CHARS - 6], lay.PINK)
        text_centred(CX, lay.SCREEN_H - 12, spelled("UP/DOWN choose   RETURN watch   ESCAPE back"), lay.GREY)


class ReplaysScene(Scene):
    """REPLAYS (scene ``replays``), over the title: the finished matches
    kept, read again each time the list shows (back from watching one too)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.screen = ReplayList([])

    def enter(self) -> None:
        ctx = self.ctx
        self.screen = ReplayList(ctx.store.finished())
        for problem in ctx.store.take_problems():
            ctx.warn(problem)
        ctx.show("replays")
        for number, saved in enumerate(self.screen.matches, start=1):
            ctx.notice(f"replays {number}: {saved.summary()}")
        if not self.screen.matches:
            ctx.notice("replays none yet")

    def update(self, frame: Keys) -> Step:
        choice = self.ctx.choose(self.screen, frame)
        if choice is None:
            return self
        if choice.what != "watch":
            return Pop()
        watching = ReplayScene.of(self.ctx, self.screen.chosen, back=Pop())
        if watching is None:
            self.screen.message = self.ctx.title.message
            return self
        return Push(watching)

    def draw(self) -> None:
        self.screen.draw(self.ctx.frame)


class ReplayScene(Scene):
    """One finished match played back (scene ``replay``); ESCAPE takes the
    step ``back`` (to the list, or the title)."""

    def __init__(self, ctx: Context, saved: SavedMatch, back: Step) -> None:
        self.ctx = ctx
        self.saved = saved
        self.back = back
        self.viewer: ReplayViewer | None = None

    @classmethod
    def of(cls, ctx: Context, saved: SavedMatch, back: Step) -> ReplayScene | None:
        """The scene, if the whole record replays (else None, and why is said)."""
        try:
            saved.game()  # the whole record must replay before the viewer steps through it
        except ValueError as error:
            ctx.warn(f"warning: the match of {saved.date} cannot be replayed: {error}")
            return None
        return cls(ctx, saved, back)

    def enter(self) -> None:
        ctx = self.ctx
        ctx.audio.stop_music()
        ctx.notice(f"replay {self.saved.summary()}")
        self.viewer = ReplayViewer(self.saved, ctx.notice, title_art=not ctx.low_memory)
        ctx.show("replay")

    def update(self, frame: Keys) -> Step:
        assert self.viewer is not None, "entered"
        if self.viewer.update(frame.pressed, frame.pointer) is None:
            return self
        self.ctx.audio.play("select")
        return self.back

    def draw(self) -> None:
        assert self.viewer is not None, "entered"
        self.viewer.draw()
