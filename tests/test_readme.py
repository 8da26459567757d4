"""The README's commands (the ones CI runs, and every command a new player
pastes, in order, on a fresh machine) and those of every page of docs/,
pasted after the README's: each uses the venv's programs with flags they
accept, and each Python example and the console example run as shown."""

import importlib.util
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "docs").glob("*.md"))


def _command_after(heading: str) -> str:
    text = (ROOT / "README.md").read_text()
    section = text.split(f"## {heading}\n", 1)[1]
    return section.split("```sh\n", 1)[1].split("\n```", 1)[0].strip()


def test_ci_runs_the_readme_test_command():
    assert _command_after("Test") in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_readme_says_what_the_test_command_needs_of_the_system():
    """(issue 53) The Test section assumed Chromium, Xvfb, PostgreSQL,
    HAProxy and npm without listing them: it names the packages .ci/run
    installs, and npm, in one command a newcomer can paste."""
    import re

    installed_by_ci = re.findall(r'missing="\$missing (\w+)"', (ROOT / ".ci" / "run").read_text())
    assert installed_by_ci == ["chromium", "xvfb", "postgresql", "haproxy"]
    section = (ROOT / "README.md").read_text().split("## Test\n", 1)[1].split("\n## ", 1)[0]
    install = re.search(r"`sudo apt-get install ([a-z ]+)`", section)
    assert install is not None, "the Test section names the packages to install"
    assert set(install.group(1).split()) == {*installed_by_ci, "npm"}
    assert ".ci/run" in section and "skipped" in section


def test_the_readme_play_command_starts_the_game_module():
    assert _command_after("Play").endswith("python -m game")


def test_the_python_examples_run():
    """Every Python example in the README and docs/ runs as written (a stale
    seed or action would raise): the engine's in docs/engine.md, the computer
    players' in docs/computer-players.md."""
    ran = []
    for path in [ROOT / "README.md", *DOCS]:
        text = path.read_text()
        for block in text.split("```python\n")[1:]:
            exec(compile(block.split("\n```", 1)[0], str(path.relative_to(ROOT)), "exec"), {})
            ran.append(path.name)
    assert {"engine.md", "computer-players.md"} <= set(ran)


# ----- every shell command of the README, as a new player pastes them ------------------------

VENV = ".venv/bin/"
# Modules that read their arguments without argparse, and the arguments they take.
OWN_ARGUMENTS = {"benchmarks": ([], ["all"])}
# Run a module or script only as far as its argument parser: a flag it does
# not know stops it with argparse's message and status 2; flags it accepts
# stop it with status 0 before it does anything.
PARSE_ONLY = """
import argparse, os, runpy, sys

parse = argparse.ArgumentParser.parse_args


def parse_only(self, args=None, namespace=None):
    parse(self, args, namespace)
    sys.exit(0)


argparse.ArgumentParser.parse_args = parse_only
target, *arguments = sys.argv[1:]
sys.argv = [target, *arguments]
if target.endswith(".py"):
    sys.path.insert(0, os.path.dirname(os.path.abspath(target)))  # as python FILE does
    runpy.run_path(target, run_name="__main__")
else:
    runpy.run_module(target, run_name="__main__", alter_sys=True)
sys.exit(f"{target} never read its arguments")
"""


def readme_commands(path: Path = ROOT / "README.md") -> list[list[str]]:
    """Every command of a page's ``sh`` blocks (and ``$`` lines of its
    ``console`` blocks), in order, split into words; ``&&`` separates commands."""
    text = path.read_text()
    lines = []
    for fence in ("sh", "console"):  # (a block in a list item is indented as the item's text)
        for block in re.finditer(rf"^( *)```{fence}\n(.*?)^\1```", text, re.DOTALL | re.MULTILINE):
            indent, body = block.group(1), block.group(2)
            for line in body.splitlines():
                line = line.removeprefix(indent)
                if fence == "sh" or line.startswith("$ "):
                    lines.append((text.index(line), line.removeprefix("$ ")))
    commands = []
    for _, line in sorted(lines):
        words = shlex.split(line, comments=True)
        while words:
            end = words.index("&&") if "&&" in words else len(words)
            commands.append(words[:end])
            words = words[end + 1 :]
    return commands


def extras() -> set[str]:
    return set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])


def check_arguments(target: str, arguments: list[str]) -> None:
    if target in OWN_ARGUMENTS:
        assert arguments in OWN_ARGUMENTS[target], f"{target} takes {OWN_ARGUMENTS[target]}, not {arguments}"
        return
    result = subprocess.run(
        [sys.executable, "-c", PARSE_ONLY, target, *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, f"{target} {' '.join(arguments)}: {result.stderr.strip()}"


def check_command(words: list[str], installed: set[str]) -> None:
    """One README command: its program is there after the commands before it,
    and it accepts the command's flags. ``installed`` grows with each ``pip install``."""
    program, *arguments = words
    command = " ".join(words)
    if program == "python3":
        assert arguments == ["-m", "venv", ".venv"], f"{command}: the system Python only makes the venv"
        installed.add("venv")
        return
    assert program.startswith(VENV), (
        f"{command}: on a fresh machine only the venv has pyxel and the game: use {VENV}python or {VENV}uno1991"
    )
    assert "venv" in installed, f"{command}: comes before the command that makes the venv"
    tool = program.removeprefix(VENV)
    assert (Path(sys.executable).parent / tool).exists(), f"{command}: the venv has no {tool}"
    for word in arguments:
        if "/" in word and not word.startswith(("-", "/")):
            assert (ROOT / word).exists(), f"{command}: no {word} in the repository"
    if tool == "pip":
        assert arguments[:2] == ["install", "-e"] and len(arguments) == 3, command
        spec = arguments[2]
        wanted = set(spec.removeprefix(".[").removesuffix("]").split(",")) if spec != "." else set()
        assert spec == "." or spec.startswith(".["), command
        assert wanted <= extras(), f"{command}: pyproject.toml has no extra {wanted - extras()}"
        installed.update({"game", *wanted})
        return
    assert "game" in installed, f"{command}: comes before the game is installed"
    if tool == "ruff":
        assert "test" in installed, f"{command}: ruff comes with the test extra"
        assert arguments in (["check", "."], ["format", "--check", "."]), command
    elif tool == "mypy":
        assert "test" in installed, f"{command}: mypy comes with the test extra"
        assert arguments == [], f"{command}: mypy takes its files from pyproject.toml"
    elif tool == "uno1991":
        check_arguments("game", arguments)
    elif tool == "uno1991-server":
        check_arguments("game.server", arguments)
    elif tool == "python" and arguments[0] == "-m":
        module, *rest = arguments[1:]
        assert importlib.util.find_spec(module) is not None, f"{command}: no module {module}"
        if module == "pytest":
            assert "test" in installed and rest == [], command
        else:
            check_arguments(module, rest)
    elif tool == "python":
        check_arguments(arguments[0], arguments[1:])
    else:
        raise AssertionError(f"{command}: unexpected tool {tool}")


def test_every_readme_command_works_when_pasted_in_order_on_a_fresh_machine():
    """From the clone: make the venv, install, then every command uses the
    venv's programs with flags they accept. ``python -m game`` fails here:
    a fresh machine's Python has no pyxel."""
    commands = readme_commands()
    assert len(commands) >= 8
    installed: set[str] = set()
    for words in commands:
        check_command(words, installed)


@pytest.mark.parametrize("page", [path.name for path in DOCS])
def test_every_command_of_a_docs_page_works_after_the_readme_s(page):
    """A page of docs/ is read after the README's Play and Test commands:
    its commands use the venv's programs with flags they accept, and a
    ``pip install`` there adds what the commands after it need."""
    installed: set[str] = set()
    for words in readme_commands():
        check_command(words, installed)
    for words in readme_commands(ROOT / "docs" / page):
        check_command(words, installed)


def test_the_docs_hold_the_commands_players_and_contributors_need():
    every = [" ".join(words) for path in DOCS for words in readme_commands(path)]
    for wanted in (
        ".venv/bin/python -m game.sim",
        ".venv/bin/python -m benchmarks",
        ".venv/bin/python -m game.web",
        ".venv/bin/python tools/screenshots.py docs/screenshots",
        ".venv/bin/python tools/window_screenshots.py docs/screenshots",
    ):
        assert any(command.startswith(wanted) for command in every), f"no page of docs/ shows {wanted}"


def test_the_readme_check_refuses_what_fails_on_a_fresh_machine():
    installed = {"venv", "game", "test"}
    for bad in (
        ["python", "-m", "game"],
        ["pip", "install", "-e", "."],
        [".venv/bin/python", "-m", "game", "--colour-blind"],
        [".venv/bin/python", "-m", "game.sim", "--hands", "10", "[--json]"],
        [".venv/bin/uno1991", "--seed"],
        [".venv/bin/python", "-m", "no_such_module"],
        [".venv/bin/pip", "install", "-e", ".[no-such-extra]"],
        [".venv/bin/python", "-m", "benchmarks", "everything"],
    ):
        with pytest.raises(AssertionError):
            check_command(bad, installed)
    with pytest.raises(AssertionError, match="before the command that makes the venv"):
        check_command([".venv/bin/python", "-m", "game"], set())


def test_the_console_example_prints_what_it_shows(tmp_path):
    """The scripted run in docs/contributing.md, pasted as shown, prints the
    lines it shows (in order; "..." stands for lines left out)."""
    text = (ROOT / "docs" / "contributing.md").read_text()
    block = text.split("```console\n", 1)[1].split("\n```", 1)[0].splitlines()
    command = shlex.split(block[0].removeprefix("$ "))
    program = Path(sys.executable).parent / command[0].removeprefix(VENV)
    shots = command.index("--shots") + 1
    command[shots] = str(tmp_path / "shots")  # not into the real /tmp
    result = subprocess.run(
        [str(program), *command[1:]], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    printed = iter(result.stdout.splitlines())
    for line in block[1:]:
        if line.strip() != "...":
            assert line in printed, f"the page shows {line.strip()!r}, which the run does not print there"
