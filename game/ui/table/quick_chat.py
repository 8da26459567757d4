"""The quick chat of an online table (the sayings: ``game.online.chat``).

Q (a gamepad's left shoulder, or a click or tap on your own panel: a
phone's virtual gamepad has no shoulders) opens a strip of the sayings
over your hand; LEFT and RIGHT (or UP and DOWN) choose, RETURN or a click
says it, Q, ESCAPE or BACK close it. While it is open it takes the keys and the mouse,
so nothing you press for it plays a card, leaves a result or opens the
menu. What anyone says (you too, once the server has sent it round) shows
by their panel for ``BUBBLE_FRAMES`` with a soft sound, unless you have
muted them on the in-match menu. Pass-and-play and offline tables have no
chat: only ``OnlineMatch`` makes one.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pyxel

from game.online import chat
from game.ui import layout as lay
from game.ui.device import resources as res
from game.ui.device.key_words import spelled
from game.ui.device.keys import Pointer
from game.ui.drawing import CHAR_W
from game.ui.table.seat_layout import PANEL_H, PANEL_W, panel_of

BUBBLE_FRAMES = 3 * lay.FPS  # how long a saying shows
BUBBLE_H = 14
KEY = "Q"
MOST_MUTES = 4  # people the in-match menu names one by one
CLOSE_KEYS = (KEY, "ESCAPE", "BACK", "START")
STRIP_Y = lay.HAND_Y + 4  # over your hand, under the piles: a moment's cover, never of another's cards
STRIP_H = 26
GAP = 6  # between two sayings on the strip
EMOTE_W = 12
HINT = "SAY: LEFT/RIGHT, RETURN   CLOSE: Q"
WAIT = "WAIT A MOMENT TO SAY MORE"


def saying_width(say: str) -> int:
    """Pixels a saying takes on the strip and in a bubble."""
    return EMOTE_W if say in chat.EMOTES else len(say) * CHAR_W - 1


def strip_xs() -> list[int]:
    """Where each saying starts on the strip, the whole row centred."""
    widths = [saying_width(say) for say in chat.SAYINGS]
    x = (lay.SCREEN_W - sum(widths) - GAP * (len(widths) - 1)) // 2
    xs = []
    for width in widths:
        xs.append(x)
        x += width + GAP
    return xs


def draw_saying(say: str, x: int, y: int, colour: int) -> None:
    """A phrase in ``colour``, or an emote's picture (its top-left at x, y - 3)."""
    if say in res.EMOTE_RECTS:
        u, v, w, h = res.EMOTE_RECTS[say]
        pyxel.blt(x, y - 3, res.CARD_BANK, u, v, w, h, res.TRANSPARENT)
    else:
        pyxel.text(x, y, say, colour)


def bubble_anchor(place: int, players: int) -> tuple[int, int]:
    """Where a seat's bubble goes (its top-left corner), by its place at
    the table (0: you): at a table of two under the seat's count, the 1991
    table's own box; else over the bottom of its panel, where its small
    card backs are (its name and count stay in sight)."""
    if players == 2:
        x = lay.YOUR_COUNT_X if place == 0 else lay.COMPUTER_COUNT_X
        return x + 2, lay.COUNT_Y + lay.COUNT_H + 2
    panel = panel_of(place, players)
    return panel.x + 1, panel.y + PANEL_H - BUBBLE_H


def own_box(players: int) -> tuple[int, int, int, int]:
    """Your own panel (at a table of two, your count): (x, y, w, h). A click
    or a tap on it opens the strip."""
    if players == 2:
        return lay.YOUR_COUNT_X, lay.COUNT_Y, lay.COUNT_W, lay.COUNT_H
    panel = panel_of(0, players)
    return panel.x, panel.y, PANEL_W, PANEL_H


class QuickChat:
    """The strip, the bubbles and the mutes of one person at an online
    table. ``send`` sends a protocol message, ``people`` names the other
    people at the table, ``players`` says how many seats it has, ``play``
    sounds and ``notice`` reports; ``clock`` is seconds (the allowance's)."""

    def __init__(
        self,
        send: Callable[[dict], None],
        people: Callable[[], list[tuple[int, str]]],
        players: Callable[[], int],
        play: Callable[[str], None],
        notice: Callable[[str], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.send = send
        self.people = people  # the other people at the table now: (seat, name)
        self.players = players
        self.play = play  # a sound, by its name (``Audio.play``)
        self.notice = notice
        self.clock = clock
        self.open = False
        self.cursor = 0
        self.waiting = False  # the last try found the allowance spent: the strip says wait
        self.allowance = chat.Allowance()  # the server's, kept here too: a press too many waits, unsent
        self.muted: set[int] = set()  # seats whose sayings this person does not see
        self.bubbles: dict[int, tuple[str, int]] = {}  # seat -> (saying, the frame it goes)

    # ----- keys -------------------------------------------------------------------------

    def take_keys(self, pressed: list[str], pointer: Pointer | None) -> tuple[list[str], Pointer | None]:
        """The keys and mouse the table still gets this frame: all of them
        with the strip closed (but Q, and a click on your panel, which open
        it); none while it is open."""
        if not self.open:
            tapped = pointer is not None and pointer.clicked and self._on_own_box(pointer)
            if KEY not in pressed and not tapped:
                return pressed, pointer
            self.open, self.waiting = True, False
            self.play("move")
            return [key for key in pressed if key != KEY], None if tapped else pointer
        for key in pressed:
            if key in CLOSE_KEYS:
                self.open = False
                return [], None
            if key in ("LEFT", "UP", "RIGHT", "DOWN"):
                step = -1 if key in ("LEFT", "UP") else 1
                self.cursor = (self.cursor + step) % len(chat.SAYINGS)
                self.play("move")
            elif key == "RETURN":
                self._say()
        if pointer is not None:
            self._point(pointer)
        return [], None

    def _on_own_box(self, pointer: Pointer) -> bool:
        x, y, w, h = own_box(self.players())
        return x <= pointer.x < x + w and y <= pointer.y < y + h

    def _point(self, pointer: Pointer) -> None:
        """The mouse points at a saying, and a click says it."""
        if not STRIP_Y <= pointer.y < STRIP_Y + STRIP_H:
            return
        for index, (x, say) in enumerate(zip(strip_xs(), chat.SAYINGS, strict=True)):
            if x - GAP // 2 <= pointer.x < x + saying_width(say) + GAP // 2:
                if pointer.moved or pointer.clicked:
                    self.cursor = index
                if pointer.clicked:
                    self._say()

    def _say(self) -> None:
        if not self.allowance.take(self.clock()):
            self.waiting = True
            self.play("buzz")
            return
        say = chat.SAYINGS[self.cursor]
        self.send({"type": "chat", "say": say})
        self.notice(f"chat sent {say}")
        self.open = self.waiting = False

    # ----- what is said ------------------------------------------------------------------

    def heard(self, seat: int, say: str, name: str, frame: int) -> None:
        """A saying the server sent round: shown by ``seat``'s panel, unless muted."""
        if seat in self.muted:
            self.notice(f"chat muted {name}: {say}")
            return
        self.bubbles[seat] = (say, frame + BUBBLE_FRAMES)
        self.play("chat")
        self.notice(f"chat {name}: {say}")

    def mute_groups(self) -> list[tuple[str, tuple[int, ...]]]:
        """The in-match menu's mute items: each other person by name, and,
        past ``MOST_MUTES`` of them, the rest together as THE OTHERS (the
        menu holds no more lines)."""
        people = self.people()
        if len(people) <= MOST_MUTES:
            return [(name, (seat,)) for seat, name in people]
        named = [(name, (seat,)) for seat, name in people[: MOST_MUTES - 1]]
        return [*named, ("THE OTHERS", tuple(seat for seat, _ in people[MOST_MUTES - 1 :]))]

    def is_muted(self, seats: tuple[int, ...]) -> bool:
        return all(seat in self.muted for seat in seats)

    def toggle(self, seats: tuple[int, ...]) -> None:
        """Mute ``seats`` (their bubbles go at once), or show them again if they all were."""
        if self.is_muted(seats):
            self.muted.difference_update(seats)
            return
        self.muted.update(seats)
        for seat in seats:
            self.bubbles.pop(seat, None)

    # ----- drawing ---------------------------------------------------------------------

    def draw(self, place: Callable[[int], int], players: int, frame: int) -> None:
        """The bubbles still showing, and the strip when it is open."""
        for seat, (say, until) in list(self.bubbles.items()):
            if frame >= until:
                del self.bubbles[seat]
                continue
            self._draw_bubble(say, *bubble_anchor(place(seat), players))
        if self.open:
            self._draw_strip(frame)

    def _draw_bubble(self, say: str, x: int, y: int) -> None:
        width = min(PANEL_W - 2, saying_width(say) + 6)
        pyxel.rect(x, y, width, BUBBLE_H, lay.WHITE)
        pyxel.rectb(x, y, width, BUBBLE_H, lay.BLACK)
        draw_saying(say, x + (width - saying_width(say)) // 2, y + 4, lay.BLACK)

    def _draw_strip(self, frame: int) -> None:
        pyxel.rect(0, STRIP_Y, lay.SCREEN_W, STRIP_H, lay.BLACK)
        pyxel.rectb(0, STRIP_Y, lay.SCREEN_W, STRIP_H, lay.YELLOW)
        hint = WAIT if self.waiting else spelled(HINT)
        pyxel.text((lay.SCREEN_W - len(hint) * CHAR_W) // 2, STRIP_Y + 4, hint, lay.PINK if self.waiting else lay.GREY)
        y = STRIP_Y + 15
        for index, (x, say) in enumerate(zip(strip_xs(), chat.SAYINGS, strict=True)):
            chosen = index == self.cursor
            if chosen and frame % 16 < 12:
                pyxel.rectb(x - 3, y - 4, saying_width(say) + 6, 13, lay.YELLOW)
            draw_saying(say, x, y, lay.YELLOW if chosen else lay.WHITE)
