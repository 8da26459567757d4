"""A shuffle anyone can check: the table server's commitment to a match's
seed, and the check that a finished match was dealt from it.

Pure (no asyncio, no pyxel): the server (``room.py``) makes a ``Shuffle``
and sends its ``commitment`` in every ``welcome``; at the match's end the
``over`` message reveals the shuffle (``as_json``); the client's
``Session`` runs ``check`` on it, and ``python -m game.online.verify FILE``
checks a saved online match later. ``docs/online.md`` ("A shuffle anyone
can check") says what it proves and what it does not.

The construction (``v1``)::

    commitment = SHA-256 hex of "UNO 1991 shuffle commitment v1\\nseed N\\nsecret HEX64\\n"
    match seed = first 8 hex digits, as a number, of
                 SHA-256 of "UNO 1991 shuffle seed v1\\nseed N\\nnonces A,B,...\\n"

N is the server's seed in decimal, HEX64 its 32-byte secret in lowercase
hex, and A, B, ... each seat's nonce in seat order (empty for a seat whose
client sent none, a computer's). A room made with a fixed seed (the tests)
mixes in no nonce: its ``nonces`` is null and the match seed is N.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import secrets
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..rules import Game
from ..rules.record import replaying

NONCE_LENGTH = 64  # hex digits a client's nonce has at most (256 bits); ours sends 32
NONCE = re.compile(f"[0-9a-f]{{1,{NONCE_LENGTH}}}")
SECRET = re.compile(r"[0-9a-f]{64}")
SEEDS = 2**32  # the server's seeds, as the engine's own (``Game(seed=None)``)
SEEN_MOST = 1000  # a seat's hands kept for the check: a match's deals and draws are a few hundred
MAX_FILE = 1024 * 1024  # bytes of a saved match ``main`` reads at most (as the game's own saves)
CHECKED = "SHUFFLE CHECKED"
FAILED = "SHUFFLE CHECK FAILED!"
UNCHECKED = "SHUFFLE NOT CHECKED (AN OLDER ROOM)"


class ShuffleFailed(ValueError):
    """The match was not dealt from the shuffle the server committed to: why."""


@dataclass(frozen=True)
class Shuffle:
    """The server's side: its seed and secret, and the nonces mixed in
    (None: a room with a fixed seed, which mixes in none)."""

    seed: int
    secret: str
    nonces: tuple[str, ...] | None

    @classmethod
    def new(cls, players: int, seed: int | None = None) -> Shuffle:
        """A room's shuffle: a random seed and secret, with the nonces to be
        mixed in at the start; or ``seed``, fixed (the tests'), which has
        nothing to hide: no nonces, and a secret made from the seed, so that
        two such rooms are the same room."""
        if seed is not None:
            return cls(seed, hashlib.sha256(f"UNO 1991 fixed seed {seed}\n".encode()).hexdigest(), None)
        return cls(secrets.randbelow(SEEDS), secrets.token_hex(32), ("",) * players)

    @property
    def commitment(self) -> str:
        text = f"UNO 1991 shuffle commitment v1\nseed {self.seed}\nsecret {self.secret}\n"
        return hashlib.sha256(text.encode()).hexdigest()

    @property
    def match_seed(self) -> int:
        """The seed the match is dealt from: the server's, with every seat's nonce mixed in."""
        if self.nonces is None:
            return self.seed
        text = f"UNO 1991 shuffle seed v1\nseed {self.seed}\nnonces {','.join(self.nonces)}\n"
        return int(hashlib.sha256(text.encode()).hexdigest()[:8], 16)

    def with_nonce(self, seat: int, nonce: str) -> Shuffle:
        """The shuffle with ``seat``'s nonce (nothing changes in a room with a fixed seed)."""
        if self.nonces is None:
            return self
        nonces = list(self.nonces)
        nonces[seat] = nonce
        return Shuffle(self.seed, self.secret, tuple(nonces))

    def as_json(self) -> dict[str, Any]:
        """As the ``over`` message reveals it, and a room file keeps it."""
        return {"seed": self.seed, "secret": self.secret, "nonces": None if self.nonces is None else list(self.nonces)}

    @classmethod
    def from_json(cls, data: object, players: int | None = None) -> Shuffle:
        """The shuffle ``as_json`` wrote, checked as any input is (ShuffleFailed, why)."""
        if not isinstance(data, dict):
            raise ShuffleFailed("the shuffle is not an object")
        seed, secret, nonces = data.get("seed"), data.get("secret"), data.get("nonces")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise ShuffleFailed("the shuffle's seed is not a whole number from 0 to 2**63 - 1")
        if not isinstance(secret, str) or not SECRET.fullmatch(secret):
            raise ShuffleFailed("the shuffle's secret is not 64 hex digits")
        if nonces is not None:
            if not isinstance(nonces, list) or not all(
                isinstance(n, str) and (not n or NONCE.fullmatch(n)) for n in nonces
            ):
                raise ShuffleFailed(
                    f"the shuffle's nonces are not a list of hex texts of at most {NONCE_LENGTH} digits"
                )
            if players is not None and len(nonces) != players:
                raise ShuffleFailed(f"the shuffle has {len(nonces)} nonces for {players} seats")
            nonces = tuple(nonces)
        return cls(seed, secret, nonces)


@dataclass(frozen=True)
class Verdict:
    """What the result screen says of the shuffle: ``checked`` (True, False,
    or None for a room that sent no shuffle) and why, in words."""

    checked: bool | None
    reason: str

    @property
    def line(self) -> str:
        return CHECKED if self.checked else FAILED if self.checked is False else UNCHECKED


def check(
    record: str,
    shuffle: object,
    commitment: object,
    seat: int | None = None,
    nonce: str | None = None,
    seen: Sequence[tuple[int, Sequence[str]]] = (),
) -> str:
    """Check a finished match against its shuffle: the ``commitment`` (as
    the ``welcome`` gave it) is the shuffle's; ``seat``'s own ``nonce``
    (None: unknown here) is the one mixed in at that seat; the ``record``
    is dealt from the match seed (no stacked deck, no fixed starter) and
    replays with the engine; and each of ``seen``, ``(moves, hand)``: the
    hand ``seat`` was shown after that many moves, is the hand the engine
    deals it there. What was checked, in words; ShuffleFailed, why not."""
    if not isinstance(commitment, str):
        raise ShuffleFailed("the server sent no commitment before the deal")
    try:
        first = next(replaying(Game, record))
    except ValueError as error:
        raise ShuffleFailed(f"the record is not one: {error}") from None
    revealed = Shuffle.from_json(shuffle, first.players)
    if revealed.commitment != commitment:
        raise ShuffleFailed(f"the seed and secret revealed are not the ones committed to ({commitment[:16]}...)")
    if nonce is not None and seat is not None:
        mixed = None if revealed.nonces is None or not 0 <= seat < len(revealed.nonces) else revealed.nonces[seat]
        if mixed != nonce:
            raise ShuffleFailed(f"your nonce {nonce[:16]} is not the one mixed in at your seat ({mixed})")
    header = first.record().splitlines()
    if any(line.startswith(("deck ", "starter ")) for line in header):
        raise ShuffleFailed("the record stacks its first deck or fixes its starter: its deal is not the seed's")
    if first.seed != revealed.match_seed:
        raise ShuffleFailed(f"the record's seed {first.seed} is not the match seed {revealed.match_seed}")
    shown = dict(seen)
    compared = 0
    try:
        for moves, game in enumerate(replaying(Game, record)):
            hand = shown.pop(moves, None)
            if hand is None or seat is None:
                continue
            dealt = game.view(seat).hand
            if Counter(hand) != Counter(dealt):
                raise ShuffleFailed(
                    f"after move {moves} you were shown {' '.join(hand)}, the seed deals {' '.join(dealt)}"
                )
            compared += 1
    except ValueError as error:
        if isinstance(error, ShuffleFailed):
            raise
        raise ShuffleFailed(f"the record does not replay: {error}") from None
    if shown:
        raise ShuffleFailed(f"you were shown a hand after move {min(shown)}, past the record's end ({moves})")
    hands = "" if seat is None else f"; so does seat {seat}'s hand at each of the {compared} moves that gave it cards"
    return (
        f"seed {revealed.seed} and secret match the commitment; the record follows from match seed {first.seed}{hands}"
    )


def check_saved(text: str | bytes) -> str:
    """Check a saved online match (``game.storage.saves``, with its
    ``shuffle``): what was checked; ShuffleFailed, why not; ValueError for
    a file that is not a saved match, or one that lacks a field the check
    relies on (a check that a missing field could talk out of checking is
    no check: each is required, of its type)."""
    from ..storage.saves import parse  # (here: a client's session, the browser's too, needs no storage)

    saved = parse(text, replay=False)
    kept = saved.shuffle
    if kept is None:
        raise ValueError("this match has no shuffle to check (offline, or from a room older than the check)")
    missing = kept_fields_missing(kept)
    if missing:
        raise ValueError(f"the saved shuffle lacks {', '.join(missing)}: it cannot be checked")
    if kept.get("watcher") is True:  # a watcher was dealt nothing: no seat, nonce or hands to compare
        return check(saved.record, kept, kept["commitment"]) + "; watched: no seat's nonce or hands compared"
    seen = [(moves, tuple(hand)) for moves, hand in kept["seen"]]
    return check(saved.record, kept, kept["commitment"], kept["seat"], kept["nonce"], seen)


def kept_fields_missing(kept: dict[str, Any]) -> list[str]:
    """The fields of a saved shuffle the check relies on that are absent or not of their type, in words."""
    missing = []
    if not isinstance(kept.get("commitment"), str):
        missing.append("the commitment (text)")
    if kept.get("watcher") is True:
        return missing
    if not _whole(kept.get("seat")):
        missing.append("your seat (a whole number)")
    nonce = kept.get("nonce")
    if not isinstance(nonce, str) or not NONCE.fullmatch(nonce):
        missing.append(f"your nonce (hex text of at most {NONCE_LENGTH} digits)")
    seen = kept.get("seen")
    if not isinstance(seen, list) or not all(_shown(item) for item in seen):
        missing.append("the hands you were shown ([moves, [cards]] pairs)")
    return missing


def _whole(value: object) -> bool:
    """A whole number, 0 or more (JSON's true is no number)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _shown(item: object) -> bool:
    return (
        isinstance(item, list)
        and len(item) == 2
        and _whole(item[0])
        and isinstance(item[1], list)
        and all(isinstance(card, str) for card in item[1])
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m game.online.verify FILE``: 0 when the shuffle checks,
    1 when it does not (the reason), 2 when the file cannot be checked."""
    parser = argparse.ArgumentParser(
        prog="python -m game.online.verify",
        description="Check that a finished online match was dealt from the shuffle its server committed to "
        "(docs/online.md, 'A shuffle anyone can check'). Exit 0: checked; 1: the check failed; 2: cannot check.",
    )
    parser.add_argument("file", type=Path, help="a saved online match: a replay the game kept (replays/*.json)")
    path = parser.parse_args(argv).file
    try:
        if not path.is_file():
            raise ValueError("not a file" if path.exists() else "no such file")
        if path.stat().st_size > MAX_FILE:
            raise ValueError(f"larger than {MAX_FILE // 1024} KiB")
        summary = check_saved(path.read_bytes())
    except ShuffleFailed as failed:
        print(f"{path}: {FAILED} {failed}")
        return 1
    except (OSError, ValueError) as error:
        print(f"{path}: cannot be checked: {error}", file=sys.stderr)
        return 2
    print(f"{path}: {CHECKED}: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
