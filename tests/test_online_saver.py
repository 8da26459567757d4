"""The server's room files: a journal at once, then the files, by a writer process."""

from __future__ import annotations

import asyncio
import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.online import saver as saver_module
from game.online.saver import Saver, journal_entry, journal_folder, read_journal, write_journals
from game.safe_files import write_many_atomically


def test_the_writer_writes_the_newest_of_each_file_then_removes_the_journals(tmp_path):
    journals = [tmp_path / f".journal-{n}" for n in range(3)]
    journals[0].write_bytes(journal_entry("a.json", b"a0") + journal_entry("b.json", b"b0"))
    journals[1].write_bytes(journal_entry("a.json", b"a1"))
    journals[2].write_bytes(journal_entry("a.json", b"a2") + journal_entry("c.json", b"c2"))
    assert write_journals(tmp_path, [str(path) for path in journals]) == (3, {}, [])
    written = {path.name: path.read_bytes() for path in tmp_path.glob("*.json")}
    assert written == {"a.json": b"a2", "b.json": b"b0", "c.json": b"c2"}
    assert journal_files(tmp_path) == []


def test_journals_that_cannot_be_written_are_all_kept(tmp_path):
    journals = [str(tmp_path / f".journal-{n}") for n in range(3)]
    Path(journals[0]).write_bytes(journal_entry("a.json", b"a"))
    Path(journals[1]).mkdir()  # cannot be read
    assert write_journals(tmp_path, journals[:2])[1].keys() == {journals[1]}
    assert journal_files(tmp_path) == [".journal-0", ".journal-1"]  # the older one too: it alone would be stale
    Path(journals[2]).write_bytes(journal_entry("sub/b.json", b"b"))  # no such folder
    assert write_journals(tmp_path, [journals[0], journals[2]])[1].keys() == {"sub/b.json"}
    assert journal_files(tmp_path) == [".journal-0", ".journal-1", ".journal-2"]


def test_many_files_replace_the_old_ones(tmp_path):
    (tmp_path / "a.json").write_bytes(b"old")
    assert write_many_atomically(tmp_path, {"a.json": b"new", "b.json": b"bee"}) == {}
    assert (tmp_path / "a.json").read_bytes() == b"new" and (tmp_path / "b.json").read_bytes() == b"bee"
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["a.json", "b.json"]  # spares are .NAME.spare
    assert write_many_atomically(tmp_path, {"a.json": b"newer"}) == {}
    assert (tmp_path / "a.json").read_bytes() == b"newer"  # its spare was the old one
    failed = write_many_atomically(tmp_path, {"sub/c.json": b"c"})  # no such folder: that one fails alone
    assert list(failed) == ["sub/c.json"]


def journal_files(folder):
    return sorted((path.name for path in folder.glob(".journal-*")), key=lambda name: int(name.split("-")[1]))


@pytest.fixture
def saver(tmp_path):
    """A saver on ``tmp_path`` (the rooms), its journals' folder removed after."""
    saver = Saver(tmp_path)
    yield saver
    if saver.journals != tmp_path:
        shutil.rmtree(saver.journals, ignore_errors=True)


def test_a_save_is_in_the_journal_when_it_returns_and_in_its_file_once_written(tmp_path, saver):
    async def run():
        saver.recover()
        for n in range(50):
            saver.save(f"room{n}", b"%d" % n)
        told = read_journal(b"".join((saver.journals / name).read_bytes() for name in journal_files(saver.journals)))
        saver.save("room0", b"again")
        await saver.close()
        return told

    told = asyncio.run(run())
    assert told == {f"room{n}.json": b"%d" % n for n in range(50)}  # before any file was written
    assert {n: (tmp_path / f"room{n}.json").read_bytes() for n in range(1, 50)} == {n: b"%d" % n for n in range(1, 50)}
    assert (tmp_path / "room0.json").read_bytes() == b"again"
    assert not saver.journals.exists() or journal_files(saver.journals) == []  # nothing left to recover


@pytest.mark.skipif(not Path("/dev/shm").is_dir(), reason="no file system in memory at /dev/shm")
def test_the_journals_are_kept_in_memory_for_this_folder_alone(tmp_path, saver):
    saver.recover()
    assert saver.journals.parent == Path("/dev/shm") and saver.journals.stat().st_mode & 0o777 == 0o700
    other = Saver(tmp_path / "other")
    other.recover()
    assert other.journals.parent == Path("/dev/shm") and other.journals != saver.journals
    other.journals.rmdir()


def test_what_a_killed_server_journaled_is_in_the_files_when_the_next_one_starts(tmp_path, saver):
    (tmp_path / "a.json").write_bytes(b"a on the disk")
    journals = journal_folder(tmp_path)  # where the killed server wrote them; the first beside the rooms
    (tmp_path / ".journal-3").write_bytes(journal_entry("a.json", b"a1") + journal_entry("b.json", b"b1"))
    (journals / ".journal-12").write_bytes(journal_entry("a.json", b"a2") + journal_entry("c.json", b"c")[:-1])
    assert saver.recover() == 2  # a and b: c's entry was cut short as the server died
    assert {p.name: p.read_bytes() for p in tmp_path.glob("*.json")} == {"a.json": b"a2", "b.json": b"b1"}
    assert journal_files(tmp_path) == journal_files(journals) == []

    async def next_save():
        saver.save("d", b"d")
        return journal_files(saver.journals)

    assert asyncio.run(next_save()) == [".journal-13"]  # after the killed server's journals, never over one


def test_a_journal_is_read_up_to_its_first_entry_that_is_not_whole():
    one, two, three = journal_entry("a.json", b"1"), journal_entry("a.json", b"22"), journal_entry("b.json", b"3")
    assert read_journal(one + two + three) == {"a.json": b"22", "b.json": b"3"}
    broken = two[:-1] + b"x"  # same size, other bytes: its checksum is wrong
    assert read_journal(one + broken + three) == {"a.json": b"1"}
    assert read_journal(one + b"garbage\n" + three) == {"a.json": b"1"}
    assert read_journal(b"") == {}


def test_a_journal_write_that_fails_leaves_no_half_entry_before_the_next(saver, monkeypatch):
    real_write = os.write
    failures = iter([True])

    def write_half_then_fail(fd, data):
        if next(failures, False):
            real_write(fd, bytes(data[: len(data) // 2]))
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    async def run():
        saver.recover()
        saver.save("first", b"1")
        monkeypatch.setattr(os, "write", write_half_then_fail)
        with pytest.raises(OSError):
            saver.save("second", b"2" * 100)
        saver.save("third", b"3")
        monkeypatch.setattr(os, "write", real_write)
        return read_journal((saver.journals / journal_files(saver.journals)[0]).read_bytes())

    assert asyncio.run(run()) == {"first.json": b"1", "third.json": b"3"}


def test_a_starting_server_waits_for_a_killed_ones_writer_before_it_recovers(tmp_path, saver):
    """The killed server's writer still holds the folder's lock while it
    writes its last batch: the journal, newer, must win over that batch."""
    writer = subprocess.Popen(
        [sys.executable, "-c", HOLD_AND_WRITE, str(tmp_path)], stdout=subprocess.PIPE, env=_env(), text=True
    )
    assert writer.stdout.readline() == "locked\n"
    (tmp_path / ".journal-0").write_bytes(journal_entry("room.json", b"the newest, journaled"))
    saver.recover()
    assert writer.wait(10) == 0
    assert (tmp_path / "room.json").read_bytes() == b"the newest, journaled"


HOLD_AND_WRITE = """
import sys, time
from pathlib import Path
from game.safe_files import lock_folder, write_many_atomically
folder = Path(sys.argv[1])
assert lock_folder(folder)
print("locked", flush=True)
time.sleep(0.5)
write_many_atomically(folder, {"room.json": b"the writer's last batch, older"})
"""


def _env():
    root = str(Path(__file__).resolve().parent.parent)
    return {**os.environ, "PYTHONPATH": root + os.pathsep + os.environ.get("PYTHONPATH", "")}


def test_a_file_that_could_not_be_written_is_written_once_it_can_be_with_no_other_save(tmp_path, saver, monkeypatch):
    monkeypatch.setattr(saver_module, "RETRY_AFTER", 0.05)
    said = []
    saver.log = said.append
    blocker = tmp_path / ".room.json.spare"  # where its bytes go first: a folder, so they cannot

    async def run():
        saver.recover()
        blocker.mkdir()
        saver.save("room", b"kept")
        while not said:
            await asyncio.sleep(0.01)
        assert not (tmp_path / "room.json").exists() and journal_files(saver.journals)  # kept in the journal
        blocker.rmdir()
        for _ in range(200):
            if (tmp_path / "room.json").exists():
                break
            await asyncio.sleep(0.01)
        await saver.close()

    asyncio.run(run())
    assert (tmp_path / "room.json").read_bytes() == b"kept"
    assert "could not be written" in said[0] and "kept in the journal" in said[0]
    assert not saver.journals.exists() or journal_files(saver.journals) == []


def test_a_journal_gone_before_it_was_written_has_its_rooms_saved_again(saver):
    """A folder in memory is not always kept (a container's; a user's at
    logout): the server still holds the rooms, and saves them again."""
    again = []
    saver.save_again = again.extend

    async def run():
        saver.recover()
        saver.save("a", b"1")
        saver.save("b", b"2")
        for journal in saver.journals.glob(".journal-*"):
            journal.unlink()  # before the writer gets to it
        while not again:
            await asyncio.sleep(0.01)
        await saver.close()

    asyncio.run(run())
    assert sorted(again) == ["a", "b"]


def test_a_missing_journal_is_named_and_the_others_are_written(tmp_path):
    present = tmp_path / ".journal-2"
    present.write_bytes(journal_entry("a.json", b"a"))
    gone = str(tmp_path / ".journal-1")
    assert write_journals(tmp_path, [gone, str(present)]) == (1, {}, [gone])
    assert (tmp_path / "a.json").read_bytes() == b"a" and not present.exists()
