"""Playing at an online table, as the App runs it: JOIN, HOST and ``--join``.

``_go_online`` connects to a room (``ws://HOST:PORT/ROOM``), shows the
lobby (``lobby.py``) until the room's match starts, then an
``OnlineMatch`` (``online_table.py``) until it is over or you leave. The
connection never blocks a frame: the desktop client runs in a thread of its
own, the browser's on the page's WebSocket. A seat's token is kept (in the
data folder, ``online-seats.json``, or the page's localStorage), so that the
same room's address takes you back to your seat after a crash or a reload.
A finished online match is kept for REPLAYS; the statistics count only the
matches played against this machine's computers. ``App`` mixes this in.
"""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path

from game.online.address import room_address, seat_addresses
from game.online.client import BrowserClient, Client, refused_for_good
from game.storage.safe_files import write_atomically
from game.storage.saves import SavedMatch, now
from game.ui.layout import FPS
from game.ui.platform import keys, runtime
from game.ui.scenes import lobby
from game.ui.scenes.lobby import STARTING
from game.ui.table import narration
from game.ui.table.online_match import OnlineMatch

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
    """The scenes ``lobby`` and, through ``OnlineMatch``, the match's."""

    online: Client | BrowserClient | None = None
    hosted = None  # the server this machine hosts (``game.online.hosting.LocalServer``), if any
    _announced = None  # the last hosted server the report has named

    def _seat_tokens(self) -> SeatTokens:
        if getattr(self, "_tokens", None) is None:
            folder = self.store.directory
            self._tokens = SeatTokens(folder)
        return self._tokens

    def _go_online(self, url: str, name: str | None, table: dict | None = None, server=None) -> None:
        """Join the room at ``url`` as ``name`` (None: the first person's
        name of the settings; ``table``: the room's table, if this joins
        first and so creates it; ``server``: the one this machine hosts,
        stopped when you leave)."""
        if not self.loader.finished:  # --join: straight here from the start
            self._load_at_once()
        if name is None:
            name = self.settings.names[0] if self.settings.names else "PLAYER 1"
        tokens = self._seat_tokens()
        token = tokens.get(url)
        if runtime.in_browser():
            import js

            client = BrowserClient(url, name, token, table, storage=js.localStorage)
        else:
            client = Client(url, name, token, table)
        self.online, self.hosted = client.start() if url else client, server  # no address: HOST's server is starting
        self._online_url = url
        self._online_fresh = True  # the lobby saw the match start: its deal is animated
        self._online_over_message: dict | None = None
        self._friends: str | None = None
        if url:
            self.notice(f"online joining {url} as {name.lower()}")
        self.audio.stop_music()
        self._set_scene("lobby")

    def _hosted_room_left(self) -> str:
        """At the start: what the title menu says when this data folder's
        hosted server still runs the room the last run left by a crash
        ("" when it does not)."""
        folder = self.store.directory
        if folder is None or runtime.in_browser():
            return ""
        from game.online.hosting import HOSTED_FOLDER, remembered_room, running_server

        hosted = folder / HOSTED_FOLDER
        if not remembered_room(hosted) or running_server(hosted) is None:
            return ""
        self.notice(HOSTED_ROOM_LEFT)
        return HOSTED_ROOM_LEFT

    def _host_online(self, server, name: str, table: dict) -> None:
        """Sit at this machine's own server (``game.online.hosting.LocalServer``),
        as ``name``: the lobby says it is starting until it listens (a
        frame never waits for it), then joins the room a crash left, if its
        seat's token is kept, else a new room of ``table``."""
        self._go_online("", name, table, server)
        self.online.status = STARTING
        self._join_hosted()

    def _join_hosted(self) -> None:
        """The hosted server listens: join it (while it is starting, nothing)."""
        from game.online.hosting import HostingError

        server, waiting = self.hosted, self.online
        try:
            if not server.listening():
                return
        except HostingError as error:
            self.online = self.hosted = None
            self._to_title()
            self._cannot_host(str(error))
            return
        if self._announced is not server:  # said once a server
            self._announced = server
            found = "found running" if server.found else "started"
            self.notice(f"hosting a table server at {server.friends_url('')} (port {server.port}, {found})")
        room = server.remembered()
        if room and self._seat_tokens().get(server.local_url(room)) is None:
            room = None  # no seat there to take back (its server came back on another port): a new room
        session = waiting.session
        self._go_online(server.local_url(room or ""), session.name, None if room else session.table, server)

    def rest_online(self, frame_started: float) -> None:
        """In a window, after drawing: the frame's spare time, until
        ``FRAME_MARGIN`` before the next frame is due, to the connection's
        thread (``Client.rest``). ``frame_started``: ``time.perf_counter()``
        when the frame's update began."""
        if self.online is not None:
            self.online.rest(frame_started + 1 / FPS - FRAME_MARGIN - time.perf_counter())

    def _update_lobby(self, pressed: list[str], pointer: keys.Pointer) -> None:
        if "ESCAPE" in pressed and self.online.status == STARTING:
            self._leave_online()
            return
        if self.online.status == STARTING:
            self._join_hosted()
            return
        client = self.online
        session = client.session
        for message in client.poll():
            kind = message.get("type")
            if kind == "welcome":
                self._online_url = room_address(self._online_url, session.room)
                self._seat_tokens().keep(self._online_url, session.token)
                if self.hosted is not None:
                    self.hosted.remember(session.room)  # after a crash, HOST takes you back here
                self._online_fresh = not message.get("started")  # (the session has read on: the start, maybe)
                self.notice(f"online seat {session.seat} in room {session.room}")
            elif kind == "error":
                self.notice(f"online refused: {message.get('reason')}")
                if refused_for_good(message) and session.seat is None:
                    self._seat_tokens().forget(self._online_url)  # a seat this room no longer knows
            elif kind == "over":
                self._online_over_message = message  # a finished match, rejoined
        if "ESCAPE" in pressed:
            self._leave_online()
            return
        if "RETURN" in pressed and session.seat == 0 and not session.started and client.status == "online":
            client.send({"type": "start"})
            self.notice("online start with computers in the free seats")
        if session.view is not None:
            self._sit_online()

    def _sit_online(self) -> None:
        """The match has started: the table, from the first view."""
        self.match = OnlineMatch(
            self.online,
            self.level,
            self.audio,
            self.notice,
            self._set_scene,
            fresh=self._online_fresh,
            title_art=not self.low_memory,
            over=self._online_over,
        )
        self.match.hints = self.settings.hints_for(self.match.game.rules.name)
        self._shown_prompt = ""
        if self._online_over_message is not None:
            self._online_over(self._online_over_message)

    def _online_over(self, over: dict) -> None:
        """The match is over (the server's ``over`` message): kept for
        REPLAYS, from this seat's side, dated when it ended."""
        if self.hosted is not None:
            self.hosted.forget()  # HOST opens a new room from now on
        match = self.match
        game = match.game
        names = match.person_names()
        named = [(name or match.seating.name(seat)).lower() for seat, name in enumerate(names)]
        won = "won" if game.match_winner == game.seat else f"{named[game.match_winner]} won,"
        score = ", ".join(f"{named[seat]} {n}" for seat, n in enumerate(game.scores))
        saved = SavedMatch(
            record=over["record"],
            level=self.online.session.table.get("level", "normal") if self.online.session.table else "normal",
            computer_seed=0,
            rules=game.rules.name,
            players=game.players,
            scoring=game.scoring,
            date=ended_date(over),
            result=f"online {won} {score}",
            names=names,
            viewer=game.seat,
        )
        warning = self.store.keep_finished(saved)
        if warning:
            self._warn(warning)
        else:
            self.notice("match kept for replays")

    def _leave_online(self) -> None:
        """Leave the room (your seat is played by a computer until you come
        back with its address) and go to the title. A server this machine
        hosts runs on for the friends at its tables (HOST again opens a new
        room on it); it stops by itself once this game is gone and nobody
        has been connected for a while (``game.online.hosting``)."""
        if self.online is not None:
            self.online.close()
        hosting = self.hosted is not None and self.hosted.running
        if self.hosted is not None:
            self.hosted.forget()
        self.online = self.hosted = None
        self.match = None
        self.notice("left the online table")
        self._to_title()
        if hosting:
            self.title.message = narration.HOSTING_ON
            self.notice(narration.HOSTING_ON)

    def _draw_lobby(self) -> None:
        client = self.online
        lobby.draw_lobby(client.session, client.status, self._online_url, self._friends_address(), self.frame)

    def _friends_address(self) -> str | None:
        """The address to give friends, when this machine hosts the room:
        worked out once (it looks up this machine's LAN address)."""
        room = self.online.session.room
        if self.hosted is None or not room:
            return None
        if self._friends is None:
            from game.online.hosting import HostingError

            try:
                self._friends = self.hosted.friends_url(room)
            except HostingError as error:  # the server has stopped
                self._friends = str(error)
        return self._friends
