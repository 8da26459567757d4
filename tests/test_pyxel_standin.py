"""The Pyxel stand-in (tools/pyxel_standin/pyxel, for tests and tools only):
Pyxel's API as its stubs give it, and the game on it the same as on the real
Pyxel, notice for notice and pixel for pixel.

The real Pyxel and the stand-in are both ``pyxel``: the game runs on each in
a process of its own (``PYTHONPATH=tools/pyxel_standin`` makes the stand-in
the one imported).
"""

from __future__ import annotations

import ast
import importlib.util
import inspect
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
import pyxel
from pictures import picture_difference

ROOT = Path(__file__).resolve().parent.parent
STANDIN_PATH = ROOT / "tools" / "pyxel_standin"
STUB = Path(pyxel.__file__).with_name("__init__.pyi")
SCRIPTS = ROOT / "tests" / "scripts"


def _standin() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pyxel_standin", STANDIN_PATH / "pyxel" / "__init__.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def game_uses() -> set[str]:
    """The names the game reads from pyxel: ``pyxel.NAME`` anywhere in game/."""
    used = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_pyxel = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "pyxel"
            if is_pyxel and not node.attr.startswith("__"):
                used.add(node.attr)
    return used


# ----- the API, against the stubs ------------------------------------------------------


def _stub_parameters(function: ast.FunctionDef) -> list[tuple[str, str, object]]:
    """(name, kind, default) of a stub's function; a default is its value
    (a constant's name read from the real Pyxel), or ``inspect.Parameter.empty``."""
    arguments = function.args
    found: list[tuple[str, str, object]] = []
    positional = arguments.posonlyargs + arguments.args
    defaults = [inspect.Parameter.empty] * (len(positional) - len(arguments.defaults)) + list(arguments.defaults)
    for argument, default in zip(positional, defaults, strict=True):
        found.append((argument.arg, "POSITIONAL_OR_KEYWORD", _value(default)))
    if arguments.vararg:
        found.append((arguments.vararg.arg, "VAR_POSITIONAL", inspect.Parameter.empty))
    for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True):
        found.append((argument.arg, "KEYWORD_ONLY", _value(default)))
    if arguments.kwarg:
        found.append((arguments.kwarg.arg, "VAR_KEYWORD", inspect.Parameter.empty))
    return [entry for entry in found if entry[0] != "self"]


def _value(node: object) -> object:
    if node is inspect.Parameter.empty or node is None:
        return inspect.Parameter.empty
    assert isinstance(node, ast.expr)
    if isinstance(node, ast.Name):
        return getattr(pyxel, node.id)
    return ast.literal_eval(node)


def _parameters(function: object) -> list[tuple[str, str, object]]:
    signature = inspect.signature(function)  # type: ignore[arg-type]
    return [
        (name, parameter.kind.name, parameter.default)
        for name, parameter in signature.parameters.items()
        if name != "self"
    ]


def disagreements(stub_source: str, standin: ModuleType, used: set[str]) -> list[str]:
    """Where the stand-in is not Pyxel as its stubs say: a name the game uses
    missing, a function's parameters (names, kinds, defaults) not the stub's,
    a class's methods or attributes not the stub's, a constant's value not
    the real Pyxel's."""
    stub = ast.parse(stub_source)
    functions = {node.name: node for node in stub.body if isinstance(node, ast.FunctionDef)}
    classes = {node.name: node for node in stub.body if isinstance(node, ast.ClassDef)}
    variables = {
        node.target.id for node in stub.body if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    problems = []
    for name in sorted(used - functions.keys() - classes.keys() - variables):
        problems.append(f"pyxel.{name}: the game uses it, Pyxel's stubs have no such name")
    for name in sorted(used):
        if not hasattr(standin, name):
            problems.append(f"pyxel.{name}: the game uses it, the stand-in lacks it")
    for name in sorted(variables):
        if name.isupper() and getattr(standin, name, None) != getattr(pyxel, name):
            problems.append(
                f"pyxel.{name}: {getattr(standin, name, None)!r} in the stand-in, Pyxel's is {getattr(pyxel, name)!r}"
            )
    for name, function in sorted(functions.items()):
        if hasattr(standin, name) and _parameters(getattr(standin, name)) != _stub_parameters(function):
            problems.append(
                f"pyxel.{name}{_parameters(getattr(standin, name))}: the stub's is {_stub_parameters(function)}"
            )
    for class_name, node in sorted(classes.items()):
        if not hasattr(standin, class_name):
            continue
        methods = {item.name: item for item in node.body if isinstance(item, ast.FunctionDef)}
        attributes = {
            item.target.id
            for item in node.body
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
        }
        standin_class = getattr(standin, class_name)
        for name, member in sorted(vars(standin_class).items()):
            if name.startswith("_") and name != "__init__":
                continue
            if name not in methods:
                problems.append(f"pyxel.{class_name}.{name}: in the stand-in, not in the stub")
            elif _parameters(member) != _stub_parameters(methods[name]):
                problems.append(
                    f"pyxel.{class_name}.{name}{_parameters(member)}: the stub's is {_stub_parameters(methods[name])}"
                )
        instance = standin_class(1, 1) if class_name == "Image" else standin_class()
        for name in sorted(attributes):
            if not hasattr(instance, name):
                problems.append(f"pyxel.{class_name}.{name}: in the stub, not in the stand-in")
    return problems


def test_the_standin_is_pyxel_as_its_stubs_say_for_all_the_game_uses():
    used = game_uses()
    assert {"btnp", "set_btn", "blt", "text", "elli", "images", "screen", "KEY_BACKSPACE"} <= used
    assert disagreements(STUB.read_text(encoding="utf-8"), _standin(), used) == []


def test_the_standin_has_every_key_and_button_a_player_may_choose():
    """KEYS (``game.storage.bindings``) names them as text: the codes are found by name."""
    from game.storage.bindings import BUTTONS, KEPT, KEYBOARD

    standin = _standin()
    names = [f"KEY_{key}" for key in (*KEYBOARD, *KEPT)] + [
        f"GAMEPAD{pad}_BUTTON_{b}" for pad in (1, 4) for b in BUTTONS
    ]
    assert [name for name in names if getattr(standin, name, None) != getattr(pyxel, name)] == []


def test_a_stub_that_changed_is_caught():
    """As a Pyxel upgrade would: a parameter renamed, a default changed, a
    function gone, a class's method with another parameter."""
    stub = STUB.read_text(encoding="utf-8")
    changes = {
        "def btnp(key: int, hold: int = 0, repeat: int = 0)": "def btnp(key: int, hold: int = 0, period: int = 0)",
        'title: str = "Pyxel",': 'title: str = "Pyxel 3",',
        "def rectb(": "def rect_border(",
    }
    for old, new in changes.items():
        assert old in stub
        changed = stub.replace(old, new)
        assert disagreements(changed, _standin(), game_uses()) != [], new


def test_the_standins_constants_palette_and_font_are_the_installed_pyxels():
    """``tools/pyxel_data.py --check``: the data file is what the real Pyxel
    gives now (its font drawn and read back, headless)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "pyxel_data.py"), "--check"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr


# ----- input, as Pyxel keeps it ----------------------------------------------------------


def test_btnp_with_hold_and_repeat_and_btnr_count_frames_as_pyxel_does():
    standin = _standin()
    standin.init(320, 200, headless=True)
    key = standin.KEY_LEFT
    seen = []
    standin.set_btn(key, True)
    for _ in range(12):
        seen.append((standin.btn(key), standin.btnp(key), standin.btnp(key, hold=4, repeat=3), standin.btnr(key)))
        standin.flip()
    standin.set_btn(key, False)
    seen.append((standin.btn(key), standin.btnp(key), standin.btnp(key, hold=4, repeat=3), standin.btnr(key)))
    repeats = [frame for frame, (_, _, repeated, _) in enumerate(seen) if repeated]
    assert repeats == [0, 4, 7, 10]  # the press, then after 4 frames held, every 3
    assert [pressed for _, pressed, _, _ in seen] == [True] + [False] * 12
    assert all(down for down, _, _, _ in seen[:-1]) and seen[-1] == (False, False, False, True)
    # A press and its release in the same frame: btnp and btn still true in that frame, not after.
    standin.flip()
    standin.set_btn(key, True)
    standin.set_btn(key, False)
    assert (standin.btn(key), standin.btnp(key), standin.btnr(key)) == (True, True, True)
    standin.flip()
    assert (standin.btn(key), standin.btnp(key), standin.btnr(key)) == (False, False, False)


# ----- the game on each: the same notices, the same pictures -------------------------------


def run_game(arguments: list[str], shots: Path, standin: bool) -> list[str]:
    """``python -m game --headless ARGUMENTS --shots SHOTS`` on the real Pyxel
    or on the stand-in: its notices."""
    environment = dict(os.environ)
    if standin:
        environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(STANDIN_PATH), environment.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "game", "--headless", *arguments, "--shots", str(shots)],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def tour_script(out: Path) -> Path:
    """The README's tour (tests/scripts/ui_bot.py): loading screen, title menu,
    how to play, a whole 1991 match with its menu, statistics."""
    subprocess.run(
        [sys.executable, str(SCRIPTS / "ui_bot.py"), "--seed", "3", "--out", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        timeout=600,
    )
    return out


SETTINGS = """\
# The title menu: down through every item, the level and sound changed, back, a wait on the title.
press RETURN
wait 10
shot title
press DOWN
press DOWN
press RETURN
wait 5
shot second_item
press ESCAPE
press M
press DOWN
press DOWN
press DOWN
press RETURN
wait 5
shot fourth_item
press ESCAPE
press UP
press UP
wait 40
shot back
"""
TABLE = """\
# A table dealt, a few turns played or passed.
wait 90
shot dealt
turn
press RETURN
press P
wait 30
turn
press P
wait 60
shot later
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    "case",
    ["tour", "title_menu", "low_memory", "standard_10_hard", "royal_6"],
)
def test_the_game_on_the_standin_gives_the_notices_and_pictures_of_the_real_pyxel(case, tmp_path):
    scripts = {
        "tour": (["--seed", "3"], None),
        "title_menu": (["--seed", "5"], SETTINGS),
        "low_memory": (["--seed", "1", "--low-memory"], (SCRIPTS / "low_memory_title.txt").read_text()),
        "standard_10_hard": (["--seed", "7", "--rules", "standard", "--players", "10", "--level", "hard"], TABLE),
        "royal_6": (["--seed", "8", "--rules", "royal", "--players", "6"], TABLE),
    }
    arguments, text = scripts[case]
    script = tour_script(tmp_path / "tour.txt") if text is None else tmp_path / "script.txt"
    if text is not None:
        script.write_text(text, encoding="utf-8")
    arguments = [*arguments, "--script", str(script)]
    native = run_game(arguments, tmp_path / "native", standin=False)
    on_standin = run_game(arguments, tmp_path / "standin", standin=True)
    assert on_standin == native
    shots = sorted(path.name for path in (tmp_path / "native").glob("*.png"))
    assert shots and shots == sorted(path.name for path in (tmp_path / "standin").glob("*.png"))
    differences = [picture_difference(tmp_path / "native" / name, tmp_path / "standin" / name) for name in shots]
    assert [difference for difference in differences if difference] == []
