"""The warning under the title menu (bad saved settings) is never cut off:
it wraps onto the bottom lines, and a long path gives way to the reason."""

from __future__ import annotations

import json

import pytest
import pyxel

from game.storage.files import FILENAME
from game.storage.store import open_store
from game.ui import layout as lay
from game.ui.app import App, init_pyxel
from game.ui.drawing import CHAR_H, text_centred
from game.ui.scenes import title_menu, widgets
from game.ui.table.narration import MAX_CHARS

REASON = "not valid JSON, garbled or truncated"


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def title_with_garbled_settings(folder) -> App:
    folder.mkdir(parents=True)
    (folder / FILENAME).write_text('{"version": 1, "settings": {"difficulty": "har')
    app = App(1, report=lambda line: None, low_memory=True, store=open_store(folder))
    assert app.scene == "title"
    return app


def pink_pixels(y: int) -> set[tuple[int, int]]:
    return {(x, j) for x in range(lay.SCREEN_W) for j in range(CHAR_H) if pyxel.pget(x, y + j) == lay.PINK}


def shown_lines(app: App) -> list[str]:
    """The lines of the warning exactly as the title menu draws them: each
    expected line is drawn alone and its pink pixels compared with the screen's."""
    app.draw()
    lines = widgets.fit_lines(app.context.title.message, MAX_CHARS, len(title_menu.BOTTOM_YS))
    ys = title_menu.BOTTOM_YS[-len(lines) :]
    on_screen = [pink_pixels(y) for y in ys]
    for y, line, seen in zip(ys, lines, on_screen, strict=True):
        pyxel.rect(0, y, lay.SCREEN_W, CHAR_H, lay.BLACK)
        text_centred(lay.CX, y, line, lay.PINK)
        assert pink_pixels(y) == seen, f"line at y={y} is not {line!r}"
    return lines


def test_a_warning_with_a_long_path_keeps_its_reason_on_screen(tmp_path):
    folder = tmp_path / "home" / "player" / ".local" / "share" / "UNO 1991" / ("saved-games-" * 6) / "backup"
    app = title_with_garbled_settings(folder)
    assert len(app.context.title.message) > 2 * MAX_CHARS
    lines = shown_lines(app)
    assert 2 <= len(lines) <= 3 and all(len(line) <= MAX_CHARS for line in lines)
    shown = " ".join(lines)
    assert shown.startswith("warning: saved settings and statistics in ")
    assert REASON in shown and shown.endswith("using defaults")


def test_a_path_too_long_for_three_lines_is_shortened_in_its_middle(tmp_path):
    folder = tmp_path / ("x" * 90) / ("y" * 90) / ("z" * 60)
    app = title_with_garbled_settings(folder)
    lines = shown_lines(app)
    assert len(lines) == 3 and all(len(line) <= MAX_CHARS for line in lines)
    shown = " ".join(lines)
    assert "..." in shown and REASON in shown and shown.endswith("using defaults")
    assert f"{FILENAME}:" in shown, "the end of the path, the file's name, stays"


def test_a_short_warning_keeps_the_credit_and_the_keys(tmp_path):
    app = title_with_garbled_settings(tmp_path / "s")
    app.context.title.message = "warning: settings reset"
    assert shown_lines(app) == ["warning: settings reset"]
    assert pink_pixels(title_menu.CREDIT_Y) == set() and pink_pixels(title_menu.HINT_Y) == set()


@pytest.mark.parametrize(
    "stats",
    [
        {
            level: dict.fromkeys(
                (
                    "hands_won",
                    "hands_lost",
                    "best_hand",
                    "hand_points",
                    "matches_won",
                    "matches_lost",
                    "best_match",
                    "match_points",
                )
            )
            for level in ("easy", "normal", "hard")
        },
        {"tables": {f"bad table {number}": {} for number in range(2000)}},
    ],
    ids=["24 null counts", "2000 bad keys"],
)
def test_a_file_of_many_bad_values_gives_a_warning_a_person_can_read(tmp_path, stats):
    folder = tmp_path / "home" / "player" / ".local" / "share" / "UNO 1991"
    folder.mkdir(parents=True)
    (folder / FILENAME).write_text(json.dumps({"version": 1, "stats": stats}))
    app = App(1, report=lambda line: None, low_memory=True, store=open_store(folder))
    for _ in range(3):
        app.update()
        lines = shown_lines(app)
    shown = " ".join(lines)
    assert len(lines) == 3 and all(len(line) <= MAX_CHARS for line in lines)
    assert shown.startswith("warning: saved settings and statistics in ")
    assert f"{FILENAME}: bad values stats." in shown, "which file, and why"
    (aside,) = folder.glob(f"{FILENAME}.unreadable-*")
    kept = shown.split("the file is kept as ")[1]
    assert kept.startswith(f"{FILENAME}.") and kept.endswith(f"{aside.name[-6:]} beside it; using defaults for them")
    assert "s... s..." not in shown
