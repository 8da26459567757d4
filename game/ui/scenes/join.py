"""The JOIN screen (scene ``join``): a table elsewhere, by its address.

ADDRESS (``ws://HOST:PORT/ROOM``, or ``wss://...`` for a server on the
internet, as the host gave it), NAME (the PEOPLE screen's rules: letters,
digits, space and dash), then JOIN, WATCH and BACK. RETURN on a field starts
typing, and RETURN again ends it; BACKSPACE rubs out; a gamepad picks each
letter (``letter_picker``). The address is typed
as the keyboard writes it (small and capital letters: a room's name minds
which), with ``:``, ``/``, ``.``, ``-`` and ``_``. JOIN checks the address
(``game.online.address``) and says on the screen what is wrong with it;
a good one is answered with a ``JoinChoice`` carrying the address and the
name, which ``JoinScene`` saves with the settings before it goes to the
room's lobby (``lobby.py``). WATCH does the same to watch the room (its
table, no seat in it: the address must name a room, as a watch makes
none). ESCAPE leaves, keeping nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.online.address import ADDRESS_CHARACTERS, ADDRESS_LENGTH, check_address, names_room
from game.storage.settings import NAME_CHARACTERS, NAME_LENGTH
from game.ui import layout as lay
from game.ui.device import keys
from game.ui.device.key_words import spelled
from game.ui.device.keys import Pointer
from game.ui.drawing import CHAR_W, draw_frame, text_centred
from game.ui.scenes.letter_picker import ADDRESS_ORDER, ENTER, picked, typing_hint, typing_keys
from game.ui.scenes.lobby import LobbyScene
from game.ui.scenes.navigator import Keys, Pop, Push, Scene, Step
from game.ui.scenes.widgets import ITEM_H, Choice, ItemList, fit_lines, list_choice

if TYPE_CHECKING:
    from game.ui.scenes.context import Context

LIST_X, LIST_Y, LIST_W = 24, 40, 272
NEW_ADDRESS = "ws://"  # what the address starts as, until one is taken
# The whole address typed (or pasted) after the ws:// the field starts with: one scheme is kept.
SCHEME_TWICE = re.compile(r"^(?:wss?://)+(?=wss?://)")
EXPLAINED_Y = 110
EXPLAINED = (
    "The address your host gave you: ws://HOST:PORT/ROOM",
    "(wss:// for a server on the internet). With nothing",
    "after the last /, the server makes a new room.",
    "WATCH: see the room's table, without a seat in it.",
)
PROBLEM_Y = 149
PROBLEM_LINES = 3
HINT = "RETURN types   UP/DOWN choose   ESCAPE back"
LABELS = {"address": "ADDRESS: ", "name": "NAME: ", "join": "JOIN", "watch": "WATCH", "back": "BACK"}
NO_ROOM_TO_WATCH = "WATCH needs the room's name after the last / (a watch makes no room): ws://HOST:PORT/ROOM"


@dataclass(frozen=True)
class JoinChoice(Choice):
    """JOIN (or WATCH: ``what`` says which) with a good address: ``url``
    (as ``check_address`` gives it) and the player's ``name``."""

    url: str = ""
    name: str = ""


class JoinScreen:
    def __init__(self, address: str, name: str) -> None:
        """``address``: the last one taken ("" for none yet); ``name``: the
        name to play under."""
        self.address = address or NEW_ADDRESS
        self.name = name
        self.typing: str | None = None  # "address" or "name", while it is typed
        self.problem = ""  # what is wrong with the address JOIN was given
        self.items = ItemList(list(LABELS), x=LIST_X, y=LIST_Y, w=LIST_W, item_h=ITEM_H)

    def update(
        self, pressed: list[str], pointer: Pointer | None, typed: str = "", text: str = ""
    ) -> tuple[Choice | None, bool]:
        """The player's answer: a ``JoinChoice``, ``back`` (keep nothing) or
        ``refused`` (the address is wrong: ``problem`` says why); and whether
        the highlight moved. ``typed``: the keys' letters this frame (the
        name), ``text``: the text typed, as the keyboard writes it (the
        address)."""
        if "ESCAPE" in pressed:
            return Choice("back"), False
        if self.typing is not None:
            self._type(pressed, typed, text)
            if pointer is None or not pointer.clicked:
                return None, False
            self._stop_typing()  # a click elsewhere keeps what was typed, and goes on
        elif "BACK" in pressed:
            return Choice("back"), False
        choice, moved = list_choice(self.items, pressed, pointer, cycling=())
        if choice is None:
            return None, moved
        if choice.what in ("address", "name"):
            self.typing = choice.what
            self.problem = ""
            return None, True
        if choice.what in ("join", "watch"):
            url, problem = check_address(self.address)
            if problem is None and choice.what == "watch" and not names_room(url):
                problem = NO_ROOM_TO_WATCH
            if problem is not None:
                self.problem = problem
                return Choice("refused"), moved
            self.problem = ""
            return JoinChoice(choice.what, url=url, name=self.name), moved
        return choice, moved

    def _type(self, pressed: list[str], typed: str, text: str) -> None:
        # The address's text is as the keyboard writes it; the RETURN key is among the keys' letters.
        pressed = typing_keys(pressed, text + ENTER * (ENTER in typed) if self.typing == "address" else typed)
        if self.typing == "address":
            value = picked(
                self.address[:-1] if "BACK" in pressed else self.address, pressed, ADDRESS_ORDER, ADDRESS_LENGTH
            )
            for c in text:
                if c in ADDRESS_CHARACTERS and len(value) < ADDRESS_LENGTH:
                    value += c
            self.address = SCHEME_TWICE.sub("", value)
        else:
            value = picked(self.name[:-1] if "BACK" in pressed else self.name, pressed, NAME_CHARACTERS, NAME_LENGTH)
            for c in typed:
                if c in NAME_CHARACTERS and len(value) < NAME_LENGTH and (c != " " or value):
                    value += c
            self.name = value
        if "RETURN" in pressed:
            self._stop_typing()

    def _stop_typing(self) -> None:
        if self.typing == "name":
            self.name = self.name.strip() or "PLAYER 1"
        self.address = self.address.strip()
        self.typing = None

    def draw(self, frame: int) -> None:
        draw_frame()
        text_centred(lay.CX, 20, "JOIN A TABLE ONLINE", lay.LIGHT_BLUE)
        cursor = "_" if frame % 16 < 10 else " "
        labels = dict(LABELS)
        shown = _tail(self.address, _room_for("address") - 1)
        labels["address"] += shown + (cursor if self.typing == "address" else "")
        labels["name"] += self.name + (cursor if self.typing == "name" else "")
        self.items.draw(labels, frame)
        for i, line in enumerate(EXPLAINED):
            text_centred(lay.CX, EXPLAINED_Y + 9 * i, line, lay.GREY)
        if self.problem:
            for i, line in enumerate(fit_lines(self.problem, PROBLEM_CHARS, PROBLEM_LINES)):
                text_centred(lay.CX, PROBLEM_Y + 9 * i, line, lay.PINK)
        text_centred(lay.CX, 176, typing_hint() if self.typing is not None else spelled(HINT), lay.GREY)


PROBLEM_CHARS = (lay.SCREEN_W - 40) // CHAR_W  # a line of the message, well inside the frame


def _room_for(key: str) -> int:
    """How many characters of a field's value fit in its row, after its label."""
    return (LIST_W - 12) // CHAR_W - len(LABELS[key])


def _tail(text: str, most: int) -> str:
    """The end of a long address (where it is being typed), "..." before it."""
    return text if len(text) <= most else "..." + text[len(text) - most + 3 :]


class JoinScene(Scene):
    """JOIN, over the title: the address of a table elsewhere, and the name
    to play under (the settings' last ones to start with); or WATCH it."""

    sound_key = False  # M is a letter of the address or the name

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.screen = JoinScreen(ctx.settings.join_address, ctx.settings.player_name)

    def enter(self) -> None:
        self.ctx.show("join")

    def update(self, frame: Keys) -> Step:
        ctx = self.ctx
        choice, moved = self.screen.update(frame.pressed, frame.pointer, keys.typed(), keys.text_typed())
        if moved:
            ctx.audio.play("move")
        if choice is None:
            return self
        if choice.what == "refused":
            ctx.audio.play("buzz")
            ctx.notice(f"join refused: {self.screen.problem}")  # (WATCH's too)
            return self
        ctx.audio.play("select")
        if not isinstance(choice, JoinChoice):
            return Pop()
        settings = ctx.settings
        settings.join_address, settings.online_name = choice.url, choice.name
        ctx.notice(f"setting join address {choice.url} name {choice.name.lower()}")
        ctx.save()
        return Pop(), Push(LobbyScene(ctx, choice.url, choice.name, watch=choice.what == "watch"))

    def draw(self) -> None:
        self.screen.draw(self.ctx.frame)
