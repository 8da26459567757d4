"""``python -m game``: play UNO 1991 against the computer.

python -m game [--seed N] [--level easy|normal|hard] [--mute]
python -m game --headless --seed N --script FILE [--shots DIR]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m game", description="UNO 1991: you against the computer.")
    parser.add_argument("--seed", type=int, default=None, help="deal the same games every time")
    parser.add_argument("--level", choices=("easy", "normal", "hard"), default="normal", help="the computer's skill")
    parser.add_argument("--mute", action="store_true", help="start with the sound off (M toggles it)")
    parser.add_argument("--headless", action="store_true", help="run without a window (needs --script)")
    parser.add_argument("--script", type=Path, help="headless: a file of press KEY / wait N / shot NAME lines")
    parser.add_argument("--shots", type=Path, help="headless: the directory for shot NAME screenshots")
    # Accepted now; a later issue gives it meaning (skip the loading screen).
    memory = parser.add_mutually_exclusive_group()
    memory.add_argument("--low-memory", dest="low_memory", action="store_true", default=None)
    memory.add_argument("--no-low-memory", dest="low_memory", action="store_false")
    args = parser.parse_args(argv)
    if args.headless and args.script is None:
        parser.error("--headless needs --script FILE")
    if not args.headless and (args.script or args.shots):
        parser.error("--script and --shots need --headless")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    seed = random.randrange(2**31) if args.seed is None else args.seed
    if args.headless:
        from game.ui.script import run_headless

        return run_headless(args.script, seed, args.level, args.mute, args.shots)
    from game.ui.app import run_window

    run_window(seed, args.level, args.mute)
    return 0


if __name__ == "__main__":
    sys.exit(main())
