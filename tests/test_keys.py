"""Keys and pad buttons of the player's own (issue 44): the KEYS screen of
the title menu, a key rebound there played at the table (and the old one
no longer), a key taken twice refused with its reason, RESET, the keys kept
across a restart, the message bar and How to Play naming them; and the
whole game played with a gamepad alone, a name typed with it too. All
through the real game, headless.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import pyxel
from conftest import HeadlessApp, SettingsStore

from game.storage.bindings import DEFAULT, KEPT, entries_of, is_entries, rebound, refusal, table_of
from game.storage.settings import Settings, Stats
from game.storage.settings_document import dump, read_document
from game.ui.app import init_pyxel
from game.ui.device import keys
from game.ui.device.key_words import spelled, spelled_column
from game.ui.layout import SCREEN_W
from game.ui.scenes import howto
from game.ui.table import narration, tabletop

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "scripts"))

from ui_bot import Bot, waiting_for_you  # noqa: E402

PAD_A, PAD_B = "GAMEPAD1_BUTTON_A", "GAMEPAD1_BUTTON_B"
PAD_UP, PAD_DOWN, PAD_RIGHT = "GAMEPAD1_BUTTON_DPAD_UP", "GAMEPAD1_BUTTON_DPAD_DOWN", "GAMEPAD1_BUTTON_DPAD_RIGHT"


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def to_item(player: HeadlessApp, item: str, down: str = "DOWN") -> None:
    """Move the title menu's highlight to ``item``."""
    items = player.app.context.title.items
    for _ in range(len(items.keys)):
        if items.current == item:
            return
        player.press(down)
    raise AssertionError(f"no {item} on the title menu")


def open_keys(player: HeadlessApp) -> None:
    to_item(player, "keys")
    player.press("RETURN")
    assert player.app.scene == "keys"


def rebind(player: HeadlessApp, action: str, key: str) -> None:
    """On the KEYS screen: ``action``'s row, then ``key`` (a key or a pad button)."""
    keys_row(player, action)
    player.press(key)


def keys_row(player: HeadlessApp, action: str) -> None:
    """Choose the KEYS screen's row of ``action`` and listen for its key."""
    items = player.app.navigator.top.screen.items
    while items.current != action:
        player.press("DOWN")
    player.press("RETURN")
    assert player.app.navigator.top.screen.listening == action


def your_turn(player: HeadlessApp) -> None:
    """PLAY from the title, then frames until the table waits for you."""
    to_item(player, "play")
    player.press("RETURN")
    for _ in range(3000):
        if waiting_for_you(player.app):
            return
        player.wait(1)
    raise AssertionError("the table never waited for you")


def prompt_pixels() -> list[int]:
    """The message bar's prompt row as the screen shows it."""
    from game.ui import layout as lay

    return [pyxel.screen.pget(x, y) for y in range(lay.PROMPT_Y, lay.PROMPT_Y + 6) for x in range(SCREEN_W)]


# ----- the KEYS screen -----------------------------------------------------------------


def test_a_key_rebound_on_the_keys_screen_picks_up_and_the_old_key_no_longer_does():
    store = SettingsStore()
    player = HeadlessApp(store=store)
    open_keys(player)
    rebind(player, "pick", "D")
    assert store.settings.keys == ("pick D B",)
    assert any("setting keys pick D B" in line for line in player.lines)
    player.press("ESCAPE")
    assert player.app.scene == "title"
    your_turn(player)
    board = player.app.match.board
    hand, said = len(board.hand), len(player.lines)
    player.press("P")
    player.wait(30)
    assert len(board.hand) == hand and board.drawn is None, "P picks up no more"
    assert not any(" message You pick up " in line for line in player.lines[said:])
    player.press("D")
    player.wait(30)
    assert any(" message You pick up " in line for line in player.lines[said:]), "D picks up"


def test_the_message_bar_names_the_rebound_key():
    store = SettingsStore(Settings(keys=("pick D B", "left Z DPAD_LEFT", "right X DPAD_RIGHT")))
    player = HeadlessApp(store=store)
    your_turn(player)
    board = player.app.match.board
    assert board.prompt == narration.PROMPT_PLAY  # the table's own words...
    shown = "Your turn: Z/X choose, RETURN plays, D picks up"
    assert any(line.endswith(f"prompt {shown}") for line in player.lines)  # ...as the bar shows them
    player.app.draw()
    on_screen = prompt_pixels()
    keys.use(DEFAULT)  # the bar's words drawn as written
    tabletop.draw_message_bar(board.news, shown)
    assert prompt_pixels() == on_screen, "the bar shows the rebound keys"
    tabletop.draw_message_bar(board.news, narration.PROMPT_PLAY)
    assert prompt_pixels() != on_screen, "the bar does not show the 1991 keys"


def test_a_key_taken_twice_is_refused_with_its_reason_and_nothing_changes():
    store = SettingsStore()
    player = HeadlessApp(store=store)
    open_keys(player)
    screen = player.app.navigator.top.screen
    rebind(player, "play", "P")
    assert screen.message == "P is already PICK UP OR PASS: choose another, or change that one first"
    assert any("keys refused: P is already PICK UP OR PASS" in line for line in player.lines)
    rebind(player, "play", "M")
    assert screen.message.startswith("M turns the sound on and off")
    assert not any("setting sound" in line for line in player.lines), "M on KEYS is not the sound"
    rebind(player, "play", PAD_B)
    assert screen.message.startswith("the pad's B is already PICK UP OR PASS")
    assert store.settings.keys == () and keys.bound() == DEFAULT


def test_a_pad_button_is_chosen_as_a_key_is():
    store = SettingsStore()
    player = HeadlessApp(store=store)
    open_keys(player)
    rebind(player, "red", "GAMEPAD1_BUTTON_X")
    assert store.settings.keys == ("red R X",)
    player.press("ESCAPE")
    player.press("GAMEPAD1_BUTTON_X")  # X is no longer a second START: the title stays
    assert player.app.scene == "title"


def test_after_play_moves_to_space_the_bottom_line_names_space_and_return_is_told_it_does_nothing():
    player = HeadlessApp(store=SettingsStore())
    open_keys(player)
    screen = player.app.navigator.top.screen
    rebind(player, "play", "SPACE")
    assert screen.bottom_line()[0] == "PLAY, CHOOSE: SPACE, pad A"
    player.press("DOWN")
    assert screen.bottom_line()[0].startswith("UP/DOWN choose   SPACE, then the key"), "the hint, at once"
    player.press("RETURN")
    assert screen.listening is None
    assert screen.bottom_line()[0] == "RETURN does nothing now: SPACE chooses, ESCAPE goes back"
    player.press("SPACE")
    assert screen.listening == "pick", "SPACE chooses the row"


def test_reset_goes_back_to_the_1991_keys():
    store = SettingsStore(Settings(keys=("pick D B", "uno V X")))
    player = HeadlessApp(store=store)
    assert keys.bound()["pick"] == ("D", "B")
    open_keys(player)
    items = player.app.navigator.top.screen.items
    while items.current != "reset":
        player.press("UP")
    player.press("RETURN")
    screen = player.app.navigator.top.screen
    assert keys.bound()["pick"] == ("D", "B"), "RESET asks first"
    player.press("DOWN")  # no: nothing changes, and the highlight stays
    assert keys.bound()["pick"] == ("D", "B") and items.current == "reset"
    assert screen.message == "The keys stay as they are"
    player.press("RETURN")
    assert "RETURN: yes" in screen.bottom_line()[0]
    player.press("RETURN")  # yes
    assert store.settings.keys == () and keys.bound() == DEFAULT
    assert player.app.navigator.top.screen.message == "The 1991 keys again"
    player.press("ESCAPE")
    your_turn(player)
    said = len(player.lines)
    player.press("P")
    player.wait(30)
    assert any(" message You pick up " in line for line in player.lines[said:]), "P picks up again"


def test_how_to_play_and_the_colour_buttons_name_the_players_keys():
    keys.use(table_of(("pick D B", "uno V X", "menu TAB START", "green SPACE -")))
    try:
        page = {key: what for key, what in (line.split("|") for line in howto.CONTROL_PAGES[0][1] if "|" in line)}
        assert "P" in page and spelled_column("P") == "D" and spelled_column("ESCAPE") == "TAB"
        assert spelled_column("B", pad=True) == "B" and spelled_column("A", pad=True) == "A"
        assert spelled_column("U (GAMEPAD Y)") == "V (GAMEPAD X)"
        assert spelled_column("H (GAMEPAD BACK)") == "H (GAMEPAD BACK)"
        assert spelled("When a computer forgets, press U before the next player.").endswith(
            "press V before the next player."
        )
        assert [spelled("R RED"), spelled("G GREEN")] == ["R RED", "SPACE GREEN"]
        keys.use(table_of(("history L LEFTSTICK",)))
        assert spelled_column("H (GAMEPAD BACK)") == "L (GAMEPAD LEFTSTICK)"
        assert spelled("H shows the history") == "L shows the history"
    finally:
        keys.use(DEFAULT)
    assert spelled_column("U (GAMEPAD Y)") == "U (GAMEPAD Y)"


def test_the_match_result_the_curtain_and_the_replays_name_the_players_keys():
    """Texts outside the message bar too: PLAY on SPACE and MENU on TAB."""
    from game.ui.scenes import replay
    from game.ui.table import results

    def footer_row() -> list[int]:
        pyxel.cls(0)
        results.draw_match_result(0, (512, 100), title_art=False)
        return [
            pyxel.screen.pget(x, y)
            for y in range(results.PANEL_Y + 130, results.PANEL_Y + 136)
            for x in range(SCREEN_W)
        ]

    as_1991 = footer_row()
    keys.use(table_of(("play SPACE A", "menu TAB START")))
    try:
        assert footer_row() != as_1991  # "PRESS SPACE FOR A NEW MATCH"
        assert spelled(replay.KEYS_HINT).endswith("N next hand  TAB back")
        assert spelled(replay.PAUSED_HINT).startswith("SPACE play on")
    finally:
        keys.use(DEFAULT)
    assert footer_row() == as_1991


def test_how_to_play_says_the_keys_are_the_players_own_once_changed():
    player = HeadlessApp(store=SettingsStore(Settings(keys=("pick D B",))))
    to_item(player, "howto")
    player.press("RETURN")
    screen = player.app.navigator.top.screen
    assert screen.heading == howto.KEYS_PAGE  # the page (its notice) is the same...
    player.app.draw()
    shown = [pyxel.screen.pget(x, 32) for x in range(SCREEN_W)]  # ...its heading says so
    keys.use(DEFAULT)
    player.app.draw()
    assert [pyxel.screen.pget(x, 32) for x in range(SCREEN_W)] != shown


def test_with_the_1991_keys_every_text_stays_as_written():
    texts = [value for value in vars(narration).values() if isinstance(value, str)]
    texts += [line for _, lines in howto.CONTROL_PAGES for line in lines]
    assert all(spelled(text, DEFAULT) == text for text in texts)


def test_the_settings_keep_only_good_bindings():
    table = rebound(DEFAULT, "pick", key="D")
    assert entries_of(table) == ("pick D B",) and table_of(entries_of(table)) == table
    assert refusal(table, "play", key="D") is not None and refusal(table, "pick", key="D") is None
    assert refusal(DEFAULT, "play", key="BACKSPACE") == f"{KEPT['BACKSPACE']}: it cannot be PLAY, CHOOSE"
    assert not is_entries(("pick P B", "play P A"))  # P twice
    assert not is_entries(("pick M B",)) and not is_entries(("dance D -",)) and not is_entries(("pick D",))
    bad = dump(Settings(), Stats()).replace('"scoring"', '"keys": ["play P A"], "scoring"')
    reading = read_document(bad)
    assert reading.settings.keys == () and "keys" in (reading.problem or "")


def test_a_button_chosen_before_a_later_game_gave_it_to_another_action_stays_the_players():
    """HISTORY took the pad's BACK by default after KEYS came: a player who
    had given BACK to QUICK CHAT keeps it, and HISTORY has no button."""
    older = dump(Settings(), Stats()).replace('"scoring"', '"keys": ["chat Q BACK"], "scoring"')
    reading = read_document(older)
    assert reading.problem is None and reading.settings.keys == ("chat Q BACK",)
    table = table_of(reading.settings.keys)
    assert table["chat"] == ("Q", "BACK") and table["history"] == ("H", "")
    assert table_of(entries_of(table)) == table


def test_in_the_browser_the_keys_are_kept_in_its_storage_and_come_back(tmp_path):
    from game.ui.device import runtime

    class Storage(dict):  # the page's localStorage, as the game uses it
        def getItem(self, key):
            return self.get(key)

        def setItem(self, key, value):
            self[key] = value

    storage = Storage()
    store = runtime.choose_store(tmp_path, headless=False, platform="emscripten")
    store.backend.storage = storage
    player = HeadlessApp(store=store)
    open_keys(player)
    rebind(player, "uno", "V")
    assert json.loads(storage["uno1991"])["settings"]["keys"] == ["uno V Y"]
    again = runtime.choose_store(tmp_path, headless=False, platform="emscripten")
    again.backend.storage = storage  # the page loaded again
    HeadlessApp(store=again)
    assert keys.bound()["uno"] == ("V", "Y") and not list(tmp_path.iterdir()), "no file: the page's storage only"


def test_a_letter_bound_to_play_or_a_move_still_types_in_a_name():
    store = SettingsStore(Settings(keys=("play SPACE A", "right D DPAD_RIGHT")))
    player = HeadlessApp(store=store)
    to_item(player, "people")
    player.press("SPACE")  # PLAY, CHOOSE: the PEOPLE screen
    player.press("DOWN", "SPACE")  # PERSON 1: typing
    player.press("A", "D", "SPACE", "D")  # letters, and a space, though D moves right and SPACE plays
    screen = player.app.navigator.top.screen
    assert screen.typing == 0 and screen.names[0] == "AD D"
    player.press(PAD_A)  # the pad's A keeps it
    assert screen.typing is None and screen.names[0] == "AD D"


def test_with_play_on_space_the_return_key_keeps_a_name_and_the_hint_says_so():
    """SPACE types a space in a name, so the hint may not say SPACE keeps:
    the RETURN key keeps it, whatever PLAY is bound to (issue 53)."""
    from game.ui.scenes.letter_picker import typing_hint

    store = SettingsStore(Settings(keys=("play SPACE A",)))
    player = HeadlessApp(store=store)
    to_item(player, "people")
    player.press("SPACE", "DOWN", "SPACE")  # PEOPLE, then PERSON 1: typing
    screen = player.app.navigator.top.screen
    player.press("A", "SPACE", "B")
    assert screen.typing == 0 and screen.names[0] == "A B"
    assert typing_hint().endswith("RETURN keeps") and "SPACE keeps" not in typing_hint()
    player.press("RETURN")
    assert screen.typing is None and screen.names[0] == "A B", "RETURN finishes the name"
    player.press("ESCAPE")
    to_item(player, "join")
    player.press("SPACE", "DOWN", "SPACE")  # NAME: typing
    join_screen = player.app.navigator.top.screen
    assert join_screen.typing == "name"
    player.press("RETURN")
    assert join_screen.typing is None, "RETURN finishes JOIN's name too"
    join_screen.items.cursor = 0
    player.press("SPACE")  # ADDRESS: typing
    assert join_screen.typing == "address"
    player.press("RETURN")
    assert join_screen.typing is None, "and the address"


# ----- a gamepad alone -----------------------------------------------------------------


def test_a_name_typed_the_menus_and_a_whole_hand_played_with_a_gamepad_alone():
    store = SettingsStore()
    player = HeadlessApp(store=store)
    to_item(player, "people", down="GAMEPAD1_BUTTON_DPAD_DOWN")
    player.press(PAD_A)
    assert player.app.scene == "people"
    player.press(PAD_DOWN, PAD_A)  # PERSON 1: typing
    player.press(PAD_UP, PAD_UP)  # a new name: A, then B
    player.press(PAD_RIGHT, *[PAD_UP] * 14)  # BA, then BO
    player.press(PAD_B, PAD_RIGHT)  # B rubs out the O, RIGHT adds an A: BA
    player.press(PAD_A)  # kept
    items = player.app.navigator.top.screen.items
    while items.current != "done":
        player.press(PAD_DOWN)
    player.press(PAD_A)
    assert player.app.scene == "title" and store.settings.names == ("BA",)
    to_item(player, "play", down=PAD_DOWN)
    player.press(PAD_A)
    bot = Bot(player.app, device="pad")
    bot.play_hand()
    assert player.app.scene in ("hand_result", "match_result")
    assert all(line.startswith(("press GAMEPAD1_BUTTON", "wait")) for line in bot.script), "the pad's buttons only"
    bot.press("RETURN")  # A: the next hand
    bot.wait_for_you()
    bot.press("H")  # BACK (a pad's SELECT): the message bar's history, then closed again
    assert player.app.match.show_history
    bot.press("H")
    assert not player.app.match.show_history
    bot.press("ESCAPE")  # START: the match's menu
    assert player.app.scene == "paused"
    menu = player.app.navigator.top.screen.items
    while menu.current != "leave":
        player.press(PAD_DOWN)
    player.press(PAD_A)
    for _ in range(100):
        if player.app.scene == "title":
            break
        player.wait(1)
    assert player.app.scene == "title"


def test_an_address_and_a_name_typed_on_join_and_the_lobby_left_with_a_gamepad_alone():
    store = SettingsStore()
    player = HeadlessApp(store=store)
    to_item(player, "join", down=PAD_DOWN)
    player.press(PAD_A)
    screen = player.app.navigator.top.screen
    assert player.app.scene == "join" and screen.items.current == "address"
    player.press(PAD_A, PAD_RIGHT)  # typing after "ws://": an a
    player.press(PAD_RIGHT, *["GAMEPAD1_BUTTON_DPAD_DOWN"] * 31)  # back from a round to :
    player.press(PAD_RIGHT, *[PAD_UP] * 27, PAD_A)  # on from a to 1; kept
    assert screen.address == "ws://a:1"
    player.press(PAD_DOWN, PAD_A, *[PAD_B] * 8, PAD_UP, PAD_A)  # NAME: PLAYER 1 rubbed out, then A
    assert screen.name == "A"
    while screen.items.current != "join":
        player.press(PAD_DOWN)
    player.press(PAD_A)
    assert player.app.scene == "lobby" and store.settings.join_address == "ws://a:1/"
    player.press(PAD_B)
    assert player.app.scene == "title"


# ----- kept across a restart -----------------------------------------------------------


def run_game(data: Path, script: Path, *lines: str) -> list[str]:
    script.write_text("\n".join(lines) + "\n")
    result = subprocess.run(
        [sys.executable, "-m", "game", "--headless", "--seed", "1", "--data-dir", str(data), "--script", str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


@pytest.mark.slow
def test_keys_chosen_are_kept_across_a_restart(tmp_path):
    data = tmp_path / "data"
    first = run_game(
        data,
        tmp_path / "one.txt",
        "press RETURN",
        "wait 5",
        *["press UP"] * 3,  # QUIT, REPLAYS, KEYS (from PLAY, round the bottom)
        "press RETURN",
        *["press DOWN"] * 5,  # PICK UP OR PASS
        "press RETURN",
        "press D",
        "wait 5",
    )
    assert any(line.endswith("setting keys pick D B") for line in first)
    second = run_game(
        data, tmp_path / "two.txt", "press RETURN", "wait 5", "press RETURN", "turn", "press P", "wait 60", "press D"
    )
    frames = [int(line.split()[0]) for line in second if line.endswith("D picks up")]
    assert frames, "the second run's message bar names D"
    picked = [int(line.split()[0]) for line in second if " message You pick up " in line]
    assert picked and picked[0] > frames[0] + 60, "P did nothing; D picked up"
