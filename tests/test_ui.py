"""The game on screen, played headless through its keys as a player would.

pyxel is initialised once (headless) for the whole module; each test builds
its own App and drives it frame by frame with real key presses
(``pyxel.set_btn``), through the same Driver the ``--headless`` runs use:
through the loading screen and the title menu's PLAY to the table. A few
tests run ``python -m game --headless`` in a subprocess to check the command
line itself. The menus, saved settings, gamepad and mouse: test_menus.py.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest
import pyxel

from game.ai import make
from game.rules import Game
from game.rules.rulesets import RULES_1991
from game.ui import layout as lay
from game.ui.app import App, init_pyxel
from game.ui.device import keys
from game.ui.device.resources import ARROW_H, CARD_H, CARD_W
from game.ui.device.script import ScriptError, parse_script
from game.ui.drawing import CHAR_H
from game.ui.layout import HAND_LEFT, HAND_W
from game.ui.seats.computers import THINK_FRAMES
from game.ui.seats.kinds import COMPUTER
from game.ui.table import narration
from game.ui.table.hand_layout import MIN_STEP, layout_row

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "tests" / "scripts"
sys.path.insert(0, str(SCRIPTS))

from decks import LAST_HAND_POINTS, last_hand_deck, penalty_deck, stacked  # noqa: E402
from mash import CLICK_WEIGHT, MASH_KEYS, MASH_WEIGHTS  # noqa: E402
from ui_bot import Bot, waiting_for_you  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


class Player:
    """An App with its report lines and a Bot to press keys and wait; unless
    ``start`` is False, it goes through the loading screen and chooses PLAY."""

    def __init__(self, seed: int = 1, start: bool = True, device: str = "keys", **kwargs) -> None:
        self.lines: list[str] = []
        self.app = App(seed, report=self.lines.append, **kwargs)
        self.bot = Bot(self.app, device=device)
        if start:
            self.bot.start_match()

    def press(self, *names: str) -> None:
        for name in names:
            self.bot.press(name)

    def wait_for_you(self) -> None:
        self.bot.wait_for_you()

    @property
    def match(self):
        return self.app.match

    @property
    def game(self):
        return self.app.match.game

    @property
    def board(self):
        return self.app.match.board

    def said(self, prefix: str, since: int = 0) -> list[str]:
        """Report lines (without their frame numbers) that start with ``prefix``."""
        texts = [line.split(maxsplit=1)[1] for line in self.lines[since:]]
        return [text for text in texts if text.startswith(prefix)]


BLUE_NINE_UP = {
    "you": ["R1", "R2", "R3", "G4", "G5", "Y6", "Y7"],
    "computer": ["R4", "R5", "G1", "G2", "Y1", "Y2", "R6"],
    "turn_up": "B9",
}


def blue_nine(then: tuple[str, ...] = (), you: list[str] | None = None) -> Player:
    """You start; the blue 9 is up and none of your cards matches it."""
    deck = stacked(you or BLUE_NINE_UP["you"], BLUE_NINE_UP["computer"], BLUE_NINE_UP["turn_up"], then)
    player = Player(deck=deck, starter=0)
    player.wait_for_you()
    return player


def board_matches_engine(app: App) -> None:
    """When nothing is animating, the table shows exactly the engine's state."""
    board, game = app.match.board, app.match.game
    assert sorted(board.hand) == sorted(game.hands[0])
    assert board.computer_count == len(game.hands[1])
    assert (board.top, board.colour) == (game.top, game.colour)
    assert board.draw_count == game.draw_count
    assert board.discard_count == len(game.discard)
    assert board.scores == tuple(game.scores)


# ----- the deal and the first turn --------------------------------------------------------


def test_the_computer_deals_seven_each_and_pips_for_your_first_turn():
    player = blue_nine()
    board = player.board
    assert sorted(board.hand) == sorted(BLUE_NINE_UP["you"])
    assert board.computer_count == 7 and board.top == "B9"
    assert player.said("message The computer deals 7 cards each")
    assert len(player.said("sound deal")) == 14
    assert player.said("sound pip") == ["sound pip"]
    assert board.prompt == narration.PROMPT_PLAY
    assert player.game.rules.name == player.app.context.settings.rules == "1991", "the rules How to Play explains"
    board_matches_engine(player.app)


def test_left_and_right_move_the_arrow_and_stop_at_the_ends():
    player = blue_nine()
    board = player.board
    player.press("LEFT")
    assert board.selected == 0
    player.press("RIGHT", "RIGHT", "RIGHT")
    assert board.selected == 3
    player.press(*["RIGHT"] * 10)
    assert board.selected == 6
    player.press("LEFT")
    assert board.selected == 5


# ----- refusing, picking up, passing ----------------------------------------------------------


def test_an_unplayable_card_is_refused_with_a_buzz_and_a_message():
    player = blue_nine()
    before = player.game.snapshot()
    start = len(player.lines)
    player.press("RETURN")  # the red 1 on the blue 9
    assert player.said("sound buzz", start) == ["sound buzz"]
    assert player.said("message", start) == ["message You can't play the red 1: match BLUE or 9"]
    assert player.game.snapshot() == before
    assert waiting_for_you(player.app)
    assert not player.said("sound pip", start)


def test_pick_up_a_playable_card_then_pass():
    player = blue_nine(then=("B5",))
    start = len(player.lines)
    player.press("P")
    player.wait_for_you()
    board = player.board
    assert player.said("card you draw B5", start) and player.said("sound draw", start)
    assert board.drawn == "B5" and board.selected_card() == "B5"
    assert board.prompt == narration.drawn_prompt("B5")
    assert not player.said("sound pip", start), "still the same turn"
    player.press("LEFT")  # the arrow stays on the card picked up
    assert board.selected_card() == "B5"
    player.press("P")
    player.bot.wait_until(lambda: player.game.turn == 1)
    assert "message You pass" in player.said("message", start)
    assert len(board.hand) == 8 and board.drawn is None


def test_pick_up_a_playable_card_then_play_it():
    player = blue_nine(then=("B5",))
    start = len(player.lines)
    player.press("P")
    player.wait_for_you()
    player.press("RETURN")
    player.bot.wait_until(lambda: player.match.timeline.idle)
    assert player.said("card you play B5", start)
    assert player.game.top == "B5" and player.board.top == "B5"
    assert sorted(player.board.hand) == sorted(BLUE_NINE_UP["you"])


def test_picking_up_an_unplayable_card_passes_the_turn_without_marking_it():
    player = blue_nine(then=("R8",))
    board = player.board
    arrow_on = board.selected_card()
    start = len(player.lines)
    player.press("P")
    while not (player.game.turn == 1 and player.match.timeline.idle):
        # The red 8 goes into your hand, and your turn passes: it is never
        # lifted as the card to play, and the arrow stays where it was.
        assert board.drawn is None and board.selected_card() == arrow_on
        player.bot.driver.frame()
    assert "message You can't play the card you picked up" in player.said("message", start)
    assert "R8" in board.hand


# ----- while the table moves: the prompt, and keys pressed then ---------------------------------


def frames_until(player: Player, ready) -> list[str]:
    """Run frames until ``ready()``; the prompt line shown in each of them."""
    prompts = []
    for _ in range(2_000):
        if ready():
            return prompts
        player.bot.driver.frame()
        prompts.append(player.board.prompt)
    raise AssertionError("never ready")


def test_after_you_act_the_prompt_never_repeats_the_instruction_you_followed():
    player = blue_nine(then=("B5",))
    player.press("P")
    prompts = [player.board.prompt, *frames_until(player, lambda: waiting_for_you(player.app))]
    assert set(prompts[:-1]) == {""}, "nothing is said while the card you picked up comes"
    assert prompts[-1] == narration.drawn_prompt("B5")
    start = len(player.lines)
    player.press("RETURN")  # play it: your turn is over
    prompts = [player.board.prompt, *frames_until(player, lambda: player.said("card computer", start))]
    assert narration.drawn_prompt("B5") not in prompts and narration.PROMPT_PLAY not in prompts
    assert set(prompts) <= {"", narration.PROMPT_COMPUTER} and narration.PROMPT_COMPUTER in prompts


def test_a_key_pressed_while_your_pick_up_moves_is_taken_when_it_lands():
    """You press P and at once RETURN, before the blue 5 you picked up is in
    your hand: it is played as soon as it lands."""
    player = blue_nine(then=("B5",))
    start = len(player.lines)
    player.press("P")
    player.bot.driver.frame()
    assert not player.match.timeline.idle, "the card is still on its way"
    player.press("RETURN")
    assert player.match.person.kept_keys == ["RETURN"] and player.game.drawn == "B5"
    player.bot.wait_until(lambda: player.said("card you play", start))
    assert player.said("card you play", start) == ["card you play B5"]
    assert player.game.top == "B5" and not player.said("sound buzz", start)


def test_a_key_pressed_during_the_computers_turn_is_refused_on_the_prompt_line():
    """You pick up a card you cannot play, so your turn passes; RETURN
    pressed while the computer plays says to wait, and is not taken later."""
    player = blue_nine(then=("R8",))
    start = len(player.lines)
    player.press("P")
    frames_until(player, lambda: player.game.turn == 1 and player.match.timeline.idle)
    player.press("RETURN")
    assert player.board.prompt == narration.PROMPT_WAIT
    assert f"prompt {narration.PROMPT_WAIT}" in player.said("prompt", start)
    assert player.match.person.kept_keys == []
    player.wait_for_you()
    for _ in range(30):  # the pip has sounded: the RETURN is not taken now
        player.bot.driver.frame()
    assert not player.said("card you play", start) and not player.said("sound buzz", start)
    assert player.board.prompt != narration.PROMPT_WAIT


# ----- wilds ----------------------------------------------------------------------------


def test_a_wild_asks_for_its_colour_and_takes_it_by_letter():
    player = blue_nine(you=["R1", "R2", "R3", "G4", "G5", "Y6", "W"])
    board = player.board
    player.bot.move_arrow_to(board.hand.index("W"))
    start = len(player.lines)
    player.press("RETURN")
    assert board.prompt == narration.PROMPT_COLOUR
    assert "W" in player.game.hands[0], "nothing is played before the colour is named"
    player.press("G")
    player.bot.wait_until(lambda: player.match.timeline.idle)
    assert "message You chose GREEN" in player.said("message", start)
    assert (player.game.top, player.game.colour) == ("W", "G")
    assert board.colour == "G"


def test_in_the_1991_game_left_right_move_along_the_row_of_colours_as_it_is_drawn():
    """The four colours are drawn as a row: LEFT/RIGHT move along it (they used to
    leave it for another card; BACKSPACE does that now); R/G/Y/B stay as in 1991."""
    player = blue_nine(you=["R1", "R2", "R3", "G4", "G5", "Y6", "W"])
    board = player.board
    player.bot.move_arrow_to(board.hand.index("W"))
    player.press("RETURN")
    assert player.match.naming_colour and board.prompt == narration.PROMPT_COLOUR
    player.press("RIGHT", "RIGHT", "LEFT")
    assert player.match.person.colour_cursor == 1 and player.match.naming_colour
    assert "W" in player.game.hands[0]
    player.press("BACKSPACE")
    assert not player.match.naming_colour and board.prompt == narration.PROMPT_PLAY
    player.press("RETURN")  # the arrow is still on the Wild
    player.press("RETURN")  # the colour highlighted: GREEN
    player.bot.wait_until(lambda: player.match.timeline.idle)
    assert (player.game.top, player.game.colour) == ("W", "G")


def test_a_gamepad_plays_with_the_d_pad_a_and_b_and_names_colours_with_up_down():
    player = blue_nine(then=("W",))
    board = player.board
    player.press("GAMEPAD1_BUTTON_DPAD_RIGHT")
    assert board.selected == 1
    player.press("GAMEPAD1_BUTTON_B")  # pick up: the Wild
    player.wait_for_you()
    assert board.drawn == "W"
    player.press("GAMEPAD1_BUTTON_A")
    assert player.match.naming_colour and player.match.person.colour_cursor == 0
    player.press("GAMEPAD1_BUTTON_DPAD_DOWN", "GAMEPAD1_BUTTON_DPAD_DOWN", "GAMEPAD1_BUTTON_DPAD_UP")
    assert player.match.person.colour_cursor == 1
    player.press("GAMEPAD1_BUTTON_A")
    player.bot.wait_until(lambda: player.match.timeline.idle)
    assert (player.game.top, player.game.colour) == ("W", "G")


def test_an_illegal_wild_draw_four_is_played_and_penalised_with_the_reason():
    player = blue_nine(you=["R1", "R2", "R3", "G4", "G5", "B6", "W+4"])
    board = player.board
    player.bot.move_arrow_to(board.hand.index("W+4"))
    start = len(player.lines)
    player.press("RETURN", "R")
    player.bot.wait_until(lambda: player.match.timeline.idle)
    assert player.said("sound penalty", start)
    penalty = player.said("message Penalty!", start)
    assert penalty == [f"message {narration.penalty_news(0, 'B')}"]
    assert "You hold BLUE" in penalty[0] and "draw four" in penalty[0]
    assert len(board.hand) == 11 and "W+4" in board.hand
    assert len(player.said("card you draw", start)) == 4
    assert player.game.colour == "B"


def test_you_name_the_colour_of_a_wild_turned_up_by_letter():
    deck = stacked(BLUE_NINE_UP["you"], BLUE_NINE_UP["computer"], "W")
    player = Player(deck=deck, starter=0)
    player.wait_for_you()
    assert player.board.prompt == narration.PROMPT_STARTER_COLOUR
    player.press("P", "LEFT")  # nothing else is taken before the colour
    assert player.game.choosing_colour and len(player.board.hand) == 7
    player.press("Y")
    player.bot.wait_until(lambda: player.match.timeline.idle)
    assert "message You chose YELLOW" in player.said("message")
    assert player.game.colour == "Y" and player.said("sound pip") == ["sound pip"]
    assert player.board.prompt == narration.PROMPT_PLAY


def test_a_wild_draw_four_turned_up_goes_back_and_the_next_card_is_turned_up():
    deck = stacked(BLUE_NINE_UP["you"], BLUE_NINE_UP["computer"], "W+4", then=("R9",))
    player = Player(deck=deck, starter=0)
    player.wait_for_you()
    messages = player.said("message")
    assert messages.index("message A Wild Draw Four turned up goes back into the pile") < messages.index(
        "message Turned up: a red 9"
    )
    board_matches_engine(player.app)


def test_when_the_draw_pile_runs_out_the_discard_pile_is_shuffled_in():
    """You play your low reds and, between them, your Wild Draw Four while
    holding red, again and again: each one costs you four cards. The computer
    can never play (decks.penalty_deck), so it picks up a card each turn: the
    discard pile grows while the draw pile runs out."""
    player = Player(deck=penalty_deck(), starter=0)
    app = player.app
    while not player.said("message The discard pile is shuffled"):
        player.wait_for_you()
        assert app.scene == "table", "the hand ended before the pile ran out"
        board_matches_engine(app)
        player.bot.penalty_turn()
    assert player.said("sound penalty") and len(player.board.hand) > 40
    player.wait_for_you()
    board_matches_engine(app)


# ----- the computer's turn ----------------------------------------------------------------


def test_the_computer_plays_a_draw_two_at_a_pace_you_can_follow_and_hands_you_two():
    """The computer holds only Draw Twos; whenever it plays one (it may pick
    up first), you are handed the two cards the engine gave you, one at a
    time, and miss a go. You only ever pick up or pass."""
    deck = stacked(
        you=["R1", "R2", "R3", "G4", "Y5", "Y6", "Y7"],
        computer=["G+2", "G+2", "Y+2", "Y+2", "B+2", "B+2", "R+2"],
        turn_up="G5",
    )
    player = Player(deck=deck, starter=1)
    for _ in range(20):
        player.wait_for_you()
        if any(text.endswith("+2") for text in player.said("card computer plays")):
            break
        player.press("P")  # pick up; when the card picked up could go, P again passes
    else:
        pytest.fail("the computer never played one of its seven Draw Twos")
    texts = player.said("")
    first = next(i for i, text in enumerate(texts) if text.startswith("card computer plays") and text.endswith("+2"))
    played = texts[first].split()[-1]
    after = texts[texts.index(f"message Computer plays a {narration.card_words(played)}") :]
    assert 0 < after.index("message You draw two") < after.index("message You miss a go")
    handed = [text for text in after[: after.index("message You miss a go")] if text.startswith("card you draw")]
    given = next(e for e in player.game.events if e.kind == "draw" and e.seat == 0 and e.reason == "Draw Two")
    assert handed == [f"card you draw {code}" for code in given.cards] and len(handed) == 2
    # The computer thinks before each action, and each action takes its time.
    acts = [int(line.split()[0]) for line in player.lines if " card computer plays " in line or " draws a card" in line]
    deal_done = max(int(line.split()[0]) for line in player.lines if "card turned up" in line)
    assert acts[0] - deal_done >= THINK_FRAMES
    plays = [int(line.split()[0]) for line in player.lines if "card computer plays" in line]
    assert all(b - a >= 15 for a, b in pairwise(plays))
    board_matches_engine(player.app)


# ----- whole hands and a whole match -----------------------------------------------------------


def pips_match_turns(player: Player, hand_start: int) -> None:
    """Exactly one pip each time your turn starts (a turn event for you)."""
    turns = sum(1 for event in player.game.events if event.kind == "turn" and event.seat == 0)
    assert len(player.said("sound pip", hand_start)) == turns


ALL_SKIPS = {"you": ["RS", "RS", "RS", "RS", "GS", "GS", "GS"], "computer": ["B1", "B2", "B3", "B4", "B5", "B6", "B7"]}


def test_a_whole_hand_ends_with_the_result_and_the_computers_cards():
    """Seven Skips: you go out before the computer has a turn."""
    player = Player(deck=stacked(ALL_SKIPS["you"], ALL_SKIPS["computer"], "R5"), starter=0)
    player.bot.play_hand()
    app, game, result = player.app, player.game, player.match.result
    assert app.scene == "hand_result" and game.hand_winner == 0
    pips_match_turns(player, 0)
    assert player.said("scene hand_result")
    assert result.points == 28 and result.scores == (28, 0) == tuple(game.scores)
    assert player.said("result") == [
        "result YOU WENT OUT AND SCORE 28 POINTS",
        "result YOU 28   COMPUTER 0   (FIRST TO 500)",
        "result computer cards left: B1 B2 B3 B4 B5 B6 B7",
    ]
    assert result.loser_cards == tuple(ALL_SKIPS["computer"])
    assert "sound hand won" in player.said("sound")
    assert player.board.prompt == narration.PROMPT_NEXT_HAND


def test_the_end_of_the_hand_box_holds_a_hand_of_sixteen_nothing_shows_past_its_sides():
    """A long hand (yours behind the box, and the cards counted in it) stays
    inside the END OF THE HAND box: past its sides there is only the table."""
    import dataclasses

    from game.ui.device import resources as res
    from game.ui.table import results

    player = Player(deck=stacked(ALL_SKIPS["you"], ALL_SKIPS["computer"], "R5"), starter=0)
    player.bot.play_hand()
    match = player.match
    sixteen = ["B1", "B2", "B3", "B4", "G5", "G6", "G7", "R8", "R9", "Y1", "Y2", "Y3", "W", "W+4", "BS", "GS"]
    match.result = dataclasses.replace(match.result, loser_cards=tuple(sixteen))
    match.board.hand = list(sixteen)
    player.app.draw()
    sides = [*range(4, results.PANEL_X - 1), *range(results.PANEL_X + results.PANEL_W + 1, lay.SCREEN_W - 4)]
    for y in range(results.PANEL_Y + 4, results.PANEL_Y + results.PANEL_H - 4):
        for x in sides:
            assert pyxel.screen.pget(x, y) == lay.TABLE_COLOUR, (x, y)
    inside = {
        pyxel.screen.pget(x, results.CARDS_Y + res.CARD_H // 2) for x in range(results.PANEL_X, results.PANEL_X + 40)
    }
    assert len(inside) > 2, "the counted cards are drawn in the box"


def test_the_hard_computer_on_the_table_chooses_exactly_as_the_hard_player():
    """At hard the table thinks a slice a frame; the choices are still the
    player's own, made at once, on the same views."""
    player = Player(seed=4, level="hard")
    player.bot.play_hand()
    assert player.app.scene == "hand_result"
    record = player.game.record().splitlines()
    assert record[1:4] == ["rules 1991", "players 2", "seed 4"]
    replay, hard, decisions = Game(seed=4), make("hard", seed=4), 0
    for action in record[4:]:
        if replay.turn == COMPUTER:
            assert hard.choose(replay.view(COMPUTER)) == action
            decisions += 1
        replay.act(action)
    assert decisions >= 3 and replay.hand_over


def test_going_out_with_a_draw_two_gives_the_loser_two_more_cards_before_counting():
    deck = stacked(
        you=["RS", "RS", "RS", "RS", "GS", "GS", "G+2"],
        computer=["B1", "B2", "B3", "B4", "B5", "B6", "B7"],
        turn_up="R5",
        then=("Y8", "Y9"),
    )
    player = Player(deck=deck, starter=0)
    player.bot.play_hand()
    texts = player.said("")
    assert texts.index("message Computer draws two") < texts.index("message You go out and score 45 points")
    assert player.match.result.loser_cards == ("B1", "B2", "B3", "B4", "B5", "B6", "B7", "Y8", "Y9")
    assert player.match.result.points == 45 and player.board.scores == (45, 0)
    assert "result computer cards left: B1 B2 B3 B4 B5 B6 B7 Y8 Y9" in texts


@pytest.mark.slow
def test_a_whole_match_to_500_then_return_starts_a_new_one():
    """Whoever wins each hand: every hand shows its result, the last one
    too, and then the match's result."""
    player = Player(seed=5)
    app, hands, start = player.app, 0, 0
    while True:
        player.bot.play_hand()
        pips_match_turns(player, start)
        hands += 1
        assert app.scene == "hand_result"
        if player.game.match_over:
            break
        start = len(player.lines)
        player.press("RETURN")
        player.wait_for_you()
        board_matches_engine(app)
    assert max(player.game.scores) >= 500 and hands >= 2
    assert player.board.prompt == narration.PROMPT_MATCH_RESULT
    assert player.said("scene")[-2:] == ["scene table", "scene hand_result"]
    player.press("RETURN")
    assert app.scene == "match_result"
    assert player.said(f"match winner {'you' if player.game.match_winner == 0 else 'computer'}")
    assert any(text in player.said("sound") for text in ("sound match won", "sound match lost"))
    player.press("RETURN")
    assert app.scene == "table" and player.game.scores == [0, 0] and player.board.scores == (0, 0)


@pytest.mark.parametrize("go_on", ["RETURN", "GAMEPAD1_BUTTON_A", "click"])
def test_the_last_hand_shows_its_points_and_the_computers_cards_before_the_match_result(go_on):
    player = Player(deck=last_hand_deck(), starter=0)
    player.bot.play_hand()
    app, game = player.app, player.game
    assert game.match_over and game.match_winner == 0, "the stacked deck wins the match in one hand"
    player.bot.wait(60)  # the hand result stays until you go on
    assert app.scene == "hand_result" and not player.said("scene match_result")
    assert player.said("result")[:2] == [
        f"result YOU WENT OUT AND SCORE {LAST_HAND_POINTS} POINTS",
        f"result YOU {LAST_HAND_POINTS}   COMPUTER 0   (FIRST TO 500)",
    ]
    left = player.said("result computer cards left: ")[0].split(": ")[1].split()
    assert sorted(left) == sorted(game.hands[1]) and len(left) == 27
    assert player.match.result.last and player.match.result.loser_cards == tuple(left)
    assert player.board.prompt == narration.PROMPT_MATCH_RESULT
    start = len(player.lines)
    if go_on == "click":
        player.bot.click(160, 100)
    else:
        player.press(go_on)
    assert app.scene == "match_result"
    assert player.said("", start)[:3] == [
        "scene match_result",
        "match winner you",
        f"result final scores you {LAST_HAND_POINTS} computer 0",
    ]
    assert player.said("scene") == [
        "scene loading",
        "scene title",
        "scene table",
        "scene hand_result",
        "scene match_result",
    ]
    player.press("RETURN")
    assert app.scene == "table" and player.game.scores == [0, 0]


def test_hands_alternate_who_starts():
    player = Player(seed=7)
    starters = []
    for _ in range(3):
        starters.append(player.game.starter)
        player.bot.play_hand()
        player.press("RETURN")
    assert starters[1] == 1 - starters[0] and starters[2] == starters[0]


# ----- sound ------------------------------------------------------------------------------


def test_m_switches_the_sound_off_and_on_and_mute_starts_silent():
    # You pick up the red 8 and pass; the computer can play nothing on the
    # blue 9 and picks up the green 3, which does not go either.
    player = blue_nine(then=("R8", "G3"))
    start = len(player.lines)
    player.press("M")
    assert player.said("message Sound off", start)
    player.press("P")
    player.bot.wait_until(lambda: waiting_for_you(player.app))
    assert not player.said("sound", start), "no sound while it is off"
    assert player.game.top == "B9"
    player.press("M", "RETURN")
    assert player.said("sound buzz", start)

    muted = Player(seed=1, muted=True)
    muted.wait_for_you()
    assert not muted.said("sound ")


def test_every_message_fits_the_message_bar():
    codes = sorted(set(RULES_1991.deck))
    lines = [narration.drawn_prompt(code) for code in codes]
    lines += [narration.refusal(code, top, colour) for code in codes for top in codes for colour in "RGYB"]
    lines += [narration.penalty_news(seat, colour) for seat in (0, 1) for colour in "RGYB"]
    prompts = [value for name, value in vars(narration).items() if name.startswith("PROMPT_")]
    assert max(len(line) for line in lines + prompts) <= narration.MAX_CHARS


# ----- the table's layout -------------------------------------------------------------------


def test_the_card_counts_are_at_the_top_either_side_of_the_discard_pile():
    """As the 1991 manual says: the counts are shown at the top of the
    screen on either side of the discard pile (yours left, the computer's
    right), and nothing on the table covers another thing."""
    player = blue_nine()
    player.app.draw()
    pile_left, pile_right = lay.DISCARD_X, lay.DISCARD_X + CARD_W
    assert lay.YOUR_COUNT_X + lay.COUNT_W <= pile_left < pile_right <= lay.COMPUTER_COUNT_X
    assert pile_left - (lay.YOUR_COUNT_X + lay.COUNT_W) == lay.COMPUTER_COUNT_X - pile_right, "symmetric"
    for x in (lay.YOUR_COUNT_X, lay.COMPUTER_COUNT_X):  # the boxes' borders, at the top
        assert pyxel.pget(x, lay.COUNT_Y) == pyxel.pget(x + lay.COUNT_W - 1, lay.COUNT_Y) == lay.LIGHT_BLUE
    above_pile = {pyxel.pget(x, y) for x in range(pile_left, pile_right) for y in range(3, lay.COMPUTER_ROW_Y)}
    assert above_pile == {lay.TABLE_COLOUR}, "the discard pile's column is clear between the counts"
    # Top to bottom: counts, the computer's backs, the piles and the colour
    # in play, the colours to choose, the arrow over a lifted card, your hand, the message bar.
    bands = [
        (lay.COUNT_Y, lay.COUNT_Y + lay.COUNT_H),
        (lay.COMPUTER_ROW_Y, lay.COMPUTER_ROW_Y + CARD_H),
        (lay.PILE_Y - 3, lay.SWATCH_Y + CHAR_H + 4),
        (lay.CHOICE_Y - 2, lay.CHOICE_Y + CHAR_H + 6 + 2),
        (lay.HAND_Y - lay.DRAWN_LIFT - ARROW_H - 2, lay.HAND_Y + CARD_H + CHAR_H + 2),
        (lay.BAR_Y, lay.SCREEN_H),
    ]
    assert all(top < bottom <= next_top for (top, bottom), (next_top, _) in pairwise(bands))
    words = {pyxel.pget(x, y) for x in range(lay.YOUR_COUNT_X + 1, lay.YOUR_COUNT_X + lay.COUNT_W - 1) for y in (9, 10)}
    assert lay.WHITE in words and lay.LIGHT_BLUE in words, "the count and the name show"


# ----- a big hand -----------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 7, 20, 28, 40, 75, 108])
def test_the_selected_card_is_always_fully_visible(count):
    for selected in range(count):
        row = layout_row(count, selected, HAND_LEFT, HAND_W, CARD_W)
        x = row.x_of(selected)
        assert x is not None and HAND_LEFT <= x <= HAND_LEFT + HAND_W - CARD_W
        assert row.first + len(row.xs) + row.hidden_right == count == row.hidden_left + len(row.xs) + row.hidden_right
        assert all(b - a >= MIN_STEP for a, b in pairwise(row.xs))


# ----- key mash ---------------------------------------------------------------------------


def mash(player: Player, rng: random.Random, frames: int, scenes: set[str]) -> Player:
    """Random keys and clicks on about one frame in three, in every scene;
    checks the cards every frame and the table against the engine whenever
    nothing is animating."""
    for _ in range(frames):
        if player.app.quit_requested:
            scenes.add("quit")
            player = Player(seed=rng.randrange(1000), start=False)
        if rng.random() < 0.35:
            if rng.random() < CLICK_WEIGHT / (CLICK_WEIGHT + sum(MASH_WEIGHTS)):
                player.bot.driver.click(rng.randrange(320), rng.randrange(200))
            else:
                name = rng.choices(MASH_KEYS, MASH_WEIGHTS)[0]
                player.bot.driver.frame([keys.key_code(name)])
        else:
            player.bot.driver.frame()
        app = player.app
        scenes.add(app.scene)
        if app.match is None:
            continue
        assert app.match.game.card_problems() == []
        if app.match.timeline.idle and app.scene == "table" and not app.match.game.hand_over:
            board_matches_engine(app)
    return player


MASH_SEEDS = (1, 2, 3)  # try others with UNO1991_MASH_SEED=N
MASH_SEED_VARIABLE = "UNO1991_MASH_SEED"


def _in_menu(item: str) -> Player:
    player = Player(start=False)
    player.bot.to_title()
    player.bot.choose(item)
    return player


def _paused() -> Player:
    player = blue_nine()
    player.press("ESCAPE")
    return player


def _last_hand(go_on: bool = False) -> Player:
    player = Player(deck=last_hand_deck(), starter=0)
    player.bot.play_hand()
    if go_on:
        player.press("RETURN")
    return player


# Where a mash starts, besides the loading screen: each scene, reached the
# same way whatever the computer plays, so every scene is mashed.
MASH_STARTS = {
    "howto": lambda: _in_menu("howto"),
    "stats": lambda: _in_menu("stats"),
    "paused": _paused,
    "hand_result": _last_hand,
    "match_result": lambda: _last_hand(go_on=True),
}


@pytest.mark.slow
@pytest.mark.parametrize(
    "seed", [int(os.environ[MASH_SEED_VARIABLE])] if os.environ.get(MASH_SEED_VARIABLE) else MASH_SEEDS
)
def test_key_mash_never_crashes_and_never_loses_a_card(seed):
    rng = random.Random(seed)
    scenes: set[str] = set()
    mash(Player(seed=rng.randrange(1000), start=False), rng, 4_000, scenes)
    for scene, start in MASH_STARTS.items():
        player = start()
        assert player.app.scene == scene
        scenes.add(scene)
        mash(player, rng, 1_000, scenes)
    assert {"loading", "title", "table", *MASH_STARTS} <= scenes


# ----- scripts and the command line -----------------------------------------------------------


def run_game(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )


def frame_lines(text: str) -> list[str]:
    """The report lines (pyxel itself may print a line about the audio device)."""
    return [line for line in text.splitlines() if line.split(maxsplit=1)[:1] and line.split()[0].isdigit()]


SCREENSHOTS = [
    "colour_choice",
    "hand_result",
    "how_to_play",
    "how_to_play_rules",
    "loading",
    "match_menu",
    "match_result",
    "statistics",
    "table",
    "title",
]


@pytest.mark.slow
def test_the_screenshot_tour_recorded_now_replays_the_same_in_a_fresh_process(tmp_path):
    """The test player's tour (the menus and a whole match, with shots), played
    through the keys whatever the computer does, recorded as a script, prints
    the very same lines when ``python -m game --headless`` plays the script,
    writes every screenshot and ends by quitting from the title menu."""
    here: list[str] = []
    bot = Bot(App(3, report=here.append), shots=True)
    bot.tour()
    script = tmp_path / "tour.txt"
    script.write_text("\n".join(bot.script) + "\n")
    shots = tmp_path / "shots"
    result = run_game("--headless", "--seed", "3", "--script", str(script), "--shots", str(shots))
    assert result.returncode == 0, result.stderr
    lines = frame_lines(result.stdout)
    texts = [line.split(maxsplit=1)[1] for line in lines]
    assert {"scene loading", "scene title", "scene hand_result", "scene match_result", "scene stats"} <= set(texts)
    assert sorted(path.stem for path in shots.iterdir()) == SCREENSHOTS
    assert texts[-1] == "quit"
    assert [line for line in lines if line.split()[1] != "shot"] == here


def test_a_script_named_relative_to_the_current_folder_runs_to_its_end(tmp_path):
    """As the README writes it: ``--script first_turn.txt`` in the current
    folder (pyxel.init may change the working directory; the script is read
    as it runs)."""
    (tmp_path / "first_turn.txt").write_text("press RETURN\nwait 30\nshot title\n")
    result = run_game("--headless", "--seed", "1", "--script", "first_turn.txt", "--shots", "shots", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert frame_lines(result.stdout)[-1].split()[1:] == ["shot", "title"]
    assert (tmp_path / "shots" / "title.png").is_file()


def test_a_bad_script_line_stops_with_a_clear_message(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("wait 5\npress SPACEBAR\n")
    result = run_game("--headless", "--seed", "1", "--script", str(script))
    assert result.returncode != 0
    assert "script line 2" in result.stderr and "SPACEBAR" in result.stderr
    assert frame_lines(result.stdout) == [], "nothing runs before the script is known to be good"


@pytest.mark.parametrize(
    "line",
    [
        "jump 3",
        "wait",
        "wait -4",
        "wait x",
        "press",
        "press RETURN P",
        "shot ../x",
        "shot a b",
        "click 10",
        "click 320 5",
        "click -1 5",
        "move a b",
        "wait \u00b2",
        "click \u00b2 3",
        "move 4 \u00b9",
        "wait \u0663",
    ],
)
def test_every_kind_of_bad_line_is_named(line):
    with pytest.raises(ScriptError, match="script line 3"):
        parse_script(f"# comment\n\n{line}\n")


def test_a_mouse_line_off_the_screen_names_its_own_command():
    with pytest.raises(ScriptError, match="move X Y must be on the 320 x 200 screen"):
        parse_script("move 400 5\n")
    with pytest.raises(ScriptError, match="click X Y must be on the 320 x 200 screen"):
        parse_script("click 5 200\n")


def test_shots_into_a_file_stop_before_the_run_with_a_clear_message(tmp_path):
    taken = tmp_path / "taken"
    taken.write_text("not a folder")
    script = tmp_path / "shot.txt"
    script.write_text("wait 2\nshot table\n")
    result = run_game("--headless", "--seed", "1", "--script", str(script), "--shots", str(taken))
    assert result.returncode == 2
    assert "--shots" in result.stderr and "cannot use it as the folder" in result.stderr
    assert "Traceback" not in result.stderr and frame_lines(result.stdout) == []
    assert taken.read_text() == "not a folder"


def test_a_script_with_shots_needs_a_shots_folder(tmp_path):
    script = tmp_path / "shot.txt"
    script.write_text("wait 2\nshot table\n")
    result = run_game("--headless", "--seed", "1", "--script", str(script), cwd=tmp_path)
    assert result.returncode == 2
    assert "script line 2" in result.stderr and "needs --shots DIR" in result.stderr
    assert frame_lines(result.stdout) == [] and sorted(p.name for p in tmp_path.iterdir()) == ["shot.txt"]
    fresh = tmp_path / "new" / "shots"
    result = run_game("--headless", "--seed", "1", "--script", str(script), "--shots", str(fresh), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert [p.name for p in fresh.iterdir()] == ["table.png"]


def test_unknown_flags_get_argparse_messages():
    result = run_game("--colour-blind")
    assert result.returncode == 2 and "unrecognized arguments: --colour-blind" in result.stderr
    result = run_game("--headless")
    assert result.returncode == 2 and "--headless needs --script" in result.stderr
    result = run_game("--seed", "-5")
    assert result.returncode == 2 and "--seed takes a whole number, 0 or more" in result.stderr
