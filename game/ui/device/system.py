"""The machine: how much memory it has, and whether to run in constrained-memory mode.

Constrained-memory mode turns on by itself when the OS reports under 1 GiB of
RAM in total (a Raspberry Pi Zero 2 W has 512 MB), and stays off where the
total cannot be read (including the browser). ``--low-memory`` and
``--no-low-memory`` override the guess either way.
"""

from __future__ import annotations

import os
import sys

LOW_MEMORY_BYTES = 1 << 30  # 1 GiB


def parse_meminfo(text: str) -> int | None:
    """The ``MemTotal`` of a /proc/meminfo text, in bytes, or None."""
    for line in text.splitlines():
        name, _, rest = line.partition(":")
        if name.strip() != "MemTotal":
            continue
        parts = rest.split()
        if not parts or not parts[0].isdigit():
            return None
        unit = parts[1].lower() if len(parts) > 1 else ""
        scale = {"": 1, "b": 1, "kb": 1024, "mb": 1024**2, "gb": 1024**3}.get(unit)
        return int(parts[0]) * scale if scale else None
    return None


def read_meminfo(path: str = "/proc/meminfo") -> int | None:
    try:
        with open(path, encoding="ascii", errors="replace") as file:
            return parse_meminfo(file.read())
    except OSError:
        return None


def total_memory_bytes() -> int | None:
    """The machine's total RAM as the OS reports it, or None where it cannot be read."""
    if sys.platform == "emscripten":
        return None
    try:
        if sys.platform.startswith("linux"):
            total = read_meminfo()
            if total:
                return total
        if sys.platform == "win32":
            return _windows_total()
        if hasattr(os, "sysconf") and {"SC_PHYS_PAGES", "SC_PAGE_SIZE"} <= set(os.sysconf_names):
            total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
            return total if total > 0 else None
    except Exception:  # a probe: whatever goes wrong, the answer is "unknown"
        return None
    return None


def _windows_total() -> int | None:
    if sys.platform != "win32":  # (what mypy checks elsewhere: ctypes.windll is Windows' only)
        return None
    import ctypes

    class MemoryStatusEx(ctypes.Structure):
        _fields_ = (
            ("dwLength", ctypes.c_ulong),
            ("dwMemoryLoad", ctypes.c_ulong),
            ("ullTotalPhys", ctypes.c_ulonglong),
            ("ullAvailPhys", ctypes.c_ulonglong),
            ("ullTotalPageFile", ctypes.c_ulonglong),
            ("ullAvailPageFile", ctypes.c_ulonglong),
            ("ullTotalVirtual", ctypes.c_ulonglong),
            ("ullAvailVirtual", ctypes.c_ulonglong),
            ("ullAvailExtendedVirtual", ctypes.c_ulonglong),
        )

    status = MemoryStatusEx()
    status.dwLength = ctypes.sizeof(MemoryStatusEx)
    if not ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):
        return None
    return int(status.ullTotalPhys) or None


def low_memory_mode(flag: bool | None) -> bool:
    """``flag`` is True for --low-memory, False for --no-low-memory, None for neither."""
    if flag is not None:
        return flag
    total = total_memory_bytes()
    return total is not None and total < LOW_MEMORY_BYTES
