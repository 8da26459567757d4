"""``python -m game``: play UNO 1991 against the computer.

python -m game [--seed N] [--level easy|normal|hard] [--mute] [--low-memory | --no-low-memory] [--data-dir DIR]
               [--continue | --replay FILE | --rules 1991|standard|royal [--players N]]
               [--people N] [--names ANN,BOB] [--house PRESET|NAME,NAME]
python -m game --join ws://HOST:PORT/ROOM [--name NAME] [--rules R [--players N] [--house ...]] [--data-dir DIR]
python -m game --watch ws://HOST:PORT/ROOM [--data-dir DIR]
python -m game --export-last FILE [--data-dir DIR]
python -m game --headless --seed N --script FILE [--shots DIR] [--low-memory] [--data-dir DIR] [--continue]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.next_match import RunTable


def command_name(program: str) -> str:
    """The command the player typed, for ``--help`` and error messages:
    ``uno1991`` for the installed command, ``python -m game`` for the module
    (whose ``sys.argv[0]`` is the path of this file)."""
    name = Path(program).name
    return "python -m game" if name in ("__main__.py", "") else name


def folder(text: str) -> Path:
    """A folder given on the command line: an empty one is a mistake, not the current folder."""
    if not text.strip():
        raise argparse.ArgumentTypeError("needs a folder, not an empty name")
    return Path(text)


def join_address(text: str) -> str:
    """A room's address on the command line: ws:// or wss://, a host, a room."""
    from game.online.address import check_address

    url, problem = check_address(text)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return url


def watch_address(text: str) -> str:
    """The address of a room to watch: as ``--join``'s, and it names the
    room (``ws://HOST:PORT/`` asks for a new room, and a watch makes none)."""
    from game.online.address import names_room

    url = join_address(text)
    if not names_room(url):
        raise argparse.ArgumentTypeError(f"{url} names no room: give the room's address, ws://HOST:PORT/ROOM")
    return url


DESCRIPTION = (
    "UNO 1991: the 1991 HeadFirst PD game, you against the computer; standard UNO (up to nine computers) and "
    "Royal Revenge (up to five); several people at one machine (--people), or friends at an online table (--join,"
    " or --watch to watch one)."
)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    from game.rules.rulesets import RULESETS
    from game.storage.settings import SEATINGS

    parser = argparse.ArgumentParser(prog=command_name(sys.argv[0]), description=DESCRIPTION)
    parser.add_argument("--seed", type=int, default=None, help="deal the same games every time")
    parser.add_argument(
        "--level", choices=("easy", "normal", "hard"), default=None, help="the computer's skill (default: as saved)"
    )
    parser.add_argument(
        "--mute", action="store_true", default=None, help="start with the sound off (M or the menu turns it on)"
    )
    memory = parser.add_mutually_exclusive_group()
    memory.add_argument(
        "--low-memory",
        dest="low_memory",
        action="store_true",
        default=None,
        help="constrained-memory mode: no loading screen, title art or music (automatic under 1 GiB of RAM)",
    )
    memory.add_argument(
        "--no-low-memory", dest="low_memory", action="store_false", help="the normal mode, whatever the RAM"
    )
    parser.add_argument(
        "--data-dir",
        type=folder,
        default=None,
        help="keep settings and statistics in DIR (also $UNO1991_DATA_DIR; default: pyxel's user data directory)",
    )
    parser.add_argument(
        "--continue",
        dest="continue_match",
        action="store_true",
        help="go straight to the match saved when the game was last left (the title menu's CONTINUE)",
    )
    parser.add_argument("--replay", type=Path, metavar="FILE", help="watch a match from a record file")
    parser.add_argument(
        "--rules",
        choices=tuple(RULESETS),
        default=None,
        help="start a match of these rules at once, for this run (default: the title menu's)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=None,
        help="with --rules: players at the table, you included (standard 2-10, royal 2-6, 1991 2)",
    )
    parser.add_argument(
        "--teams",
        action="store_true",
        help="with --rules standard: partners, teams of two sitting opposite each other (4, 6, 8 or 10 players)",
    )
    parser.add_argument(
        "--people",
        type=int,
        default=None,
        help="people playing at this machine, for this run (1: you against the computers; 2 or more hand the"
        " screen over between them)",
    )
    parser.add_argument(
        "--names",
        default=None,
        metavar="ANN,BOB",
        help="the people's names, in seating order, for this run (default: as saved, or PLAYER 1, PLAYER 2...)",
    )
    parser.add_argument(
        "--seating",
        choices=SEATINGS,
        default=None,
        help="how the people sit among the computers, for this run: together (side by side; with --teams,"
        " opponents), apart (spread round the table; two people with --teams sit opposite: partners) or"
        " shuffled (default: as saved on PEOPLE)",
    )
    parser.add_argument(
        "--house",
        type=house_option,
        default=None,
        metavar="PRESET|NAME,NAME",
        help="standard UNO's house rules for this run: a preset (none, party, fast, all) or house rules separated"
        " by commas (default: as saved on HOUSE RULES)",
    )
    parser.add_argument(
        "--join",
        type=join_address,
        metavar="ws://HOST:PORT/ROOM",
        help="play at an online table: join this room of a table server (with --rules: its table, if you"
        " make the room)",
    )
    parser.add_argument(
        "--watch",
        type=watch_address,
        metavar="ws://HOST:PORT/ROOM",
        help="watch an online table: this room's table as everyone there sees it, without a seat in it",
    )
    parser.add_argument("--name", default=None, help="with --join: your name at the table (default: as saved)")
    parser.add_argument(
        "--export-last",
        type=Path,
        metavar="FILE",
        help="write the last finished match's record to FILE (for a bug report) and exit",
    )
    parser.add_argument("--headless", action="store_true", help="run without a window (needs --script)")
    parser.add_argument("--script", type=Path, help="headless: a file of press KEY / click X Y / wait N / shot NAME")
    parser.add_argument("--shots", type=Path, help="headless: the directory for shot NAME screenshots")
    args = parser.parse_args(argv)
    if args.continue_match and args.replay:
        parser.error("--continue and --replay: choose one")
    if args.seed is not None and args.seed < 0:
        parser.error("--seed takes a whole number, 0 or more")
    if args.players is not None and args.rules is None:
        parser.error("--players goes with --rules")
    if args.teams:
        check_teams(parser, args.rules, args.players)
    if args.rules is not None:
        from game.rules.rulesets import RULESETS

        rules = RULESETS[args.rules]
        if args.players is not None and not rules.min_players <= args.players <= rules.table_players:
            parser.error(f"--players {args.players}: {rules.seats()}")
        if args.continue_match or args.replay:
            parser.error("--rules starts a new match: not with --continue or --replay")
        if args.house and not rules.house_rules:
            parser.error(f"--house: house rules are options of the standard rules, not of --rules {args.rules}")
    if args.house is not None and args.join is not None and args.rules is None:
        parser.error("--house with --join goes with --rules: the table of the room you make")
    if args.house is not None and (args.continue_match or args.replay or args.watch):
        parser.error("--house chooses a new match's house rules: not with --continue, --replay or --watch")
    if args.join is not None and (args.continue_match or args.replay or args.people or args.names):
        parser.error("--join plays online: not with --continue, --replay, --people or --names")
    if args.seating is not None and (args.join or args.watch or args.continue_match or args.replay):
        parser.error(
            "--seating seats this machine's people at a new match: not with --join, --watch, --continue or --replay"
        )
    if args.watch is not None and (args.join or args.continue_match or args.replay or args.rules or args.people):
        parser.error("--watch watches a room: not with --join, --continue, --replay, --rules or --people")
    if args.watch is not None and (args.names or args.name):
        parser.error("--watch takes no name: a watcher has no seat")
    if args.name is not None and args.join is None:
        parser.error("--name goes with --join")
    if args.name is not None:
        from game.online.protocol import ProtocolError, clean_name

        try:
            args.name = clean_name(args.name)
        except ProtocolError as error:
            parser.error(f"--name: {error}")
    args.people_names = _people_names(parser, args)
    if args.headless and args.script is None:
        parser.error("--headless needs --script FILE")
    if not args.headless and (args.script or args.shots):
        parser.error("--script and --shots need --headless")
    return args


def house_option(text: str) -> tuple[str, ...]:
    """``--house``: a preset or house rules' names (``game.rules.house_presets``)."""
    from game.rules.house_presets import house_choice

    try:
        return house_choice(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _people_names(parser: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[str, ...] | None:
    """--people and --names as the people's names for this run (None: as saved)."""
    from game.rules.rulesets import RULESETS
    from game.storage.settings import MOST_PEOPLE, NAME_LENGTH, is_name

    if args.people is None and args.names is None:
        return None
    names = [] if args.names is None else [name.strip().upper() for name in args.names.split(",")]
    for name in names:
        if not is_name(name):
            parser.error(f"--names: {name!r} is not a name: up to {NAME_LENGTH} letters, digits, spaces or dashes")
    count = len(names) if args.people is None else args.people
    if not 1 <= count <= MOST_PEOPLE:
        parser.error(f"--people takes 1 to {MOST_PEOPLE}")
    if len(names) > count:
        parser.error(f"--names gives {len(names)} names for --people {count}")
    if args.players is not None and count > args.players:
        parser.error(f"--people {count} do not fit at a table of --players {args.players}")
    most = RULESETS[args.rules].table_players if args.rules is not None else None
    if most is not None and count > most:
        parser.error(f"--rules {args.rules} seats {most} players: --people takes 1 to {most}")
    if count == 1 and not names:
        return ("YOU",)
    return tuple(names + [f"PLAYER {i + 1}" for i in range(len(names), count)])


def page_arguments(search: str | None = None) -> list[str]:
    """The browser's command line, from its page address: ``index.html?join=
    ws://HOST:PORT/ROOM&name=ANN`` goes straight to that room (``--join``,
    ``--name``), ``index.html?watch=ws://HOST:PORT/ROOM`` watches it
    (``--watch``); anything else, the title menu. ``search``: the address's
    query (None: the page's own, ``location.search``). A link whose room
    address or name cannot be used is said on the console and the game
    starts on its title menu: a bad link never stops the game."""
    from urllib.parse import parse_qs

    if search is None:
        import js

        search = str(js.location.search)
    query = parse_qs(search.lstrip("?"))
    if "join" not in query and "watch" in query:
        return _watch_link(query["watch"][0])
    if "join" not in query:
        return []
    from game.online.address import check_address
    from game.online.protocol import ProtocolError, clean_name

    url, problem = check_address(query["join"][0])
    arguments = ["--join", url]
    try:
        if query.get("name"):
            arguments += ["--name", clean_name(query["name"][0])]
    except ProtocolError as error:
        problem = str(error)
    if problem is not None:
        return _bad_link(problem)
    return arguments


def _watch_link(address: str) -> list[str]:
    """``index.html?watch=ADDRESS``: ``--watch`` it, if it is a room's address."""
    try:
        return ["--watch", watch_address(address)]
    except argparse.ArgumentTypeError as error:
        return _bad_link(str(error))


def _bad_link(problem: str) -> list[str]:
    print(f"the page's link cannot be used ({problem}): the title menu instead", file=sys.stderr)
    return []


def main(argv: list[str] | None = None) -> int:
    if importlib.util.find_spec("pyxel") is None:  # the system's Python, say: the README's commands use the venv's
        print(
            f"{command_name(sys.argv[0])}: this Python ({sys.executable}) has no pyxel: run the game with"
            " the virtual environment's, .venv/bin/python -m game, once the README's Play command has made it",
            file=sys.stderr,
        )
        return 1
    args = parse_args(argv)
    seed = random.randrange(2**31) if args.seed is None else args.seed
    from game.ui.device import runtime
    from game.ui.device.system import low_memory_mode

    low_memory = low_memory_mode(args.low_memory)
    data_dir = runtime.data_dir_choice(args.data_dir)  # an absolute path, or None
    if args.export_last:
        return export_last(args.export_last, data_dir)
    replay = None
    if args.replay:
        replay = read_replay(args.replay)
        if replay is None:
            return 2
    from game.ui.next_match import RunTable

    table = None if args.rules is None else RunTable(args.rules, args.players, args.teams)
    join = None
    if args.join is not None:
        join, table = online_request(args, table), None
    elif args.watch is not None:
        join = (args.watch, None, None, None, True)  # (``LobbyScene``'s url, name, table, server, watch)
    # What to start on, the same in a window and headless.
    start: dict[str, Any] = {
        "continue_match": args.continue_match,
        "replay": replay,
        "table": table,
        "people": args.people_names,
        "join": join,
        "house": args.house,
        "seating": args.seating,
    }
    if args.headless:
        from game.ui.device.script import run_headless

        run = (args.script, seed, args.level, args.mute, args.shots, low_memory, data_dir)
        return run_headless(*run, **start)
    from game.ui.app import run_window
    from game.ui.device import display

    screen = display.probe()  # None where it cannot be known: then there is a display
    if screen is not None and not screen.visible:
        print(display.no_display_message(command_name(sys.argv[0])), file=sys.stderr)
        return 1
    run_window(
        seed,
        args.level,
        args.mute,
        low_memory,
        lambda: runtime.choose_store(data_dir, headless=False),
        display_scale=display.window_scale(screen),
        **start,
    )
    return 0


def check_teams(parser: argparse.ArgumentParser, rules: str | None, players: int | None) -> None:
    """``--teams``: partners need the standard rules and a table of teams (the engine's check)."""
    from game.rules.game import check_teams as engine_check
    from game.rules.rulesets import RULESETS

    if rules is None:
        parser.error("--teams goes with --rules standard: partners play standard UNO")
    try:
        engine_check(RULESETS[rules], players, True)
    except ValueError as error:
        parser.error(f"--teams: {error}")


def online_request(args: argparse.Namespace, table: RunTable | None) -> tuple:
    """``--join``'s address, your name (None: the title's) and, with
    ``--rules`` (and ``--house``), the table of the room if you make it (every seat a person's:
    the room's creator starts it with computers in the seats left free)."""
    room_table = None
    if table is not None:
        from game.rules.rulesets import RULESETS

        rules, players, teams = table
        players = players or (4 if teams else RULESETS[rules].min_players)
        room_table = {"rules": rules, "players": players, "people": players, "teams": teams}
        if args.house:
            room_table["house"] = list(args.house)
        if args.level:
            room_table["level"] = args.level
    return args.join, args.name, room_table


def read_replay(path: Path):
    """The match in a record file, or None after saying why it cannot be watched."""
    from game.storage.replays import read_replay_file
    from game.storage.saves import printable

    try:
        return read_replay_file(path)
    except (OSError, ValueError) as error:
        print(f"cannot replay {path}: {printable(str(error))}", file=sys.stderr)
        return None


def export_last(path: Path, data_dir: Path | None) -> int:
    """``--export-last FILE``: the last finished match's record, with its facts."""
    from game.storage.replays import export_text
    from game.storage.saves import printable
    from game.ui.device import runtime

    if data_dir is None:
        from game.ui.app import init_pyxel

        init_pyxel(headless=True)  # pyxel's user data directory needs it
    store = runtime.choose_store(data_dir, headless=False)
    finished = store.finished()
    for problem in store.take_problems():
        print(problem, file=sys.stderr)
    if not finished:
        print("no finished match to export yet", file=sys.stderr)
        return 1
    try:
        path.write_text(export_text(finished[0]), encoding="utf-8")
    except OSError as error:
        print(f"cannot write {path}: {error}", file=sys.stderr)
        return 1
    print(f"wrote the match of {printable(finished[0].date)} ({printable(str(finished[0].result))}) to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
