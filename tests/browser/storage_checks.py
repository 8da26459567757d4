"""Settings, statistics and saved matches in the page's real localStorage.

Run inside Pyodide in Chromium by tests/test_web.py, one function per page
load: what ``save`` writes, a reloaded page must ``load``; ``load_bad`` reads
garbled data that the test put under the game's keys; ``contract`` runs
the storage contract (tests/storage_contract.py) over the page's localStorage.
"""

import json
import sys

import storage_contract

from game.rules import Game
from game.storage.local_storage import LocalStorage
from game.storage.saves import SavedMatch, state_digest
from game.storage.settings import Settings, Stats
from game.storage.store import Store, open_store


def _match() -> Game:
    game = Game(seed=2483)
    for _ in range(12):
        game.act(game.legal()[0])
    return game


def save() -> str:
    """Save settings, statistics, a match being played and a finished one."""
    store = open_store("/nowhere")
    store.load_settings()
    store.load_match()
    stats = Stats()
    stats.record_hand("hard", won=True, points=85)
    stats.record_match("hard", won=False, score=310)
    game = _match()
    saved = SavedMatch(record=game.record(), level="hard", computer_seed=5, moves=12, date="today")
    warnings = [
        store.save_settings(Settings(difficulty="hard", sound=False), stats),
        store.save_match(saved),
        store.keep_finished(saved.finished("lost you 310, computer 505")),
    ]
    return json.dumps({"platform": sys.platform, "backend": type(store.backend).__name__, "warnings": warnings})


def load() -> str:
    """What a reloaded page reads back."""
    store = open_store("/nowhere")
    settings, stats, warning = store.load_settings()
    saved, match_warning = store.load_match()
    return json.dumps(
        {
            "settings": [settings.difficulty, settings.sound],
            "stats": [stats.hard.hands_won, stats.hard.best_hand, stats.hard.matches_lost, stats.hard.best_match],
            "warnings": [warning, match_warning],
            "record": saved.record,
            "state": state_digest(saved.game()),
            "finished": [match.result for match in store.finished()],
        }
    )


def load_bad() -> str:
    """Read garbled settings and a garbled saved match, then save over them."""
    store = open_store("/nowhere")
    settings, stats, warning = store.load_settings()
    saved, match_warning = store.load_match()
    saved_again = store.save_settings(settings, stats)
    return json.dumps({"warnings": [warning, match_warning, saved_again], "match": saved is None})


def contract() -> str:
    """The storage contract over the page's localStorage, emptied before each check."""
    import js  # Pyodide only

    def fresh_place() -> storage_contract.Reopen:
        js.window.localStorage.clear()
        return lambda: Store(LocalStorage())

    return json.dumps(storage_contract.run_all(fresh_place))
