"""Around the table: the loading screen, constrained-memory mode, the menus,
saved settings and statistics, the gamepad, the mouse and the browser's
choices, played headless through the real game as a player would.

Nothing here writes into the real user data directory: in-process games use
a store in a temporary directory (or one kept in memory), and every
``python -m game`` subprocess gets ``--data-dir`` or runs headless without one
(which keeps nothing).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import pyxel

from game.storage.files import FILENAME, Files
from game.storage.local_storage import LocalStorage
from game.storage.memory import Memory
from game.storage.settings import Settings, Stats
from game.storage.store import Store
from game.ui import layout as lay
from game.ui.app import App, init_pyxel
from game.ui.device import resource_loader, runtime
from game.ui.device import resources as res
from game.ui.device.script import let_go, parse_script
from game.ui.scenes.stats import table_title as stats_title
from game.ui.scenes.widgets import BUTTONS
from game.ui.table import hand_layout, narration, tabletop

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "scripts"))

from decks import penalty_deck, stacked  # noqa: E402
from test_ui import Player, blue_nine, board_matches_engine  # noqa: E402
from ui_bot import Bot  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


@pytest.fixture(autouse=True)
def no_real_user_data(tmp_path, monkeypatch):
    """Any store a test opens without saying where goes to its tmp_path."""
    monkeypatch.setenv(runtime.DATA_DIR_VARIABLE, str(tmp_path / "default-data"))


def run_game(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, **(env or {})},
    )


def texts(stdout: str) -> list[str]:
    """The report lines without their frame numbers."""
    lines = [line for line in stdout.splitlines() if line.split()[:1] and line.split()[0].isdigit()]
    return [line.split(maxsplit=1)[1] for line in lines]


def script(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "script.txt"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


# ----- the loading screen and constrained-memory mode ---------------------------------------


def test_the_normal_mode_shows_the_loading_screen_then_the_title_menu():
    player = Player(start=False)
    app = player.app
    assert app.scene == "loading" and player.said("scene") == ["scene loading"]
    seen = []
    while app.scene == "loading":
        player.bot.driver.frame()
        seen.append(app.context.loader.progress)
    assert seen == sorted(seen) and 0 < seen[0] < 1 and seen[-1] == 1
    assert len(seen) >= 45, "the loading screen stays long enough to be seen"
    assert player.said("scene") == ["scene loading", "scene title"]
    assert player.said("music title"), "the title music plays on the title menu"


def test_a_key_on_the_loading_screen_loads_the_rest_at_once_and_goes_on():
    player = Player(start=False)
    player.press("GAMEPAD1_BUTTON_A")
    assert player.app.scene == "title" and player.app.context.loader.finished


def test_the_lean_loader_gives_exactly_what_pyxel_load_gives():
    """Every pixel of the cards and the title art, every sound and the title music."""
    app = App(1, report=lambda line: None)
    app.context.loader.finish()

    def contents():
        images = [[pyxel.images[bank].pget(x, y) for y in range(256) for x in range(256)] for bank in (0, 1)]
        sounds = [(list(s.notes), list(s.tones), list(s.volumes), list(s.effects), s.speed) for s in pyxel.sounds]
        return images, sounds, [[list(seq) for seq in m.seqs] for m in pyxel.musics]

    ours = contents()
    pyxel.load(str(resource_loader.resource_file()))
    assert contents() == ours
    assert ours[2][res.MUSIC_TITLE], "the title music is there"


def test_the_rows_of_an_image_are_expanded_as_pyxel_trims_them():
    assert resource_loader.expand_rows([[1, 2], [3], []], 4, 5) == [[1, 2, 2, 2], [3, 3, 3, 3]] + [[0, 0, 0, 0]] * 3


LOW_MEMORY_PROBE = """
import pyxel
from game.ui.app import App, init_pyxel
init_pyxel(headless=True)
lines = []
app = App(1, report=lines.append, low_memory=True)
app.draw()
print(lines[-1].split(maxsplit=1)[1])
print(pyxel.images[1].width, pyxel.images[1].height)
print(len(pyxel.musics[0].seqs), [len(pyxel.sounds[n].notes) for n in (12, 13, 14)])
print(len(pyxel.sounds[0].notes) > 0, pyxel.images[0].pget(30, 40) != 0)
import sys
print("game.ui.scenes.loading" in sys.modules)
"""


def test_constrained_memory_mode_starts_on_the_title_and_loads_no_title_art_or_music():
    result = subprocess.run(
        [sys.executable, "-c", LOW_MEMORY_PROBE], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    scene, bank, music, cards, loading_module = result.stdout.strip().splitlines()[-5:]
    assert scene == "scene title"
    assert bank == "1 1", "the title art's bank holds nothing"
    assert music == "0 [0, 0, 0]", "no title music and none of its sounds"
    assert cards == "True True", "the cards and the table's sounds are loaded"
    assert loading_module == "False", "the loading screen's code is not even imported"


def test_low_memory_flags_choose_the_first_screen(tmp_path):
    one_frame = script(tmp_path, "wait 1")
    low = run_game("--headless", "--low-memory", "--seed", "1", "--script", one_frame)
    normal = run_game("--headless", "--no-low-memory", "--seed", "1", "--script", one_frame)
    default = run_game("--headless", "--seed", "1", "--script", one_frame)
    assert [t for t in texts(low.stdout) if t.startswith("scene")] == ["scene title"]
    assert [t for t in texts(normal.stdout) if t.startswith("scene")] == ["scene loading"]
    # This machine has far more than 1 GiB, so without a flag: the normal mode.
    assert [t for t in texts(default.stdout) if t.startswith("scene")] == ["scene loading"]
    both = run_game("--headless", "--low-memory", "--no-low-memory", "--script", one_frame)
    assert both.returncode == 2 and "not allowed with argument" in both.stderr


def test_in_constrained_memory_mode_the_match_result_draws_without_the_title_art():
    player = Player(seed=12, low_memory=True)
    assert player.said("scene")[0] == "scene title"
    player.bot.play_match()
    player.app.draw()  # the name in letters instead of the art: nothing to crash on
    assert player.app.scene == "match_result"


# ----- the title menu ----------------------------------------------------------------------


def title_player(**kwargs) -> Player:
    player = Player(start=False, **kwargs)
    player.bot.to_title()
    return player


def test_the_level_cycles_both_ways_and_the_next_match_uses_it():
    player = title_player()
    app = player.app
    player.bot.choose("level")  # RETURN: the next level
    assert app.context.next_match.level == "hard"
    player.press("RIGHT")
    assert app.context.next_match.level == "easy"
    player.press("LEFT", "LEFT")
    assert app.context.next_match.level == "normal"
    player.press("LEFT")
    assert player.said("setting level") == [
        "setting level hard",
        "setting level easy",
        "setting level hard",
        "setting level normal",
        "setting level easy",
    ]
    player.bot.choose("play")
    assert player.said("match 1 level easy") and app.match.computer.level == "easy"


def test_left_and_right_on_people_change_how_many_as_the_footer_says_and_return_opens_the_screen():
    """The title's footer says LEFT/RIGHT change: on PEOPLE they do, from 1 up to the
    table's size and round (1991: two at one keyboard), kept with the settings."""
    player = title_player()
    app = player.app
    items = app.context.title.items
    while items.current != "people":
        player.press("DOWN")
    player.press("RIGHT")
    assert app.scene == "title" and app.context.settings.people == 2
    player.press("RIGHT")
    assert app.context.settings.people == 1, "round from the 1991 table's two back to one"
    player.press("LEFT")
    assert app.context.settings.people == 2
    assert player.said("setting people") == [
        "setting people 2 names PLAYER 1,PLAYER 2 seating together",
        "setting people 1 names PLAYER 1 seating together",
        "setting people 2 names PLAYER 1,PLAYER 2 seating together",
    ]
    player.press("RETURN")
    assert app.scene == "people"


def test_the_sound_item_switches_the_sound_and_the_title_music():
    player = title_player()
    player.bot.choose("sound")
    start = len(player.lines) - 1
    assert player.app.context.audio.muted and player.said("setting sound off", start)
    player.bot.choose("play")
    player.wait_for_you()
    assert not player.said("sound ", start), "not a sound while it is off"
    player.press("M")
    assert player.said("setting sound on", start) and player.said("message Sound on", start)


def test_how_to_play_turns_its_pages_and_goes_back():
    player = title_player()
    player.bot.choose("howto")
    assert player.app.scene == "howto"
    player.press("RIGHT", "RIGHT", "RIGHT", "RIGHT", "LEFT")
    pages = player.said("page")
    assert pages[0].startswith("page 1 of 4: THE KEYS")
    assert [page.split(":")[0] for page in pages] == [
        "page 1 of 4",
        "page 2 of 4",
        "page 3 of 4",
        "page 4 of 4",
        "page 3 of 4",
    ]
    assert "THE 1991 RULES" in pages[2]
    player.press("ESCAPE")
    assert player.app.scene == "title"
    player.bot.choose("howto")
    player.press("RETURN", "RETURN", "RETURN", "RETURN")  # the last page's RETURN goes back
    assert player.app.scene == "title"


def test_the_statistics_screen_shows_the_record_after_a_hand(tmp_path):
    player = title_player(store=Store(Files(tmp_path)))
    player.bot.choose("play")
    player.bot.play_hand()
    result = player.match.result
    player.press("ESCAPE", "Y")
    player.bot.choose("stats")
    assert player.app.scene == "stats"
    normal = next(line for line in player.said("stats normal"))
    won = result.winner == 0
    assert f"hands won {int(won)}, hands lost {int(not won)}" in normal
    assert f"best hand (points) {result.points if won else 0}" in normal
    player.app.draw()
    player.press("GAMEPAD1_BUTTON_B")
    assert player.app.scene == "title"


def test_statistics_say_where_they_are_kept(tmp_path):
    """(issue 53) Where the game keeps a player's data was said nowhere a player looks."""
    from game.ui.scenes.stats import WHERE_Y, where_kept

    folder = tmp_path / "data"
    player = title_player(store=Store(Files(folder)))
    player.bot.choose("stats")
    screen = player.app.navigator.top.screen
    shown = str(folder / FILENAME)
    assert screen.where == f"Kept in {shown}" or (
        screen.where.startswith("Kept in ...") and shown.endswith(screen.where[11:])
    )
    player.app.draw()
    assert any(pyxel.screen.pget(x, WHERE_Y + 2) == lay.GREY for x in range(lay.SCREEN_W)), "drawn under the rows"
    linux = Path.home() / ".pyxel" / "uno_1991" / "uno_1991"
    assert where_kept(linux, browser=False) == "Kept in ~/.pyxel/uno_1991/uno_1991/uno1991.json"
    assert where_kept(None, browser=True) == "Kept in this browser's storage, for this page"
    assert where_kept(None, browser=False) == "Kept for this run only: no data folder"


def test_statistics_browse_every_table_with_a_record_each_named():
    """(issue 53) STATISTICS showed only the title menu's table: a record of
    partners stayed out of sight until RULES, OPPONENTS and PARTNERS matched it."""
    stats = Stats()
    stats.record_hand("normal", won=True, points=40)  # the 1991 game
    stats.record_hand("hard", won=False, points=0, table="standard 4 teams")
    stats.record_hand("easy", won=True, points=12, table="royal 3")
    store = Store(Memory())
    store.save_settings(Settings(), stats)
    player = title_player(store=store)
    player.bot.choose("stats")  # RULES: 1991
    screen = player.app.navigator.top.screen
    assert screen.tables == ["1991 2", "royal 3", "standard 4 teams"] and screen.table == "1991 2"
    assert stats_title("1991 2") == "THE 1991 GAME: YOUR RECORD AGAINST THE COMPUTER"
    player.press("RIGHT")
    assert screen.table == "royal 3" and player.said("stats table royal 3")
    player.press("RIGHT")
    assert screen.table == "standard 4 teams" and stats_title(screen.table).endswith("PARTNERS: YOUR TEAM'S RECORD")
    assert any("stats hard: matches won 0, matches lost 0, hands won 0, hands lost 1" in line for line in player.lines)
    player.app.draw()
    x, y, w, h = BUTTONS["prev"]
    player.bot.click(x + w // 2, y + h // 2)
    assert player.app.scene == "stats" and screen.table == "royal 3", "PREV, by a click"
    player.press("ESCAPE")
    assert player.app.scene == "title"


def test_quit_is_on_the_desktop_menu_and_escape_twice_quits():
    player = title_player()
    assert player.app.context.title.items.keys[-1] == "quit"
    player.press("ESCAPE")
    assert not player.app.quit_requested and player.app.context.title.items.current == "quit"
    player.press("ESCAPE")
    assert player.app.quit_requested and player.said("quit")


# ----- leaving a match ---------------------------------------------------------------------


def test_escape_mid_match_asks_no_plays_on_where_it_was_yes_goes_to_the_title():
    player = blue_nine()
    app = player.app

    def position():
        return player.game.snapshot(), list(player.board.hand), player.board.selected

    player.press("RIGHT", "RIGHT")
    before = position()
    player.press("ESCAPE")
    assert app.scene == "paused"
    player.press("P", "LEFT", "R")  # nothing reaches the table while it asks
    assert position() == before
    player.press("N")
    assert app.scene == "table" and position() == before
    player.press("ESCAPE", "DOWN", "DOWN", "RETURN")  # the menu's third item: leave
    assert app.scene == "title" and app.match is None
    assert player.said("left the match")


def test_a_new_match_after_leaving_one_deals_anew_and_the_same_seed_deals_the_same_matches():
    """PLAY, look at the deal, leave, PLAY again: not the same cards (a player
    could otherwise learn a deal and play it again knowing every card to come).
    With the same seed, the same keys deal the same matches: match n deals from
    its own seed, whatever happened to the matches before it."""

    def deals(seed: int) -> list[tuple]:
        player = Player(seed=seed)
        seen = []
        for _ in range(3):
            player.wait_for_you()
            game = player.game
            seen.append((tuple(map(tuple, game.hands)), game.top, game.snapshot()))
            player.press("ESCAPE", "Y")
            assert player.app.scene == "title"
            player.bot.choose("play")
        return seen

    first, second, third = deals(seed=7)
    assert first[0] != second[0] and second[0] != third[0] and first[0] != third[0]
    assert first[2] != second[2] != third[2]
    assert deals(seed=7) == [first, second, third]


def test_leaving_while_the_last_card_still_moves_counts_the_hand(tmp_path):
    """The engine ended the hand with your last card; you leave before its
    result shows. The hand is yours all the same, and saved."""
    you = ["RS", "RS", "RS", "RS", "GS", "GS", "GS"]
    deck = stacked(you, ["B1", "B2", "B3", "B4", "B5", "B6", "B7"], "R5")
    player = Player(deck=deck, starter=0, store=Store(Files(tmp_path)))
    while not player.game.hand_over:
        player.wait_for_you()
        player.press("RETURN")
    assert player.app.scene == "table" and not player.said("scene hand_result")
    player.press("ESCAPE", "Y")
    assert player.app.scene == "title"
    saved = json.loads((tmp_path / FILENAME).read_text())["stats"]["normal"]
    assert (saved["hands_won"], saved["hands_lost"], saved["best_hand"]) == (1, 0, 28)


def test_yes_by_key_and_no_by_escape():
    player = blue_nine()
    player.press("GAMEPAD1_BUTTON_START")
    assert player.app.scene == "paused"
    player.press("ESCAPE")
    assert player.app.scene == "table"
    player.press("ESCAPE", "Y")
    assert player.app.scene == "title"


# ----- settings and statistics saved --------------------------------------------------------


def test_settings_and_statistics_are_saved_after_every_hand_and_read_by_the_next_process(tmp_path):
    store = Store(Files(tmp_path))
    player = title_player(store=store)
    player.bot.choose("level")  # hard, saved at once
    assert json.loads((tmp_path / FILENAME).read_text())["settings"]["difficulty"] == "hard"
    player.bot.choose("play")
    for hand in (1, 2):
        player.bot.play_hand()
        saved = json.loads((tmp_path / FILENAME).read_text())["stats"]["hard"]
        assert saved["hands_won"] + saved["hands_lost"] == hand
        player.press("RETURN")
    assert not list(tmp_path.glob("*.tmp")), "no temporary file left behind"
    # A second process, started on the same data directory, shows them.
    # CONTINUE (the match left in play), PLAY, RULES, OPPONENTS, SCORING, HOUSE RULES, LEVEL, SOUND,
    # HOW TO PLAY, STATISTICS
    downs = ["press DOWN"] * 9
    stats = script(tmp_path, "press RETURN", *downs, "press RETURN")
    result = run_game("--headless", "--seed", "1", "--data-dir", str(tmp_path), "--script", stats)
    assert result.returncode == 0, result.stderr
    lines = texts(result.stdout)
    hard = next(line for line in lines if line.startswith("stats hard"))
    saved = json.loads((tmp_path / FILENAME).read_text())["stats"]["hard"]
    assert f"hands won {saved['hands_won']}, hands lost {saved['hands_lost']}" in hard
    assert "scene stats" in lines


def test_the_data_directory_can_come_from_the_environment(tmp_path):
    one_hand = Bot(App(3, report=lambda line: None))
    one_hand.start_match()
    one_hand.play_hand()
    won = one_hand.app.match.result.winner == 0
    path = script(tmp_path, *one_hand.script)
    data = tmp_path / "from-env"
    result = run_game("--headless", "--seed", "3", "--script", path, env={runtime.DATA_DIR_VARIABLE: str(data)})
    assert result.returncode == 0, result.stderr
    assert "saved settings and statistics" in texts(result.stdout)
    saved = json.loads((data / FILENAME).read_text())["stats"]["normal"]
    assert (saved["hands_won"], saved["hands_lost"]) == (int(won), int(not won))


def test_a_headless_run_without_a_data_directory_keeps_nothing(tmp_path):
    assert isinstance(runtime.choose_store(None, headless=True).backend, Memory)
    assert runtime.data_dir_choice(None, environ={}) is None
    assert runtime.data_dir_choice(None, environ={runtime.DATA_DIR_VARIABLE: "/x"}) == Path("/x")
    assert runtime.data_dir_choice(tmp_path, environ={runtime.DATA_DIR_VARIABLE: "/x"}) == tmp_path


@pytest.mark.parametrize("text", [b"", b'{"version": 1, "settings": {"difficulty": "ha', b"\x00\xff garbage"])
def test_a_garbled_settings_file_gives_one_warning_and_the_game_starts(tmp_path, text):
    (tmp_path / FILENAME).write_bytes(text)
    one_frame = script(tmp_path, "wait 1", "press RETURN")
    result = run_game("--headless", "--low-memory", "--seed", "1", "--data-dir", str(tmp_path), "--script", one_frame)
    assert result.returncode == 0
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "using defaults" in warnings[0]
    assert "scene title" in texts(result.stdout) and "scene table" in texts(result.stdout)


def test_a_newer_games_file_survives_pressing_m_and_a_whole_hand(tmp_path):
    newer = {"version": 2, "settings": {"sound": True}, "stats": {"hard": {"hands_won": 250, "matches_won": 12}}}
    text = json.dumps(newer)
    (tmp_path / FILENAME).write_text(text)
    player = title_player(store=Store(Files(tmp_path)))
    assert "newer UNO 1991" in player.app.context.title.message
    player.press("M")
    assert player.app.context.settings.sound is False
    assert (tmp_path / FILENAME).read_text() == text
    assert sorted(path.name for path in tmp_path.iterdir()) == [FILENAME]


def test_a_garbled_file_is_kept_aside_and_named_in_the_one_warning(tmp_path):
    (tmp_path / FILENAME).write_text('{"version": 1, "stats": {"hard": null}}')
    press_m = script(tmp_path, "press M")
    result = run_game("--headless", "--low-memory", "--seed", "1", "--data-dir", str(tmp_path), "--script", press_m)
    (aside,) = tmp_path.glob(FILENAME + ".unreadable-*")
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and str(tmp_path / FILENAME) in warnings[0] and f"{aside.name} beside it" in warnings[0]
    assert json.loads(aside.read_text()) == {"version": 1, "stats": {"hard": None}}
    assert json.loads((tmp_path / FILENAME).read_text())["settings"]["sound"] is False


def test_a_garbled_file_is_replaced_by_good_settings_at_the_next_save(tmp_path):
    (tmp_path / FILENAME).write_text("{not json")
    player = title_player(store=Store(Files(tmp_path)))
    assert player.app.context.title.message.startswith("warning:")
    player.bot.choose("sound")
    settings, _, warning = Store(Files(tmp_path)).load_settings()
    assert warning is None and settings.sound is False


# ----- gamepad only ---------------------------------------------------------------------------


def test_a_gamepad_alone_plays_a_whole_hand_with_a_wild_and_start_opens_the_menu():
    """You hold only wilds, so your first card names a colour, whatever the
    computer then does."""
    wilds = stacked(["W", "W", "W", "W", "W+4", "W+4", "W+4"], ["B1", "B2", "B3", "B4", "G1", "G2", "G3"], "R5")
    player = Player(deck=wilds, starter=0, device="pad")
    bot = player.bot
    bot.wait_for_you()
    bot.press("ESCAPE")  # the bot's ESCAPE is the gamepad's START
    assert player.app.scene == "paused"
    bot.press("GAMEPAD1_BUTTON_B")
    assert player.app.scene == "table"
    bot.play_hand()
    assert player.app.scene == "hand_result"
    pressed = {line.split()[1] for line in bot.script if line.startswith("press")}
    assert pressed <= {
        "GAMEPAD1_BUTTON_A",
        "GAMEPAD1_BUTTON_B",
        "GAMEPAD1_BUTTON_START",
        "GAMEPAD1_BUTTON_DPAD_LEFT",
        "GAMEPAD1_BUTTON_DPAD_RIGHT",
        "GAMEPAD1_BUTTON_DPAD_UP",
        "GAMEPAD1_BUTTON_DPAD_DOWN",
    }
    assert any(text.startswith("message You chose") for text in player.said("message")), "a wild's colour"
    bot.press("RETURN")
    assert player.app.scene == "table", "A deals the next hand"


# ----- mouse only ------------------------------------------------------------------------------


def card_centre(app: App, code: str) -> tuple[int, int]:
    """The middle of a card's visible strip, from the layout alone."""
    board = app.match.board
    index = board.hand.index(code)
    row = lay.your_row(len(board.hand), board.selected)
    return row.x_of(index) + 5, lay.HAND_Y + 16


def test_click_a_card_to_play_it_and_the_draw_pile_to_pick_up():
    player = blue_nine(you=["R1", "R2", "R3", "G4", "G5", "Y6", "B7"], then=("R8",))
    app = player.app
    player.bot.driver.click(*card_centre(app, "R1"))
    assert player.said("message You can't play the red 1"), "a refused card, as with RETURN"
    player.bot.driver.click(*card_centre(app, "B7"))
    player.bot.wait_until(lambda: app.match.timeline.idle)
    assert app.match.game.top == "B7" and "B7" not in app.match.board.hand
    player.wait_for_you()
    start = len(player.lines)
    x, y = lay.DRAW_PILE_POS
    player.bot.driver.click(x + 12, y + 16)
    player.bot.wait_until(lambda: app.match.timeline.idle)
    assert player.said("card you draw", start)
    board_matches_engine(app)


def test_click_a_wild_then_a_colour_swatch():
    player = blue_nine(you=["R1", "R2", "R3", "G4", "G5", "Y6", "W"])
    app = player.app
    player.bot.driver.click(*card_centre(app, "W"))
    assert app.match.naming_colour and app.match.board.prompt == narration.PROMPT_COLOUR
    swatches = dict(tabletop.colour_choice_rects())
    x, y, w, h = swatches["Y"]
    player.bot.driver.click(x + w // 2, y + h // 2)
    player.bot.wait_until(lambda: app.match.timeline.idle)
    assert (app.match.game.top, app.match.game.colour) == ("W", "Y")


def test_after_picking_up_a_click_on_the_pile_passes_and_other_cards_wait():
    player = blue_nine(then=("B5",))
    app = player.app
    x, y = lay.DRAW_PILE_POS
    player.bot.driver.click(x + 12, y + 16)
    player.wait_for_you()
    assert app.match.board.drawn == "B5"
    player.bot.driver.click(*card_centre(app, "R1"))
    assert player.said(f"message {narration.drawn_only('B5')}")
    player.bot.driver.click(x + 12, y + 16)
    player.bot.wait_until(lambda: app.match.game.turn == 1)
    assert "message You pass" in player.said("message")


def test_the_mouse_alone_goes_from_the_title_through_a_whole_hand():
    player = Player(seed=3, device="mouse")
    assert player.app.scene == "table"
    player.bot.play_hand()
    assert player.app.scene == "hand_result"
    assert all(line.startswith(("click", "move", "wait")) for line in player.bot.script)


def test_the_arrow_follows_the_mouse_and_scrolls_a_hand_too_big_to_show():
    """A hand grown past what the row can show, through the game: your Wild
    Draw Four played while holding red, penalised again and again."""
    player = Player(deck=penalty_deck(), starter=0)
    board = player.board
    while len(board.hand) <= hand_layout.capacity(lay.HAND_W, res.CARD_W) + 4:
        player.wait_for_you()
        player.bot.penalty_turn()
    player.wait_for_you()
    player.bot.move_arrow_to(0)
    assert lay.your_row(len(board.hand), board.selected).hidden_right > 0
    wiggle = 0
    while lay.your_row(len(board.hand), board.selected).hidden_right:
        row = lay.your_row(len(board.hand), board.selected)
        wiggle = 1 - wiggle
        player.bot.driver.frame(mouse=(row.xs[-1] + 12, lay.HAND_Y + 10 + wiggle))
        assert board.selected == row.first + len(row.xs) - 1
    assert lay.your_row(len(board.hand), board.selected).x_of(len(board.hand) - 1) is not None, "the last card shows"
    before = board.selected
    player.bot.driver.frame(mouse=(row.xs[-1] + 12, lay.HAND_Y + 10 + wiggle))  # resting: nothing moves
    assert board.selected == before
    board_matches_engine(player.app)


# ----- the browser's choices, asked natively --------------------------------------------------


def test_in_the_browser_pyxel_quits_on_no_key_and_the_menu_has_no_quit():
    options = runtime.init_options(headless=False)  # the same on every platform
    assert options["quit_key"] == pyxel.KEY_NONE and options["fps"] == lay.FPS
    assert not runtime.can_quit("emscripten") and runtime.can_quit("linux") and runtime.can_quit("win32")
    app = App(1, report=lambda line: None, platform="emscripten", low_memory=True)
    assert "quit" not in app.context.title.items.keys
    app.context.title.items.cursor = 0
    Bot(app).press("ESCAPE")
    assert not app.quit_requested


def test_in_the_browser_settings_go_to_local_storage_never_to_a_file(tmp_path):
    store = runtime.choose_store(tmp_path, headless=False, platform="emscripten")
    assert isinstance(store.backend, LocalStorage)

    class Storage(dict):
        def getItem(self, key):
            return self.get(key)

        def setItem(self, key, value):
            self[key] = value

    store.backend.storage = Storage()
    app = App(1, report=lambda line: None, store=store, low_memory=True)
    Bot(app).choose("sound")
    assert json.loads(store.backend.storage["uno1991"])["settings"]["sound"] is False
    assert list(tmp_path.iterdir()) == []


def test_no_threads_no_subprocesses_and_flip_only_in_scripted_runs():
    """In a page (and in a window) the game runs in pyxel.run only. (The
    build tool ``game/web.py`` runs pyxel's packager; it is not the game. The
    table server and the desktop's network client, ``game/online/client.py``'s
    ``Client``, whose background thread keeps the network out of every frame,
    are not in the page either: the page's client is ``BrowserClient``, on the
    page's WebSocket. Nor is HOST's server, ``game/online/hosting.py``, the
    process it starts: a page cannot listen, and has no HOST; nor the
    server's SQLite store, ``game/online/store/sqlite.py``, whose checkpoints
    run in a thread of the server's, nor the server's keeper of rooms,
    ``game/online/server_rooms.py``, which reads a long room in its reader thread,
    nor ``game/online/server_store.py`` and ``game/online/store/postgresql.py``,
    which call a remote store in threads, each bounded.)"""
    online = ROOT / "game" / "online"
    outside_the_page = {ROOT / "game" / "web.py", online / "client.py", online / "hosting.py"}
    outside_the_page |= {online / "server_rooms.py", online / "server_store.py", online / "store" / "sqlite.py"}
    outside_the_page |= {online / "store" / "postgresql.py"}
    for path in sorted(set((ROOT / "game").rglob("*.py")) - outside_the_page):
        tree = ast.parse(path.read_text())
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        assert not imported & {"threading", "subprocess", "multiprocessing", "concurrent.futures"}, path
        flips = [node for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr == "flip"]
        assert not flips or path.name == "script.py", path


def test_the_default_store_is_pyxels_user_data_directory_on_the_desktop(tmp_path):
    store = runtime.choose_store(None, headless=False, platform="linux", user_data_dir=lambda: str(tmp_path))
    assert isinstance(store.backend, Files) and store.directory == tmp_path
    assert isinstance(runtime.choose_store(tmp_path / "d", headless=True, platform="linux").backend, Files)


# ----- the script runner's new commands ----------------------------------------------------------


def test_scripts_click_and_move_the_mouse_and_press_gamepad_buttons():
    commands = parse_script("click 12 34\nmove 0 199\npress GAMEPAD1_BUTTON_START\npress MOUSE_BUTTON_LEFT\n")
    assert [(c.verb, c.x, c.y) for c in commands[:2]] == [("click", 12, 34), ("move", 0, 199)]
    assert commands[2].key == pyxel.GAMEPAD1_BUTTON_START and commands[3].key == pyxel.MOUSE_BUTTON_LEFT


def test_a_settings_override_on_the_command_line_is_not_saved(tmp_path):
    store = Store(Files(tmp_path))
    store.save_settings(Settings(difficulty="easy"), Stats())
    player = Player(seed=3, level="hard", muted=True, store=store)
    assert player.said("match 1 level hard") and player.app.context.audio.muted
    player.bot.play_hand()
    settings, stats, _ = Store(Files(tmp_path)).load_settings()
    assert settings.difficulty == "easy" and settings.sound is True
    assert stats.hard.hands_played == 1


def test_a_rule_set_without_how_to_play_pages_is_an_error_when_the_menus_load():
    """Not the 1991 pages shown in its place: a made-up rule set added to the registry."""
    code = (
        "from game.rules.rulesets import RULESETS, StandardRules\n"
        "class Sevens(StandardRules):\n"
        "    name = 'sevens'\n"
        "RULESETS['sevens'] = Sevens()\n"
        "import game.ui.scenes.howto\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "no HOW TO PLAY pages for rules sevens: add them to RULE_PAGES" in result.stderr


def test_a_key_a_driven_game_left_down_is_let_go_and_never_read_by_the_next_game():
    """pyxel is one per process: the tests' games share its keys. A game
    whose last frame pressed RETURN leaves it down until the next driven
    frame; ``let_go`` (every test's end, ``conftest.no_key_left_down``)
    releases it, so the next game's title does not take it for PLAY."""
    first = Player(start=False)
    first.bot.to_title()
    first.press("DOWN")  # a key down at the end of a game
    let_go()
    second = App(1, report=lambda line: None, low_memory=True)
    cursor = second.context.title.items.cursor
    second.update()
    assert second.scene == "title" and second.context.title.items.cursor == cursor
