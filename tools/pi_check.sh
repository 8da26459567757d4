#!/usr/bin/env bash
# tools/pi_check.sh [--prepare] arm64|armhf: install and play the game on an emulated
# Raspberry Pi OS (Debian bookworm for arm64 or armhf, run by qemu-user on
# this x86-64 machine), as root.
#
# From scratch and idempotently it:
#   1. installs qemu-user-static, binfmt-support and debootstrap (Debian's packages);
#   2. lets the kernel run ARM programs through qemu (binfmt_misc);
#   3. builds a Debian bookworm root for the architecture (debootstrap, the second
#      stage under emulation), kept in a cache folder outside the clone
#      ($UNO1991_PI_CACHE, default /var/cache/uno1991-pi/ARCH), with marker files,
#      so that a second run skips it; then does what docs/raspberry-pi.md tells the owner of
#      a Lite image (apt install libsdl2-2.0-0);
#   4. copies the clone in and installs the game with the README's Play command;
#   5. runs the headless screenshot tour and the constrained-memory title there and
#      here, and fails unless the printed lines and the screenshots are identical;
#   6. checks the constrained-memory decision with the real and with faked
#      /proc/meminfo totals (a 512 MB Pi Zero 2 W, a 4 GB Pi 4);
#   7. runs the rules, AI and machine tests there;
#   8. runs the frame, start-up and memory benchmarks here and there and prints both.
# With --prepare it does steps 1 to 3 only (CI builds the roots while the tests run).
# The mounts it makes inside the root are undone whatever happens; downloads are
# retried; a failure names its step. The install chatter goes to a log in the cache
# folder, whose end is shown when a step fails.
set -euo pipefail

usage() {
    echo "usage: $0 [--prepare] arm64|armhf" >&2
    exit 2
}

PREPARE=""
if [ "${1:-}" = "--prepare" ]; then
    PREPARE=1
    shift
fi
[ $# -eq 1 ] || usage
ARCH=$1
case $ARCH in
    arm64) QEMU=qemu-aarch64 ;;
    armhf) QEMU=qemu-arm ;;
    *) usage ;;
esac
[ "$(id -u)" -eq 0 ] || {
    echo "$0: needs root (apt-get, mount, chroot)" >&2
    exit 2
}

CLONE=$(cd "$(dirname "$0")/.." && pwd)
CACHES=${UNO1991_PI_CACHE:-/var/cache/uno1991-pi}
CACHE=$CACHES/$ARCH
ROOT=$CACHE/root
LOG=$CACHE/pi_check.log
SUITE=bookworm
GAME=/home/pi/uno1991      # the clone's copy, inside the root
OUT=/tmp/pi_check          # the emulated runs' output, inside the root
HOST_CA=/etc/ssl/certs/ca-certificates.crt
ROOT_CA=/etc/uno1991-host-ca.crt
TEST_TOOLS=("pytest>=8" "hypothesis>=6.100")  # the test extras the rules and AI tests need
TESTS=(tests/test_rules_1991.py tests/test_rules_standard.py tests/test_rules_royal.py tests/test_rules_house.py
    tests/test_rules_api.py tests/test_rules_properties.py tests/test_ai.py tests/test_ai_rules.py tests/test_system.py)
PI_ZERO_2_W_KB=437780      # MemTotal of a 512 MB Raspberry Pi Zero 2 W
PI_4_KB=3884308            # MemTotal of a 4 GB Raspberry Pi 4

STEP="start"
WORK=""

# ----- steps, logs, retries, clean-up -------------------------------------------------

step() {
    STEP=$1
    echo "== pi_check $ARCH: $STEP ($(date +%H:%M:%S))"
}

quietly() {
    # Run a command with its output in the log (shown when the step fails).
    "$@" >>"$LOG" 2>&1
}

retry() {
    # retry N COMMAND...: up to N tries, waiting longer after each failure.
    local tries=$1 try=1
    shift
    until "$@"; do
        if [ "$try" -ge "$tries" ]; then
            return 1
        fi
        echo "   (failed, try $try of $tries: again in $((try * 15)) s)"
        sleep $((try * 15))
        try=$((try + 1))
    done
}

mounts_under_root() {
    # Deepest first, so that each can be unmounted.
    findmnt -rn -o TARGET | grep -E "^$ROOT(/|$)" | awk '{ print length, $0 }' | sort -rn | cut -d' ' -f2- || true
}

unmount_all() {
    # Ours, and any left by an interrupted run or by debootstrap's second stage.
    local target
    for target in $(mounts_under_root); do
        umount "$target" 2>/dev/null || umount -l "$target" || true
    done
}

finish() {
    local status=$?
    set +e
    unmount_all
    [ -n "$WORK" ] && rm -rf "$WORK"
    if [ "$status" -ne 0 ]; then
        # To the run's own standard error (fd 3): a signal may stop the run inside
        # a command whose output goes to the log.
        {
            echo "pi_check $ARCH: FAILED in step: $STEP (status $status)"
            if [ -s "$LOG" ]; then
                echo "---- the end of $LOG:"
                tail -n 40 "$LOG"
            fi
        } >&3
    fi
    exit "$status"
}

with_lock() {
    # with_lock FILE COMMAND...: COMMAND while holding FILE's lock (waiting up to an hour).
    local file=$1
    shift
    (
        flock -w 3600 8
        "$@"
    ) 8>"$file"
}

bind_in() {
    # bind_in SOURCE TARGET-INSIDE-ROOT
    mkdir -p "$ROOT$2"
    mount --bind "$1" "$ROOT$2"
}

in_root() {
    # in_root COMMAND: a shell command inside the root, in the game's folder,
    # with a clean environment (and pip trusting the host's CA bundle: see docs/raspberry-pi.md).
    chroot "$ROOT" /usr/bin/env -i HOME=/root PATH=/usr/local/bin:/usr/bin:/bin LANG=C.UTF-8 \
        PIP_CERT="$ROOT_CA" PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore \
        DEBIAN_FRONTEND=noninteractive /bin/sh -c "cd $GAME 2>/dev/null || cd /; $1"
}

# ----- the host ---------------------------------------------------------------------------

install_host_tools() {
    local missing=() package
    for package in qemu-user-static binfmt-support debootstrap; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    retry 3 quietly apt-get update
    retry 3 quietly env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
}

enable_emulation() {
    local misc=/proc/sys/fs/binfmt_misc
    mountpoint -q "$misc" || mount -t binfmt_misc binfmt_misc "$misc"
    grep -qx enabled "$misc/$QEMU" 2>/dev/null || quietly update-binfmts --enable "$QEMU"
    grep -qx enabled "$misc/$QEMU"
}

debian_mirror() {
    # The machine's own Debian mirror (deb822 or one-line sources), else Debian's.
    local uri
    uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '$1 == "URIs:" { print $2 }' | grep -E '/debian/?$' | head -n 1 || true)
    if [ -z "$uri" ]; then
        uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
            awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^https?:.*\/debian\/?$/) { print $i; exit } }' || true)
    fi
    echo "${UNO1991_PI_MIRROR:-${uri:-http://deb.debian.org/debian}}"
}

# ----- the emulated root -----------------------------------------------------------------

wipe_root() {
    unmount_all
    if [ -n "$(mounts_under_root)" ]; then
        echo "something is still mounted under $ROOT: not removing it" >&2
        return 1
    fi
    rm -rf --one-file-system "$ROOT"
}

first_stage() {
    # Downloads and unpacks the packages (no ARM code runs yet); from scratch each try.
    rm -f "$CACHE/second-stage.done" "$CACHE/libsdl2.done"
    wipe_root
    quietly debootstrap --arch="$ARCH" --foreign --variant=minbase \
        --include=python3,python3-venv,python3-pip "$SUITE" "$ROOT" "$(debian_mirror)"
}

build_root() {
    if [ ! -e "$CACHE/second-stage.done" ]; then
        step "debootstrap $SUITE $ARCH, first stage (downloads, into $ROOT)"
        retry 3 first_stage
        step "debootstrap second stage (under emulation: minutes)"
        quietly chroot "$ROOT" /debootstrap/debootstrap --second-stage
        touch "$CACHE/second-stage.done"
    fi
}

mount_system() {
    cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
    cp "$HOST_CA" "$ROOT$ROOT_CA"
    mkdir -p "$ROOT/proc" "$ROOT/dev"
    mount -t proc proc "$ROOT/proc"
    bind_in /dev /dev
}

sdl_for_lite_image() {
    # docs/raspberry-pi.md's step for a Lite image: sudo apt install libsdl2-2.0-0 (here
    # without apt's recommended extras, such as Mesa's drivers, which headless runs never load).
    if [ ! -e "$CACHE/libsdl2.done" ]; then
        step "apt install libsdl2-2.0-0 inside the root (docs/raspberry-pi.md's step for a Lite image)"
        retry 3 quietly in_root "apt-get update"
        retry 3 quietly in_root "apt-get install -y --no-install-recommends libsdl2-2.0-0"
        quietly in_root "apt-get clean"
        touch "$CACHE/libsdl2.done"
    fi
}

copy_clone() {
    # The clone's files as they are now (tracked and new, not ignored), fresh each run.
    rm -rf --one-file-system "$ROOT$GAME"
    mkdir -p "$ROOT$GAME"
    (cd "$CLONE" && git ls-files -z --cached --others --exclude-standard |
        tar --null --ignore-failed-read -T - -cf -) | tar -C "$ROOT$GAME" -xf -
}

install_game() {
    # The README's Play command, without starting the game; then the test tools.
    retry 3 quietly in_root "rm -rf .venv && python3 -m venv .venv && .venv/bin/pip install -e ."
    retry 3 quietly in_root ".venv/bin/pip install $(printf "'%s' " "${TEST_TOOLS[@]}")"
    in_root ".venv/bin/python -c 'import platform, pyxel; print(\"   python\", platform.python_version(), platform.machine(), \"pyxel\", pyxel.VERSION)'"
}

# ----- the checks -----------------------------------------------------------------------------

frame_lines() {
    # The game's report lines (pyxel may first print one about the audio device).
    grep -E '^ *[0-9]+ ' "$1" || true
}

native_python() {
    # The clone's own venv (made with the README's Play command if missing).
    if [ ! -x "$CLONE/.venv/bin/python" ]; then
        (cd "$CLONE" && retry 3 quietly sh -c "python3 -m venv .venv && .venv/bin/pip install -e .")
    fi
    echo "$CLONE/.venv/bin/python"
}

# "@" stands for the folder of the tour's script: recorded afresh natively by
# the test player (tests/scripts/ui_bot.py: the menus and a whole match, the
# route tools/screenshots.py takes for the tour's pictures), then replayed
# by the game's --script on both sides.
SCRIPTED_RUNS=(
    "tour|--seed 3 --script @/tour_script.txt"
    "low_memory_title|--low-memory --seed 1 --script tests/scripts/low_memory_title.txt"
)

compare_scripted_runs() {
    local python run name args
    python=$(native_python)
    rm -rf "${ROOT:?}$OUT" && mkdir -p "$ROOT$OUT"
    if ! (cd "$CLONE" && "$python" tests/scripts/ui_bot.py --seed 3 --out "$WORK/tour_script.txt" 2>"$WORK/bot.err"); then
        tail -n 20 "$WORK/bot.err"
        echo "recording the tour's script failed" >&2
        return 1
    fi
    cp "$WORK/tour_script.txt" "$ROOT$OUT/tour_script.txt"
    for run in "${SCRIPTED_RUNS[@]}"; do
        name=${run%%|*}
        args=${run#*|}
        if ! (cd "$CLONE" && "$python" -m game --headless ${args//@/$WORK} --shots "$WORK/$name" >"$WORK/$name.txt" 2>"$WORK/$name.err"); then
            tail -n 20 "$WORK/$name.err"
            echo "the native $name run failed" >&2
            return 1
        fi
        if ! in_root ".venv/bin/python -m game --headless ${args//@/$OUT} --shots $OUT/$name >$OUT/$name.txt 2>$OUT/$name.err"; then
            tail -n 20 "$ROOT$OUT/$name.err"
            echo "the $name run failed on $ARCH" >&2
            return 1
        fi
        if ! diff <(frame_lines "$WORK/$name.txt") <(frame_lines "$ROOT$OUT/$name.txt") >"$WORK/$name.diff"; then
            head -n 20 "$WORK/$name.diff"
            echo "the $name run printed other lines on $ARCH" >&2
            return 1
        fi
        if ! diff -r "$WORK/$name" "$ROOT$OUT/$name"; then
            echo "the $name run's screenshots differ on $ARCH" >&2
            return 1
        fi
        echo "   $name: $(frame_lines "$WORK/$name.txt" | wc -l) lines and $(ls "$WORK/$name" | wc -l) screenshots, identical"
    done
}

first_scene() {
    # first_scene [FLAGS...]: the first scene a one-frame headless run shows
    # inside the root: "loading" (the normal mode) or "title" (constrained memory).
    in_root "printf 'wait 1\n' >$OUT/one_frame.txt && .venv/bin/python -m game --headless --seed 1 $* --script $OUT/one_frame.txt 2>/dev/null" |
        awk '$2 == "scene" { print $3; exit }'
}

expect_scene() {
    # expect_scene WHAT SCENE [FLAGS...]
    local what=$1 want=$2 got
    shift 2
    got=$(first_scene "$@")
    if [ "$got" != "$want" ]; then
        echo "$what: the game started on the $got scene, not $want" >&2
        return 1
    fi
    echo "   $what: starts on the $want scene"
}

fake_meminfo() {
    # Bind a /proc/meminfo with MemTotal KB over the root's (undone by unmount_all).
    printf 'MemTotal:       %s kB\nMemFree:        %s kB\n' "$1" "$(($1 / 2))" >"$WORK/meminfo.$1"
    mount --bind "$WORK/meminfo.$1" "$ROOT/proc/meminfo"
}

check_memory_decision() {
    local real
    real=$(in_root "awk '\$1 == \"MemTotal:\" { print \$2 }' /proc/meminfo")
    expect_scene "real MemTotal ${real} kB" loading
    fake_meminfo "$PI_ZERO_2_W_KB"
    expect_scene "faked MemTotal $PI_ZERO_2_W_KB kB (Pi Zero 2 W)" title
    expect_scene "faked MemTotal $PI_ZERO_2_W_KB kB with --no-low-memory" loading --no-low-memory
    umount "$ROOT/proc/meminfo"
    fake_meminfo "$PI_4_KB"
    expect_scene "faked MemTotal $PI_4_KB kB (Pi 4, 4 GB)" loading
    expect_scene "faked MemTotal $PI_4_KB kB with --low-memory" title --low-memory
    umount "$ROOT/proc/meminfo"
}

run_tests() {
    # One process, without pyproject's workers and time limit (-n, --timeout: pytest-xdist
    # and pytest-timeout are not among TEST_TOOLS): the emulated machine has a core a check.
    in_root ".venv/bin/python -m pytest -p no:cacheprovider -o addopts=-q ${TESTS[*]}" | tail -n 3
}

benchmarks() {
    # The same benchmarks here and there; the long session is left out under
    # emulation (see docs/raspberry-pi.md: it would take most of an hour).
    local python
    python=$(native_python)
    echo "   (the targets are the development machine's: emulated figures are several times slower and"
    echo "    include qemu's own memory; docs/raspberry-pi.md compares them)"
    echo "   native (x86-64):"
    (cd "$CLONE" && "$python" -m benchmarks.frames && "$python" -m benchmarks.startup &&
        "$python" -m benchmarks.memory --long-lines 0) 2>/dev/null | grep -v '^Failed to initialize' | sed 's/^/     /'
    echo "   emulated ($ARCH, qemu-user):"
    in_root ".venv/bin/python -m benchmarks.frames && .venv/bin/python -m benchmarks.startup &&
        .venv/bin/python -m benchmarks.memory --long-lines 0" 2>/dev/null | grep -v '^Failed to initialize' | sed 's/^/     /'
}

# ----- the run ----------------------------------------------------------------------------------

main() {
    local started=$SECONDS
    exec 3>&2
    mkdir -p "$CACHE"
    : >"$LOG"
    trap finish EXIT
    trap 'exit 130' INT TERM
    WORK=$(mktemp -d)
    exec 9>"$CACHE.lock"
    step "wait for any other pi_check $ARCH run (lock $CACHE.lock)"
    flock -w 3600 9

    # The two architectures' runs may go side by side (CI starts both): the host's
    # packages and binfmt_misc are set up by one at a time, and the benchmarks are
    # taken by one at a time, so that the two never measure at once (the other run
    # may still be at its tests meanwhile).
    step "install qemu-user-static, binfmt-support, debootstrap (lock $CACHES/host.lock)"
    with_lock "$CACHES/host.lock" install_host_tools
    step "enable $QEMU in binfmt_misc"
    with_lock "$CACHES/host.lock" enable_emulation
    unmount_all # whatever an interrupted run left
    build_root
    step "mount /proc and /dev in the root; copy the host's CA bundle and resolv.conf in"
    mount_system
    sdl_for_lite_image
    if [ -n "$PREPARE" ]; then
        step "prepared in $((SECONDS - started)) s"
        return
    fi
    step "copy the clone into $GAME"
    copy_clone
    step "install the game with the README's Play command (pip install -e .)"
    install_game
    step "compare the scripted runs (lines and screenshots) with native ones"
    compare_scripted_runs
    step "constrained-memory mode from the real and faked /proc/meminfo"
    check_memory_decision
    step "rules, AI and machine tests"
    run_tests
    step "frame, start-up and memory benchmarks (lock $CACHES/benchmarks.lock)"
    with_lock "$CACHES/benchmarks.lock" benchmarks
    step "done in $((SECONDS - started)) s"
}

main "$@"; exit
