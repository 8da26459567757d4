"""The server's room files: written in batches by a writer process."""

from __future__ import annotations

import asyncio
import io

from game.online.saver import Saver, encode_batch, read_batch
from game.safe_files import write_many_atomically


def test_a_batch_crosses_the_pipe_whole():
    files = {"a.json": b'{"x": 1}\n', "b-2.json": b"", "c_3.json": bytes(range(256)) * 3}
    stream = io.BytesIO(encode_batch(files) + encode_batch({"d.json": b"d"}))
    assert read_batch(stream) == files
    assert read_batch(stream) == {"d.json": b"d"}
    assert read_batch(stream) is None
    assert read_batch(io.BytesIO(encode_batch(files)[:-5])) is None  # cut short: nothing of it


def test_many_files_replace_the_old_ones(tmp_path):
    (tmp_path / "a.json").write_bytes(b"old")
    assert write_many_atomically(tmp_path, {"a.json": b"new", "b.json": b"bee"}) == {}
    assert (tmp_path / "a.json").read_bytes() == b"new" and (tmp_path / "b.json").read_bytes() == b"bee"
    assert sorted(p.name for p in tmp_path.glob("*.json")) == ["a.json", "b.json"]  # spares are .NAME.spare
    assert write_many_atomically(tmp_path, {"a.json": b"newer"}) == {}
    assert (tmp_path / "a.json").read_bytes() == b"newer"  # its spare was the old one
    failed = write_many_atomically(tmp_path, {"sub/c.json": b"c"})  # no such folder: that one fails alone
    assert list(failed) == ["sub/c.json"]


def test_rooms_saved_at_once_are_all_on_the_disk_when_told(tmp_path):
    async def run():
        saver = Saver(tmp_path)
        await asyncio.gather(*(saver.save(f"room{n}", b"%d" % n) for n in range(50)))
        on_disk = {n: (tmp_path / f"room{n}.json").read_bytes() for n in range(50)}
        await saver.save("room0", b"again")
        await saver.close()
        return on_disk

    assert asyncio.run(run()) == {n: b"%d" % n for n in range(50)}
    assert (tmp_path / "room0.json").read_bytes() == b"again"
