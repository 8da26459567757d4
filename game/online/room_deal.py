"""The deal of a room's matches, and PLAY AGAIN.

Each match's shuffle is committed to before anyone sees a card (in the
welcome, or, for the next match, as this one ends); the seats that pledged
a nonce to it reveal it before the deal, which mixes them in, so that
nobody chooses a nonce after seeing another's (docs/online.md, "A shuffle
anyone can check"). A room plays up to ``MOST_MATCHES`` matches at the same
table (PLAY AGAIN), each kept as its own record (``Played``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .protocol import Message
from .room_match import record_of
from .verify import SEEDS, Shuffle

REVEAL_TIME = 10.0  # seconds the seats have to reveal the nonces they pledged: then the deal goes on without
MOST_MATCHES = 50  # matches one room plays (PLAY AGAIN): each kept as its replay, read back with the room
ALL_PLAYED = f"this room has played its {MOST_MATCHES} matches: make a new room to play on"


@dataclass
class Played:
    """A match the room has played, kept while it plays the next ones
    (PLAY AGAIN): its own record and replay, with its shuffle revealed."""

    header: str  # its record's header (rules, players, seed...)
    actions: list[str]
    ended: float | None
    shuffle: Message | None  # (None: a room from before the shuffle's check)

    def record(self) -> str:
        return record_of(self.header, self.actions)

    def file_state(self) -> Message:
        """As the room's state keeps it: its actions are in the room's log (``Room.actions``)."""
        return {"header": self.header, "moves": len(self.actions), "ended": self.ended, "shuffle": self.shuffle}


class Deal:
    """This match's ``shuffle``, the next one's once it is over
    (``next_shuffle``), until when the deal waits for the nonces pledged
    (``reveal_until``), and the matches played before (``earlier``; this
    one is the room's ``match``-th). ``over``: whether this match is over
    (then the deal to come is the next match's)."""

    __slots__ = ("earlier", "match", "next_shuffle", "players", "reveal_until", "shuffle")

    def __init__(self, players: int, shuffle: Shuffle) -> None:
        self.players = players
        # The shuffle every seat's welcome commits to; the nonces of the people seated are mixed into
        # the match's seed as it starts, unless the room's seed fixes it. None: a room from before it.
        self.shuffle: Shuffle | None = shuffle
        # The next match's shuffle, made as this one ends: its commitment goes out with ``over``, before the
        # people's nonces come with their PLAY AGAIN.
        self.next_shuffle: Shuffle | None = None
        # Until when the next deal (the first, or PLAY AGAIN's) waits for the nonces pledged.
        self.reveal_until: float | None = None
        self.match = 1  # which of the room's matches this is (PLAY AGAIN plays the next)
        self.earlier: list[Played] = []  # the matches played before this one

    def pledge(self, seat: int, pledge: object) -> None:
        """A person sat down pledging a nonce to this match's shuffle."""
        if self.shuffle is not None and isinstance(pledge, str):
            self.shuffle = self.shuffle.with_pledge(seat, pledge)

    def pledge_again(self, seat: int, pledge: str | None) -> None:
        """A person said yes to another match pledging a nonce to its shuffle."""
        if self.next_shuffle is not None and pledge is not None:
            self.next_shuffle = self.next_shuffle.with_pledge(seat, pledge)

    def to_deal(self, over: bool) -> Shuffle | None:
        """The shuffle of the match to be dealt next: this one's, or once it is over the next one's."""
        return self.next_shuffle if over else self.shuffle

    def begin_reveal(self, over: bool, now: float) -> bool:
        """The deal waits ``REVEAL_TIME`` at most for the nonces pledged (False: none was, it is dealt now)."""
        shuffle = self.to_deal(over)
        if shuffle is None or not shuffle.awaited:
            return False
        self.reveal_until = now + REVEAL_TIME
        return True

    def reveal_message(self, over: bool, now: float) -> Message:
        """Every pledge, shown to everyone, who is asked for its own nonce."""
        shuffle = self.to_deal(over)
        assert shuffle is not None and shuffle.pledges is not None and self.reveal_until is not None
        return {
            "type": "reveal",
            "match": self.match + 1 if over else self.match,
            "pledges": list(shuffle.pledges),
            "deadline": round(max(0.0, self.reveal_until - now), 2),
        }

    def nonce_refused(self, seat: int, over: bool) -> str | None:
        """Why the seat may not reveal a nonce now (None: it may)."""
        shuffle = self.to_deal(over)
        if self.reveal_until is None or shuffle is None or shuffle.pledges is None:
            return "no deal waits for a nonce now"
        if not shuffle.pledges[seat]:
            return "you pledged no nonce for this deal"
        return None

    def reveal(self, seat: int, nonce: str, over: bool) -> None:
        """The seat's nonce, kept if it is the one it pledged (``ShuffleFailed`` if not)."""
        shuffle = self.to_deal(over)
        assert shuffle is not None
        shuffle = shuffle.with_nonce(seat, nonce)
        if over:
            self.next_shuffle = shuffle
        else:
            self.shuffle = shuffle

    def shuffling(self, over: bool) -> list[int]:
        """The seats whose nonce the deal waits for."""
        shuffle = self.to_deal(over)
        return [] if self.reveal_until is None or shuffle is None else shuffle.awaited

    def all_played(self) -> bool:
        """The room has played as many matches as it may (``MOST_MATCHES``)."""
        return len(self.earlier) + 1 >= MOST_MATCHES

    def match_over(self) -> None:
        """This match is over: the next one's shuffle is committed to now, before PLAY AGAIN's nonces."""
        self.next_shuffle = self.following_shuffle()

    def next_match(self, header: str, actions: list[str], ended: float | None) -> int:
        """The match over (its record's ``header`` and ``actions``) is kept, and
        the next one's shuffle is this one's: its seed, the nonces mixed in."""
        shuffle = None if self.shuffle is None else self.shuffle.as_json()
        self.earlier.append(Played(header, actions, ended, shuffle))
        self.shuffle = self.next_shuffle or self.following_shuffle()
        self.next_shuffle = None
        self.match += 1
        return self.shuffle.match_seed

    def following_shuffle(self) -> Shuffle:
        """The next match's shuffle: random, or, in a room with a fixed seed (the tests'), the next seed."""
        shuffle = self.shuffle
        if shuffle is not None and shuffle.nonces is None:
            return Shuffle.new(self.players, (shuffle.seed + 1) % SEEDS)
        return Shuffle.new(self.players)

    def commitments(self) -> Message:
        """What a welcome, and the news of the next match, commit to."""
        return {} if self.shuffle is None else {"commitment": self.shuffle.commitment}
