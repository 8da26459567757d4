"""The codebase's own figures, as docs/architecture.md gives them.

    .venv/bin/python tools/code_figures.py [--no-mypy]

Prints the mypy errors in ``game/`` (the project's configuration, strict
where pyproject.toml says), the rule-set name comparisons outside
``game/rules``, the reads of a rule set's ``.royal`` / ``.program`` and the
house rules named in quotes outside it, the import circles (counting the
imports made only for the type checker, and without them), the classes over
500 lines and modules over 600, the rules' hooks' reads of ``Game``'s
private fields, the five largest classes and functions, and, where the
``duplicates`` command is on the machine, its count of repeated places.
``tests/test_architecture.py`` holds the figures reached to none.
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
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


# A rule set's flags that say what it is rather than what it does: asked only inside game/rules.
RULE_FLAG_READ = re.compile(r"\.(royal|program)\b")
# The rules' hooks: the modules that work on a Game they are handed.
HOOK_MODULES = ("checks", "choices", "common", "house", "royal", "rulesets", "views", "record")
PRIVATE_READ = re.compile(r"\bgame\._[a-z]\w*")
MOST_CLASS_LINES = 500
MOST_MODULE_LINES = 600


def _lines_outside_rules(root: Path) -> Iterator[tuple[Path, int, str]]:
    for path in sorted(root.rglob("*.py")):
        if not path.is_relative_to(GAME / "rules"):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                yield path, number, line


def rule_flag_reads(root: Path = GAME) -> list[str]:
    """Each line outside game/rules that reads ``.royal`` or ``.program``, as ``path:line: text``."""
    return [
        f"{path.relative_to(root.parent)}:{number}: {line.strip()}"
        for path, number, line in _lines_outside_rules(root)
        if RULE_FLAG_READ.search(line)
    ]


def house_rule_names_quoted(root: Path = GAME) -> list[str]:
    """Each line outside game/rules that names a house rule in quotes, as ``path:line: text``."""
    from game.rules.house import HOUSE_RULES

    quoted = re.compile("|".join(f"[\"']{name}[\"']" for name in HOUSE_RULES))
    return [
        f"{path.relative_to(root.parent)}:{number}: {line.strip()}"
        for path, number, line in _lines_outside_rules(root)
        if quoted.search(line)
    ]


def module_name(path: Path, top: Path = ROOT) -> str:
    parts = path.relative_to(top).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    return "TYPE_CHECKING" in ast.unparse(node.test)


def imports_of(path: Path, modules: set[str], type_checking: bool, top: Path = ROOT) -> set[str]:
    """The modules of ``modules`` that ``path`` imports, anywhere in it (a
    function's own imports too), with or without those made only for the
    type checker (``if TYPE_CHECKING:``)."""
    name = module_name(path, top)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes: list[ast.AST]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and _is_type_checking(node) and not type_checking:
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
                source = ".".join([*base, node.module] if node.module else base)
                for alias in node.names:
                    whole = f"{source}.{alias.name}"
                    found.add(whole if whole in modules else source)
            for child in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, child, None)
                if isinstance(inner, list):
                    visit(inner)

    visit(list(ast.parse(path.read_text()).body))
    return {module for module in found if module in modules and module != name}


def import_circles(type_checking: bool = True, root: Path = GAME) -> list[list[str]]:
    """The groups of modules of ``root`` that import each other round a
    circle (strongly connected, Tarjan's way), each sorted, largest first."""
    paths = {module_name(path, root.parent): path for path in root.rglob("*.py")}
    graph = {name: sorted(imports_of(path, set(paths), type_checking, root.parent)) for name, path in paths.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def connect(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                connect(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            connect(module)
    return sorted(circles, key=lambda group: (-len(group), group))


def over(kind: type[ast.AST], most: int) -> list[tuple[int, str]]:
    """The definitions of a kind longer than ``most`` lines, longest first."""
    return [(lines, where) for lines, where in largest(kind, most=10**6) if lines > most]


def modules_over(most: int = MOST_MODULE_LINES) -> list[tuple[int, str]]:
    """The modules of game/ longer than ``most`` lines, longest first."""
    sizes = [(len(path.read_text().splitlines()), str(path.relative_to(ROOT))) for path in GAME.rglob("*.py")]
    return sorted((size for size in sizes if size[0] > most), reverse=True)


def hooks_private_reads() -> dict[str, int]:
    """How often each of the rules' hook modules reads a private field or
    method of the ``Game`` it is handed (``game._hands``)."""
    return {
        name: len(PRIVATE_READ.findall((GAME / "rules" / f"{name}.py").read_text()))
        for name in HOOK_MODULES
        if (GAME / "rules" / f"{name}.py").exists()
    }


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
    for title, found in (
        (".royal / .program reads outside game/rules", rule_flag_reads()),
        ("house rules named in quotes outside game/rules", house_rule_names_quoted()),
    ):
        print(f"{title}: {len(found)}")
        for line in found:
            print("   ", line)
    for title, type_checking in (("import circles", True), ("import circles at run time (no TYPE_CHECKING)", False)):
        circles = import_circles(type_checking)
        print(f"{title}: {len(circles)}")
        for group in circles:
            print(f"    {len(group)}: {' '.join(group)}")
    for title, sized in (
        (f"classes over {MOST_CLASS_LINES} lines", over(ast.ClassDef, MOST_CLASS_LINES)),
        (f"modules over {MOST_MODULE_LINES} lines", modules_over()),
    ):
        print(f"{title}: {len(sized)}")
        for lines, where in sized:
            print(f"    {lines:4d}  {where}")
    reads = hooks_private_reads()
    print(f"the rules' hooks' reads of Game's private fields: {sum(reads.values())}")
    print("    " + ", ".join(f"{name} {count}" for name, count in reads.items()))
    for title, kind in (("classes", ast.ClassDef), ("functions", ast.FunctionDef)):
        print(f"largest {title} (lines):")
        for lines, where in largest(kind):
            print(f"    {lines:4d}  {where}")
    print("duplicates:", duplicates_summary())


if __name__ == "__main__":
    main()
