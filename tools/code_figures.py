"""The codebase's own figures, as docs/architecture.md gives them.

    .venv/bin/python tools/code_figures.py [--no-mypy]

Prints the mypy errors in ``game/`` (the project's configuration, strict
where pyproject.toml says), the rule-set name comparisons outside
``game/rules``, the five largest classes and functions, and, where the
``duplicates`` command is on the machine, its count of repeated places.
``tests/test_architecture.py`` holds the comparisons to none.
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
# A rule set's name compared, or looked for in a collection: "1991" == x, x != "royal", x in ("standard", ...).
RULE_NAME_TEST = re.compile(
    r"""(==|!=|\bin\b)\s*[(\[{]?\s*["'](1991|standard|royal)["']|["'](1991|standard|royal)["']\s*(==|!=)"""
)


def rule_name_comparisons(root: Path = GAME) -> list[str]:
    """Each line outside game/rules that tests a rule set's name, as ``path:line: text``."""
    return [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        if not path.is_relative_to(GAME / "rules")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if RULE_NAME_TEST.search(line)
    ]


def largest(kind: type[ast.AST], most: int = 5) -> list[tuple[int, str]]:
    """The ``most`` longest definitions of a kind (class or function), in lines, with where they start."""
    found = []
    for path in GAME.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, kind):
                assert isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                found.append((lines, f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"))
    return sorted(found, reverse=True)[:most]


def mypy_summary() -> str:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "game"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr.strip()


def duplicates_summary() -> str:
    command = shutil.which("duplicates")
    if command is None:
        return "the duplicates command is not on this machine"
    result = subprocess.run([command, "--most", "1"], cwd=ROOT, capture_output=True, text=True, check=False)
    return result.stdout.splitlines()[0] if result.stdout else result.stderr.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-mypy", action="store_true", help="skip mypy (it takes a minute)")
    args = parser.parse_args()
    if not args.no_mypy:
        print("mypy:", mypy_summary())
    comparisons = rule_name_comparisons()
    print(f"rule-set name comparisons outside game/rules: {len(comparisons)}")
    for line in comparisons:
        print("   ", line)
    for title, kind in (("classes", ast.ClassDef), ("functions", ast.FunctionDef)):
        print(f"largest {title} (lines):")
        for lines, where in largest(kind):
            print(f"    {lines:4d}  {where}")
    print("duplicates:", duplicates_summary())


if __name__ == "__main__":
    main()
