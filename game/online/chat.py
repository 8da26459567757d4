"""Quick chat at an online table: a handful of fixed sayings, no free text.

A person says one of ``SAYINGS`` (a phrase, or an emote: a picture of
``resources.pyxres`` by its name); the server sends it to everyone in the
room, the sender included, as ``{"type": "chat", "seat": S, "say": ...}``.
With nothing typed there is nothing to moderate. Each seat may say
``BURST`` at once and then one every ``EVERY`` seconds (``Allowance``): the
server refuses the rest, and the client keeps to the same allowance, so
that a person pressing fast sees "wait" rather than a refusal.
"""

from __future__ import annotations

from dataclasses import dataclass

PHRASES = ("GOOD GAME", "NICE ONE", "OOPS", "HURRY UP", "GOOD LUCK", "THANKS")
EMOTES = ("SMILE", "SAD", "WOW", "GRR")  # pictures (resources.EMOTE_RECTS), named on the wire
SAYINGS = PHRASES + EMOTES
LONGEST = max(len(saying) for saying in SAYINGS)
BURST = 3  # sayings at once
EVERY = 2.0  # seconds for each one more
REFUSED = f"quick chat: at most {BURST} at once, then one every {EVERY:g} seconds"


@dataclass
class Allowance:
    """A token bucket: ``BURST`` tokens, one more every ``EVERY`` seconds.

    >>> allowance = Allowance()
    >>> [allowance.take(0.0) for _ in range(BURST + 1)]
    [True, True, True, False]
    >>> allowance.take(EVERY)
    True
    """

    tokens: float = BURST
    stamp: float | None = None

    def _refill(self, now: float) -> None:
        if self.stamp is not None:
            self.tokens = min(BURST, self.tokens + (now - self.stamp) / EVERY)
        self.stamp = now

    def ready(self, now: float) -> bool:
        """Whether a saying may go now (without taking it)."""
        self._refill(now)
        return self.tokens >= 1

    def take(self, now: float) -> bool:
        """Take one saying's token at ``now`` (seconds), or False: none left."""
        if not self.ready(now):
            return False
        self.tokens -= 1
        return True


class Chat:
    """A room's quick chat: each seat's allowance. What is said is not kept:
    a chat is of the moment, and is no move of the match."""

    __slots__ = ("allowances",)

    def __init__(self) -> None:
        self.allowances: dict[int, Allowance] = {}  # each seat's

    def say(self, seat: int, say: str, now: float) -> dict[str, object]:
        """The saying, for everyone in the room, or the error, for the seat
        alone (not one of ``SAYINGS``, or past the seat's allowance)."""
        if say not in SAYINGS:
            return {"type": "error", "reason": f"say one of {', '.join(SAYINGS)}"}
        if not self.allowances.setdefault(seat, Allowance()).take(now):
            return {"type": "error", "reason": REFUSED}
        return {"type": "chat", "seat": seat, "say": say}
