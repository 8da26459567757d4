"""Playing at an online table: JOIN, HOST and ``--join``; watching one: WATCH and ``--watch``.

``OnlinePlay.connect`` connects to a room (``ws://HOST:PORT/ROOM``); the
lobby (``scenes/lobby.py``) shows it until the room's match starts, then
the table scene an ``OnlineMatch`` (``table/online_match.py``) until it is
over or you leave. The
connection never blocks a frame: the desktop client runs in a thread of its
own, the browser's on the page's WebSocket. A seat's token is kept (in the
data folder, ``online-seats.json``, or the page's localStorage), so that the
same room's address takes you back to your seat after a crash or a reload.
A finished online match is kept for REPLAYS; the statistics count only the
matches played against this machine's computers. The context
(``scenes/context.py``) holds one ``OnlinePlay``.
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

from game.online.address import seat_addresses
from game.online.client import BrowserClient, Client
from game.storage.safe_files import write_atomically
from game.storage.saves import SavedMatch, now
from game.ui.device import runtime
from game.ui.layout import FPS
from game.ui.table.match import TableSettings
from game.ui.table.online_match import OnlineMatch

if TYPE_CHECKING:
    from game.online.hosting import LocalServer
    from game.ui.run import Run

TOKENS_FILE = "online-seats.json"
# What a window's frame keeps of its time after drawing, for pyxel's own
# work (the picture shown, the keys read), when it gives the rest to the
# connection (``rest_online``).
FRAME_MARGIN = 0.005
HOSTED_ROOM_LEFT = "Your online table still runs: HOST takes you back to your seat"


def ended_date(over: dict) -> str:
    """When the match of an ``over`` message ended, by this machine's clock
    (now, if the server did not say: a room from before it did)."""
    ended = over.get("ended")
    if isinstance(ended, int | float) and not isinstance(ended, bool):
        with contextlib.suppress(OverflowError, OSError, ValueError):
            return now(ended)
    return now()


class SeatTokens:
    """The seats' tokens by room address: in ``folder`` (None: this run only)."""

    def __init__(self, folder: Path | None) -> None:
        self.path = None if folder is None else folder / TOKENS_FILE
        self._tokens: dict[str, str] = {}
        if self.path is not None:
            try:
                loaded = json.loads(self.path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                loaded = {}  # none yet, or unreadable: a new seat, nothing else lost
            if isinstance(loaded, dict):
                self._tokens = {k: v for k, v in loaded.items() if isinstance(k, str) and isinstance(v, str)}

    def get(self, url: str) -> str | None:
        """The token of the seat at this room's address, typed in any case
        (never for an address that asks for a new room)."""
        return next((self._tokens[key] for key in seat_addresses(url) if key in self._tokens), None)

    def keep(self, url: str, token: str) -> None:
        if self._tokens.get(url) != token:
            self._tokens[url] = token
            self._write()

    def forget(self, url: str) -> None:
        """A token the room refused: the next join takes a new seat."""
        if [self._tokens.pop(key) for key in seat_addresses(url) if key in self._tokens]:
            self._write()

    def _write(self) -> None:
        if self.path is not None:
            # Unwritable: the seat is still held for this run (a rejoin after a crash would need a new one).
            with contextlib.suppress(OSError):
                write_atomically(self.path, json.dumps(self._tokens, indent=1).encode())


class OnlinePlay:
    """The connection to an online room, the seat's tokens and the table
    server HOST started: what the lobby and an online table work with."""

    def __init__(self, ctx: Run) -> None:
        self._ctx = ctx
        self.client: Client | BrowserClient | None = None  # the room's connection, while at one
        self.hosted: LocalServer | None = None  # the server of the room this machine sits at, if it hosts it
        self.server: LocalServer | None = None  # the table server HOST started, while it runs
        self.match: OnlineMatch | None = None  # the room's match, once it has started
        self.url = ""  # the room's address
        self.fresh = True  # the lobby saw the match start: its deal is animated
        self.over_message: dict | None = None  # a finished match, rejoined
        self._friends: str | None = None
        self._announced: LocalServer | None = None  # the last hosted server the report has named
        self._tokens: SeatTokens | None = None

    def seat_tokens(self) -> SeatTokens:
        if self._tokens is None:
            folder = self._ctx.store.directory
            self._tokens = SeatTokens(folder)
        return self._tokens

    def connect(
        self,
        url: str,
        name: str | None,
        table: dict | None = None,
        server: LocalServer | None = None,
        watch: bool = False,
    ) -> None:
        """Join the room at ``url`` as ``name`` (None: the first person's
        name of the settings; ``table``: the room's table, if this joins
        first and so creates it; ``server``: the one this machine hosts,
        stopped when you leave); with ``watch``, watch it instead (no
        seat, no token, no name)."""
        ctx = self._ctx
        if not ctx.loader.finished:  # --join: straight here from the start
            ctx.load_at_once()
        if name is None:
            name = ctx.settings.names[0] if ctx.settings.names else "PLAYER 1"
        token = None if watch else self.seat_tokens().get(url)
        client: Client | BrowserClient
        if runtime.in_browser():
            import js

            client = BrowserClient(url, name, token, table, storage=js.localStorage, watch=watch)
        else:
            client = Client(url, name, token, table, watch=watch)
        self.client, self.hosted = client.start() if url else client, server  # no address: HOST's server is starting
        self.url = url
        self.fresh = True
        self.over_message = None
        self._friends = None
        if url:
            ctx.notice(f"online watching {url}" if watch else f"online joining {url} as {name.lower()}")
        ctx.audio.stop_music()
        ctx.show("lobby")

    def launch(self) -> LocalServer:
        """HOST: the table server, in a process of its own, for friends on
        the LAN (its rooms in the data folder's ``hosted``; one left running
        by this game's last run is taken over, not started twice).
        HostingError if it cannot start."""
        from game.online.hosting import HOSTED_FOLDER, LocalServer

        server = self.server
        if server is None or not (server.running or server.launching):
            folder = self._ctx.store.directory  # None: a temporary folder
            server = LocalServer(None if folder is None else folder / HOSTED_FOLDER)
            self.server = None
            server.launch()
            self.server = server
        return server

    def hosted_room_left(self) -> str:
        """At the start: what the title menu says when this data folder's
        hosted server still runs the room the last run left by a crash
        ("" when it does not)."""
        folder = self._ctx.store.directory
        if folder is None or runtime.in_browser():
            return ""
        from game.online.hosting import HOSTED_FOLDER, remembered_room, running_server

        hosted = folder / HOSTED_FOLDER
        if not remembered_room(hosted) or running_server(hosted) is None:
            return ""
        self._ctx.notice(HOSTED_ROOM_LEFT)
        return HOSTED_ROOM_LEFT

    def join_hosted(self) -> str | None:
        """The hosted server listens: join it (while it is starting,
        nothing). Why not, if the server has stopped (then nothing is left
        of the connection)."""
        from game.online.hosting import HostingError

        server, waiting = self.hosted, self.client
        assert server is not None and waiting is not None, "join_hosted: a hosted server starting"
        try:
            if not server.listening():
                return None
        except HostingError as error:
            self.client = self.hosted = self.server = None
            return str(error)
        if self._announced is not server:  # said once a server
            self._announced = server
            found = "found running" if server.found else "started"
            self._ctx.notice(f"hosting a table server at {server.friends_url('')} (port {server.port}, {found})")
        room = server.remembered()
        if room and self.seat_tokens().get(server.local_url(room)) is None:
            room = None  # no seat there to take back (its server came back on another port): a new room
        session = waiting.session
        self.connect(server.local_url(room or ""), session.name, None if room else session.table, server)
        return None

    def rest(self, frame_started: float) -> None:
        """In a window, after drawing: the frame's spare time, until
        ``FRAME_MARGIN`` before the next frame is due, to the connection's
        thread (``Client.rest``). ``frame_started``: ``time.perf_counter()``
        when the frame's update began."""
        if self.client is not None:
            self.client.rest(frame_started + 1 / FPS - FRAME_MARGIN - time.perf_counter())

    def sit(self) -> OnlineMatch:
        """The match has started: the table, from the first view."""
        ctx, client = self._ctx, self.client
        assert client is not None, "sit: at a room"
        table = TableSettings(
            ctx.audio,
            ctx.notice,
            ctx.show,
            ctx.next_match.level,
            title_art=not ctx.low_memory,
            as_it_stands=not self.fresh,
        )
        match = OnlineMatch(client, table, over=self._over)
        self.match = match
        match.hints = ctx.settings.hints_for(match.game.rules.name)
        if self.over_message is not None:
            self._over(self.over_message)
        return match

    def play_on(self) -> OnlineMatch | None:
        """The room's next match has begun (PLAY AGAIN, ``PlayAgain.begun``):
        its news taken, and its table once its first state has come (None:
        not yet, and the last match's table shows on)."""
        client = self.client
        assert client is not None, "play_on: at a room"
        client.poll()
        session = client.session
        if session.viewed_match != session.match:
            return None
        if self.hosted is not None and session.room:
            self.hosted.remember(session.room)  # after a crash, HOST takes you back to this match
        self.fresh, self.over_message = session.moves == 0, None  # (its deal animated, unless it came mid-match)
        self._ctx.notice(f"online match {session.match} in room {session.room}")
        return self.sit()

    def _over(self, over: dict) -> None:
        """The match is over (the server's ``over`` message): kept for
        REPLAYS, from this seat's side, dated when it ended."""
        if self.hosted is not None:
            self.hosted.forget()  # HOST opens a new room from now on
        match, client = self.match, self.client
        assert match is not None and client is not None, "over: a match at a room"
        game = match.remote
        names = match.person_names()
        named = [(name or match.seating.name(seat)).lower() for seat, name in enumerate(names)]
        winner = game.match_winner
        assert winner is not None, "over: a match won"
        won = "won" if winner == game.seat else f"{named[winner]} won,"
        score = ", ".join(f"{named[seat]} {n}" for seat, n in enumerate(game.scores))
        session = client.session
        room = f"room {session.room} match {over.get('match', session.match)}: " if session.room else ""
        saved = SavedMatch(
            record=over["record"],
            level=client.session.table.get("level", "normal") if client.session.table else "normal",
            computer_seed=0,
            rules=game.rules.name,
            players=game.players,
            scoring=game.scoring,
            date=ended_date(over),
            result=f"online {room}{won} {score}",
            names=names,
            viewer=match.viewer,  # (a watcher's: the seat at the bottom of the table watched)
            shuffle=client.session.kept_shuffle(),
        )
        warning = self._ctx.store.keep_finished(saved)
        if warning:
            self._ctx.warn(warning)
        else:
            self._ctx.notice("match kept for replays")

    def leave(self) -> bool:
        """Leave the room (your seat is played by a computer until you come
        back with its address); whether this machine still hosts a server.
        It runs on for the friends at its tables (HOST again opens a new
        room on it); it stops by itself once this game is gone and nobody
        has been connected for a while (``game.online.hosting``)."""
        if self.client is not None:
            self.client.close()
        hosting = self.hosted is not None and self.hosted.running
        if self.hosted is not None:
            self.hosted.forget()
        self.client = self.hosted = None
        self.match = None
        self._ctx.notice("left the online table")
        return hosting

    def friends_address(self) -> str | None:
        """The address to give friends, when this machine hosts the room:
        worked out once (it looks up this machine's LAN address)."""
        assert self.client is not None, "friends_address: at a room"
        room = self.client.session.room
        if self.hosted is None or not room:
            return None
        if self._friends is None:
            from game.online.hosting import HostingError

            try:
                self._friends = self.hosted.friends_url(room)
            except HostingError as error:  # the server has stopped
                self._friends = str(error)
        return self._friends
