"""Run Python code or a module and write its peak resident memory to a file as it exits.

    python -m benchmarks.peak OUTFILE -c CODE
    python -m benchmarks.peak OUTFILE -m MODULE [ARGS...]

The peak is the process's own high-water mark, ``VmHWM`` in
/proc/self/status (in kB), read at exit. ``ru_maxrss`` from ``os.wait4`` is
not used: on Linux a new program's ``ru_maxrss`` also counts the resident
memory of the process that started it (its memory is the child's until the
child execs), so a benchmark that has played a whole game in its own
process would see that game in every figure. Under qemu-user the file read
is the emulator's own /proc/self/status: the figure then includes qemu.
"""

from __future__ import annotations

import atexit
import runpy
import sys


def high_water_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise RuntimeError("no VmHWM in /proc/self/status")


def main() -> None:
    out, how, what, *args = sys.argv[1:]

    def write_peak() -> None:
        with open(out, "w", encoding="ascii") as file:
            file.write(f"{high_water_kb()}\n")

    atexit.register(write_peak)
    if how == "-c":
        sys.argv = ["-c", *args]
        exec(compile(what, "<string>", "exec"), {"__name__": "__main__"})
    elif how == "-m":
        sys.argv = [what, *args]
        runpy.run_module(what, run_name="__main__", alter_sys=True)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
