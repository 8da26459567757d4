"""The table server's command line (``python -m game.online.server``,
``python -m game.server``, ``uno1991-server``): its flags (``parse_args``)
and ``--export ROOM``, which reads a room beside a running server;
``server.main`` runs the rest."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import limits
from .server_conn import RATE
from .server_rooms import IDLE_ROOM
from .static_files import SITE_PORT
from .store import StoreError, read_room


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    installed = Path(sys.argv[0]).stem == "uno1991-server"  # the command pip installs, as the player typed it
    parser = argparse.ArgumentParser(
        prog="uno1991-server" if installed else "python -m game.server",
        description="UNO 1991's table server: rooms at ws://HOST:PORT/ROOM.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="where to listen (0.0.0.0: every network)")
    parser.add_argument("--port", type=int, default=8765, help="default 8765; 0 picks a free port")
    parser.add_argument(
        "--data-dir", type=Path, default=Path("uno1991-server"), help="rooms are kept in DIR/rooms.sqlite3"
    )
    parser.add_argument("--store", default=None, help="postgresql://USER@HOST/DB: keep the rooms there")
    parser.add_argument("--export", metavar="ROOM", help="print the room as JSON and exit (also while a server runs)")
    parser.add_argument("--computer-delay", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--react-delay", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--grace", type=float, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--rate", type=float, default=RATE, help=argparse.SUPPRESS)
    parser.add_argument("--idle-room", type=float, default=IDLE_ROOM, help=argparse.SUPPRESS)
    parser.add_argument(
        "--trust-proxy",
        action="store_true",
        help="behind a reverse proxy: a client's address is the last the proxy adds to X-Forwarded-For",
    )
    parser.add_argument(
        "--address-connections",
        type=int,
        default=limits.CONNECTIONS,
        metavar="N",
        help=f"connections open at once from one client address (default {limits.CONNECTIONS}; 0: no limit)",
    )
    parser.add_argument(
        "--address-rooms",
        type=float,
        default=limits.ROOMS_A_MINUTE,
        metavar="N",
        help=f"new rooms a minute from one client address (default {limits.ROOMS_A_MINUTE}; 0: no limit)",
    )
    parser.add_argument(
        "--site", type=Path, metavar="DIR", help="also serve the page's site (python -m game.web --site DIR) over HTTP"
    )
    parser.add_argument(
        "--site-port", type=int, default=SITE_PORT, help=f"--site: its port (default {SITE_PORT}; 0 picks a free port)"
    )
    parser.add_argument("--stop-after", type=float, default=None, help="stop after this many seconds (tests)")
    args = parser.parse_args(argv)
    if args.site is not None and not (args.site / "index.html").is_file():
        parser.error(f"--site {args.site}: no index.html there (python -m game.web --site DIR writes one)")
    return args


def export(args: argparse.Namespace) -> int:
    """``--export ROOM``: the room as its file held it (``table``, ``seats``,
    ``moves``, ``over``, ``record``...), read beside a running server."""
    try:
        file = read_room(args.data_dir, args.store, args.export)
    except StoreError as error:
        print(f"cannot read the rooms: {error}", file=sys.stderr)
        return 1
    except ValueError as error:  # (what the store holds under that name is not a room: UnreadableRoom)
        print(f"room {args.export!r} cannot be read: {error}", file=sys.stderr)
        return 1
    if file is None:
        print(f"there is no room {args.export!r}", file=sys.stderr)
        return 1
    print(json.dumps(file, indent=1))
    return 0
