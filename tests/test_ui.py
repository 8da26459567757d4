"""The game on screen, played headless through its keys as a player would.

pyxel is initialised once (headless) for the whole module; each test builds
its own App and drives it frame by frame with real key presses
(``pyxel.set_btn``), through the same Driver the ``--headless`` runs use:
through the loading screen and the title menu's PLAY to the table. A few
tests run ``python -m game --headless`` in a subprocess to check the command
line itself. The menus, saved settings, gamepad and mouse: test_menus.py.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from game.rules.rulesets import RULES_1991
from game.ui import keys, narration
from game.ui.app import App, init_pyxel
from game.ui.hand_layout import MIN_STEP, layout_row
from game.ui.layout import HAND_LEFT, HAND_W
from game.ui.match import THINK_FRAMES
from game.ui.resources import CARD_W
from game.ui.script import ScriptError, parse_script

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "tests" / "scripts"
sys.path.insert(0, str(SCRIPTS))

from ui_bot import Bot  # noqa: E402


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

    def said(self, prefix: str, since: int = 0) -> list[str]:
        """Report lines (without their frame numbers) that start with ``prefix``."""
        texts = [line.split(maxsplit=1)[1] for line in self.lines[since:]]
        return [text for text in texts if text.startswith(prefix)]


def stacked(you: list[str], computer: list[str], turn_up: str, then: tuple[str, ...] = ()) -> list[str]:
    """A 1991 deck, top first, that deals ``you`` and ``computer`` their
    cards, turns up ``turn_up`` and then has ``then`` on top of the pile."""
    order = [card for pair in zip(you, computer, strict=True) for card in pair] + [turn_up, *then]
    rest = Counter(RULES_1991.deck)
    rest.subtract(order)
    assert min(rest.values()) >= 0, "more copies than the deck holds"
    return order + sorted(rest.elements())


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
    board, game = app.board, app.game
    assert sorted(board.hand) == sorted(game.hands[0])
    assert board.computer_count == len(game.hands[1])
    assert (board.top, board.colour) == (game.top, game.colour)
    assert board.draw_count == game.draw_count
    assert board.discard_count == len(game.discard)
    assert board.scores == tuple(game.scores)


# ----- the deal and the first turn --------------------------------------------------------


def test_the_computer_deals_seven_each_and_pips_for_your_first_turn():
    player = blue_nine()
    board = player.app.board
    assert sorted(board.hand) == sorted(BLUE_NINE_UP["you"])
    assert board.computer_count == 7 and board.top == "B9"
    assert player.said("message The computer deals 7 cards each")
    assert len(player.said("sound deal")) == 14
    assert player.said("sound pip") == ["sound pip"]
    assert board.prompt == narration.PROMPT_PLAY
    board_matches_engine(player.app)


def test_left_and_right_move_the_arrow_and_stop_at_the_ends():
    player = blue_nine()
    board = player.app.board
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
    before = player.app.game.snapshot()
    start = len(player.lines)
    player.press("RETURN")  # the red 1 on the blue 9
    assert player.said("sound buzz", start) == ["sound buzz"]
    assert player.said("message", start) == ["message You can't play the red 1: match BLUE or 9"]
    assert player.app.game.snapshot() == before
    assert player.app.waiting_for_you
    assert not player.said("sound pip", start)


def test_pick_up_a_playable_card_then_pass():
    player = blue_nine(then=("B5",))
    start = len(player.lines)
    player.press("P")
    player.wait_for_you()
    board = player.app.board
    assert player.said("card you draw B5", start) and player.said("sound draw", start)
    assert board.drawn == "B5" and board.selected_card() == "B5"
    assert board.prompt == narration.drawn_prompt("B5")
    assert not player.said("sound pip", start), "still the same turn"
    player.press("LEFT")  # the arrow stays on the card picked up
    assert board.selected_card() == "B5"
    player.press("P")
    player.bot.wait_until(lambda: player.app.game.turn == 1)
    assert "message You pass" in player.said("message", start)
    assert len(board.hand) == 8 and board.drawn is None


def test_pick_up_a_playable_card_then_play_it():
    player = blue_nine(then=("B5",))
    start = len(player.lines)
    player.press("P")
    player.wait_for_you()
    player.press("RETURN")
    player.bot.wait_until(lambda: player.app.timeline.idle)
    assert player.said("card you play B5", start)
    assert player.app.game.top == "B5" and player.app.board.top == "B5"
    assert sorted(player.app.board.hand) == sorted(BLUE_NINE_UP["you"])


def test_picking_up_an_unplayable_card_passes_the_turn():
    player = blue_nine(then=("R8",))
    start = len(player.lines)
    player.press("P")
    player.bot.wait_until(lambda: player.app.game.turn == 1 and player.app.timeline.idle)
    assert "message You can't play the card you picked up" in player.said("message", start)
    assert "R8" in player.app.board.hand


# ----- wilds ----------------------------------------------------------------------------


def test_a_wild_asks_for_its_colour_and_takes_it_by_letter():
    player = blue_nine(you=["R1", "R2", "R3", "G4", "G5", "Y6", "W"])
    board = player.app.board
    player.bot.move_arrow_to(board.hand.index("W"))
    start = len(player.lines)
    player.press("RETURN")
    assert board.prompt == narration.PROMPT_COLOUR
    assert "W" in player.app.game.hands[0], "nothing is played before the colour is named"
    player.press("G")
    player.bot.wait_until(lambda: player.app.timeline.idle)
    assert "message You chose GREEN" in player.said("message", start)
    assert (player.app.game.top, player.app.game.colour) == ("W", "G")
    assert board.colour == "G"


def test_a_gamepad_plays_with_the_d_pad_a_and_b_and_names_colours_with_up_down():
    player = blue_nine(then=("W",))
    board = player.app.board
    player.press("GAMEPAD1_BUTTON_DPAD_RIGHT")
    assert board.selected == 1
    player.press("GAMEPAD1_BUTTON_B")  # pick up: the Wild
    player.wait_for_you()
    assert board.drawn == "W"
    player.press("GAMEPAD1_BUTTON_A")
    assert player.app.naming_colour and player.app.colour_cursor == 0
    player.press("GAMEPAD1_BUTTON_DPAD_DOWN", "GAMEPAD1_BUTTON_DPAD_DOWN", "GAMEPAD1_BUTTON_DPAD_UP")
    assert player.app.colour_cursor == 1
    player.press("GAMEPAD1_BUTTON_A")
    player.bot.wait_until(lambda: player.app.timeline.idle)
    assert (player.app.game.top, player.app.game.colour) == ("W", "G")


def test_an_illegal_wild_draw_four_is_played_and_penalised_with_the_reason():
    player = blue_nine(you=["R1", "R2", "R3", "G4", "G5", "B6", "W+4"])
    board = player.app.board
    player.bot.move_arrow_to(board.hand.index("W+4"))
    start = len(player.lines)
    player.press("RETURN", "R")
    player.bot.wait_until(lambda: player.app.timeline.idle)
    assert player.said("sound penalty", start)
    penalty = player.said("message Penalty!", start)
    assert penalty == [f"message {narration.penalty_news(0, 'B')}"]
    assert "You hold BLUE" in penalty[0] and "draw four" in penalty[0]
    assert len(board.hand) == 11 and "W+4" in board.hand
    assert len(player.said("card you draw", start)) == 4
    assert player.app.game.colour == "B"


def test_you_name_the_colour_of_a_wild_turned_up_by_letter():
    deck = stacked(BLUE_NINE_UP["you"], BLUE_NINE_UP["computer"], "W")
    player = Player(deck=deck, starter=0)
    player.wait_for_you()
    assert player.app.board.prompt == narration.PROMPT_STARTER_COLOUR
    player.press("P", "LEFT")  # nothing else is taken before the colour
    assert player.app.game.choosing_colour and len(player.app.board.hand) == 7
    player.press("Y")
    player.bot.wait_until(lambda: player.app.timeline.idle)
    assert "message You chose YELLOW" in player.said("message")
    assert player.app.game.colour == "Y" and player.said("sound pip") == ["sound pip"]
    assert player.app.board.prompt == narration.PROMPT_PLAY


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
    """You play your Wild Draw Fours while holding red, again and again: each
    one costs you four cards. The computer picks up a red number each turn
    and plays it, so the discard pile grows while the draw pile runs out."""
    you = ["W+4", "W+4", "W+4", "W+4", "R1", "R2", "R3"]
    computer = ["B1", "B2", "B3", "B4", "B6", "B7", "B8"]
    rest = Counter(RULES_1991.deck)
    rest.subtract([*you, *computer, "R5"])
    reds = [code for code in sorted(rest.elements()) if code[0] == "R" and code[1:].isdigit()]
    others = [code for code in sorted(rest.elements()) if code not in reds]
    then = []
    for red in reds:
        then += [others.pop(), others.pop(), others.pop(), others.pop(), red]
    deck = stacked(you, computer, "R5", tuple(then))
    player = Player(deck=deck, starter=0)
    app = player.app
    while not player.said("message The discard pile is shuffled"):
        player.wait_for_you()
        assert app.scene == "table", "the hand ended before the pile ran out"
        board_matches_engine(app)
        if "W+4" in app.board.hand:
            player.bot.move_arrow_to(app.board.hand.index("W+4"))
            player.press("RETURN", "R")
        else:
            player.press("P")
            if app.board.drawn is not None:
                player.wait_for_you()
                player.press("P")
    player.wait_for_you()
    board_matches_engine(app)


# ----- the computer's turn ----------------------------------------------------------------


def test_the_computer_plays_a_draw_two_at_a_pace_you_can_follow_and_hands_you_two():
    deck = stacked(
        you=["R1", "R2", "R3", "G4", "Y5", "Y6", "Y7"],
        computer=["G+2", "G+2", "Y+2", "Y+2", "B+2", "B+2", "R+2"],
        turn_up="G5",
    )
    player = Player(deck=deck, starter=1)
    player.wait_for_you()
    messages = player.said("message")
    assert "message Computer plays a green Draw Two" in messages
    assert messages.index("message You draw two") > messages.index("message Computer plays a green Draw Two")
    assert "message You miss a go" in messages
    texts = player.said("")
    first = texts.index("card computer plays G+2")
    after = texts[first + 1 :]
    handed = after[: next(i for i, text in enumerate(after) if text.startswith("card computer"))]
    assert [text for text in handed if text.startswith("card you draw")] == ["card you draw B0", "card you draw B1"]
    # The computer thinks before each action, and each action takes its time.
    plays = [int(line.split()[0]) for line in player.lines if "card computer plays" in line]
    deal_done = max(int(line.split()[0]) for line in player.lines if "card turned up" in line)
    assert plays[0] - deal_done >= THINK_FRAMES
    assert all(b - a >= 15 for a, b in pairwise(plays))
    board_matches_engine(player.app)


# ----- whole hands and a whole match -----------------------------------------------------------


def pips_match_turns(player: Player, hand_start: int) -> None:
    """Exactly one pip each time your turn starts (a turn event for you)."""
    turns = sum(1 for event in player.app.game.events if event.kind == "turn" and event.seat == 0)
    assert len(player.said("sound pip", hand_start)) == turns


def test_a_whole_hand_ends_with_the_result_and_the_computers_cards():
    player = Player(seed=3)
    player.bot.play_hand()
    app = player.app
    assert app.scene == "hand_result"
    pips_match_turns(player, 0)
    winner = app.game.hand_winner
    assert player.said("scene hand_result")
    assert f"result {app.result.lines()[0]}" in player.said("result")
    assert app.result.scores == tuple(app.game.scores) and app.game.scores[winner] == app.result.points
    if winner == 0:
        assert player.said("result computer cards left")[0].split(": ")[1].split() == app.game.hands[1]
        assert "sound hand won" in player.said("sound")


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
    assert player.app.result.loser_cards == ("B1", "B2", "B3", "B4", "B5", "B6", "B7", "Y8", "Y9")
    assert player.app.result.points == 45 and player.app.board.scores == (45, 0)
    assert "result computer cards left: B1 B2 B3 B4 B5 B6 B7 Y8 Y9" in texts


def test_a_whole_match_to_500_then_return_starts_a_new_one():
    player = Player(seed=5)
    app, hands, start = player.app, 0, 0
    while app.scene != "match_result":
        player.bot.play_hand()
        pips_match_turns(player, start)
        hands += 1
        if app.scene == "hand_result":
            start = len(player.lines)
            player.press("RETURN")
            player.wait_for_you()
            board_matches_engine(app)
    assert max(app.game.scores) >= 500 and hands >= 2
    assert player.said(f"match winner {'you' if app.game.match_winner == 0 else 'computer'}")
    assert any(text in player.said("sound") for text in ("sound match won", "sound match lost"))
    player.press("RETURN")
    assert app.scene == "table" and app.game.scores == [0, 0] and app.board.scores == (0, 0)


def test_hands_alternate_who_starts():
    player = Player(seed=7)
    starters = []
    for _ in range(3):
        starters.append(player.app.game.starter)
        player.bot.play_hand()
        player.press("RETURN")
    assert starters[1] == 1 - starters[0] and starters[2] == starters[0]


# ----- sound ------------------------------------------------------------------------------


def test_m_switches_the_sound_off_and_on_and_mute_starts_silent():
    player = blue_nine(then=("R8",))
    start = len(player.lines)
    player.press("M")
    assert player.said("message Sound off", start)
    player.press("P")
    player.bot.wait_until(lambda: player.app.waiting_for_you)
    assert not player.said("sound", start), "no sound while it is off"
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

MASH_KEYS = [
    "LEFT",
    "RIGHT",
    "RETURN",
    "P",
    "R",
    "G",
    "Y",
    "B",
    "N",
    "M",
    "ESCAPE",
    "UP",
    "DOWN",
    "SPACE",
    "A",
    "BACKSPACE",
    "GAMEPAD1_BUTTON_A",
    "GAMEPAD1_BUTTON_B",
    "GAMEPAD1_BUTTON_START",
    "GAMEPAD1_BUTTON_DPAD_UP",
    "GAMEPAD1_BUTTON_DPAD_DOWN",
]
MASH_WEIGHTS = [8, 8, 10, 6, 2, 2, 2, 2, 1, 1, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1]
CLICK_WEIGHT = 4  # against the keys' weights: a click somewhere on the screen


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
        assert app.game.card_problems() == []
        if app.timeline.idle and app.scene == "table" and not app.game.hand_over:
            board_matches_engine(app)
    return player


def test_key_mash_never_crashes_and_never_loses_a_card():
    rng = random.Random(1991)
    scenes: set[str] = set()
    player = mash(Player(seed=11, start=False), rng, 25_000, scenes)
    # Reach the end of a match the quick way, then mash through it too.
    player = Player(seed=12)
    player.bot.play_match()
    mash(player, rng, 5_000, scenes)
    assert {"loading", "title", "howto", "stats", "table", "paused", "hand_result", "match_result", "quit"} <= scenes


# ----- scripts and the command line -----------------------------------------------------------


def run_game(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )


def frame_lines(text: str) -> list[str]:
    """The report lines (pyxel itself may print a line about the audio device)."""
    return [line for line in text.splitlines() if line.split(maxsplit=1)[:1] and line.split()[0].isdigit()]


def test_a_recorded_match_replays_the_same_in_a_fresh_process(tmp_path):
    """A match played through the keys, recorded as a script, prints the very
    same lines when ``python -m game --headless`` plays the script."""
    here: list[str] = []
    bot = Bot(App(3, report=here.append), shots=True)
    bot.start_match()
    bot.play_match()
    script = tmp_path / "match.txt"
    script.write_text("\n".join(bot.script) + "\n")
    result = run_game("--headless", "--seed", "3", "--script", str(script), "--shots", str(tmp_path / "shots"))
    assert result.returncode == 0, result.stderr
    lines = frame_lines(result.stdout)
    texts = [line.split(maxsplit=1)[1] for line in lines]
    assert {"scene loading", "scene title", "scene hand_result", "scene match_result"} <= set(texts)
    assert {"shot loading", "shot colour_choice", "shot match_result"} <= set(texts)
    assert [line for line in lines if line.split()[1] != "shot"] == here


SCREENSHOTS = [
    "colour_choice.png",
    "hand_result.png",
    "how_to_play.png",
    "how_to_play_rules.png",
    "loading.png",
    "match_menu.png",
    "match_result.png",
    "statistics.png",
    "table.png",
    "title.png",
]


def test_the_screenshot_script_writes_the_screenshots(tmp_path):
    script = SCRIPTS / "screenshots.txt"
    result = run_game("--headless", "--seed", "3", "--script", str(script), "--shots", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == SCREENSHOTS
    texts = [line.split(maxsplit=1)[1] for line in frame_lines(result.stdout)]
    assert texts[-1] == "quit", "the tour ends by quitting from the title menu"


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
