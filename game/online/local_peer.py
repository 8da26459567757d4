"""Which process of this machine a loopback connection comes from (Linux).

Every local client connects from 127.0.0.1, so the per-address limit
counts them as one: another local user holding 100 connections had HOST's
own game refused (``429 too many connections from your address``). The
kernel knows whose each socket is: ``/proc/net/tcp`` (and ``tcp6``) lists
every TCP socket, the client's end of a loopback connection included,
with its inode, and ``/proc/PID/fd`` names the sockets a process holds.
HOST's server (``hosting``) so tells the game that started it from the
other local clients, and never refuses it (``Server.own_client``). It is
looked up only for a loopback connection the limit would refuse: rarely,
and reading the table costs a few ms. Elsewhere (no ``/proc``: macOS,
Windows) nobody is told apart.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import sys
from pathlib import Path

TABLES = (Path("/proc/net/tcp"), Path("/proc/net/tcp6"))


def held_by(pid: int, peer: tuple[str, int], local: tuple[str, int]) -> bool:
    """Process ``pid`` of this machine holds the client end (``peer``) of
    the connection whose server end is ``local``."""
    with contextlib.suppress(ValueError):
        if not ipaddress.ip_address(peer[0]).is_loopback:
            return False
    inode = peer_inode(peer, local)
    if inode is None:
        return False
    wanted = f"socket:[{inode}]"
    try:
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    for fd in fds:
        with contextlib.suppress(OSError):
            if os.readlink(f"/proc/{pid}/fd/{fd}") == wanted:
                return True
    return False


def peer_inode(peer: tuple[str, int], local: tuple[str, int]) -> int | None:
    """The inode of the socket at ``peer`` connected to ``local``, from the
    kernel's tables; None if it is not found (or there are no tables)."""
    try:
        wanted = (_kernel_address(*peer), _kernel_address(*local))
    except ValueError:
        return None
    for table in TABLES:
        try:
            lines = table.read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) > 9 and (fields[1], fields[2]) == wanted:
                return int(fields[9])
    return None


def _kernel_address(host: str, port: int) -> str:
    """An address as ``/proc/net/tcp`` writes it: the address's 32-bit words
    in hexadecimal, each in the machine's byte order, then the port."""
    packed = ipaddress.ip_address(host).packed
    words = [int.from_bytes(packed[k : k + 4], sys.byteorder) for k in range(0, len(packed), 4)]
    return "".join(f"{word:08X}" for word in words) + f":{port:04X}"
