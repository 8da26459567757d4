"""Nothing is drawn over anything (issue 20.5): over every scene and every
table size, the boxes the layout gives each element are checked from the
layout's own geometry (``layout``, ``seating``, ``table``, ``panels``,
the menus' screens, ``replay``): no text leaves its box, and no two elements of a
scene overlap. A box is (x, y, w, h); a text's box is the ink of its
letters, 4 pixels a letter less the last column of space.

One element may be drawn over the table on purpose and is left out: the
message history (H), which covers the table until H closes it, as the
in-match menu does.
"""

from __future__ import annotations

from itertools import combinations

import pytest
import pyxel

from game.rules.cards import COLOURS
from game.rules.rulesets import RULESETS, get_ruleset
from game.ui import drawing
from game.ui import layout as lay
from game.ui.device import resources as res
from game.ui.drawing import CHAR_H, CHAR_W
from game.ui.scenes import house, howto, letter_picker, pause, replay, title_menu, widgets
from game.ui.seats.kinds import seat_name
from game.ui.table import narration, online_overlay, online_words, panels, results, seat_layout, tabletop
from game.ui.table.match import CHALLENGE_LABELS

Box = tuple[int, int, int, int]


def text_box(x: int, y: int, text: str) -> Box:
    return (x, y, max(0, len(text) * CHAR_W - 1), CHAR_H - 1)


def centred_box(cx: int, y: int, text: str) -> Box:
    return text_box(cx - len(text) * CHAR_W // 2, y, text)


def inside(inner: Box, outer: Box) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh


def overlap(a: Box, b: Box) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def no_overlaps(elements: dict[str, Box]) -> list[str]:
    return [
        f"{a} {elements[a]} overlaps {b} {elements[b]}"
        for a, b in combinations(elements, 2)
        if overlap(elements[a], elements[b])
    ]


def outside(texts: dict[str, tuple[Box, Box]]) -> list[str]:
    return [f"{name!r} {box} leaves its box {outer}" for name, (box, outer) in texts.items() if not inside(box, outer)]


# ----- the table --------------------------------------------------------------------

TABLE_AREA = (2, 2, lay.SCREEN_W - 4, lay.BAR_Y - 4)
BAR = (0, lay.BAR_Y, lay.SCREEN_W, lay.BAR_H)
ROW_STATES = ("house", "colours", "challenge", "challenge stack", "revealed")


def hand_box(state: str) -> Box:
    """Your hand: its cards (a card picked up, or a hint, sits higher), the
    arrow over the selected card while it waits for you, the hidden counts
    under the row. While the challenged hand shows, nothing is lifted and
    there is no arrow."""
    top = lay.HAND_Y if state == "revealed" else lay.HAND_Y - lay.DRAWN_LIFT - res.ARROW_H - 2
    bottom = lay.HAND_Y + res.CARD_H + CHAR_H - 1
    return (lay.HAND_LEFT - 2, top, lay.HAND_W + 4, bottom - top)


def pile_boxes() -> dict[str, Box]:
    x, y = lay.DRAW_PILE_POS
    dx, dy = lay.DISCARD_POS
    left = centred_box(x + res.CARD_W // 2, lay.SWATCH_Y + 2, "108 LEFT")
    return {
        "draw pile": (x - 3, y - 3, res.CARD_W + 3, res.CARD_H + 3),
        "discard pile": (dx - 3, dy - 3, res.CARD_W + 3, res.CARD_H + 3),
        "swatch": max((tabletop.swatch_rect(colour) for colour in COLOURS), key=lambda rect: rect[2]),
        "cards left": left,
    }


def row_boxes(state: str, house: tuple[str, ...], players: int) -> dict[str, Box]:
    """The row between the piles and your hand: the house rules' names, or
    what you choose from, or the challenged hand."""
    if state == "house":
        if not house:
            return {}
        return {"house rules": centred_box(lay.CX, lay.CHOICE_Y + 3, tabletop.house_tags(house, players))}
    if state == "colours":
        return {f"colour {letter}": rect for letter, rect in tabletop.colour_choice_rects()}
    if state.startswith("challenge"):
        labels = CHALLENGE_LABELS if state.endswith("stack") else CHALLENGE_LABELS[:2]
        boxes = {label: rect for label, rect in zip(labels, tabletop.button_rects(labels), strict=True)}
        boxes["before"] = tabletop.colour_before_rect("Y")
        return boxes
    return {"challenged hand": panels.reveal_box(players)}


def seat_boxes(players: int, royal: bool) -> dict[str, Box]:
    boxes: dict[str, Box] = {}
    if players == 2:
        boxes["your count"] = (lay.YOUR_COUNT_X, lay.COUNT_Y, lay.COUNT_W, lay.COUNT_H)
        boxes["computer count"] = (lay.COMPUTER_COUNT_X, lay.COUNT_Y, lay.COUNT_W, lay.COUNT_H)
        row = lay.computer_row(25)
        boxes["computer hand"] = (row.xs[0], lay.COMPUTER_ROW_Y, row.xs[-1] + res.CARD_W + 12 - row.xs[0], res.CARD_H)
    else:
        for panel in [*seat_layout.panels(players), seat_layout.YOU_PANEL]:
            boxes[f"panel {panel.seat}"] = (panel.x, panel.y, seat_layout.PANEL_W, seat_layout.PANEL_H)
        x, y = seat_layout.DIRECTION_POS
        boxes["direction"] = (x, y, res.DIRECTION_RECT[2], res.DIRECTION_RECT[3])
    if royal:
        x, y = seat_layout.SCEPTER_POS
        boxes["scepter"] = (x, y, res.SCEPTER_RECT[2], res.SCEPTER_RECT[3])
        boxes["scepter timer"] = seat_layout.SCEPTER_BAR
    return boxes


def watching_box() -> Box:
    """At an online table, how many watch, at the right (16 at most:
    ``room.MOST_WATCHERS``), but while the challenged hand shows in its place."""
    line = online_words.watching_line(16)
    return text_box(lay.SCREEN_W - 8 - len(line) * CHAR_W, online_overlay.COUNT_Y, line)


def table_cases():
    """Every table and row; those that name colours also with COLOUR SIGNS (wider names)."""
    for rules in ("1991", "standard", "royal"):
        ruleset = get_ruleset(rules)
        for players in range(ruleset.min_players, ruleset.max_players + 1):
            for state in ROW_STATES:
                if rules != "standard" and state != "house" and state != "colours":
                    continue
                yield rules, players, state, False
                if state in ("colours", "challenge", "challenge stack"):
                    yield rules, players, state, True


@pytest.fixture(params=[False, True], ids=["plain", "colour signs"])
def signs(request):
    """The table as the 1991 game draws it, or with COLOUR SIGNS (wider colour names)."""
    drawing.LOOK.colour_signs = request.param
    yield request.param
    drawing.LOOK.colour_signs = False


@pytest.mark.parametrize(("rules", "players", "state", "signs"), list(table_cases()), indirect=["signs"])
def test_no_two_elements_of_the_table_overlap(rules, players, state, signs):
    house = ("stacking", "seven_zero", "jump_in", "draw_to_match", "forced_play", "no_bluffing")
    piles = pile_boxes()
    if state == "revealed":  # the challenged hand's whole cards stand over these two for a moment
        del piles["swatch"], piles["cards left"]
    elements = {
        **seat_boxes(players, royal=rules == "royal"),
        **piles,
        **row_boxes(state, house if rules == "standard" else (), players),
        "your hand": hand_box(state),
        "message bar": BAR,
        **({} if state == "revealed" else {"how many watch (online)": watching_box()}),
    }
    assert no_overlaps(elements) == []
    for name, box in elements.items():
        if name != "message bar":
            assert inside(box, TABLE_AREA), f"{name} {box} leaves the table"


@pytest.mark.parametrize("players", range(3, 11))
def test_the_frame_of_a_seat_you_pick_and_the_marker_of_the_seat_in_turn_touch_no_other_panel(players):
    every = [*seat_layout.panels(players), seat_layout.YOU_PANEL]
    for panel in every:
        frame = (panel.x - 2, panel.y - 2, seat_layout.PANEL_W + 4, seat_layout.PANEL_H + 4)
        marker_y = panel.y - 4 if panel.y > 4 else panel.y + seat_layout.PANEL_H - 1
        marker = (panel.x + seat_layout.PANEL_W // 2 - 3, marker_y, res.MARKER_RECT[2], res.MARKER_RECT[3])
        for other in every:
            if other is not panel:
                box = (other.x, other.y, seat_layout.PANEL_W, seat_layout.PANEL_H)
                assert not overlap(frame, box) and not overlap(marker, box), (panel.seat, other.seat)


@pytest.mark.parametrize("players", range(3, 11))
def test_every_text_of_a_seats_panel_stays_in_it(players):
    texts = {}
    for panel in [*seat_layout.panels(players), seat_layout.YOU_PANEL]:
        box = (panel.x, panel.y, seat_layout.PANEL_W, seat_layout.PANEL_H)
        name = seat_name(panel.seat, players)
        x, y = panel.x, panel.y
        texts[f"{name}"] = (text_box(x + 3, y + 3, name), box)
        crown = seat_layout.crown_pos(panel.seat, players)
        texts[f"{name} crown"] = ((*crown, res.HAT_RECT[2], res.HAT_RECT[3]), box)
        assert not overlap(texts[name][0], texts[f"{name} crown"][0]), f"{name}'s crown covers its name"
        for count, score in ((19, 499), (1, 1234)):
            word = "CARD" if count == 1 else "CARDS"
            cards = text_box(x + 5 + 2 * len(str(count)) * CHAR_W, y + 13, word)
            points = text_box(x + seat_layout.PANEL_W - 3 - len(str(score)) * CHAR_W, y + 13, str(score))
            texts[f"{name} {count} {word}"] = (cards, box)
            texts[f"{name} score {score}"] = (points, box)
            assert not overlap(cards, points), f"{name}: {word} and the score {score}"
        backs = (x + 3, y + seat_layout.PANEL_H - 10, 5 * panels.MOST_BACKS, res.MINI_BACK_RECT[3])
        chips = panels.chip_xs(25, x + 3, seat_layout.PANEL_W - 6)
        texts[f"{name} backs"] = (backs, box)
        texts[f"{name} chips"] = (
            (chips[0], y + seat_layout.PANEL_H - 10, chips[-1] + panels.CHIP_W - chips[0], 8),
            box,
        )
    assert outside(texts) == []


def test_the_two_player_counts_keep_their_texts_in_their_boxes():
    texts = {}
    for x, name in ((lay.YOUR_COUNT_X, "YOU"), (lay.COMPUTER_COUNT_X, "COMPUTER")):
        box = (x, lay.COUNT_Y, lay.COUNT_W, lay.COUNT_H)
        score = "SCORE 1234"
        texts[name] = (text_box(x + 6, lay.COUNT_Y + 4, name), box)
        texts[f"{name} {score}"] = (text_box(x + 6, lay.COUNT_Y + 13, score), box)
        count_w = 2 * CHAR_W * 2 + 4 + len("CARDS") * CHAR_W
        texts[f"{name} cards"] = ((x + lay.COUNT_W - 6 - count_w, lay.COUNT_Y + 4, count_w, 14), box)
    assert outside(texts) == []


def test_the_buttons_and_the_challenged_hand_keep_their_texts_in(signs):
    texts = {}
    for labels in (CHALLENGE_LABELS, CHALLENGE_LABELS[:2]):
        for label, (x, y, w, h) in zip(labels, tabletop.button_rects(labels), strict=True):
            texts[label] = (text_box(x + 4, y + 3, label), (x, y, w, h))
    shift = drawing.sign_room()  # COLOUR SIGNS: the sign before the name
    for letter, (x, y, w, h) in tabletop.colour_choice_rects():
        texts[letter] = (text_box(x + 4 + shift, y + 3, f"{letter} YELLOW"[: 2 + len(letter)]), (x, y, w, h))
    for colour in COLOURS:
        x, y, w, h = tabletop.colour_before_rect(colour)
        texts[f"before {colour}"] = (text_box(x + 3 + shift, y + 2, tabletop._before_label(colour)), (x, y, w, h))
        texts[f"before's sign {colour}"] = ((x + 2, y + 1, res.SIGN_W * signs, res.SIGN_W * signs), (x, y, w, h))
    for players in (2, 4, 10):
        x, y, w, h = box = panels.reveal_box(players)
        title = narration.revealed_title(players - 1, players)
        texts[f"{title} at {players}"] = (centred_box(lay.CX, y + 3, title), box)
        for count in (1, 7, 12, 30):
            xs = panels.revealed_xs(count, players)
            cards = (xs[0], y + panels.REVEAL_CARDS_Y, xs[-1] + res.CARD_W - xs[0], panels.REVEAL_CARD_H)
            texts[f"{count} revealed at {players}"] = (cards, box)
    assert outside(texts) == []


def test_the_message_bar_and_its_history_keep_every_line_in():
    x, y, w, h = tabletop.history_rect()
    assert inside((x, y, w, h), (0, 0, lay.SCREEN_W, lay.BAR_Y))
    longest = "x" * narration.MAX_CHARS
    assert inside(text_box(4, lay.NEWS_Y, longest), BAR) and inside(text_box(4, lay.PROMPT_Y, longest), BAR)
    assert inside(text_box(x + 4, y + 12 + 5 * 8, longest), (x, y, w, h))


def test_every_reason_and_prompt_the_table_builds_fits_the_bar():
    codes = sorted(set(get_ruleset("standard").deck) | set(get_ruleset("royal").deck))
    standard = sorted(set(get_ruleset("standard").deck))
    lines = [narration.stack_refusal(code, top) for code in standard for top in ("R+2", "W+4")]
    lines += [narration.refusal(code, top, "Y") for code in codes for top in codes]
    lines += [narration.no_bluffing_refusal(colour) for colour in COLOURS]
    lines += [narration.challenge_prompt(colour, stack) for colour in COLOURS for stack in (False, True)]
    lines += [narration.reveal_news(9, colour, ["W"], 10) for colour in COLOURS]
    lines += [narration.reveal_news(9, colour, [f"{colour}1"], 10) for colour in COLOURS]
    lines += [narration.jump_in_prompt(code) for code in codes]
    lines += [narration.computer_turn_prompt(9, 10), narration.PROMPT_COLOUR, narration.PROMPT_STARTER_COLOUR]
    lines += [
        narration.MENU_HINT,
        narration.ONLINE_MENU_NEWS,
        narration.WATCHING_MENU_HINT,
        narration.WATCHING_MENU_NEWS,
    ]
    too_long = [line for line in lines if len(line) > narration.MAX_CHARS]
    assert too_long == []


# ----- the screens round the table ---------------------------------------------------------


def test_continue_says_partners_and_stays_clear_of_its_highlights_edge():
    """(issue 53) "CONTINUE STANDARD 6P" ran to the highlight's edge and did not say partners."""
    menu = title_menu.TitleMenu(can_quit=True, title_art=True)
    menu.can_continue = True
    menu.partners = True
    x, y, w, _ = menu.items.rect(0)
    for players in (4, 6, 8, 10):
        label = title_menu.continue_label(("standard", players), ("1991", 2), teams=True)
        assert label == f"CONTINUE {players}P TEAMS"
        lx, _, lw, _ = text_box(x + 10, y, label)
        assert lx + lw + 8 <= x + w, label
    from game.rules import Game
    from game.storage.saves import SavedMatch

    for teams in (True, False):
        record = Game(rules="standard", players=6, seed=3, teams=teams).record()
        assert SavedMatch(record, "normal", 1, rules="standard", players=6).teams is teams, "the title learns it so"


def test_every_title_menu_label_stays_in_the_menu_and_the_menu_over_the_bottom_lines():
    menu = title_menu.TitleMenu(can_quit=True, title_art=True)
    menu.can_continue = True
    labels = [
        title_menu.continue_label(("standard", 10), ("1991", 2)),
        *[f"RULES: {rules.title}" for rules in RULESETS.values()],
        "OPPONENTS: 9",
        *[f"SCORING: {name}" for name in title_menu.SCORING_NAMES.values()],
        "HOUSE RULES: 6",
        "LEVEL: NORMAL",
        "SOUND: OFF",
        "SOUND: NO DEVICE",
    ]
    item = menu.items.rect(0)
    box = (menu.items.x, item[1], title_menu.MENU_W, item[3])
    assert outside({label: (text_box(menu.items.x + 10, item[1], label), box) for label in labels}) == []
    last = menu.items.rect(len(menu.items.keys) - 1)
    assert last[1] + last[3] < title_menu.CREDIT_Y
    from game.ui.app import init_pyxel
    from game.ui.device.resource_loader import Loader

    init_pyxel(headless=True)
    Loader(low_memory=False).title_art()
    u, v, w, h = res.TITLE_RECT
    image = pyxel.images[res.TITLE_BANK]
    drawn = [x for x in range(w) if any(image.pget(u + x, v + y) != res.TITLE_TRANSPARENT for y in range(h))]
    left = title_menu.TITLE_ART_CENTRE[0] - w // 2
    art = (left + drawn[0], 0, drawn[-1] - drawn[0] + 1, lay.SCREEN_H)
    menu_box = (title_menu.MENU_X, title_menu.MENU_Y, title_menu.MENU_W, last[1] + last[3] - title_menu.MENU_Y)
    assert not overlap(art, menu_box)


def howto_cases():
    for rules, pages in howto.RULE_PAGES.items():
        for heading, lines in howto.CONTROL_PAGES + pages:
            yield rules, heading, lines


@pytest.mark.parametrize(("rules", "heading", "lines"), list(howto_cases()))
def test_every_line_of_how_to_play_stays_inside_its_border(rules, heading, lines):
    x, y, w, h = widgets.PANEL
    inner = (x + 4, y + 4, w - 8, h - 8)  # inside the double border
    texts = {heading: (centred_box(lay.CX, y + 22, heading), inner)}
    for i, line in enumerate(lines):
        ly = y + 37 + i * howto.LINE_H
        if "|" in line:
            key, what = line.split("|", 1)
            texts[f"key {key}"] = (text_box(x + 18, ly, key), (x + 18, ly, 94 - 18 - 2, CHAR_H))
            texts[what] = (text_box(x + 94, ly, what), inner)
        else:
            texts[line] = (text_box(x + 18, ly, line), inner)
        assert ly + CHAR_H <= widgets.BUTTON_Y, f"{line!r} runs into the buttons"
    assert outside(texts) == []
    assert inside(centred_box(lay.CX, lay.SCREEN_H - 12, howto.HOWTO_HINT), (0, 0, lay.SCREEN_W, lay.SCREEN_H))


def test_every_house_rule_explanation_stays_in_its_row():
    from game.rules.house import HOUSE_RULES
    from game.rules.house_presets import HOUSE_PRESETS

    screen = house.HouseRulesScreen(())
    texts = {}
    for index, key in enumerate(screen.items.keys[:-1]):
        rx, ry, rw, rh = screen.items.rect(index)
        within = (rx + 1, ry + 1, rw - 3, rh - 3)  # inside the highlight's frame
        if key == house.PRESET:  # each preset's line, and CUSTOM's
            lines = [preset.line for preset in HOUSE_PRESETS.values()] + [house.CUSTOM_LINE]
            for number, line in enumerate(lines):
                texts[f"preset {number}"] = (text_box(rx + 6, ry + house.LINE_DY, line), within)
            continue
        texts[key] = (text_box(rx + 6, ry + house.LINE_DY, HOUSE_RULES[key].line), within)
    assert outside(texts) == []
    assert screen.items.rect(len(screen.items.keys) - 1)[1] + house.HOUSE_ITEM_H <= lay.SCREEN_H - 12


@pytest.mark.parametrize("players", range(2, 11))
def test_a_replay_entry_of_any_table_stays_in_its_row(players):
    from game.storage.saves import SavedMatch

    scores = ", ".join(f"{seat_name(seat, players).lower()} {500 + seat}" for seat in range(players))
    saved = SavedMatch(
        record="",
        level="normal",
        computer_seed=1,
        rules="standard",
        players=players,
        date="2026-12-01 11:00",
        result=f"lost {scores}",
    )
    listing = replay.ReplayList([saved])
    _, shown = listing._shown()
    rx, ry, rw, rh = shown.rect(0)
    label = replay.entry_label(saved)
    assert inside(text_box(rx + 10, ry + 2, label), (rx, ry, rw, rh)), label
    assert label.startswith("2026-12-01 11:00  STANDARD")


def test_a_replays_line_names_the_table_and_partners_and_is_not_cut():
    """(issue 53) "...WON TEAM A 569, TEAM B 300, T...": the line was cut
    and named neither the players nor partners."""
    from dataclasses import replace

    from game.rules import Game
    from game.storage.saves import SavedMatch

    record = Game(rules="standard", players=6, seed=2, teams=True).record()
    result = "won team a 569, team b 300, team c 120"
    saved = SavedMatch(record, "normal", 1, rules="standard", players=6, date="2026-12-01 11:00", result=result)
    label = replay.ReplayList([saved]).labels[0]
    assert label == "2026-12-01 11:00  STANDARD 6P TEAMS  NORMAL  WON A 569 B 300 C 120"
    _, shown = replay.ReplayList([saved])._shown()
    rx, ry, rw, rh = shown.rect(0)
    assert inside(text_box(rx + 10, ry + 2, label), (rx, ry, rw, rh)), label
    classic = replace(saved, record=Game(rules="1991", players=2, seed=2).record(), rules="1991", players=2)
    classic = replace(classic, result="won you 512, computer 0")
    assert replay.entry_label(classic) == "2026-12-01 11:00  1991  NORMAL  WON YOU 512, COMPUTER 0", "as before"


@pytest.mark.parametrize("watching", [False, True])
def test_the_in_match_menu_asks_no_question_over_its_settings(watching):
    """(issue 53) "LEAVE THIS MATCH?" stood over SOUND, COLOUR SIGNS and
    HINTS too: between MENU and the items there is only a rule, no words."""
    from game.ui.app import init_pyxel

    init_pyxel(headless=True)
    menu = pause.PauseMenu(watching=watching)
    pyxel.cls(lay.TABLE_COLOUR)
    menu.draw(sound="ON", frame=0)
    first_item_top = menu.items.rect(0)[1]
    between = {
        pyxel.screen.pget(x, y)
        for y in range(menu.Y + 18, first_item_top)
        for x in range(menu.X + 4, menu.X + menu.W - 4)
    }
    assert between <= {lay.BLACK, lay.GREY}, "no heading's letters over the items"


def test_without_a_sound_device_sound_says_so_and_fits_both_menus():
    """(issue 53) With no sound device the title said so, but SOUND said ON."""
    from game.ui.device.audio import Audio

    assert [Audio(muted, print).word for muted in (False, True)] == ["ON", "OFF"]
    assert [Audio(muted, print, device=False).word for muted in (False, True)] == ["NO DEVICE", "NO DEVICE"]
    menu = pause.PauseMenu()
    x, y, w, h = menu.items.rect(menu.items.keys.index("sound"))
    assert inside(text_box(x + 10, y, "SOUND: NO DEVICE"), (x, y, w, h))


def test_the_in_match_menu_keeps_its_items_in_its_panel_and_final_scores_fit():
    for chatters in ((), ("ANNA",), ("A" * 16, "BEN", "CLEO", "THE OTHERS")):  # online: a line a person's chat
        menu = pause.PauseMenu(chatters)
        panel = (menu.X, menu.Y, menu.W, menu.H)
        assert menu.Y + menu.H <= lay.BAR_Y, chatters  # clear of the message bar
        for index, key in enumerate(menu.items.keys):
            rx, ry, rw, rh = menu.items.rect(index)
            assert inside((rx, ry, rw, rh), panel), key
        for name in chatters:
            label = f"CHAT OF {name[:12]}: MUTED"
            assert inside(text_box(menu.items.x + 10, 0, label), (menu.items.x, 0, menu.items.w, 10)), label
    for players in range(2, 11):
        lines = results.final_score_lines(tuple(range(990, 990 + players)))
        assert len(lines) <= 2 and all(len(line) * CHAR_W <= results.PANEL_W - 8 for line in lines), lines


# ----- lists and questions (issue 27) ------------------------------------------------------


def frame_clear_of_letters(box: Box) -> list[tuple[int, int]]:
    """The pixels just inside a highlighted item's frame that are not its
    fill: its letters touching the frame."""
    import pyxel

    x, y, w, h = box
    ring = [(i, y + 1) for i in range(x + 1, x + w - 1)] + [(i, y + h - 2) for i in range(x + 1, x + w - 1)]
    ring += [(x + 1, j) for j in range(y + 1, y + h - 1)] + [(x + w - 2, j) for j in range(y + 1, y + h - 1)]
    return [(i, j) for i, j in ring if pyxel.screen.pget(i, j) != lay.NAVY]


def test_a_highlighted_item_of_the_title_menu_or_people_keeps_its_letters_off_its_frame():
    from game.ui.app import init_pyxel
    from game.ui.scenes.people import PeopleScreen

    init_pyxel(headless=True)
    menu = title_menu.TitleMenu(can_quit=True, title_art=False)
    menu.can_continue = True
    for cursor in range(len(menu.items.keys)):
        menu.items.cursor = cursor
        menu.draw("normal", "NO DEVICE", 0, "standard", 9, "tally", 6, 10)
        assert frame_clear_of_letters(menu.items.rect(cursor)) == [], menu.items.current
    people = PeopleScreen(10, 10, tuple(f"PLAYER {n}" for n in range(1, 11)), "together")
    for cursor in range(len(people.items.keys)):
        people.items.cursor = cursor
        people.draw(0)
        assert frame_clear_of_letters(people.items.rect(cursor)) == [], people.items.current


def test_the_people_screens_question_leaves_the_hint_under_it_in_view_and_its_count_fits():
    from game.ui.scenes import people

    hints = [
        centred_box(lay.CX, people.HINT_Y, hint) for hint in (people.HINT, letter_picker.TYPING_HINT, people.FULL_HINT)
    ]
    assert not any(overlap(people.CONFIRM_RECT, hint) for hint in hints)
    assert all(inside(hint, (0, 0, lay.SCREEN_W, lay.SCREEN_H)) for hint in hints)
    assert inside(people.CONFIRM_RECT, (4, 4, lay.SCREEN_W - 8, lay.SCREEN_H - 8))
    screen = people.PeopleScreen(10, 10, tuple(f"PLAYER {n}" for n in range(1, 11)), "together")
    box = screen.items.rect(0)
    for count, most in ((1, 2), (2, 2), (10, 10)):
        label = people.count_label(count, most)
        assert inside(text_box(box[0] + 10, box[1] + 2, label), box), label


def test_the_challenged_hand_sits_clear_of_your_hand_under_it():
    """Its cards show whole inside its frame, and a gap parts it from
    your hand: never seen as behind your own cards."""
    assert panels.REVEAL_CARD_H == res.CARD_H, "whole cards, readable"
    for players in range(2, 11):
        _, y, _, h = panels.reveal_box(players)
        assert y + h + 2 <= lay.HAND_Y
        assert y + panels.REVEAL_CARDS_Y + panels.REVEAL_CARD_H <= y + h - 1


@pytest.mark.parametrize("players", [4, 6, 8, 10])
def test_a_partners_hand_result_counts_by_team_and_player_inside_its_panel(players):
    """(issue 53) What each team and each player gave, on a panel that still holds every row."""
    sides = tuple(seat % (players // 2) for seat in range(players))
    result = results.HandResult(
        winner=1,
        points=999,
        scores=(999,) * players,
        target=500,
        loser_cards=(),
        left=(25,) * players,
        sides=sides,
        given=(300,) * players,
    )
    _, counted, _ = result.lines()
    assert counted.startswith("COUNTED: TEAM A 600") and len(counted) * CHAR_W <= results.PANEL_W - 8
    columns = 1 if players <= 5 else 2
    rows = (players + columns - 1) // columns
    last_row = results.PANEL_Y + 52 + 8 + (rows - 1) * 12
    assert last_row + CHAR_H <= results.PANEL_Y + results.PANEL_H - 4
    cell = results.left_cell(25, 300, columns)
    assert cell == ("25 LEFT = 300 POINTS" if columns == 1 else "25 = 300")
    col_w = (results.PANEL_W - 24) // columns
    assert 52 + len(cell) * CHAR_W <= col_w - 40, "clear of the score"
