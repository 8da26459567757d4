"""The game on any Pyxel 2 runtime from 2.6 on: it asks the runtime what
``init`` takes and whether its sound data takes slices, instead of assuming
the installed 2.9.9. Pyxel 2.6.2's own runtime (a page's) is tried for real
in tests/test_browser_runtime.py, where one is named."""

from __future__ import annotations

import pytest
import pyxel

from game.ui.device import runtime
from game.ui.device.resource_loader import fill
from game.ui.device.script import run_headless

# ``pyxel.init``'s keywords in Pyxel 2.6.2 (rust/pyxel-wrapper/src/system_wrapper.rs at its wasm/ commit).
PYXEL_2_6_INIT = frozenset(
    ("width", "height", "title", "fps", "quit_key", "display_scale", "capture_scale", "capture_sec")
)


def test_the_installed_runtimes_init_is_asked_what_it_takes():
    keywords = runtime.init_keywords()
    assert keywords is not None and {"headless", "display_scale", "quit_key"} <= keywords
    options = runtime.init_options(headless=True)
    assert runtime.supported_options(options, keywords) == options


def test_on_a_runtime_without_headless_a_page_starts_without_asking_for_it():
    options = runtime.init_options(headless=False, display_scale=2)
    given = runtime.supported_options(options, PYXEL_2_6_INIT)
    assert "headless" not in given
    assert given == {name: value for name, value in options.items() if name != "headless"}


def test_a_headless_run_on_a_runtime_without_headless_stops_saying_why():
    with pytest.raises(SystemExit, match=f"headless runs need a Pyxel whose init takes headless.*{pyxel.VERSION}"):
        runtime.supported_options(runtime.init_options(headless=True), PYXEL_2_6_INIT)


def test_a_runtime_that_does_not_say_what_init_takes_is_given_everything():
    options = runtime.init_options(headless=False)
    assert runtime.supported_options(options, None) == options


def test_sound_data_is_filled_whole_on_pyxels_own_sequences():
    sound, music = pyxel.Sound(), pyxel.Music()
    fill(sound.notes, [12, 14, 16])
    fill(sound.notes, [3, 4])  # shorter: nothing of the longer list stays
    fill(music.seqs, [[0, 1], [2], [], [3]])
    assert list(sound.notes) == [3, 4]
    assert [list(seq) for seq in music.seqs] == [[0, 1], [2], [], [3]]


def test_the_runtime_is_named_in_one_line():
    line = runtime.runtime_line()
    assert line.startswith(f"uno1991: Pyxel {pyxel.VERSION}, Python 3.") and "\n" not in line


def test_a_scripted_run_on_a_runtime_without_its_key_functions_says_which_and_runs_nothing(
    tmp_path, monkeypatch, capsys
):
    """Pyxel 2.6.2 has no set_btn, set_mouse_pos or set_input_text: the game
    never calls them, a script's keys do."""
    script = tmp_path / "title.txt"
    script.write_text("press RETURN\n")
    monkeypatch.delattr(pyxel, "set_btn")
    monkeypatch.delattr(pyxel, "set_input_text")
    assert run_headless(script, 1, None, None, None) == 2
    said = capsys.readouterr()
    assert said.out == ""
    lacking = "pyxel.set_btn, pyxel.set_input_text"
    assert said.err.strip() == f"scripted runs need {lacking}, which Pyxel {pyxel.VERSION} lacks"
