"""The end-of-hand and end-of-match panels, drawn over the table."""

from __future__ import annotations

from dataclasses import dataclass

import pyxel

from game.rules.teams import side_points, team_letter, team_totals
from game.ui import layout as lay
from game.ui.device import resources as res
from game.ui.device.key_words import spelled
from game.ui.drawing import CHAR_W, big_text, draw_card, draw_panel, draw_title_art, text_centred
from game.ui.layout import CX
from game.ui.seats.kinds import seat_name
from game.ui.table.hand_layout import layout_row
from game.ui.table.narration import team_wins_news

PANEL_X = 24
PANEL_Y = lay.COUNT_Y + lay.COUNT_H + 3  # under the card counts, which stay in view
PANEL_W = lay.SCREEN_W - 2 * PANEL_X
PANEL_H = lay.BAR_Y - 3 - PANEL_Y
CARDS_Y = PANEL_Y + 92
VERDICT_Y = PANEL_Y + 141  # an online match's result: the shuffle's check, under the footer
TITLE_SCALE = 0.5


@dataclass(frozen=True)
class HandResult:
    """What the end of a hand shows."""

    winner: int  # 0 you, 1 the computer (or computer 1), ...
    points: int
    scores: tuple[int, ...]
    target: int
    loser_cards: tuple[str, ...]  # two players: the cards counted, left in the loser's hand
    last: bool = False  # the last hand of the match
    left: tuple[int, ...] = ()  # more players: the cards left in every hand
    tally: bool = False  # each player's own cards added to their total; the lowest wins
    names: tuple[str, ...] = ()  # several people: every seat's name (nobody is "you")
    sides: tuple[int, ...] = ()  # partners: every seat's team (``teams.sides``); (): none
    given: tuple[int, ...] = ()  # partners: the points in each seat's hand; (): not known here (online)

    @property
    def players(self) -> int:
        return len(self.scores)

    def lines(self) -> list[str]:
        """The result in words, also reported by headless runs."""
        if self.sides:
            return self._team_lines()
        if self.names:
            name = self.names[self.winner]
            went = f"{name} WENT OUT"
            scores = "SCORE" if name == "YOU" else "SCORES"  # an online table: your name is YOU
            head = f"{went}: THE OTHERS ADD THEIR CARDS" if self.tally else f"{went} AND {scores} {self.points} POINTS"
            rule = f"(AT {self.target} THE LOWEST WINS)" if self.tally else f"(FIRST TO {self.target})"
            return [head, f"{_short_scores(self.scores, self.names)}  {rule}"]
        if self.players == 2 and not self.tally:
            if self.winner == 0:
                head = f"YOU WENT OUT AND SCORE {self.points} POINTS"
            else:
                head = f"THE COMPUTER WENT OUT AND SCORES {self.points} POINTS"
            return [head, f"YOU {self.scores[0]}   COMPUTER {self.scores[1]}   (FIRST TO {self.target})"]
        if self.winner == 0:
            went, scores = "YOU WENT OUT", "SCORE"
        else:
            name = "THE COMPUTER" if self.players == 2 else seat_name(self.winner, self.players)
            went, scores = f"{name} WENT OUT", "SCORES"
        head = f"{went}: THE OTHERS ADD THEIR CARDS" if self.tally else f"{went} AND {scores} {self.points} POINTS"
        rule = f"(AT {self.target} THE LOWEST WINS)" if self.tally else f"(FIRST TO {self.target})"
        return [head, f"{_short_scores(self.scores)}  {rule}"]

    def _team_lines(self) -> list[str]:
        """Partners: who went out, what the team scores, every team's total."""
        names = self.names or tuple(
            "YOU" if seat == 0 else seat_name(seat, self.players) for seat in range(self.players)
        )
        name = names[self.winner]
        went = f"{name} WENT OUT"
        team = f"TEAM {team_letter(self.sides[self.winner])}"
        head = f"{went}: EVERY TEAM ADDS ITS CARDS" if self.tally else f"{went}: {team} SCORES {self.points} POINTS"
        rule = f"(AT {self.target} THE LOWEST WINS)" if self.tally else f"(FIRST TO {self.target})"
        return [head, *self._counted_line(), f"{team_scores(self.scores, self.sides)}  {rule}"]

    def _counted_line(self) -> list[str]:
        """Partners: what each team's hands gave the team that went out (as
        the 1991 result shows the cards counted); none under the tally or
        where the hands are not known here."""
        if self.tally or not self.given:
            return []
        winners = self.sides[self.winner]
        gave = team_totals(side_points(self.given, self.sides), self.sides)
        cells = [f"TEAM {team_letter(side)} {points}" for side, points in gave.items() if side != winners]
        return ["COUNTED: " + ", ".join(cells)]


def team_scores(scores: tuple[int, ...], sides: tuple[int, ...]) -> str:
    """TEAM A 120 TEAM B 40: every team's total once (both partners hold it)."""
    return " ".join(f"TEAM {team_letter(side)} {total}" for side, total in team_totals(scores, sides).items())


def _score_cells(scores: tuple[int, ...], names: tuple[str, ...] = ()) -> list[str]:
    """Each seat's short name and score: YOU 120, C1 40 (ANN 120, C2 40)."""
    if names:
        return [
            f"{name if not name.startswith('COMPUTER') else f'C{seat}'} {score}"
            for seat, (name, score) in enumerate(zip(names, scores, strict=True))
        ]
    return [f"{'YOU' if seat == 0 else f'C{seat}'} {score}" for seat, score in enumerate(scores)]


def _short_scores(scores: tuple[int, ...], names: tuple[str, ...] = ()) -> str:
    """YOU 120 C1 40 C2 0 ...: every score on one line (ANN 120 BOB 40 C2 0
    with several people)."""
    if names:
        short = [name if not name.startswith("COMPUTER") else f"C{seat}" for seat, name in enumerate(names)]
        return " ".join(f"{name} {score}" for name, score in zip(short, scores, strict=True))
    if len(scores) == 2:
        return f"YOU {scores[0]}   COMPUTER {scores[1]}"
    return " ".join(f"{'YOU' if seat == 0 else f'C{seat}'} {score}" for seat, score in enumerate(scores))


def draw_hand_result(result: HandResult) -> None:
    """Two players: the cards counted, face up (the hand is over: at a table
    of two people as well, the winner counts the loser's cards); more
    players, or the tally, or a table whose cards are unknown here (online):
    every seat's count."""
    if result.players > 2 or result.tally or (result.names and not result.loser_cards):
        _draw_table_result(result)
        return
    won = result.winner == 0 or bool(result.names)
    draw_panel(PANEL_X, PANEL_Y, PANEL_W, PANEL_H, lay.YELLOW if won else lay.PINK)
    text_centred(CX, PANEL_Y + 10, "END OF THE LAST HAND" if result.last else "END OF THE HAND", lay.LIGHT_BLUE)
    head, totals = result.lines()
    text_centred(CX, PANEL_Y + 26, head, lay.YELLOW if won else lay.PINK)
    text_centred(CX, PANEL_Y + 42, "RUNNING TOTALS", lay.LIGHT_BLUE)
    text_centred(CX, PANEL_Y + 52, totals, lay.WHITE)
    text_centred(CX, PANEL_Y + 76, counted_line(result), lay.GREY)
    row = layout_row(len(result.loser_cards), 0, PANEL_X + 8, PANEL_W - 16, res.CARD_W)
    for offset, x in enumerate(row.xs):
        draw_card(x, CARDS_Y, result.loser_cards[row.first + offset])
    if row.hidden_right:
        text_centred(CX, CARDS_Y + res.CARD_H + 3, f"AND {row.hidden_right} MORE", lay.WHITE)


def counted_line(result: HandResult) -> str:
    """Over the loser's cards at a table of two: whose they are."""
    if result.names:
        loser, winner = result.names[1 - result.winner], result.names[result.winner]
        whose = "YOUR" if loser == "YOU" else f"{loser}'S"  # an online table: yours is YOU
        return f"{whose} CARDS LEFT, COUNTED FOR {winner}:"
    owner = "THE COMPUTER'S" if result.winner == 0 else "YOUR"
    return f"{owner} CARDS LEFT, COUNTED FOR THE WINNER:"


def _draw_table_result(result: HandResult) -> None:
    """More players, or the tally, or several people: every seat's cards
    left and total."""
    sides = result.sides
    winners = [seat for seat in range(result.players) if sides and sides[seat] == sides[result.winner]]
    won = result.winner == 0 or bool(result.names) or 0 in winners
    draw_panel(PANEL_X, PANEL_Y, PANEL_W, PANEL_H, lay.YELLOW if won else lay.PINK)
    text_centred(CX, PANEL_Y + 10, "END OF THE LAST HAND" if result.last else "END OF THE HAND", lay.LIGHT_BLUE)
    head, *counted, totals = result.lines()
    text_centred(CX, PANEL_Y + 24, head, lay.YELLOW if won else lay.PINK)
    text_centred(CX, PANEL_Y + 36, totals.rsplit("  ", 1)[-1], lay.GREY)
    for line in counted:  # partners: what each team gave, and each player on the rows
        text_centred(CX, PANEL_Y + 46, line, lay.WHITE)
    columns = 1 if result.players <= 5 else 2
    rows = (result.players + columns - 1) // columns
    col_w = (PANEL_W - 24) // columns
    text_y = PANEL_Y + 52 + 8 * len(counted)
    for seat, score in enumerate(result.scores):
        col, row = divmod(seat, rows)
        x, y = PANEL_X + 12 + col * col_w, text_y + row * 12
        colour = lay.YELLOW if seat == result.winner or seat in winners else lay.WHITE
        left = result.left[seat] if seat < len(result.left) else 0
        if sides:
            pyxel.text(x - 8, y, team_letter(sides[seat]), lay.LIGHT_BLUE)
        pyxel.text(x, y, result.names[seat] if result.names else seat_name(seat, result.players), colour)
        counted_here = result.given and not result.tally and sides[seat] != sides[result.winner]
        pyxel.text(x + 52, y, left_cell(left, result.given[seat] if counted_here else None, columns), lay.GREY)
        pyxel.text(x + col_w - 40, y, f"{score:>5}", colour)


def left_cell(left: int, points: int | None, columns: int) -> str:
    """A seat's cards left on a result's row and, for a partner whose cards
    were counted, their points: "4 LEFT = 45 POINTS" ("4 = 45" in two columns)."""
    if points is None:
        return f"{left} LEFT"
    return f"{left} LEFT = {points} POINTS" if columns == 1 else f"{left} = {points}"


def draw_match_result(
    winner: int,
    scores: tuple[int, ...],
    title_art: bool = True,
    footer: str = "PRESS RETURN FOR A NEW MATCH",
    names: tuple[str, ...] = (),
    sides: tuple[int, ...] = (),
) -> None:
    """The winner and the final scores, under the title art (in
    constrained-memory mode, where it is not loaded, the name in letters);
    ``names``: several people's table, every seat by name; ``sides``:
    partners, the winning team and every team's score."""
    won = winner == 0 or bool(names) or (bool(sides) and sides[winner] == sides[0])
    draw_panel(PANEL_X, PANEL_Y, PANEL_W, PANEL_H, lay.YELLOW if won else lay.PINK)
    if title_art:
        draw_title_art(CX, PANEL_Y + 42, TITLE_SCALE)
    else:
        big_text(CX, PANEL_Y + 50, "UNO 1991", lay.YELLOW, 3, shadow=lay.PURPLE)
    text_centred(CX, PANEL_Y + 80, "END OF THE MATCH", lay.LIGHT_BLUE)
    loser = "THE COMPUTER" if len(scores) == 2 else seat_name(winner, len(scores))
    if sides:  # as the message bar says it (``narration.team_wins_news``)
        yours = (not names or "YOU" in names) and sides[winner] == sides[0]  # (several people: nobody's "your")
        text_centred(CX, PANEL_Y + 94, team_wins_news(sides[winner], yours).upper(), lay.YELLOW)
    elif names:
        wins = "YOU WIN" if names[winner] == "YOU" else f"{names[winner]} WINS"  # an online table: yours is YOU
        text_centred(CX, PANEL_Y + 94, f"{wins} THE MATCH!", lay.YELLOW)
    else:
        text_centred(CX, PANEL_Y + 94, "YOU WIN THE MATCH!" if won else f"{loser} WINS THE MATCH", lay.YELLOW)
    lines = [f"FINAL SCORES:  {team_scores(scores, sides)}"] if sides else final_score_lines(scores, names)
    for i, line in enumerate(lines):
        text_centred(CX, PANEL_Y + 110 + 9 * i, line, lay.WHITE)
    text_centred(CX, PANEL_Y + 130, spelled(footer), lay.GREY)


def final_score_lines(scores: tuple[int, ...], names: tuple[str, ...] = ()) -> list[str]:
    """FINAL SCORES and every score: one line, or two at a big table."""
    line = f"FINAL SCORES:  {_short_scores(scores, names)}"
    if len(line) * CHAR_W <= PANEL_W - 8:
        return [line]
    cells = _score_cells(scores, names)
    half = (len(cells) + 1) // 2
    return [f"FINAL SCORES:  {' '.join(cells[:half])}", " ".join(cells[half:])]
