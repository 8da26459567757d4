"""Make every headless screenshot of docs/screenshots/ afresh.

    python tools/screenshots.py OUT_DIR [--only GROUP,GROUP]

Each group of pictures runs the real game headless (``init_pyxel(headless=True)``
and the ``App`` that ``python -m game --headless`` runs) in a process of its
own, and gets where it is going through the menus as they are now: it reads
which item is highlighted, which rule set a RULES item shows, which page How
to Play is on, whose turn it is and what the engine allows, and presses keys
until the game is there (``tests/scripts/ui_bot.py`` plays the tour's
match). No key counts are recorded, so a new menu item or page moves the
pictures with it. The same game gives the same pictures byte for byte, so
``tests/test_screenshots.py`` runs this and compares with the committed ones.

    python tools/screenshots.py docs/screenshots     # regenerate them all

The pictures of a real window (the window's size, the mouse pointer, the
prompt line and the settings warning in docs/first-five-minutes.md, made under
Xvfb) are not made here: see ``tools/window_screenshots.py``.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "scripts"))

# Every headless picture, by the group that makes it. tests/test_screenshots.py
# checks that docs/screenshots holds exactly these and the window pictures.
GROUPS: dict[str, tuple[str, ...]] = {
    "tour": (
        "loading",
        "title",
        "how_to_play",
        "how_to_play_rules",
        "match_menu",
        "table",
        "colour_choice",
        "hand_result",
        "match_result",
        "statistics",
    ),
    "low_memory": ("title_low_memory",),
    "people": ("people_names", "people_table_10"),
    "menus": ("title_rules", "house_rules", "how_to_play_new_keys", "how_to_play_royal", "keys"),
    "tables": (
        "table_2_players",
        "table_4_players",
        "table_7_players",
        "table_10_players",
        "table_royal",
    ),
    "hand_results": ("hand_result_6_players", "hand_result_tally"),
    "continue": ("title_continue",),
    "replays": ("replays", "replay", "replay_end"),
    "join": ("join",),
    "signs": ("colour_signs_menu", "colour_signs"),
    "partners": ("table_partners", "hand_result_partners"),
}
# Made in a real window under Xvfb by tools/window_screenshots.py (the "after"
# pictures), or kept from before a change (the "before" ones): never here.
WINDOW_PICTURES = (
    "window_before",
    "window_after",
    "window_resized_before",
    "window_resized_after",
    "pointer_before",
    "pointer_after",
    "pointer_move_key_move_leave",
    "people_curtain_ann",
    "people_turn_ann",
    "people_curtain_bob",
    "people_turn_bob",
    "online_lobby",
    "online_table",
    "online_chat_bubble",
    "online_chat_strip",
    "online_play_again",
    "online_play_again_waiting",
    "online_play_again_next",
    "online_watch",
    "prompt_before",
    "prompt_after",
    "prompt_key_refused",
    "settings_warning_before",
    "settings_warning_after",
)
FIXED_DATES = ("2026-11-28 19:05", "2026-11-29 20:40", "2026-11-30 21:15")
LIMIT = 20_000  # frames: far more than any animation or menu takes


class Pictures:
    """Drives one App with keys, waiting on what the game shows, and writes shots."""

    def __init__(self, out: Path, seed: int, **options) -> None:
        from ui_bot import Bot

        from game.ui.app import App, init_pyxel
        from game.ui.device.script import Driver

        init_pyxel(headless=True)
        self.out = out
        self.app = App(seed, report=lambda line: None, **options)
        self.driver = Driver(self.app)
        self.bot = Bot(self.app)  # plays a match as a person would, through the keys

    # ----- time and keys ----------------------------------------------------------------

    def press(self, *names: str) -> None:
        from game.ui.device import keys

        for name in names:
            self.driver.frame([keys.key_code(name)])

    def wait(self, frames: int) -> None:
        for _ in range(frames):
            self.driver.frame()

    def wait_until(self, ready, what: str) -> None:
        for _ in range(LIMIT):
            if ready():
                return
            self.driver.frame()
        raise SystemExit(f"tools/screenshots.py: never {what} (frame {self.app.frame})")

    def shot(self, name: str) -> None:
        self.driver.shot(self.out / f"{name}.png")

    # ----- the menus, as they are -------------------------------------------------------

    def to_title(self) -> None:
        if self.app.scene == "loading":
            self.press("RETURN")
        self.wait_until(lambda: self.app.scene == "title", "reached the title menu")

    def highlight(self, item: str) -> None:
        items = self.app.context.title.items
        if item not in items.keys:
            raise SystemExit(f"tools/screenshots.py: the title menu has no {item!r}: {items.keys}")
        while items.current != item:
            self.press("DOWN" if items.keys.index(item) > items.cursor else "UP")

    def choose(self, item: str) -> None:
        self.highlight(item)
        self.press("RETURN")

    def set_item(self, item: str, setting: str, value) -> None:
        """Cycle a title menu item with RIGHT until the setting it shows is ``value``."""
        self.highlight(item)
        for _ in range(20):
            if getattr(self.app.context.settings, setting) == value:
                return
            self.press("RIGHT")
        raise SystemExit(f"tools/screenshots.py: {item} never showed {value!r}")

    def set_table(self, rules: str, players: int, scoring: str = "points") -> None:
        self.set_item("rules", "rules", rules)
        if rules != "1991":
            self.set_item("opponents", "opponents", players - 1)
        self.set_item("scoring", "scoring", scoring)

    def how_to_play_page(self, heading: str) -> None:
        """Turn How to Play's pages with RIGHT to the first whose heading starts so."""
        screen = self.app.navigator.top.screen
        for _ in range(30):
            if screen.heading.startswith(heading):
                return
            self.press("RIGHT")
        raise SystemExit(f"tools/screenshots.py: How to Play has no page {heading!r}")

    # ----- the table --------------------------------------------------------------------

    def your_turn(self) -> None:
        self.wait_until(
            lambda: self.app.scene != "table" or (self.app.match is not None and self.app.match.waiting_for_you),
            "came to your turn",
        )

    def pick_up_always(self) -> None:
        """Your turn, played without a card: pick up and pass; accept a Wild
        Draw Four; name red; as King, the first seat offered."""
        legal = self.app.match.game.legal(0)
        if "accept" in legal:
            self.press("A")
        elif any(action.startswith("colour") for action in legal):
            self.press("R")
        elif any(action.startswith(("jester", "target")) for action in legal):
            self.press("RETURN")
        else:
            self.press("P")  # pick up, or pass after picking up

    def hand_by_picking_up(self) -> None:
        while True:
            self.your_turn()
            if self.app.scene != "table":
                return
            self.pick_up_always()


# A process of this tool that makes pictures (SDL's dummy audio driver: no sound is
# played into pictures, and it spares the ALSA lines and pyxel's "Failed to initialize
# audio device") runs without SDL's signal handlers, which turn SIGTERM into a quit
# event a headless run never reads: a hung child once ignored SIGTERM so. It ends
# without the interpreter's and SDL's teardown (see main), where SDL joins its audio
# thread, the one other thread of a headless pyxel process; a --group child once hung
# ten minutes in a futex wait under a busy test suite.
CHILD_ENV = {"SDL_AUDIODRIVER": "dummy", "SDL_NO_SIGNAL_HANDLERS": "1"}
CHILD_TIMEOUT = 300.0  # seconds: one group takes a few on a busy machine


def again(out: Path, option: str, value: str) -> None:
    """Run this tool again, in a process (and process group) of its own, for one piece
    of work; one that has not finished in CHILD_TIMEOUT is killed, group and all, and
    the tool stops saying which."""
    command = [sys.executable, __file__, str(out), option, value]
    with subprocess.Popen(
        command, env={**os.environ, **CHILD_ENV}, stdout=subprocess.DEVNULL, start_new_session=True
    ) as child:
        try:
            status = child.wait(CHILD_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
            raise SystemExit(
                f"tools/screenshots.py: {option} {value} did not finish in {CHILD_TIMEOUT:.0f} s"
            ) from None
    if status != 0:
        raise SystemExit(f"tools/screenshots.py: {option} {value} failed (exit status {status})")


# ----- the groups ---------------------------------------------------------------------------


def tour(out: Path) -> None:
    """Seed 3, normal mode: the loading screen, the title menu, How to Play,
    a whole 1991 match to 500 (the in-match menu on its first turn), the statistics."""
    p = Pictures(out, 3)
    p.wait(15)
    p.shot("loading")
    p.wait_until(lambda: p.app.scene == "title", "left the loading screen")
    p.wait(20)
    p.shot("title")
    p.choose("howto")
    p.shot("how_to_play")
    p.how_to_play_page("THE 1991 RULES")
    p.shot("how_to_play_rules")
    p.press("ESCAPE")
    p.choose("play")
    p.your_turn()
    p.press("ESCAPE")
    p.shot("match_menu")
    p.press("N")
    p.bot.shots = True  # the bot's own moments: its 4th turn, the first wild, results
    taken: set[str] = set()

    def once(name: str) -> None:
        if name not in taken:
            taken.add(name)
            p.shot(name)

    p.bot.shot = once
    p.bot.play_match()
    p.press("ESCAPE", "Y")
    p.wait_until(lambda: p.app.scene == "title", "went back to the title")
    p.choose("stats")
    p.shot("statistics")


def low_memory(out: Path) -> None:
    p = Pictures(out, 1, low_memory=True)
    p.to_title()
    p.wait(20)
    p.shot("title_low_memory")


def people(out: Path) -> None:
    """The PEOPLE screen while ANN's name is typed; then four people (ANN,
    BOB, CY, DEE, seated apart) at a table of ten, the first person's turn
    once the curtain has opened for them."""
    p = Pictures(out, 2)
    p.to_title()
    p.set_table("standard", 10)  # PEOPLE counts up to the table's size
    p.choose("people")
    p.wait_until(lambda: p.app.scene == "people", "opened the PEOPLE screen")
    screen = p.app.navigator.top.screen
    p.press("RIGHT")  # two people

    def name(person: int, letters: str) -> None:
        while screen.items.current != f"person {person}":
            p.press("DOWN")
        p.press("RETURN", *["BACKSPACE"] * 9, *letters)

    name(0, "ANN")
    p.wait(4)
    p.shot("people_names")
    p.press("RETURN")
    name(1, "BOB")
    p.press("RETURN")
    while screen.items.current != "count":
        p.press("UP")
    while screen.count != 4:
        p.press("RIGHT")
    for person, letters in ((2, "CY"), (3, "DEE")):
        name(person, letters)
        p.press("RETURN")
    while screen.items.current != "seating":
        p.press("DOWN")
    while screen.seating != "apart":
        p.press("RIGHT")
    p.press("DOWN", "RETURN", "Y")
    p.wait_until(lambda: p.app.scene == "title", "kept the people")
    p.choose("play")
    p.wait_until(lambda: p.app.scene == "handover", "drew the curtain")
    p.press("RETURN")
    p.your_turn()
    p.shot("people_table_10")


def menus(out: Path) -> None:
    """The title menu set for Royal Revenge against three, the house rules
    screen (the PARTY preset), How to Play's pages of the new keys and of
    Royal Revenge, and the KEYS screen refusing a key taken twice."""
    p = Pictures(out, 1)
    p.to_title()
    p.set_item("rules", "rules", "standard")
    p.choose("house")
    p.wait_until(lambda: p.app.scene == "house", "opened the house rules")
    p.press(*["UP"] * 2, "RETURN")  # from STACKING round to PRESET: NONE becomes PARTY
    p.shot("house_rules")
    p.press("ESCAPE")
    p.wait_until(lambda: p.app.scene == "title", "went back from the house rules")
    p.set_table("royal", 4)
    p.highlight("opponents")
    p.wait(20)
    p.shot("title_rules")
    p.choose("howto")
    p.how_to_play_page("THE KEYS OF STANDARD")
    p.shot("how_to_play_new_keys")
    p.how_to_play_page("ROYAL REVENGE")
    p.shot("how_to_play_royal")
    p.press("ESCAPE")
    p.wait_until(lambda: p.app.scene == "title", "went back from How to Play")
    p.choose("keys")
    p.wait_until(lambda: p.app.scene == "keys", "opened the keys")
    p.press(*["DOWN"] * 5, "RETURN", "D", "UP", "RETURN", "D")  # PICK UP OR PASS on D; D refused for PLAY
    p.wait(3)
    p.shot("keys")


def tables(out: Path) -> None:
    """Each table at your first turn (Royal Revenge a few turns on, the
    scepter's bar filling), every match chosen on the title menu."""
    for name, rules, players, turns in (
        ("table_2_players", "standard", 2, 1),
        ("table_4_players", "standard", 4, 1),
        ("table_7_players", "standard", 7, 1),
        ("table_10_players", "standard", 10, 1),
        ("table_royal", "royal", 4, 3),
    ):
        again(out, "--table", f"{name},{rules},{players},{turns}")


def one_table(out: Path, spec: str) -> None:
    name, rules, players, turns = spec.split(",")
    p = Pictures(out, 2)
    p.to_title()
    p.set_table(rules, int(players))
    p.choose("play")
    for turn in range(int(turns)):
        p.your_turn()
        if turn < int(turns) - 1:
            p.pick_up_always()
            p.wait(1)
    p.shot(name)


def hand_results(out: Path) -> None:
    """The end of a hand at six players, and with the lowest-total scoring
    (Royal Revenge, four players), you always picking up."""
    for name, rules, players, scoring in (
        ("hand_result_6_players", "standard", 6, "points"),
        ("hand_result_tally", "royal", 4, "tally"),
    ):
        again(out, "--hand", f"{name},{rules},{players},{scoring}")


def one_hand(out: Path, spec: str) -> None:
    name, rules, players, scoring = spec.split(",")
    p = Pictures(out, 1)
    p.to_title()
    p.set_table(rules, int(players), scoring)
    p.choose("play")
    p.hand_by_picking_up()
    p.wait_until(lambda: p.app.scene == "hand_result", "saw the hand's result")
    p.wait(30)
    p.shot(name)


def continue_title(out: Path) -> None:
    """A match left after a few actions, then the game started again on the
    same data directory: the title menu offers CONTINUE."""
    with tempfile.TemporaryDirectory() as data:
        again(out, "--leave-a-match", data)
        again(out, "--continue-title", data)


def leave_a_match(data: Path) -> None:
    from game.ui.device import runtime

    p = Pictures(data, 4, store=runtime.choose_store(data, True))
    p.to_title()
    p.choose("play")
    for _ in range(3):
        p.your_turn()
        p.pick_up_always()
    p.wait(1)  # the process ends here, as when the window is closed mid-match


def continue_picture(out: Path, data: Path) -> None:
    from game.ui.device import runtime

    p = Pictures(out, 4, store=runtime.choose_store(data, True))
    p.to_title()
    p.wait(20)
    if p.app.context.title.items.current != "continue":
        raise SystemExit("tools/screenshots.py: the title menu offers no CONTINUE")
    p.shot("title_continue")


def finished_matches(data: Path) -> None:
    """Three finished matches in ``data``, as the game keeps them: played to
    500 by computer players (hard for you, the level's for the others), on
    fixed dates so the list's picture does not change with the day."""
    from game.ai import make
    from game.rules import Game
    from game.storage.saves import SavedMatch
    from game.storage.store import open_store
    from game.ui.seats.kinds import seat_name

    store = open_store(data)  # not locked: the game that shows them runs next, in another process
    matches = (("1991", 2, "normal"), ("standard", 4, "hard"), ("royal", 3, "easy"))
    for number, (rules, players, level) in enumerate(matches):
        game = Game(rules, players, seed=100 + number)
        seats = [make("hard", seed=0)] + [make(level, seed=seat) for seat in range(1, players)]
        while not game.match_over:
            if game.hand_over:
                game.next_hand()
                continue
            game.act(seats[game.turn].choose(game.view(game.turn)))
        score = ", ".join(f"{seat_name(seat, players).lower()} {n}" for seat, n in enumerate(game.scores))
        won = "won" if game.match_winner == 0 else "lost"
        saved = SavedMatch(
            record=game.record(),
            level=level,
            computer_seed=number,
            rules=rules,
            players=players,
            scoring=game.scoring,
            match=number + 1,
            moves=len(game.record().splitlines()),
            date=FIXED_DATES[number],
        )
        store.keep_finished(saved.finished(f"{won} {score}"))


def replays(out: Path) -> None:
    with tempfile.TemporaryDirectory() as data:
        finished_matches(Path(data))
        again(out, "--replays", data)


def replays_pictures(out: Path, data: Path) -> None:
    """REPLAYS on the title menu, the list; then the newest played back: a
    few moves in, paused; then at its end, played at the fastest speed."""
    from game.ui.device import runtime

    p = Pictures(out, 1, store=runtime.choose_store(data, True))
    p.to_title()
    p.choose("replays")
    p.wait_until(lambda: p.app.scene == "replays", "opened the replays")
    p.wait(10)
    p.shot("replays")
    p.press("RETURN")
    p.wait_until(lambda: p.app.scene == "replay", "started the replay")
    viewer = p.app.navigator.top.viewer
    p.wait_until(lambda: viewer.count >= 8, "saw the replay's eighth move")
    p.press("RETURN")  # pause
    p.wait(2)
    p.shot("replay")
    p.press("RETURN")
    for _ in range(12):
        p.press("UP")  # faster, to the fastest
    p.wait_until(lambda: viewer.at_end, "reached the replay's end")
    p.wait(30)
    p.shot("replay_end")


def join_screen(out: Path) -> None:
    """JOIN ONLINE with a host's address typed (as pyxel's text input gives
    it) and a name."""
    import pyxel

    p = Pictures(out, 1)
    p.to_title()
    p.choose("join")
    p.wait_until(lambda: p.app.scene == "join", "opened JOIN ONLINE")
    p.press("RETURN")  # typing the address
    p.wait(1)
    pyxel.set_input_text("ws://192.168.1.20:8765/kx3Tq9aZ")
    p.wait(1)
    pyxel.set_input_text("")
    p.press("RETURN", "DOWN", "RETURN")  # kept; the name
    p.press(*["BACKSPACE"] * 9, "A", "N", "N", "RETURN", "DOWN")
    p.wait(10)
    p.shot("join")


def colour_signs(out: Path) -> None:
    """COLOUR SIGNS switched on in the in-match menu, then the colours to
    name after your Wild: every colour's sign on the cards, the buttons and
    the colour in play (the deal tools/colour_vision.py measures)."""
    from colour_vision import COMPUTER, HAND, TURNED_UP
    from decks import stacked

    p = Pictures(out, 1, deck=stacked(HAND, COMPUTER, TURNED_UP), starter=0)
    p.to_title()
    p.choose("play")
    p.your_turn()
    p.press("ESCAPE")
    items = p.app.navigator.top.screen.items
    while items.current != "signs":
        p.press("DOWN")
    p.press("RETURN")
    p.shot("colour_signs_menu")
    p.press("ESCAPE")
    while p.app.match.board.selected_card() != "W":
        p.press("RIGHT")
    p.press("RETURN")
    p.wait_until(lambda: p.app.match.naming_colour, "was asked to name a colour")
    p.shot("colour_signs")


def partners(out: Path) -> None:
    """Partners at a table of six (three teams of two), chosen on the title
    menu: your first turn, then the hand's result, you always picking up."""
    p = Pictures(out, 4)
    p.to_title()
    p.set_item("rules", "rules", "standard")
    p.set_item("partners", "teams", True)
    p.set_item("opponents", "opponents", 5)
    p.choose("play")
    p.your_turn()
    p.shot("table_partners")
    p.hand_by_picking_up()
    p.wait_until(lambda: p.app.scene == "hand_result", "saw the hand's result")
    p.wait(30)
    p.shot("hand_result_partners")


MAKERS = {
    "tour": tour,
    "low_memory": low_memory,
    "people": people,
    "menus": menus,
    "tables": tables,
    "hand_results": hand_results,
    "continue": continue_title,
    "replays": replays,
    "join": join_screen,
    "signs": colour_signs,
    "partners": partners,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/screenshots.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to write the pictures into (made if missing)")
    parser.add_argument("--only", default=",".join(GROUPS), help=f"groups to make (default all: {','.join(GROUPS)})")
    # One App a process (pyxel starts once a process): the groups call this file again with these.
    for inner in ("--group", "--table", "--hand", "--leave-a-match", "--continue-title", "--replays"):
        parser.add_argument(inner, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    random.seed(0)
    inner = {
        "group": lambda: MAKERS[args.group](out),
        "table": lambda: one_table(out, args.table),
        "hand": lambda: one_hand(out, args.hand),
        "leave_a_match": lambda: leave_a_match(Path(args.leave_a_match)),
        "continue_title": lambda: continue_picture(out, Path(args.continue_title)),
        "replays": lambda: replays_pictures(out, Path(args.replays)),
    }
    work = next((make for option, make in inner.items() if getattr(args, option)), None)
    if work is not None:
        work()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)  # no teardown: see CHILD_ENV
    else:
        groups = args.only.split(",")
        unknown = set(groups) - set(GROUPS)
        if unknown:
            parser.error(f"unknown groups {', '.join(sorted(unknown))}: use {', '.join(GROUPS)}")
        for group in groups:
            print(f"{group}: {', '.join(GROUPS[group])}", flush=True)
            again(out, "--group", group)
    return 0


if __name__ == "__main__":
    sys.exit(main())
