"""A room's address, as a player types it: ``ws://HOST:PORT/ROOM``.

``wss://`` for a server behind a TLS proxy; the port may be left out (the
scheme's own); an empty room (``ws://HOST:PORT/``) asks the server to name
a new room. Checked before any connection, so a mistyped address gets its
reason at once rather than a connection that retries for ever.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from .protocol import ROOM_NAME


class AddressError(ValueError):
    """What is wrong with an address, in a player's words."""


def check_address(text: str) -> str:
    """The address, tidied (spaces off the ends), or AddressError."""
    address = text.strip()
    try:
        parts = urlsplit(address)
        port = parts.port
    except ValueError as error:
        raise AddressError(f"{address!r} is not an address: {error}") from None
    if parts.scheme not in ("ws", "wss"):
        raise AddressError("an address starts with ws:// (or wss://), as in ws://192.168.1.20:8765/ROOM")
    if not parts.hostname:
        raise AddressError("the address needs a host after ws://, as in ws://192.168.1.20:8765/ROOM")
    if port == 0:
        raise AddressError("port 0 is no server's port")
    room = parts.path[1:] if parts.path.startswith("/") else parts.path
    if room and not ROOM_NAME.fullmatch(room):
        raise AddressError("a room's name is 1 to 64 letters, digits, - or _")
    if parts.query or parts.fragment:
        raise AddressError("an address ends with the room's name")
    return address
