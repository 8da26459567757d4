"""What every ``Store`` keeps, whatever its backend: one suite of checks.

Each check takes ``reopen``, which opens a ``Store`` over one place that
starts empty (the same place each call: a second call is the game started
again). tests/test_storage_contract.py runs every check over ``Files`` and
``Memory``; tests/test_web.py runs the same checks in Chromium, through
Pyodide, over the page's real localStorage (``run_all``). Plain asserts, no
pytest: the browser has none.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace

from game.rules import Game
from game.storage.backend import KEEP_REPLAYS, MATCH, SETTINGS
from game.storage.saves import SavedMatch, state_digest
from game.storage.settings import Settings, Stats
from game.storage.store import Store

Reopen = Callable[[], Store]


def a_match(moves: int = 12, seed: int = 2483) -> SavedMatch:
    game = Game(seed=seed)
    for _ in range(moves):
        game.act(game.legal()[0])
    return SavedMatch(record=game.record(), level="hard", computer_seed=5, moves=moves, date="today")


def some_stats() -> Stats:
    stats = Stats()
    stats.record_hand("hard", won=True, points=85)
    stats.record_match("hard", won=False, score=310)
    stats.record_hand("normal", won=False, points=0, table="standard 4")
    return stats


def first_run_gives_defaults_and_nothing_to_continue(reopen: Reopen) -> None:
    store = reopen()
    assert store.load_settings() == (Settings(), Stats(), None)
    assert store.load_match() == (None, None)
    assert store.finished() == [] and store.take_problems() == []


def settings_and_statistics_are_read_back_by_the_next_run(reopen: Reopen) -> None:
    store = reopen()
    store.load_settings()
    settings = Settings(difficulty="hard", sound=False, rules="standard", opponents=3, house=("stacking",))
    assert store.save_settings(settings, some_stats()) is None
    assert reopen().load_settings() == (settings, some_stats(), None)


def the_match_being_played_continues_exactly(reopen: Reopen) -> None:
    store = reopen()
    store.load_match()
    saved = a_match()
    assert store.save_match(saved) is None
    assert store.save_match(replace(saved, moves=13)) is None  # the last save is the one read
    loaded, warning = reopen().load_match()
    assert warning is None and loaded == replace(saved, moves=13)
    assert state_digest(loaded.game()) == state_digest(Game.replay(saved.record))


def a_cleared_match_leaves_nothing_to_continue(reopen: Reopen) -> None:
    store = reopen()
    store.load_match()
    store.save_match(a_match())
    store.clear_match()
    store.clear_match()  # clearing nothing is fine
    assert reopen().load_match() == (None, None)


def finished_matches_are_kept_newest_first_and_once(reopen: Reopen) -> None:
    store = reopen()
    first, second = a_match(10).finished("won you 500"), a_match(11).finished("lost you 90")
    assert store.keep_finished(first) is None and store.keep_finished(second) is None
    assert store.keep_finished(second) is None  # kept already: not twice
    assert [match.result for match in reopen().finished()] == ["lost you 90", "won you 500"]


def only_the_last_finished_matches_are_kept(reopen: Reopen) -> None:
    store = reopen()
    saved = a_match(4)
    for number in range(KEEP_REPLAYS + 2):
        assert store.keep_finished(replace(saved, date=f"{number:02}", record=saved.record + f"# {number}\n")) is None
    assert [match.date for match in reopen().finished()] == [f"{n:02}" for n in range(KEEP_REPLAYS + 1, 1, -1)]


def the_three_things_are_kept_apart(reopen: Reopen) -> None:
    store = reopen()
    store.load_settings()
    store.load_match()
    store.save_settings(Settings(sound=False), Stats())
    store.save_match(a_match())
    store.keep_finished(a_match(6).finished("won you 500"))
    store.clear_match()
    again = reopen()
    assert again.load_settings()[0] == Settings(sound=False)
    assert again.load_match() == (None, None)
    assert [match.moves for match in again.finished()] == [6]


def a_garbled_settings_document_is_kept_aside_and_replaced(reopen: Reopen) -> None:
    store = reopen()
    store.backend.write(SETTINGS, "{garbled")
    settings, stats, warning = store.load_settings()
    assert (settings, stats) == (Settings(), Stats())
    assert warning is not None and "\n" not in warning and store.backend.source(SETTINGS) in warning
    assert "not valid JSON" in warning and "kept as" in warning
    assert store.save_settings(Settings(difficulty="easy"), stats) is None
    assert reopen().load_settings() == (Settings(difficulty="easy"), Stats(), None)


def a_partly_bad_settings_document_keeps_its_good_values(reopen: Reopen) -> None:
    store = reopen()
    store.save_settings(Settings(difficulty="hard"), some_stats())
    document = json.loads(store.backend.read(SETTINGS) or "")
    document["settings"]["sound"] = "loud"
    document["stats"]["hard"]["best_hand"] = -1
    store.backend.write(SETTINGS, json.dumps(document))
    settings, stats, warning = reopen().load_settings()
    assert warning is not None and "settings.sound='loud'" in warning and "and 1 more" in warning
    assert settings == Settings(difficulty="hard") and stats.hard.best_hand == 0
    assert stats.hard.hands_won == 1 and stats.level("normal", "standard 4").hands_lost == 1


def a_hostile_settings_document_loses_nothing(reopen: Reopen) -> None:
    store = reopen()
    hostile = {"version": 1, "settings": {"join_address": "ws://" + "a" * 500, "names": ["\x1b[2J"]}, "stats": []}
    store.backend.write(SETTINGS, json.dumps(hostile))
    settings, stats, warning = store.load_settings()
    assert (settings, stats) == (Settings(), Stats()) and warning is not None
    assert "settings.names=['\\x1b[2J'] and 2 more" in warning, "shown escaped, never obeyed by a terminal"
    assert store.save_settings(settings, stats) is None


def a_newer_games_settings_are_never_written_over(reopen: Reopen) -> None:
    store = reopen()
    newer = json.dumps({"version": 2, "settings": {"difficulty": "hard"}})
    store.backend.write(SETTINGS, newer)
    settings, _, warning = store.load_settings()
    assert settings == Settings() and warning is not None and "newer UNO 1991" in warning
    assert store.save_settings(Settings(sound=False), Stats()) is None
    assert store.backend.read(SETTINGS) == newer or store.backend.read(SETTINGS) == newer.encode()


def a_bad_saved_match_is_kept_aside_and_never_continued(reopen: Reopen) -> None:
    store = reopen()
    store.backend.write(MATCH, '{"ver')
    saved, warning = store.load_match()
    assert saved is None and warning is not None and "cannot be continued" in warning and "kept as" in warning
    assert store.backend.read(MATCH) is None, "moved aside, not left to be read again"
    assert store.save_match(a_match()) is None
    assert reopen().load_match()[0] == a_match()


def a_saved_match_whose_record_does_not_replay_is_refused(reopen: Reopen) -> None:
    store = reopen()
    saved = a_match()
    store.save_match(replace(saved, record=saved.record.replace("rules 1991", "rules 1066")))
    loaded, warning = reopen().load_match()
    assert loaded is None and warning is not None and "cannot be continued" in warning


def a_match_set_aside_by_the_table_is_not_continued(reopen: Reopen) -> None:
    store = reopen()
    store.load_match()
    store.save_match(a_match())
    warning = store.set_match_aside("the table cannot open it")
    assert "the table cannot open it" in warning and "kept as" in warning
    assert reopen().load_match() == (None, None)


def unusable_finished_matches_are_skipped(reopen: Reopen) -> None:
    store = reopen()
    store.keep_finished(a_match(8).finished("won you 500"))
    store.backend.add_finished("{not a match")
    assert [match.moves for match in reopen().finished()] == [8]


CHECKS = (
    first_run_gives_defaults_and_nothing_to_continue,
    settings_and_statistics_are_read_back_by_the_next_run,
    the_match_being_played_continues_exactly,
    a_cleared_match_leaves_nothing_to_continue,
    finished_matches_are_kept_newest_first_and_once,
    only_the_last_finished_matches_are_kept,
    the_three_things_are_kept_apart,
    a_garbled_settings_document_is_kept_aside_and_replaced,
    a_partly_bad_settings_document_keeps_its_good_values,
    a_hostile_settings_document_loses_nothing,
    a_newer_games_settings_are_never_written_over,
    a_bad_saved_match_is_kept_aside_and_never_continued,
    a_saved_match_whose_record_does_not_replay_is_refused,
    a_match_set_aside_by_the_table_is_not_continued,
    unusable_finished_matches_are_skipped,
)


def run_all(fresh_place: Callable[[], Reopen]) -> dict[str, str | None]:
    """Every check over a fresh place each: its name -> None, or why it failed."""
    results: dict[str, str | None] = {}
    for check in CHECKS:
        try:
            check(fresh_place())
        except Exception as error:  # an AssertionError, or the store raising where it must not
            results[check.__name__] = f"{type(error).__name__}: {error}"
        else:
            results[check.__name__] = None
    return results
