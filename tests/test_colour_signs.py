"""COLOUR SIGNS (issue 44): a shape for each card colour, on every coloured
card and wherever a colour is named, switched in the in-match menu and kept
in the settings; off, the 1991 look. And the measure that asked for them:
``tools/colour_vision.py``'s figures, read from the real game's shots, are
the ones docs/playing.md gives.

The real game runs headless in this process; what a player would see is
read back from pyxel's screen, pixel by pixel, against the sprites of
``resources.pyxres``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import pyxel
from conftest import HeadlessApp

from game.storage.files import FILENAME, Files
from game.storage.settings import Settings, Stats
from game.storage.settings_document import dump, read_document
from game.storage.store import Store
from game.ui import drawing
from game.ui import layout as lay
from game.ui.app import init_pyxel
from game.ui.device import resources as res
from game.ui.table import tabletop

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "scripts"))

import colour_vision  # noqa: E402
from decks import stacked  # noqa: E402

FRAMES = 3_000  # a bound on every wait: the deal and a turn take about 100 frames


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


@pytest.fixture(autouse=True)
def plain_look_after():
    """Every App sets the look from its settings; a test's signs never outlive it."""
    yield
    drawing.LOOK.colour_signs = False


# ----- the real game, headless ----------------------------------------------------------


def first_turn(**kwargs) -> HeadlessApp:
    """A 1991 match of the measure's stacked deal (every colour and a Wild in
    your hand, a blue 9 turned up), at your first turn."""
    deck = stacked(colour_vision.HAND, colour_vision.COMPUTER, colour_vision.TURNED_UP)
    game = HeadlessApp(1, deck=deck, starter=0, **kwargs)
    game.press("RETURN")  # PLAY
    until(game, lambda: game.match is not None and game.match.waiting_for_you)
    return game


def until(game: HeadlessApp, ready) -> None:
    for _ in range(FRAMES):
        if ready():
            return
        game.wait(1)
    raise AssertionError(f"not reached in {FRAMES} frames")


def switch_signs(game: HeadlessApp) -> None:
    """ESCAPE, down to COLOUR SIGNS, RETURN, and back to the table."""
    game.press("ESCAPE")
    items = game.app.navigator.top.screen.items
    while items.current != "signs":
        game.press("DOWN")
    game.press("RETURN", "ESCAPE")


def shows(x: int, y: int, rect: tuple[int, int, int, int]) -> bool:
    """Whether the screen at (x, y) shows the sprite ``rect`` of image bank 0 (its
    transparent pixels aside)."""
    u, v, w, h = rect
    bank = pyxel.images[res.CARD_BANK]
    return all(
        pyxel.screen.pget(x + i, y + j) == bank.pget(u + i, v + j)
        for i in range(w)
        for j in range(h)
        if bank.pget(u + i, v + j) != res.TRANSPARENT
    )


def card_shows_sign(game: HeadlessApp, index: int, colour: str) -> bool:
    board = game.match.board
    row = lay.your_row(len(board.hand), board.selected)
    x = row.x_of(index)
    assert x is not None
    dx, dy = res.SIGN_ON_CARD
    return shows(x + dx, lay.HAND_Y + dy, res.SIGN_RECTS[colour])


def card_shows_face(game: HeadlessApp, index: int) -> bool:
    board = game.match.board
    x = lay.your_row(len(board.hand), board.selected).x_of(index)
    assert x is not None
    return shows(x, lay.HAND_Y, (*res.card_uv(board.hand[index]), res.CARD_W, res.CARD_H))


def test_each_colour_s_cards_show_its_sign_with_colour_signs_on_and_the_1991_faces_off():
    game = first_turn()
    hand = game.match.board.hand
    assert {code[0] for code in hand} == {"R", "G", "Y", "B", "W"}
    game.app.draw()
    assert all(card_shows_face(game, index) for index in range(len(hand))), "off: every face as the sprite sheet has it"

    switch_signs(game)
    assert any(line.endswith("setting colour signs on") for line in game.lines)
    game.app.draw()
    for index, code in enumerate(hand):
        if code[0] in res.SIGN_RECTS:
            assert card_shows_sign(game, index, code[0]), code
            others = set(res.SIGN_RECTS) - {code[0]}
            assert not any(card_shows_sign(game, index, other) for other in others), code
        else:
            assert card_shows_face(game, index), f"{code}: a Wild has no colour of its own, and no sign"
    x, y, _, _ = tabletop.swatch_rect("B")  # the blue 9 turned up: blue in play, named with its sign
    assert shows(x + 2, y + 1, res.SIGN_RECTS["B"])

    switch_signs(game)
    game.app.draw()
    assert all(card_shows_face(game, index) for index in range(len(hand))), "off again: the 1991 faces"


def test_a_sign_never_hides_what_a_card_is():
    """(issue 53) The sign hid the "+" of a big "+2" and part of the Skip:
    it covers no pixel that tells a card from another of its colour (the
    Jester's and King's cards, laid out apart, against each other)."""
    from game.rules.rulesets import RULESETS
    from game.ui.drawing import draw_card

    def face(code: str) -> list[int]:
        pyxel.cls(0)
        draw_card(0, 0, code)
        return [pyxel.screen.pget(x, y) for y in range(res.CARD_H) for x in range(res.CARD_W)]

    HeadlessApp()  # the real sprite sheet, loaded
    assert face("R1") != face("R2"), "cards drawn"
    dx, dy = res.SIGN_ON_CARD
    under = {y * res.CARD_W + x for y in range(dy, dy + res.SIGN_W) for x in range(dx, dx + res.SIGN_W)}
    for rules in RULESETS.values():
        codes = sorted({str(card) for card in rules.deck if str(card)[0] in res.SIGN_RECTS})
        faces = {code: face(code) for code in codes}
        for code in codes:
            for other in codes:
                if other[0] != code[0] or (other[1:] in ("J", "K")) != (code[1:] in ("J", "K")):
                    continue
                told_apart = {i for i, (a, b) in enumerate(zip(faces[code], faces[other], strict=True)) if a != b}
                assert not told_apart & under, f"{rules.name}: the sign hides what tells {code} from {other}"


def test_the_colours_to_name_after_a_wild_and_the_colour_named_show_their_signs():
    game = first_turn()
    switch_signs(game)
    while game.match.board.selected_card() != "W":
        game.press("RIGHT")
    game.press("RETURN")
    until(game, lambda: game.match.naming_colour)
    game.app.draw()
    for letter, (x, y, _, _) in tabletop.colour_choice_rects():
        assert shows(x + 3, y + 2, res.SIGN_RECTS[letter]), letter
        assert tabletop.colour_at(x + 3, y + 2) == letter  # the sign is part of its button
    game.press("G")
    until(game, lambda: game.match.board.colour == "G")
    game.app.draw()
    x, y, _, _ = tabletop.swatch_rect("G")
    assert shows(x + 2, y + 1, res.SIGN_RECTS["G"])


def test_colour_signs_are_kept_across_a_restart_and_the_1991_document_is_unchanged_while_off(tmp_path):
    game = first_turn(store=Store(Files(tmp_path)))
    switch_signs(game)
    assert json.loads((tmp_path / FILENAME).read_text())["settings"]["colour_signs"] is True

    again = first_turn(store=Store(Files(tmp_path)))  # the game started again on the same data
    assert again.app.context.settings.colour_signs and drawing.LOOK.colour_signs
    again.app.draw()
    assert card_shows_sign(again, 0, again.match.board.hand[0][0])
    switch_signs(again)
    assert "colour_signs" not in json.loads((tmp_path / FILENAME).read_text())["settings"]

    third = first_turn(store=Store(Files(tmp_path)))
    assert not third.app.context.settings.colour_signs and not drawing.LOOK.colour_signs


def test_a_fresh_app_draws_the_1991_faces_whatever_the_last_one_chose():
    game = first_turn()
    switch_signs(game)
    assert drawing.LOOK.colour_signs
    fresh = first_turn()
    assert not drawing.LOOK.colour_signs
    fresh.app.draw()
    assert card_shows_face(fresh, 0)


def test_the_setting_s_document_reads_back_and_a_bad_value_is_its_default_alone():
    assert "colour_signs" not in dump(Settings(), Stats())  # off: the document as before
    kept = read_document(dump(Settings(colour_signs=True, difficulty="hard"), Stats()))
    assert kept.settings.colour_signs and kept.problem is None
    document = json.loads(dump(Settings(difficulty="hard"), Stats()))
    document["settings"]["colour_signs"] = "yes"
    reading = read_document(json.dumps(document))
    assert reading.partial and "colour_signs" in (reading.problem or "")
    assert reading.settings.colour_signs is False and reading.settings.difficulty == "hard"
    with pytest.raises(ValueError):
        Settings(colour_signs=1)  # type: ignore[arg-type]


# ----- the measure --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [  # Sharma, Wu and Dalal (2005), Table 1: pairs 1, 7, 17 and 25
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ],
)
def test_ciede2000_gives_the_published_test_data(first, second, expected):
    assert colour_vision.delta_e_2000(first, second) == pytest.approx(expected, abs=5e-5)
    assert colour_vision.delta_e_2000(second, first) == pytest.approx(expected, abs=5e-5)


def test_a_grey_stays_grey_and_simulated_pairs_come_closer_than_seen():
    for vision in colour_vision.VISIONS:
        r, g, b = colour_vision.simulate((128, 128, 128), vision)
        assert r == pytest.approx(g, abs=1e-3) and g == pytest.approx(b, abs=1e-3), vision
    red, green = (255, 0, 0), (0, 160, 0)
    assert colour_vision.difference(red, green, "deuteranopia") < colour_vision.difference(red, green, "normal") / 2


def figures_in(page: str) -> list[str]:
    """The lines of the measure's output that a page quotes, in its ```text block after the command."""
    text = (ROOT / page).read_text(encoding="utf-8")
    block = text.split("$ .venv/bin/python tools/colour_vision.py\n", 1)[1]
    return block.split("```", 1)[0].rstrip("\n").split("\n")


@pytest.mark.slow
def test_the_measure_reads_the_card_colours_from_the_real_screens_and_docs_give_its_figures(tmp_path):
    """The colours as the game draws them, every pair's figures and the pairs
    too close: what docs/playing.md says, line for line. A card colour that
    changes (its sprites, its palette index, pyxel's palette) fails here."""
    groups = colour_vision.measure(tmp_path)
    cards = groups[0]
    palette = {colour_vision.NAMES[letter]: colour_vision.palette(index) for letter, index in res.CARD_COLOURS.items()}
    assert cards.colours == palette  # the faces drawn in the colours the game names them by
    assert groups[1].colours == groups[2].colours == palette  # the colour named, and in play
    assert (tmp_path / "hand.png").exists() and (tmp_path / "frame_of_the_turn.png").exists()
    lines = colour_vision.report(groups)
    assert lines == figures_in("docs/playing.md")
    assert any(line.startswith("TOO CLOSE: cards:") for line in lines), "COLOUR SIGNS answers a pair too close"
