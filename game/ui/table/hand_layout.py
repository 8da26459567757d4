"""Where each card of a hand goes along a row, whatever the size of the hand.

Cards overlap more as the hand grows. Once they would overlap so much that a
card's corner (its small rank and colour letter) no longer shows, the row
scrolls instead: it shows a window of the hand that always holds the
selected card, and says how many cards are hidden on either side. The
selected card is drawn last, so it is always fully visible.

Pure arithmetic: no pyxel here, so it is easy to test.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_STEP = 26  # cards side by side with a 2-pixel gap
MIN_STEP = 10  # the narrowest overlap that still shows a card's corner


@dataclass(frozen=True)
class RowLayout:
    """The visible part of a hand: card ``first + i`` goes at ``xs[i]``."""

    first: int
    xs: tuple[int, ...]
    hidden_left: int
    hidden_right: int

    def x_of(self, index: int) -> int | None:
        """The x of card ``index``, or None when it is scrolled out of view."""
        offset = index - self.first
        return self.xs[offset] if 0 <= offset < len(self.xs) else None


def capacity(width: int, card_w: int) -> int:
    """How many cards fit in ``width`` pixels at the tightest overlap."""
    return max(1, (width - card_w) // MIN_STEP + 1)


def layout_row(count: int, selected: int, left: int, width: int, card_w: int) -> RowLayout:
    """Lay ``count`` cards out in the strip [left, left + width), centred,
    keeping card ``selected`` in view."""
    if count <= 0:
        return RowLayout(0, (), 0, 0)
    shown = min(count, capacity(width, card_w))
    step = MAX_STEP if shown == 1 else min(MAX_STEP, (width - card_w) // (shown - 1))
    first = _window_start(count, shown, selected)
    row_w = card_w + step * (shown - 1)
    x0 = left + (width - row_w) // 2
    xs = tuple(x0 + step * i for i in range(shown))
    return RowLayout(first, xs, first, count - first - shown)


def _window_start(count: int, shown: int, selected: int) -> int:
    """The first card of a window of ``shown`` cards centred on ``selected``."""
    selected = min(max(selected, 0), count - 1)
    return min(max(selected - shown // 2, 0), count - shown)
