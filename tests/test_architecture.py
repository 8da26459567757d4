"""The architecture stays as docs/architecture.md draws it.

The page's table of packages says what each may import; these tests read
every module's imports and hold the code to it, and import the packages
below the UI on a machine without pyxel.
"""

from __future__ import annotations

import ast
import re
import runpy
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "architecture.md"
GAME = ROOT / "game"
# Third-party modules a package may need, as the page's table names them.
OUTSIDE = ("pyxel", "websockets", "psycopg", "js")


def layers() -> dict[str, set[str]]:
    """The page's table: each package (or top-level module) and what it may import."""
    rows = re.findall(r"^\| `(game[\w.]*)` \|[^|]*\| ([^|]*) \|$", PAGE.read_text(), flags=re.M)
    assert rows, "docs/architecture.md has no table of packages"
    return {name: set(re.findall(r"`([\w.]+)`", allowed)) for name, allowed in rows}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports resolved, ``from X import y`` as X.y."""
    module = module_name(path)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            source = ".".join([*base, *([node.module] if node.module else [])])
            found.update(f"{source}.{alias.name}" for alias in node.names)
            found.add(source)
    return found


def owner(module: str, table: dict[str, set[str]]) -> str | None:
    """The row of the table a module belongs to: its longest listed prefix."""
    matches = [name for name in table if module == name or (name != "game" and module.startswith(name + "."))]
    return max(matches, key=len) if matches else None


def test_every_module_of_the_game_has_a_row_on_the_page():
    table = layers()
    homeless = [module_name(path) for path in GAME.rglob("*.py") if owner(module_name(path), table) is None]
    assert not homeless, f"docs/architecture.md does not place {homeless}"


def test_each_package_imports_only_what_the_page_allows():
    table = layers()
    wrong = []
    for path in sorted(GAME.rglob("*.py")):
        mine = owner(module_name(path), table)
        assert mine is not None
        for name in sorted(imported(path)):
            if name.split(".")[0] in OUTSIDE:
                target = name.split(".")[0]
            elif name.startswith("game.") or name == "game":
                target = owner(name, table)
                if target in (None, mine, "game"):
                    continue  # "from game import ai" is found as game.ai too
            else:
                continue  # the standard library
            if target not in table[mine]:
                wrong.append(f"{module_name(path)} imports {name}")
    assert not wrong, "imports the page does not allow:\n" + "\n".join(wrong)


def test_the_rules_the_computer_players_the_server_and_the_storage_import_without_pyxel():
    """Block pyxel and import every module of the four packages below the UI."""
    code = (
        "import importlib, pkgutil, sys\n"
        "sys.modules['pyxel'] = None\n"
        "import game.rules, game.ai, game.online, game.storage\n"
        "for package in (game.rules, game.ai, game.online, game.storage):\n"
        "    for found in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
        "        importlib.import_module(found.name)\n"
        "assert 'pyxel' not in {name for name, module in sys.modules.items() if module is not None}\n"
        "print('imported', len([n for n in sys.modules if n.startswith('game.')]))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.split()[-1]) > 30


def test_no_package_reads_the_name_of_a_rule_set_outside_the_rules():
    """Rule sets say what differs about them (``RuleSet``); nothing else asks for their names."""
    figures = runpy.run_path(str(ROOT / "tools" / "code_figures.py"))
    assert figures["rule_name_comparisons"]() == []


def test_rule_details_are_asked_of_the_rules_no_import_goes_round_a_circle_and_hooks_use_games_public_surface():
    """Outside game/rules nothing reads a rule set's ``.royal`` / ``.program``
    or names a house rule in quotes (they answer questions instead); no
    modules of the game import each other round a circle, at run time or
    counting the type checker's imports; and the rules' hooks read none of
    Game's private fields (``surface.GameSurface``: views.py and record.py,
    which copy its whole state, are printed)."""
    figures = runpy.run_path(str(ROOT / "tools" / "code_figures.py"))
    assert figures["rule_flag_reads"]() == []
    assert figures["house_rule_names_quoted"]() == []
    assert figures["import_circles"](type_checking=False) == []
    assert figures["import_circles"]() == []
    reads = figures["hooks_private_reads"]()
    assert [name for name in ("checks", "choices", "common", "house", "royal", "rulesets") if reads[name]] == []


def test_no_class_of_the_game_is_over_500_lines_and_no_module_over_600():
    """A class that grows past 500 lines is split by what it does (as the
    table server's room and server were), not let grow."""
    figures = runpy.run_path(str(ROOT / "tools" / "code_figures.py"))
    assert figures["over"](ast.ClassDef, 500) == []
    assert figures["modules_over"](600) == []


def test_the_figures_tool_finds_a_circle_a_flag_read_and_a_quoted_house_rule(tmp_path):
    """The figures above are counted, not assumed: a made-up package with one of each."""
    figures = runpy.run_path(str(ROOT / "tools" / "code_figures.py"))
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from . import b\nif rules.royal and 'jump_in' in house:\n    pass\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n")
    assert figures["rule_flag_reads"](package) == ["pkg/a.py:2: if rules.royal and 'jump_in' in house:"]
    assert figures["house_rule_names_quoted"](package) == ["pkg/a.py:2: if rules.royal and 'jump_in' in house:"]
    assert figures["import_circles"](root=package) == [["pkg.a", "pkg.b"]]
    assert figures["import_circles"](type_checking=False, root=package) == []


def test_no_module_of_the_game_is_named_as_one_of_pythons_own():
    """pyxel.init makes game/ui the working folder, the first place a Python
    started from the game (or a benchmark) looks for modules: a game/ui/platform
    there once hid the standard ``platform`` from the table server the frame
    benchmark starts. No folder of the game may hold a name of the standard library."""
    clashes = sorted(
        str(path.relative_to(ROOT))
        for path in GAME.rglob("*")
        if (path.is_dir() or path.suffix == ".py") and path.stem in sys.stdlib_module_names
    )
    assert clashes == []
