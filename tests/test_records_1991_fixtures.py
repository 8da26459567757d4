"""1991 records written before standard UNO and Royal Revenge joined the
engine must replay to exactly the state they recorded.

``tests/data/records_1991.json`` was made by the engine as it stood before
the new rule sets (random, easy and normal players, 2 to 10 seats, a whole
match, a stacked deck with a fixed starter, some stopped mid-hand). Each
entry holds the record and the state it replayed to then.
"""

import json
import pathlib
import zlib

import pytest

from game.rules import Game

FIXTURES = json.loads((pathlib.Path(__file__).parent / "data" / "records_1991.json").read_text())


def state(game: Game) -> dict:
    return {
        "hand_number": game.hand_number,
        "hands": game.hands,
        "draw_pile": game.draw_pile,
        "discard": game.discard,
        "colour": game.colour,
        "turn": game.turn,
        "starter": game.starter,
        "direction": game.direction,
        "drawn": game.drawn,
        "scores": game.scores,
        "hand_over": game.hand_over,
        "hand_winner": game.hand_winner,
        "match_over": game.match_over,
        "match_winner": game.match_winner,
        "events": [str(e) for e in game.events],
        "views_crc": [zlib.crc32("\n".join(str(e) for e in game.view(s).events).encode()) for s in range(game.players)],
        "legal": game.legal(),
    }


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_an_old_1991_record_replays_to_the_state_it_recorded(name):
    fixture = FIXTURES[name]
    game = Game.replay(fixture["record"])
    assert state(game) == fixture["state"]
    assert game.record() == fixture["record"]


def test_the_fixtures_cover_a_whole_match_and_many_seats():
    games = [Game.replay(f["record"]) for f in FIXTURES.values()]
    assert any(g.match_over for g in games)
    assert {g.players for g in games} >= {2, 3, 4, 10}
