"""The server's room files: written in batches by a writer process."""

from __future__ import annotations

import asyncio
import io
import time

import pytest

from game.online import saver
from game.online.saver import Saver, encode_batch, read_batch
from game.safe_files import replace_many


def test_a_batch_crosses_the_pipe_whole():
    files = {"a.json": b'{"x": 1}\n', "b-2.json": b"", "c_3.json": bytes(range(256)) * 3}
    stream = io.BytesIO(encode_batch(files) + encode_batch({"d.json": b"d"}))
    assert read_batch(stream) == files
    assert read_batch(stream) == {"d.json": b"d"}
    assert read_batch(stream) is None
    assert read_batch(io.BytesIO(encode_batch(files)[:-5])) is None  # cut short: nothing of it


@pytest.mark.parametrize("durable", [False, True])
def test_many_files_replace_the_old_ones(tmp_path, durable):
    (tmp_path / "a.json").write_bytes(b"old and longer")
    assert replace_many(tmp_path, {"a.json": b"new", "b.json": b"bee"}, durable) == {}
    assert (tmp_path / "a.json").read_bytes() == b"new" and (tmp_path / "b.json").read_bytes() == b"bee"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "b.json"]  # no temporary file is left
    failed = replace_many(tmp_path, {"sub/c.json": b"c", "a.json": b"newer"}, durable)  # no such folder
    assert list(failed) == ["sub/c.json"] and (tmp_path / "a.json").read_bytes() == b"newer"  # it fails alone


@pytest.mark.parametrize("durable", [False, True])
def test_rooms_saved_at_once_are_all_in_their_files_when_told(tmp_path, durable):
    async def run():
        saver = Saver(tmp_path, durable)
        await asyncio.gather(*(saver.save(f"room{n}", b"%d" % n) for n in range(50)))
        on_disk = {n: (tmp_path / f"room{n}.json").read_bytes() for n in range(50)}
        await saver.save("room0", b"again")
        await saver.close()
        return on_disk

    assert asyncio.run(run()) == {n: b"%d" % n for n in range(50)}
    assert (tmp_path / "room0.json").read_bytes() == b"again"


def test_the_disk_is_flushed_soon_after_a_batch_and_at_the_end(tmp_path, monkeypatch):
    flushes = []
    monkeypatch.setattr(saver, "flush_file_system", lambda folder: flushes.append(time.monotonic()))
    monkeypatch.setattr(saver, "FLUSH_EVERY", 0.05)
    flusher = saver.Flusher(tmp_path)
    time.sleep(0.2)
    idle = len(flushes)  # nothing written: nothing flushed
    wrote = time.monotonic()
    flusher.wrote()
    flusher.wrote()  # two batches in one flush's time: one flush
    time.sleep(0.3)
    after_batches = list(flushes)
    flusher.stop()
    assert idle == 0
    assert len(after_batches) == 1 and 0.04 <= after_batches[0] - wrote < 0.25
    assert len(flushes) >= 2  # and once more as it stops, for a batch written just then
