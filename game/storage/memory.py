"""The backend of a run that keeps nothing: memory (scripted runs without
a data folder, tests). Every run starts from the defaults, so a script
gives the same output on every machine; within the run, what is saved is
read back, and what is kept aside is kept, as the other backends do."""

from __future__ import annotations

from pathlib import Path

from game.storage.backend import KEEP_REPLAYS, Text


class Memory:
    """Texts in a dict: ``texts[name]``, and those kept aside under ``NAME.LABEL-N``."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}
        self.replays: list[Text] = []

    @property
    def directory(self) -> Path | None:
        return None

    def source(self, name: str) -> str:
        return f"memory[{name!r}]"

    def read(self, name: str) -> str | None:
        return self.texts.get(name)

    def write(self, name: str, text: str) -> None:
        self.texts[name] = text

    def remove(self, name: str) -> None:
        self.texts.pop(name, None)

    def keep_aside(self, name: str, label: str, brief: bool = False) -> str:
        names = (f"{name}.{label}-{number}" for number in range(1, len(self.texts) + 2))
        aside = next(new for new in names if new not in self.texts)
        self.texts[aside] = self.texts.pop(name)
        return f"memory[{aside!r}]"

    def add_finished(self, text: Text) -> None:
        self.replays = [text, *self.replays][:KEEP_REPLAYS]

    def finished_texts(self) -> list[object]:
        return list(self.replays)

    def waiting(self) -> list[tuple[str, Text]]:
        return []

    def forget_waiting(self, where: str) -> None:
        raise KeyError(where)

    def take_problems(self) -> list[str]:
        return []
