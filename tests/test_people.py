"""Several people at one machine, played through the keys and gamepads
headless: whole hands with 2, 3 and 4 people (and computers between them),
the handover curtain hiding every hand, names on the messages and results,
a gamepad per person catching out of turn, the one-keyboard catch, and
CONTINUE and REPLAYS of a match of people.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import pyxel
from conftest import HeadlessApp, SettingsStore, stacked

from game.rules.cards import Card
from game.rules.rulesets import RULES_STANDARD
from game.storage.settings import Settings
from game.ui import layout as lay
from game.ui.app import init_pyxel
from game.ui.device import keys
from game.ui.scenes.handover import CURTAIN_COLOUR
from game.ui.seats.kinds import Seating
from game.ui.table import seat_layout

WAIT_LIMIT = 20_000


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def standard_deck(hands, turn_up, draw=()):
    return stacked(hands, turn_up, draw, deck=RULES_STANDARD.deck)


DULL = ["B1", "B2", "B3", "Y4", "Y5", "Y6", "Y7"]
RUN_DOWN = ["RS", "RS", "RR", "GR", "GS", "G1", "G2"]


class People(HeadlessApp):
    """A match of people started at once (``table=(rules, players)``,
    ``people=names``: ``--rules``, ``--players``, ``--people``/``--names``)
    or continued (``continue_match=True``), driven by ``frame``, which checks
    every frame behind the curtain."""

    def __init__(self, seed: int = 1, **kwargs) -> None:
        super().__init__(seed, **kwargs)
        self.curtain_frames = 0
        self.handovers: list[str] = []

    def frame(self, *names: str) -> None:
        self.driver.frame([keys.key_code(name) for name in names])
        self.check_hidden()

    def check_hidden(self) -> None:
        """While the curtain is up, no frame shows a face-up card: the drawn
        state hides every hand and the hand row's pixels are the curtain's."""
        if self.app.scene != "handover":
            return
        self.curtain_frames += 1
        board = self.match.board
        assert board.hidden
        self.app.draw()
        for y in range(lay.HAND_Y, lay.HAND_Y + 40, 3):
            for x in range(8, lay.SCREEN_W - 8, 3):
                assert pyxel.screen.pget(x, y) == CURTAIN_COLOUR, (x, y)

    def said(self, prefix: str) -> list[str]:
        return [line.split(None, 1)[1] for line in self.lines if line.split(None, 1)[1].startswith(prefix)]

    def wait_until(self, ready) -> None:
        for _ in range(WAIT_LIMIT):
            if ready():
                return
            self.frame()
        raise AssertionError(f"still waiting at frame {self.app.frame}: {self.lines[-5:]}")

    def waiting(self) -> bool:
        return self.app.scene != "table" or self.match.waiting_for_you

    # ----- a person's turn through the keys ---------------------------------------

    def open_curtain(self) -> None:
        match = self.match
        name = match.seating.name(match.handover_to)
        assert match.board.prompt == f"RETURN when only {name} can see the screen"
        self.handovers.append(name)
        self.frame()  # a frame behind the curtain, checked
        self.frame("RETURN")
        assert self.app.scene == "table" and match.in_front == match.viewer == match.game.turn
        assert not match.board.hidden

    def take_turn(self, prefer_actions: bool = False) -> None:
        match, game = self.match, self.match.game
        board = match.board
        legal = game.legal()
        pending = game.pending
        if pending is not None and pending.kind == "challenge":
            self.frame("A")
        elif pending is not None and pending.kind in ("jester", "target", "swap"):
            self.frame("RETURN")
        elif game.choosing_colour:
            self.frame("R")
        elif board.drawn is not None:
            self.frame("RETURN" if any(a.startswith(f"play {board.drawn}") for a in legal) else "P")
        else:
            plays = [i for i, code in enumerate(board.hand) if any(a.startswith(f"play {code}") for a in legal)]
            if prefer_actions:
                plays.sort(key=lambda i: Card(board.hand[i]).rank.isdigit())
            plain = [i for i in plays if not Card(board.hand[i]).is_wild]
            choice = (plain or plays or [None])[0]
            if choice is None:
                self.frame("P")
                return
            while board.selected != choice:
                self.frame("RIGHT" if board.selected < choice else "LEFT")
            code = board.hand[choice]
            self.frame("RETURN")
            if Card(code).is_wild and not game.rules.royal:
                self.frame("G")

    def play_hand(self, prefer_actions: bool = False) -> None:
        """Every person's turn through the keys until the hand's result shows."""
        while True:
            self.wait_until(self.waiting)
            if self.app.scene == "handover":
                self.open_curtain()
            elif self.app.scene == "table":
                self.take_turn(prefer_actions)
            else:
                return


@pytest.mark.parametrize(
    ("rules", "players", "names"),
    [
        ("1991", 2, ("ANN", "BOB")),  # the 1991 game for two at one keyboard
        ("standard", 5, ("ANN", "BOB", "CY")),
        ("royal", 6, ("ANN", "BOB", "CY", "DEE")),
    ],
)
def test_people_play_whole_hands_through_the_keys_behind_the_curtain(rules, players, names):
    people = People(table=(rules, players), people=names, store=SettingsStore(Settings(seating="apart")))
    seating = people.match.seating
    assert [seating.name(seat) for seat in seating.people] == list(names)
    assert sum(seating.is_computer(seat) for seat in range(players)) == players - len(names)
    people.play_hand()
    assert people.app.scene == "hand_result"
    assert set(people.handovers) == set(names), "every person had the screen"
    # The next hand is dealt face down and starts behind the curtain.
    people.frame("RETURN")
    assert people.match.board.hidden and people.match.in_front is None
    people.wait_until(lambda: people.app.scene == "handover")
    assert people.curtain_frames >= len(people.handovers)
    assert people.said("scene handover")
    # Names on the messages and the result; nobody is "you".
    messages = people.said("message ")
    assert any(line.startswith(f"message {names[0]} plays a ") for line in messages)
    assert not any(" You " in f" {line} " for line in messages)
    winner = people.match.result.winner
    assert people.match.result.names[winner] in people.said("result ")[0]


def test_a_person_on_the_curtain_is_the_next_to_decide_and_the_pip_sounds_as_it_opens():
    people = People(table=("standard", 4), people=("ANN", "BOB"), store=SettingsStore(Settings(seating="together")))
    people.wait_until(lambda: people.app.scene == "handover")
    match = people.match
    assert match.handover_to == match.game.turn
    assert match.board.hidden
    before = len(people.said("sound pip"))
    people.open_curtain()
    assert len(people.said("sound pip")) == before + 1
    assert match.board.names[0] == match.seating.name(match.game.turn), "the table is seen from the person in front"


def test_h_on_the_curtain_says_why_the_last_messages_wait_and_shows_nothing():
    people = People(table=("standard", 4), people=("ANN", "BOB"), store=SettingsStore(Settings(seating="together")))
    people.wait_until(lambda: people.app.scene == "handover")
    match = people.match
    name = match.seating.name(match.handover_to)
    people.frame("H")  # (checked: nothing of a hand shows)
    assert not match.show_history and people.app.scene == "handover"
    assert match.board.prompt == f"H shows the last messages once {name} has the screen"
    assert not people.said("message H shows"), "not a message: nothing for the history to keep"
    people.frame()
    people.frame("RETURN")  # the curtain opens as it says
    assert people.app.scene == "table" and not match.board.hidden


def test_computers_between_people_play_with_no_hand_face_up():
    people = People(table=("standard", 4), people=("ANN", "BOB"), store=SettingsStore(Settings(seating="apart")))
    match = people.match
    seen_computer_turn = False
    for _ in range(3):
        people.wait_until(people.waiting)
        if people.app.scene == "handover":
            people.open_curtain()
        people.take_turn()
        # Until the next person's curtain, no hand is face up once the table is still.
        while people.app.scene == "table" and not match.waiting_for_you:
            people.frame()
            game = match.game
            if match.timeline.idle and not game.hand_over and match.seating.is_computer(game.turn):
                seen_computer_turn = True
                assert match.board.hidden
    assert seen_computer_turn


def two_pads(**kwargs) -> People:
    """ANN (pad 1) and BOB (pad 2) at standard UNO; BOB starts with
    RUN_DOWN's action cards, each bringing the turn back to him."""
    deck = standard_deck([DULL, RUN_DOWN], "R5")
    return People(table=("standard", 2), people=("ANN", "BOB"), deck=deck, starter=1, **kwargs)


def run_down_forgetting_uno(people: People) -> None:
    """BOB plays his action cards and G1 without U: one card, no call."""
    people.wait_until(lambda: people.app.scene == "handover")
    people.open_curtain()
    while len(people.match.game.hands[1]) > 1:
        people.wait_until(lambda: people.match.waiting_for_you)
        people.take_turn(prefer_actions=True)
    people.wait_until(lambda: people.match.timeline.idle)
    assert people.match.game.exposed == 1


def test_each_gamepad_acts_for_its_own_person_ann_catches_bob_while_he_is_in_front():
    people = two_pads()
    run_down_forgetting_uno(people)
    assert people.app.scene == "table" and people.match.in_front == 1
    people.frame("GAMEPAD1_BUTTON_Y")  # ANN's pad, out of turn
    assert "catch by ann" in people.said("catch by")
    people.wait_until(lambda: people.match.timeline.idle)
    assert len(people.match.game.hands[1]) == 3, "BOB drew two"


def test_bobs_own_pad_calls_his_uno_late():
    people = two_pads()
    run_down_forgetting_uno(people)
    people.frame("GAMEPAD2_BUTTON_Y")
    assert people.said("uno bob")
    assert len(people.match.game.hands[1]) == 1


def test_at_one_keyboard_k_catches_for_the_next_person_round_the_table():
    people = two_pads()
    run_down_forgetting_uno(people)
    people.frame()
    assert people.match.board.prompt.startswith("BOB forgot UNO! U calls it late; K: ANN catches")
    people.frame("K")
    assert "catch by ann" in people.said("catch by")


def test_pads_turn_keys_belong_to_the_person_in_front_only():
    people = two_pads()
    people.wait_until(lambda: people.app.scene == "handover")
    people.frame("GAMEPAD1_BUTTON_A")  # ANN's A does not open BOB's curtain
    assert people.app.scene == "handover"
    people.frame("GAMEPAD2_BUTTON_A")
    assert people.app.scene == "table" and people.match.in_front == 1
    people.wait_until(lambda: people.match.waiting_for_you)
    hand = len(people.match.game.hands[1])
    people.frame("GAMEPAD1_BUTTON_B")  # ANN's B: not her turn, nothing
    people.wait_until(lambda: people.match.timeline.idle)
    assert len(people.match.game.hands[1]) == hand and people.match.game.turn == 1
    people.frame("GAMEPAD2_BUTTON_B")  # BOB's B picks up
    people.wait_until(lambda: people.match.timeline.idle)
    assert len(people.match.game.hands[1]) == hand + 1


@pytest.mark.slow
def test_a_match_of_people_continues_exactly_curtain_included_and_replays_with_names():
    store = SettingsStore()
    people = People(table=("standard", 3), people=("ANN", "BOB"), store=store)
    people.wait_until(lambda: people.app.scene == "handover")
    people.open_curtain()
    people.take_turn()
    while people.app.scene != "handover":  # the turn may come back to ANN first
        people.wait_until(people.waiting)
        if people.match.waiting_for_you:
            people.take_turn()
    saved, _ = store.load_match()
    assert saved.names == ("ANN", "BOB", "")
    game = people.match.game
    # A second App continues it: the same position, behind the same curtain.
    continued = People(store=store, continue_match=True)
    app = continued.app
    assert app.match.game.snapshot() == game.snapshot()
    assert app.scene == "handover" and app.match.handover_to == people.match.handover_to
    assert app.match.seating.names == ("ANN", "BOB", "")
    assert app.match.board.hidden
    # Its finished match keeps the names for REPLAYS.
    while app.scene != "match_result":
        continued.play_hand()
        if app.scene == "hand_result":
            continued.frame("RETURN")
    kept = store.finished()[0]
    assert kept.names == ("ANN", "BOB", "")
    winner = app.match.seating.name(app.match.game.match_winner).lower()
    assert kept.result.startswith(f"{winner} won, ann ")
    assert store.stats.person("ANN").matches_played == 1 and store.stats.person("BOB").matches_played == 1
    # REPLAYS: the panels, messages and results by name.
    from game.ui.scenes.replay import ReplayViewer

    said: list[str] = []
    viewer = ReplayViewer(kept, said.append)
    assert viewer.board.names == ("ANN", "BOB", "COMPUTER 2")
    viewer._go_to(len(viewer.moves))
    assert said[-1] == f"replay match winner {winner}"
    viewer._go_to(1)
    assert said[-1].startswith("replay move 1 of")
    assert [line for line in said if "ANN" in line or "BOB" in line], said[-4:]
    assert store.stats.normal.matches_played == 0, "the one-person record is left alone"


def test_seating_together_apart_and_shuffled():
    assert Seating.of(6, ("A", "B")).people == [0, 1]
    assert Seating.of(6, ("A", "B", "C"), "apart").people == [0, 2, 4]
    shuffled = Seating.of(6, ("A", "B", "C"), "shuffled", seed=3)
    assert len(shuffled.people) == 3 and shuffled == Seating.of(6, ("A", "B", "C"), "shuffled", seed=3)
    assert Seating.of(2, ("YOU",)) == Seating.solo(2)
    turned = Seating.of(4, ("A", "B"), "apart").seen_from(2)
    assert turned.name(0) == "B" and turned.name(1) == "COMPUTER 3"


def test_people_on_the_title_menu_names_typed_with_the_keys_and_saved_with_the_settings():
    store = SettingsStore()
    player = HeadlessApp(store=store)
    app = player.app
    while app.context.title.items.current != "people":
        player.press("DOWN")
    player.press("RETURN")
    assert app.scene == "people"
    player.press("RIGHT")  # two people
    player.press("DOWN", "RETURN", "BACKSPACE", "BACKSPACE", "BACKSPACE", "BACKSPACE", "BACKSPACE", "BACKSPACE")
    player.press("BACKSPACE", "BACKSPACE", "A", "N", "N", "RETURN")  # PLAYER 1 becomes ANN
    player.press("DOWN", "RETURN", *["BACKSPACE"] * 8, "B", "O", "B", "RETURN")
    player.press("DOWN", "RIGHT")  # SEATING: APART
    player.press("DOWN", "RETURN")  # DONE asks first
    assert app.scene == "people" and app.navigator.top.screen.confirming
    player.press("Y")
    assert app.scene == "title"
    assert (store.settings.people, store.settings.names, store.settings.seating) == (2, ("ANN", "BOB"), "apart")
    assert app.context.title.items.current == "people"
    player.press("UP", "UP", "UP", "UP", "UP", "UP", "UP", "UP", "UP")
    assert app.context.title.items.current == "play"
    player.press("RETURN")
    assert app.match.seating.names == ("ANN", "BOB")
    for _ in range(2000):
        if app.scene == "handover":
            break
        player.wait(1)
    assert "scene handover" in [line.split(None, 1)[1] for line in player.lines]


def test_escape_leaves_the_people_screen_without_keeping_a_change():
    store = SettingsStore()
    player = HeadlessApp(store=store)
    app = player.app
    while app.context.title.items.current != "people":
        player.press("DOWN")
    player.press("RETURN", "RIGHT", "DOWN", "RETURN", "X", "RETURN", "ESCAPE")
    assert app.scene == "title" and store.settings.people == 1 and store.settings.names == ()


ROOT = Path(__file__).resolve().parents[1]


def run_game(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def test_people_and_names_flags_in_a_scripted_headless_run(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("wait 300\npress RETURN\nwait 60\n")
    args = ["--headless", "--seed", "3", "--script", str(script), "--rules", "standard", "--players", "4"]
    result = run_game(*args, "--people", "3", "--names", "ann,bob")
    assert result.returncode == 0, result.stderr
    lines = [line.split(None, 1)[1] for line in result.stdout.splitlines() if line[:6].strip().isdigit()]
    assert "people ann, bob, player 3 at seats 0 1 2" in lines
    assert "scene handover" in lines and any(line.startswith("handover to ") for line in lines)
    assert any(line.startswith("in front ") for line in lines)
    wrong = run_game(*args, "--people", "2", "--names", "ann,bob,cy")
    assert wrong.returncode == 2 and "--names gives 3 names for --people 2" in wrong.stderr
    too_many = run_game("--headless", "--script", str(script), "--rules", "1991", "--people", "3")
    assert too_many.returncode == 2 and "--rules 1991 seats 2 players: --people takes 1 to 2" in too_many.stderr


def test_an_exported_record_of_people_keeps_their_names(tmp_path):
    from game.storage.replays import export_text, read_replay_file
    from game.storage.saves import SavedMatch

    record = HeadlessApp(table=("standard", 3), people=("ANN", "BOB")).match
    saved = SavedMatch(record=record.game.record(), level="normal", computer_seed=1, rules="standard", players=3)
    saved = SavedMatch(**{**saved.__dict__, "names": ("ANN", "BOB", ""), "result": "ann won, ann 500"})
    path = tmp_path / "match.txt"
    path.write_text(export_text(saved), encoding="utf-8")
    assert "# names ANN,BOB,\n" in path.read_text()
    assert read_replay_file(path).names == ("ANN", "BOB", "")


def test_statistics_of_people_by_name_while_people_play():
    store = SettingsStore(Settings(people=2, names=("ANN", "BOB")))
    store.stats.record_person_hand("ANN", won=True, points=40)
    store.stats.record_person_match("ANN", won=True, score=520)
    player = HeadlessApp(store=store)
    app = player.app
    while app.context.title.items.current != "stats":
        player.press("DOWN")
    player.press("RETURN")
    said = [line.split(None, 1)[1] for line in player.lines]
    assert "stats ann: matches won 1 of 1, hands won 1 of 1, points 40" in said
    app.draw()  # the table by name


def test_a_person_elsewhere_is_never_decided_for_at_this_machine():
    from game.rules import Game
    from game.ui.seats.kinds import COMPUTER_SEAT, ELSEWHERE, PERSON
    from game.ui.table.match import Match, TableSettings
    from game.ui.table.source import EngineSource

    player = HeadlessApp()
    app = player.app
    seating = Seating((PERSON, ELSEWHERE, COMPUTER_SEAT), ("YOU", "BOB", ""))
    table = TableSettings(app.context.audio, app.notice, lambda scene: None, "normal", 4, seating)
    match = Match(table, EngineSource(Game("standard", 3, seed=4)))
    assert set(match.computers.players) == {2}, "only seat 2 is a computer's"
    for _ in range(3000):
        match.update([])
        game = match.game
        if not game.hand_over and game.turn == 1 and match.timeline.idle:
            break
        if match.waiting_for_you:
            match.update(["P"])
    assert match.game.turn == 1
    moves = match.moves
    for _ in range(200):
        match.update(["P", "RETURN"])  # your keys are not BOB's
    assert match.moves == moves, "nothing is decided for BOB here: at an online table the server plays his seat"
    assert match.board.prompt.startswith("Wait for your turn")  # your keys refused in his turn
    for _ in range(60):
        match.update([])
    assert match.board.prompt == "BOB's turn..."


def test_the_people_screen_by_mouse_counts_up_and_comes_back():
    player = HeadlessApp(store=SettingsStore())
    app = player.app
    while app.context.title.items.current != "people":
        player.press("DOWN")
    player.press("RETURN")
    x, y, w, h = app.navigator.top.screen.items.rect(0)
    player.driver.click(x + w // 2, y + h // 2)
    assert app.scene == "people" and app.navigator.top.screen.count == 2


def test_behind_the_curtain_a_pad_still_catches_the_player_who_forgot():
    people = two_pads()
    run_down_forgetting_uno(people)
    people.wait_until(lambda: people.app.scene == "handover")  # ANN's curtain, BOB still exposed
    assert people.match.game.exposed == 1
    people.frame("GAMEPAD1_BUTTON_Y")
    assert "catch by ann" in people.said("catch by")
    assert people.app.scene == "handover"


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players", "seed"), [("standard", 5, 2), ("royal", 4, 3)])
def test_key_mash_with_several_people_never_crashes_and_the_table_agrees_with_the_engine(rules, players, seed):
    import random

    rng = random.Random(seed)
    house = ("stacking", "seven_zero", "jump_in") if rules == "standard" else ()
    people = People(
        seed, table=(rules, players), people=("ANN", "BOB", "CY"), store=SettingsStore(Settings(house=house))
    )
    if people.match.scepter is not None:
        people.match.scepter.length = 400
    names = ["LEFT", "RIGHT", "RETURN", "P", "U", "K", "J", "C", "A", "R", "G", "1", "2", "0", "UP", "DOWN"]
    names += ["GAMEPAD1_BUTTON_Y", "GAMEPAD2_BUTTON_A", "GAMEPAD3_BUTTON_B", "GAMEPAD2_BUTTON_Y"]
    for _ in range(5000):
        if rng.random() < 0.35:
            people.frame(rng.choice(names))
        else:
            people.frame()
        match = people.app.match
        game = match.game
        assert game.card_problems() == []
        if people.app.scene == "table" and match.timeline.idle and not game.hand_over:
            board, viewer, n = match.board, match.viewer, game.players
            assert sorted(board.hand) == sorted(game.hands[viewer])
            assert board.counts[1:] == [len(game.hands[(viewer + p) % n]) for p in range(1, n)]
            assert board.turn == (game.turn - viewer) % n
            assert board.hidden == (match.in_front != game.turn)
    assert people.said("handover to ") and not [line for line in people.lines if " error " in line]


# ----- issue 27: nothing of one person's hand for the others ---------------------------------


def test_h_shows_each_person_only_what_the_table_said_and_their_own_lines():
    from game.ui.table.board import Said

    people = two_pads()
    people.wait_until(lambda: people.app.scene == "handover")
    people.open_curtain()  # BOB
    match, board = people.match, people.match.board
    people.wait_until(lambda: match.waiting_for_you)
    while board.hand[board.selected] != "G1":
        people.frame("RIGHT")
    people.frame("RETURN")  # refused on the red 5
    refusal = "You can't play the green 1: match RED or 5"
    assert board.news == refusal and refusal in board.heard(1)
    while len(match.game.hands[1]) > 1:
        people.wait_until(lambda: match.waiting_for_you)
        people.take_turn(prefer_actions=True)
    people.wait_until(lambda: people.app.scene == "handover")
    people.open_curtain()  # ANN
    people.frame("H")
    assert match.show_history and match.in_front == 0
    heard = board.heard(0)
    assert "BOB plays a green 1" in heard or "BOB has one card and forgot UNO!" in heard
    assert not [line for line in heard if line.startswith("You ")], "nothing BOB was told alone"
    assert refusal not in board.news
    assert Said(refusal, 1) in board.history, "BOB's own line is kept for him"


NOBODY = ["B1", "B2", "B3", "Y4", "Y5", "Y6", "Y7"]
NOBODY_TOO = ["G2", "G3", "G4", "Y1", "Y2", "Y3", "Y8"]


def three_people_at(direction: int, ann: tuple[str, ...] = ("R1", "R2")):
    """ANN, BOB and CAT at standard UNO, ANN in turn with ``ann`` (two red
    cards) on a red 5 and play going ``direction``: a Match continued from
    that position, its lines in ``lines``."""
    from conftest import position

    from game.ui.table.match import Match, TableSettings
    from game.ui.table.source import EngineSource

    app = HeadlessApp().app
    lines: list[str] = []
    game = position("standard", [list(ann), NOBODY, NOBODY_TOO], "R5", direction=direction)
    seating = Seating.of(3, ("ANN", "BOB", "CAT"))
    table = TableSettings(app.context.audio, lines.append, lambda scene: None, "normal", 4, seating, as_it_stands=True)
    match = Match(table, EngineSource(game))
    return match, lines


def frames_until(match, ready, keys=()) -> None:
    match.update(list(keys))
    for _ in range(WAIT_LIMIT):
        if ready():
            return
        match.update([])
    raise AssertionError(f"still waiting: {match.board.prompt}")


def ann_forgets_uno(direction: int):
    match, lines = three_people_at(direction)
    assert match.scene == "handover"
    frames_until(match, lambda: match.waiting_for_you, ["RETURN"])
    assert not match.board.hidden
    frames_until(match, lambda: match.timeline.idle, ["RETURN"])  # the red 1, no U
    assert match.game.exposed == 0 and match.scene == "table"
    return match, lines


@pytest.mark.parametrize(("direction", "catcher"), [(1, "BOB"), (-1, "CAT")])
def test_a_forgotten_uno_hides_the_forgetters_hand_and_k_catches_for_the_next_the_way_play_goes(direction, catcher):
    match, lines = ann_forgets_uno(direction)
    board = match.board
    assert board.prompt == f"ANN forgot UNO! U calls it late; K: {catcher} catches (or a pad's Y)"
    assert board.hidden, "while the others may catch her, ANN's hand shows its backs"
    match.update(["K"])
    assert f"catch by {catcher.lower()}" in lines
    assert f"message {catcher} catches ANN's missed UNO call" in lines, "whom, at a table of three"
    while match.scene == "table":
        assert board.hidden, "her two penalty cards and her hand stay face down"
        assert board.flight is None or board.flight.code is None
        match.update([])
    assert match.scene == "handover" and match.handover_to == (1 if direction == 1 else 2)
    assert "card ann draws a card" in lines and not [line for line in lines if line.startswith("card ann draw ")]


def test_a_late_uno_call_stays_on_the_table_a_second_before_the_curtain():
    from game.ui.seats.person import LATE_CALL_FRAMES

    match, lines = ann_forgets_uno(1)
    frames = 0
    match.update(["U"])
    assert "uno ann" in lines
    while match.scene == "table":
        assert match.board.news == "ANN calls UNO!"
        frames += 1
        match.update([])
    assert frames >= LATE_CALL_FRAMES, "ANN sees her call taken"


def test_the_number_keys_name_the_seats_their_panels_show_for_every_person():
    thirds = [["G1", "G6", "G7", "G8", "G9", "B4", "B5"], ["G5", "B6", "B7", "B8", "B9", "Y9", "Y0"]]
    deck = standard_deck([NOBODY, ["R7", *NOBODY_TOO[1:]], *thirds], "R5")
    store = SettingsStore(Settings(house=("seven_zero",)))
    people = People(table=("standard", 4), people=("ANN", "BOB"), deck=deck, starter=1, store=store)
    people.wait_until(lambda: people.app.scene == "handover")
    people.open_curtain()  # BOB, seat 1: place 0
    match, board = people.match, people.match.board
    while board.hand[board.selected] != "R7":
        people.frame("RIGHT")
    people.frame("RETURN")
    people.wait_until(lambda: match.waiting_for_you and match.person.deciding == "swap")
    assert board.prompt.endswith("(or keys 0-3)"), board.prompt
    people.app.draw()
    for panel in [*seat_layout.panels(4), seat_layout.panel_of(0, 4)]:
        assert key_drawn(panel.x + 3, panel.y + 3) == str(board.number(panel.seat))
    assert [board.number(place) for place in range(4)] == [1, 2, 3, 0]
    people.frame("3")
    people.wait_until(lambda: match.timeline.idle)
    assert "message BOB swaps hands with Computer 3" in people.said("message BOB swaps")


def key_drawn(x: int, y: int) -> str:
    """The white digit drawn at (x, y) on the screen, read by drawing each
    digit elsewhere and comparing (pyxel's font: 3 x 5)."""

    def white(x0: int, y0: int) -> tuple[bool, ...]:
        return tuple(pyxel.screen.pget(x0 + i, y0 + j) == lay.WHITE for j in range(5) for i in range(3))

    drawn = white(x, y)
    for digit in "0123456789":
        pyxel.rect(0, 0, 8, 8, lay.BLACK)
        pyxel.text(0, 0, digit, lay.WHITE)
        if white(0, 0) == drawn:
            return digit
    return ""


def people_screen(count_rights: int = 1, **settings) -> HeadlessApp:
    player = HeadlessApp(store=SettingsStore(Settings(**settings)))
    while player.app.context.title.items.current != "people":
        player.press("DOWN")
    player.press("RETURN", *["RIGHT"] * count_rights)
    return player


def test_typing_on_people_starts_a_new_name_and_a_full_name_says_so():
    from game.ui.scenes.people import FULL_HINT

    player = people_screen()
    screen = player.app.navigator.top.screen
    player.press("DOWN", "RETURN")
    player.press("A", "N", "N")
    assert screen.names[0] == "ANN", "not PLAYER 1A"
    player.press("RETURN", "DOWN", "RETURN", "BACKSPACE")
    player.press("X")
    assert screen.names[1] == "PLAYER X", "BACKSPACE first edits the name shown"
    player.press("Y", "Z", "W")
    assert screen.names[1] == "PLAYER XY" and screen.name_full
    screen.draw(0)
    assert FULL_HINT.startswith("9 letters at most")


def test_left_and_right_move_a_person_among_the_people_only():
    player = people_screen(count_rights=2, rules="standard", opponents=4)  # three people
    screen = player.app.navigator.top.screen
    names = list(screen.names)
    player.press("DOWN")  # PERSON 1
    player.press("LEFT")
    assert screen.items.current == "person 0" and screen.count == 3, "LEFT on the first person does nothing"
    player.press("RIGHT")
    assert screen.names[:2] == [names[1], names[0]] and screen.items.current == "person 1", "the highlight follows"
    player.press("LEFT")
    assert screen.items.current == "person 0" and screen.names[:3] == names[:3]
    player.press("DOWN", "DOWN", "RIGHT")  # the last person
    assert screen.items.current == "person 2" and screen.names == names, "no hidden name swapped in"


def test_the_people_count_at_every_seat_says_why_it_goes_back_to_one():
    from game.ui.scenes.people import count_label

    player = people_screen(count_rights=1)  # the 1991 game: two seats
    assert player.app.navigator.top.screen.count == 2 and player.app.navigator.top.screen.most == 2
    assert count_label(2, 2) == "PEOPLE: 2  (ALL 2 SEATS; RIGHT: BACK TO 1)"
    assert count_label(3, 4) == "PEOPLE: 3"
    player.press("RIGHT")
    assert player.app.navigator.top.screen.count == 1


def test_a_reverse_says_who_played_it_and_a_catch_at_a_table_of_two_speaks_as_1991():
    from game.rules.events import Event
    from game.ui.table import narration

    match, lines = three_people_at(1, ann=("RR", "R2", "R3"))
    frames_until(match, lambda: match.waiting_for_you, ["RETURN"])
    match.update(["RIGHT"])
    match.update(["RIGHT"])
    assert match.board.selected_card() == "RR"
    frames_until(match, lambda: match.timeline.idle, ["RETURN"])
    assert "message ANN changes the direction of play" in lines
    assert narration.news(Event("reverse", 0), 2) == "Play changes direction"
    assert narration.catch_news(1, 0, 2) == "Computer catches the missed UNO call"
    assert narration.catch_news(0, 2, 3) == "You catch Computer 2's missed UNO call"


def test_a_key_pressed_while_a_new_hand_is_dealt_face_down_says_so():
    from game.ui.table import narration

    people = People(table=("standard", 3), people=("ANN", "BOB"))
    people.frame()
    assert people.app.scene == "table" and not people.match.timeline.idle
    people.frame("RETURN")
    assert people.match.board.prompt == narration.PROMPT_DEALING_WAIT
    people.frame()
    assert people.match.board.prompt == narration.PROMPT_DEALING_WAIT
    people.wait_until(lambda: people.app.scene == "handover")


def test_two_people_at_the_1991_game_see_the_cards_counted_for_the_winner():
    from game.ui.table import results

    people = People(table=("1991", 2), people=("ANN", "BOB"))
    people.play_hand()
    match = people.match
    result = match.result
    loser = 1 - result.winner
    assert sorted(result.loser_cards) == sorted(match.game.hands[loser]) and result.loser_cards
    names = ("ANN", "BOB")
    assert results.counted_line(result) == f"{names[loser]}'S CARDS LEFT, COUNTED FOR {names[result.winner]}:"
    people.app.draw()
    band = {
        pyxel.screen.pget(x, y)
        for x in range(results.PANEL_X + 8, results.PANEL_X + results.PANEL_W - 8)
        for y in range(results.CARDS_Y, results.CARDS_Y + 20)
    }
    assert len(band) >= 4, "the cards themselves, not only a count"


def test_bob_as_king_names_the_jester_by_the_number_on_its_panel():
    from game.rules.rulesets import RULES_ROYAL

    king = ["RK", "W", "R2", "G3", "G4", "Y5", "Y6"]
    others = [["B1", "B2", "G1", "G2", "Y7", "Y8", "R8"], ["R3", "R4", "B3", "B4", "G5", "Y1", "Y2"]]
    deck = stacked([others[0], king, others[1]], "R5", deck=RULES_ROYAL.deck)
    people = People(table=("royal", 3), people=("ANN", "BOB"), deck=deck, starter=1)
    people.wait_until(lambda: people.app.scene == "handover")
    people.open_curtain()  # BOB, the King, names the Jester first
    match = people.match
    people.wait_until(lambda: match.waiting_for_you)
    assert match.person.deciding == "jester" and match.board.prompt.endswith("(or keys 0-2)")
    people.frame("2")
    people.wait_until(lambda: match.timeline.idle)
    assert match.game.jester == 2 and "jester computer 2" in people.said("jester ")
