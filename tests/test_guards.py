"""The guards every test runs under (tests/guards.py), each seen doing its
work in a pytest run of its own: a process a test leaves behind is ended,
even an orphan that ignores SIGTERM, and a run that leaves a file in the
work tree fails, naming it."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

TESTS = Path(__file__).resolve().parent


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _inner_run(pytester: pytest.Pytester, test_source: str) -> pytest.RunResult:
    pytester.makeconftest('pytest_plugins = ["guards"]\n')
    pytester.makepyfile(test_source)
    env_path = os.pathsep.join([str(TESTS), os.environ.get("PYTHONPATH", "")])
    pytester._monkeypatch.setenv("PYTHONPATH", env_path)
    (pytester.path / ".gitignore").write_text("__pycache__/\nrunpytest-*/\n")
    subprocess.run(["git", "init", "-q", str(pytester.path)], check=True)
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", timeout=120)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the subreaper is Linux's")
def test_an_orphan_that_ignores_sigterm_is_ended_with_its_test(pytester):
    told = pytester.path / "orphan.pid"
    source = f"""
import subprocess, sys, time
from pathlib import Path

def test_leaves_an_orphan():
    # A child that starts a grandchild ignoring SIGTERM, then exits: the grandchild is orphaned.
    grandchild = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(600)"
    starter = (
        "import subprocess, sys; p = subprocess.Popen([sys.executable, '-c', %r]); "
        "open(%r, 'w').write(str(p.pid))" % (grandchild, {str(told)!r})
    )
    subprocess.run([sys.executable, "-c", starter], check=True)
    assert Path({str(told)!r}).read_text()
"""
    result = _inner_run(pytester, source)
    result.assert_outcomes(passed=1)
    pid = int(told.read_text())
    deadline = time.monotonic() + 30
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(pid), f"the orphan {pid} outlived its test"


def test_a_run_that_leaves_a_file_in_the_work_tree_fails_naming_it(pytester):
    source = """
from pathlib import Path

def test_writes_beside_itself():
    Path(__file__).with_name("rooms.sqlite3").write_text("left behind")
"""
    result = _inner_run(pytester, source)
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*left the work tree changed*", "*rooms.sqlite3*"])


def test_a_run_that_tidies_up_passes(pytester):
    source = """
def test_writes_under_tmp_path(tmp_path):
    (tmp_path / "rooms.sqlite3").write_text("kept where it belongs")
"""
    result = _inner_run(pytester, source)
    assert result.ret == 0
