"""A room of the table server and one seat's client side in one process,
joined without a network: the real ``Room`` (the server's own logic) and
the real ``protocol.Session``, the room's answers delivered to the client
only when the test says, so that every order of arrival a network can give
is played out exactly and at any pace (the real WebSocket client is tested
end to end in test_online_table.py)."""

from game.online.protocol import Session
from game.online.room import Room
from game.online.room_table import check_table
from game.ui.device.audio import Audio
from game.ui.table.match import TableSettings
from game.ui.table.online_match import OnlineMatch


class Loopback:
    """The client's face (``session``, ``send``, ``poll``, ``status``) over
    a room in this process. ``late``: the room's answers wait in ``pending``
    until ``arrive()``."""

    def __init__(self, room: Room, name: str = "ANN") -> None:
        self.room, self.session, self.status = room, Session(name), "online"
        self.conn, self.now, self.late = object(), 0.0, False
        self.inbox: list[dict] = []
        self.pending: list[dict] = []
        self.sent: list[dict] = []
        self.reconnects = 0
        self.mates = [self]  # the clients at this room: each gets its own of what the room answers

    def deliver(self, out) -> None:
        for conn, message in out:
            for client in self.mates:
                if conn is client.conn:
                    (client.pending if client.late else client.inbox).append(message)

    def join(self) -> None:
        hello = self.session.hello()
        self.deliver(self.room.join(self.conn, hello, self.now))

    def send(self, message: dict) -> None:
        self.sent.append(message)
        self.deliver(self.room.handle(self.conn, message, self.now))

    def arrive(self) -> None:
        self.inbox += self.pending
        self.pending = []

    def tick(self, seconds: float = 0.5) -> None:
        self.now += seconds
        self.deliver(self.room.tick(self.now))

    def drop_and_rejoin(self) -> None:
        """The connection goes (what was on its way with it) and comes back with the seat's token."""
        self.deliver(self.room.leave(self.conn, self.now))
        self.pending, self.conn = [], object()
        self.reconnects += 1
        self.join()

    @property
    def waiting(self) -> int:
        return len(self.inbox)

    def poll(self, hold=None) -> list[dict]:
        taken = []
        while self.inbox and not (hold is not None and hold(self.inbox[0])):
            message = self.inbox.pop(0)
            self.session.receive(message)
            taken.append(message)
            for reply in self.session.take_replies():  # (a nonce ``reveal`` asks for)
                self.send(reply)
        return taken


def table(rules: str = "standard", players: int = 2, seed: int = 3, sound: bool = True, log=None, **settings):
    """A room whose computers do not wait, your client on it, and your
    table; what the table says and sounds goes to ``log``, else to the
    list returned. ``settings``: more of the table's (``house``,
    ``people``: the others join as BOB, CAT... and never act)."""
    chosen = check_table({"rules": rules, "players": players, "people": 1, **settings})
    room = Room("r", chosen, seed=seed, computer_seed=seed)
    room.computers.delay = room.computers.react_delay = 0
    client = Loopback(room)
    client.join()
    for name in ("BOB", "CAT", "DAN", "EVE")[: chosen["people"] - 1]:
        client.deliver(room.join(object(), {"type": "hello", "name": name}, client.now))
    client.poll()
    lines: list[str] = []
    log = lines.append if log is None else log
    match = OnlineMatch(client, TableSettings(Audio(sound, log, music=False), log, lambda s: None, "normal"))
    return room, client, match, lines


class Watcher(Loopback):
    """A watcher's client at the room of ``player`` (``Session(watch=True)``),
    on the player's clock: what the room answers either goes to each."""

    def __init__(self, player: Loopback) -> None:
        super().__init__(player.room, "")
        self.player = player
        self.session = Session("", watch=True)
        self.mates = player.mates
        self.mates.append(self)

    def join(self) -> None:
        self.now = self.player.now
        self.deliver(self.room.watch(self.conn, self.now))

    def drop_and_rejoin(self) -> None:
        self.now = self.player.now
        super().drop_and_rejoin()


def watched_table(watcher: Watcher, log) -> OnlineMatch:
    """The watcher's table, once its first view came (as the lobby makes it)."""
    watcher.poll()
    assert watcher.session.view is not None, "the room's match is on"
    audio = Audio(False, log, music=False)
    return OnlineMatch(watcher, TableSettings(audio, log, lambda s: None, "normal", as_it_stands=True))
