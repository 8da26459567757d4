"""Where a person's key, button or click becomes an action.

The table's keys and mouse while the game waits for the person in front of
the screen: playing a card, picking up or passing, naming a colour,
challenging, the King's picks, and the keys out of turn (U calls UNO or
catches, J jumps in). Each becomes an action text sent to the engine through
``Match.act``; nothing here changes the game any other way. ``Match``
holds one ``PersonTurn`` (``match.py``), which reads the table through
``PersonTable``: what it needs of it, and nothing more.
"""

from __future__ import annotations

from typing import Protocol

from game.rules import IllegalAction
from game.rules.cards import COLOURS, Card
from game.rules.common import WildDrawFour
from game.rules.house import illegal_wild_draw_four, plays_out_of_turn
from game.ui.device import keys
from game.ui.device.audio import Audio
from game.ui.device.keys import Pointer
from game.ui.seats.computers import Computers
from game.ui.seats.kinds import Seating
from game.ui.table import narration, tabletop
from game.ui.table.animation import Step, Timeline
from game.ui.table.board import Board
from game.ui.table.choreography import Choreographer
from game.ui.table.seat_layout import panel_of
from game.ui.table.source import TableGame

# The keys of your turn. Pressed while your own move is still moving on the
# table, they are kept (a few) and taken the moment it lands; pressed while
# it is not your turn, they are refused with a prompt that says so.
TABLE_KEYS = ("LEFT", "RIGHT", "UP", "DOWN", "RETURN", "P", "BACK", *keys.COLOUR_KEYS, "C", "A", "S", *keys.DIGIT_KEYS)
MAX_KEPT_KEYS = 3
WAIT_FRAMES = 45  # the prompt says "wait" for a moment after a key refused out of turn
LATE_CALL_FRAMES = 30  # several people: a late UNO call stays on the table a second before the curtain
CHALLENGE_CHOICES = ("challenge", "accept", "stack")
CHALLENGE_LABELS = ("C CHALLENGE", "A ACCEPT", "S STACK +4")
SEAT_CHOICES = ("jester", "target", "swap")  # choices answered by naming a seat
DECISIONS = ("challenge", *SEAT_CHOICES)


class PersonTable(Protocol):
    """What a person's turn reads of the table (``Match``), and the one way
    it changes the game: ``act``."""

    audio: Audio
    director: Choreographer
    timeline: Timeline
    computers: Computers
    seating: Seating
    players: int
    viewer: int  # the seat the table is seen from (place 0)
    in_front: int | None  # the person in front of the screen (None: behind the curtain)
    frame: int
    scene: str
    fanfare_showing: bool

    @property
    def in_front_turn(self) -> bool: ...
    @property
    def waiting_for_you(self) -> bool: ...

    def act(self, action: str, seat: int | None = None) -> None: ...
    def place(self, seat: int) -> int: ...
    def seat(self, place: int) -> int: ...


class PersonTurn:
    """The keys and mouse of a person at this machine, and what they hold
    between frames: a wild waiting for its colour, the highlighted colour
    and choice, the keys kept while their move moves."""

    def __init__(self, table: PersonTable, game: TableGame, board: Board) -> None:
        self.table = table
        self.game = game
        self.board = board
        self.clear()

    def clear(self) -> None:
        """Forget what was known of a turn in progress (a new hand, a curtain
        opened, a continued match shown as it stands)."""
        self.wild: str | None = None  # a wild of yours waiting for its colour
        self.colour_cursor = 0  # the colour highlighted for UP/DOWN and RETURN
        self.choice_cursor = 0  # CHALLENGE or ACCEPT highlighted
        self.yours = False  # the table has shown your turn, and it goes on
        self.kept_keys: list[str] = []  # keys pressed while your move moves, to take when it lands
        self._uno_ready = False  # U pressed: your next play that leaves one card calls UNO
        self.board.pick = None
        self.wait_until = 0  # the frame until which the prompt says to wait (a key refused out of turn)
        self.wait_prompt = narration.PROMPT_WAIT  # and why
        self.jump_window = 0  # still frames you have had to jump in since the top card changed
        self._jump_top: tuple[str, int] | None = None

    @property
    def deciding(self) -> str | None:
        """The choice you must make before play goes on: ``challenge``, or a
        seat to name (``jester``, ``target``, ``swap``). A colour and a stack
        are answered with your cards and keys as usual."""
        pending = self.game.pending
        return pending.kind if pending is not None and pending.kind in DECISIONS else None

    @property
    def naming_colour(self) -> bool:
        """True while you must name a colour: for your wild, a Wild turned
        up, or (as King in Royal Revenge) any Wild."""
        return self.game.choosing_colour or self.wild is not None

    def playable(self) -> frozenset[str] | None:
        """HINTS: the cards of your hand the rules let you play now, while the
        table waits for your card (not while a choice or a colour is asked)."""
        if not self.table.waiting_for_you or self.naming_colour or self.deciding is not None:
            return None
        game = self.game
        if game.pending is not None and game.pending.kind != "stack":
            return None
        return frozenset(action.split()[1] for action in game.legal() if action.startswith("play "))

    def _tell(self, text: str, seat: int | None = None) -> None:
        """A line for one person (``seat``; None: the person in front): the
        refusal of their card, a key that does nothing now. At a screen shared
        by several people the message bar shows it at once, but H keeps it
        for that person alone: the next person never reads another's
        refusals ("You can't play the green 2: match YELLOW or 5")."""
        person = self.table.in_front if seat is None else seat
        self.table.director.say(text, to=person if self.table.seating.several else None)

    def keep_or_refuse(self, table_keys: list[str]) -> None:
        """Keys pressed while the table moves: kept while it is still your
        turn (your own move moving), else refused on the prompt line."""
        if not table_keys:
            return
        if self.yours and self.table.in_front_turn:
            self.kept_keys = (self.kept_keys + table_keys)[:MAX_KEPT_KEYS]
        else:
            self.kept_keys = []
            self.wait_until = self.table.frame + WAIT_FRAMES
            self.wait_prompt = self._why_wait()
            self.board.prompt = self.wait_prompt

    def _why_wait(self) -> str:
        """Why a key is refused: not your turn, as 1991 said it; or, where
        that is not the reason, the fanfare that took the turn, or a new hand
        being dealt face down before anybody's curtain (several people)."""
        if self.table.fanfare_showing:
            return narration.PROMPT_FANFARE_WAIT
        if self.table.seating.several and self.table.in_front is None:
            return narration.PROMPT_DEALING_WAIT
        return narration.PROMPT_WAIT

    def _your_act(self, action: str) -> None:
        """Your action: while it plays out, the prompt says nothing (never the
        instruction you just followed); your turn goes on or is over. A play
        that leaves you one card calls UNO if you pressed U. Raises
        IllegalAction, changing nothing, if the rules refuse it."""
        if self._uno_ready and action.startswith("play ") and len(self.game.hands[self.table.viewer]) == 2:
            action += " uno"
        self.table.act(action)
        self._uno_ready = False
        self.board.pick = None
        self.board.prompt = ""
        self.yours = self.table.in_front_turn

    def _your_try(self, action: str) -> bool:
        """``_your_act``, or a buzz and the rules' reason when they refuse it
        (a house rule's, say). True when the engine took it."""
        try:
            self._your_act(action)
        except IllegalAction as error:
            self.table.audio.play("buzz")
            self._tell(narration.refused(str(error)))
            return False
        return True

    def uno_key(self, seat: int | None) -> None:
        """U (or a pad's Y) for a person's seat: catch a player who forgot
        UNO, call their own late, or, in their turn in front of the screen,
        get ready to call it with their next play."""
        game = self.game
        exposed = game.exposed
        if seat is None:
            return
        if exposed is not None and not game.hand_over:
            self.table.act("uno" if exposed == seat else "catch", seat=seat)
            self.table.computers.forget()
            if exposed == seat and self.table.seating.several:
                self.table.timeline.add(Step(LATE_CALL_FRAMES))  # the caller sees the call taken before the curtain
        elif (
            self.table.in_front_turn
            and seat == self.table.viewer
            and len(game.hands[seat]) == 2
            and self.deciding is None
        ):
            self._uno_ready = True
            self._tell(narration.UNO_READY, seat)
        elif game.rules.uno_calls:
            self._tell(narration.UNO_NOT_NOW, seat)

    def catch_for_next(self) -> None:
        """K, at one keyboard with several people: the next person round the
        table after the player who forgot UNO (the way play goes) catches them."""
        exposed = self.game.exposed
        if exposed is None or self.game.hand_over:
            return
        catcher = self.next_person(exposed)
        if catcher is not None:
            self.table.act("catch", seat=catcher)
            self.table.computers.forget()

    def next_person(self, seat: int) -> int | None:
        """The next person round the table after ``seat`` (not that seat),
        the way play goes now: the one K catches for."""
        for step in range(1, self.table.players):
            other = (seat + step * self.game.direction) % self.table.players
            if self.table.seating.is_person(other):
                return other
        return None

    # ----- your turn: keys -------------------------------------------------------------

    def table_prompt(self) -> str:
        deciding = self.deciding
        pending = self.game.pending
        if deciding == "challenge" and self.wild is None:
            assert pending is not None and pending.colour is not None  # (a challenge names the colour before)
            stack = len(self.challenge_choices()) == 3
            return narration.challenge_prompt(pending.colour, stack)
        if deciding in SEAT_CHOICES:
            return narration.pick_prompt(deciding, sorted(map(self.table.seat, self.pick_places())), self.table.viewer)
        if pending is not None and pending.kind == "stack":
            return narration.stack_prompt(pending.penalty)
        if self.game.choosing_colour:
            if not self.game.rules.wilds_name_colour:  # the King names every Wild's colour
                return narration.PROMPT_KING_COLOUR
            return narration.PROMPT_STARTER_COLOUR
        if self.wild is not None:
            return narration.PROMPT_COLOUR
        if self.board.drawn is not None:
            return narration.drawn_prompt(self.board.drawn, forced="pass" not in self.game.legal())
        return narration.PROMPT_PLAY

    def take_turn(self, table_keys: list[str], pointer: Pointer | None) -> None:
        """The table waits for the person in front: the keys kept while their
        move moved and the keys pressed now, else the mouse."""
        self.yours = True
        waiting, self.kept_keys = self.kept_keys + table_keys, []
        if not self._your_keys(waiting) and pointer is not None:
            self._your_mouse(pointer)

    def _your_keys(self, names: list[str]) -> bool:
        """Handle the keys of your turn, in order; at most one action a frame
        (the keys after it wait for it to land, if your turn goes on). True
        when a key was taken (so the mouse waits for the next frame)."""
        for index, key in enumerate(names):
            if self._your_key(key):
                self.kept_keys = names[index + 1 :] if self.yours else []
                return True
        return bool(names)

    def _your_key(self, key: str) -> bool:
        """One key of your turn; True when it sent an action."""
        deciding = self.deciding
        if deciding == "challenge" and self.wild is None:
            return self._challenge_key(key)
        if deciding in SEAT_CHOICES:
            return self._pick_key(key)
        if self.naming_colour:
            if key in ("LEFT", "RIGHT"):  # along the row of colours, as it is drawn
                self._move_colour(-1 if key == "LEFT" else 1)
                return False
            if key == "BACK" and self.wild is not None:
                self.wild = None  # back to your hand: choose another card
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
        """R, G, Y or B names a colour (the 1991 program's keys); UP/DOWN move
        the highlight over the colours too (LEFT/RIGHT do, before this) and
        RETURN takes it. True once one is named."""
        if key in ("UP", "DOWN"):
            self._move_colour(1 if key == "DOWN" else -1)
        elif key in keys.COLOUR_KEYS or key == "RETURN":
            self._name_colour(key if key in keys.COLOUR_KEYS else COLOURS[self.colour_cursor])
            return True
        return False

    def _move_colour(self, step: int) -> None:
        self.colour_cursor = (self.colour_cursor + step) % len(COLOURS)

    def _challenge_key(self, key: str) -> bool:
        """C challenges, A accepts (and, stacking, S stacks a Wild Draw Four
        of yours); LEFT/RIGHT and RETURN choose between them."""
        choices = self.challenge_choices()
        if key in ("LEFT", "RIGHT"):
            self.choice_cursor = (self.choice_cursor + (1 if key == "RIGHT" else -1)) % len(choices)
        elif key in ("C", "A", "S", "RETURN"):
            letters = {"C": "challenge", "A": "accept", "S": "stack"}
            choice = letters.get(key, choices[min(self.choice_cursor, len(choices) - 1)])
            if choice in choices:
                return self._answer_challenge(choice)
        return False

    def challenge_choices(self) -> tuple[str, ...]:
        """CHALLENGE and ACCEPT, and STACK when you may stack a Wild Draw Four."""
        stack = any(action.startswith("play W+4") for action in self.game.legal())
        return CHALLENGE_CHOICES if stack else CHALLENGE_CHOICES[:2]

    def _answer_challenge(self, choice: str) -> bool:
        if choice == "stack":
            self.wild = "W+4"  # its colour is asked next, then it is played on the stack
            self.choice_cursor = 0
            return False
        pending = self.game.pending
        assert pending is not None and pending.colour is not None  # (a challenge names the colour before)
        self.table.director.challenged = (self.table.place(pending.by), pending.colour)
        return self._your_try(choice)

    def _pick_key(self, key: str) -> bool:
        """As King: LEFT/RIGHT move over the seats you may name, RETURN names
        the one highlighted, a number key names that seat directly: the
        seat's own number, as its panel shows it while you choose (the same
        for every person, whoever is in front)."""
        seats = self.pick_places()
        current = self.board.pick if self.board.pick in seats else seats[0]
        if key in ("LEFT", "RIGHT"):
            self.board.pick = seats[(seats.index(current) + (-1 if key == "LEFT" else 1)) % len(seats)]
        elif key == "RETURN":
            return self._pick(current)
        elif key in keys.DIGIT_KEYS and int(key) < self.table.players and self.table.place(int(key)) in seats:
            return self._pick(self.table.place(int(key)))
        return False

    def pick_places(self) -> list[int]:
        """The seats you may name now (from the engine's legal actions), as
        places round the table seen from you (0: you)."""
        seats = [int(action.split()[1]) for action in self.game.legal() if action.split()[0] in SEAT_CHOICES]
        return sorted(self.table.place(seat) for seat in seats)

    def first_pick(self) -> int:
        """The place highlighted first: never yourself while another may be
        named, the opponent with the fewest cards (the nearest to going out;
        the first of them round the table)."""
        places = self.pick_places()
        others = [place for place in places if place != 0] or places
        return min(others, key=lambda place: (len(self.game.hands[self.table.seat(place)]), places.index(place)))

    def _pick(self, place: int) -> bool:
        return self._your_try(f"{self.deciding} {self.table.seat(place)}")

    def _move_arrow(self, step: int) -> None:
        """The arrow stays on a card you picked up until you play it or pass."""
        self.wild = None
        if self.board.drawn is None:
            self.board.move_selection(step)

    def _pick_up_or_pass(self) -> None:
        self.wild = None
        if self.board.drawn is not None and "pass" not in self.game.legal():
            self.table.audio.play("buzz")
            self._tell(narration.drawn_must_play(self.board.drawn))  # forced play
            return
        self._your_try("pass" if self.board.drawn is not None else "draw")

    def _name_colour(self, letter: str) -> None:
        if self.game.choosing_colour:
            self._your_try(f"colour {letter}")
        else:
            wild, self.wild = self.wild, None
            self._your_try(f"play {wild} {letter}")

    # ----- jumping in (house rule) -----------------------------------------------------------

    def jump_in_card(self, seat: int | None = None) -> str | None:
        """A card of a person's (yours: the person in front) identical to the
        top card, while they may jump in with it."""
        game = self.game
        seat = self.table.in_front if seat is None else seat
        if (
            seat is None
            or game.turn == seat
            or game.hand_over
            or self.table.scene != "table"
            or not plays_out_of_turn(game.house)
        ):
            return None
        plays = [action for action in game.legal(seat) if action.startswith("play ")]
        if (game.top, len(game.discard)) != self._jump_top:
            self._jump_top, self.jump_window = (game.top, len(game.discard)), 0  # a new chance
        return plays[0].split()[1] if plays else None

    def jump_in(self, seat: int | None) -> None:
        """J (or a pad's right shoulder): a person plays their identical card
        out of turn; play goes on from them."""
        code = self.jump_in_card(seat)
        if code is None:
            if plays_out_of_turn(self.game.house):
                self._tell(narration.NO_JUMP_IN, seat)
            return
        self.table.act(f"play {code}", seat=seat)
        self.table.computers.forget()
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
        if Card(code).is_wild and self.game.rules.wilds_name_colour and self._may_play(code):
            self.wild = code  # the prompt asks for its colour from the next update
            return False
        try:
            if Card(code).is_wild and not self._may_play(code):
                raise IllegalAction(code)
            self._your_act(f"play {code}")
        except IllegalAction:
            self.table.audio.play("buzz")
            self._tell(self._refusal(code))
            return False
        return True

    def _may_play(self, code: str) -> bool:
        """The engine lists a play of ``code`` now (a Wild Draw Four of the
        1991 rules is always tried: the engine penalises an illegal one)."""
        game = self.game
        if code == "W+4" and not game.rules.challenge:
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
        colour = game.colour
        assert colour is not None  # (your turn: the colour in play has been named)
        if code == "W+4" and illegal_wild_draw_four(game.rules, game.house) is WildDrawFour.REFUSED:
            return narration.no_bluffing_refusal(colour)
        return narration.refusal(code, game.top, colour)

    # ----- your turn: the mouse ---------------------------------------------------------

    def _your_mouse(self, pointer: Pointer) -> None:
        """Click a card to play it, the draw pile to pick up (or, after picking
        up, to pass), a colour to name it, a button or a seat to choose. The
        arrow follows the mouse over your hand, and the wheel moves it too."""
        board = self.board
        if self.deciding is not None and not self.naming_colour:
            self._decide_by_mouse(pointer)
            return
        if self.naming_colour and pointer.clicked:
            letter = tabletop.colour_at(pointer.x, pointer.y)
            if letter is not None:
                self._name_colour(letter)
                return
        if self.game.choosing_colour:
            return
        index = tabletop.hand_card_at(board, pointer.x, pointer.y)
        if pointer.clicked:
            if tabletop.draw_pile_hit(pointer.x, pointer.y):
                self._pick_up_or_pass()
            elif index is not None:
                self._click_card(index)
        elif pointer.moved and index is not None and board.drawn is None and self.wild is None:
            board.selected = index
        elif pointer.wheel:
            self._move_arrow(-1 if pointer.wheel > 0 else 1)

    def _decide_by_mouse(self, pointer: Pointer) -> None:
        if self.deciding == "challenge":
            choices = self.challenge_choices()
            index = tabletop.choice_at(pointer.x, pointer.y, CHALLENGE_LABELS[: len(choices)])
            if index is not None and (pointer.moved or pointer.clicked):
                self.choice_cursor = index
            if index is not None and pointer.clicked:
                self._answer_challenge(choices[index])
            return
        for seat in self.pick_places():
            if self.table.players > 2 and pointer.inside(panel_of(seat, self.table.players)[1:]):
                if pointer.moved or pointer.clicked:
                    self.board.pick = seat
                if pointer.clicked:
                    self._pick(seat)
                return

    def _click_card(self, index: int) -> None:
        board = self.board
        if board.drawn is not None and board.hand[index] != board.drawn:
            self.table.audio.play("buzz")
            self._tell(narration.drawn_only(board.drawn))
            return
        self.wild = None
        board.selected = index
        self._choose_card()
