"""The proof that no match is lost: the real game, killed with SIGKILL.

The real ``python -m game --headless`` process plays random keys (cards,
pick-ups, wild colours, the in-match menu, hand results) and is killed with
SIGKILL at a random frame, in every scene, mid-animation and mid-choice.
Then ``--continue`` starts it again from what it saved; that process is in
turn killed, and so on: more than 50 kills over three seeds. Each time:

* the saved match is never corrupt: it parses and its record replays;
* at most the last action is lost: the file holds the moves the process
  said it had saved, or one more (killed between the save and the line);
* its record carries on the record it was continued from;
* the continued process restores exactly the replay of the saved record
  (the engine's whole state, by fingerprint, and the table it shows).
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import Game
from game.storage.files import MATCH_FILE
from game.storage.saves import parse, state_digest
from game.ui.table.board import hand_order

ROOT = Path(__file__).resolve().parents[1]
SEEDS = (11, 12, 13)
KILLS_PER_SEED = 18
LAST_FRAME = 1500  # a kill comes at a random frame up to here

pytestmark = [pytest.mark.slow, pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals")]


def random_script(rng: random.Random, frames: int) -> str:
    """Keys a restless player might press, with waits, for about ``frames``."""
    lines, total = [], 0
    while total < frames:
        roll = rng.random()
        if roll < 0.3:
            lines.append("press RIGHT")
        elif roll < 0.38:
            lines.append("press LEFT")
        elif roll < 0.62:
            lines.append("press RETURN")
        elif roll < 0.72:
            lines.append(f"press {rng.choice('RGYB')}")
        elif roll < 0.84:
            lines.append("press P")
        elif roll < 0.86:
            pause = rng.randint(1, 20)
            lines += ["press ESCAPE", f"wait {pause}", "press N"]
            total += pause
        else:
            frames_waited = rng.randint(1, 30)
            lines.append(f"wait {frames_waited}")
            total += frames_waited
        total += 1
    return "\n".join(lines) + "\n"


def frame_of(line: str) -> int | None:
    words = line.split(maxsplit=1)
    return int(words[0]) if words and words[0].isdigit() else None


def run_until_killed(args: list[str], kill_at: int, kill_on: str = "") -> list[str]:
    """Run the game until it reports a frame >= ``kill_at`` (or, with
    ``kill_on``, a line ending so), SIGKILL it, and return every line it
    wrote (unbuffered, so all of them)."""
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "game", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    lines = []
    for line in process.stdout:
        lines.append(line.rstrip("\n"))
        frame = frame_of(line)
        if frame is not None and (frame >= kill_at or (kill_on and line.rstrip().endswith(kill_on))):
            process.send_signal(signal.SIGKILL)
            break
    lines += [line.rstrip("\n") for line in process.stdout]  # what it wrote before it died
    process.wait(timeout=60)
    return lines


def action_lines(record: str) -> list[str]:
    """The record's actions (docs/records.md): the lines after the header."""
    header = ("rules ", "players ", "seed ", "starter ", "deck ", "#")
    return [line for line in record.splitlines() if line and not line.startswith(header)]


def last_saved_moves(lines: list[str]) -> int | None:
    """The moves of the last save the process reported (None: the match was
    finished and its save cleared after that, or no match was started)."""
    saved = None
    for line in lines:
        found = re.search(r"saved match (\d+) moves$", line)
        if found:
            saved = int(found.group(1))
        elif line.endswith("match kept for replays"):
            saved = None
    return saved


def scene_at_kill(lines: list[str]) -> str:
    scenes = [line.split()[-1] for line in lines if " scene " in line]
    return scenes[-1] if scenes else ""


def check_restored(lines: list[str], record: str) -> None:
    """The continued process shows exactly the replay of the saved record."""
    game = Game.replay(record)
    states = [line.split(maxsplit=1)[1] for line in lines if re.match(r"\s*\d+ state ", line)]
    assert states == [f"state {state_digest(game)}"]
    table = next(line for line in lines if " table you " in line)
    hand = " ".join(sorted(game.hands[0], key=hand_order))
    drawn = game.drawn if game.turn == 0 and game.drawn else "-"
    expected = (
        f"table you {hand} | computer {len(game.hands[1])} cards | top {game.top} {game.colour} "
        f"| scores {game.scores[0]} {game.scores[1]} | drawn {drawn}"
    )
    assert table.split(maxsplit=1)[1] == expected


def test_killing_the_game_at_random_frames_never_loses_more_than_the_last_action(tmp_path):
    scenes: dict[str, int] = {}
    mid_choice = just_after_a_save = kills = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        data = tmp_path / f"seed{seed}"
        saved_path = data / MATCH_FILE
        previous = None  # the saved match the next run continues from
        for kill in range(KILLS_PER_SEED):
            script = tmp_path / f"script{seed}-{kill}.txt"
            start = "" if kill else "press RETURN\n"  # PLAY on the title menu
            script.write_text(start + random_script(rng, LAST_FRAME + 200))
            args = ["--headless", "--low-memory", "--level", "easy", "--seed", str(seed), "--data-dir", str(data)]
            args += ["--script", str(script)] + (["--continue"] if previous else [])
            # Every third kill comes as soon as a hand's result shows, if one does.
            kill_on = "scene hand_result" if kill % 3 == 2 else ""
            lines = run_until_killed(args, kill_at=rng.randint(1, LAST_FRAME), kill_on=kill_on)
            kills += 1
            if previous is not None:
                check_restored(lines, previous.record)

            reported = last_saved_moves(lines)
            if not saved_path.exists():
                assert reported is None, "a match said saved is gone"
                previous = None
                continue
            saved = parse(saved_path.read_bytes())  # never corrupt: it parses and replays
            assert len(action_lines(saved.record)) == saved.moves
            if reported is not None:
                assert saved.moves in (reported, reported + 1), "more than the last action lost"
            if previous is not None and saved.match == previous.match:
                assert action_lines(saved.record)[: previous.moves] == action_lines(previous.record)
            previous = saved

            scene = scene_at_kill(lines)
            scenes[scene] = scenes.get(scene, 0) + 1
            prompts = [line for line in lines if " prompt " in line]
            mid_choice += bool(prompts) and ("Colour?" in prompts[-1] or "you picked up" in prompts[-1])
            last_frame = frame_of(lines[-1]) or 0
            save_frames = [frame_of(line) for line in lines if " saved match " in line]
            just_after_a_save += bool(save_frames) and last_frame - save_frames[-1] < 10
    print(f"\n{kills} kills: scenes {scenes}, mid-choice {mid_choice}, within 10 frames of a save {just_after_a_save}")
    assert kills >= 50
    assert {"table", "paused", "hand_result"} <= scenes.keys()
    assert mid_choice >= 1 and just_after_a_save >= 1
