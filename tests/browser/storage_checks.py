"""Settings, statistics and saved matches in the page's real localStorage.

Run inside Pyodide in Chromium by tests/test_web.py, one function per page
load: what ``save`` writes, a reloaded page must ``load``; ``load_bad`` reads
garbled data that the test put under the game's keys.
"""

import json
import sys

from game.rules import Game
from game.storage.saves import SavedMatch, open_saves, state_digest
from game.storage.settings import Settings, Stats, open_store


def _match() -> Game:
    game = Game(seed=2483)
    for _ in range(12):
        game.act(game.legal()[0])
    return game


def save() -> str:
    """Save settings, statistics, a match being played and a finished one."""
    store, saves = open_store("/nowhere"), open_saves("/nowhere")
    store.load()
    stats = Stats()
    stats.record_hand("hard", won=True, points=85)
    stats.record_match("hard", won=False, score=310)
    game = _match()
    saved = SavedMatch(record=game.record(), level="hard", computer_seed=5, moves=12, date="today")
    warnings = [
        store.save(Settings(difficulty="hard", sound=False), stats),
        saves.save(saved),
        saves.keep_finished(saved.finished("lost you 310, computer 505")),
    ]
    return json.dumps(
        {"platform": sys.platform, "stores": [type(store).__name__, type(saves).__name__], "warnings": warnings}
    )


def load() -> str:
    """What a reloaded page reads back."""
    settings, stats, warning = open_store("/nowhere").load()
    saves = open_saves("/nowhere")
    saved, match_warning = saves.load()
    return json.dumps(
        {
            "settings": [settings.difficulty, settings.sound],
            "stats": [stats.hard.hands_won, stats.hard.best_hand, stats.hard.matches_lost, stats.hard.best_match],
            "warnings": [warning, match_warning],
            "record": saved.record,
            "state": state_digest(saved.game()),
            "finished": [match.result for match in saves.finished()],
        }
    )


def load_bad() -> str:
    """Read garbled settings and a garbled saved match, then save over them."""
    store, saves = open_store("/nowhere"), open_saves("/nowhere")
    settings, stats, warning = store.load()
    saved, match_warning = saves.load()
    saved_again = store.save(settings, stats)
    return json.dumps({"warnings": [warning, match_warning, saved_again], "match": saved is None})
