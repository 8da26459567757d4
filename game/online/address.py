"""A table's address as a player types it: ``ws://HOST:PORT/ROOM``.

Pure Python (no pyxel, no websockets): the JOIN screen checks what was typed
with it, and the settings check the address they remember.

    check_address("ws://192.168.1.20:8765/kx3Tq9aZ")  # -> (url, None)
    check_address("http://x/y")                       # -> ("", "an address starts ws:// or wss://...")

The scheme is ``ws`` or ``wss`` (a server behind a TLS proxy); the host a
name or an IPv4 address (letters, digits, dots and dashes); the port, when
given, 1 to 65535; the room 1 to 64 letters, digits, ``-`` and ``_``
(``protocol.ROOM_NAME``), or nothing at all: ``ws://HOST:PORT/`` asks the
server for a new room, which it names.
"""

from __future__ import annotations

import re

from .protocol import ROOM_NAME, room_names

ADDRESS_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:/.-_")
ADDRESS_LENGTH = 128  # characters: a long host name and a 64-character room still fit
SCHEMES = ("ws", "wss")
EXAMPLE = "ws://192.168.1.20:8765/ROOM"
_HOST_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


def check_address(text: str) -> tuple[str, str | None]:
    """The address to connect to (its scheme in small letters, ``/`` after a
    bare host), and ``None``; or ``""`` and what is wrong, in words a player
    can act on."""
    if not isinstance(text, str):
        return "", "the address must be text"
    text = text.strip()
    if not text:
        return "", f"type the address your host gave you, such as {EXAMPLE}"
    if len(text) > ADDRESS_LENGTH:
        return "", f"the address is longer than {ADDRESS_LENGTH} characters"
    wrong = sorted({c for c in text if c not in ADDRESS_CHARACTERS})
    if wrong:
        return "", f"an address has no {wrong[0]!r}: letters, digits and : / . - _ only"
    scheme, separator, rest = text.partition("://")
    if not separator or scheme.lower() not in SCHEMES:
        return "", f"an address starts ws:// or wss://, such as {EXAMPLE}"
    where, _, room = rest.partition("/")
    host, colon, port = where.partition(":")
    if not host:
        return "", "the address has no host after ws://: the host's name or numbers, such as 192.168.1.20"
    if not all(_HOST_LABEL.fullmatch(label) for label in host.split(".")):
        return "", f"{host} is not a host: letters, digits, dots and dashes, such as 192.168.1.20"
    if colon and not (port.isdigit() and 1 <= int(port) <= 65535):
        return "", f"the port (after the :) must be a number from 1 to 65535, not {port or 'nothing'}"
    if room and not ROOM_NAME.fullmatch(room):
        return "", "the room after the / is 1 to 64 letters, digits, - and _ (or nothing: a new room)"
    return f"{scheme.lower()}://{where}/{room}", None


def is_address(value: object) -> bool:
    """An address as the settings keep it: nothing yet, or one that checks."""
    return value == "" or (isinstance(value, str) and check_address(value) == (value, None))


def room_address(url: str, room: str | None) -> str:
    """The address of the room itself: ``url`` with the room the server
    named (``ws://HOST:PORT/`` asks for a new room, and the welcome names it)."""
    if not room:
        return url
    base = url.split("?", 1)[0].rstrip("/")
    if base.lower().endswith("/" + room.lower()):  # the room as typed: as the server spells it
        return base[: len(base) - len(room)] + room
    return f"{base}/{room}"


def seat_addresses(url: str) -> list[str]:
    """Where a seat's token for the room typed at ``url`` may be kept: under
    the room's own address (``room_address``), which is one of these, as the
    server finds a room typed in any case (``protocol.room_names``)."""
    if not names_room(url):
        return []
    head, _, room = url.rpartition("/")
    return [f"{head}/{name}" for name in room_names(room)]


def names_room(url: str) -> bool:
    """The address is a room's (not ``ws://HOST:PORT/``, a new one): only
    such an address keeps a seat's token."""
    rest = url.split("://", 1)[-1]
    return "/" in rest and bool(rest.split("/", 1)[1])
