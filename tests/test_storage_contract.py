"""The storage contract (tests/storage_contract.py) over every backend that
runs here: ``Files`` in a fresh folder and ``Memory``. The same checks run
over ``LocalStorage`` in Chromium (tests/test_web.py)."""

import pytest
import storage_contract

from game.storage.files import Files
from game.storage.memory import Memory
from game.storage.store import Store


def in_files(tmp_path):
    return lambda: Store(Files(tmp_path))


def in_memory(tmp_path):
    memory = Memory()  # one place, reopened: as a run keeps it
    return lambda: Store(memory)


@pytest.mark.parametrize("backend", [in_files, in_memory], ids=["files", "memory"])
@pytest.mark.parametrize("check", storage_contract.CHECKS, ids=lambda check: check.__name__)
def test_the_store_keeps_its_contract(check, backend, tmp_path):
    check(backend(tmp_path))


def test_the_contract_can_fail():
    """A store that forgets what it saved breaks the contract: the checks are real."""
    results = storage_contract.run_all(lambda: lambda: Store(Memory()))
    assert results["first_run_gives_defaults_and_nothing_to_continue"] is None
    assert results["settings_and_statistics_are_read_back_by_the_next_run"] is not None
    assert results["the_match_being_played_continues_exactly"] is not None
