"""From the engine's events to animation steps on the table.

Each event becomes one or more timed steps: a card flying from a hand to the
discard pile, one card at a time from the draw pile to a hand, a line in the
message bar that stays long enough to read, a sound. Only the steps change
the board, so the table shows the game exactly as far as it has been told.
Times are in frames (30 a second in a window): about half a second for each
action of the computer, as a person can follow.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from game.online.remote import HIDDEN
from game.rules.cards import Card
from game.rules.events import BY_CHOICE, DRAW_FOUR, DRAW_TWO, Event
from game.ui.device.audio import Audio
from game.ui.layout import DISCARD_POS, DRAW_PILE_POS, your_card_pos
from game.ui.seats.kinds import HUMAN, Seating
from game.ui.table import narration
from game.ui.table.animation import Step, Timeline
from game.ui.table.batch_hands import drawn_to_you, hands_after, seat_counts_after
from game.ui.table.board import HISTORY_KEPT, Board, Flight, Said, hand_order
from game.ui.table.seat_layout import crown_pos, seat_card_pos

DEAL_FRAMES = 3  # per card dealt
PLAY_FRAMES = 9  # a card flying from a hand to the pile
SETTLE_FRAMES = 7  # the played card rests on the pile with its message
DRAW_FRAMES = 6  # per card drawn
NEWS_FRAMES = 14  # a message without a moving card
PENALTY_FRAMES = 40  # time to read why four cards come
HAND_END_FRAMES = 40
REVEAL_FRAMES = 75  # the hand you challenged, shown for a moment
CROWN_FRAMES = 30  # the crown passing to the new King
# At a table of more than two, when a second thing (and more) happens to you
# before your turn comes (skipped, made to draw, hands swapped), the table
# pauses this much longer on it, so that a chain can be followed.
CHAIN_FRAMES = 20


class Choreographer:
    """Turns events into steps on a timeline, sounds on ``audio`` and lines
    for ``notice`` (what a player would notice, for headless runs)."""

    def __init__(
        self,
        timeline: Timeline,
        audio: Audio,
        notice: Callable[[str], None],
        deck_size: int,
        players: int = 2,
        tally: bool = False,
        seating: Seating | None = None,
    ) -> None:
        self.timeline = timeline
        self.board: Board = timeline.board
        self.audio = audio
        self.notice = notice
        self.deck_size = deck_size
        self.players = players
        # Who sits where, seen from the person in front of the screen: the
        # events staged are in places round the table, place 0 at the bottom.
        self.seating = seating if seating is not None else Seating.solo(players)
        self.tally = tally  # the lowest total wins: nobody scores the hand
        self._reshuffle_to: int | None = None
        self._you_pass = False  # the events being staged end your turn with a pass
        # The pip says the table waits for you; at an online table whose
        # computer plays your seat while you are away, it does not.
        self.pip_for_you = True
        self._to_you = 0  # things that happened to you since your last turn
        # The seat whose Wild Draw Four you challenge and the colour in play
        # before it (set by the table as you challenge), to name the hand shown.
        self.challenged: tuple[int, str] | None = None

    def say(self, text: str, to: int | None = None) -> None:
        """Put a line on the news line of the message bar (and in its history,
        for H); ``to``: the seat of the one person it is said to, at a screen
        shared by several (the others' H never shows it)."""
        board = self.board
        board.news = text
        said = Said(text, to)
        if text and (not board.history or board.history[-1] != said):
            board.history = [*board.history, said][-HISTORY_KEPT:]
        self.notice(f"message {text}")

    def stage(
        self,
        events: list[Event],
        your_hand: list[str],
        scores: list[int] | None = None,
        counts: list[int] | None = None,
    ) -> None:
        """Queue the steps of ``events``; ``your_hand`` is your hand in the
        engine now (the cards dealt to you are its first cards), ``scores``
        the match's totals after them. The computers' cards are never
        needed: they show as backs, and a hand another seat challenged is
        not shown to you."""
        self._scores = scores
        # Your hand and the counts after each event, worked back from the
        # engine's now: a batch may hold more than one move (an online table
        # that fell behind, a rejoin), so that the deal shows the cards dealt,
        # not the cards left after the moves that followed it.
        hands = hands_after(events, your_hand, face_down=self.watched)
        counts_after = seat_counts_after(events, counts)
        ends_match = any(event.kind == "match_end" for event in events)
        # A card you pick up that cannot be played is passed at once: it is
        # never marked as the card to play (lifted, under the arrow).
        self._you_pass = any(event.kind == "pass" and event.seat == HUMAN for event in events)
        handlers = {
            "turn_up": self._turn_up,
            "return": self._return,
            "play": self._play,
            "colour": self._colour,
            "penalty": self._penalty,
            "draw": self._draw,
            "reshuffle": self._note_reshuffle,
            "pass": self._pass,
            "turn": self._turn,
            "match_end": self._match_end,
            "reverse": self._reverse,
            "uno": self._uno,
            "exposed": self._exposed,
            "catch": self._catch,
            "reveal": self._reveal,
            "king": self._king,
            "jester": self._jester,
            "fanfare": self._fanfare,
        }
        for index, event in enumerate(events):
            chained = self._happens_to_you(event)
            hand = hands[index]
            if event.kind == "deal":
                self._deal(event, your_hand[: event.count] if hand is None else hand)
            elif event.kind == "hand_end":
                self._hand_end(event, ends_match)
            elif event.kind in ("swap", "rotate"):
                self._hands_move(event, your_hand if hand is None else hand, counts_after[index])
            else:
                handlers.get(event.kind, self._news)(event)
            if chained:
                self._add(CHAIN_FRAMES)
        self._add(0, lambda: self._settle(your_hand, counts))

    @property
    def watched(self) -> bool:
        """Nobody at this machine sits at this table (a watcher's): the seat at
        the bottom is another's, its every card face down, and nothing happens to "you"."""
        return not self.seating.people

    def _happens_to_you(self, event: Event) -> bool:
        """Count what happens to you between your turns; True for the second
        and later of them, at a table of more than two (see CHAIN_FRAMES)."""
        if self.watched:
            return False
        if (event.kind == "turn" and event.seat == HUMAN) or event.kind == "deal":
            self._to_you = 0
            return False
        to_you = (
            (event.kind == "skip" and event.seat == HUMAN)
            or (event.kind == "draw" and event.seat == HUMAN and event.reason != BY_CHOICE)
            or (event.kind == "swap" and HUMAN in (event.seat, event.count))
            or event.kind == "rotate"
        )
        if not to_you:
            return False
        self._to_you += 1
        return self.players > 2 and self._to_you >= 2

    def _add(self, frames: int, begin=None, end=None) -> None:
        self.timeline.add(Step(frames, begin, end))

    def _news(self, event: Event) -> None:
        """An event shown only as a message (a skip, for one)."""
        text = self._words(event)
        if text is not None:

            def begin() -> None:
                if event.kind == "skip":
                    self._turn_is_over()
                self.say(text)

            self._add(NEWS_FRAMES, begin)

    def _turn_is_over(self) -> None:
        """A Skip or a Draw Two has taken effect, or a player passed: at a table of more than two
        the player who played it is no longer shown in turn (the next turn
        shows when it comes). At a table of two the same player plays again."""
        if self.players > 2:
            self.board.turn = None

    def _words(self, event: Event) -> str | None:
        return narration.news(event, self.seating)

    def _news_of(self, event: Event) -> str:
        """The news of an event of a kind that always has some (a play, a draw, a turn)."""
        words = self._words(event)
        assert words is not None, event
        return words

    def _say_news(self, event: Event) -> None:
        self.say(self._news_of(event))

    def _name(self, seat: int) -> str:
        """A seat as the notices name it: you, computer, computer 3, ann."""
        return self.seating.name(seat).lower()

    # ----- the deal and the first card ------------------------------------------

    def _deal(self, event: Event, your_cards: list[str]) -> None:
        def clear() -> None:
            board = self.board
            board.hand.clear()
            board.counts = [0] * self.players
            board.discard_count = board.selected = 0
            board.top = board.colour = board.drawn = board.turn = board.exposed = None
            board.direction = 1
            board.draw_count = self.deck_size
            self._say_news(event)

        self._add(0, clear)
        for code in your_cards:
            self._card_to_hand(HUMAN, code, DEAL_FRAMES, "deal")
            for seat in range(1, self.players):
                self._card_to_hand(seat, None, DEAL_FRAMES, "deal")
        self._add(0, self._arrow_home)

    def _arrow_home(self) -> None:
        self.board.selected = 0

    def _turn_up(self, event: Event) -> None:
        code = event.cards[0]

        def begin() -> Flight:
            self.board.draw_count -= 1
            self._say_news(event)
            self.notice(f"card turned up {code}")
            return Flight(code, DRAW_PILE_POS, DISCARD_POS, PLAY_FRAMES)

        self._add(PLAY_FRAMES, begin, lambda: self._land(code, Card(code).colour))
        self._add(SETTLE_FRAMES)

    def _return(self, event: Event) -> None:
        code = event.cards[0]

        def show() -> Flight:
            self._say_news(event)
            return Flight(code, DRAW_PILE_POS, DISCARD_POS, PLAY_FRAMES)

        self._add(PLAY_FRAMES, show)
        self._add(NEWS_FRAMES, lambda: Flight(code, DISCARD_POS, DISCARD_POS, 1))
        self._add(PLAY_FRAMES, lambda: Flight(code, DISCARD_POS, DRAW_PILE_POS, PLAY_FRAMES))

    # ----- turns -------------------------------------------------------------

    def _play(self, event: Event) -> None:
        seat, code = event.seat, event.cards[0]

        def begin() -> Flight:
            board = self.board
            if seat == HUMAN:
                held = code if code in board.hand else HIDDEN if HIDDEN in board.hand else None  # (face down: watched)
                if held is not None:
                    start = your_card_pos(len(board.hand), board.selected, board.hand.index(held))
                    board.remove_from_hand(held)
                else:  # from the middle of your row (the table is set straight at the end: ``_settle``)
                    start = your_card_pos(max(1, len(board.hand)), board.selected, board.selected)
                board.drawn = None
            else:
                start = seat_card_pos(seat, board.counts[seat], self.players)
                board.counts[seat] -= 1
            self.audio.play("play")
            self._say_news(event)
            you = self.seating.you(seat)
            self.notice(f"card {'you play' if you else self._name(seat) + ' plays'} {code}")
            return Flight(code, start, DISCARD_POS, PLAY_FRAMES)

        self._add(PLAY_FRAMES, begin, lambda: self._land(code, event.colour or Card(code).colour))
        if event.colour:
            chose = self._news_of(Event("colour", seat, colour=event.colour))
            self._add(NEWS_FRAMES, lambda: self.say(chose))
        else:
            self._add(SETTLE_FRAMES)

    def _land(self, code: str, colour: str | None) -> None:
        board = self.board
        board.top, board.colour = code, colour
        board.discard_count += 1

    def _colour(self, event: Event) -> None:
        def begin() -> None:
            self.board.colour = event.colour
            self._say_news(event)

        self._add(NEWS_FRAMES, begin)

    def _penalty(self, event: Event) -> None:
        def begin() -> None:
            self.audio.play("penalty")
            colour = self.board.colour
            assert colour is not None  # (the colour in play the player held)
            self.say(narration.penalty_news(event.seat, colour, self.seating))

        self._add(PENALTY_FRAMES, begin)

    def _draw(self, event: Event) -> None:
        text = self._words(event)
        if event.reason in (DRAW_TWO, DRAW_FOUR):
            self._add(0, self._turn_is_over)
        if text is not None:
            self._add(0, lambda: self.say(text))
        codes = drawn_to_you(event) if event.seat == HUMAN else (None,) * event.count
        for code in codes:
            self._card_to_hand(event.seat, code, DRAW_FRAMES, "draw")
        if event.seat == HUMAN and event.reason == BY_CHOICE and event.cards and not self._you_pass:
            self._add(0, lambda: self._mark_drawn(event.cards[-1]))  # the playable one, drawing to match
        self._add(SETTLE_FRAMES)

    def _mark_drawn(self, code: str) -> None:
        """The card you picked up stays marked until you play it or pass."""
        board = self.board
        if code in board.hand:
            board.drawn = code
            board.selected = len(board.hand) - 1 - board.hand[::-1].index(code)

    def _card_to_hand(self, seat: int, code: str | None, frames: int, sound: str) -> None:
        """One card from the draw pile to a hand: face up to you, face down to the computer."""

        def begin() -> Flight:
            board = self.board
            if board.draw_count == 0 and self._reshuffle_to is not None:
                self._reshuffle(self._reshuffle_to)
            board.draw_count -= 1
            self.audio.play(sound)
            if seat == HUMAN:
                assert code is not None  # (your own cards are known)
                if board.hidden:  # several people: nobody's cards are seen
                    self.notice(f"card {self._name(seat)} {'is dealt' if sound == 'deal' else 'draws'} a card")
                else:
                    who = "you" if self.seating.you(seat) else self._name(seat)
                    self.notice(f"card {who} {sound} {code}")
                end = your_card_pos(len(board.hand) + 1, board.selected, board.insert_index(code))
            else:
                self.notice(f"card {self._name(seat)} {'is dealt' if sound == 'deal' else 'draws'} a card")
                end = seat_card_pos(seat, board.counts[seat] + 1, self.players)
            return Flight(None if board.hidden else code, DRAW_PILE_POS, end, frames)

        def end() -> None:
            if seat == HUMAN:
                assert code is not None  # (your own cards are known)
                self.board.add_to_hand(code)
            else:
                self.board.counts[seat] += 1

        self._add(frames, begin, end)

    def _reshuffle(self, draw_count: int) -> None:
        """The pile ran out in the middle of a draw: the engine shuffled the
        discard pile (all but its top card) into ``draw_count`` cards."""
        board = self.board
        board.draw_count = draw_count
        board.discard_count = 1
        self._reshuffle_to = None
        self.say(narration.RESHUFFLE_NEWS)

    def _note_reshuffle(self, event: Event) -> None:
        """Shown when the draw runs the old pile out (see ``_reshuffle``)."""
        self._reshuffle_to = event.count

    def _pass(self, event: Event) -> None:
        def begin() -> None:
            if event.seat == HUMAN:
                self.board.drawn = None
            else:
                self._turn_is_over()  # a pass ends that player's turn
            self._say_news(event)

        self._add(NEWS_FRAMES, begin)

    def _turn(self, event: Event) -> None:
        def begin() -> None:
            self.board.turn = event.seat
            if event.seat == HUMAN and not self.board.hidden:
                if self.pip_for_you:
                    self.audio.play("pip")
            else:
                self.board.prompt = narration.computer_turn_prompt(event.seat, self.seating)

        self._add(0, begin)

    # ----- UNO, the challenge, the King and the Jester -----------------------------

    def _reverse(self, event: Event) -> None:
        def begin() -> None:
            board = self.board
            board.direction = -board.direction
            played = board.turn == event.seat  # not turned up: the table shows the player in turn
            self.say(narration.reverse_news(event.seat if played else None, self.seating))

        self._add(NEWS_FRAMES, begin)

    def _uno(self, event: Event) -> None:
        def begin() -> None:
            self.board.exposed = None
            self.audio.play("uno")
            self._say_news(event)
            self.notice(f"uno {self._name(event.seat)}")

        self._add(NEWS_FRAMES, begin)

    def _exposed(self, event: Event) -> None:
        def begin() -> None:
            self.board.exposed = event.seat
            self._say_news(event)
            self.notice(f"uno forgotten by {self._name(event.seat)}")

        self._add(0, begin)

    def _catch(self, event: Event) -> None:
        def begin() -> None:
            caught, self.board.exposed = self.board.exposed, None
            self.audio.play("caught")
            self.say(narration.catch_news(event.seat, caught, self.seating))
            self.notice(f"catch by {self._name(event.seat)}")

        self._add(NEWS_FRAMES, begin)

    def _reveal(self, event: Event) -> None:
        """The hand you challenged, face up for a moment (another seat's
        challenge shows you nothing)."""
        if event.seat != HUMAN:
            return

        owner, colour = self.challenged if self.challenged is not None else (None, None)

        def begin() -> None:
            self.board.revealed = list(event.cards)
            self.board.revealed_title = narration.revealed_title(owner, self.seating)
            self.say(narration.reveal_news(owner, colour, event.cards, self.seating))
            self.notice(f"revealed {' '.join(event.cards)}")

        def end() -> None:
            self.board.revealed = None

        self._add(REVEAL_FRAMES, begin, end)

    def _king(self, event: Event) -> None:
        """A new King: the crown flies from the old King to the new one."""

        def begin() -> Flight | None:
            board = self.board
            old, board.king = board.king, event.seat
            self._say_news(event)
            self.notice(f"king {self._name(event.seat)}")
            if old is None or old == event.seat:
                return None
            start, end = crown_pos(old, self.players), crown_pos(event.seat, self.players)
            return Flight(None, start, end, CROWN_FRAMES, sprite="crown")

        self._add(CROWN_FRAMES, begin)

    def _jester(self, event: Event) -> None:
        def begin() -> None:
            self.board.jester = event.seat
            self._say_news(event)
            self.notice(f"jester {self._name(event.seat)}")

        self._add(NEWS_FRAMES, begin)

    def _hands_move(self, event: Event, your_hand: list[str], counts: list[int] | None) -> None:
        """Seven-O: hands swapped, or every hand passed on. The table shows the
        hands as they are after it."""

        def begin() -> None:
            board = self.board
            board.hand = sorted(your_hand, key=hand_order)
            board.selected = min(board.selected, max(0, len(board.hand) - 1))
            if counts is not None:
                board.counts = list(counts)
            self.audio.play("deal")
            self._say_news(event)
            self.notice(f"hands {event.kind} {self._name(event.seat)}")

        self._add(PENALTY_FRAMES, begin)

    def _fanfare(self, event: Event) -> None:
        def begin() -> None:
            self.audio.play("fanfare")
            self._say_news(event)
            self.notice("fanfare")

        self._add(NEWS_FRAMES, begin)

    def _settle(self, your_hand: list[str], counts: list[int] | None) -> None:
        """The last step of every batch: the board holds the hand and counts
        the engine holds. Each event's step has already made them so; this
        sets the board straight where the events could not say how (a hand
        passed to you in a batch that began before it) and says so."""
        board = self.board
        if Counter(board.hand) != Counter(your_hand):
            board.hand = sorted(your_hand, key=hand_order)
            board.selected = min(board.selected, max(0, len(board.hand) - 1))
            self.notice("table set straight: your hand")
        if counts is not None and board.counts[1:] != list(counts[1:]):  # (yours is your hand's)
            board.counts[1:] = counts[1:]
            self.notice("table set straight: the counts")

    # ----- the end of a hand ----------------------------------------------------

    def _hand_end(self, event: Event, ends_match: bool) -> None:
        totals = self._scores

        def begin() -> None:
            board = self.board
            scores = list(board.scores)
            if totals is None:  # the winner's (with partners, each of the team's) score goes up
                sides = board.sides or range(len(scores))
                scores = [s + event.points * (sides[p] == sides[event.seat]) for p, s in enumerate(scores)]
            else:
                scores = list(totals)
            board.scores = tuple(scores)
            board.prompt = ""
            board.exposed = board.turn = None
            if not ends_match:
                self.audio.play("hand won" if self._cheers(event.seat) else "hand lost")
            said = narration.hand_end_news(event, self.seating, board.sides, self.tally)
            self.say(said or self._news_of(event))
            self.notice("scores " + " ".join(f"{self._name(seat)} {score}" for seat, score in enumerate(scores)))

        self._add(HAND_END_FRAMES, begin)

    def _match_end(self, event: Event) -> None:
        def begin() -> None:
            self.audio.play("match won" if self._cheers(event.seat) else "match lost")
            self.say(narration.match_end_news(event, self.seating, self.board.sides) or self._news_of(event))

        self._add(HAND_END_FRAMES, begin)

    def _cheers(self, winner: int) -> bool:
        """The winning sound: you won (a watcher hears it whoever wins)."""
        return winner == HUMAN or self.watched
