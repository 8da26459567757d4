"""Drawing the seats round a table of more than two, and what Royal Revenge
adds to any table: the crown, the Jester's hat and the scepter's timer.

Each opponent has a panel (see ``seating``): name, card count in large
digits, score, a few small card backs, the crown or the hat, a marker while
it is that seat's turn and a flashing frame while you pick a seat. Your own
panel sits right of the discard pile; the direction of play shows over the
piles.
"""

from __future__ import annotations

import pyxel

from game.rules.teams import team_letter
from game.ui import layout as lay
from game.ui.device import resources as res
from game.ui.drawing import CHAR_W, big_text, draw_card, text_centred
from game.ui.seats.kinds import seat_name
from game.ui.table.board import Board
from game.ui.table.seat_layout import (
    DIRECTION_POS,
    PANEL_H,
    PANEL_W,
    SCEPTER_BAR,
    SCEPTER_POS,
    Panel,
    crown_pos,
    panel_of,
    panels,
)

MOST_BACKS = 10  # small card backs shown in a panel; the count says the rest
PARTNER = "PARTNER"  # on your partner's panel, in place of its card backs; your team's frames are white
NAME_ROOM = (PANEL_W - 6) // CHAR_W  # letters of a name a panel shows (an online name may be longer)


def marked(name: str, mark: str) -> str:
    """A name with its mark, in a panel's room: spaces go first, then the
    name's end ("PLAYER1 (CPU)"), never the mark."""
    room = NAME_ROOM - len(mark)
    if len(name) > room:
        name = name.replace(" ", "")[:room]
    return name + mark


def blit(rect: tuple[int, int, int, int], x: int, y: int, flip: bool = False) -> None:
    u, v, w, h = rect
    pyxel.blt(x, y, res.CARD_BANK, u, v, -w if flip else w, h, res.TRANSPARENT)


def draw_seats(board: Board, frame: int) -> None:
    """Every opponent's panel and yours, and the direction of play."""
    for panel in [*panels(board.players), panel_of(0, board.players)]:
        _draw_panel(board, panel, frame)
    x, y = DIRECTION_POS
    blit(res.DIRECTION_RECT, x, y, flip=board.direction < 0)


def _draw_panel(board: Board, panel: Panel, frame: int) -> None:
    seat, x, y = panel.seat, panel.x, panel.y
    in_turn = board.turn == seat
    ours = bool(board.sides) and board.sides[seat] == board.sides[0]  # partners: your team's seat
    pyxel.rect(x, y, PANEL_W, PANEL_H, lay.BLACK)
    pyxel.rectb(x, y, PANEL_W, PANEL_H, lay.YELLOW if in_turn else lay.WHITE if ours else lay.LIGHT_BLUE)
    if in_turn:
        blit(res.MARKER_RECT, x + PANEL_W // 2 - 3, y - 4 if y > 4 else y + PANEL_H - 1)
    if board.pick == seat and frame % 16 < 11:
        pyxel.rectb(x - 2, y - 2, PANEL_W + 4, PANEL_H + 4, lay.YELLOW)
        pyxel.rectb(x - 1, y - 1, PANEL_W + 2, PANEL_H + 2, lay.YELLOW)
    name = board.names[seat] if board.names else seat_name(seat, board.players)
    colour = lay.YELLOW if in_turn else lay.LIGHT_BLUE
    room = NAME_ROOM
    if board.sides:  # partners: the team's letter in the corner, your team's on white
        room -= 2
        pyxel.rect(x + PANEL_W - 9, y + 2, 7, 9, lay.WHITE if ours else lay.BLUE)
        pyxel.text(x + PANEL_W - 7, y + 4, team_letter(board.sides[seat]), lay.BLACK if ours else lay.WHITE)
    if board.pick is not None:  # a seat is being named: its number key before its name
        key = str(board.number(seat))
        pyxel.text(x + 3, y + 3, key, lay.WHITE)
        pyxel.text(x + 3 + (len(key) + 1) * CHAR_W, y + 3, name[: room - len(key) - 1], colour)
    else:
        pyxel.text(x + 3, y + 3, name[:room], colour)
    count = len(board.hand) if seat == 0 else board.counts[seat]
    big_text(x + 3 + len(str(count)) * CHAR_W, y + 16, str(count), lay.WHITE, 2)
    score = str(board.scores[seat]) if seat < len(board.scores) else "0"
    pyxel.text(x + PANEL_W - 3 - len(score) * CHAR_W, y + 13, score, lay.YELLOW)
    pyxel.text(x + 5 + 2 * len(str(count)) * CHAR_W, y + 13, "CARD" if count == 1 else "CARDS", lay.WHITE)
    if seat != 0 and board.hands_up is not None:
        _draw_chips(board.hands_up[seat], x + 3, y + PANEL_H - 10, PANEL_W - 6)
    elif seat != 0 and ours:  # your partner: said where you look (the count above says the cards)
        pyxel.text(x + 3, y + PANEL_H - 9, PARTNER, lay.WHITE)
    elif seat != 0 or board.hidden:
        for i in range(min(count, MOST_BACKS)):
            blit(res.MINI_BACK_RECT, x + 3 + 5 * i, y + PANEL_H - 10)
    if board.exposed == seat and frame % 20 < 14:
        pyxel.text(x + PANEL_W - 19, y + PANEL_H - 9, "UNO?", lay.PINK)
    _draw_headwear(board, seat)


CHIP_W, CHIP_H = 7, 8  # a card face up in a panel (replays): its colour and one sign
CHIP_SIGNS = {"+2": "+", "W": "W", "W+4": "4"}  # a black chip is a Wild


def chip_sign(code: str) -> str:
    rank = code if code in ("W", "W+4") else code[1:]
    return CHIP_SIGNS.get(rank, rank)


def chip_xs(count: int, x: int, w: int) -> list[int]:
    """Where each chip of a hand goes in a width ``w`` from ``x``: side by
    side, or overlapping (each sign still shows) when there are many."""
    step = min(CHIP_W + 1, (w - CHIP_W) // max(1, count - 1)) if count > 1 else 0
    return [x + i * step for i in range(count)]


def _draw_chips(hand: list[str], x: int, y: int, w: int) -> None:
    """A hand face up, in small chips (a replay at a table of more than two)."""
    for code, cx in zip(hand, chip_xs(len(hand), x, w), strict=True):
        wild = code.startswith("W")
        pyxel.rect(cx, y, CHIP_W, CHIP_H, lay.BLACK if wild else res.CARD_COLOURS[code[0]])
        pyxel.rectb(cx, y, CHIP_W, CHIP_H, lay.WHITE)
        pyxel.text(cx + 2, y + 2, chip_sign(code), lay.BLACK if code[0] == "Y" else lay.WHITE)


def draw_royal(board: Board) -> None:
    """At a table of two: the crown and the hat beside the names."""
    for seat in (0, 1):
        _draw_headwear(board, seat)


def _draw_headwear(board: Board, seat: int) -> None:
    flying = board.flight is not None and board.flight.sprite == "crown"
    x, y = crown_pos(seat, board.players)
    if board.king == seat and not flying:
        blit(res.CROWN_RECT, x, y + 1)
    elif board.jester == seat:
        blit(res.HAT_RECT, x, y)


def draw_scepter(progress: float) -> None:
    """The scepter and its timer, filling up to the fanfare."""
    blit(res.SCEPTER_RECT, *SCEPTER_POS)
    x, y, w, h = SCEPTER_BAR
    pyxel.rect(x, y, w, h, lay.BLACK)
    filled = round((h - 2) * max(0.0, min(1.0, progress)))
    pyxel.rect(x + 1, y + h - 1 - filled, w - 2, filled, lay.YELLOW if progress < 0.9 else lay.PINK)
    pyxel.rectb(x, y, w, h, lay.LIGHT_BLUE)


def draw_flight(board: Board) -> None:
    """A card, or the crown, on its way."""
    flight = board.flight
    if flight is None:
        return
    x, y = flight.position()
    if flight.sprite == "crown":
        blit(res.CROWN_RECT, x, y)
    else:
        draw_card(x, y, flight.code)


# The challenged hand: whole cards under their title, for a moment, over the colour in play and the counts,
# clear of the piles and of the seats' panels, with a gap above your hand so that it is
# never seen as behind it (the top strips of a 23-pixel band were unreadable).
REVEAL_CARD_H = res.CARD_H
REVEAL_CARDS_Y = 9  # the cards' top, under the title
REVEAL_H = REVEAL_CARDS_Y + REVEAL_CARD_H + 2
REVEAL_Y = lay.HAND_Y - 2 - REVEAL_H


def reveal_box(players: int) -> tuple[int, int, int, int]:
    """The challenged hand's box: across the table, between the panels of the
    seats at its sides (ten players sit beside it)."""
    left, right = 8, lay.SCREEN_W - 8
    for panel in panels(players) if players > 2 else []:
        if panel.y < REVEAL_Y + REVEAL_H and panel.y + PANEL_H > REVEAL_Y:
            if panel.x < lay.CX:
                left = max(left, panel.x + PANEL_W + 2)
            else:
                right = min(right, panel.x - 2)
    return left, REVEAL_Y, right - left, REVEAL_H


def revealed_xs(count: int, players: int = 2) -> list[int]:
    """Where each card of the challenged hand goes, left to right, centred."""
    x, _, w, _ = reveal_box(players)
    step = min(res.CARD_W + 2, (w - 8 - res.CARD_W) // max(1, count - 1)) if count > 1 else 0
    width = step * (count - 1) + res.CARD_W
    x0 = x + (w - width) // 2
    return [x0 + i * step for i in range(count)]


def draw_revealed(cards: list[str], title: str = "THE CHALLENGED HAND", players: int = 2) -> None:
    """The hand you challenged, named, its cards face up and whole over the
    piles, above your hand, for a moment."""
    x, y, w, h = reveal_box(players)
    pyxel.rect(x, y, w, h, lay.BLACK)
    pyxel.rectb(x, y, w, h, lay.YELLOW)
    text_centred(lay.CX, y + 3, title, lay.YELLOW)
    if not cards:
        text_centred(lay.CX, y + 16, "NO CARDS", lay.WHITE)
    for code, cx in zip(cards, revealed_xs(len(cards), players), strict=True):
        draw_card(cx, y + REVEAL_CARDS_Y, code)
