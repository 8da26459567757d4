"""A match at an online table: the table server plays it, this machine shows it.

``OnlineMatch`` is the offline ``Match`` with its source of events swapped
for the online link (``OnlineLink``), which holds the client and a
``game.online.remote.RemoteGame``: the same keys, prompts, choreography and
pip, but an action goes to the server and the table moves only when the
server's answer comes back (``Client.poll``, once a frame, never waiting).
Each answer is a new view of this seat and the events it may see; they are
staged as the engine's events are offline. Every other seat, person or
computer, decides on the server: no computer player runs here.

What only an online table shows: the turn timer (a bar over the message
bar, while a person's turn is timed; the prompt line names another's), a
seat played by a computer while its person is away ("ANN (CPU)") or whose
connection has gone ("ANN (OFF)", said on the news line), the time left
before the next hand and whom it waits for (on a hand's result), how many
watch the room ("2 WATCHING"), a lost connection, on the prompt line,
while the client tries again by itself, and, on the match's result, PLAY
AGAIN: who has said yes and whom the next match waits for, until it
begins (``play_again.py``: the scene then seats you at its table).
This module decides what to show and when, keeping up with the server;
the words are ``online_words.py``'s, the timer, the count of watchers and
the shuffle's check are drawn by ``online_overlay.py``, and PLAY AGAIN is
``play_again.py``'s.

A watcher's table (``Session.watch``: seat ``WATCHER``) is the same table
seen from seat 0 with nobody in front of the screen: no seat is "you",
every hand is face down (the one at the bottom too, with its count), the
events are told as anyone at the table sees them, "WATCHING" shows over
the bottom hand, and nothing is ever sent but leaving: no action, no
"next", no chat; it follows the room into its next match.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from game.online.protocol import Session
from game.online.remote import RemoteGame
from game.online.verify import Verdict
from game.ui.device.keys import Pointer
from game.ui.seats.computers import THINK_FRAMES
from game.ui.seats.kinds import Seating
from game.ui.table import narration, online_overlay
from game.ui.table.animation import Step
from game.ui.table.match import Match, TableSettings
from game.ui.table.online_words import (
    PROMPT_CLOSED,
    PROMPT_DEALING,
    PROMPT_OFFLINE,
    PROMPT_PLAYED_FOR_YOU,
    PROMPT_READY,
    WATCHING_NEWS,
    bottom_seat,
    connection_news,
    online_seating,
    person_names,
    standin_turn_prompt,
    timed_turn_prompt,
    waiting_prompt,
    watching_line,
)
from game.ui.table.play_again import PlayAgain
from game.ui.table.quick_chat import QuickChat

RESULT_FRAMES = 150  # a hand's result shows this long (5 s) before a hand the server has dealt starts
# A table that falls behind the server (a real window's 30 frames a second
# show a computer's move in about as long as the server takes to make the
# next, and a deal of ten seats in seven seconds) plays its animations
# faster, and pauses between moves as much shorter: (moves behind at most,
# frames played a frame). Past MOST_BEHIND moves it stops animating and
# shows the table as it stands.
CATCH_UP = ((1, 1), (3, 2), (5, 3))
CATCH_UP_MOST = 4
MOST_BEHIND = 12


class OnlineClient(Protocol):
    """What the online table uses of a started ``game.online.client``
    (``Client``, ``BrowserClient``): its session, which has its first view."""

    session: Session
    status: str

    @property
    def waiting(self) -> int: ...
    def send(self, message: dict) -> None: ...
    def poll(self, *, hold: Callable[[dict], bool] | None = None) -> list[dict]: ...


class OnlineLink:
    """The online table's source of events (``TableSource``): its actions go
    to the server through ``client``, and the server's news, taken once a
    frame, moves ``table`` (the ``Match`` it drives), paced so that the table
    keeps up with the server (``CATCH_UP``). ``over`` is called once with the
    server's ``over`` message (the match's record, when it ended)."""

    engine = None  # the server's engine: its computers decide there, and its scepter sounds the fanfare
    names_every_seat = True

    def __init__(self, client: OnlineClient, table: Match, over: Callable[[dict], None]) -> None:
        self.client = client
        self.table = table
        session = client.session
        self.remote = self.game = RemoteGame(session, client.send)
        self._over = over
        self.watching = session.watch  # a watcher's table: it sends nothing but its leaving
        self._dealt = session.hand  # the hand this table shows
        self._staged = session.first_event + len(session.events)  # how many of the hand's events are on the table
        self._status = client.status
        self._ready_sent = False
        self._rejoining = False  # a welcome came: the next state is a rejoin's
        self._result_frame = 0  # the frame the last hand's result showed
        self._still = THINK_FRAMES  # frames the table has been still: another's move may come
        self._shown = session.moves  # the server's move count once what this table staged has played
        self._connected = [seat["connected"] for seat in session.seats]  # whose connection went is said
        self._prompt_base = self._prompt_shown = ""  # the table's own prompt, and what this table made of it
        # (the table's sound and notices by way of lambdas: this link is made before the table is)
        self.chat = QuickChat(
            client.send,
            self._other_people,
            lambda: table.seating.players,
            lambda name: table.audio.play(name),
            lambda text: table.notice(text),
        )
        self._verdict_told: Verdict | None = None  # the shuffle's check, once said on the match's result
        self._unproven_told = 0  # the match whose deal was said to be made without this seat's nonce
        self.again = PlayAgain(session, client.send, lambda text: table.notice(text))  # (on the match's result)
        self.saw_the_end = False  # the server's ``over`` of this match came
        # The server's news, a handler a message (those of ``protocol.py`` this table shows).
        self._handlers: dict[object, Callable[[dict], None]] = {
            "welcome": self._on_welcome,
            "state": self._on_state,
            "seats": self._on_seats,
            "refused": self._on_refused,
            "error": self._on_error,
            "over": self._on_over,
        }

    # ----- the table's source ------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Your last action is on its way to the server, in a hand that goes
        on. Once the hand is over its result waits for no answer: an action
        sent as it ended can only be refused, and the refusal may sit behind
        the next hand's deal, which waits for that result to be shown."""
        return self.remote.in_flight is not None and not self.game.hand_over

    def act(self, action: str, seat: int | None) -> None:
        """Send the action; the server's answer is staged when it comes."""
        self.remote.act(action, seat=seat)

    def next_hand(self) -> None:
        """Ready for the next hand: the server deals it once every person is
        ready. A watcher says nothing, and sees the next hand once it is dealt."""
        if not self._ready_sent:
            self._ready_sent = True
            if self.watching:
                self.table.notice("watching: the next hand as soon as it is dealt")
                return
            self.remote.next_hand()
            self.table.notice("ready for the next hand")

    @property
    def footer(self) -> str:
        """Under the match's result: what PLAY AGAIN waits for."""
        return self.again.footer

    @property
    def match_over_prompt(self) -> str:
        """The prompt line on the match's result: PLAY AGAIN's."""
        return self.again.prompt

    def result_names(self, seating: Seating) -> tuple[str, ...]:
        """Every seat by its name (the result's seats are the engine's, and
        yours need not be seat 0); a seat played for its person by a
        computer under the person's own name."""
        people = self.person_names()
        return tuple(people[seat] or seating.name(seat) for seat in range(seating.players))

    def hand_ending(self) -> None:
        """For whoever reads the output: every event of the hand as this seat was sent them."""
        seen = " | ".join(str(event) for event in self.client.session.events)
        self.table.notice(f"online hand {self._dealt} seen: {seen}")
        self._result_frame = self.table.frame

    def before_frame(self, pressed: list[str], pointer: Pointer | None) -> None:
        """The server's news; any key gives your seat back from the computer."""
        self._take_news()
        if self._played_for_you and (pressed or (pointer is not None and pointer.clicked)):
            self.client.send({"type": "back"})  # any key: your seat back from the computer
            self.table.notice("back at the table")
        self.table.director.pip_for_you = not self._played_for_you

    def after_frame(self) -> None:
        """Keep up with the server, and say on the prompt line what only an online table says."""
        self._catch_up()
        self._tell_unproven_deal()
        table = self.table
        self._still = self._still + 1 if table.timeline.idle else 0
        if table.scene == "table":
            if table.board.prompt != self._prompt_shown:  # the table has a new prompt of its own
                self._prompt_base = table.board.prompt
            table.board.prompt = self._prompt_shown = self._online_prompt(self._prompt_base)
        elif table.scene == "hand_result" and not self.game.match_over:
            table.board.prompt = self._connection_prompt() or self._next_hand_prompt()
        elif table.scene == "match_result":
            self._tell_verdict()
            table.board.prompt = self._connection_prompt() or self.match_over_prompt

    def _tell_unproven_deal(self) -> None:
        """Said at the deal, once a match: the server dealt without asking
        for this seat's nonce, so the shuffle's check cannot prove it fair."""
        session = self.client.session
        if session.dealt_without_you and self._unproven_told != session.match:
            self._unproven_told = session.match
            self.table.audio.play("buzz")
            self.table.notice(f"shuffle: {narration.DEALT_WITHOUT_YOUR_NONCE}")
            self.table.say(narration.DEALT_WITHOUT_YOUR_NONCE)

    def _tell_verdict(self) -> None:
        """The shuffle's check, said once the match's result shows (and
        again if it changes): a failed one loudly, with the buzz."""
        verdict = self.client.session.verdict
        if verdict is None or verdict is self._verdict_told:
            return
        self._verdict_told = verdict
        self.table.notice(f"shuffle {verdict.line} {verdict.reason}")
        if verdict.checked is False:
            self.table.audio.play("buzz")

    # ----- the server's news -----------------------------------------------------

    def _take_news(self, hold: bool = True) -> None:
        """The messages that came since the last frame, in order; a new hand
        waits in the client until this table has shown the last one's end
        (with ``hold`` False, every message of this hand is taken at once)."""
        for message in self.client.poll(hold=self._hold if hold else self._new_hand):
            self.remote.news()
            handler = self._handlers.get(message.get("type"))
            if handler is not None:
                handler(message)
        session = self.client.session
        self._hear(session)
        self._watch_connection()
        self.table.board.scepter = session.scepter

    def _on_welcome(self, message: dict) -> None:
        """Back after a lost connection: an action then sent may never be answered."""
        self.remote.in_flight = None

    def _on_refused(self, message: dict) -> None:
        """Your action refused (a message without an id is not an action's: let be)."""
        if message.get("id") is not None:
            self.table.audio.play("buzz")
            self.table.say(narration.refused(str(message.get("reason", ""))))
            self.table.notice(f"refused {message.get('action')}: {message.get('reason')}")

    def _on_error(self, message: dict) -> None:
        self.table.notice(f"error from the server: {message.get('reason')}")

    def _on_over(self, message: dict) -> None:
        self.saw_the_end = True
        self._over(message)

    def _hear(self, session: Session) -> None:
        """The sayings that came, each by its seat's panel (a seat the table does not have is let be)."""
        names, seating = self.person_names(), self.table.seating
        for seat, say in session.chats:
            if 0 <= seat < seating.players:
                self.chat.heard(seat, say, names[seat] or seating.name(seat), self.table.frame)
        session.chats.clear()

    def _hold(self, message: dict) -> bool:
        """Sees each message before the session takes it, in order, and
        keeps a state back (and what follows it) while this table is not
        ready for it: a new hand's while the table still shows the last
        hand (``_last_hand_showing``); any other news than the answer to
        your own action (another seat's move, or the computer's playing for
        you) until the last has landed and the table has been still for a
        computer's pause (``THINK_FRAMES``), as offline, so that moves made
        at once one after another are not drawn and heard on top of each
        other. Never the
        state a rejoin brings (after a ``welcome``), which is all there is:
        what went by while this table was away."""
        if self._next_match_news(message):
            return True
        kind = message.get("type")
        if kind == "welcome":
            self._rejoining = True
            return False
        if kind != "state":
            return False
        if message.get("hand") != self._dealt:
            held = self._last_hand_showing()
        else:
            answers_you = message.get("ack") is not None  # your own action's: shown at once
            paused = self._still < THINK_FRAMES // self._speed()  # shorter while catching up
            held = bool(message.get("events")) and not answers_you and paused
        held = held and not self._rejoining
        if not held:
            self._rejoining = False
            if message.get("events"):
                self._still = 0  # the table moves again: the next news waits its turn
        return held

    def _new_hand(self, message: dict) -> bool:
        return self._next_match_news(message) or (message.get("type") == "state" and message.get("hand") != self._dealt)

    def _next_match_news(self, message: dict) -> bool:
        """True for a message of the room's next match: it waits for that
        match's own table. The news that it has begun (``match``, or a
        rejoin's welcome into it) is taken, and sets ``again.begun``."""
        kind, match = message.get("type"), self.client.session.match
        if kind == "match" or (kind == "welcome" and message.get("match", match) != match):
            self.again.begun = True
            return False
        return self.again.begun

    def _last_hand_showing(self) -> bool:
        """Its last cards are still moving, or its result has not been shown
        for a moment (``RESULT_FRAMES``) and you have not pressed RETURN."""
        if self.table.scene == "table":
            return True
        if self.table.scene == "hand_result":
            return not self._ready_sent and self.table.frame - self._result_frame < RESULT_FRAMES
        return False

    def _on_state(self, message: dict) -> None:
        """A new state: a new hand is dealt, the events this table has not
        shown are staged, or, if some of them were never sent (a rejoin is
        sent only the hand's last events), the table is set as it stands."""
        session = self.client.session
        staged, self._staged = self._staged, session.first_event + len(session.events)
        if session.hand != self._dealt:
            self._dealt = session.hand
            self._ready_sent = False
            if self.table.scene == "table" or session.first_event:  # back into a new hand: shown as it stands
                self._as_it_stands()
            else:
                self.table.start_hand(session.events)
                self._mark_shown(session.moves)
            return
        if staged < session.first_event:
            self._as_it_stands()
            return
        new = session.events[staged - session.first_event :]
        if new:
            self.table.stage(new)
        self._mark_shown(session.moves)

    # ----- keeping up with the server ------------------------------------------------

    def _as_it_stands(self, news: str = narration.CONTINUED) -> None:
        """The table as the server has it now, with nothing of what led there animated."""
        self.table.restore(news)
        self._shown = self.client.session.moves

    def _mark_shown(self, moves: int) -> None:
        """Once the steps staged so far have played, the table shows ``moves``."""

        def shown() -> None:
            self._shown = max(self._shown, moves)

        self.table.timeline.add(Step(0, shown))

    @property
    def behind(self) -> int:
        """How many of the server's moves this table has still to show (the
        messages not yet taken count one each)."""
        return max(0, self.client.session.moves - self._shown) + self.client.waiting

    def _catch_up(self) -> None:
        """Play the animations faster while behind; far behind, take every
        message of this hand that came and show the table as it stands (a
        new hand still waits until this one's result has shown)."""
        behind = self.behind
        if behind > MOST_BEHIND and self.table.scene == "table":
            self._take_news(hold=False)  # (a new hand's messages still wait: ``_new_hand``)
            self._as_it_stands(narration.CAUGHT_UP)
            self.table.notice(f"caught up {behind} moves behind")
            return
        for _ in range(self._speed() - 1):
            self.table.timeline.update()

    def _speed(self) -> int:
        """Frames of animation played a frame (and the pause between moves shortened as much)."""
        behind = self.behind
        return next((frames for most, frames in CATCH_UP if behind <= most), CATCH_UP_MOST)

    def _on_seats(self, message: dict) -> None:
        """Who sits where: a person's connection gone or back is said, the table reseated."""
        session = self.client.session
        connected = [seat["connected"] for seat in session.seats]
        for number, name in enumerate(self.person_names()):
            was = self._connected[number] if number < len(self._connected) else connected[number]
            if name and number != session.seat and was != connected[number]:
                self.table.say(connection_news(name, connected[number]))
        self._connected = connected
        seating = online_seating(session.seats, session.seat)
        if seating != self.table.seating:
            self.table.reseat(seating)

    def _watch_connection(self) -> None:
        status = self.client.status
        if status == self._status:
            return
        was, self._status = self._status, status
        self.table.notice(f"connection {status}")
        if status == "online":
            self.table.say("Connected again: the table goes on")
        elif was == "online":  # (the news line no longer says an old "Connected again")
            self.table.say(PROMPT_OFFLINE if status in ("offline", "connecting") else PROMPT_CLOSED)

    def _next_hand_prompt(self) -> str:
        """On a hand's result: when the server deals the next hand (ready or
        not), and whom it waits for till then."""
        left = self.remote.turn_time_left()
        if left is None:  # (a server that does not say)
            return PROMPT_READY if self._ready_sent or self.watching else narration.PROMPT_NEXT_HAND
        seconds = math.ceil(left)
        if seconds <= 0:
            return PROMPT_DEALING
        if not self._ready_sent and not self.watching:
            return f"{narration.PROMPT_NEXT_HAND}: it is dealt in {seconds} s, ready or not"
        session, names = self.client.session, self.person_names()
        return waiting_prompt(seconds, [names[seat] for seat in session.waiting if seat < len(names) and names[seat]])

    @property
    def _played_for_you(self) -> bool:
        """Your turn time ran out: the server's computer plays your seat."""
        seats, mine = self.client.session.seats, self.client.session.seat
        return mine is not None and 0 <= mine < len(seats) and bool(seats[mine]["standin"])

    def _connection_prompt(self) -> str | None:
        """A connection that is not there, said on every screen of the table
        (a countdown to the next hand from a server that has gone is untrue)."""
        if self.client.status in ("offline", "connecting"):
            return PROMPT_OFFLINE
        if self.client.status in ("closed", "refused"):
            return PROMPT_CLOSED
        return None

    def _online_prompt(self, prompt: str) -> str:
        connection = self._connection_prompt()
        if connection is not None:
            return connection
        if self._played_for_you:
            return PROMPT_PLAYED_FOR_YOU
        turn, left = self.game.turn, self.remote.turn_time_left()
        if turn is None or turn == self.client.session.seat:
            return prompt
        if prompt != narration.computer_turn_prompt(turn, self.table.seating):
            return prompt  # (a catch, a challenge: more to say than whose turn it is)
        names = self.person_names()
        name = names[turn] if turn < len(names) else ""
        seats = self.client.session.seats
        if name and turn < len(seats) and (seats[turn]["standin"] or not seats[turn]["connected"]):
            return standin_turn_prompt(name)  # (not "ANN (CPU)'s turn...", nor a turn time)
        if left is None:
            return prompt
        return timed_turn_prompt(name or self.table.seating.name(turn), math.ceil(left))

    def _other_people(self) -> list[tuple[int, str]]:
        """Every other person's seat and name: whom your quick chat may mute."""
        mine = self.client.session.seat
        return [(seat, name) for seat, name in enumerate(self.person_names()) if name and seat != mine]

    def person_names(self) -> tuple[str, ...]:
        """Each seat's person by name, unmarked ("" for a computer), yours "YOU"."""
        session = self.client.session
        return person_names(session.seats, session.seat)

    # ----- drawing ------------------------------------------------------------------

    def draw(self) -> None:
        """The turn timer and how many watch while a hand is played, the
        shuffle's check on the match's result, and the quick chat."""
        session, table = self.client.session, self.table
        if table.scene == "table":
            left = self.remote.turn_time_left()
            total = session.table.get("turn_time") if session.table else None
            if left is not None and total:
                online_overlay.draw_timer(left, total, mine=self.game.turn == session.seat)
            # (not while a challenged hand or the last messages show over the hand row)
            shown = table.board.revealed is None and not table.show_history
            online_overlay.draw_watching(watching_line(session.watching) if shown else "", self.watching)
        elif table.scene == "match_result" and session.verdict is not None:
            online_overlay.draw_verdict(session.verdict, table.frame)
        seating, viewer = table.seating, table.viewer
        self.chat.draw(lambda seat: seating.place(seat, viewer), seating.players, table.frame)


class OnlineMatch(Match):
    """The table of an online match: a ``Match`` whose actions go to the
    server through ``client`` (a started ``game.online.client`` whose
    session has its first view), by way of its ``OnlineLink``. ``table``:
    the level, sound, notices and title art; who sits where and the seat
    the table is seen from are the session's. ``table.as_it_stands``: the
    table is shown as it stands (a rejoin); otherwise the match (or the
    hand) starts as this table watches (from the lobby): its deal is
    animated. ``over`` is called once with the server's ``over`` message."""

    def __init__(
        self, client: OnlineClient, table: TableSettings, over: Callable[[dict], None] = lambda message: None
    ) -> None:
        session = client.session
        self.link = OnlineLink(client, self, over)  # (made first: the table may show a hand's end as it opens)
        seated = replace(table, seating=online_seating(session.seats, session.seat), viewer=bottom_seat(session.seat))
        super().__init__(seated, self.link)
        self.board.scepter = session.scepter

    @property
    def remote(self) -> RemoteGame:
        return self.link.remote

    def restore(self, news: str = narration.CONTINUED) -> None:
        """The table as it stands: a watcher is told so, never that the match goes on "where you left it"."""
        super().restore(WATCHING_NEWS if self.link.watching and news == narration.CONTINUED else news)

    @property
    def behind(self) -> int:
        return self.link.behind

    def person_names(self) -> tuple[str, ...]:
        return self.link.person_names()
