"""Colours every eye can tell apart: the four card colours and the table's
other coloured signs, as the real game draws them, compared under normal
vision and under simulated protanopia, deuteranopia and tritanopia.

    .venv/bin/python tools/colour_vision.py [--shots DIR]

It plays the real game headless in this process (the ``App`` that ``python
-m game --headless`` runs) to three moments, writes each screen as a shot
(``--shots``: into DIR, to look at; else a temporary folder) and reads the
colours back from the shots' pixels:

* **cards**: your first hand of a stacked 1991 deal (red, green, yellow and
  blue cards and a Wild); each face's colour is the commonest colour on it
  that is neither black nor white (every card of a colour must agree);
* **colour named**: the four buttons you name a colour with after your Wild,
  and **colour in play**: the swatch under the discard pile once you have
  named it (one run a colour);
* **frame of the turn**: at a table of four, the yellow frame of the panel
  whose turn it is beside the light blue frame of the others.

Vision is simulated with the matrices of Machado, Oliveira and Fernandes, "A
Physiologically-based Model for Simulation of Color Vision Deficiency"
(IEEE TVCG 15(6), 2009) at severity 1.0 (dichromacy, the worst case),
applied in linear RGB: sRGB is decoded with the IEC 61966-2-1 curve, the
matrix applied and the result clipped to [0, 1]. Colours are compared with
CIEDE2000 (CIE 142-2001; as Sharma, Wu and Dalal 2005 implement it) in CIELAB
under D65.

A pair is flagged TOO CLOSE under ``TOO_CLOSE`` (20) ΔE00. About 1 ΔE00 is
a just-noticeable difference between large patches side by side in a
laboratory, and 10 is commonly read as "obviously different" side by side.
A card's colour is not judged side by side: it is recognised alone (the top
card against the colour named, a card in a hand), on a 24 x 32-pixel card
whose face spans about a degree of view, on screens nobody calibrated, where
differences must be several times the laboratory's to be seen (Szafir,
Stone and Gleicher, "Adapting Color Difference for Design", CIC 2014). So the
line is twice the side-by-side one.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "scripts"))
sys.path.insert(0, str(ROOT / "tools"))

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

TOO_CLOSE = 20.0  # ΔE00: under this a pair is flagged (see the module's docstring)

# Machado, Oliveira and Fernandes (2009), severity 1.0, for linear RGB.
VISIONS: dict[str, Matrix | None] = {
    "normal": None,
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

# ----- colour science ---------------------------------------------------------------------


def linear(channel: int) -> float:
    """An 8-bit sRGB channel, decoded to linear light (IEC 61966-2-1)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(rgb: RGB, vision: str) -> tuple[float, float, float]:
    """The colour in linear RGB as a person of ``vision`` sees it (clipped to the gamut)."""
    light = tuple(linear(c) for c in rgb)
    matrix = VISIONS[vision]
    if matrix is None:
        return light[0], light[1], light[2]
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, light, strict=True)))) for row in matrix)
    return r, g, b


def lab(light: tuple[float, float, float]) -> tuple[float, float, float]:
    """Linear sRGB to CIELAB (D65 white)."""
    r, g, b = light
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e_2000(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """CIEDE2000 between two CIELAB colours (kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = first, second
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c**7 / (mean_c**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    turn = h2 - h1
    if c1 * c2 == 0:
        turn = 0.0
    elif turn > 180:
        turn -= 360
    elif turn < -180:
        turn += 360
    d_l, d_c = l2 - l1, c2 - c1
    d_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(turn / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(mean_h - 30))
        + 0.24 * math.cos(math.radians(2 * mean_h))
        + 0.32 * math.cos(math.radians(3 * mean_h + 6))
        - 0.20 * math.cos(math.radians(4 * mean_h - 63))
    )
    s_l = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    s_c = 1 + 0.045 * mean_c
    s_h = 1 + 0.015 * mean_c * t
    rotation = (
        -math.sin(math.radians(60 * math.exp(-(((mean_h - 275) / 25) ** 2))))
        * 2
        * math.sqrt(mean_c**7 / (mean_c**7 + 25**7))
    )
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + rotation * (d_c / s_c) * (d_h / s_h))


def difference(first: RGB, second: RGB, vision: str) -> float:
    """ΔE00 between two screen colours as a person of ``vision`` sees them."""
    return delta_e_2000(lab(simulate(first, vision)), lab(simulate(second, vision)))


# ----- the real screens -------------------------------------------------------------------

HAND = ["R1", "G2", "Y3", "B4", "W", "R5", "G6"]  # every colour and a Wild: you start
COMPUTER = ["R7", "G7", "Y7", "B7", "R8", "G8", "Y8"]
TURNED_UP = "B9"
NAMES = {"R": "red", "G": "green", "Y": "yellow", "B": "blue"}
FRAMES = 3_000  # a bound on every wait: the deal and a turn take about 100


@dataclass(frozen=True)
class Group:
    """Colours that carry one meaning each, as drawn on one screen: ``colours`` by what they mean."""

    title: str
    colours: dict[str, RGB]


class Screen:
    """A shot's pixels, read back in the 320 x 200 screen's coordinates."""

    def __init__(self, path: Path) -> None:
        from pictures import read_png

        from game.ui.device.script import SHOT_SCALE

        self.scale = SHOT_SCALE
        _, _, self.rows = read_png(path)

    def pixel(self, x: int, y: int) -> RGB:
        row, at = self.rows[y * self.scale], x * self.scale * 3
        return row[at], row[at + 1], row[at + 2]

    def commonest(self, x: int, y: int, w: int, h: int, leave_out: set[RGB]) -> RGB:
        """The commonest colour in a rectangle, but for ``leave_out``."""
        counts = Counter(self.pixel(x + i, y + j) for i in range(w) for j in range(h))
        return next(colour for colour, _ in counts.most_common() if colour not in leave_out)


class Run:
    """The real game, headless, driven by keys to a moment; its shots go to ``out``."""

    def __init__(self, out: Path, **options) -> None:
        from screenshots import Pictures

        self.pictures = Pictures(out, 1, **options)
        self.out = out

    @property
    def match(self):
        match = self.pictures.app.match
        assert match is not None, "no match on the table"
        return match

    def until(self, ready: Callable[[], bool], what: str) -> None:
        for _ in range(FRAMES):
            if self.pictures.app.match is not None and ready():
                return
            self.pictures.wait(1)
        raise SystemExit(f"tools/colour_vision.py: never {what}")

    def shot(self, name: str) -> Screen:
        self.pictures.shot(name)
        return Screen(self.out / f"{name}.png")


def palette(index: int) -> RGB:
    import pyxel

    value = pyxel.colors[index]
    return value >> 16, (value >> 8) & 0xFF, value & 0xFF


def card_faces(screen: Screen, hand: list[str]) -> dict[str, RGB]:
    """Each card colour, as the faces of your hand show it."""
    from game.ui import layout as lay
    from game.ui.device import resources as res

    plain = {palette(lay.BLACK), palette(lay.WHITE)}
    row = lay.your_row(len(hand), 0)
    found: dict[str, set[RGB]] = {}
    for index, code in enumerate(hand):
        x = row.x_of(index)
        if code[0] in NAMES and x is not None:
            face = screen.commonest(x, lay.HAND_Y, res.CARD_W, res.CARD_H, plain)
            found.setdefault(code[0], set()).add(face)
    for colour, faces in found.items():
        if len(faces) != 1:
            raise SystemExit(f"tools/colour_vision.py: the {NAMES[colour]} cards show {len(faces)} colours")
    return {NAMES[colour]: faces.pop() for colour, faces in found.items()}


def the_wild_played(out: Path, colour: str) -> tuple[Screen, Screen]:
    """Your first turn of a stacked 1991 deal: your hand, then the Wild
    played and ``colour`` named: the screens of the hand and the colours to
    name, and the colour in play once named."""
    from decks import stacked

    run = Run(out, deck=stacked(HAND, COMPUTER, TURNED_UP), starter=0, low_memory=True)
    run.pictures.press("RETURN")  # PLAY
    run.until(lambda: run.match.waiting_for_you, "came to your first turn")
    run.shot("hand")
    while run.match.board.selected_card() != "W":
        run.pictures.press("RIGHT")
    run.pictures.press("RETURN")
    run.until(lambda: run.match.naming_colour, "was asked to name a colour")
    naming = run.shot("colour_named")
    run.pictures.press(colour)
    run.until(lambda: run.match.board.colour == colour, f"named {NAMES[colour]}")
    return naming, run.shot(f"colour_in_play_{NAMES[colour]}")


def measure(out: Path) -> list[Group]:
    """Every coloured sign measured from the real screens, shots written to ``out``."""
    from game.rules.cards import COLOURS
    from game.ui import layout as lay
    from game.ui.app import init_pyxel
    from game.ui.table import seat_layout, tabletop

    init_pyxel(headless=True)
    named: dict[str, RGB] = {}
    in_play: dict[str, RGB] = {}
    for colour in COLOURS:
        naming, named_screen = the_wild_played(out, colour)
        for letter, (x, y, _, _) in tabletop.colour_choice_rects():
            named[NAMES[letter]] = naming.pixel(x + 1, y + 1)
        x, y, _, _ = tabletop.swatch_rect(colour)
        in_play[NAMES[colour]] = named_screen.pixel(x + 1, y + 1)
    faces = card_faces(Screen(out / "hand.png"), sorted_hand())

    four = Run(out, table=("standard", 4), low_memory=True)
    four.until(lambda: four.match.waiting_for_you, "came to your turn at a table of four")
    screen = four.shot("frame_of_the_turn")
    yours, other = seat_layout.panel_of(0, 4), seat_layout.panel_of(1, 4)
    frames = {
        "in turn": screen.pixel(yours.x, yours.y + seat_layout.PANEL_H // 2),
        "waiting": screen.pixel(other.x, other.y + seat_layout.PANEL_H // 2),
    }
    if frames["in turn"] != palette(lay.YELLOW):
        raise SystemExit("tools/colour_vision.py: your panel's frame is not the turn's at a table of four")
    return [
        Group("cards", faces),
        Group("colour named (after a Wild)", named),
        Group("colour in play (under the discard pile)", in_play),
        Group("frame of the turn", frames),
    ]


def sorted_hand() -> list[str]:
    from game.ui.table.board import hand_order

    return sorted(HAND, key=hand_order)


# ----- the report -------------------------------------------------------------------------


@dataclass(frozen=True)
class Pair:
    group: str
    first: str
    second: str
    differences: dict[str, float]  # ΔE00 by vision

    @property
    def closest(self) -> float:
        return min(self.differences.values())


def pairs(groups: list[Group]) -> list[Pair]:
    return [
        Pair(group.title, a, b, {vision: difference(group.colours[a], group.colours[b], vision) for vision in VISIONS})
        for group in groups
        for a, b in itertools.combinations(group.colours, 2)
    ]


def report(groups: list[Group]) -> list[str]:
    """The colours found and every pair's ΔE00 under each vision, flagged
    under ``TOO_CLOSE``; a group drawn in the cards' very colours is said to
    be, and its pairs (the cards' figures) are not written twice."""
    lines, cards, others = [], groups[0], []
    for group in groups:
        found = "  ".join(f"{name} #{''.join(f'{c:02x}' for c in rgb)}" for name, rgb in group.colours.items())
        if group is not cards and group.colours == cards.colours:
            found += f" (the {cards.title}' colours: their figures)"
        else:
            others.append(group)
        lines.append(f"{group.title}: {found}")
    groups = others
    lines.append("")
    lines.append(f"{'pair':<42}" + "".join(f"{vision:>14}" for vision in VISIONS))
    flagged = []
    for pair in pairs(groups):
        name = f"{pair.group.split(' (')[0]}: {pair.first} / {pair.second}"
        cells = "".join(f"{value:>14.1f}" for value in pair.differences.values())
        lines.append(f"{name:<42}{cells}")
        flagged += [
            f"TOO CLOSE: {name} under {vision}, ΔE00 {value:.1f}"
            for vision, value in pair.differences.items()
            if value < TOO_CLOSE
        ]
    lines.append("")
    lines.append(f"ΔE00 (CIEDE2000); Machado et al. 2009 at severity 1.0; too close under {TOO_CLOSE:.0f}")
    lines += flagged or ["no pair too close"]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/colour_vision.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--shots", type=Path, help="keep the shots measured in this folder (made if missing)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        out = args.shots.resolve() if args.shots else Path(scratch)
        out.mkdir(parents=True, exist_ok=True)
        print("\n".join(report(measure(out))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
