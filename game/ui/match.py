"""A match on the table: one hand after another against the computer
players, to 500.

Data flows one way. A key or a click becomes an action text, the engine
(``game.act``) checks and applies it and returns events, and the
choreographer turns the events into animation steps that update the board
one frame at a time. The UI never changes the game any other way. You are
seat 0, the computer players seats 1 and up (one at a table of two, as in
1991).

A match has three scenes of its own: ``table`` (a hand being played),
``hand_result`` (who went out, the points, the running totals and the cards
left) and ``match_result`` (the winner and the final scores). The last hand
of a match shows its result too; RETURN then shows the match's.

Besides playing your cards you may have to decide: the colour of a Wild
(yours, or any Wild while you are King in Royal Revenge), whether to
challenge a Wild Draw Four played on you, and, as King, who is the Jester
and who draws for a King's Choice. U calls UNO as you play your
next-to-last card, and catches a computer player that forgot to.
"""

from __future__ import annotations

from collections.abc import Callable

from game.rules import Game, IllegalAction
from game.rules.cards import COLOURS, Card

from . import keys, narration, results, table
from .animation import Timeline
from .audio import Audio
from .board import Board
from .choreography import Choreographer
from .computers import Computers, last_action_in_turn
from .keys import Pointer
from .scepter import Scepter
from .seating import panel_of
from .seats import HUMAN, seat_name

# The keys of your turn. Pressed while your own move is still moving on the
# table, they are kept (a few) and taken the moment it lands; pressed while
# it is not your turn, they are refused with a prompt that says so.
TABLE_KEYS = ("LEFT", "RIGHT", "UP", "DOWN", "RETURN", "P", "BACK", *keys.COLOUR_KEYS, "C", "A", "S", *keys.DIGIT_KEYS)
MAX_KEPT_KEYS = 3
WAIT_FRAMES = 45  # the prompt says "wait" for a moment after a key refused out of turn
# Jump-in (house rule): while you hold a card identical to the top card, the
# next player waits this long (frames of a still table, 2 seconds) before it
# starts, so that you can see the chance and press J.
JUMP_IN_FRAMES = 60
CHALLENGE_CHOICES = ("challenge", "accept", "stack")
CHALLENGE_LABELS = ("C CHALLENGE", "A ACCEPT", "S STACK +4")
SEAT_CHOICES = ("jester", "target", "swap")  # choices answered by naming a seat
DECISIONS = ("challenge", *SEAT_CHOICES)


def hand_result(game: Game) -> results.HandResult:
    """The result of a hand that is over, its points as the engine scored them."""
    end = next(event for event in reversed(game.events) if event.kind == "hand_end")
    two = game.players == 2
    loser = (1 if end.seat == HUMAN else HUMAN) if two else None
    return results.HandResult(
        winner=end.seat,
        points=end.points,
        scores=tuple(game.scores),
        target=game.rules.target,
        loser_cards=tuple(game.hands[loser]) if loser is not None else (),
        last=game.match_over,
        left=tuple(len(hand) for hand in game.hands),
        tally=game.scoring == "tally",
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
        players: int = 2,
        scoring: str = "points",
        house: tuple[str, ...] = (),
        scepter: list[int] | None = None,
    ) -> None:
        """``rules``, ``players`` and ``scoring`` choose the game (the
        settings'). ``acted`` is called after every action the engine takes
        and every new hand (to save the match). ``game``: a match to
        continue (replayed from its record), shown as it stands, without
        animations."""
        self.level = level
        self.audio = audio
        self.notice = notice
        self._set_scene = set_scene
        self._hand_ended = hand_ended
        self.title_art = title_art
        self._acted = acted
        continued = game is not None
        if game is None:
            game = Game(rules, players, seed=seed, deck=deck, starter=starter, scoring=scoring, house=house)
        self.game = game
        self.players = game.players
        self.computer_seed = seed if computer_seed is None else computer_seed
        self.computers = Computers(level, self.computer_seed, self.players)
        self.scepter = Scepter(self.computer_seed) if game.rules.royal else None
        if self.scepter is not None and scepter is not None:
            self.scepter.state = scepter  # a continued match: the timer as it was left
        deck_size = len(game.rules.deck)
        self.board = Board(draw_count=deck_size, counts=[0] * self.players, scores=(0,) * self.players)
        self.board.house = game.house
        self.timeline = Timeline(self.board)
        self.director = Choreographer(
            self.timeline, audio, notice, deck_size, self.players, tally=game.scoring == "tally"
        )
        self.result: results.HandResult | None = None
        self.hints = False  # lift the cards of your hand that may be played (the HINTS setting)
        self.show_history = False  # H: the last lines of the message bar, over the table
        self.scene = "table"
        self.frame = 0
        self.moves = 0  # actions sent to the engine by this table
        self._clear_turn()
        if continued:
            self._restore()
        else:
            self._start_hand(game.opening)

    @property
    def computer(self):
        """The computer player of a table of two (seat 1)."""
        return self.computers.players[1]

    # ----- hands -----------------------------------------------------------------

    def _start_hand(self, opening) -> None:
        self._clear_turn()
        self.scene = "table"
        self._set_scene("table")
        self.board.prompt = ""
        self.board.king, self.board.jester = self.game.king, self.game.jester
        self._stage(opening)

    def _restore(self) -> None:
        """Set the table straight to the engine's position (a continued
        match): the hands, piles, scores, the card you picked up under the
        arrow, and the hand's result if it is over."""
        game, board = self.game, self.board
        self._clear_turn()
        board.show(game)
        self.director.say(narration.CONTINUED)
        others = " | ".join(
            f"{seat_name(seat, self.players).lower()} {board.counts[seat]} cards" for seat in range(1, self.players)
        )
        scores = " ".join(str(score) for score in board.scores)
        self.notice(
            f"table you {' '.join(board.hand)} | {others} | top {board.top} "
            f"{board.colour} | scores {scores} | drawn {board.drawn or '-'}"
        )
        if game.hand_over:
            self._end_hand()
            return
        mine = game.turn == HUMAN
        self._show("table", self._table_prompt() if mine else narration.computer_turn_prompt(game.turn, self.players))

    def _clear_turn(self) -> None:
        """Forget what the table knew of a turn in progress (a new hand, or a
        continued match shown as it stands)."""
        self._wild = None  # a wild of yours waiting for its colour
        self.colour_cursor = 0  # the colour highlighted for UP/DOWN and RETURN
        self.choice_cursor = 0  # CHALLENGE or ACCEPT highlighted
        self.computers.forget()
        self._yours = False  # the table has shown your turn, and it goes on
        self.kept_keys: list[str] = []  # keys pressed while your move moves, to take when it lands
        self._uno_ready = False  # U pressed: your next play that leaves one card calls UNO
        self.board.pick = None
        self._wait_until = 0  # the frame until which the prompt says to wait (a key refused out of turn)
        self._jump_window = 0  # still frames you have had to jump in since the top card changed
        self._jump_top = None

    def _stage(self, events) -> None:
        """Animate the engine's events; the director sees your hand only (and
        how many cards the others hold, for hands swapped or passed on)."""
        game = self.game
        self.director.stage(events, game.hands[HUMAN], game.scores, [len(hand) for hand in game.hands])

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
        if self.players == 2:
            owner = "your" if self.result.winner == 1 else "computer"
            self.notice(f"result {owner} cards left: {' '.join(self.result.loser_cards)}")
        else:
            self.notice("result cards left: " + " ".join(str(n) for n in self.result.left))
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
        self.notice(f"match winner {'you' if game.match_winner == HUMAN else self._name(game.match_winner)}")
        totals = " ".join(f"{'you' if s == HUMAN else self._name(s)} {score}" for s, score in enumerate(game.scores))
        self.notice(f"result final scores {totals}")

    def _name(self, seat: int) -> str:
        return seat_name(seat, self.players).lower()

    def say(self, text: str) -> None:
        """A line on the message bar's news line (the sound switch, say)."""
        self.director.say(text)

    @property
    def waiting_for_you(self) -> bool:
        """True while the table waits for you (no animation playing)."""
        return self.scene == "table" and self.timeline.idle and not self.game.hand_over and self.game.turn == HUMAN

    @property
    def naming_colour(self) -> bool:
        """True while you must name a colour: for your wild, a Wild turned
        up, or (as King in Royal Revenge) any Wild."""
        return self.game.choosing_colour or self._wild is not None

    @property
    def _deciding(self) -> str | None:
        """The choice you must make before play goes on: ``challenge``, or a
        seat to name (``jester``, ``target``, ``swap``). A colour and a stack
        are answered with your cards and keys as usual."""
        pending = self.game.pending
        return pending.kind if pending is not None and pending.kind in DECISIONS else None

    # ----- each frame -------------------------------------------------------------

    def update(self, pressed: list[str], pointer: Pointer | None = None) -> None:
        self.frame += 1
        if self.scene == "table":
            idle = self.timeline.idle
            self.computers.think(self.game, idle)
            self._watch_uno(idle)
            if "U" in pressed:
                self._uno_key()
            if "J" in pressed:
                self._jump_in()
            if "H" in pressed:
                self.show_history = not self.show_history
            self._tick_scepter()
            self._update_table(pressed, pointer)
        self.timeline.update()
        seat_choice = self.waiting_for_you and self._deciding in SEAT_CHOICES
        if seat_choice and self.board.pick not in self._pick_seats():
            self.board.pick = self._first_pick()  # highlighted first, for LEFT/RIGHT and RETURN
        if self.scene == "table":
            self._jump_window += self.timeline.idle and self._jump_in_card() is not None
            self.board.prompt = self._prompt_now()
            self.board.playable = self._playable() if self.hints else None

    def _update_table(self, pressed: list[str], pointer: Pointer | None) -> None:
        table_keys = [key for key in pressed if key in TABLE_KEYS]
        if not self.timeline.idle:
            self._keep_or_refuse(table_keys)
        elif self.game.hand_over:
            self._end_hand()
        elif self.game.turn != HUMAN:
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
            self._wait_until = self.frame + WAIT_FRAMES
            self.board.prompt = narration.PROMPT_WAIT

    def _act(self, action: str, seat: int | None = None) -> None:
        """Send an action to the engine, save the match, and stage what follows."""
        events = self.game.act(action, seat=seat)
        self.moves += 1
        self._acted(self)
        self._stage(events)

    def _your_act(self, action: str) -> None:
        """Your action: while it plays out, the prompt says nothing (never the
        instruction you just followed); your turn goes on or is over. A play
        that leaves you one card calls UNO if you pressed U. Raises
        IllegalAction, changing nothing, if the rules refuse it."""
        if self._uno_ready and action.startswith("play ") and len(self.game.hands[HUMAN]) == 2:
            action += " uno"
        self._act(action)
        self._uno_ready = False
        self.board.pick = None
        self.board.prompt = ""
        self._yours = self.game.turn == HUMAN and not self.game.hand_over

    def _your_try(self, action: str) -> bool:
        """``_your_act``, or a buzz and the rules' reason when they refuse it
        (a house rule's, say). True when the engine took it."""
        try:
            self._your_act(action)
        except IllegalAction as error:
            self.audio.play("buzz")
            self.say(narration.refused(str(error)))
            return False
        return True

    def _computer_turn(self) -> None:
        if self.computers.holding and self.game.exposed != self.game.turn:
            return  # the short moment after a missed call, before the next player starts
        if self._jump_in_card() is not None and self._jump_window < JUMP_IN_FRAMES:
            return  # your moment to jump in, before the next player starts
        decided = self.computers.take_action()
        if decided is None:
            return
        action, failure = decided
        seat = self.game.turn
        if failure is not None:
            self.notice(f"error {self._name(seat)} could not decide ({failure!r}); it plays {action!r}")
        try:
            self._act(action)
        except IllegalAction as error:
            # A computer player's mistake must never stop your game: it is
            # reported, and the computer takes its last legal action instead.
            fallback = last_action_in_turn(self.game.legal())
            self.notice(f"error {self._name(seat)} chose {action!r}, refused ({error}); it plays {fallback!r}")
            self._act(fallback)

    # ----- UNO: calls and catches ----------------------------------------------------

    def _watch_uno(self, idle: bool) -> None:
        """A computer catches a player who forgot UNO, or calls it late, or
        jumps in (house rule)."""
        reaction = self.computers.watch(self.game, idle, self.moves)
        if reaction is not None:
            seat, action = reaction
            self._act(action, seat=seat)
            self.computers.forget()

    def _uno_key(self) -> None:
        """U: catch a player who forgot UNO, call your own late, or get
        ready to call it with your next play."""
        game = self.game
        exposed = game.exposed
        if exposed is not None and not game.hand_over:
            self._act("uno" if exposed == HUMAN else "catch", seat=HUMAN)
            self.computers.forget()
        elif game.turn == HUMAN and len(game.hands[HUMAN]) == 2 and not game.hand_over and self._deciding is None:
            self._uno_ready = True
            self.say(narration.UNO_READY)
        elif game.rules.uno_calls:
            self.say(narration.UNO_NOT_NOW)

    def _playable(self) -> frozenset[str] | None:
        """HINTS: the cards of your hand the rules let you play now, while the
        table waits for your card (not while a choice or a colour is asked)."""
        if not self.waiting_for_you or self.naming_colour or self._deciding is not None:
            return None
        game = self.game
        if game.pending is not None and game.pending.kind != "stack":
            return None
        return frozenset(action.split()[1] for action in game.legal() if action.startswith("play "))

    def _prompt_now(self) -> str:
        """The prompt line, derived each frame from the table as it is on
        screen (never from a moment that has gone): what you may do while the
        table waits for you, whose turn the table shows, "wait" for a moment
        after a key refused out of turn; over these, while a missed UNO call
        shows (and may still be caught), U catches or calls late, and while
        the table is still and you hold a card identical to the top card, J
        jumps in."""
        game, board = self.game, self.board
        if self.waiting_for_you:
            prompt = self._table_prompt()
        elif board.turn is not None and board.turn != HUMAN and not game.hand_over:
            prompt = narration.computer_turn_prompt(board.turn, self.players)
        else:
            prompt = ""
        if game.hand_over:
            return prompt
        if self.frame < self._wait_until and not self.waiting_for_you:
            return narration.PROMPT_WAIT
        exposed = board.exposed
        if exposed is not None and exposed == game.exposed:
            if exposed == HUMAN:
                return narration.PROMPT_LATE_UNO
            return narration.PROMPT_CATCH.format(name=narration.who(exposed, self.players))
        jump = self._jump_in_card() if self.timeline.idle else None
        if jump is not None and exposed is None:
            return narration.jump_in_prompt(jump)
        return prompt

    # ----- Royal Revenge: the scepter's timer -------------------------------------------

    def _tick_scepter(self) -> None:
        """About a minute of play, then the fanfare at the start of a turn."""
        scepter = self.scepter
        if scepter is None or self.game.hand_over:
            return
        scepter.tick()
        self.board.scepter = scepter.progress
        if scepter.due and self.game.accepts_fanfare and self.timeline.idle and not self.computers.holding:
            scepter.restart()
            self._clear_turn()
            self._act("fanfare")

    # ----- your turn: keys -------------------------------------------------------------

    def _table_prompt(self) -> str:
        deciding = self._deciding
        pending = self.game.pending
        if deciding == "challenge" and self._wild is None:
            stack = len(self._challenge_choices()) == 3
            return narration.challenge_prompt(pending.colour, stack)
        if deciding in SEAT_CHOICES:
            return narration.pick_prompt(deciding, self._pick_seats())
        if pending is not None and pending.kind == "stack":
            return narration.stack_prompt(pending.penalty)
        if self.game.choosing_colour:
            if self.game.rules.royal:
                return narration.PROMPT_KING_COLOUR
            return narration.PROMPT_ROW_STARTER_COLOUR if self._row_picker else narration.PROMPT_STARTER_COLOUR
        if self._wild is not None:
            return narration.PROMPT_ROW_COLOUR if self._row_picker else narration.PROMPT_COLOUR
        if self.board.drawn is not None:
            return narration.drawn_prompt(self.board.drawn, forced="pass" not in self.game.legal())
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
        deciding = self._deciding
        if deciding == "challenge" and self._wild is None:
            return self._challenge_key(key)
        if deciding in SEAT_CHOICES:
            return self._pick_key(key)
        if self.naming_colour:
            if self._row_picker and key in ("LEFT", "RIGHT"):
                self._move_colour(-1 if key == "LEFT" else 1)
                return False
            if self._row_picker and key == "BACK" and self._wild is not None:
                self._wild = None  # back to your hand: choose another card
                return False
            if self._colour_key(key):
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
            self._move_colour(1 if key == "DOWN" else -1)
        elif key in keys.COLOUR_KEYS or key == "RETURN":
            self._name_colour(key if key in keys.COLOUR_KEYS else COLOURS[self.colour_cursor])
            return True
        return False

    def _move_colour(self, step: int) -> None:
        self.colour_cursor = (self.colour_cursor + step) % len(COLOURS)

    @property
    def _row_picker(self) -> bool:
        """Standard UNO and Royal Revenge: LEFT/RIGHT move along the row of
        colours while it is open, and BACKSPACE goes back to your hand. The
        1991 game keeps its keys: UP/DOWN move over the colours, LEFT/RIGHT
        choose another card."""
        return self.game.rules.name != "1991"

    def _challenge_key(self, key: str) -> bool:
        """C challenges, A accepts (and, stacking, S stacks a Wild Draw Four
        of yours); LEFT/RIGHT and RETURN choose between them."""
        choices = self._challenge_choices()
        if key in ("LEFT", "RIGHT"):
            self.choice_cursor = (self.choice_cursor + (1 if key == "RIGHT" else -1)) % len(choices)
        elif key in ("C", "A", "S", "RETURN"):
            letters = {"C": "challenge", "A": "accept", "S": "stack"}
            choice = letters.get(key, choices[min(self.choice_cursor, len(choices) - 1)])
            if choice in choices:
                return self._answer_challenge(choice)
        return False

    def _challenge_choices(self) -> tuple[str, ...]:
        """CHALLENGE and ACCEPT, and STACK when you may stack a Wild Draw Four."""
        stack = any(action.startswith("play W+4") for action in self.game.legal())
        return CHALLENGE_CHOICES if stack else CHALLENGE_CHOICES[:2]

    def _answer_challenge(self, choice: str) -> bool:
        if choice == "stack":
            self._wild = "W+4"  # its colour is asked next, then it is played on the stack
            self.choice_cursor = 0
            return False
        pending = self.game.pending
        self.director.challenged = (pending.by, pending.colour)
        return self._your_try(choice)

    def _pick_key(self, key: str) -> bool:
        """As King: LEFT/RIGHT move over the seats you may name, RETURN names
        the one highlighted, a number key names that seat directly."""
        seats = self._pick_seats()
        current = self.board.pick if self.board.pick in seats else seats[0]
        if key in ("LEFT", "RIGHT"):
            self.board.pick = seats[(seats.index(current) + (-1 if key == "LEFT" else 1)) % len(seats)]
        elif key == "RETURN":
            return self._pick(current)
        elif key in keys.DIGIT_KEYS and int(key) in seats:
            return self._pick(int(key))
        return False

    def _pick_seats(self) -> list[int]:
        """The seats you may name now (from the engine's legal actions)."""
        return [int(action.split()[1]) for action in self.game.legal() if action.split()[0] in SEAT_CHOICES]

    def _first_pick(self) -> int:
        """The seat highlighted first: never yourself while another may be
        named, the opponent with the fewest cards (the nearest to going out;
        the first of them round the table)."""
        seats = self._pick_seats()
        others = [seat for seat in seats if seat != HUMAN] or seats
        return min(others, key=lambda seat: (len(self.game.hands[seat]), seats.index(seat)))

    def _pick(self, seat: int) -> bool:
        return self._your_try(f"{self._deciding} {seat}")

    def _move_arrow(self, step: int) -> None:
        """The arrow stays on a card you picked up until you play it or pass."""
        self._wild = None
        if self.board.drawn is None:
            self.board.move_selection(step)

    def _pick_up_or_pass(self) -> None:
        self._wild = None
        if self.board.drawn is not None and "pass" not in self.game.legal():
            self.audio.play("buzz")
            self.say(narration.drawn_must_play(self.board.drawn))  # forced play
            return
        self._your_try("pass" if self.board.drawn is not None else "draw")

    def _name_colour(self, letter: str) -> None:
        if self.game.choosing_colour:
            self._your_try(f"colour {letter}")
        else:
            wild, self._wild = self._wild, None
            self._your_try(f"play {wild} {letter}")

    # ----- jumping in (house rule) -----------------------------------------------------------

    def _jump_in_card(self) -> str | None:
        """A card of yours identical to the top card, while you may jump in with it."""
        game = self.game
        if game.turn == HUMAN or game.hand_over or self.scene != "table" or "jump_in" not in game.house:
            return None
        plays = [action for action in game.legal(HUMAN) if action.startswith("play ")]
        if (game.top, len(game.discard)) != self._jump_top:
            self._jump_top, self._jump_window = (game.top, len(game.discard)), 0  # a new chance
        return plays[0].split()[1] if plays else None

    def _jump_in(self) -> None:
        """J: play your identical card out of turn; play goes on from you."""
        code = self._jump_in_card()
        if code is None:
            if self.game.house and "jump_in" in self.game.house:
                self.say(narration.NO_JUMP_IN)
            return
        self._act(f"play {code}", seat=HUMAN)
        self.computers.forget()
        self.board.prompt = ""

    def _choose_card(self) -> bool:
        """RETURN on a card: play it, ask for a wild's colour, or refuse it with
        a buzz. A Wild Draw Four is never refused: the engine penalises an
        illegal one (1991) or it may be challenged (standard). In Royal
        Revenge a Wild names no colour: the King does. Returns True when an
        action was sent."""
        code = self.board.drawn or self.board.selected_card()
        if code is None:
            return False
        if Card(code).is_wild and not self.game.rules.royal and self._may_play(code):
            self._wild = code  # the prompt asks for its colour from the next update
            return False
        try:
            if Card(code).is_wild and not self._may_play(code):
                raise IllegalAction(code)
            self._your_act(f"play {code}")
        except IllegalAction:
            self.audio.play("buzz")
            self.director.say(self._refusal(code))
            return False
        return True

    def _may_play(self, code: str) -> bool:
        """The engine lists a play of ``code`` now (a Wild Draw Four of the
        1991 rules is always tried: the engine penalises an illegal one)."""
        game = self.game
        if code == "W+4" and game.rules.name == "1991":
            return True
        return any(action.split()[:2] == ["play", code] for action in game.legal())

    def _refusal(self, code: str) -> str:
        """The true reason a card of yours is refused, in the game's words:
        a stack takes only its own kind, NO BLUFFING keeps a Wild Draw Four
        while you hold the colour, else the card matches neither colour nor
        symbol."""
        game = self.game
        pending = game.pending
        if pending is not None and pending.kind in ("stack", "challenge"):
            return narration.stack_refusal(code, game.top)
        if code == "W+4" and "no_bluffing" in game.house:
            return narration.no_bluffing_refusal(game.colour)
        return narration.refusal(code, game.top, game.colour)

    # ----- your turn: the mouse ---------------------------------------------------------

    def _your_mouse(self, pointer: Pointer) -> None:
        """Click a card to play it, the draw pile to pick up (or, after picking
        up, to pass), a colour to name it, a button or a seat to choose. The
        arrow follows the mouse over your hand, and the wheel moves it too."""
        board = self.board
        if self._deciding is not None and not self.naming_colour:
            self._decide_by_mouse(pointer)
            return
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

    def _decide_by_mouse(self, pointer: Pointer) -> None:
        if self._deciding == "challenge":
            choices = self._challenge_choices()
            index = table.choice_at(pointer.x, pointer.y, CHALLENGE_LABELS[: len(choices)])
            if index is not None and (pointer.moved or pointer.clicked):
                self.choice_cursor = index
            if index is not None and pointer.clicked:
                self._answer_challenge(choices[index])
            return
        for seat in self._pick_seats():
            if self.players > 2 and pointer.inside(panel_of(seat, self.players)[1:]):
                if pointer.moved or pointer.clicked:
                    self.board.pick = seat
                if pointer.clicked:
                    self._pick(seat)
                return

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
        and the choices only while the game waits for you."""
        waiting = self.waiting_for_you and not paused
        deciding = self._deciding if waiting else None
        arrow = waiting and not self.game.choosing_colour and deciding is None
        colours = waiting and self.naming_colour and (deciding is None or self._wild is not None)
        self.board.row_busy = colours or (deciding == "challenge" and self._wild is None)
        table.draw_table(self.board, self.frame if arrow else None, self.frame)
        if colours:
            table.draw_colour_choice(self.colour_cursor, self.frame)
        if deciding == "challenge" and self._wild is None:
            labels = CHALLENGE_LABELS[: len(self._challenge_choices())]
            table.draw_choices(labels, self.choice_cursor, self.frame)
            table.draw_colour_before(self.game.pending.colour)
        if self.show_history and self.scene == "table":
            table.draw_history(self.board.history)
        if self.scene == "hand_result":
            results.draw_hand_result(self.result)
        elif self.scene == "match_result":
            results.draw_match_result(self.game.match_winner, self.result.scores, self.title_art)
