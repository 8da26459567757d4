"""A shuffle anyone can check: the table server's commitment to a match's
seed, and the check that a finished match was dealt from it.

Pure (no asyncio, no pyxel): the server (``room.py``) makes a ``Shuffle``
and sends its ``commitment`` in every ``welcome``; at the match's end the
``over`` message reveals the shuffle (``as_json``); the client's
``Session`` runs ``check`` on it, and ``python -m game.online.verify FILE``
checks a saved online match later. ``docs/online.md`` ("A shuffle anyone
can check") says what it proves and what it does not.

The construction (``v1``; pledges since the second version of the check)::

    commitment = SHA-256 hex of "UNO 1991 shuffle commitment v1\\nseed N\\nsecret HEX64\\n"
    pledge     = SHA-256 hex of "UNO 1991 nonce pledge v1\\nnonce A\\n"
    match seed = first 8 hex digits, as a number, of
                 SHA-256 of "UNO 1991 shuffle seed v1\\nseed N\\nnonces A,B,...\\n"

N is the server's seed in decimal, HEX64 its 32-byte secret in lowercase
hex, and A, B, ... each seat's nonce in seat order (empty for a seat that
pledged none, a computer's, or did not reveal its nonce in time). A seat
sends only its nonce's pledge as it takes its seat (or says PLAY AGAIN);
once every seat is fixed the server sends everyone the pledges (``reveal``)
and only then do the seats send their nonces, which must match their
pledges: nobody chooses a nonce after seeing another. A room made with a
fixed seed (the tests) mixes in no nonce: its ``nonces`` is null and the
match seed is N.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import secrets
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
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
NOT_PROVEN = "SHUFFLE NOT PROVEN: YOUR NONCE NOT IN IT"
UNCHECKED = "SHUFFLE NOT CHECKED (AN OLDER ROOM)"


class ShuffleFailed(ValueError):
    """The match was not dealt from the shuffle the server committed to: why."""


class NotInShuffle(ShuffleFailed):
    """The deal may follow from the shuffle revealed, but not with this
    seat's part in it: its nonce was never asked for or not mixed in, or
    it was shown no hand to compare. The server could have chosen such a
    deal by trying nonces of its own, so nothing was proven to this seat."""


@dataclass(frozen=True)
class Shuffle:
    """The server's side: its seed and secret, the nonces mixed in (None: a
    room with a fixed seed, which mixes in none), and the seats' pledges to
    their nonces (empty for a seat that pledged none)."""

    seed: int
    secret: str
    nonces: tuple[str, ...] | None
    pledges: tuple[str, ...] | None = None

    @classmethod
    def new(cls, players: int, seed: int | None = None) -> Shuffle:
        """A room's shuffle: a random seed and secret, with the nonces to be
        mixed in at the start; or ``seed``, fixed (the tests'), which has
        nothing to hide: no nonces, and a secret made from the seed, so that
        two such rooms are the same room."""
        if seed is not None:
            return cls(seed, hashlib.sha256(f"UNO 1991 fixed seed {seed}\n".encode()).hexdigest(), None)
        return cls(secrets.randbelow(SEEDS), secrets.token_hex(32), ("",) * players, ("",) * players)

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

    def with_pledge(self, seat: int, pledge: str) -> Shuffle:
        """The shuffle with ``seat``'s pledge to its nonce (nothing changes in a room with a fixed seed)."""
        if self.nonces is None or self.pledges is None:
            return self
        return replace(self, pledges=_put(self.pledges, seat, pledge))

    def with_nonce(self, seat: int, nonce: str) -> Shuffle:
        """The shuffle with ``seat``'s nonce revealed: ShuffleFailed unless it is the one the seat pledged."""
        if self.nonces is None or self.pledges is None:
            return self
        if pledge_of(nonce) != self.pledges[seat]:
            raise ShuffleFailed("this nonce is not the one you pledged: the deal goes on without it")
        return replace(self, nonces=_put(self.nonces, seat, nonce))

    @property
    def awaited(self) -> list[int]:
        """The seats that pledged a nonce and have not revealed it yet."""
        if self.nonces is None or self.pledges is None:
            return []
        return [seat for seat, pledge in enumerate(self.pledges) if pledge and not self.nonces[seat]]

    def as_json(self) -> dict[str, Any]:
        """As the ``over`` message reveals it, and a room file keeps it."""
        nonces, pledges = self.nonces, self.pledges
        return {
            "seed": self.seed,
            "secret": self.secret,
            "nonces": None if nonces is None else list(nonces),
            "pledges": None if pledges is None else list(pledges),
        }

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
        if nonces is None:
            return cls(seed, secret, None)
        nonces = hex_texts(nonces, players, "nonces")
        pledges = data.get("pledges")  # (a room from before the pledges has none: no seat pledged)
        pledges = ("",) * len(nonces) if pledges is None else hex_texts(pledges, len(nonces), "pledges")
        return cls(seed, secret, nonces, pledges)


def hex_texts(items: object, players: int | None, what: str) -> tuple[str, ...]:
    """A seat's list of nonces or pledges: hex texts, or empty (ShuffleFailed, why not)."""
    if not isinstance(items, list) or not all(_hex_or_empty(item) for item in items):
        raise ShuffleFailed(f"the shuffle's {what} are not a list of hex texts of at most {NONCE_LENGTH} digits")
    if players is not None and len(items) != players:
        raise ShuffleFailed(f"the shuffle has {len(items)} {what} for {players} seats")
    return tuple(items)


def pledge_of(nonce: str) -> str:
    """A seat's pledge to its nonce: sent before any nonce is shown, and matched by the nonce after."""
    return hashlib.sha256(f"UNO 1991 nonce pledge v1\nnonce {nonce}\n".encode()).hexdigest()


def _put(items: tuple[str, ...], seat: int, item: str) -> tuple[str, ...]:
    return (*items[:seat], item, *items[seat + 1 :])


@dataclass(frozen=True)
class Verdict:
    """What the result screen says of the shuffle: ``checked`` (True, False,
    or None for a room that sent no shuffle) and why, in words;
    ``unproven``: not checked for this seat, which was not part of the
    shuffle (``NotInShuffle``), shown as plainly as a failed check."""

    checked: bool | None
    reason: str
    unproven: bool = False

    @classmethod
    def of_failure(cls, failed: ShuffleFailed) -> Verdict:
        return cls(False, str(failed), isinstance(failed, NotInShuffle))

    @property
    def line(self) -> str:
        if self.checked:
            return CHECKED
        if self.checked is None:
            return UNCHECKED
        return NOT_PROVEN if self.unproven else FAILED


def check(
    record: str,
    shuffle: object,
    commitment: object,
    seat: int | None = None,
    nonce: str | None = None,
    seen: Sequence[tuple[int, Sequence[str]]] = (),
    pledged: Sequence[str] | None = None,
) -> str:
    """Check a finished match against its shuffle: the ``commitment`` (as
    the ``welcome`` gave it) is the shuffle's; ``seat``'s own ``nonce``
    (None: unknown here) is the one mixed in at that seat, or none (not
    revealed in time); every nonce mixed in is the one its seat pledged in
    ``pledged``, the pledges this seat was shown before it revealed its own
    (None: it was not shown them); the ``record`` is dealt from the match
    seed (no stacked deck, no fixed starter) and replays with the engine;
    and each of ``seen``, ``(moves, hand)``: the hand ``seat`` was shown
    after that many moves, is the hand the engine deals it there. What was
    checked, in words; ShuffleFailed, why not."""
    if not isinstance(commitment, str):
        raise ShuffleFailed("the server sent no commitment before the deal")
    try:
        first = next(replaying(Game, record))
    except ValueError as error:
        raise ShuffleFailed(f"the record is not one: {error}") from None
    revealed = Shuffle.from_json(shuffle, first.players)
    if revealed.commitment != commitment:
        raise ShuffleFailed(f"the seed and secret revealed are not the ones committed to ({commitment[:16]}...)")
    notes = _nonces_checked(revealed, first.players, seat, nonce, pledged)
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
    _your_part_checked(revealed, seat, nonce, pledged, compared)
    hands = "" if seat is None else f"; so does seat {seat}'s hand at each of the {compared} moves that gave it cards"
    summary = f"seed {revealed.seed} and secret match the commitment; the record follows from match seed {first.seed}"
    return "; ".join([summary + hands, *notes])


def _nonces_checked(
    revealed: Shuffle, players: int, seat: int | None, nonce: str | None, pledged: Sequence[str] | None
) -> list[str]:
    """Check the nonces mixed in: yours (``nonce`` at ``seat``) is there or was left out, and each
    is the one its seat pledged before any was revealed. What the check found, in words; ShuffleFailed."""
    nonces = revealed.nonces
    if nonce and seat is not None:
        if pledged is not None and (not 0 <= seat < len(pledged) or pledged[seat] != pledge_of(nonce)):
            raise ShuffleFailed("the pledges you were shown before the reveal had another at your seat")
        mixed = None if nonces is None or not 0 <= seat < len(nonces) else nonces[seat]
        if mixed not in ("", nonce):
            raise ShuffleFailed(f"your nonce {nonce[:16]} is not the one mixed in at your seat ({mixed})")
    if nonces is None:
        return []
    if pledged is None:
        return ["the nonces' pledges were not checked: you were not at the table when they were shown"]
    if len(pledged) != players:
        raise ShuffleFailed(f"you were shown {len(pledged)} pledges for {players} seats")
    for number, (mixed, pledge) in enumerate(zip(nonces, pledged, strict=True)):
        if mixed and pledge_of(mixed) != pledge:
            raise ShuffleFailed(f"seat {number}'s nonce is not the one it pledged before the nonces were revealed")
    notes = [f"every nonce mixed in is the one its seat pledged before any was revealed ({sum(map(bool, nonces))})"]
    missing = [number for number, pledge in enumerate(pledged) if pledge and not nonces[number]]
    if missing:
        seats = ", ".join(str(number) for number in missing)
        notes.append(f"dealt without the nonce of seat {seats}: pledged, not revealed in time")
    return notes


def _your_part_checked(
    revealed: Shuffle, seat: int | None, nonce: str | None, pledged: Sequence[str] | None, compared: int
) -> None:
    """Once the shuffle is known to be honest, check that ``seat`` took part in it: the
    nonce it pledged is the one mixed in at its seat, and a hand it was shown was compared
    (NotInShuffle, why not: without its nonce the server could have tried nonces of its
    own until the deal suited it, and without a hand nothing of its deal was checked)."""
    if seat is None:
        return
    nonces = revealed.nonces
    if nonce and nonces is not None and nonces[seat] != nonce:
        if pledged is None:
            why = "the server dealt without ever asking for your nonce"
        else:
            why = "your nonce was left out of the deal (the server says it came too late)"
        raise NotInShuffle(f"{why}: it could have chosen this deal by trying nonces of its own")
    if not compared:
        raise NotInShuffle("no hand you were shown is kept: nothing of your deal was compared")


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
        checked = check(saved.record, kept, kept["commitment"], pledged=kept["pledged"])
        return checked + "; watched: no seat's nonce or hands compared"
    seen = [(moves, tuple(hand)) for moves, hand in kept["seen"]]
    return check(saved.record, kept, kept["commitment"], kept["seat"], kept["nonce"], seen, kept["pledged"])


def kept_fields_missing(kept: dict[str, Any]) -> list[str]:
    """The fields of a saved shuffle the check relies on that are absent or not of their type, in words."""
    missing = []
    if not isinstance(kept.get("commitment"), str):
        missing.append("the commitment (text)")
    pledged = kept.get("pledged", False)
    if pledged is not None and not (isinstance(pledged, list) and all(_hex_or_empty(p) for p in pledged)):
        missing.append("the pledges you were shown before the reveal (a list of hex texts, or null)")
    if kept.get("watcher") is True:
        return missing
    if not _whole(kept.get("seat")):
        missing.append("your seat (a whole number)")
    if not _hex_or_empty(kept.get("nonce")):
        missing.append(f"your nonce (hex text of at most {NONCE_LENGTH} digits, or empty for none)")
    seen = kept.get("seen")
    if not isinstance(seen, list) or not all(_shown(item) for item in seen):
        missing.append("the hands you were shown ([moves, [cards]] pairs)")
    return missing


def _hex_or_empty(value: object) -> bool:
    return isinstance(value, str) and (not value or NONCE.fullmatch(value) is not None)


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
    1 when it does not or your seat had no part in it (the reason), 2 when
    the file cannot be checked."""
    parser = argparse.ArgumentParser(
        prog="python -m game.online.verify",
        description="Check that a finished online match was dealt from the shuffle its server committed to "
        "(docs/online.md, 'A shuffle anyone can check'). Exit 0: checked; 1: the check failed, or your seat's "
        "nonce or hands were not in it (not proven); 2: cannot check.",
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
        print(f"{path}: {Verdict.of_failure(failed).line} {failed}")
        return 1
    except (OSError, ValueError) as error:
        print(f"{path}: cannot be checked: {error}", file=sys.stderr)
        return 2
    print(f"{path}: {CHECKED}: {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
