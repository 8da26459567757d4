"""How long a computer seems to think at the table: the same pause for every
action, forced or searched, so its pace never tells what it holds."""

import pytest

from game.ai import make
from game.rules import Game
from game.ui.seats import computers
from game.ui.seats.computers import THINK_FRAMES, Computers


def frames_to_act(table: Computers, game: Game) -> int:
    """Frames of a still table until the computer in turn acts."""
    frames = 0
    while True:
        table.think(game, idle=True)
        frames += 1
        decided = table.take_action()
        if decided is not None:
            return frames


@pytest.mark.parametrize(("rules", "players"), [("1991", 2), ("standard", 4)])
def test_hard_takes_the_same_pause_for_a_forced_choice_and_a_searched_one(rules, players, monkeypatch):
    # Thinking gets all the time it needs in a frame, as on any machine where
    # a hard decision (60 ms at most) fits in the pause.
    monkeypatch.setattr(computers, "THINK_SECONDS", 1.0)
    game = Game(rules, players, seed=4)
    table = Computers("hard", seed=2, seats=players)
    person = make("normal", seed=1)
    pauses: dict[bool, set[int]] = {True: set(), False: set()}
    while not (pauses[True] and pauses[False]) and not game.match_over:
        if game.hand_over:
            game.next_hand()
            continue
        if game.turn == 0:
            game.act(person.choose(game.view(0)))
            continue
        view = game.view(game.turn)
        steps = table.players[game.turn].think(view)
        slices = 0
        try:
            while True:
                next(steps)
                slices += 1
        except StopIteration as done:
            action = done.value
        pauses[slices > 0].add(frames_to_act(table, game))
        game.act(action)
    assert pauses[True] and pauses[False], "the hand had both forced and searched choices"
    assert pauses == {True: {THINK_FRAMES}, False: {THINK_FRAMES}}
