"""The table tells the truth (issue 20), played through the keys headless:
every refusal gives its true reason, every prompt matches the table on
screen at that moment, a jump-in has a window a person can use, the King's
picks start on a sensible seat and name only the keys of this table, a
challenge shows the colour it is about, the replay viewer and the title
menu say what they show.
"""

from __future__ import annotations

import pytest
from conftest import HeadlessApp, SettingsStore, stacked
from test_table_house_rules import house_table
from test_table_players import DULL, Scripted, Table, play, royal_table

from game.rules.rulesets import RULES_STANDARD
from game.ui.app import init_pyxel
from game.ui.table import narration


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def said_after(table: Table, start: int, text: str) -> list[str]:
    """The lines reported since line ``start`` that contain ``text``, without their frame numbers."""
    return [line.lstrip().split(" ", 1)[1] for line in table.lines[start:] if text in line]


# ----- 1. refusals give the true reason -----------------------------------------------------


def test_a_card_refused_under_a_stack_says_only_a_draw_two_goes_on_it():
    you = ["G1", "B1", "B2", "B3", "Y4", "Y5", "Y6"]
    table = house_table(("stacking",), [you, ["G+2", *DULL[1:]]], turn_up="G5", starter=1)
    table.seat(1, Scripted(["play G+2"]))
    table.wait_for_you()
    start = len(table.lines)
    play(table, "G1")
    table.wait(2)
    message = said_after(table, start, "message You can't play")
    assert message == ["message You can't play the green 1: only a Draw Two goes on the stack"]
    assert said_after(table, start, "sound buzz") and "G1" in table.game.hands[0]


def test_a_wild_refused_under_a_stack_is_refused_before_its_colour_is_asked():
    you = ["W", "B1", "B2", "B3", "Y4", "Y5", "Y6"]
    table = house_table(("stacking",), [you, ["G+2", *DULL[1:]]], turn_up="G5", starter=1)
    table.seat(1, Scripted(["play G+2"]))
    table.wait_for_you()
    play(table, "W")
    table.wait(2)
    assert not table.match.naming_colour
    assert table.said("You can't play the Wild: only a Draw Two goes on the stack")


def test_no_bluffing_refuses_the_wild_draw_four_with_the_colour_you_hold():
    you = ["W+4", "R1", "B2", "B3", "Y4", "Y5", "Y6"]
    table = house_table(("no_bluffing",), [you, DULL[::-1]])
    play(table, "W+4")
    table.wait(2)
    assert not table.match.naming_colour
    assert table.said("message You can't play the Wild Draw Four: you hold RED (no bluffing)")


# ----- 3. the King's picks ----------------------------------------------------------------


def test_a_quick_return_on_a_kings_choice_names_an_opponent_and_the_prompt_names_only_this_tables_keys():
    table = royal_table()
    table.wait_for_you()
    assert table.match.board.prompt == "You are King: pick the Jester, LEFT/RIGHT and RETURN (or keys 1-2)"
    table.press("2")
    table.seat(1, Scripted())
    table.seat(2, Scripted())
    play(table, "RK")
    table.wait_for_you()
    prompt = table.match.board.prompt
    assert prompt == "King's Choice: who draws one? LEFT/RIGHT and RETURN (or keys 0-2, 0 is you)"
    assert len(prompt) <= narration.MAX_CHARS
    fewest = min((1, 2), key=lambda seat: (len(table.game.hands[seat]), seat))
    assert table.match.board.pick == fewest
    table.press("RETURN")
    table.wait(40)
    assert f"target {fewest}" in table.game.record().splitlines()


def test_every_pick_prompt_fits_the_bar_at_a_table_of_ten():
    for kind in ("jester", "target", "swap"):
        assert len(narration.pick_prompt(kind, list(range(10)))) <= narration.MAX_CHARS
        assert "keys 1-9" in narration.pick_prompt(kind, list(range(1, 10)))
    assert narration.pick_prompt("swap", [1]).endswith("(or key 1)")


# ----- 6. the title menu's warning --------------------------------------------------------


def test_the_house_rules_warning_clears_once_the_menu_moves_on():
    from game.storage.settings import Settings

    store = SettingsStore(Settings())
    player = HeadlessApp(store=store)
    app = player.app
    while app.context.title.items.current != "house":
        player.press("DOWN")
    player.press("RETURN")
    assert app.context.title.message == narration.HOUSE_RULES_STANDARD_ONLY
    while app.context.title.items.current != "rules":
        player.press("UP")
    player.press("RIGHT")  # RULES: STANDARD
    assert store.settings.rules == "standard" and app.context.title.message == ""
    while app.context.title.items.current != "house":
        player.press("DOWN")
    player.press("RETURN", "RETURN", "DOWN", "RETURN", "DOWN", "RETURN", "ESCAPE")
    assert app.scene == "title" and len(store.settings.house) == 3 and app.context.title.message == ""


# ----- 2. prompts that match the table on screen ------------------------------------------------


def prompt_problem(table: Table) -> str | None:
    """What the prompt line says that the table on screen does not show, or None."""
    match, board, game = table.match, table.match.board, table.game
    prompt = board.prompt
    if match.scene != "table":
        return None
    waits = prompt.startswith(("Your turn", "Colour?", "RETURN plays", "A stack of", "King's Choice", "Seven!"))
    if waits and not match.waiting_for_you:
        return f"{prompt!r} while the table does not wait for you"
    if prompt.startswith("Computer") and prompt.endswith("'s turn..."):
        seat = int(prompt.split()[1].rstrip("'s"))
        if board.turn != seat:
            return f"{prompt!r} while the table shows seat {board.turn} in turn"
    if prompt == narration.PROMPT_LATE_UNO and not (board.exposed == 0 == game.exposed):
        return f"{prompt!r} though you cannot call UNO late now ({len(game.hands[0])} cards)"
    if prompt.startswith("Jump in!"):
        if not match.timeline.idle or not any(a.startswith("play ") for a in game.legal(0)):
            return f"{prompt!r} while J would be refused (top {board.top})"
        if prompt != narration.jump_in_prompt(board.top):
            return f"{prompt!r} on the {board.top}"
    return None


def play_watching_the_prompt(table: Table, frames: int, seed: int) -> list[str]:
    """Play on (the first choice offered, the first card that plays, else
    pick up), checking the prompt against the table in every frame."""
    import random

    rng = random.Random(seed)
    problems = []
    for _ in range(frames):
        match = table.match
        if match.scene != "table":
            table.press("RETURN")
            continue
        if match.waiting_for_you and rng.random() < 0.3:
            pending = table.game.pending
            legal = table.game.legal()
            plays = [a for a in legal if a.startswith("play ")]
            if pending is not None:
                table.press("R" if pending.kind == "colour" else "RETURN")
            elif plays and rng.random() < 0.7:
                code = plays[0].split()[1]
                board = match.board
                board.selected = board.hand.index(code) if board.drawn is None else board.selected
                table.press("RETURN")
                if match.naming_colour:
                    table.press("G")
            else:
                table.press("P")
        else:
            table.driver.frame()
        problem = prompt_problem(table)
        if problem:
            problems.append(f"frame {table.app.frame}: {problem}")
    return problems


@pytest.mark.parametrize(
    ("rules", "players", "house"),
    [("standard", 4, ("stacking", "seven_zero", "jump_in")), ("royal", 4, ()), ("standard", 5, ())],
)
def test_the_prompt_always_matches_the_table_on_screen(rules, players, house):
    from game.storage.settings import Settings

    settings = Settings(rules=rules, opponents=players - 1, house=house)
    table = Table(rules, players, seed=3, store=SettingsStore(settings))
    problems = play_watching_the_prompt(table, 3000, seed=3)
    assert problems == []


def test_after_being_caught_the_prompt_no_longer_asks_for_a_late_call():
    from test_table_players import RUN_DOWN, run_down, standard_deck

    table = Table("standard", 2, deck=standard_deck([RUN_DOWN, DULL], "R5", draw=("Y8", "Y9")), starter=0)
    run_down(table)
    table.wait_until(lambda: table.match.board.prompt == narration.PROMPT_LATE_UNO)
    table.wait_until(lambda: table.said("catch by computer"))
    for _ in range(60):
        table.wait(1)
        assert table.match.board.prompt != narration.PROMPT_LATE_UNO, f"{len(table.game.hands[0])} cards"


def jump_table() -> Table:
    you = ["R6", "B1", "B2", "B3", "Y4", "Y5", "Y6"]
    them = [["R6", *DULL[1:]], ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]]
    table = house_table(("jump_in",), [you, *them], starter=1)
    table.seat(1, Scripted(["play R6"]))
    table.seat(2, Scripted())
    return table


def test_a_jump_in_waits_two_seconds_for_you_and_its_prompt_goes_with_the_chance():
    from game.ui.table.match import JUMP_IN_FRAMES

    assert JUMP_IN_FRAMES == 60  # two seconds at 30 frames a second (docs/table.md)
    table = jump_table()
    table.wait_until(lambda: table.match.board.prompt.startswith("Jump in!"))
    shown = 0
    while table.match.board.prompt.startswith("Jump in!"):
        assert table.match.board.top == "R6" and table.game.top == "R6"
        table.wait(1)
        shown += 1
    assert shown >= JUMP_IN_FRAMES - 2, "the next player waited while you could jump in"
    assert table.game.top != "R6" or not table.match.timeline.idle


def test_a_jump_in_late_in_its_window_is_taken():
    table = jump_table()
    table.wait_until(lambda: table.match.board.prompt.startswith("Jump in!"))
    table.wait(50)
    table.press("J")
    table.wait(30)
    assert "@0 play R6" in table.game.record().splitlines() and table.said("You jump in!")


def test_after_a_skip_the_turn_line_never_names_the_player_who_played_it():
    you = DULL
    skipper = ["RS", "G1", "G2", "G3", "G4", "G5", "G6"]
    others = [["Y1", "Y2", "Y3", "B4", "B5", "B6", "B7"], ["R1", "R2", "R3", "B8", "B9", "Y8", "Y9"]]
    deck = stacked([you, skipper, *others], "R5", deck=RULES_STANDARD.deck)
    table = Table("standard", 4, deck=deck, starter=1)
    for seat in (1, 2, 3):
        table.seat(seat, Scripted(["play RS"] if seat == 1 else []))
    seen = []
    table.wait_until(
        lambda: seen.append((table.match.board.news, table.match.board.prompt)) or table.said("card computer 3 plays")
    )
    assert ("Computer 2 misses a go", "Computer 1's turn...") not in seen
    assert ("Computer 2 misses a go", "") in seen and ("Computer 2 misses a go", "Computer 3's turn...") in seen


# ----- 4. a challenge you can judge ---------------------------------------------------------


def four_player_challenge(bluffer_hand: list[str]) -> Table:
    """Computer 3 (the seat before you) plays a Wild Draw Four naming green on you."""
    you = ["B1", "B2", "B3", "B4", "B5", "B6", "B7"]
    others = [["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"], ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]]
    deck = stacked([you, *others, bluffer_hand], "R5", deck=RULES_STANDARD.deck)
    table = Table("standard", 4, deck=deck, starter=3)
    for seat in (1, 2):
        table.seat(seat, Scripted())
    table.seat(3, Scripted(["play W+4 G"]))
    table.wait_for_you()
    return table


def test_while_you_decide_a_challenge_the_colour_before_the_wild_draw_four_shows():
    table = four_player_challenge(["W+4", "R1", "R2", "G8", "G9", "Y8", "Y9"])
    assert table.game.pending.kind == "challenge" and table.match.board.top == "W+4"
    assert table.match.board.prompt == "A Wild Draw Four on you, RED before it: C challenges, A accepts"
    table.driver.frame()
    import pyxel

    from game.ui.table.tabletop import colour_before_rect

    x, y, _, _ = colour_before_rect("R")
    assert pyxel.pget(x, y) == 8, "the BEFORE: RED label is framed in red"


def test_the_challenged_hand_is_shown_as_cards_named_and_whether_it_held_the_colour():
    table = four_player_challenge(["W+4", "R1", "R2", "G8", "G9", "Y8", "Y9"])
    table.press("C")
    table.wait_until(lambda: table.match.board.revealed is not None, limit=60)
    board = table.match.board
    assert board.revealed == ["R1", "R2", "G8", "G9", "Y8", "Y9"]
    assert board.revealed_title == "COMPUTER 3'S HAND, CHALLENGED"
    assert board.news == "Computer 3's hand held RED: a bluff!"
    assert not any(code in board.news for code in board.revealed), "no raw card codes"


# ----- 8. words and keys ------------------------------------------------------------------


def test_every_rule_sets_pages_can_be_reached_from_how_to_play():
    from test_menus import title_player

    player = title_player()
    player.bot.choose("howto")
    start = len(player.lines)
    player.press("DOWN", "DOWN", "DOWN")
    headings = [line.split(": ", 1)[1] for line in player.said("page", start)]
    assert headings[0].startswith("THE KEYS OF STANDARD UNO") or headings[0].startswith("STANDARD UNO")
    assert any("ROYAL REVENGE" in heading for heading in headings)
    assert headings[-1].startswith("THE 1991 RULES")  # round again


def test_the_royal_page_says_the_king_starts_every_hand():
    from game.ui.scenes.howto import RULE_PAGES

    text = " ".join(" ".join(lines) for _, lines in RULE_PAGES["royal"])
    assert "The King starts every hand" in text and "and starts every hand" not in text


def test_left_right_move_along_the_colour_row_in_standard_uno_and_backspace_goes_back():
    you = ["W", "B1", "B2", "B3", "Y4", "Y5", "Y6"]
    table = house_table((), [you, DULL[::-1]])
    play(table, "W")
    match = table.match
    assert match.naming_colour and match.board.prompt == narration.PROMPT_COLOUR
    table.press("RIGHT", "RIGHT", "LEFT")
    assert match.person.colour_cursor == 1 and match.naming_colour and "W" in table.game.hands[0]
    table.press("BACKSPACE")
    assert not match.naming_colour and match.board.prompt == narration.PROMPT_PLAY
    play(table, "W")
    assert match.person.colour_cursor == 1  # where it was left
    table.press("RETURN")
    table.wait(20)
    assert (table.game.top, table.game.colour) == ("W", "G")


# ----- 7. the replay viewer ----------------------------------------------------------------


def four_player_replay():
    from game.rules import Game
    from game.storage.saves import SavedMatch

    game = Game("standard", 4, seed=5)
    for _ in range(40):
        game.act(game.legal()[0] if game.turn != 0 else game.legal()[-1])
    saved = SavedMatch(
        record=game.record(),
        level="normal",
        computer_seed=5,
        rules="standard",
        players=4,
        scoring="points",
        match=0,
        moves=40,
        hand_counted=False,
        date="2026-12-01 11:00",
        result=None,
    )
    return saved, game


def test_stepping_back_in_a_replay_says_what_the_move_did_in_words():
    from game.ui.scenes.replay import PAUSED_HINT, ReplayViewer

    saved, _ = four_player_replay()
    lines: list[str] = []
    viewer = ReplayViewer(saved, notice=lines.append)
    for _ in range(12):
        viewer.update(["RIGHT"])
    for _ in range(6):
        viewer.update(["LEFT"])
        viewer.draw()
        news = viewer.board.news
        move = viewer.moves[viewer.count - 1]
        assert "PAUSED" in news and not news.endswith(f": {move}"), news
        assert viewer.board.prompt == PAUSED_HINT and viewer.board.prompt.startswith("RETURN play on")
    assert any("Computer 2" in line or "Computer 3" in line for line in lines), "seats named as at four"
    viewer.update(["RETURN"])
    viewer.draw()
    assert viewer.board.prompt.startswith("RETURN pause")


def test_a_four_player_replay_shows_every_hand_face_up():
    from game.ui.scenes.replay import ReplayViewer
    from game.ui.table.board import hand_order

    saved, _ = four_player_replay()
    viewer = ReplayViewer(saved, notice=lambda line: None)
    for _ in range(10):
        viewer.update(["RIGHT"])
    game = viewer.game
    assert viewer.board.hands_up == [sorted(hand, key=hand_order) for hand in game.hands]
    viewer.draw()  # chips, not backs, in the panels


# ----- 9. CONTINUE says what it resumes, and the scepter keeps its time -----------------------


def test_continue_names_the_match_it_resumes_and_the_scepter_keeps_its_time(tmp_path):
    from game.storage.files import Files
    from game.storage.store import Store
    from game.ui.scenes.title_menu import continue_label

    first = Table("royal", 4, seed=6, store=Store(Files(tmp_path)))
    first.play_on_until(lambda: first.match.scepter.run > 150, limit=1500)
    first.wait_for_you()
    first.press("P" if first.game.pending is None else "RETURN")  # an action: the match (and the timer) is saved
    frames = first.match.scepter.run
    title = HeadlessApp(6, store=Store(Files(tmp_path))).app
    assert title.scene == "title" and title.context.title.saved_table == ("royal", 4)
    assert continue_label(title.context.title.saved_table, ("1991", 2)) == "CONTINUE ROYAL 4P"
    assert continue_label(("1991", 2), ("1991", 2)) == "CONTINUE"
    assert continue_label(("1991", 2), ("standard", 4)) == "CONTINUE 1991 2P"
    resumed = Table("royal", 4, seed=6, store=Store(Files(tmp_path)), continue_match=True)
    assert abs(resumed.match.scepter.run - frames) <= 1
    assert resumed.match.scepter.length == first.match.scepter.length


def test_a_1991_save_file_is_as_before_without_a_scepter(tmp_path):
    import json

    from game.storage.saves import SavedMatch, dump, parse

    saved = SavedMatch(record=Table("1991", 2).game.record(), level="normal", computer_seed=1)
    assert "scepter" not in json.loads(dump(saved))
    assert parse(dump(saved)).scepter is None


# ----- 12. HINTS: which cards can I play? ----------------------------------------------------


def test_hints_lift_the_playable_cards_on_by_default_in_standard_uno():
    from game.ui import layout
    from game.ui.table.tabletop import _card_y

    you = ["R1", "G2", "B3", "R7", "Y5", "W", "B9"]
    table = house_table((), [you, DULL[::-1]], turn_up="R5")
    table.wait_for_you()
    board = table.match.board
    assert board.playable == frozenset({"R1", "R7", "Y5", "W"})
    lifted = {code for index, code in enumerate(board.hand) if _card_y(board, index) < layout.HAND_Y}
    assert lifted == {"R1", "R7", "Y5", "W"}


def test_hints_are_off_in_the_1991_game_and_switched_in_the_match_menu():
    from game.storage.settings import Settings

    store = SettingsStore(Settings())
    table = Table("1991", 2, store=store)
    table.wait_for_you()
    assert table.match.board.playable is None and not table.match.hints
    table.press("ESCAPE")
    assert table.app.scene == "paused"
    table.press("UP")  # the last item (after leave, whose keys are as before)
    assert table.app.navigator.top.screen.items.current == "hints"
    table.press("RETURN")
    assert store.settings.hints is True and table.said("setting hints on")
    table.press("ESCAPE")  # play on
    table.wait(1)
    assert table.match.board.playable == frozenset(
        action.split()[1] for action in table.game.legal() if action.startswith("play ")
    )


def test_a_1991_settings_file_is_as_before_without_hints():
    import json

    from game.storage.settings import Settings, Stats
    from game.storage.settings_document import dump

    assert "hints" not in json.loads(dump(Settings(), Stats()))["settings"]
    assert json.loads(dump(Settings(hints=False), Stats()))["settings"]["hints"] is False


# ----- 10. chains you can follow -----------------------------------------------------------


def test_two_things_at_once_to_you_hold_the_table_longer_and_h_shows_the_last_lines():
    from game.ui.seats.computers import THINK_FRAMES
    from game.ui.table.choreography import CHAIN_FRAMES, NEWS_FRAMES

    you = DULL
    others = [["Y1", "Y2", "Y3", "G4", "G5", "G6", "G7"], ["G1", "G2", "G3", "Y4", "Y5", "Y6", "Y7"]]
    drawer = ["R+2", "R1", "R2", "R3", "R4", "R6", "R7"]
    deck = stacked([you, *others, drawer], "R5", deck=RULES_STANDARD.deck)
    table = Table("standard", 4, deck=deck, starter=3)
    for seat in (1, 2, 3):
        table.seat(seat, Scripted(["play R+2"] if seat == 3 else []))
    table.wait_until(lambda: table.said("message You miss a go"))
    start = len(table.lines)
    missed = int(table.lines[start - 1].split()[0])  # the frame "You miss a go" showed
    table.wait_until(lambda: any(" message " in line for line in table.lines[start:]))
    shown = int(next(line for line in table.lines[start:] if " message " in line).split()[0]) - missed
    # the skip's line, the next player's pause for thought, and the chain's pause
    assert shown >= NEWS_FRAMES + THINK_FRAMES + CHAIN_FRAMES, f"the second thing to you stays longer ({shown})"
    table.press("H")
    assert table.match.show_history
    history = table.match.board.heard(0)
    assert "You draw two" in history and "You miss a go" in history and len(history) <= 6
    table.driver.frame()
    table.press("H")
    assert not table.match.show_history


# ----- 5. nothing drawn over anything (the rest: test_layout.py) ----------------------------------


def test_the_house_rules_label_gives_way_to_the_challenge_buttons():
    import pyxel

    from game.ui import layout

    you = ["B1", "B2", "B3", "B4", "B5", "B6", "B7"]
    table = house_table(("stacking", "seven_zero", "jump_in"), [you, ["W+4", *DULL[1:]]], starter=1)
    table.seat(1, Scripted(["play W+4 G"]))
    table.wait_for_you()
    assert table.game.pending.kind == "challenge"
    table.driver.frame()
    grey = [
        x
        for x in range(layout.SCREEN_W)
        for y in range(layout.CHOICE_Y, layout.CHOICE_Y + 12)
        if pyxel.pget(x, y) == layout.GREY
    ]
    assert table.match.board.row_busy and grey == [], "no grey house-rules letters under the buttons"
    table.press("A")
    table.wait_for_you()
    table.driver.frame()
    assert not table.match.board.row_busy
    assert any(pyxel.pget(x, layout.CHOICE_Y + 4) == layout.GREY for x in range(layout.SCREEN_W)), "and comes back"


# ----- issue 27: a refused key says why ---------------------------------------------------------


def test_a_key_refused_as_the_fanfare_takes_your_turn_says_the_fanfare_not_wait_for_your_turn():
    table = royal_table()
    table.wait_for_you()
    table.press("2")  # the Jester
    table.wait_for_you()
    scepter = table.match.scepter
    scepter.run = scepter.length  # due: the fanfare sounds as the table is still
    table.press("LEFT")
    assert table.said("fanfare")
    assert table.match.board.prompt == narration.PROMPT_FANFARE_WAIT
    table.wait_until(lambda: table.match.timeline.idle)
    table.wait(2)
    assert not table.match.fanfare_showing
