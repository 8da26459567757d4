"""A match on the table: one hand after another against the computer, to 500.

Data flows one way. A key or a click becomes an action text, the engine
(``game.act``) checks and applies it and returns events, and the
choreographer turns the events into animation steps that update the board
one frame at a time. The UI never changes the game any other way. You are
seat 0, the computer seat 1.

A match has three scenes of its own: ``table`` (a hand being played),
``hand_result`` (who went out, the points, the running totals and the
loser's cards) and ``match_result`` (the winner and the final scores). The
last hand of a match shows its result too; RETURN then shows the match's.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from game.ai import make
from game.rules import Game, IllegalAction
from game.rules.cards import COLOURS, Card

from . import keys, narration, results, table
from .animation import Timeline
from .audio import Audio
from .board import Board
from .choreography import Choreographer
from .keys import Pointer
from .seats import COMPUTER, HUMAN

THINK_FRAMES = 12  # the computer's pause before each of its actions, at least
# The keys of your turn. Pressed while your own move is still moving on the
# table, they are kept (a few) and taken the moment it lands; pressed while
# it is not your turn, they are refused with a prompt that says so.
TABLE_KEYS = ("LEFT", "RIGHT", "UP", "DOWN", "RETURN", "P", *keys.COLOUR_KEYS)
MAX_KEPT_KEYS = 3


class Thought:
    """The computer's decision being made a slice a frame (``Player.think``),
    so that a long search never stalls a frame."""

    def __init__(self, steps: Generator[None, None, str]) -> None:
        self._steps = steps
        self.paused = 0  # frames of the computer's visible pause so far
        self.action: str | None = None

    def step(self, pausing: bool) -> None:
        """One frame: a slice of thinking, until the action is known.
        ``pausing``: the table is still, so the frame counts towards the pause."""
        self.paused += pausing
        if self.action is None:
            try:
                next(self._steps)
            except StopIteration as done:
                self.action = done.value

    @property
    def ready(self) -> bool:
        """True once the action is known and the pause has lasted long enough."""
        return self.action is not None and self.paused >= THINK_FRAMES


def hand_result(game: Game) -> results.HandResult:
    """The result of a hand that is over, its points as the engine scored them."""
    end = next(event for event in reversed(game.events) if event.kind == "hand_end")
    loser = COMPUTER if end.seat == HUMAN else HUMAN
    return results.HandResult(
        winner=end.seat,
        points=end.points,
        scores=(game.scores[HUMAN], game.scores[COMPUTER]),
        target=game.rules.target,
        loser_cards=tuple(game.hands[loser]),
        last=game.match_over,
    )


class Match:
    """One match. ``notice`` takes the lines a player would notice,
    ``set_scene`` the match's scene changes, ``hand_ended`` is called once
    at the end of each hand (with this match, its ``result`` set)."""

    def __init__(
        self,
        seed: int,
        level: str,
        audio: Audio,
        notice: Callable[[str], None],
        set_scene: Callable[[str], None],
        hand_ended: Callable[[Match], None] = lambda match: None,
        computer_seed: int | None = None,
        deck: list[str] | None = None,
        starter: int | None = None,
        title_art: bool = True,
        rules: str = "1991",
        acted: Callable[[Match], None] = lambda match: None,
        game: Game | None = None,
    ) -> None:
        """``rules`` names the rule set (the settings' ``rules``, which How to
        Play explains too). ``acted`` is called after every action the engine
        takes and every new hand (to save the match). ``game``: a match to
        continue (replayed from its record), shown as it stands, without
        animations."""
        self.level = level
        self.audio = audio
        self.notice = notice
        self._set_scene = set_scene
        self._hand_ended = hand_ended
        self.title_art = title_art
        self._acted = acted
        self.game = game if game is not None else Game(rules=rules, seed=seed, deck=deck, starter=starter)
        self.computer_seed = seed if computer_seed is None else computer_seed
        self.computer = make(level, seed=self.computer_seed)
        self.board = Board(draw_count=len(self.game.rules.deck))
        self.timeline = Timeline(self.board)
        self.director = Choreographer(self.timeline, audio, notice, len(self.game.rules.deck))
        self.result: results.HandResult | None = None
        self.scene = "table"
        self.frame = 0
        if game is None:
            self._start_hand(self.game.opening)
        else:
            self._restore()

    # ----- hands -----------------------------------------------------------------

    def _start_hand(self, opening) -> None:
        self._clear_turn()
        self.scene = "table"
        self._set_scene("table")
        self.board.prompt = ""
        self._stage(opening)

    def _restore(self) -> None:
        """Set the table straight to the engine's position (a continued
        match): the hands, piles, scores, the card you picked up under the
        arrow, and the hand's result if it is over."""
        game, board = self.game, self.board
        self._clear_turn()
        board.show(game, HUMAN, COMPUTER)
        self.director.say(narration.CONTINUED)
        self.notice(
            f"table you {' '.join(board.hand)} | computer {board.computer_count} cards | top {board.top} "
            f"{board.colour} | scores {board.scores[HUMAN]} {board.scores[COMPUTER]} | drawn {board.drawn or '-'}"
        )
        if game.hand_over:
            self._end_hand()
            return
        self._show("table", narration.PROMPT_COMPUTER if game.turn == COMPUTER else self._table_prompt())

    def _clear_turn(self) -> None:
        """Forget what the table knew of a turn in progress (a new hand, or a
        continued match shown as it stands)."""
        self._wild = None  # a wild of yours waiting for its colour
        self.colour_cursor = 0  # the colour highlighted for UP/DOWN and RETURN
        self._thought: Thought | None = None
        self._yours = False  # the table has shown your turn, and it goes on
        self.kept_keys: list[str] = []  # keys pressed while your move moves, to take when it lands

    def _stage(self, events) -> None:
        """Animate the engine's events; the director sees your hand only."""
        self.director.stage(events, self.game.hands[HUMAN])

    def _show(self, scene: str, prompt: str) -> None:
        self.scene = scene
        self._set_scene(scene)
        self.board.prompt = prompt

    def _end_hand(self) -> None:
        """Show the hand's result, once its last cards have moved; at the end
        of the match too, before the match's result."""
        self.result = self._hand_result()
        game = self.game
        self._show("hand_result", narration.PROMPT_MATCH_RESULT if game.match_over else narration.PROMPT_NEXT_HAND)
        for line in self.result.lines():
            self.notice(f"result {line}")
        owner = "your" if self.result.winner == COMPUTER else "computer"
        self.notice(f"result {owner} cards left: {' '.join(self.result.loser_cards)}")
        self._hand_ended(self)

    def _hand_result(self) -> results.HandResult:
        return hand_result(self.game)

    def leave(self) -> None:
        """You leave the match: a hand the engine has ended still counts,
        though its last cards are still moving and its result not yet shown."""
        if self.scene == "table" and self.game.hand_over:
            self.result = self._hand_result()
            self._hand_ended(self)

    def go_on(self) -> None:
        """RETURN (A, a click) on a hand result: deal the next hand or, after
        the last hand, show the match's result."""
        if self.scene != "hand_result":
            return
        game = self.game
        if not game.match_over:
            opening = game.next_hand()
            self._acted(self)
            self._start_hand(opening)
            return
        self._show("match_result", narration.PROMPT_NEW_MATCH)
        self.notice(f"match winner {'you' if game.match_winner == HUMAN else 'computer'}")
        self.notice(f"result final scores you {game.scores[HUMAN]} computer {game.scores[COMPUTER]}")

    def say(self, text: str) -> None:
        """A line on the message bar's news line (the sound switch, say)."""
        self.director.say(text)

    @property
    def waiting_for_you(self) -> bool:
        """True while the table waits for you (no animation playing)."""
        return self.scene == "table" and self.timeline.idle and not self.game.hand_over and self.game.turn == HUMAN

    @property
    def naming_colour(self) -> bool:
        """True while a colour must be named: for your wild, or a Wild turned up."""
        return self.game.choosing_colour or self._wild is not None

    # ----- each frame -------------------------------------------------------------

    def update(self, pressed: list[str], pointer: Pointer | None = None) -> None:
        self.frame += 1
        if self.scene == "table":
            self._computer_thinks()
            self._update_table(pressed, pointer)
        self.timeline.update()
        if self.waiting_for_you:
            self.board.prompt = self._table_prompt()

    def _update_table(self, pressed: list[str], pointer: Pointer | None) -> None:
        table_keys = [key for key in pressed if key in TABLE_KEYS]
        if not self.timeline.idle:
            self._keep_or_refuse(table_keys)
        elif self.game.hand_over:
            self._end_hand()
        elif self.game.turn == COMPUTER:
            self._keep_or_refuse(table_keys)
            self._computer_turn()
        else:
            self._yours = True
            waiting, self.kept_keys = self.kept_keys + table_keys, []
            if not self._your_keys(waiting) and pointer is not None:
                self._your_mouse(pointer)

    def _keep_or_refuse(self, table_keys: list[str]) -> None:
        """Keys pressed while the table moves: kept while it is still your
        turn (your own move moving), else refused on the prompt line."""
        if not table_keys:
            return
        if self._yours and self.game.turn == HUMAN and not self.game.hand_over:
            self.kept_keys = (self.kept_keys + table_keys)[:MAX_KEPT_KEYS]
        else:
            self.kept_keys = []
            self.board.prompt = narration.PROMPT_WAIT

    def _act(self, action: str) -> None:
        """Send an action to the engine, save the match, and stage what follows."""
        events = self.game.act(action)
        self._acted(self)
        self._stage(events)

    def _your_act(self, action: str) -> None:
        """Your action: while it plays out, the prompt says nothing (never the
        instruction you just followed); your turn goes on or is over."""
        self._act(action)
        self.board.prompt = ""
        self._yours = self.game.turn == HUMAN and not self.game.hand_over

    def _computer_thinks(self) -> None:
        """From the moment its turn begins in the engine, the computer thinks
        a slice a frame, while the table is still animating what came before."""
        if self.game.hand_over or self.game.turn != COMPUTER:
            return
        if self._thought is None:
            self._thought = Thought(self.computer.think(self.game.view(COMPUTER)))
        self._thought.step(pausing=self.timeline.idle)

    def _computer_turn(self) -> None:
        if self._thought is not None and self._thought.ready:
            action, self._thought = self._thought.action, None
            self._act(action)

    # ----- your turn: keys -------------------------------------------------------------

    def _table_prompt(self) -> str:
        if self.game.choosing_colour:
            return narration.PROMPT_STARTER_COLOUR
        if self._wild is not None:
            return narration.PROMPT_COLOUR
        if self.board.drawn is not None:
            return narration.drawn_prompt(self.board.drawn)
        return narration.PROMPT_PLAY

    def _your_keys(self, names: list[str]) -> bool:
        """Handle the keys of your turn, in order; at most one action a frame
        (the keys after it wait for it to land, if your turn goes on). True
        when a key was taken (so the mouse waits for the next frame)."""
        for index, key in enumerate(names):
            if self._your_key(key):
                self.kept_keys = names[index + 1 :] if self._yours else []
                return True
        return bool(names)

    def _your_key(self, key: str) -> bool:
        """One key of your turn; True when it sent an action."""
        if self.naming_colour and self._colour_key(key):
            return True
        if self.game.choosing_colour:
            return False
        if key in ("LEFT", "RIGHT"):
            self._move_arrow(-1 if key == "LEFT" else 1)
        elif key == "RETURN":
            return self._choose_card()
        elif key == "P":
            self._pick_up_or_pass()
            return True
        return False

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

    def _pick_up_or_pass(self) -> None:
        self._wild = None
        self._your_act("pass" if self.board.drawn is not None else "draw")

    def _name_colour(self, letter: str) -> None:
        if self.game.choosing_colour:
            self._your_act(f"colour {letter}")
        else:
            wild, self._wild = self._wild, None
            self._your_act(f"play {wild} {letter}")

    def _choose_card(self) -> bool:
        """RETURN on a card: play it, ask for a wild's colour, or refuse it with
        a buzz. A Wild Draw Four is never refused: the engine penalises an
        illegal one, as the manual says. Returns True when an action was sent."""
        code = self.board.drawn or self.board.selected_card()
        if code is None:
            return False
        if Card(code).is_wild:
            self._wild = code  # the prompt asks for its colour from the next update
            return False
        try:
            self._your_act(f"play {code}")
        except IllegalAction:
            self.audio.play("buzz")
            self.director.say(narration.refusal(code, self.game.top, self.game.colour))
            return False
        return True

    # ----- your turn: the mouse ---------------------------------------------------------

    def _your_mouse(self, pointer: Pointer) -> None:
        """Click a card to play it, the draw pile to pick up (or, after picking
        up, to pass), a colour to name it. The arrow follows the mouse over
        your hand, and the wheel moves it too."""
        board = self.board
        if self.naming_colour and pointer.clicked:
            letter = table.colour_at(pointer.x, pointer.y)
            if letter is not None:
                self._name_colour(letter)
                return
        if self.game.choosing_colour:
            return
        index = table.hand_card_at(board, pointer.x, pointer.y)
        if pointer.clicked:
            if table.draw_pile_hit(pointer.x, pointer.y):
                self._pick_up_or_pass()
            elif index is not None:
                self._click_card(index)
        elif pointer.moved and index is not None and board.drawn is None and self._wild is None:
            board.selected = index
        elif pointer.wheel:
            self._move_arrow(-1 if pointer.wheel > 0 else 1)

    def _click_card(self, index: int) -> None:
        board = self.board
        if board.drawn is not None and board.hand[index] != board.drawn:
            self.audio.play("buzz")
            self.director.say(narration.drawn_only(board.drawn))
            return
        self._wild = None
        board.selected = index
        self._choose_card()

    # ----- drawing ------------------------------------------------------------------------

    def draw(self, paused: bool = False) -> None:
        """The table and, at the end of a hand or match, its result; the arrow
        and the colours to choose from only while the game waits for you."""
        arrow = self.waiting_for_you and not self.game.choosing_colour and not paused
        table.draw_table(self.board, self.frame if arrow else None)
        if self.waiting_for_you and self.naming_colour and not paused:
            table.draw_colour_choice(self.colour_cursor, self.frame)
        if self.scene == "hand_result":
            results.draw_hand_result(self.result)
        elif self.scene == "match_result":
            results.draw_match_result(self.game.match_winner, self.result.scores, self.title_art)
