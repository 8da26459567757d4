"""How loud the table's sounds are, measured as a player hears them: the game
plays each sound of a match through its own Audio, SDL's disk audio driver
records what pyxel mixes (16-bit mono samples at 22050 Hz), and the test
measures each sound's peak in that stream.

The turn pip is how you know it is your turn (as in 1991): it must be as loud
as the loudest sound of the table, without clipping. After the table's
sounds the recording plays the title music for a few seconds: a player who
sets the volume on the title must hear the table as loud, so every table
sound peaks within 3 dB of the title music (issue 20; the levels measured
are in docs/table.md)."""

from __future__ import annotations

import array
import math
import os
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # seconds a test: not in the quick tier, pytest -m "not slow"

ROOT = Path(__file__).resolve().parent.parent
RATE = 22050
FULL_SCALE = 32768
# Every sound a match plays, in the order the recording plays them.
TABLE_SOUNDS = (
    "pip",
    "play",
    "draw",
    "penalty",
    "buzz",
    "deal",
    "hand won",
    "hand lost",
    "match won",
    "match lost",
    "fanfare",
    "uno",
    "caught",
)
GAP = 0.5  # seconds of silence after each sound, to tell them apart
MUSIC_SECONDS = 6  # of the title music, after the table's sounds (its loop is 5.1 s)
BALANCE_DB = 3  # every table sound peaks within this of the title music
SPLIT = 0.12  # seconds of silence that end a sound (its own rests are 75 ms at most)

PLAYER = f"""
import time
import pyxel
from game.ui.app import init_pyxel
from game.ui.device.audio import Audio
from game.ui.device.resource_loader import Loader

init_pyxel(headless=True)
loader = Loader(low_memory=False)
loader.title_art()
loader.finish()
audio = Audio(muted=False, notice=lambda line: None, music=True)
time.sleep({GAP})
for name in {TABLE_SOUNDS!r}:
    audio.play(name)
    while any(pyxel.play_pos(channel) is not None for channel in range(4)):
        time.sleep(0.005)
    time.sleep({GAP})
audio.start_music()
time.sleep({MUSIC_SECONDS})
audio.stop_music()
time.sleep({GAP})
"""


def record_table_sounds(raw: Path) -> array.array:
    env = {**os.environ, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(raw)}
    result = subprocess.run(
        [sys.executable, "-c", PLAYER], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stderr
    return array.array("h", raw.read_bytes())


def split_sounds(samples: array.array) -> list[array.array]:
    """The stretches of sound between silences longer than SPLIT (the gaps
    between the sounds; a loaded machine may record less of each gap than
    was slept, never as little as that)."""
    quiet = int(FULL_SCALE * 0.001)
    sounds, start, silent = [], None, 0
    for index, value in enumerate(samples):
        if abs(value) > quiet:
            if start is None:
                start = index
            silent = 0
        elif start is not None:
            silent += 1
            if silent > RATE * SPLIT:
                sounds.append(samples[start : index - silent + 1])
                start, silent = None, 0
    if start is not None:
        sounds.append(samples[start:])
    return sounds


def peak(sound: array.array) -> float:
    return max(abs(value) for value in sound) / FULL_SCALE


def dbfs(level: float) -> float:
    return 20 * math.log10(level)


def pitch(sound: array.array) -> float:
    """The fundamental frequency, in Hz, from the upward zero crossings."""
    crossings = sum(1 for a, b in pairwise(sound) if a < 0 <= b)
    return crossings * RATE / len(sound)


@pytest.fixture(scope="module")
def levels(tmp_path_factory) -> dict[str, array.array]:
    samples = record_table_sounds(tmp_path_factory.mktemp("audio") / "table.raw")
    sounds = split_sounds(samples)
    assert len(sounds) == len(TABLE_SOUNDS) + 1, "each sound is recorded apart from the next, then the music"
    recorded = dict(zip((*TABLE_SOUNDS, "title music"), sounds, strict=True))
    for name, sound in recorded.items():
        level = peak(sound)
        print(f"{name:>10}: peak {level:.3f} ({dbfs(level):.1f} dBFS), {len(sound) * 1000 // RATE} ms")
    return recorded


def test_the_turn_pip_is_as_loud_as_the_loudest_table_sound(levels):
    pip = peak(levels["pip"])
    loudest_name = max((name for name in TABLE_SOUNDS if name != "pip"), key=lambda name: peak(levels[name]))
    loudest = peak(levels[loudest_name])
    assert dbfs(pip) >= dbfs(loudest) - 0.5, f"the pip ({pip:.3f}) is quieter than the {loudest_name} ({loudest:.3f})"
    assert dbfs(pip) <= dbfs(loudest) + 3, "and not much louder"


def test_the_pip_never_clips_even_over_the_loudest_sound_on_the_other_channel(levels):
    loudest = max(peak(levels[name]) for name in TABLE_SOUNDS if name != "pip")
    assert peak(levels["pip"]) + loudest < 1.0


def test_every_table_sound_is_within_3_db_of_the_title_music(levels):
    music = dbfs(peak(levels["title music"]))
    assert len(levels["title music"]) / RATE >= MUSIC_SECONDS - 1, "the music plays on, with no long rest"
    for name in TABLE_SOUNDS:
        level = dbfs(peak(levels[name]))
        assert abs(level - music) <= BALANCE_DB, f"the {name} peaks at {level:.1f} dBFS, the title music at {music:.1f}"


def test_the_pip_is_the_loudest_table_sound_and_nothing_clips(levels):
    pip = peak(levels["pip"])
    assert all(peak(levels[name]) <= pip for name in TABLE_SOUNDS)
    assert all(peak(sound) < 1.0 for sound in levels.values())


def test_the_pip_is_still_a_short_high_pip(levels):
    pip = levels["pip"]
    assert 1700 <= pitch(pip) <= 1820, "an A at 1760 Hz"
    assert 0.04 <= len(pip) / RATE <= 0.12
