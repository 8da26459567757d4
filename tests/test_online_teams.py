"""Partners at an online table: a room whose table says ``teams``, played
by the real ``Room`` and the real online table (``online_loopback``), each
seat sent its view with the teams, the hand scored by team on the server
and shown so on the table; and a table of teams refused where partners
cannot sit."""

import pytest
from online_loopback import table

from game.online.protocol import ProtocolError
from game.online.room_table import check_table
from game.rules import Game
from game.rules.cards import Card
from game.rules.teams import partner
from game.ui.app import init_pyxel
from game.ui.scenes.lobby import lobby_lines

SETTLE_FRAMES = 30 * 60


@pytest.fixture(autouse=True)
def headless_pyxel():
    init_pyxel(headless=True)


def test_an_online_hand_of_partners_is_scored_by_team_on_the_server_and_shown_so_on_the_table():
    lines: list[str] = []
    room, client, match, _ = table(players=4, seed=4, sound=False, log=lines.append, teams=True)
    room.computers.delay, room.computers.react_delay = 0.8, 1.2  # the server's own pace
    room.table["turn_time"] = 2.0
    assert client.session.table["teams"] is True and client.session.view.teams
    for _ in range(SETTLE_FRAMES * 5):  # you are away: the computer plays your seat, the others theirs
        client.tick(1 / 30)
        match.update([])
        match.draw()
        if match.scene == "hand_result":
            break
    game = Game.replay(room.game.record().split("\nnext\n")[0] + "\n")  # the server's first hand, as it ended
    view = client.session.view
    assert game.hand_over and view.hand_over and view.sides == (0, 1, 0, 1) and match.board.sides == (0, 1, 0, 1)
    winner = game.hand_winner
    won = sum(Card(code).points for seat in range(4) if seat % 2 != winner % 2 for code in game.hands[seat])
    assert game.scores[winner] == game.scores[partner(winner, 4)] == won and list(view.scores) == game.scores
    assert match.result.sides == (0, 1, 0, 1) and list(match.board.scores) == game.scores
    team = "AB"[winner % 2]
    assert f"result {match.seating.name(winner)} WENT OUT: TEAM {team} SCORES {won} POINTS" in lines
    assert f"result TEAM A {game.scores[0]} TEAM B {game.scores[1]}  (FIRST TO 500)" in lines


def test_the_lobby_names_each_seats_team_and_never_fails_on_a_servers_odd_table():
    _, client, _, _ = table(players=6, seed=1, sound=False, log=lambda text: None, teams=True)
    _, seats, _ = lobby_lines(client.session, "online")
    assert [line.split("  ")[0] for line in seats] == [f"SEAT {n} TEAM {'ABC'[n % 3]}" for n in range(6)]
    client.session.seats = client.session.seats[:3]  # a server that says teams at a table of three
    _, seats, _ = lobby_lines(client.session, "online")
    assert [line.split("  ")[0] for line in seats] == ["SEAT 0", "SEAT 1", "SEAT 2"]


@pytest.mark.parametrize(
    ("table_settings", "message"),
    [
        ({"rules": "standard", "players": 5, "teams": True}, "teams are for 4, 6, 8, 10 players, not 5"),
        ({"rules": "royal", "players": 4, "teams": True}, "teams are for standard UNO"),
        ({"rules": "standard", "players": 4, "teams": "yes"}, "teams must be true or false"),
    ],
)
def test_a_room_of_teams_where_partners_cannot_sit_is_refused_with_the_reason(table_settings, message):
    with pytest.raises(ProtocolError, match=message):
        check_table(table_settings)
