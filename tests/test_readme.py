"""The README's commands are the ones CI runs."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _command_after(heading: str) -> str:
    text = (ROOT / "README.md").read_text()
    section = text.split(f"## {heading}\n", 1)[1]
    return section.split("```sh\n", 1)[1].split("\n```", 1)[0].strip()


def test_ci_runs_the_readme_test_command():
    assert _command_after("Test") in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_readme_play_command_starts_the_game_module():
    assert _command_after("Play").endswith("python -m game")
