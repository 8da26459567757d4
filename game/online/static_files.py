"""The page's site (``python -m game.web --site DIR``) served beside the table
server: ``python -m game.server --site DIR`` answers ``http://HOST:SITE_PORT/``
with it, so that friends' phones on a LAN with no Internet open one address
(``http://HOST:SITE_PORT/?join=ws://HOST:PORT/ROOM`` takes them to a room).

A small static server on the table server's event loop: GET and HEAD of the
site's files only (no listing, nothing outside the folder), one answer a
connection, a request's head bounded in size and time, at most
``CONNECTIONS`` at once; files are read off the event loop, in pieces, and
each piece waits for a slow reader.
"""

from __future__ import annotations

import asyncio
import mimetypes
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote, urlsplit

SITE_PORT = 8000
HEAD_LIMIT = 8192  # bytes of a request's line and headers
HEAD_SECONDS = 10.0  # for them to come
SEND_SECONDS = 120.0  # for a piece of a file to be taken by the client
PIECE = 256 * 1024
CONNECTIONS = 64
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".whl": "application/zip"}


class Site:
    """The folder ``root``, answered by ``answer`` for each connection."""

    def __init__(self, root: Path, log: Callable[[str], None] = print) -> None:
        self.root = root.resolve()
        self.log = log
        self.open = asyncio.Semaphore(CONNECTIONS)

    def file_for(self, target: str) -> Path | None:
        """The site's file for a request's target (``/`` is index.html), or None."""
        path = unquote(urlsplit(target).path)
        if not path.startswith("/") or "\0" in path:
            return None
        found = (self.root / path.lstrip("/")).resolve()
        if found.is_dir():
            found = found / "index.html"
        inside = found == self.root or self.root in found.parents
        return found if inside and found.is_file() else None

    async def answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            async with self.open:
                await self._answer(reader, writer)
        except (OSError, TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError):
            pass  # (a client gone, slow or garbled: its connection closes)
        finally:
            writer.close()

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HEAD_SECONDS)
        method, target, *_version = head.split(b"\r\n", 1)[0].decode("latin-1").split(" ")
        if method not in ("GET", "HEAD"):
            await _send(writer, 405, "text/plain", b"GET or HEAD only\n", method == "HEAD")
            return
        path = self.file_for(target)
        if path is None:
            await _send(writer, 404, "text/plain", b"not found\n", method == "HEAD")
            return
        kind = TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        size = path.stat().st_size
        writer.write(_status(200, kind, size))
        if method == "GET":
            with path.open("rb") as file:
                while piece := await asyncio.to_thread(file.read, PIECE):
                    writer.write(piece)
                    await asyncio.wait_for(writer.drain(), SEND_SECONDS)
        await asyncio.wait_for(writer.drain(), SEND_SECONDS)


def _status(code: int, kind: str, size: int) -> bytes:
    reason = {200: "OK", 404: "Not Found", 405: "Method Not Allowed"}[code]
    return (
        f"HTTP/1.1 {code} {reason}\r\nContent-Type: {kind}\r\nContent-Length: {size}\r\n"
        "Cache-Control: no-cache\r\nConnection: close\r\n\r\n"
    ).encode("latin-1")


async def _send(writer: asyncio.StreamWriter, code: int, kind: str, body: bytes, head_only: bool) -> None:
    writer.write(_status(code, kind, len(body)) + (b"" if head_only else body))
    await asyncio.wait_for(writer.drain(), SEND_SECONDS)


async def serve(root: Path, host: str, port: int, log: Callable[[str], None] = print) -> asyncio.Server:
    """The site in ``root`` served on ``host``:``port`` (0: a free port), said on ``log``."""
    site = Site(root, log)
    server = await asyncio.start_server(site.answer, host, port, limit=HEAD_LIMIT)
    bound = server.sockets[0].getsockname()
    log(f"the page: http://{bound[0]}:{bound[1]}/ (the site {site.root})")
    return server
