"""Properties of a room over whole matches: no message to a seat ever holds
a card of another seat's hand beyond what the rules reveal, and no message
makes a room fail.

The room (``game.online.room.Room``) is the server's own logic; here it is
driven directly, every message passing through the protocol's JSON both
ways, by network bots (``game.online.bot.Bot``: the offline computer
players reading only the views they are sent), with computers and
stand-ins at the table and a seat that drops and rejoins with its token.
"""

import json
import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.online.bot import Bot
from game.online.protocol import (
    NAME_CHARACTERS,
    NAME_LENGTH,
    SERVER_MESSAGES,
    ProtocolError,
    Session,
    clean_name,
    decode,
    encode,
    problem,
)
from game.online.room import Room
from game.online.room_match import RECENT_EVENTS
from game.online.room_seats import JoinError
from game.online.room_table import check_table
from game.rules import WATCHER
from game.rules.game import View
from game.rules.house import HOUSE_RULES

CARD = re.compile(r"\b(?:[RGYB](?:\+2|[0-9SRKJ])|W\+4|W)\b")
VIEW_FIELDS = {f for f in View.__dataclass_fields__ if f != "events"}
PUBLIC_KINDS = {"play", "turn_up", "return", "penalty"}  # their cards are on the table for all to see
LONGEST = 100_000  # messages handled in one match at most


# The card codes of the engine's examples of its notation, in its reasons
# ("a colour is named with the wild card that is played: play W G"): no one's card.
NOTATION_EXAMPLES = {"W"}


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "token":  # the seat's own secret: random letters, not cards
                yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def check(message: dict, seat: int, room: Room) -> None:
    """What may a message to ``seat`` show? Its own hand and drawn cards,
    the table's public cards, and a challenged hand to its challenger; the
    shuffle's secret only once the match is over."""
    game = room.game
    kind = message["type"]
    if room.deal.shuffle is not None and kind != "over":  # the shuffle's secret (its seed's cover) only at the end
        assert room.deal.shuffle.secret not in encode(message), message
    if kind == "over":
        assert game.match_over  # the record (a replay) only once the match is over
        return
    if kind == "refused":  # the seat's own action, and the engine's reason about its own cards
        known = set(CARD.findall(str(message["action"]))) | set(game.hands[seat]) | set(game.discard)
        known |= NOTATION_EXAMPLES  # a reason may show how an action is written: "play W G"
        assert set(CARD.findall(message["reason"])) <= known, message
        return
    if kind != "state":
        assert not [text for text in strings(message) if CARD.search(text)], message
        return
    view = message["view"]
    assert set(view) == VIEW_FIELDS
    hand = view["hand"]
    assert hand == (game.hands[seat] if seat != WATCHER else [])  # a watcher: no hand at all
    assert view["seat"] == seat
    assert view["top"] == game.top and view["discard"] == game.discard
    assert view["drawn"] is None or view["drawn"] in hand
    for action in view["legal"]:
        words = action.split()
        if words[0] == "play":
            assert words[1] in hand
    others = [
        text
        for key, value in view.items()
        if key not in ("hand", "legal", "drawn", "top", "discard")
        for text in strings(value)
    ]
    assert not [text for text in others if CARD.search(text)], view
    for kind, event_seat, cards, *_ in message["events"]:
        if kind == "draw" or kind == "reveal":
            assert not cards or event_seat == seat, (kind, event_seat, seat)
        elif kind not in PUBLIC_KINDS:
            assert not cards


class Table:
    """A room and its people: bots on sessions, messages as JSON text."""

    def __init__(self, table: dict, seed: int, level: str, matches: int = 1) -> None:
        self.room = Room("prop", check_table(table), seed=seed, computer_seed=seed + 1)
        self.matches = matches  # the people say PLAY AGAIN until the room has played this many
        self.room.computers.delay = self.room.computers.react_delay = 0.0
        self.room.play.grace = 1.0
        self.now = 0.0
        self.queue: list = []
        self.sessions: dict = {}
        self.bots: dict = {}
        self.seat_of: dict = {}
        self.watchers: dict = {}  # conn -> the Session of a connection that watches
        self.watchers_came = 0
        for person in range(table["people"]):
            self.connect(f"P{person}", Session(f"Player {person}", table=table), level, person)

    def connect(self, conn, session: Session, level: str, seed: int) -> None:
        self.sessions[conn] = session
        self.bots[conn] = Bot(session, level, seed)
        self.take(self.room.join(conn, json.loads(encode(session.hello())), self.now))

    def take(self, out: list) -> None:
        """What the room sends, checked as it is sent (one of the protocol's
        messages, showing no card it must not), then queued as JSON text."""
        for conn, message in out:
            assert problem(message, SERVER_MESSAGES) is None, (problem(message, SERVER_MESSAGES), message)
            text = encode(message)
            member = self.room.seating.members.get(conn) or self.room.watchers.members[conn]
            check(json.loads(text), member.seat, self.room)
            self.queue.append((conn, text))

    def watch(self, conn) -> None:
        self.watchers_came += 1
        self.watchers[conn] = Session("")
        self.take(self.room.watch(conn, self.now))

    def stop_watching(self, conn) -> Session:
        self.queue = [(c, m) for c, m in self.queue if c != conn]
        self.take(self.room.leave(conn, self.now))
        return self.watchers.pop(conn)

    def drop(self, conn) -> Session:
        self.queue = [(c, m) for c, m in self.queue if c != conn]
        self.take(self.room.leave(conn, self.now))
        self.bots.pop(conn)
        return self.sessions.pop(conn)

    def run(self, drop_at: int | None, moves: int | None = None, watch_at: int | None = None) -> int:
        """Play on to the end of the match (or ``moves`` more moves); a
        watcher comes at move ``watch_at``, goes 30 moves later, and a new
        one comes 30 moves after that and stays to the end."""
        dropped = None
        stop = None if moves is None else self.room.play.moves + moves
        for _ in range(LONGEST * self.matches):
            if self.room.over and not self.queue and self.room.deal.match < self.matches:
                for conn, session in list(self.sessions.items()):  # everyone here: PLAY AGAIN
                    self.take(self.room.handle(conn, decode(encode(session.play_again())), self.now))
                continue
            if (self.room.over and not self.queue) or (stop is not None and self.room.play.moves >= stop):
                break
            if drop_at is not None and self.room.play.moves >= drop_at and dropped is None and len(self.sessions) > 1:
                conn = sorted(self.sessions)[-1]
                dropped = (conn, self.drop(conn), self.room.play.moves)
            if dropped and self.room.play.moves >= dropped[2] + 40:
                conn, session, _ = dropped
                dropped = None
                self.connect(conn + "'", Session(session.name, token=session.token), "easy", 9)
            if watch_at is not None and self.room.play.moves >= watch_at and not self.watchers:
                self.watch(f"W{watch_at}")
            first = watch_at is not None and self.watchers_came == 1 and f"W{watch_at}" in self.watchers
            if first and self.room.play.moves >= watch_at + 30:
                self.stop_watching(f"W{watch_at}")
                watch_at += 60
            if not self.queue:
                wake = self.room.wakeup(self.now)
                self.now = max(self.now + 0.001, wake if wake is not None else self.now + 1.0)
                self.take(self.room.tick(self.now))
                continue
            conn, text = self.queue.pop(0)
            if conn in self.watchers:
                self.watchers[conn].receive(json.loads(text))
                continue
            if conn not in self.sessions:
                continue
            message = json.loads(text)
            self.sessions[conn].receive(message)
            for reply in self.bots[conn].respond(message):
                self.take(self.room.handle(conn, decode(encode(reply)), self.now))
        return self.room.play.moves


tables = st.fixed_dictionaries(
    {
        "rules": st.sampled_from(["1991", "standard", "royal"]),
        "players": st.integers(2, 5),
        "people": st.integers(1, 5),
        "house": st.lists(st.sampled_from(sorted(HOUSE_RULES)), unique=True, max_size=3),
        "level": st.sampled_from(["easy", "normal"]),
    }
).map(
    lambda t: {
        **t,
        "players": 2 if t["rules"] == "1991" else t["players"],
        "people": min(t["people"], 2 if t["rules"] == "1991" else t["players"]),
        "house": t["house"] if t["rules"] == "standard" else [],
    }
)


@pytest.mark.slow
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=tables,
    seed=st.integers(0, 2**32 - 1),
    drop_at=st.none() | st.integers(1, 200),
    watch_at=st.none() | st.integers(0, 150),
    matches=st.integers(1, 2),
)
@example(  # a watcher from the second move: one comes and goes, and another stays to the end
    table={"rules": "standard", "players": 4, "people": 2, "house": [], "level": "easy"},
    seed=4,
    drop_at=None,
    watch_at=2,
    matches=2,
)
def test_no_message_to_a_seat_or_a_watcher_holds_a_hidden_card_over_whole_matches(
    table, seed, drop_at, watch_at, matches
):
    """Over one match or two (PLAY AGAIN), a person dropping and coming
    back, watchers coming and going."""
    players = Table(table, seed, "easy", matches)
    players.run(drop_at, watch_at=watch_at)
    assert watch_at is None or watch_at > players.room.play.moves or players.watchers_came  # (a watcher came)
    room = players.room
    assert room.over and room.deal.match == matches, f"the match did not end: {room.play.moves} moves"
    for watcher in players.watchers.values():  # what a watcher last saw is the engine's view for nobody's seat
        shown, engine = watcher.view, room.game.view(WATCHER)
        assert shown is not None and all(getattr(shown, name) == getattr(engine, name) for name in VIEW_FIELDS)
        assert watcher.record == room.game.record()  # the match over, its replay is everyone's
    # Everyone who played is sent the record at the end: it replays to the same game.
    records = [s.record for s in players.sessions.values()]
    assert records and all(record == room.game.record() for record in records)


# ----- hostile messages at the room: it answers, and never fails --------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
actions = st.sampled_from(
    [
        "draw",
        "pass",
        "uno",
        "catch",
        "challenge",
        "accept",
        "play R7",
        "play W G",
        "colour R",
        "fanfare",
        "next",
        "swap 1",
        "jester 2",
        "target 1",
        "play W+4 B uno",
        "",
    ]
)
messages = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["act"]), "action": actions | json_values},
        optional={"seat": json_values | st.integers(-2, 6), "id": json_values},
    ),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["hello", "start", "next", "back", "ping", "bye", 3])},
        optional={"token": json_values, "name": json_values, "table": json_values},
    ),
    st.dictionaries(st.text(max_size=6), json_values, max_size=4),
    json_values,
)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(
    table=tables, seed=st.integers(0, 2**32 - 1), hostile=st.lists(st.tuples(st.integers(0, 4), messages), max_size=30)
)
@example(  # once found: a lone colour, refused with the notation's example in its reason
    table={"rules": "1991", "players": 2, "people": 2, "house": [], "level": "easy"},
    seed=0,
    hostile=[(0, []), (0, {}), (0, {}), (0, {}), (1, {"type": "act", "action": "colour R"})],
)
def test_a_room_answers_every_hostile_message_and_goes_on(table, seed, hostile):
    players = Table(table, seed, "easy")
    room = players.room
    for person, message in hostile:
        conn = f"P{person % table['people']}"
        try:
            message = decode(json.dumps(message))
        except ProtocolError:
            continue  # the server answers these itself, with the reason
        players.take(room.handle(conn, message, players.now))
        for target, text in players.queue:
            players.sessions[target].receive(json.loads(text))
        players.queue = []
    # A stranger's token and a late join are refused (or, before the start, a late join takes a free seat).
    try:
        room.join("stranger", {"type": "hello", "token": "x" * 24}, players.now)
    except JoinError:
        pass
    else:
        raise AssertionError("a stranger's token was taken")
    # ... and the match still plays on.
    if not room.started:
        players.take(room.handle("P0", {"type": "start"}, players.now))
    before = room.play.moves
    players.run(None, moves=60)
    assert room.over or room.play.moves >= before + 60
    assert room.game.card_problems() == []


@settings(max_examples=300, deadline=None)
@given(name=st.text(max_size=40) | st.text(alphabet="АВЕКМНОРСТХаеорсху\uff21\uff2e\u0391\u0392ÀÉÖ -", max_size=20))
@example(name="\u0410NNA")  # a Cyrillic A
@example(name="\uff21\uff2e\uff2e\uff21")  # fullwidth ANNA
@example(name="000000000000000 0")  # cut at 16 just after a space
def test_a_name_holds_only_what_the_pixel_font_draws(name):
    try:
        clean = clean_name(name)
    except ProtocolError:
        return
    assert clean and len(clean) <= NAME_LENGTH and set(clean) <= set(NAME_CHARACTERS), clean
    assert clean == clean.strip() and "  " not in clean


def test_look_alike_letters_are_left_out_of_names_and_fullwidth_ones_made_plain():
    assert clean_name("\u0410NNA") == "NNA"  # the Cyrillic A is not an A
    assert clean_name("\uff21\uff2e\uff2e\uff21") == "ANNA"
    assert clean_name("Zoë Müller") == "ZOE MULLER"


def test_a_hand_that_never_ends_costs_a_rejoin_the_same_small_message():
    """Two people drawing and passing for ever: a rejoin is sent the view and
    the hand's last ``RECENT_EVENTS`` events, a few KB however long the hand
    (the whole hand's events were 656 KB at 10,000 moves, over the server's
    write limit from about 4,000), and its session shows the seat's view."""
    room = Room("endless", check_table({"rules": "standard", "players": 2}), seed=1, computer_seed=1)
    sessions = {conn: Session(conn) for conn in ("ann", "bob")}
    for conn, session in sessions.items():
        for _, message in room.join(conn, json.loads(encode(session.hello())), 0.0):
            session.receive(json.loads(encode(message)))
    sizes = []
    for moves in range(1, 6001):
        seat = room.game.turn
        action = next(a for a in room.game.legal(seat) if a in ("draw", "pass") or a.startswith("keep"))
        room.handle(("ann", "bob")[seat], {"type": "act", "action": action}, 1.0)
        if moves % 2000 == 0:
            room.leave("bob", 1.0)
            back = Session("bob", token=sessions["bob"].token)
            out = room.join("bob-again", json.loads(encode(back.hello())), 1.0)
            texts = [encode(message) for conn, message in out if conn == "bob-again"]
            for text in texts:
                back.receive(json.loads(text))
            sizes.append(max(len(text) for text in texts))
            events = room.game.view(1).events
            assert back.first_event == len(events) - RECENT_EVENTS and back.events == list(events[-RECENT_EVENTS:])
            assert back.view.hand == room.game.view(1).hand and back.moves == room.play.moves
            room.leave("bob-again", 1.0)
            sessions["bob"] = back
            room.join("bob", json.loads(encode(back.hello())), 1.0)
    assert room.game.hand_number == 1 and len(room.game.view(1).events) > 6000
    assert max(sizes) < 4096, sizes


def test_each_message_type_has_one_handler_on_each_side():
    """The server's room and the client's session each route a message by
    its type to one handler: one for every type of the protocol's tables,
    and none for a type not in them (a new message is a table entry and a
    handler a side)."""
    from game.online.protocol import CLIENT_MESSAGES, Session
    from game.online.room import Room
    from game.online.room_table import check_table

    room = Room("routes", check_table({"players": 2}))
    assert set(room._handlers) == set(CLIENT_MESSAGES)
    assert set(Session("ann")._handlers) == set(SERVER_MESSAGES)
