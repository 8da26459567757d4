"""The command line as a new player meets it: the help names the command
they typed, and with no display the game says so and stops instead of
running in an invisible window."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNO1991 = Path(sys.executable).with_name("uno1991")


def run(command: list[str], env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout, check=False, env=env)


def test_help_names_python_dash_m_game_when_run_as_a_module():
    result = run([sys.executable, "-m", "game", "--help"])
    assert result.returncode == 0
    assert result.stdout.startswith("usage: python -m game ")


@pytest.mark.skipif(not UNO1991.exists(), reason="the uno1991 command is installed by pip install")
def test_help_and_errors_name_uno1991_when_run_as_uno1991():
    result = run([str(UNO1991), "--help"])
    assert result.returncode == 0
    assert result.stdout.startswith("usage: uno1991 ")
    result = run([str(UNO1991), "--seed", "-1"])
    assert result.returncode == 2
    assert "uno1991: error: --seed takes a whole number" in result.stderr


@pytest.mark.skipif(not UNO1991.exists(), reason="the uno1991-server command is installed by pip install")
def test_the_installed_server_command_names_itself_in_its_help():
    """(issue 53) ``uno1991-server --help`` said "usage: python -m game.server"."""
    result = run([str(UNO1991.with_name("uno1991-server")), "--help"])
    assert result.returncode == 0 and result.stdout.startswith("usage: uno1991-server "), result


@pytest.mark.parametrize(
    ("rules", "players", "said"),
    [
        ("1991", "3", "--players 3: the 1991 game is for 2 players"),
        ("standard", "11", "--players 11: the Standard game is for 2 to 10 players"),
        ("royal", "7", "--players 7: the Royal Revenge game is for 2 to 6 players"),
    ],
)
def test_too_many_players_for_a_rule_set_says_whom_it_is_for(rules, players, said):
    result = run([sys.executable, "-m", "game", "--rules", rules, "--players", players])
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1] == f"python -m game: error: {said}"


def test_with_no_sound_device_the_terminal_gets_one_line_saying_so(tmp_path):
    """Not a dozen ALSA lines and pyxel's own on standard output: one line, and the game's lines."""
    script = tmp_path / "title.txt"
    script.write_text("press RETURN\nwait 5\n")
    env = {**os.environ, "SDL_AUDIODRIVER": "none"}  # (a driver that is not there: no sound device)
    result = run([sys.executable, "-m", "game", "--headless", "--seed", "1", "--script", str(script)], env=env)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == ["uno1991: no sound device found: the game plays without sound"]
    assert all(line.split()[0].isdigit() for line in result.stdout.splitlines()), result.stdout[:300]


def test_a_python_without_pyxel_is_told_to_run_the_venvs_not_shown_a_traceback():
    """(issue 53) ``python3 -m game`` with the system's Python printed a raw
    ModuleNotFoundError; ``-S`` leaves the venv's packages out, as that Python has none."""
    result = run([sys.executable, "-S", "-m", "game"])
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "has no pyxel: run the game with the virtual environment's, .venv/bin/python -m game" in result.stderr


@pytest.mark.parametrize("module", ["game.server", "game.online.server"])
def test_the_table_server_runs_by_either_module_name(module):
    """``python -m game.online.server`` did nothing and exited 0."""
    result = run([sys.executable, "-m", module, "--help"])
    assert result.returncode == 0 and result.stdout.startswith("usage: python -m game.server "), result


def without_a_display() -> dict:
    """The environment without X11 or Wayland (SDL would also try the
    default Wayland socket in XDG_RUNTIME_DIR)."""
    hidden = ("DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "SDL_VIDEODRIVER")
    return {key: value for key, value in os.environ.items() if key not in hidden}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a desktop always has a display elsewhere")
def test_with_no_display_the_game_says_so_and_exits_with_an_error(tmp_path):
    """Without X11 or Wayland, SDL would fall back to an invisible offscreen
    window; the game stops at once with a message saying how to play."""
    result = run([sys.executable, "-m", "game", "--data-dir", str(tmp_path)], env=without_a_display(), timeout=30)
    assert result.returncode == 1
    message = result.stderr.strip().splitlines()[-1]
    assert message.startswith("python -m game: no display found")
    assert "desktop session" in message and "--headless --script FILE" in message
    # An installed copy has no README: the message points to what it does have.
    assert message.endswith("(see python -m game --help).") and "README" not in message
    assert list(tmp_path.iterdir()) == [], "nothing is written before the check"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a desktop always has a display elsewhere")
def test_scripted_headless_runs_need_no_display(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text("press RETURN\nwait 3\n")
    command = [sys.executable, "-m", "game", "--headless", "--seed", "1", "--script", str(script)]
    result = run(command, env=without_a_display())
    assert result.returncode == 0, result.stderr
    assert "scene title" in result.stdout and "no display" not in result.stderr


@contextlib.contextmanager
def an_x_server() -> Iterator[str]:
    """A real X server (Xvfb, 800 x 600) for the ``with``: its DISPLAY, once it accepts clients."""
    ready, told = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(told), "-screen", "0", "800x600x24"], pass_fds=(told,), stderr=subprocess.DEVNULL
    )
    os.close(told)
    try:
        with os.fdopen(ready) as answer:
            yield f":{answer.readline().strip()}"  # (written once the server accepts clients)
    finally:
        server.terminate()
        server.wait()


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb to have a display")
def test_with_a_display_the_check_finds_it_and_its_size():
    """Under a real X server (Xvfb, 800 x 600) SDL finds the display and its size."""
    with an_x_server() as display:
        env = {**without_a_display(), "DISPLAY": display}
        code = "from game.ui.device.display import probe, window_scale; s = probe(); print(s, window_scale(s))"
        result = run([sys.executable, "-c", code], env=env)
    assert result.returncode == 0, result.stderr
    assert "Screen(driver='x11', width=800, height=600) 2" in result.stdout


@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="needs Xvfb to have a display")
def test_a_window_names_the_pyxel_it_runs_on_once():
    """The window's terminal is told the runtime once (``pyxel.init`` given
    only the keywords the installed Pyxel takes)."""
    import pyxel

    with an_x_server() as display:
        env = {**without_a_display(), "DISPLAY": display, "SDL_AUDIODRIVER": "none"}
        code = "from game.ui.app import init_pyxel; init_pyxel(headless=False); init_pyxel(headless=False)"
        result = run([sys.executable, "-c", code], env=env)
    assert result.returncode == 0, result.stderr
    named = [line for line in result.stderr.splitlines() if line.startswith("uno1991: Pyxel ")]
    assert named == [f"uno1991: Pyxel {pyxel.VERSION}, Python {sys.version.split()[0]}, linux"]
