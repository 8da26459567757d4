"""The rules library's public face: card notation, arguments, views, records."""

import pytest
from conftest import stacked

from game.rules import WATCHER, Card, Game, IllegalAction
from game.rules.rulesets import RULES_1991

PLAIN = [["R1", "R2", "R3", "G4", "G5", "Y6", "Y7"], ["B1", "B2", "B3", "G6", "G7", "Y8", "Y9"]]


@pytest.mark.parametrize(
    ("code", "colour", "rank", "points"),
    [
        ("R7", "R", "7", 7),
        ("G0", "G", "0", 0),
        ("GS", "G", "S", 20),
        ("BR", "B", "R", 20),
        ("Y+2", "Y", "+2", 20),
        ("W", None, "W", 50),
        ("W+4", None, "W+4", 50),
    ],
)
def test_card_codes_parse_and_print(code, colour, rank, points):
    card = Card(code)
    assert (card.colour, card.rank, card.points, str(card)) == (colour, rank, points, code)
    assert card is Card(code)


@pytest.mark.parametrize("code", ["", "X7", "R10", "r7", "W+2", "RW", "+2", "B+4", 7, None])
def test_an_unknown_card_code_is_a_value_error_that_names_it(code):
    with pytest.raises(ValueError, match="unknown card code"):
        Card(code)


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        Card("R7").colour = "G"


def test_card_names_read_like_a_player_would_say_them():
    assert [Card(c).name for c in ("R7", "GS", "Y+2", "W", "W+4")] == [
        "red 7",
        "green Skip",
        "yellow Draw Two",
        "Wild",
        "Wild Draw Four",
    ]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rules": "1992"}, "unknown rule set '1992'"),
        ({"players": 1}, "players must be 2 to 10"),
        ({"players": 11}, "players must be 2 to 10"),
        ({"starter": 2}, "starter must be a seat"),
        ({"starter": True}, "starter must be a seat"),
        ({"seed": "abc"}, "seed must be a whole number"),
        ({"seed": -5}, "seed must be a whole number, 0 or more"),
        ({"deck": ["R7"] * 108}, "exactly the 108 cards"),
        ({"deck": [*RULES_1991.deck[:-1], "BR"]}, "missing \\['W\\+4'\\], extra \\['BR'\\]"),
        ({"deck": [*RULES_1991.deck[:-1], "ZZ"]}, "unknown card code 'ZZ'"),
    ],
)
def test_bad_game_arguments_are_clear_value_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Game(**kwargs)


def test_the_same_seed_deals_the_same_game_and_another_seed_does_not():
    assert Game(seed=5).snapshot() == Game(seed=5).snapshot()
    assert Game(seed=5).hands != Game(seed=6).hands


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("jump", "unknown action 'jump'"),
        ("play", "unknown action"),
        ("play Q9", "unknown card code 'Q9'"),
        ("play W", "name a colour for the W"),
        ("play W+4", "name a colour for the W\\+4"),
        ("play R1 G", "a R1 takes no colour"),
        ("play W X", "unknown colour 'X'"),
        ("play B9", "B9 is not in your hand"),
        ("pass", "only after drawing"),
        ("colour G", "a colour is named with the wild card"),
        (["draw"], "unknown action"),
        (None, "unknown action"),
    ],
)
def test_refused_actions_explain_why_and_change_nothing(text, message):
    game = Game(deck=stacked(PLAIN, "R5"), starter=0)
    before = game.snapshot()
    with pytest.raises(IllegalAction, match=message):
        game.act(text)
    assert game.snapshot() == before


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


def test_actions_tolerate_extra_spaces():
    game = Game(deck=stacked(PLAIN, "R5"), starter=0)
    game.act("  play   R1 ")
    assert game.top == "R1"
    assert game.record().splitlines()[-1] == "play R1"


def test_events_have_a_readable_text_form():
    game = Game(deck=stacked(PLAIN, "R5", draw=("B9",)), starter=0)
    assert [str(e) for e in game.act("play R1")] == ["seat 0 plays R1", "seat 1 to play"]
    assert [str(e) for e in game.act("draw")] == [
        "seat 1 draws 1 (pick up): B9",
        "seat 1 passes (the drawn card cannot be played)",
        "seat 0 to play",
    ]


def test_a_view_shows_the_seat_its_own_cards_and_the_table_but_not_the_rest():
    game = Game(deck=stacked(PLAIN, "R5", draw=("B9", "G1")), starter=0)
    game.act("play R1")
    game.act("draw")  # seat 1 draws B9, which it cannot play on the R1
    mine, theirs = game.view(0), game.view(1)
    assert mine.hand == tuple(PLAIN[0][1:]) and mine.seat == 0
    assert mine.counts == (6, 8) and mine.top == "R1" and mine.colour == "R"
    assert mine.discard == ("R5", "R1") and mine.draw_count == 108 - 16
    assert mine.legal == tuple(game.legal()) and theirs.legal == ()
    draw_seen_by_0 = next(e for e in mine.events if e.kind == "draw")
    draw_seen_by_1 = next(e for e in theirs.events if e.kind == "draw")
    assert draw_seen_by_0.cards == () and draw_seen_by_0.count == 1
    assert draw_seen_by_1.cards == ("B9",)
    text = repr(mine)
    assert "B9" not in text and "G1" not in text
    assert not any(code in mine.hand for code in PLAIN[1])


def test_a_watcher_sees_the_table_and_what_every_seat_sees_of_the_others_and_no_card_of_a_hand():
    for rules, players, seed in (("1991", 2, 3), ("standard", 4, 5), ("royal", 3, 7)):
        game = Game(rules, players, seed=seed)
        for _ in range(400):
            if game.hand_over:
                break
            watched = game.view(WATCHER)
            assert watched.seat == WATCHER and watched.hand == () and watched.legal == () and watched.drawn is None
            for seat in range(players):
                view = game.view(seat)
                assert (watched.counts, watched.discard, watched.top, watched.turn) == (
                    view.counts,
                    view.discard,
                    view.top,
                    view.turn,
                )
                others = tuple(event.hidden() for event in view.events if event.kind != "reveal")
                assert watched.events == others  # what this seat sees of another's, its own face down too
            game.act(game.legal()[-1] if len(game.legal()) < 2 else game.legal()[0])
        assert not any(event.cards for event in game.view(WATCHER).events if event.kind == "draw")


def test_a_view_of_a_missing_seat_is_refused():
    with pytest.raises(ValueError, match="no seat 2"):
        Game(seed=1).view(2)


def test_record_and_replay_rebuild_the_identical_match():
    game = Game(seed=21)
    for _ in range(3):
        while not game.hand_over:
            game.act(game.legal()[0])
        if game.match_over:
            break
        game.next_hand()
    game.act(game.legal()[-1])
    record = game.record()
    assert record.startswith("# UNO 1991 game record\nrules 1991\nplayers 2\nseed 21\n")
    assert "\nnext\n" in record
    assert Game.replay(record).snapshot() == game.snapshot()


def test_a_stacked_deck_and_fixed_starter_are_in_the_record():
    deck = stacked(PLAIN, "R5")
    game = Game(deck=deck, starter=1, seed=3)
    game.act("draw")
    record = game.record()
    assert f"deck {' '.join(deck)}" in record and "starter 1" in record
    assert Game.replay(record).snapshot() == game.snapshot()


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ("players 2\nseed 1\ndraw\n", "line 3: the record has no 'rules' line"),
        ("rules 1991\nseed one\ndraw\n", "line 2: seed must be a whole number"),
        ("rules 1991\nrules 1991\n", "line 2: 'rules' given twice"),
        ("rules 1992\nseed 1\n", "line 1: unknown rule set"),
        ("rules 1991\nseed 1\ndeck R1 R2\n", "record line 1: a stacked deck must hold"),
        ("rules 1991\nseed 1\nstarter 0\nplay R0\n", "line 4: 'play R0'"),
        ("rules 1991\nseed 1\nstarter 0\nflap\n", "line 4: 'flap': unknown action"),
        ("rules 1991\nseed 1\nnext\n", "line 3: 'next': the hand is still being played"),
        (b"rules 1991", "a game record is text"),
    ],
)
def test_a_malformed_record_is_a_clear_value_error_naming_the_line(record, message):
    with pytest.raises(ValueError, match=message):
        Game.replay(record)


def test_from_view_fills_in_hidden_cards_and_plays_on_identically():
    game = Game(seed=8)
    for _ in range(6):
        game.act(game.legal()[0])
    seat = game.turn
    copy = Game.from_view(game.view(seat), game.hands, game.draw_pile, seed=game.seed)
    assert copy.legal() == game.legal() and copy.view(seat) == game.view(seat)
    with pytest.raises(ValueError, match="sizes the view shows"):
        Game.from_view(game.view(seat), game.hands, game.draw_pile[1:])
    with pytest.raises(ValueError, match="has no record"):
        copy.record()


def test_copy_is_independent():
    game = Game(seed=2)
    twin = game.copy()
    twin.act(twin.legal()[0])
    assert game.snapshot() == Game(seed=2).snapshot()
    assert twin.snapshot() != game.snapshot()


def test_views_show_the_new_public_state_to_every_seat():
    game = Game("royal", 4, seed=2)
    game.act("jester 3")
    while game.exposed is None:  # play on, never calling UNO, until someone forgets
        legal = [a for a in game.legal() if not a.endswith("uno")]
        game.act(next((a for a in legal if a.startswith("play")), legal[-1]))
    for seat in range(4):
        view = game.view(seat)
        assert (view.king, view.jester, view.exposed, view.direction) == (game.king, 3, game.exposed, game.direction)
        assert view.pending == game.pending and view.scoring == "points"
        assert view.legal == tuple(game.legal(seat))
        assert ("catch" in view.legal) == (seat != game.exposed)


def test_legal_for_a_seat_that_does_not_exist_is_a_value_error():
    with pytest.raises(ValueError, match="no seat 4"):
        Game("standard", 4, seed=1).legal(4)
