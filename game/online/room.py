"""One room of the table server: its table, its seats and its match.

Pure and synchronous (no asyncio, no sockets): the server hands a room
what arrives, with the time, and sends what the room answers, a list of
``(connection, message)``; ``tick`` runs the timers and the computers and
``wakeup`` says when it next needs to. Connections are any hashable
objects the server chooses. The engine (``game.rules``) lives only here,
and each connection is only ever sent its own seat's view
(``Game.view(seat)``) and the events of it that it has not had yet.

The room holds its parts and calls them, each a small class that owns one
thing: ``Seating`` (room_seats.py) the seats, their tokens and the
connections at them; ``Play`` (room_match.py) the match and its turn
clock; ``Computers`` (room_computers.py) the server's computer players;
``Deal`` (room_deal.py) each match's shuffle, the reveal of the nonces
pledged to it and PLAY AGAIN's matches; ``Watchers`` (room_watchers.py)
and ``Chat`` (chat.py). The room itself answers each message (one handler
a type: ``handle``) and says what happened to everyone (``seat_news``,
``broadcast``). Its file is ``room_file.py``'s.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any, ClassVar, Generic

from ..rules import WATCHER, Game
from .chat import Chat
from .protocol import Message
from .room_computers import Computers
from .room_deal import ALL_PLAYED, Deal
from .room_match import Play, recorded_actions
from .room_seats import Conn, Seat, Seating
from .room_table import TableSettings
from .room_watchers import Watchers
from .verify import Shuffle, ShuffleFailed

Out = list[tuple[Conn, Message]]  # what a room answers: each message and its connection (``Out[Conn]``)
# A client message's handler: (the room, the connection, its seat, the message, now).
Handler = Callable[["Room[Any]", Any, int, Message, float], Out[Any]]


class Room(Generic[Conn]):
    """A room named ``name`` at the creator's ``table``; ``seed`` fixes its
    first match's shuffle (the tests'), ``computer_seed`` its computers'
    play and its scepter's clock (random by default)."""

    # (slots, here and in its parts: a server holds thousands of rooms)
    __slots__ = (
        "chat",
        "computer_seed",
        "computers",
        "created",
        "deal",
        "name",
        "play",
        "played",
        "seating",
        "table",
        "watchers",
    )

    def __init__(
        self, name: str, table: TableSettings, seed: int | None = None, computer_seed: int | None = None
    ) -> None:
        self.name = name
        self.table = table
        self.computer_seed = secrets.randbelow(2**31) if computer_seed is None else computer_seed
        self.created = time.strftime("%Y-%m-%d %H:%M")
        self.played = False  # a person has acted here (a room made and left is not: it is put away first)
        self.seating: Seating[Conn] = Seating(table["players"], table["people"])
        self.watchers: Watchers[Conn] = Watchers()
        self.computers = Computers(table["level"], self.computer_seed)
        shuffle = Shuffle.new(table["players"], seed)  # (its seed until the nonces of the people seated are mixed in)
        self.deal = Deal(table["players"], shuffle)
        self.play: Play[Conn] = Play(table, self.seating, self.computers, self.computer_seed, shuffle.seed)
        self.chat = Chat()

    @property
    def game(self) -> Game:
        """The match's engine (``Play``'s)."""
        return self.play.game

    @property
    def seats(self) -> list[Seat]:
        return self.seating.seats

    @property
    def started(self) -> bool:
        return self.play.started

    @property
    def over(self) -> bool:
        return self.play.over

    @property
    def everyone(self) -> list[Conn]:
        """Every connection to the room: its people's, then its watchers'."""
        return [*self.seating.members, *self.watchers.members]

    @property
    def occupied(self) -> bool:
        """Somebody is connected, to play or to watch: the room stays in memory."""
        return bool(self.seating.members or self.watchers.members)

    # ----- joining, watching and leaving -------------------------------------------

    def join(self, conn: Conn, hello: Message, now: float) -> Out[Conn]:
        """A person takes a seat, or comes back to theirs (JoinError if they may not)."""
        seat, fresh = self.seating.claim(hello, self.started, self.over)
        if fresh is not None:
            self.deal.pledge(seat, hello.get("pledge"))  # (hex of at most 64 digits: ``protocol.decode``)
        self.seating.sit(conn, seat, rejoined=self.started)
        out = self._joined(conn, seat, fresh, now)
        self.play.wind_scepter(now)  # it stood still while the room was empty: from now on it runs
        return out

    def _joined(self, conn: Conn, seat: int, fresh: str | None, now: float) -> Out[Conn]:
        welcome = self._welcome(seat)
        if fresh is not None:
            welcome["token"] = fresh
        out = [(conn, welcome)]
        if not self.started and self.deal.reveal_until is None and self.seating.all_taken():
            return out + self.deal_match(now)
        return out + self.seat_news() + self._catch_up(conn, now)

    def watch(self, conn: Conn, now: float) -> Out[Conn]:
        """A connection watches the room, at any moment of its match: it is
        sent the public table only (``WATCHER``'s view), and every seat is
        told how many watch. JoinError past ``MOST_WATCHERS``."""
        self.watchers.add(conn, rejoined=self.started)
        return [(conn, self._welcome(WATCHER)), *self.seat_news(), *self._catch_up(conn, now)]

    def _catch_up(self, conn: Conn, now: float) -> Out[Conn]:
        """What a connection that comes is sent after the seats: the deal's
        nonces asked for (a rejoin reveals its own), the table, the match's end."""
        out: Out[Conn] = []
        if self.deal.reveal_until is not None:
            out.append((conn, self.deal.reveal_message(self.over, now)))
        if self.started:
            out.append((conn, self.state(conn, now)))
        if self.over:
            out.append((conn, self.over_message()))
        return out

    def _welcome(self, seat: int) -> Message:
        """The first answer to a seat's connection (or a watcher's, ``WATCHER``): the room, the table, the
        seats, and the shuffle's commitment (a watcher may check the deal too)."""
        return {
            "type": "welcome",
            "room": self.name,
            "seat": seat,
            "table": self.table,
            "match": self.deal.match,
            **self.seats_fields(),
            **self.deal.commitments(),
        }

    def leave(self, conn: Conn, now: float) -> Out[Conn]:
        if self.watchers.remove(conn):
            return self.seat_news()
        if self.seating.stand(conn, now) is None:
            return []
        self.play.wind_scepter(now)  # the last to leave: it stands still
        if self.over and self.seating.all_again():  # the one left was the last to say yes
            return self.deal_match(now)
        return self.seat_news()

    # ----- the deal: the nonces pledged, then revealed; the match starts ---------------

    def deal_match(self, now: float) -> Out[Conn]:
        """Deal the room's match, the first or PLAY AGAIN's next: at once;
        or, if seats pledged nonces to its shuffle, once everyone has been
        shown every pledge and sent its nonce (``_on_nonce``), or
        ``REVEAL_TIME`` later without the nonces that have not come."""
        if self.deal.reveal_until is not None:
            return []  # (asked already)
        if not self.started:
            self.seating.fix()  # before any pledge is shown: nobody sits down after
        if not self.deal.begin_reveal(self.over, now):
            return self._deal_now(now)
        reveal = self.deal.reveal_message(self.over, now)
        return self.seat_news() + [(conn, reveal) for conn in self.everyone]

    def _deal_now(self, now: float) -> Out[Conn]:
        self.deal.reveal_until = None
        return self.play_again(now) if self.over else self.start(now)

    def start(self, now: float) -> Out[Conn]:
        self.seating.fix()
        shuffle = self.deal.shuffle
        self.play.start(None if shuffle is None else shuffle.match_seed, now)
        return self.seat_news() + self.broadcast(now)

    def play_again(self, now: float) -> Out[Conn]:
        """The room's next match, at the same table with the same people:
        the match over is kept (``Deal.earlier``) as its own record; a person
        who has left is played by a computer until they come back."""
        play = self.play
        seed = self.deal.next_match(play.record_header_text(), recorded_actions(play.game), play.ended)
        play.next_match(seed, now)
        self.seating.for_next_match()
        news: Message = {"type": "match", "match": self.deal.match, **self.seats_fields(), **self.deal.commitments()}
        out: Out[Conn] = []
        for conn, member in [*self.seating.members.items(), *self.watchers.members.items()]:
            member.hand, member.sent, member.rejoined = 0, 0, False
            out.append((conn, news))
        return out + self.broadcast(now)

    # ----- messages: one handler a type -------------------------------------------------

    def handle(self, conn: Conn, message: Message, now: float) -> Out[Conn]:
        """A message of a connection's, one of ``protocol.CLIENT_MESSAGES``
        (``decode`` has checked its fields), to its type's handler. Any but
        a ping, a second hello or a chat says the person is here: a seat a
        computer played for them is theirs again (``_back``)."""
        if conn in self.watchers:
            return [(conn, self.watchers.answer(message))]
        self.play.wind_scepter(now)
        seat = self.seating.members[conn].seat
        kind = message["type"]
        out = [] if kind in ("ping", "hello", "chat") else self._back(seat)
        return out + self._handlers[kind](self, conn, seat, message, now)

    def _back(self, seat: int) -> Out[Conn]:
        if not self.seating.give_back(seat):
            return []
        self.computers.replan()
        return self.seat_news()

    def _on_ping(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        return [(conn, {"type": "pong", "id": message.get("id")})]

    def _on_hello(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        return [(conn, {"type": "error", "reason": "you have already joined this room"})]

    def _on_chat(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        """A saying, to everyone in the room (the sender's own copy says it
        went); refused past the seat's allowance."""
        said = self.chat.say(seat, message["say"], now)
        return [(conn, said)] if said["type"] == "error" else [(member, said) for member in self.everyone]

    def _on_back(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        return []  # (``handle`` has given the seat back)

    def _on_start(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        """The creator deals the match now (computers in the free seats), or, once it is over, the next."""
        if seat != self.seating.creator or (self.started and not self.over):
            reason = "only the room's creator starts it, before its match or after it"
            return [(conn, {"type": "error", "reason": reason})]
        if self.over and self.deal.all_played():
            return [(conn, {"type": "error", "reason": ALL_PLAYED})]
        return self.deal_match(now)

    def _on_again(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        """A person says yes to another match (PLAY AGAIN), with the pledge of
        a nonce for its shuffle: it is dealt once every person here has said yes."""
        if not self.over:
            return [(conn, {"type": "error", "reason": "PLAY AGAIN is for when the match is over"})]
        if self.deal.all_played():
            return [(conn, {"type": "error", "reason": ALL_PLAYED})]
        if self.seats[seat].again or self.deal.reveal_until is not None:
            return []  # (said already: its first pledge stands; or the deal is under way)
        self.seats[seat].again = True
        self.deal.pledge_again(seat, message.get("pledge"))
        return self.deal_match(now) if self.seating.all_again() else self.seat_news()

    def _on_nonce(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        """A seat's nonce, revealed: kept if it is the one it pledged; the
        deal is made once the last awaited one has come."""
        deal, over = self.deal, self.over
        refused = deal.nonce_refused(seat, over)
        if refused is not None:
            return [(conn, {"type": "error", "reason": refused})]
        if seat not in deal.shuffling(over):
            return []  # (revealed already: the first stands)
        try:
            deal.reveal(seat, message["nonce"], over)
        except ShuffleFailed as failed:
            return [(conn, {"type": "error", "reason": str(failed)})]
        return self.seat_news() if deal.shuffling(over) else self._deal_now(now)

    def _on_next(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        if not self.started:
            return [(conn, {"type": "error", "reason": "the match has not started"})]
        if not self.play.ready(seat):
            return []
        return self.seat_news() if self.play.waiting() else self._next_hand(now)

    def _on_act(self, conn: Conn, seat: int, message: Message, now: float) -> Out[Conn]:
        """An action of the engine's notation, for the sender's own seat."""
        if not self.started:
            return [(conn, {"type": "error", "reason": "the match has not started"})]
        action, ident = message["action"], message.get("id")  # (their kinds checked: ``protocol.decode``)
        if "seat" in message and message["seat"] != seat:
            reason = f"you hold seat {seat}: you cannot act for another seat"
            return [(conn, {"type": "refused", "action": action, "reason": reason, "id": ident})]
        try:
            self.play.act(action, seat)
        except ValueError as error:
            return [(conn, {"type": "refused", "action": action, "reason": str(error), "id": ident})]
        self.played = True
        return self.after_action(now, conn, ident)

    # One handler for each type of message a client sends (``protocol.CLIENT_MESSAGES``: ``handle``), one
    # table for every room.
    _handlers: ClassVar[dict[str, Handler]] = {
        "hello": _on_hello,
        "act": _on_act,
        "start": _on_start,
        "again": _on_again,
        "nonce": _on_nonce,
        "next": _on_next,
        "back": _on_back,
        "ping": _on_ping,
        "chat": _on_chat,
    }

    # ----- time: the turn clock and the computers ---------------------------------------

    def wakeup(self, now: float) -> float | None:
        """When ``tick`` next has something to do (None: nothing until a message)."""
        if self.deal.reveal_until is not None:
            return self.deal.reveal_until
        return self.play.wakeup(now)

    def tick(self, now: float) -> Out[Conn]:
        if self.deal.reveal_until is not None:
            return self._deal_now(now) if now >= self.deal.reveal_until else []  # (without the nonces not come)
        play = self.play
        play.wind_scepter(now)
        if not play.live():
            return []
        if play.fanfare_due():
            play.sound_fanfare()
            return self.after_action(now)
        limit = play.deadline()
        hand_over = play.game.hand_over
        if hand_over and any(now >= until for until in play.absences().values()):
            return self._next_hand(now) if play.let_absent_go(now) else self.seat_news()
        if limit is not None and now >= limit:
            if hand_over:
                return self._next_hand(now)
            play.turn_lost()
            return self.seat_news() + self.broadcast(now)
        if not play.computer_plays(now):
            return []
        return self.after_action(now)

    def _next_hand(self, now: float) -> Out[Conn]:
        self.play.next_hand()
        return self.seat_news() + self.after_action(now)  # nobody is waited for now

    def after_action(self, now: float, conn: Conn | None = None, ident: int | str | None = None) -> Out[Conn]:
        """What an action sent to the engine says: each connection's table,
        then, if it ended the match, its end (and the next one's commitment)."""
        self.play.acted(now)
        out = self.broadcast(now, conn, ident)
        if self.play.ends():
            self.deal.match_over()
            out += [(c, self.over_message()) for c in self.everyone]
        return out

    # ----- what each connection is sent -------------------------------------------------

    def seats_fields(self) -> Message:
        """What a ``welcome`` and a ``seats`` message say of the seats."""
        return {
            "seats": self.seating.public(),
            "started": self.started,
            "waiting": self.play.waiting(),
            "watching": len(self.watchers),
            "creator": self.seating.creator,
            "again": [n for n, seat in enumerate(self.seats) if seat.again],
            "shuffling": self.deal.shuffling(self.over),
        }

    def seat_news(self) -> Out[Conn]:
        message = {"type": "seats", **self.seats_fields()}
        return [(conn, message) for conn in self.everyone]

    def broadcast(self, now: float, acting: Conn | None = None, ident: int | str | None = None) -> Out[Conn]:
        if not self.started:
            return []
        out = []
        for conn in self.everyone:
            message = self.state(conn, now)
            if conn is acting and ident is not None:
                message["ack"] = ident
            out.append((conn, message))
        return out

    def state(self, conn: Conn, now: float) -> Message:
        """The connection's seat's view, with the events it has not had (``Play.state``)."""
        return self.play.state(self.seating.members.get(conn) or self.watchers.members[conn], now)

    def over_message(self) -> Message:
        game, deal = self.game, self.deal
        return {
            "type": "over",
            "record": game.record(),
            "winner": game.match_winner,
            "scores": list(game.scores),
            "ended": self.play.ended,
            "match": deal.match,
            **({} if deal.shuffle is None else {"shuffle": deal.shuffle.as_json()}),
            **({} if deal.next_shuffle is None else {"next_commitment": deal.next_shuffle.commitment}),
        }

    # ----- its log: the actions of its matches ----------------------------------------

    @property
    def logged(self) -> int:
        """The actions of every match the room has played (its log's length: ``actions``)."""
        return sum(len(played.actions) for played in self.deal.earlier) + self.play.moves

    def actions(self, first: int) -> list[str]:
        """The room's actions from the ``first``-th on, every match's in
        order (``logged`` in all): what a store keeps of it, one each."""
        before = self.logged - self.play.moves
        current = recorded_actions(self.game)
        if first >= before:
            return current[first - before :]
        return [action for played in self.deal.earlier for action in played.actions][first:] + current
