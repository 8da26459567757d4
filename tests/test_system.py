import sys

import pytest

from game.ui.device import system
from game.ui.device.system import LOW_MEMORY_BYTES, low_memory_mode, parse_meminfo, read_meminfo, total_memory_bytes

# /proc/meminfo of a Raspberry Pi Zero 2 W (512 MB, part of it kept by the GPU).
PI_ZERO_2_W = """\
MemTotal:         437780 kB
MemFree:          212340 kB
MemAvailable:     332104 kB
Buffers:           17452 kB
Cached:           121928 kB
SwapCached:            0 kB
"""

DESKTOP = """\
MemFree:         1203312 kB
MemTotal:       16303468 kB
"""


def test_parse_meminfo():
    assert parse_meminfo(PI_ZERO_2_W) == 437780 * 1024
    assert parse_meminfo(DESKTOP) == 16303468 * 1024


@pytest.mark.parametrize(
    "text",
    ["", "MemFree: 100 kB\n", "MemTotal:\n", "MemTotal: lots kB\n", "MemTotal: -5 kB\n", "MemTotal: 5 parsecs\n"],
)
def test_parse_meminfo_without_a_usable_total(text):
    assert parse_meminfo(text) is None


def test_read_meminfo(tmp_path):
    path = tmp_path / "meminfo"
    path.write_text(PI_ZERO_2_W, encoding="ascii")
    assert read_meminfo(str(path)) == 437780 * 1024
    assert read_meminfo(str(tmp_path / "missing")) is None


def test_total_memory_on_this_machine():
    total = total_memory_bytes()
    if sys.platform.startswith("linux"):
        assert total == read_meminfo()
    if total is not None:
        assert total > 64 * 1024 * 1024


def test_total_memory_is_unknown_in_the_browser(monkeypatch):
    monkeypatch.setattr(system.sys, "platform", "emscripten")
    assert total_memory_bytes() is None


def test_total_memory_failure_is_unknown(monkeypatch):
    def broken(*args):
        raise OSError("no /proc here")

    monkeypatch.setattr(system, "read_meminfo", lambda path="/proc/meminfo": None)
    monkeypatch.setattr(system.os, "sysconf", broken)
    assert total_memory_bytes() is None


def test_linux_falls_back_to_sysconf(monkeypatch):
    monkeypatch.setattr(system.sys, "platform", "linux")
    monkeypatch.setattr(system, "read_meminfo", lambda path="/proc/meminfo": None)
    monkeypatch.setattr(system.os, "sysconf_names", {"SC_PHYS_PAGES": 85, "SC_PAGE_SIZE": 30})
    monkeypatch.setattr(system.os, "sysconf", {"SC_PHYS_PAGES": 131072, "SC_PAGE_SIZE": 4096}.__getitem__)
    assert total_memory_bytes() == 512 * 1024 * 1024


@pytest.mark.parametrize(
    ("flag", "total", "expected"),
    [
        (True, 16 << 30, True),  # --low-memory on a big machine
        (False, 512 << 20, False),  # --no-low-memory on a Pi Zero 2 W
        (True, None, True),
        (False, None, False),
        (None, 437780 * 1024, True),  # a Pi Zero 2 W by itself
        (None, LOW_MEMORY_BYTES - 1, True),
        (None, LOW_MEMORY_BYTES, False),
        (None, 16 << 30, False),
        (None, None, False),  # unknown: normal mode
    ],
)
def test_low_memory_mode(monkeypatch, flag, total, expected):
    monkeypatch.setattr(system, "total_memory_bytes", lambda: total)
    assert low_memory_mode(flag) is expected
