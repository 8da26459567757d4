"""House-rule presets: named sets of standard UNO's house rules.

    house_choice("party")                 # ('stacking', 'seven_zero', 'jump_in')
    house_choice("stacking,jump_in")      # a set of one's own
    preset_of(("jump_in", "forced_play", "no_bluffing"))  # the "fast" preset

A preset is only a name for a set of ``HOUSE_RULES``: a match plays the
rules, never the preset's name (records, settings and the table keep the
rules). ``docs/rules.md`` says what each preset holds and why. The command
line (``--house``), the simulator (``--house``) and the HOUSE RULES screen
all read a choice through ``house_choice``, so a name means the same
everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .house import HOUSE_RULES


@dataclass(frozen=True)
class HousePreset:
    """A named set of house rules: ``name`` (the flag's word), ``title``
    (the HOUSE RULES screen's), ``line`` (what it is for, one line) and
    ``rules`` (in ``HOUSE_RULES`` order)."""

    name: str
    title: str
    line: str
    rules: tuple[str, ...]

    def __post_init__(self) -> None:
        unknown = [name for name in self.rules if name not in HOUSE_RULES]
        if unknown:
            raise ValueError(f"preset {self.name!r} names unknown house rules {unknown}")
        if self.rules != tuple(name for name in HOUSE_RULES if name in self.rules):
            raise ValueError(f"preset {self.name!r}: its rules are not in HOUSE_RULES order")


HOUSE_PRESETS = {
    preset.name: preset
    for preset in (
        HousePreset("none", "NONE", "the printed rules, no house rule", ()),
        HousePreset(
            "party", "PARTY", "stacks, swaps and jump-ins: the loud table", ("stacking", "seven_zero", "jump_in")
        ),
        HousePreset(
            "fast",
            "FAST",
            "jump in, play what you draw, no challenge: shorter hands",
            ("jump_in", "forced_play", "no_bluffing"),
        ),
        HousePreset("all", "ALL", "every house rule at once", tuple(HOUSE_RULES)),
    )
}


def preset_of(house: Iterable[str]) -> HousePreset | None:
    """The preset whose rules are exactly ``house`` (None: a set of one's own)."""
    chosen = set(house)
    return next((preset for preset in HOUSE_PRESETS.values() if set(preset.rules) == chosen), None)


def house_choice(text: str) -> tuple[str, ...]:
    """A preset's name (``party``) or house rules' names separated by commas
    (``stacking,jump_in``) as house rules in ``HOUSE_RULES`` order.
    ValueError naming the presets and the rules for anything else."""
    if text in HOUSE_PRESETS:
        return HOUSE_PRESETS[text].rules
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in HOUSE_RULES]
    if unknown or not names:
        what = f"unknown house rule {unknown[0]!r}" if unknown else f"no house rule in {text!r}"
        raise ValueError(
            f"{what}: give a preset ({', '.join(HOUSE_PRESETS)}) or house rules separated by commas"
            f" ({', '.join(HOUSE_RULES)})"
        )
    return tuple(name for name in HOUSE_RULES if name in names)
