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


def test_the_readme_python_examples_run():
    """Every Python example in the README runs as written (a stale seed or
    action would raise)."""
    text = (ROOT / "README.md").read_text()
    blocks = [block.split("\n```", 1)[0] for block in text.split("```python\n")[1:]]
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
