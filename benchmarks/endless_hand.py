"""A hand that never ends, at a table server's room: two people drawing and
passing for ever. Prints, as the hand grows, what a move costs the room
(its views and messages, without saving) and the size of a rejoin's
message: neither may grow with the hand.

    python -m benchmarks.endless_hand [MOVES ...]     # default 1000 10000 50000 200000
"""

from __future__ import annotations

import argparse
import time

from game.online.protocol import Session, encode
from game.online.room import Room
from game.online.room_table import check_table

MEASURED = 500  # moves timed at each mark


def draw_or_pass(room: Room) -> None:
    seat = room.game.turn
    action = next(a for a in room.game.legal(seat) if a in ("draw", "pass") or a.startswith("keep"))
    room.handle(("ann", "bob")[seat], {"type": "act", "action": action}, 1.0)


def rejoin_size(room: Room, token: str) -> int:
    """Bytes of the largest message a rejoin of seat 1 is sent."""
    room.leave("bob", 1.0)
    out = room.join("bob", {"type": "hello", "token": token}, 1.0)
    return max(len(encode(message)) for _, message in out)


def main(marks: list[int]) -> None:
    room = Room("endless", check_table({"rules": "standard", "players": 2}), seed=1, computer_seed=1)
    tokens = {}
    for conn in ("ann", "bob"):
        session = Session(conn)
        for _, message in room.join(conn, session.hello(), 0.0):
            session.receive(message)
        tokens[conn] = session.token
    for mark in marks:
        while room.play.moves < mark:
            draw_or_pass(room)
        began = time.perf_counter()
        for _ in range(MEASURED):
            draw_or_pass(room)
        each = (time.perf_counter() - began) / MEASURED * 1000
        size = rejoin_size(room, tokens["bob"])
        hand = room.game.hand_number
        print(f"{room.play.moves:>7} moves in hand {hand}: {each:.3f} ms a move, a rejoin {size / 1024:.1f} KB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m benchmarks.endless_hand", description=__doc__.split("\n\n")[0])
    parser.add_argument("moves", type=int, nargs="*", default=[1000, 10_000, 50_000, 200_000], help="where to measure")
    main(parser.parse_args().moves)
