"""The PEOPLE screen (scene ``people``): who plays at this machine.

PEOPLE first (LEFT/RIGHT: 1 up to the table's size; 1 is you against the
computers), then one line per person, in seating order, then SEATING and
BACK. On a person,
RETURN starts typing their name (letters, digits, space and dash): the first
letter typed starts a new name, BACKSPACE rubs out (the name shown, first),
RETURN keeps it; a gamepad picks each letter (``letter_picker``); LEFT/RIGHT move them earlier or later round the table
(among the people: the first stays first on LEFT, the last last on RIGHT).
SEATING (LEFT/RIGHT or RETURN) chooses how the people sit among
the computers: TOGETHER, APART or SHUFFLED for every match; at a table of
partners the row says what that makes the people (two APART: PARTNERS). DONE keeps it
all (saved with the settings), once Y or RETURN (or a click on the question) confirms
a table of several people; ESCAPE leaves without keeping any change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyxel

from game.rules.teams import sides
from game.storage.settings import NAME_CHARACTERS, NAME_LENGTH, SEATINGS, Settings
from game.ui import layout as lay
from game.ui.device import keys
from game.ui.device.key_words import spelled
from game.ui.device.keys import Pointer
from game.ui.drawing import draw_frame, text_centred
from game.ui.scenes.letter_picker import PICKER_KEYS, picked, typing_hint, typing_keys
from game.ui.scenes.navigator import Keys, Pop, Scene, Step
from game.ui.scenes.widgets import Choice, ItemList, list_choice
from game.ui.seats.kinds import Seating

if TYPE_CHECKING:
    from game.ui.scenes.context import Context

CONFIRM_RECT = (50, 132, 220, 30)  # over the list's last lines, clear of the hint under them
HINT_Y = 176
LIST_Y, LIST_BOTTOM = 36, 168
# How several people play at one machine, under the list while it leaves room.
TOGETHER_LINES = (
    "A curtain hides every hand when the screen passes on.",
    "U: the person in front calls UNO or catches; K: the next",
    "person catches. Each gamepad is its own person's (Y).",
)
SEATING_NAMES = {"together": "TOGETHER", "apart": "APART", "shuffled": "SHUFFLED"}
HINT = "RETURN types a name   LEFT/RIGHT moves a person round the table"
FULL_HINT = f"{NAME_LENGTH} letters at most: BACKSPACE rubs out, RETURN keeps it"


def seating_label(seating: str, count: int, players: int, teams: bool) -> str:
    """The SEATING row: how the people sit and, at a table of partners,
    what that makes them (APART puts two people opposite: partners;
    TOGETHER side by side: opponents)."""
    label = f"SEATING: {SEATING_NAMES[seating]}"
    if not teams or count < 2:
        return label
    if seating == "shuffled":
        return f"{label}, TEAMS BY CHANCE"
    table_sides = sides(players, teams=True)
    people = Seating.of(players, [f"P{n}" for n in range(count)], seating).people
    their_teams = len({table_sides[seat] for seat in people})
    if their_teams == 1:
        return f"{label}: PARTNERS"
    return f"{label}: OPPONENTS" if their_teams == count else f"{label}: IN {their_teams} TEAMS"


def count_label(count: int, most: int) -> str:
    """The count row: one person is you against the computers; every seat
    taken says so, since RIGHT then goes back to one (the 1991 game seats two)."""
    if count == 1:
        return "PEOPLE: 1  (YOU AGAINST THE COMPUTERS)"
    if count == most:
        return f"PEOPLE: {count}  (ALL {most} SEATS; RIGHT: BACK TO 1)"
    return f"PEOPLE: {count}"


class PeopleScreen:
    def __init__(self, count: int, most: int, names: tuple[str, ...], seating: str, teams: bool = False) -> None:
        """``count`` people of at most ``most`` (the table's players);
        ``names``: everybody's names (PLAYER 1... where none was typed), as
        many as ``most``; ``teams``: the table is played by partners."""
        self.count, self.most, self.teams = count, most, teams
        self.names = list(names)
        self.seating = seating
        self.typing: int | None = None  # the person whose name is being typed
        self._fresh = False  # typing has just started: the first letter starts a new name
        self.confirming = False  # DONE with several people: Y confirms
        self.items = self._list(cursor=0)

    def _list(self, cursor: int) -> ItemList:
        """The items for this many people, the highlight kept where it was (or on DONE)."""
        keys = ["count"] + [f"person {i}" for i in range(self.count)] + ["seating", "done"]
        item_h = min(12, (LIST_BOTTOM - LIST_Y) // len(keys))  # ten people still fit
        return ItemList(keys, x=60, y=LIST_Y, w=200, item_h=item_h, cursor=min(cursor, len(keys) - 1))

    def update(self, pressed: list[str], pointer: Pointer | None, typed: str = "") -> tuple[Choice | None, bool]:
        """The player's answer: ``done`` (keep it all) or ``back`` (keep
        nothing); and whether the highlight moved."""
        if self.typing is not None:
            return self._type(pressed, typed), False
        if self.confirming:
            clicked = pointer is not None and pointer.clicked and pointer.inside(CONFIRM_RECT)
            if "Y" in pressed or "RETURN" in pressed or clicked:  # RETURN: the pad's A
                return Choice("done"), False
            if pressed or (pointer is not None and pointer.clicked):
                self.confirming = False
            return None, False
        current = self.items.current
        if "ESCAPE" in pressed or "BACK" in pressed:
            return Choice("back"), False
        if current == "count":
            for key in pressed:
                if key in ("LEFT", "RIGHT"):
                    self.count = (self.count - 1 + (-1 if key == "LEFT" else 1)) % self.most + 1
                    self.items = self._list(self.items.cursor)
                    return None, True
        if current.startswith("person "):
            index = int(current.split()[1])
            if "RETURN" in pressed:
                self._start_typing(index)
                return None, True
            for key in pressed:
                if key in ("LEFT", "RIGHT"):
                    other = index + (-1 if key == "LEFT" else 1)
                    if 0 <= other < self.count:  # among the people shown only
                        self.names[index], self.names[other] = self.names[other], self.names[index]
                        self.items.cursor = self.items.keys.index(f"person {other}")
                        return None, True
                    return None, False
        choice, moved = list_choice(self.items, pressed, pointer, cycling=("seating",))
        if choice is not None and choice.what == "seating":
            step = choice.step
            self.seating = SEATINGS[(SEATINGS.index(self.seating) + step) % len(SEATINGS)]
            return None, True
        if choice is not None and choice.what.startswith("person "):
            self._start_typing(int(choice.what.split()[1]))
            return None, True
        if choice is not None and choice.what == "count":  # RETURN or a click: one more
            self.count = self.count % self.most + 1
            self.items = self._list(self.items.cursor)
            return None, True
        if choice is not None and choice.what == "done" and self.count > 1:
            self.confirming = True  # several people: Y confirms
            return None, moved
        return choice, moved

    def _start_typing(self, index: int) -> None:
        self.typing, self._fresh = index, True

    @property
    def name_full(self) -> bool:
        """The name being typed has as many letters as a name may."""
        return self.typing is not None and len(self.names[self.typing]) >= NAME_LENGTH

    def _type(self, pressed: list[str], typed: str) -> Choice | None:
        index = self.typing
        assert index is not None, "_type: a name being typed"
        name = self.names[index]
        pressed = typing_keys(pressed, typed)
        if "BACK" in pressed:
            name, self._fresh = name[:-1], False
        starts = any(c in NAME_CHARACTERS for c in typed) or any(key in PICKER_KEYS[:3] for key in pressed)
        if self._fresh and starts:
            name, self._fresh = "", False  # typing starts a new name, not "PLAYER 1A"
        name = picked(name, pressed, NAME_CHARACTERS, NAME_LENGTH)
        for c in typed:
            if c in NAME_CHARACTERS and len(name) < NAME_LENGTH and (c != " " or name):
                name += c
        self.names[index] = name
        if "RETURN" in pressed or "ESCAPE" in pressed:
            self.typing = None
            self.names[index] = name.strip() or f"PLAYER {index + 1}"
        return None

    def draw(self, frame: int) -> None:
        draw_frame()
        text_centred(lay.CX, 20, "PEOPLE AT THIS MACHINE", lay.LIGHT_BLUE)
        labels = {"count": count_label(self.count, self.most)}
        for i, name in enumerate(self.names):
            cursor = "_" if self.typing == i and frame % 16 < 10 else ""
            labels[f"person {i}"] = f"PERSON {i + 1}: {name}{cursor}"
        labels["seating"] = seating_label(self.seating, self.count, self.most, self.teams)
        labels["done"] = "DONE"
        self.items.draw(labels, frame)
        typing = FULL_HINT if self.name_full else typing_hint()
        hint = spelled(HINT) if self.typing is None else typing
        text_centred(lay.CX, HINT_Y, hint, lay.GREY)
        bottom = self.items.y + len(self.items.keys) * self.items.item_h
        if bottom + 6 + 9 * len(TOGETHER_LINES) <= 172 and not self.confirming:
            for i, line in enumerate(TOGETHER_LINES):
                text_centred(lay.CX, bottom + 6 + 9 * i, spelled(line), lay.LIGHT_BLUE)
        if self.confirming:
            x, y, w, h = CONFIRM_RECT
            pyxel.rect(x, y, w, h, lay.BLACK)
            pyxel.rectb(x, y, w, h, lay.YELLOW)
            text_centred(lay.CX, y + 6, f"PLAY WITH {self.count} PEOPLE AT THIS MACHINE?", lay.YELLOW)
            text_centred(lay.CX, y + 18, "Y, RETURN (OR A CLICK HERE) YES    ANY OTHER KEY NO", lay.WHITE)


class PeopleScene(Scene):
    """PEOPLE, over the title: how many (1 to the table's size), their names
    and the seating; DONE saves them with the settings."""

    sound_key = False  # M is a letter of a name

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        ctx.next_match.take_over_people()
        settings = ctx.settings
        _, players = ctx.next_match.rules_and_players()
        everybody = Settings(people=players, names=settings.names[:players]).people_names(players)
        teams = ctx.next_match.teams
        self.screen = PeopleScreen(min(settings.people, players), players, everybody, settings.seating, teams)

    def enter(self) -> None:
        self.ctx.show("people")

    def update(self, frame: Keys) -> Step:
        ctx = self.ctx
        choice, moved = self.screen.update(frame.pressed, frame.pointer, keys.typed())
        if moved:
            ctx.audio.play("move")
        if choice is None:
            return self
        ctx.audio.play("select")
        settings = ctx.settings
        if choice.what == "done":
            screen = self.screen
            names = list(screen.names)
            while names and names[-1] == f"PLAYER {len(names)}":
                names.pop()  # the default names need not be kept
            settings.people, settings.names, settings.seating = screen.count, tuple(names), screen.seating
            ctx.notice(ctx.next_match.people_notice())
            ctx.save()
        return Pop()

    def draw(self) -> None:
        self.screen.draw(self.ctx.frame)
