"""A shuffle anyone can check (docs/online.md): a real table server on a
free 127.0.0.1 port commits in every welcome to its seed and secret, mixes
the seats' nonces into the match seed, and reveals them at the end; every
client checks the match against them, and ``python -m game.online.verify``
checks a saved online match: honest matches pass, a record whose seed,
secret, nonce or one dealt or drawn card was altered fails, bad nonces are
refused, and the secret never reaches a client before the match is over."""

import copy
import json
import subprocess
import sys
import time
from dataclasses import replace

import pytest
from online_server import ROOT, _env, bot, finish, wait_for
from websockets.sync.client import connect

from game.online import verify
from game.online.bot import Bot
from game.online.client import Client
from game.online.protocol import Session
from game.online.room import Room
from game.online.room_deal import REVEAL_TIME
from game.online.room_file import room_from_file, to_file
from game.online.room_table import check_table
from game.online.verify import pledge_of
from game.rules import Game
from game.storage import saves


def saved_match(record: str, shuffle: dict | None, rules: str = "1991", players: int = 2) -> str:
    """A finished online match as REPLAYS keeps it."""
    match = saves.SavedMatch(record, "easy", 0, rules, players, result="online won", shuffle=shuffle)
    return saves.dump(match)


def run_verify(path) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "game.online.verify", str(path)]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=_env(), timeout=60)


@pytest.fixture(scope="module")
def honest(tmp_path_factory):
    """Two bots play a whole 1991 match at a real server: each one's end (the bot's JSON)."""
    from online_server import FAST, ServerProcess, quick_dir

    server = ServerProcess(quick_dir(), *FAST)
    try:
        url = f"{server.url}/fair"
        anna = bot(url, "Anna", "--table", json.dumps({"rules": "1991", "players": 2}), "--seed", "1")
        wait_for(lambda: server.room_file("fair"), what="the room file")
        bob = bot(url, "Bob", "--seed", "2")
        yield finish(anna), finish(bob)
    finally:
        server.stop()


@pytest.mark.slow
def test_an_honest_match_checks_at_every_seat_and_its_seed_comes_from_both_nonces(honest):
    for end in honest:
        assert end["verdict"] == verify.CHECKED, end
        shuffle = end["shuffle"]
        assert shuffle["nonce"] == shuffle["nonces"][end["seat"]] and len(shuffle["nonce"]) == 32
        assert shuffle["pledged"] == [pledge_of(nonce) for nonce in shuffle["nonces"]]  # shown before any nonce
        assert len(shuffle["seen"]) >= 2  # (the first deal, then draws and deals)
    first, second = honest
    assert first["record"] == second["record"]
    assert first["shuffle"]["nonces"] == second["shuffle"]["nonces"]
    assert first["shuffle"]["commitment"] == second["shuffle"]["commitment"]
    revealed = verify.Shuffle.from_json(first["shuffle"])
    assert Game.replay(first["record"]).seed == revealed.match_seed != revealed.seed
    assert revealed.commitment == first["shuffle"]["commitment"]


def _altered(shuffle: dict, change) -> dict:
    changed = copy.deepcopy(shuffle)
    change(changed)
    return changed


def _another_card(shuffle: dict) -> None:
    """One card of a hand shown after a deal or a draw becomes another."""
    hand = shuffle["seen"][-1][1]
    hand[0] = "R1" if hand[0] != "R1" else "G2"


ALTERED = {
    "seed": lambda s: s.update(seed=(s["seed"] + 1) % verify.SEEDS),
    "secret": lambda s: s.update(secret=("0" if s["secret"][0] != "0" else "1") + s["secret"][1:]),
    "your nonce": lambda s: s.update(nonce="ab" * 16),
    "the nonces mixed in": lambda s: s.update(nonces=list(reversed(s["nonces"]))),
    "a dealt or drawn card": _another_card,
    "the commitment": lambda s: s.update(commitment="0" * 64),
}


def test_verify_checks_a_saved_honest_match_and_each_alteration_fails_with_its_reason(honest, tmp_path):
    end = honest[0]
    path = tmp_path / "match.json"
    path.write_text(saved_match(end["record"], end["shuffle"]))
    checked = run_verify(path)
    assert checked.returncode == 0, checked
    assert f"{verify.CHECKED}: seed" in checked.stdout and "Traceback" not in checked.stderr
    for what, change in ALTERED.items():
        path.write_text(saved_match(end["record"], _altered(end["shuffle"], change)))
        failed = run_verify(path)
        assert failed.returncode == 1, (what, failed)
        assert verify.FAILED in failed.stdout, (what, failed.stdout)
    # the record's own seed (the deal) altered: it is not the match seed the shuffle makes
    seed = Game.replay(end["record"]).seed
    other = end["record"].replace(f"\nseed {seed}\n", f"\nseed {seed + 1}\n")
    path.write_text(saved_match(other, end["shuffle"]))
    failed = run_verify(path)
    assert failed.returncode == 1 and "is not the match seed" in failed.stdout, failed


UNCHECKABLE = {
    "seat": ("seat", None),
    "nonce": ("nonce", None),
    "seen": ("seen", None),
    "commitment": ("commitment", None),
    "hands shown": ("seen", [[True, ["R1"]]]),  # JSON's true is no move number
    "seat as true": ("seat", True),
    "pledges shown": ("pledged", "ab"),
}


@pytest.mark.slow
def test_verify_cannot_be_talked_out_of_checking_every_field_it_relies_on_is_required(honest, tmp_path):
    """A saved match whose seat, nonce, hands shown or commitment is missing or of
    another type is not SHUFFLE CHECKED with those checks skipped: verify says
    what is missing and exits 2."""
    end = honest[0]
    path = tmp_path / "match.json"
    for what, (field, value) in UNCHECKABLE.items():
        shuffle = copy.deepcopy(end["shuffle"])
        shuffle[field] = value
        path.write_text(saved_match(end["record"], shuffle))
        result = run_verify(path)
        assert result.returncode == 2, (what, result)
        assert verify.CHECKED not in result.stdout, (what, result.stdout)
        assert "lacks" in result.stderr and "Traceback" not in result.stderr, (what, result.stderr)
        del shuffle[field]
        path.write_text(saved_match(end["record"], shuffle))
        assert run_verify(path).returncode == 2, what


def test_verify_says_clearly_when_a_file_cannot_be_checked(tmp_path):
    missing, garbled, offline = tmp_path / "none.json", tmp_path / "garbled.json", tmp_path / "offline.json"
    garbled.write_text('{"version": 1, "record": ')
    offline.write_text(saved_match(Game(seed=3).record(), None))
    for path, reason in [(missing, "no such file"), (garbled, "not valid JSON"), (offline, "no shuffle to check")]:
        result = run_verify(path)
        assert result.returncode == 2, result
        assert reason in result.stderr and "Traceback" not in result.stderr, result.stderr


def _session_match(url: str, name: str, table: dict | None) -> tuple[Session, list[dict]]:
    """A real client and the offline computer player at a real server, until
    the match is over: the session and every message the server sent it."""
    client = Client(url, name, None, table).start()
    player = Bot(client.session, "easy", 1)
    received: list[dict] = []
    end = time.monotonic() + 90
    try:
        while client.session.record is None:
            assert time.monotonic() < end, f"the match did not end: {client.session.errors}"
            for message in client.poll(wait=0.05):
                received.append(message)
                for reply in player.respond(message):
                    client.send(reply)
    finally:
        client.close()
    return client.session, received


@pytest.mark.slow
def test_the_commitment_comes_before_the_deal_and_the_secret_only_with_the_matchs_end(servers):
    server = servers()
    table = {"rules": "standard", "players": 3, "people": 1}
    session, received = _session_match(f"{server.url}/alone", "Ann", table)
    assert session.verdict is not None and session.verdict.checked, session.verdict
    welcome = received[0]
    assert welcome["type"] == "welcome" and welcome["started"] is False  # sent before the deal
    assert welcome["commitment"] == session.commitment
    secret = session.shuffle["secret"]
    over = next(n for n, message in enumerate(received) if message["type"] == "over")
    assert all(secret not in json.dumps(message) for message in received[:over])
    assert all(session.nonce not in json.dumps(message) for message in received[:over])  # only its pledge
    reveal = next(n for n, message in enumerate(received) if message["type"] == "reveal")
    first_state = next(n for n, message in enumerate(received) if message["type"] == "state")
    assert reveal < first_state and received[reveal]["pledges"] == [pledge_of(session.nonce), "", ""]
    assert received[over]["shuffle"]["nonces"][0] == session.nonce  # your nonce, at your seat
    assert received[over]["shuffle"]["nonces"][1:] == ["", ""]  # the computers send none


@pytest.mark.parametrize(
    "pledge, reason",
    [
        ("xyz", "pledge must be hex text (0-9, a-f) of at most 64 characters"),
        ("ABCD", "pledge must be hex text"),
        ("a" * 65, "at most 64 characters"),
        ("", "pledge must be hex text"),
        (7, "pledge must be hex text"),
        (["ab"], "pledge must be hex text"),
        (None, "pledge must be hex text"),
    ],
)
def test_a_bad_pledge_is_refused_with_its_reason_and_the_server_goes_on(table_server, pledge, reason):
    hello = {"type": "hello", "version": 1, "name": "Eve", "pledge": pledge, "table": {"players": 2}}
    with connect(f"{table_server.url}/eve", open_timeout=5, proxy=None) as ws:
        ws.send(json.dumps(hello))
        refusal = json.loads(ws.recv(timeout=5))
    assert refusal["type"] == "error" and refusal["fatal"] and reason in refusal["reason"], refusal
    with connect(f"{table_server.url}/eve", open_timeout=5, proxy=None) as ws:
        ws.send(json.dumps({**hello, "pledge": "0123456789abcdef" * 4}))  # 64 digits: the longest
        welcome = json.loads(ws.recv(timeout=5))
    assert welcome["type"] == "welcome" and len(welcome["commitment"]) == 64, welcome


def _join(room: Room, conn: str, session: Session) -> None:
    for _conn, message in room.join(conn, session.hello(), 0.0):
        session.receive(json.loads(json.dumps(message)))


def _play_out(room: Room, sessions: dict) -> None:
    """Every seat played by the room's computers until the match is over, each session fed its messages."""
    room.computers.delay = room.computers.react_delay = 0
    now = 0.0
    while not room.over:
        now += 1.0
        for seat in room.seats:
            seat.standin = seat.kind == "person"
        for conn, message in room.tick(now):
            sessions[conn].receive(json.loads(json.dumps(message)))


def test_a_room_with_a_fixed_seed_mixes_in_no_nonce_and_still_checks():
    room = Room("fixed", check_table({"rules": "1991", "players": 2, "people": 1}), seed=5, computer_seed=5)
    ann = Session("ann")
    _join(room, "ann", ann)
    assert room.game.seed == 5  # the nonce is not mixed in: the tests' seeds deal as they say
    _play_out(room, {"ann": ann})
    assert ann.shuffle["nonces"] is None and ann.shuffle["seed"] == 5
    assert ann.verdict.checked is False and "nonce" in ann.verdict.reason  # ANN sent one, and it was not used
    assert verify.check(ann.record, ann.shuffle, ann.commitment, 0, None, ann.seen).startswith("seed 5")


def test_a_room_from_before_the_check_says_its_shuffle_was_not_checked():
    room = Room("old", check_table({"rules": "1991", "players": 2, "people": 1}), computer_seed=2)
    ann = Session("ann")
    _join(room, "ann", ann)
    file = to_file(room)
    del file["shuffle"]  # as a room file from before the check
    old = room_from_file(json.loads(json.dumps(file)), 0.0)
    assert old.deal.shuffle is None
    again = Session("ann", token=ann.token)
    _join(old, "ann", again)
    assert again.commitment is None
    _play_out(old, {"ann": again})
    assert again.shuffle is None and again.verdict.line == verify.UNCHECKED
    assert again.kept_shuffle() is None


def test_a_saved_match_keeps_its_shuffle_and_an_older_one_without_it_still_loads(honest):
    end = honest[1]
    text = saved_match(end["record"], end["shuffle"])
    assert saves.parse(text).shuffle == end["shuffle"]
    older = json.loads(text)
    del older["shuffle"]
    assert saves.parse(json.dumps(older)).shuffle is None
    assert "shuffle" not in saves.dump(saves.parse(json.dumps(older)))  # (and is written as before)


@pytest.mark.slow
def test_the_match_result_shows_the_shuffle_checked_and_a_failed_check_flashes_with_a_buzz(servers, tmp_path):
    """The real game, headless, rejoins a finished room with its seat's token
    and shows the match's end: the verdict under the result, said once."""
    import pyxel
    from conftest import HeadlessApp

    from game.storage.store import open_store
    from game.ui import layout as lay
    from game.ui.app import init_pyxel
    from game.ui.online_play import SeatTokens
    from game.ui.table.online_overlay import VERDICT_FLASH
    from game.ui.table.results import PANEL_W, PANEL_X, VERDICT_Y

    init_pyxel(headless=True)
    server = servers()
    url = f"{server.url}/shown"
    end = finish(bot(url, "Ann", "--table", json.dumps({"rules": "1991", "players": 2, "people": 1})))
    assert end["verdict"] == verify.CHECKED
    data = tmp_path / "data"
    data.mkdir()
    SeatTokens(data).keep(url, end["token"])
    game = HeadlessApp(1, join=(url, "ANN", None), store=open_store(data), muted=False)
    limit = time.monotonic() + 60
    while game.app.scene != "match_result":
        assert time.monotonic() < limit, f"no match result: {game.lines[-5:]}"
        game.press("RETURN") if game.app.scene == "hand_result" else game.driver.frame()
    game.wait(2)
    session = game.app.online.session
    told = [line for line in game.lines if " shuffle " in line]
    # (this program rejoined after the end with the bot's token: it checks what it was shown, which
    # is the last hand only, or nothing when ANN went out, and no nonce of its own: not proven then)
    assert len(told) == 1 and f"shuffle {session.verdict.line} " in told[0], told
    assert session.verdict.line in (verify.CHECKED, verify.NOT_PROVEN), session.verdict
    session.verdict = verify.Verdict(True, "seed 1 and secret match the commitment")
    game.wait(1)
    assert any(f"shuffle {verify.CHECKED} seed 1" in line for line in game.lines[-3:]), game.lines[-3:]

    def verdict_colours() -> set[int]:
        game.app.draw()
        inside = range(PANEL_X + 4, PANEL_X + PANEL_W - 4)  # (not the panel's edge: yellow, or pink for a loss)
        return {pyxel.pget(x, y) for x in inside for y in range(VERDICT_Y, VERDICT_Y + 5)}

    assert lay.YELLOW in verdict_colours()
    session.verdict = verify.Verdict(False, "after move 3 you were shown R1, the seed deals R2")
    game.wait(1)
    assert any(f"shuffle {verify.FAILED} after move 3" in line for line in game.lines)
    assert any(line.endswith("sound buzz") for line in game.lines[-5:]), game.lines[-5:]
    shown = set()
    for _ in range(3 * VERDICT_FLASH):
        shown.add(lay.PINK in verdict_colours())
        game.wait(1)
    assert shown == {False, True}  # it flashes
    session.verdict = verify.Verdict(None, "no shuffle")
    game.wait(1)
    assert lay.GREY in verdict_colours() and any(verify.UNCHECKED in line for line in game.lines[-3:])
    game.app.online.close()


# ----- the nonces: pledged first, revealed once every seat is fixed (commit, then reveal) -----


class Seated:
    """Sessions at a room in this process: each message the room sends goes
    to its session, and what the session answers by itself (its nonce, once
    ``reveal`` asks) goes back to the room, unless that session is ``held``
    (away, or keeping its nonce back); ``sent`` lists every client message."""

    def __init__(self, room: Room) -> None:
        self.room, self.now = room, 0.0
        self.sessions: dict[str, Session] = {}
        self.held: set[str] = set()
        self.sent: list[tuple[str, dict]] = []
        self.errors: list[tuple[str, str]] = []

    def deliver(self, out) -> None:
        replies = []
        for conn, message in out:
            message = json.loads(json.dumps(message))
            if message["type"] == "error":
                self.errors.append((conn, message["reason"]))
            self.sessions[conn].receive(message)
            replies += [(conn, reply) for reply in self.sessions[conn].take_replies() if conn not in self.held]
        for conn, reply in replies:
            self.send(conn, reply)

    def send(self, conn: str, message: dict) -> None:
        self.sent.append((conn, message))
        self.deliver(self.room.handle(conn, message, self.now))

    def join(self, name: str, session: Session | None = None) -> Session:
        session = self.sessions[name] = session or Session(name)
        hello = session.hello()
        self.sent.append((name, hello))
        self.deliver(self.room.join(name, hello, self.now))
        return session

    def tick(self, seconds: float) -> None:
        self.now += seconds
        self.deliver(self.room.tick(self.now))

    def play_out(self) -> None:
        """Every seat played by the room's computers until the match is over."""
        self.room.computers.delay = self.room.computers.react_delay = 0
        while not self.room.over:
            for seat in self.room.seats:
                seat.standin = seat.kind == "person"
            self.tick(1.0)


THREE = {"rules": "standard", "players": 3, "people": 3}


def test_every_nonce_is_sent_after_every_seat_has_pledged_so_the_last_to_sit_cannot_choose_the_deal():
    table = Seated(Room("fair", check_table(THREE), computer_seed=4))
    ann, bob, cat = (table.join(name) for name in ("ann", "bob", "cat"))
    hellos = [message for _conn, message in table.sent if message["type"] == "hello"]
    assert len(hellos) == 3 and all("nonce" not in hello and len(hello["pledge"]) == 64 for hello in hellos)
    nonces = [n for n, (_conn, message) in enumerate(table.sent) if message["type"] == "nonce"]
    assert len(nonces) == 3 and min(nonces) > max(n for n, (_c, m) in enumerate(table.sent) if m["type"] == "hello")
    shuffle = table.room.deal.shuffle
    assert table.room.started and shuffle.nonces == (ann.nonce, bob.nonce, cat.nonce)
    assert table.room.game.seed == shuffle.match_seed  # dealt from all three
    assert ann.pledged[1] == bob.pledged[1] == [pledge_of(s.nonce) for s in (ann, bob, cat)]
    table.play_out()
    for session in (ann, bob, cat):
        assert session.verdict.line == verify.CHECKED, session.verdict
        assert "every nonce mixed in is the one its seat pledged before any was revealed (3)" in session.verdict.reason


def test_a_seat_that_keeps_its_nonce_back_is_dealt_without_it_once_the_reveal_time_is_up_and_the_check_says_so():
    table = Seated(Room("slow", check_table(THREE), computer_seed=4))
    table.held.add("cat")  # CAT's program is away as the deal asks for the nonces
    ann, bob, cat = (table.join(name) for name in ("ann", "bob", "cat"))
    assert not table.room.started and ann.shuffling == [2]
    table.tick(REVEAL_TIME - 0.1)
    assert not table.room.started, "the deal waits for CAT's nonce, REVEAL_TIME at most"
    table.tick(0.1)
    assert table.room.started and table.room.deal.shuffle.nonces == (ann.nonce, bob.nonce, "")
    table.play_out()
    assert ann.verdict.line == verify.CHECKED and "dealt without the nonce of seat 2" in ann.verdict.reason
    # CAT had no part in the deal: said plainly, as a failed check is (the server could have chosen it)
    assert cat.verdict.line == verify.NOT_PROVEN and cat.verdict.checked is False, cat.verdict
    assert "your nonce was left out of the deal" in cat.verdict.reason


def test_a_nonce_other_than_the_one_pledged_is_refused_so_a_late_seat_can_only_keep_its_own_back():
    """The server's friend sits down last and would try nonces once it knows
    the others': its pledge is fixed, another nonce is refused, and a second
    hello cannot pledge again."""
    table = Seated(Room("friend", check_table(THREE), computer_seed=4))
    table.held.add("eve")
    ann, bob = table.join("ann"), table.join("bob")
    eve = table.join("eve")
    table.send("eve", {"type": "nonce", "nonce": "ab" * 16})
    assert table.errors[-1] == ("eve", "this nonce is not the one you pledged: the deal goes on without it")
    table.send("eve", {"type": "hello", "version": 1, "name": "eve", "pledge": pledge_of("ab" * 16)})
    assert "already joined" in table.errors[-1][1] and not table.room.started
    table.send("eve", {"type": "nonce", "nonce": eve.nonce})  # its own, pledged: taken, and the deal is made
    assert table.room.started and table.room.deal.shuffle.nonces == (ann.nonce, bob.nonce, eve.nonce)


def test_a_server_that_mixes_in_a_nonce_its_seat_did_not_pledge_fails_every_check():
    table = Seated(Room("rigged", check_table(THREE), computer_seed=4))
    table.held.add("eve")
    ann, bob, _eve = (table.join(name) for name in ("ann", "bob", "eve"))
    rigged = table.room.deal.shuffle
    table.room.deal.shuffle = replace(
        rigged, nonces=(*rigged.nonces[:2], "c0ffee")
    )  # chosen after seeing ANN's and BOB's
    table.tick(REVEAL_TIME)
    table.play_out()
    for session in (ann, bob):
        assert session.verdict.line == verify.FAILED, session.verdict
        assert "seat 2's nonce is not the one it pledged" in session.verdict.reason


def test_a_server_restarted_while_the_deal_waits_for_nonces_asks_again_and_deals_with_them():
    table = Seated(Room("restart", check_table(THREE), computer_seed=4))
    table.held.add("cat")
    ann, bob, cat = (table.join(name) for name in ("ann", "bob", "cat"))
    assert to_file(table.room)["revealing"]
    table.room = room_from_file(json.loads(json.dumps(to_file(table.room))), table.now)  # killed, started again
    assert not table.room.started and table.room.deal.shuffling(over=False) == [2]
    table.held.clear()
    table.join("ann", ann)  # each program rejoins with its seat's token and is asked again: the first
    table.join("bob", bob)  # nonces stand (they were kept), CAT's comes now, and the deal is made
    assert not table.room.started
    table.join("cat", cat)
    assert table.room.started and table.room.deal.shuffle.nonces == (ann.nonce, bob.nonce, cat.nonce)
    table.play_out()
    assert all(s.verdict.line == verify.CHECKED for s in (ann, bob, cat)), [s.verdict for s in (ann, bob, cat)]


def test_a_saved_match_keeps_the_pledges_it_was_shown_and_verify_checks_them(tmp_path):
    table = Seated(Room("kept", check_table(THREE), computer_seed=4))
    table.held.add("cat")
    ann, _bob, _cat = (table.join(name) for name in ("ann", "bob", "cat"))
    table.tick(REVEAL_TIME)
    table.play_out()
    kept = ann.kept_shuffle()
    assert kept["pledged"] == ann.pledged[1] and kept["nonce"] == ann.nonce
    path = tmp_path / "match.json"
    path.write_text(saved_match(ann.record, kept, "standard", 3))
    assert "dealt without the nonce of seat 2" in verify.check_saved(path.read_bytes())
    for pledged in (None, "ab"):  # not shown, or garbled: said, not taken as no pledges
        path.write_text(saved_match(ann.record, {**kept, "pledged": pledged}, "standard", 3))
        if pledged is None:
            assert "pledges were not checked" in verify.check_saved(path.read_bytes())
        else:
            with pytest.raises(ValueError, match="lacks the pledges"):
                verify.check_saved(path.read_bytes())
    other = [*kept["pledged"][:1], pledge_of("ab" * 16), *kept["pledged"][2:]]  # another pledge for BOB
    path.write_text(saved_match(ann.record, {**kept, "pledged": other}, "standard", 3))
    with pytest.raises(verify.ShuffleFailed, match="seat 1's nonce is not the one it pledged"):
        verify.check_saved(path.read_bytes())


def test_the_lobby_says_whose_part_of_the_shuffle_the_deal_waits_for():
    from game.ui.scenes.lobby import lobby_lines

    table = Seated(Room("lobby", check_table(THREE), computer_seed=4))
    table.held.add("cat")
    ann, _bob, cat = (table.join(name) for name in ("ann", "bob", "cat"))
    assert lobby_lines(ann, "online")[2] == "Shuffling: waiting for CAT"
    assert lobby_lines(cat, "online")[2] == "Shuffling: waiting for you"
    table.tick(REVEAL_TIME)
    assert ann.shuffling == [] and table.room.started


# ----- a hostile server: it never asks for your nonce, and chooses the deal with one of its own -----


class Hostile(Seated):
    """A server that drops the person's pledge from its hello, so it never
    sends ``reveal`` nor waits for a nonce: the person's program, which
    pledged, is never asked."""

    def join(self, name: str, session: Session | None = None) -> Session:
        session = self.sessions[name] = session or Session(name)
        hello = {key: value for key, value in session.hello().items() if key != "pledge"}
        self.deliver(self.room.join(name, hello, self.now))
        return session


def _ground_nonce(shuffle: verify.Shuffle, wilds: int, tries: int = 20_000) -> str:
    """The server's search: a computer's nonce that deals the person (seat 0) ``wilds`` Wilds or more."""
    for number in range(tries):
        nonce = f"{number:x}"
        seed = replace(shuffle, nonces=("", nonce)).match_seed
        if sum(card.startswith("W") for card in Game(seed=seed).view(0).hand) >= wilds:
            return nonce
    raise AssertionError("no nonce found")


def test_a_server_that_never_asks_for_your_nonce_and_chooses_the_deal_is_not_proven_at_the_deal_and_the_end(
    tmp_path,
):
    room = Room("hostile", check_table({"rules": "1991", "players": 2, "people": 1}), computer_seed=4)
    shuffle = room.deal.shuffle
    nonce = _ground_nonce(shuffle, wilds=3)  # the server tries nonces until the person is dealt three Wilds
    room.deal.shuffle = replace(shuffle, nonces=("", nonce))  # and mixes in its own at the computer's seat
    table = Hostile(room)
    ann = table.join("ann")
    assert table.room.started and not [m for _c, m in table.sent if m["type"] == "nonce"], "nobody was asked"
    assert sum(card.startswith("W") for card in ann.view.hand) >= 3  # the deal the server chose
    assert ann.dealt_without_you, "the client notices at the deal"
    table.play_out()
    assert ann.verdict.line == verify.NOT_PROVEN and ann.verdict.checked is False, ann.verdict
    assert "dealt without ever asking for your nonce" in ann.verdict.reason
    path = tmp_path / "match.json"
    path.write_text(saved_match(ann.record, ann.kept_shuffle()))
    checked = run_verify(path)
    assert checked.returncode == 1 and verify.NOT_PROVEN in checked.stdout, checked
    assert "without ever asking for your nonce" in checked.stdout and verify.CHECKED + ":" not in checked.stdout


def test_an_honest_room_never_says_a_deal_was_made_without_your_nonce():
    table = Seated(Room("honest", check_table({"rules": "1991", "players": 2, "people": 1}), computer_seed=4))
    ann = table.join("ann")
    assert table.room.started and not ann.dealt_without_you
    table.play_out()
    assert ann.verdict.line == verify.CHECKED, ann.verdict


def test_a_saved_match_whose_hands_shown_are_empty_proves_nothing_and_does_not_pass(honest, tmp_path):
    end = honest[0]
    path = tmp_path / "match.json"
    path.write_text(saved_match(end["record"], {**end["shuffle"], "seen": []}))
    checked = run_verify(path)
    assert checked.returncode == 1 and verify.NOT_PROVEN in checked.stdout, checked
    assert "nothing of your deal was compared" in checked.stdout
