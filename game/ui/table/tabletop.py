"""Drawing the table from a board: piles, hands, counts, arrow, message bar.

Sprites come from image bank 0 of ``resources.pyxres``; only text, boxes
and the colour swatch are drawn in code.
"""

from __future__ import annotations

import pyxel

from game.rules.cards import COLOUR_NAMES, COLOURS
from game.rules.house import HOUSE_RULES
from game.rules.house_presets import preset_of
from game.ui import layout as lay
from game.ui.device import resources as res
from game.ui.device.key_words import spelled
from game.ui.drawing import CHAR_H, CHAR_W, big_text, draw_card, draw_sign, draw_slot, sign_room, text_centred
from game.ui.table import panels, seat_layout
from game.ui.table.board import Board

CHOICE_GAP = 8


def house_tags(house: tuple[str, ...], players: int) -> str:
    """The house rules in play, named between the piles and your hand,
    after the preset they make if they make one ("PARTY HOUSE RULES: ..."):
    in full where they fit the free width (between the side panels of a
    big table), else in short, else (a preset at a big table) by the
    preset's name alone."""
    free = (
        lay.SCREEN_W - 8
        if players - 1 <= seat_layout.MOST_ON_TOP
        else seat_layout.SIDE_X[1] - seat_layout.SIDE_X[0] - seat_layout.PANEL_W - 8
    )
    preset = preset_of(house)
    named = f"{preset.title} " if preset is not None else ""
    tags = [
        f"{named}HOUSE RULES: " + "  ".join(HOUSE_RULES[name].title for name in house),
        f"{named}HOUSE: " + " ".join(HOUSE_RULES[name].short_title for name in house),
    ]
    if preset is not None:
        tags.append(f"{named}HOUSE RULES")  # the preset's name says which
    return next((tag for tag in tags if len(tag) * CHAR_W <= free), tags[-1])


def draw_arrow(x: int, y: int, frame: int) -> None:
    u, v = res.ARROW_FRAMES[frame % len(res.ARROW_FRAMES)]
    pyxel.blt(x, y, res.CARD_BANK, u, v, res.ARROW_W, res.ARROW_H, res.TRANSPARENT)


def draw_table(board: Board, arrow_frame: int | None, frame: int = 0, under_result: bool = False) -> None:
    """The whole table; the arrow shows when ``arrow_frame`` is not None.
    A table of two keeps the 1991 layout; more players sit round the top
    and sides (``panels``). ``frame`` times what flashes. ``under_result``:
    a hand's or the match's result stands over the table, and your hand is
    not drawn under it (a long hand showed past the box's sides)."""
    pyxel.cls(lay.TABLE_COLOUR)
    pyxel.rectb(2, 2, lay.SCREEN_W - 4, lay.BAR_Y - 4, lay.TABLE_EDGE)
    if board.players == 2:
        _draw_computer_hand(board.computer_count, board.computer_hand)
        you, other = board.names if board.names else ("YOU", "COMPUTER")
        if board.pick is not None:  # a seat is being named: its number key before its name
            you, other = f"{board.number(0)} {you}", f"{board.number(1)} {other}"
        _draw_count(lay.YOUR_COUNT_X, you, len(board.hand), board.scores[0], inner_right=True)
        _draw_count(lay.COMPUTER_COUNT_X, other, board.computer_count, board.scores[1], inner_right=False)
        panels.draw_royal(board)
    else:
        panels.draw_seats(board, frame)
    if board.scepter is not None:
        panels.draw_scepter(board.scepter)
    if board.house and not board.row_busy and board.revealed is None:
        text_centred(lay.CX, lay.CHOICE_Y + 3, house_tags(board.house, board.players), lay.GREY)
    _draw_draw_pile(board.draw_count)
    _draw_discard_pile(board)
    if not under_result:
        _draw_your_hand(board, arrow_frame)
    panels.draw_flight(board)
    if board.revealed is not None:
        panels.draw_revealed(board.revealed, board.revealed_title, board.players)
    draw_message_bar(board.news, board.prompt)


def _draw_computer_hand(count: int, face_up: list[str] | None) -> None:
    """The computer's cards as backs, or face up (``face_up``, in a replay)."""
    row = lay.computer_row(count)
    for offset, x in enumerate(row.xs):
        draw_card(x, lay.COMPUTER_ROW_Y, face_up[row.first + offset] if face_up else None)
    if row.hidden_right:
        pyxel.text(row.xs[-1] + res.CARD_W + 3, lay.COMPUTER_ROW_Y + 13, f"+{row.hidden_right}", lay.WHITE)


COUNT_SCALE = 2  # the card count in large digits, as 1991 showed it


def _draw_count(x: int, name: str, cards: int, score: int, inner_right: bool) -> None:
    """A player's card count and score at the top of the screen: the name
    over the score at the outer end, "7 CARDS" (the number in large digits)
    at the end next to the discard pile's column: the right end for you, the
    left end for the computer."""
    y, w, h = lay.COUNT_Y, lay.COUNT_W, lay.COUNT_H
    pyxel.rect(x, y, w, h, lay.BLACK)
    pyxel.rectb(x, y, w, h, lay.LIGHT_BLUE)
    number, word, score_text = str(cards), ("CARD" if cards == 1 else "CARDS"), f"SCORE {score}"
    count_w = len(number) * CHAR_W * COUNT_SCALE + 4 + len(word) * CHAR_W
    if inner_right:
        count_x, text_x = x + w - 6 - count_w, x + 6
        name_x, score_x = text_x, text_x
    else:
        count_x, text_x = x + 6, x + w - 6
        name_x, score_x = text_x - len(name) * CHAR_W, text_x - len(score_text) * CHAR_W
    pyxel.text(name_x, y + 4, name, lay.LIGHT_BLUE)
    pyxel.text(score_x, y + 13, score_text, lay.YELLOW)
    number_w = len(number) * CHAR_W * COUNT_SCALE
    big_text(count_x + number_w // 2, y + h // 2, number, lay.WHITE, COUNT_SCALE)
    pyxel.text(count_x + number_w + 4, y + h // 2 - 2, word, lay.WHITE)


def _draw_draw_pile(count: int) -> None:
    x, y = lay.DRAW_PILE_POS
    if count == 0:
        draw_slot(x, y)
    else:
        for depth in range(min(3, (count + 19) // 20), 0, -1):
            draw_card(x - depth, y - depth, None)
        draw_card(x, y, None)
    text_centred(x + res.CARD_W // 2, lay.SWATCH_Y + 2, f"{count} LEFT", lay.GREY)


def _draw_discard_pile(board: Board) -> None:
    x, y = lay.DISCARD_POS
    if board.top is None:
        draw_slot(x, y)
    else:
        for depth in range(min(3, board.discard_count // 10), 0, -1):
            pyxel.rect(x - depth, y - depth, res.CARD_W, res.CARD_H, lay.BLACK)
            pyxel.rectb(x - depth, y - depth, res.CARD_W, res.CARD_H, lay.WHITE)
        draw_card(x, y, board.top)
    if board.colour is not None:
        _draw_swatch(board.colour)


BEFORE_X = lay.CX + 26  # the colour in play before a Wild Draw Four, right of the swatch


def colour_before_rect(colour: str) -> tuple[int, int, int, int]:
    """Where the colour before shows; a sign's room is taken half on the
    left, so that it stays clear of the side panels of ten players."""
    w = len(_before_label(colour)) * CHAR_W + 6 + sign_room()
    return BEFORE_X - sign_room() // 2, lay.SWATCH_Y, w, CHAR_H + 4


def _before_label(colour: str) -> str:
    return f"BEFORE: {COLOUR_NAMES[colour].upper()}"


def draw_colour_before(colour: str) -> None:
    """While you decide on a challenge: the colour that was in play before
    the Wild Draw Four (which now covers the card it was played on)."""
    x, y, w, h = colour_before_rect(colour)
    pyxel.rect(x, y, w, h, lay.BLACK)
    pyxel.rectb(x, y, w, h, res.CARD_COLOURS[colour])
    pyxel.text(x + 3 + _signed(x + 2, y + 2, colour), y + 2, _before_label(colour), lay.WHITE)


def _signed(x: int, y: int, colour: str) -> int:
    """With COLOUR SIGNS, the colour's sign at (x, y), before its name; how
    far the name moves right for it (0: no sign)."""
    room = sign_room()
    if room:
        draw_sign(x, y - 1, colour)
    return room


def swatch_rect(colour: str) -> tuple[int, int, int, int]:
    """The colour in play's swatch, under the discard pile: (x, y, w, h)."""
    w = len(COLOUR_NAMES[colour]) * CHAR_W + 6 + sign_room()
    cx = lay.DISCARD_X + res.CARD_W // 2
    return cx - w // 2, lay.SWATCH_Y, w, CHAR_H + 4


def _draw_swatch(colour: str) -> None:
    """The colour in play, by name (and sign) as well as hue."""
    x, y, w, h = swatch_rect(colour)
    pyxel.rect(x, y, w, h, res.CARD_COLOURS[colour])
    pyxel.rectb(x, y, w, h, lay.WHITE)
    shift = _signed(x + 2, y + 2, colour)
    pyxel.text(x + 3 + shift, y + 2, COLOUR_NAMES[colour].upper(), lay.BLACK if colour == "Y" else lay.WHITE)


def _draw_your_hand(board: Board, arrow_frame: int | None) -> None:
    """Your hand face up; its backs while it is hidden (several people, and
    not the turn of the person in front of the screen)."""
    row = lay.your_row(len(board.hand), board.selected)
    hidden = board.hidden
    for offset, x in enumerate(row.xs):
        index = row.first + offset
        if index != board.selected:
            draw_card(x, _card_y(board, index), None if hidden else board.hand[index])
    if not board.hand:
        return
    selected_x = row.x_of(board.selected)
    assert selected_x is not None  # (the row scrolls to keep the selected card in view)
    draw_card(selected_x, _card_y(board, board.selected), None if hidden else board.hand[board.selected])
    if row.hidden_left:
        pyxel.text(row.xs[0] - 2, lay.HAND_Y + res.CARD_H, f"<{row.hidden_left}", lay.WHITE)
    if row.hidden_right:
        label = f"{row.hidden_right}>"
        pyxel.text(row.xs[-1] + res.CARD_W + 2 - len(label) * CHAR_W, lay.HAND_Y + res.CARD_H, label, lay.WHITE)
    if arrow_frame is not None and arrow_frame % 16 < 12:
        arrow_y = _card_y(board, board.selected) - res.ARROW_H - 2
        draw_arrow(selected_x + (res.CARD_W - res.ARROW_W) // 2, arrow_y, arrow_frame // 8)


def _card_y(board: Board, index: int) -> int:
    lifted = board.drawn is not None and index == board.selected and board.hand[index] == board.drawn
    if lifted:
        return lay.HAND_Y - lay.DRAWN_LIFT
    if board.playable is not None and board.hand[index] in board.playable:
        return lay.HAND_Y - lay.HINT_LIFT  # HINTS: a card that may be played now
    return lay.HAND_Y


def button_rects(
    labels: list[str] | tuple[str, ...], extra: int = 0, gap: int = CHOICE_GAP
) -> list[tuple[int, int, int, int]]:
    """Buttons in a row above your hand, one for each label as the player's
    keys spell it (and ``extra`` pixels more, for a colour's sign), ``gap``
    apart: (x, y, w, h)."""
    widths = [len(spelled(label)) * CHAR_W + 8 + extra for label in labels]
    x = (lay.SCREEN_W - sum(widths) - gap * (len(widths) - 1)) // 2
    rects = []
    for w in widths:
        rects.append((x, lay.CHOICE_Y, w, CHAR_H + 6))
        x += w + gap
    return rects


def colour_choice_rects() -> list[tuple[str, tuple[int, int, int, int]]]:
    """The four colours to choose from, above your hand: (letter, (x, y, w, h))."""
    # With COLOUR SIGNS the buttons are wider, and half of that comes out of
    # the gaps: the row stays clear of the side panels of nine and ten players.
    labels = [_choice_label(letter) for letter in COLOURS]
    rects = button_rects(labels, extra=sign_room(), gap=CHOICE_GAP - sign_room() // 2)
    return list(zip(COLOURS, rects, strict=True))


def _choice_label(letter: str) -> str:
    return f"{letter} {COLOUR_NAMES[letter].upper()}"


def draw_colour_choice(highlight: int, frame: int) -> None:
    """The four colours to type (or click), by letter and name, above your
    hand; the highlighted one (for UP/DOWN and RETURN) has a flashing frame."""
    for i, (letter, (x, y, w, h)) in enumerate(colour_choice_rects()):
        pyxel.rect(x, y, w, h, res.CARD_COLOURS[letter])
        pyxel.rectb(x, y, w, h, lay.WHITE)
        shift = _signed(x + 3, y + 3, letter)
        pyxel.text(x + 4 + shift, y + 3, spelled(_choice_label(letter)), lay.BLACK if letter == "Y" else lay.WHITE)
        if i == highlight and frame % 16 < 12:
            pyxel.rectb(x - 2, y - 2, w + 4, h + 4, lay.WHITE)


def colour_at(x: int, y: int) -> str | None:
    """The colour of the swatch at (x, y) while a colour is asked, or None."""
    for letter, (rx, ry, rw, rh) in colour_choice_rects():
        if rx <= x < rx + rw and ry <= y < ry + rh:
            return letter
    return None


def draw_choices(labels: tuple[str, ...], highlight: int, frame: int) -> None:
    """Buttons to choose from (CHALLENGE or ACCEPT), the highlighted one framed."""
    for i, (label, (x, y, w, h)) in enumerate(zip(labels, button_rects(labels), strict=True)):
        chosen = i == highlight
        pyxel.rect(x, y, w, h, lay.NAVY if chosen else lay.BLACK)
        pyxel.rectb(x, y, w, h, lay.YELLOW if chosen else lay.WHITE)
        pyxel.text(x + 4, y + 3, spelled(label), lay.YELLOW if chosen else lay.WHITE)
        if chosen and frame % 16 < 12:
            pyxel.rectb(x - 2, y - 2, w + 4, h + 4, lay.YELLOW)


def choice_at(x: int, y: int, labels: tuple[str, ...]) -> int | None:
    """The index of the button at (x, y), or None."""
    for index, (rx, ry, rw, rh) in enumerate(button_rects(labels)):
        if rx <= x < rx + rw and ry <= y < ry + rh:
            return index
    return None


def draw_pile_hit(x: int, y: int) -> bool:
    px, py = lay.DRAW_PILE_POS
    return px - 3 <= x < px + res.CARD_W and py - 3 <= y < py + res.CARD_H


def hand_card_at(board: Board, x: int, y: int) -> int | None:
    """The index of the card of your hand under (x, y), as drawn: the selected
    card on top, then each card over the one to its left; None if none."""
    row = lay.your_row(len(board.hand), board.selected)
    order = [board.selected] + [row.first + i for i in range(len(row.xs) - 1, -1, -1)]
    for index in order:
        left = row.x_of(index)
        if left is None:
            continue
        top = _card_y(board, index)
        if left <= x < left + res.CARD_W and top <= y < top + res.CARD_H:
            return index
    return None


HISTORY_H = 6 * 8 + 14


def history_rect() -> tuple[int, int, int, int]:
    """The box of the message bar's last lines (H), just above the bar."""
    return 0, lay.BAR_Y - HISTORY_H - 1, lay.SCREEN_W, HISTORY_H


def draw_history(lines: list[str]) -> None:
    """H: the last lines of the message bar, oldest first, over the table."""
    x, y, w, h = history_rect()
    pyxel.rect(x, y, w, h, lay.BLACK)
    pyxel.rectb(x, y, w, h, lay.LIGHT_BLUE)
    pyxel.text(x + 4, y + 3, spelled("THE LAST MESSAGES (H CLOSES)"), lay.LIGHT_BLUE)
    for i, line in enumerate(lines[-6:]):
        pyxel.text(x + 4, y + 12 + i * 8, line, lay.WHITE)


def draw_message_bar(news: str, prompt: str) -> None:
    """The news and the prompt under the table, naming the player's keys (``spelled``)."""
    pyxel.rect(0, lay.BAR_Y, lay.SCREEN_W, lay.BAR_H, lay.BLACK)
    pyxel.line(0, lay.BAR_Y, lay.SCREEN_W - 1, lay.BAR_Y, lay.LIGHT_BLUE)
    pyxel.text(4, lay.NEWS_Y, spelled(news), lay.WHITE)
    pyxel.text(4, lay.PROMPT_Y, spelled(prompt), lay.YELLOW)
