"""The real game, which kills itself with SIGKILL at one of its save points.

    python tests/scripts/kill_at_save_point.py AFTER ARGS...

runs ``python -m game ARGS`` in this process. A save point is a write of a
file (``game.storage.safe_files.write_atomically``) or the removal of the saved
match; each is reported on standard error as ``save point N PATH`` once it
is done. The process kills itself (SIGKILL, no clean-up) as soon as save
point AFTER is done, or, with AFTER 0, just before the first one; with
AFTER -1, never. The kill comes at that exact point, every time: nothing
here depends on timing.
"""

from __future__ import annotations

import os
import runpy
import signal
import sys

import game.storage.safe_files  # before game.storage.files takes its write_atomically

after = int(sys.argv[1])
done = 0
write_atomically = game.storage.safe_files.write_atomically


def save_point(what: str, save) -> None:
    global done
    if after == 0:
        os.kill(os.getpid(), signal.SIGKILL)
    save()
    done += 1
    print(f"save point {done} {what}", file=sys.stderr, flush=True)
    if done == after:
        os.kill(os.getpid(), signal.SIGKILL)


game.storage.safe_files.write_atomically = lambda path, data: save_point(
    str(path), lambda: write_atomically(path, data)
)

import game.storage.files  # noqa: E402

remove = game.storage.files.Files.remove
game.storage.files.Files.remove = lambda files, name: save_point(
    f"removed {files.path(name)}", lambda: remove(files, name)
)

sys.argv = ["game", *sys.argv[2:]]
runpy.run_module("game", run_name="__main__", alter_sys=True)
