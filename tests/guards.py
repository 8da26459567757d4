"""Two guards every test runs under (a pytest plugin, loaded by conftest.py).

**No process outlives its test.** The test process makes itself a child
subreaper (Linux's ``PR_SET_CHILD_SUBREAPER``): a grandchild whose parent
dies (a hung ``--group`` of tools/screenshots.py once was) comes back to it
rather than to init, so it can still be found. After each test, every
process below this one that the test started and left running (not one a
module's or a session's fixture started, for the tests after) is ended:
SIGTERM to each, and SIGKILL to whatever is still there after
a grace (a child stuck in a futex wait ignores SIGTERM).

**The suite leaves the work tree as it found it.** ``git status
--porcelain`` is read when the run starts and again when it ends; anything
new (a server's data folder made in the clone, a file a test wrote beside
itself) fails the run, naming it.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

GRACE = 3.0  # seconds between SIGTERM and SIGKILL
_PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> bool:
    """Orphans of this process's children are re-parented to it (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    return libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid``, read from /proc."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        for task in Path(f"/proc/{parent}/task").glob("*"):
            try:
                children = (task / "children").read_text().split()
            except OSError:
                continue
            for child in map(int, children):
                if child not in found:
                    found.add(child)
                    todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _signal(pids: set[int], signum: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signum)


def _reap(pids: set[int]) -> None:
    """Collect the exit of those we ended, so no zombie is left behind."""
    for pid in pids:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def end_processes(pids: set[int]) -> None:
    """SIGTERM, then SIGKILL after GRACE for whatever is still alive."""
    _signal(pids, signal.SIGTERM)
    deadline = time.monotonic() + GRACE
    while time.monotonic() < deadline and any(_alive(pid) for pid in pids):
        time.sleep(0.05)
    _signal({pid for pid in pids if _alive(pid)}, signal.SIGKILL)
    _reap(pids)


def pytest_configure(config: pytest.Config) -> None:
    become_subreaper()
    config.stash[_TREE] = _tree_status(config)


_KEPT: set[int] = set()  # processes a module's or a session's fixture started: they serve many tests


@pytest.hookimpl(wrapper=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef, request: pytest.FixtureRequest):
    """A fixture wider than a test (a module's PostgreSQL, say, even one a test asks
    for by name) starts processes that outlive the test: they are kept, with
    whatever they start later (the database's own backends)."""
    if fixturedef.scope == "function":
        return (yield)
    before = descendants(os.getpid())
    try:
        return (yield)
    finally:
        _KEPT.update(descendants(os.getpid()) - before)


def _kept() -> set[int]:
    alive = {pid for pid in _KEPT if _alive(pid)}
    return alive.union(*(descendants(pid) for pid in alive))


@pytest.fixture(autouse=True)
def _no_process_outlives_its_test():
    before = descendants(os.getpid())
    yield
    left = {pid for pid in descendants(os.getpid()) - before - _kept() if _alive(pid)}
    if left:
        end_processes(left)


# ----- the work tree ----------------------------------------------------------------

_TREE = pytest.StashKey[set[str] | None]()


def _tree_status(config: pytest.Config) -> set[str] | None:
    """The lines of ``git status --porcelain`` for the clone under test (None outside git)."""
    try:
        done = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=all"],
            cwd=config.rootpath,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return set(done.stdout.splitlines()) if done.returncode == 0 else None


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    worker = hasattr(config, "workerinput")
    if worker or not getattr(config.option, "numprocesses", None):  # (a controller's processes are its workers)
        left = {pid for pid in descendants(os.getpid()) if _alive(pid)}
        if left:  # a module's or a session's server that its fixture did not stop
            end_processes(left)
    if worker:  # the controller checks the work tree once
        return
    before = session.config.stash.get(_TREE, None)
    after = _tree_status(session.config)
    if before is None or after is None:
        return
    left = sorted(after - before)
    if left:
        lines = "\n".join(f"  {line}" for line in left)
        session.config.get_terminal_writer().line(
            f"\nthe tests left the work tree changed (each test writes under tmp_path or a temporary folder):\n{lines}",
            red=True,
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
