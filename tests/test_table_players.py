"""The table for standard UNO and Royal Revenge, played through its keys
headless: UNO calls and catches, the Wild Draw Four challenge, the King's
picks, the scepter's fanfare, tables of 2 to 10 seats, and key mashes that
never crash and never lose a card.

Where a test needs a computer to do one thing (forget UNO, bluff a Wild Draw
Four), that seat is given a scripted player: the table asks it exactly as it
asks the real computer players (``think`` and ``react`` from its view).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
import pyxel
from conftest import HeadlessApp, SettingsStore, stacked

from game.ai.players import Player as ComputerPlayer
from game.rules.rulesets import RULES_ROYAL, RULES_STANDARD
from game.storage.settings import Settings
from game.ui.app import init_pyxel

WAIT_LIMIT = 6000


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


class Scripted(ComputerPlayer):
    """A computer seat that plays the given actions in order while they are
    legal, else the first legal play (never calling UNO), else the last
    legal action; it never catches anybody."""

    level = "scripted"
    FORGETS = 1.0  # never calls UNO

    def __init__(self, actions: list[str] | None = None) -> None:
        super().__init__(0)
        self.actions = list(actions or [])

    def decide(self, view, rng) -> str:
        if self.actions and self.actions[0] in view.legal:
            return self.actions.pop(0)
        plays = [a for a in view.legal if a.startswith("play") and not a.endswith("uno")]
        choices = [a for a in view.legal if a not in ("catch", "uno")]
        return plays[0] if plays else choices[-1]

    def react(self, view) -> str | None:
        return None


class Table(HeadlessApp):
    """The game started straight on a table (``--rules``, ``--players``)."""

    def __init__(self, rules: str, players: int, seed: int = 1, level: str = "normal", **kwargs) -> None:
        super().__init__(seed, level=level, table=(rules, players), **kwargs)

    @property
    def game(self):
        return self.app.match.game

    def wait_until(self, done: Callable[[], bool], limit: int = WAIT_LIMIT) -> None:
        for _ in range(limit):
            if done():
                return
            self.driver.frame()
        raise AssertionError(f"still waiting after {limit} frames: {self.lines[-5:]}")

    def wait_for_you(self) -> None:
        self.wait_until(lambda: self.match.waiting_for_you)

    def play_on_until(self, done: Callable[[], bool], limit: int = WAIT_LIMIT) -> None:
        """Wait, picking up (and passing) whenever it is your turn, taking
        the first choice offered when you must choose."""

        def step() -> bool:
            if self.match.waiting_for_you:
                pending = self.game.pending
                self.press("P" if pending is None else "R" if pending.kind == "colour" else "RETURN")
            return done()

        self.wait_until(step, limit)

    def said(self, text: str) -> bool:
        return any(text in line for line in self.lines)

    def seat(self, seat: int, player: ComputerPlayer) -> None:
        """Give a computer seat a scripted player."""
        self.match.computers.players[seat] = player
        self.match.computers.forget()


def standard_deck(hands: list[list[str]], turn_up: str, draw: tuple[str, ...] = ()) -> list[str]:
    return stacked(hands, turn_up, draw, deck=RULES_STANDARD.deck)


# Seat 0 can play all but one card on one turn: Skips and Reverses come back to it at a table of two.
RUN_DOWN = ["RS", "RS", "RR", "GR", "GS", "G1", "G2"]
DULL = ["B1", "B2", "B3", "Y4", "Y5", "Y6", "Y7"]


def play(table: Table, code: str, *before: str) -> None:
    """When the table waits for you: move the arrow to ``code``, press the
    keys ``before`` (U, say), then RETURN."""
    table.wait_for_you()
    board = table.match.board
    while board.hand[board.selected] != code:
        table.press("RIGHT" if board.hand.index(code) > board.selected else "LEFT")
    table.press(*before, "RETURN")


def run_down(table: Table, *before: str) -> None:
    """Play RUN_DOWN's action cards, each bringing the turn back, leaving G1
    and G2; then G1, pressing ``before`` first."""
    for code in ("RS", "RS", "RR", "GR", "GS"):
        play(table, code)
    table.wait_for_you()
    assert sorted(table.match.board.hand) == ["G1", "G2"]
    play(table, "G1", *before)


# ----- UNO ---------------------------------------------------------------------------------


def test_u_before_the_next_to_last_card_calls_uno():
    table = Table("standard", 2, deck=standard_deck([RUN_DOWN, DULL], "R5"), starter=0)
    run_down(table, "U")
    table.wait(60)
    assert "play G1 uno" in table.game.record().splitlines()
    assert table.said("uno you") and table.game.exposed is None and not table.said("catch by")
    assert len(table.game.hands[0]) == 1


def test_forgetting_uno_gets_you_caught_and_you_draw_two():
    table = Table("standard", 2, deck=standard_deck([RUN_DOWN, DULL], "R5", draw=("Y8", "Y9")), starter=0)
    run_down(table)
    table.wait_until(lambda: table.said("catch by computer"))
    table.wait(30)
    assert table.said("uno forgotten by you") and table.game.hands[0] == ["G2", "Y8", "Y9"]


def test_a_late_call_saves_you_from_the_catch():
    table = Table("standard", 2, deck=standard_deck([RUN_DOWN, DULL], "R5"), starter=0)
    run_down(table)
    table.wait_until(lambda: table.said("uno forgotten by you"))
    table.press("U")
    table.wait(90)
    assert table.said("uno you") and not table.said("catch by") and len(table.game.hands[0]) == 1


def test_you_catch_a_computer_that_forgets_uno_and_the_bar_says_so():
    table = Table("standard", 2, deck=standard_deck([DULL, RUN_DOWN], "R5", draw=("Y8", "Y9")), starter=1)
    table.seat(1, Scripted())
    table.wait_until(lambda: table.game.exposed == 1 and table.match.timeline.idle)
    table.wait(2)
    assert table.match.board.prompt == "Computer forgot to call UNO! Press U to catch"
    table.press("U")
    table.wait(30)
    assert table.said("catch by you") and len(table.game.hands[1]) == 3


def test_the_computers_catch_each_other():
    """Computer 1 runs down its reds and greens and forgets UNO; computer 2
    (hard) and you can only draw blues and yellows that never follow."""
    runner = ["RS", "RS", "GS", "GS", "G1", "G2", "R1"]
    blues = ["B4", "B5", "B6", "Y1", "Y2", "Y3", "B7"]
    draws = ("B8", "B9", "Y8", "Y9") * 2
    table = Table("standard", 3, deck=standard_deck([DULL, runner, blues], "R5", draws), starter=1, level="hard")
    table.seat(1, Scripted())
    table.play_on_until(lambda: table.said("catch by"), limit=3000)
    assert table.said("uno forgotten by computer 1") and table.said("catch by computer 2")
    assert len(table.game.hands[1]) == 3


# ----- the Wild Draw Four challenge ---------------------------------------------------------


def challenge_table(computer_hand: list[str], key: str) -> Table:
    """The computer plays a Wild Draw Four (naming green) on you; you press ``key``."""
    you = ["B1", "B2", "B3", "B4", "B5", "B6", "B7"]
    deck = standard_deck([you, computer_hand], "R5", draw=("Y1", "Y2", "Y3", "Y4", "Y5", "Y6"))
    table = Table("standard", 2, deck=deck, starter=1)
    table.seat(1, Scripted(["play W+4 G"]))
    table.wait_for_you()
    assert table.match.board.prompt == "A Wild Draw Four on you, RED before it: C challenges, A accepts"
    table.press(key)
    table.wait(10)
    return table


def test_a_challenge_catches_a_bluff_shows_the_hand_and_the_bluffer_draws_four():
    table = challenge_table(["W+4", "R1", "R2", "G3", "G4", "Y7", "Y8"], "C")
    table.wait_until(lambda: table.said("revealed"), limit=60)
    assert table.said("revealed R1 R2 G3 G4 Y7 Y8") and table.match.board.revealed is not None
    table.wait_until(lambda: table.match.board.revealed is None)
    assert len(table.game.hands[1]) == 10 and len(table.game.hands[0]) == 7
    table.wait_for_you()  # your turn goes on


def test_a_challenge_of_a_fair_card_costs_you_six():
    table = challenge_table(["W+4", "G1", "G2", "G3", "G4", "Y7", "Y8"], "C")
    table.wait(100)
    assert len(table.game.hands[0]) == 13 and table.said("revealed G1 G2 G3 G4 Y7 Y8")


def test_accepting_draws_four():
    table = challenge_table(["W+4", "G1", "G2", "G3", "G4", "Y7", "Y8"], "A")
    table.wait(60)
    assert len(table.game.hands[0]) == 11 and not table.said("revealed")


def test_the_challenge_buttons_answer_to_the_arrows_and_return():
    you = ["B1", "B2", "B3", "B4", "B5", "B6", "B7"]
    deck = standard_deck([you, ["W+4", "G1", "G2", "G3", "G4", "Y7", "Y8"]], "R5")
    table = Table("standard", 2, deck=deck, starter=1)
    table.seat(1, Scripted(["play W+4 G"]))
    table.wait_for_you()
    table.press("RIGHT", "RETURN")  # ACCEPT
    table.wait(60)
    assert "accept" in table.game.record().splitlines() and "challenge" not in table.game.record().splitlines()
    assert len(table.game.hands[0]) == 11


# ----- Royal Revenge: the King's picks and the fanfare -------------------------------------------

ROYAL_YOU = ["RK", "W", "R2", "G3", "G4", "Y5", "Y6"]
ROYAL_THEM = [["B1", "B2", "G1", "G2", "Y7", "Y8", "R8"], ["R3", "R4", "B3", "B4", "G5", "Y1", "Y2"]]


def royal_table(**kwargs) -> Table:
    deck = stacked([ROYAL_YOU, *ROYAL_THEM], "R5", deck=RULES_ROYAL.deck)
    return Table("royal", 3, deck=deck, **kwargs)


def test_as_king_you_name_the_jester_with_a_number_key():
    table = royal_table()
    table.wait_for_you()
    assert table.match.board.prompt.startswith("You are King: pick the Jester")
    assert table.match.board.pick == 1
    table.press("2")
    table.wait(20)
    assert table.game.jester == 2 and table.said("jester computer 2")


def test_as_king_you_pick_the_kings_choice_target_with_the_arrows():
    table = royal_table()
    table.wait_for_you()
    table.press("RIGHT", "RETURN")  # the Jester: seat 2
    play(table, "RK")
    table.wait_for_you()
    assert table.match.board.prompt.startswith("King's Choice: who draws one?")
    assert table.match.board.pick == 1  # never you: the opponent with the fewest cards
    table.press("RIGHT", "LEFT", "RETURN")  # to seat 2 and back
    table.wait(40)
    assert "target 1" in table.game.record().splitlines()
    assert "seat 1 draws 1 (King's Choice)" in [str(e).split(":")[0] for e in table.game.events]
    assert table.said("The King's Choice falls on Computer 1")


def test_as_king_you_name_the_colour_of_any_wild():
    table = royal_table()
    table.wait_for_you()
    table.press("1")
    play(table, "W")  # no colour asked with the card
    table.wait_for_you()
    assert table.game.choosing_colour and table.match.board.prompt.startswith("You are King: name the Wild's colour")
    table.press("Y")
    table.wait(20)
    assert table.game.colour == "Y" and "play W" in table.game.record().splitlines()


def test_the_scepter_fills_then_its_fanfare_passes_the_crown_left():
    table = royal_table()
    table.wait_for_you()
    table.press("2")
    scepter = table.match.scepter
    assert 50 * 30 <= scepter.length <= 70 * 30
    seen = []
    table.wait_until(lambda: seen.append(table.match.board.scepter) or table.said("fanfare"), limit=3000)
    assert seen[-1] >= 0.99 and any(0.4 < p < 0.6 for p in seen)  # it filled up over time
    crown = []
    table.wait_until(lambda: crown.append(table.match.board.flight) or table.said("king computer 1"), limit=200)
    table.wait(40)
    assert any(f is not None and f.sprite == "crown" for f in crown)
    assert table.game.king == 1 and table.match.board.king == 1 and table.said("sound fanfare")


# ----- every rule set: the pip, the seats, the results ---------------------------------------


@pytest.mark.parametrize(("rules", "players"), [("standard", 4), ("royal", 3)])
def test_the_pip_sounds_each_time_it_becomes_your_turn(rules, players):
    table = Table(rules, players, seed=4)
    for _ in range(8):
        table.wait_until(lambda: table.match.waiting_for_you or table.game.hand_over)
        if table.game.hand_over:
            break
        deal = max(i for i, line in enumerate(table.lines) if "message The computer deals" in line)
        pips = sum("sound pip" in line for line in table.lines[deal:])
        turns = sum(event.kind == "turn" and event.seat == 0 for event in table.game.events)
        assert pips == turns >= 1
        pending = table.game.pending
        table.press("R" if pending is not None and pending.kind == "colour" else "RETURN" if pending else "P")
        table.wait(20)
        if table.match.waiting_for_you and table.match.board.drawn:
            table.press("P")


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players", "seed"), [("standard", 4, 2), ("standard", 10, 3), ("royal", 5, 4)])
def test_key_mash_at_a_big_table_never_crashes_and_never_loses_a_card(rules, players, seed):
    rng = random.Random(seed)
    table = Table(rules, players, seed=seed, level=("easy", "normal", "hard")[seed % 3])
    if table.match.scepter is not None:
        table.match.scepter.length = 400  # several fanfares in one mash
    names = ["LEFT", "RIGHT", "RETURN", "P", "U", "C", "A", "R", "G", "1", "2", "0", "UP", "DOWN", "ESCAPE", "N"]
    weights = [8, 8, 12, 6, 4, 2, 2, 2, 2, 2, 2, 1, 2, 2, 1, 2]
    scenes = set()
    for _ in range(8000):
        if rng.random() < 0.35:
            table.press(rng.choices(names, weights)[0])
        else:
            table.wait(1)
        app = table.app
        scenes.add(app.scene)
        if app.match is None:
            continue
        game = app.match.game
        assert game.card_problems() == []
        if app.match.timeline.idle and app.scene == "table" and not game.hand_over:
            board = app.match.board
            assert sorted(board.hand) == sorted(game.hands[0])
            assert board.counts[1:] == [len(hand) for hand in game.hands][1:]
            assert (board.top, board.colour, board.scores) == (game.top, game.colour, tuple(game.scores))
            assert (board.king, board.jester, board.direction) == (game.king, game.jester, game.direction)
    assert "table" in scenes and not table.said(" error "), "a computer player chose wrongly or failed to decide"
    if rules == "royal":
        assert table.said("fanfare")


def test_a_table_of_ten_shows_nine_panels_and_yours_in_the_picture():
    table = Table("standard", 10, seed=3)
    table.wait_for_you()
    table.app.draw()
    from game.ui.table.seat_layout import PANEL_H, PANEL_W, panel_of

    for seat in range(10):
        panel = panel_of(seat, 10)
        assert pyxel.screen.pget(panel.x, panel.y) != pyxel.screen.pget(panel.x + PANEL_W // 2, panel.y + PANEL_H + 3)
    assert table.match.board.turn == 0


# ----- continuing and watching a match of more players -----------------------------------


@pytest.mark.parametrize(("rules", "players"), [("standard", 4), ("royal", 3)])
def test_a_bigger_table_continues_exactly_where_it_was_left(tmp_path, rules, players):
    from game.rules import Game
    from game.storage.files import Files
    from game.storage.store import Store

    first = Table(rules, players, seed=6, store=Store(Files(tmp_path)))
    first.play_on_until(lambda: len(first.game.record().splitlines()) > 30, limit=4000)
    record = first.game.record()  # what was saved after the last action
    again = Table(rules, players, seed=6, store=Store(Files(tmp_path)), continue_match=True)
    assert again.game.record() == record
    assert again.game.snapshot() == Game.replay(record).snapshot()
    board = again.match.board
    assert board.counts[1:] == [len(hand) for hand in again.game.hands[1:]] and board.king == again.game.king
    again.play_on_until(lambda: len(again.game.record().splitlines()) > 40, limit=4000)
    assert again.game.card_problems() == []


def test_the_end_of_a_hand_at_a_bigger_table_lists_every_seat_and_the_tally_says_who_adds():
    store = SettingsStore(Settings(rules="royal", opponents=3, scoring="tally"))
    table = Table("royal", 4, seed=4, store=store)
    table.play_on_until(lambda: table.app.scene == "hand_result", limit=20000)
    result = table.match.result
    assert result.tally and len(result.left) == 4 and result.left[result.winner] == 0
    assert result.scores == tuple(table.game.scores) and result.scores[result.winner] == 0
    assert table.said("WENT OUT: THE OTHERS ADD THEIR CARDS") and table.said("everyone else adds the cards left")


class Broken(Scripted):
    """A computer seat whose thinking fails."""

    def decide(self, view, rng) -> str:
        raise RuntimeError("the search fell over")


def test_a_computer_players_failure_is_reported_and_the_game_goes_on():
    table = Table("standard", 2, deck=standard_deck([DULL, RUN_DOWN], "B9"), starter=1)
    table.seat(1, Broken())
    table.wait_for_you()
    assert table.said("error computer could not decide (RuntimeError('the search fell over')); it plays 'draw'")
    assert "draw" in table.game.record().splitlines() and table.game.card_problems() == []
