"""A room's file: what a room store holds of a room, written from a
``Room`` (``to_file``, and ``file_state`` without its records' actions) and
read back into one, checked as any input is: a file edited, cut short or
made to harm is a ``BadRoomFile`` with its reason, never a room that fails
later.
"""

from __future__ import annotations

import json
import math
from typing import Any

from ..rules import Game
from ..rules.rulesets import SCEPTER_SECONDS
from .protocol import ROOM_NAME, Message, ProtocolError, clean_name
from .room import Room
from .room_deal import MOST_MATCHES, REVEAL_TIME, Played
from .room_match import record_header, recorded_actions
from .room_seats import TOKEN_SHA256
from .room_table import TableSettings, check_table, whole
from .verify import Shuffle, ShuffleFailed

FILE_VERSION = 1


class BadRoomFile(ValueError):
    """A room file (or what a store holds of a room) that is not a room."""


def room_from_text(text: str | bytes, now: float) -> Room[Any]:
    """The room a room file's JSON text holds: ``from_file`` after the
    JSON is read (nested too deep for Python's parser is a bad file)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise BadRoomFile(f"not JSON: {str(error)[:80] or type(error).__name__}") from None
    return room_from_file(data, now)


def room_from_file(data: Message, now: float) -> Room[Any]:
    """The room ``to_file`` wrote, checked as any input is: BadRoomFile,
    with the reason, for anything that is not such a room (a file
    edited, cut short, or made to harm: a scepter restarted millions of
    times would take the server minutes to wind on)."""
    try:
        return _read(data, now)
    except BadRoomFile:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, OverflowError) as error:
        raise BadRoomFile(f"{type(error).__name__}: {str(error)[:120]}") from None


def _read(data: Message, now: float) -> Room[Any]:
    if not isinstance(data, dict) or data.get("version") != FILE_VERSION:
        raise BadRoomFile("not a room file of version 1")
    name, seed, moves = data["room"], data["computer_seed"], data["moves"]
    if not isinstance(name, str) or not ROOM_NAME.fullmatch(name):
        raise BadRoomFile("its room name is not one")
    if not whole(seed) or not 0 <= seed < 2**63 or not whole(moves) or moves < 0:
        raise BadRoomFile("its computer seed and moves must be whole numbers")
    if not isinstance(data["record"], str) or not isinstance(data.get("created", ""), str):
        raise BadRoomFile("its record and date must be text")
    room: Room[Any] = Room(name, check_table(data["table"]), seed=0, computer_seed=seed)
    play, deal = room.play, room.deal
    play.game = game = _replay(data["record"], room.table)
    earlier = data.get("earlier", [])
    if not isinstance(earlier, list) or len(earlier) >= MOST_MATCHES:
        raise BadRoomFile(f"its earlier matches are not a list of fewer than {MOST_MATCHES}")
    deal.earlier = [_played(played, room.table) for played in earlier]
    play.moves = len(recorded_actions(game))
    if room.logged != moves:
        raise BadRoomFile("moves do not agree with the records")
    deal.match = len(deal.earlier) + 1
    if data.get("match", deal.match) != deal.match:
        raise BadRoomFile("its match's number is not one more than its earlier matches")
    room.created = data.get("created", room.created)[:32]
    play.ended = _ended(data.get("ended"))
    deal.shuffle = _shuffle(data.get("shuffle"), game.players)
    deal.next_shuffle = _shuffle(data.get("next_shuffle"), game.players)
    play.started, play.over = _flag(data["started"]), _flag(data["over"])
    if _flag(data.get("revealing", False)) and (play.over or not play.started):
        deal.reveal_until = now + REVEAL_TIME  # the deal waited for nonces: it asks again, the rejoins reveal theirs
        if not deal.shuffling(play.over):  # (none is awaited: the next deal asks afresh)
            deal.reveal_until = None
    room.played = moves > 0
    creator = data.get("creator", 0)
    if not whole(creator) or not 0 <= creator < len(room.seats):
        raise BadRoomFile("its creator is not one of its seats")
    room.seating.creator = creator
    seats = data["seats"]
    if not isinstance(seats, list) or len(seats) != len(room.seats):
        raise BadRoomFile("the seats do not match the table")
    for number, (seat, saved) in enumerate(zip(room.seats, seats, strict=True)):
        seat.kind, seat.name, seat.token_sha256 = _seat_fields(saved, number)
        seat.standin = _flag(saved.get("standin", False))
        seat.dropped = now
    play.turn_key, play.turn_since = play.turn(), now
    if play.scepter is not None and data.get("scepter"):
        play.scepter.restore(*_scepter_state(data["scepter"], recorded_actions(game).count("fanfare")))
    return room


def _replay(record: object, table: TableSettings) -> Game:
    """A match's record, replayed: it must be of the room's table."""
    if not isinstance(record, str):
        raise BadRoomFile("a record must be text")
    game = Game.replay(record)
    if (game.rules.name, game.players, game.teams) != (table["rules"], table["players"], table["teams"]):
        raise BadRoomFile("its record is not of its table's rules, players and partners")
    return game


def _played(played: object, table: TableSettings) -> Played:
    """An earlier match of the room (PLAY AGAIN), checked as the room's own: it must be over."""
    if not isinstance(played, dict):
        raise BadRoomFile("an earlier match is an object")
    game = _replay(played["record"], table)
    if not game.match_over:
        raise BadRoomFile("an earlier match is not over")
    shuffle = _shuffle(played.get("shuffle"), game.players)
    revealed = None if shuffle is None else shuffle.as_json()
    return Played(record_header(game), recorded_actions(game), _ended(played.get("ended")), revealed)


def _ended(ended: object) -> float | None:
    """When a match ended (None: not yet, or not said)."""
    if ended is None:
        return None
    if isinstance(ended, int | float) and not isinstance(ended, bool) and 0 <= ended < 1e11:
        return float(ended)
    raise BadRoomFile("its end must be a time in seconds")


def _shuffle(data: object, players: int) -> Shuffle | None:
    try:
        return None if data is None else Shuffle.from_json(data, players)
    except ShuffleFailed as error:
        raise BadRoomFile(str(error)) from None


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise BadRoomFile(f"{str(value)[:20]!r} where true or false belongs")
    return value


def _seat_fields(saved: object, number: int) -> tuple[str, str | None, str | None]:
    """A seat's kind, name and token's digest, as a room file keeps them
    (a name as ``clean_name`` makes it today: a file written before it
    took other letters keeps its room)."""
    if not isinstance(saved, dict):
        raise BadRoomFile("a seat is an object")
    kind, name, digest = saved["kind"], saved["name"], saved["token_sha256"]
    if kind not in ("person", "computer"):
        raise BadRoomFile(f"a seat is a person or a computer, not {str(kind)[:20]!r}")
    if name is not None:
        if not isinstance(name, str) or len(name) > 64:
            raise BadRoomFile(f"a seat's name is not one: {str(name)[:20]!r}")
        try:
            name = clean_name(name)
        except ProtocolError:
            name = f"PLAYER {number + 1}"
    if digest is not None and (not isinstance(digest, str) or not TOKEN_SHA256.fullmatch(digest)):
        raise BadRoomFile("a seat's token is not a SHA-256 digest")
    return kind, name, digest


def _scepter_state(state: object, fanfares: int) -> tuple[float, float, int]:
    """The scepter's [seconds run, length, restarts], checked: each restart
    sounded a fanfare in the record (so winding the clock's generator on to
    its next length costs no more than the record's replay)."""
    if not isinstance(state, list) or len(state) != 3:
        raise BadRoomFile("the scepter is [seconds run, length, restarts]")
    run, length, restarts = state
    shortest, longest = SCEPTER_SECONDS
    if not all(isinstance(value, int | float) and not isinstance(value, bool) for value in (run, length)):
        raise BadRoomFile("the scepter's seconds must be numbers")
    if not (0 <= run < math.inf and shortest <= length <= longest):
        raise BadRoomFile(f"the scepter's timer runs {shortest} to {longest} s, not {length!r} ({run!r} run)")
    if not whole(restarts) or not 0 <= restarts <= fanfares:
        raise BadRoomFile(f"the scepter restarted {str(restarts)[:20]} times, its record sounds {fanfares} fanfares")
    return float(run), float(length), int(restarts)


def to_file(room: Room[Any]) -> Message:
    """The room file: its state, this match's record, and each earlier
    match's record (``moves`` counts every match's actions)."""
    state = file_state(room)
    del state["header"]
    earlier = [
        {"record": played.record(), "ended": played.ended, "shuffle": played.shuffle} for played in room.deal.earlier
    ]
    return {**state, "earlier": earlier, "moves": room.logged, "record": room.game.record()}


def file_state(room: Room[Any]) -> Message:
    """The room file without its records' actions: what changes with the
    seats and the timers, and the records' headers (the stores keep the
    actions apart, one each, every match's in one log: ``actions``)."""
    play, deal = room.play, room.deal
    scepter = play.scepter  # [seconds run, seconds it runs for, fanfares so far]
    return {
        "version": FILE_VERSION,
        "room": room.name,
        "created": room.created,
        "ended": play.ended,
        "table": room.table,
        "computer_seed": room.computer_seed,
        "started": play.started,
        "over": play.over,
        "seats": [
            {"kind": s.kind, "name": s.name, "token_sha256": s.token_sha256, "standin": s.standin} for s in room.seats
        ],
        "scepter": None if scepter is None else [round(scepter.run, 2), scepter.length, scepter.restarts],
        "shuffle": None if deal.shuffle is None else deal.shuffle.as_json(),  # (its secret: never sent before ``over``)
        "next_shuffle": None if deal.next_shuffle is None else deal.next_shuffle.as_json(),
        "revealing": deal.reveal_until is not None,  # (a restart asks again, for REVEAL_TIME more)
        "match": deal.match,
        "creator": room.seating.creator,
        "earlier": [played.file_state() for played in deal.earlier],
        "header": play.record_header_text(),
    }
