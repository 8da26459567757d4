"""Local users share one address, 127.0.0.1: another local user holding
its 100 connections had HOST's own game refused (429). HOST's server (a
real one, ``LocalServer``, started by this test as a game starts it) never
refuses the game that started it; the other user is still held to the
limit. (As root: the other user is ``nobody``.)"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest
from in_process_server import hello

from game.online import limits
from game.online.hosting import LocalServer

WAITING = {"rules": "1991", "players": 2, "people": 2}
NOBODY = 65534

# Another user's client: it holds COUNT WebSocket connections open (whole handshakes),
# then opens one more, says what each was answered, and ends when its input does.
OTHER_USER = """
import encodings.idna, os, socket, sys  # (all it needs, imported before it is nobody)
os.setgid(NOBODY); os.setuid(NOBODY)  # (before its sockets: the kernel counts them as nobody's)
port, count = int(sys.argv[1]), int(sys.argv[2])
request = ("GET /theirs HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\\r\\nSec-WebSocket-Version: 13\\r\\n\\r\\n").encode()
held, answers = [], []
for _ in range(count + 1):
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(request)
    held.append(sock)
    answers.append(sock.recv(4096).split(b"\\r\\n")[0].decode())
print("\\n".join(answers), flush=True)
sys.stdin.read()
""".replace("NOBODY", str(NOBODY))


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root, to be another user too")
@pytest.mark.skipif(not os.path.exists("/proc/net/tcp"), reason="the kernel's socket table: Linux")
def test_another_local_user_holding_the_address_never_keeps_out_the_host_s_own_game(tmp_path):
    server = LocalServer(tmp_path / "hosted", port=0, bind="127.0.0.1", lifetime=60).start()
    other = subprocess.Popen(
        [sys.executable, "-c", OTHER_USER, str(server.port), str(limits.CONNECTIONS)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout is not None
        answers = [other.stdout.readline().strip() for _ in range(limits.CONNECTIONS + 1)]
        own = asyncio.run(hello(server.local_url("ours"), {"name": "HOST", "table": WAITING}))
    finally:
        other.communicate("", timeout=20)
        server.stop()
    assert answers[:-1] == ["HTTP/1.1 101 Switching Protocols"] * limits.CONNECTIONS
    assert answers[-1] == "HTTP/1.1 429 Too Many Requests"  # the other user is held to the limit
    assert own["type"] == "welcome", own  # the host's game (this process started the server) is not


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _start(data_dir) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "game.server", "--port", "0", "--data-dir", str(data_dir), "--stop-after", "0.2"]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=ROOT, check=False)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root, to make another user's folder")
def test_a_data_folder_another_user_made_first_is_refused_with_the_fix(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o1777)
    shared.chmod(0o1777)  # (as /tmp: anybody may make a folder in it, nobody rename another's)
    (shared / "uno1991-server").mkdir(mode=0o777)
    os.chown(shared / "uno1991-server", NOBODY, NOBODY)  # made first by another user
    started = _start(shared / "uno1991-server")
    assert started.returncode == 1 and "Traceback" not in started.stderr, started.stderr
    assert f"belongs to another user (uid {NOBODY})" in started.stderr, started.stderr
    assert "keep the rooms in a folder of your own (--data-dir)" in started.stderr
    assert _start(shared / "mine").returncode == 0  # a folder of its own beside it: the sticky bit keeps it


@pytest.mark.slow
def test_a_data_folder_in_a_folder_others_may_change_is_refused_with_why(tmp_path):
    """Another user who may write in the folder above could rename the data
    folder away and put theirs in its place."""
    shared = tmp_path / "open"
    shared.mkdir()
    shared.chmod(0o777)
    started = _start(shared / "uno1991-server")
    assert started.returncode == 1 and "Traceback" not in started.stderr, started.stderr
    assert f"{shared} may be changed by other users" in started.stderr, started.stderr
    assert "rename" in started.stderr and "--data-dir" in started.stderr
