"""The window: the scale it opens at, and the mouse pointer, which shows only
while the mouse is being used inside it. The game runs headless here; pyxel
draws the pointer onto the screen as it does in a window (``pyxel.flip``)."""

from __future__ import annotations

import pytest
import pyxel
from test_ui import Player

from game.ui.app import init_pyxel
from game.ui.device import runtime
from game.ui.device.display import FRAME_ROOM, Screen, window_scale
from game.ui.layout import SCREEN_H, SCREEN_W


@pytest.fixture(scope="module", autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


# ----- the window's scale -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("width", "height", "scale"),
    [
        (800, 600, 2),  # pyxel alone opens 1x here: 320 x 200, text unreadable
        (1024, 768, 3),
        (1366, 728, 3),  # 768 high, less a task bar
        (1920, 1048, 4),
        (2560, 1400, 6),
        (3840, 2120, 10),
        (640, 400, 1),  # 2x would leave no room for the frame
        (300, 180, 1),  # never less than 1
    ],
)
def test_the_window_opens_at_the_largest_whole_scale_that_fits_with_its_frame(width, height, scale):
    chosen = window_scale(Screen("x11", width, height))
    assert chosen == scale
    room_w, room_h = FRAME_ROOM
    if scale > 1:
        assert SCREEN_W * chosen + room_w <= width and SCREEN_H * chosen + room_h <= height
    assert SCREEN_W * (chosen + 1) + room_w > width or SCREEN_H * (chosen + 1) + room_h > height


def test_an_unknown_screen_size_leaves_the_scale_to_pyxel():
    assert window_scale(None) is None
    assert window_scale(Screen("x11")) is None
    assert runtime.init_options(headless=False, display_scale=3)["display_scale"] == 3
    assert runtime.init_options(headless=False)["display_scale"] is None


def test_only_a_real_video_driver_counts_as_a_display():
    assert Screen("x11", 800, 600).visible and Screen("wayland").visible and Screen("KMSDRM").visible
    assert not Screen("offscreen").visible and not Screen("dummy").visible and not Screen("").visible


# ----- the mouse pointer --------------------------------------------------------------------------


def pointer_drawn(player: Player) -> bool:
    """Whether pyxel draws its pointer over the game's picture this frame
    (it does so after the game's draw, where the mouse is)."""
    x, y = pyxel.mouse_x, pyxel.mouse_y
    player.app.draw()
    before = [pyxel.pget(x + i, y + j) for i in range(6) for j in range(6)]
    pyxel.flip()
    return before != [pyxel.pget(x + i, y + j) for i in range(6) for j in range(6)]


def test_the_pointer_shows_only_after_the_mouse_moves_and_hides_when_keys_are_used():
    player = Player(seed=4)  # started with the keys, the mouse never moved
    driver = player.bot.driver
    player.wait_for_you()
    assert not player.app.mouse.pointer_shown and not pointer_drawn(player)
    driver.frame(mouse=(150, 120))
    assert player.app.mouse.pointer_shown and pointer_drawn(player)
    driver.frame()
    assert pointer_drawn(player), "it stays while the mouse rests"
    player.press("RIGHT")
    assert not player.app.mouse.pointer_shown and not pointer_drawn(player)
    driver.frame()
    assert not pointer_drawn(player), "it stays hidden until the mouse moves again"
    driver.frame(mouse=(151, 120))
    assert pointer_drawn(player)


def test_the_pointer_hides_when_the_mouse_leaves_the_window():
    player = Player(seed=5)
    driver = player.bot.driver
    inside = [True]
    player.app.mouse.in_window = lambda: inside[0]  # what SDL says in a window
    driver.frame(mouse=(100, 60))
    assert pointer_drawn(player)
    inside[0] = False  # pyxel keeps the last position inside when the mouse leaves
    driver.frame()
    assert not player.app.mouse.pointer_shown and not pointer_drawn(player)
    inside[0] = True
    driver.frame(mouse=(101, 60))
    assert pointer_drawn(player)


def test_a_click_shows_the_pointer_where_it_clicked():
    player = Player(seed=6, start=False)
    player.bot.driver.click(40, 40)  # skips the loading screen
    assert player.app.scene == "title" and player.app.mouse.pointer_shown


def test_the_pointer_does_not_show_when_pyxel_first_learns_where_the_mouse_is():
    """In a window pyxel learns the mouse's place in its first frame, or when
    the window gets the focus: a jump, not a move by the player."""
    pyxel.set_mouse_pos(0, 0)
    player = Player(seed=7, start=False, low_memory=True)
    driver = player.bot.driver
    driver.frame(mouse=(160, 100))  # the first frame: where the mouse was all along
    assert not pointer_drawn(player)
    driver.frame(mouse=(-9999, -9999))  # no focus: pyxel puts it far outside
    driver.frame(mouse=(200, 120))  # the focus comes back
    assert not pointer_drawn(player) and player.app.scene == "title"
    driver.frame(mouse=(201, 120))
    assert pointer_drawn(player)
