#!/usr/bin/env bash
# Checks framebench's own frame clock against one it did not write: the
# kernel's. perf puts a uprobe on the entry and the return of
# FramebenchLane.frame(_:measured:) and stamps each hit with CLOCK_MONOTONIC;
# the window between them holds the clocked frame plus the probe's work
# around it (two getrusage calls, recording the samples, two uprobe traps).
# scripts/outside_timer.py then pairs every measured frame's window with the
# frame_time_ns the run wrote and prints both distributions and their
# difference. It fails when our frame is ever longer than the window that
# holds it, when the windows of slow frames exceed ours by more than those of
# fast frames do (work of the frame outside our clock), or when the frames do
# not pair up.
#
# usage: scripts/outside-timer.sh [--frames N] [--size COLSxROWS] [SCENARIO]
# Needs a release build (`swift build -c release`) and perf with uprobes
# (root, or perf_event_paranoid low enough). Exit 0: agree; 1: disagree;
# 2: cannot run here.
set -euo pipefail
cd "$(dirname "$0")/.."
frames=2000
size=120x40
scene=watcha-home
while [ $# -gt 0 ]; do
    case "$1" in
        --frames) frames="$2"; shift 2 ;;
        --size) size="$2"; shift 2 ;;
        -*) echo "outside-timer: unknown option $1" >&2; exit 2 ;;
        *) scene="$1"; shift ;;
    esac
done
binary=.build/release/framebench
[ -x "$binary" ] || { echo "outside-timer: $binary missing: run swift build -c release" >&2; exit 2; }
command -v perf > /dev/null || { echo "outside-timer: perf not found (Debian: linux-perf)" >&2; exit 2; }
case "$(uname -m)" in
    x86_64) index='%di' measured='%si' ;;
    aarch64) index='%x0' measured='%x1' ;;
    *) echo "outside-timer: no argument registers known for $(uname -m)" >&2; exit 2 ;;
esac
work=$(mktemp -d)
# A group of our own, so probes of another session are never touched.
group="fbouter$$"
cleanup() {
    perf probe -q -d "$group:*" > /dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
# The probes go on a copy: a uprobe belongs to the file, and the build stays untouched.
cp "$binary" "$work/framebench"
symbol=$(nm "$work/framebench" | awk '$3 ~ /14FramebenchLaneC5frame_8measuredySi_SbtKF$/ && !found { print $3; found = 1 }')
[ -n "$symbol" ] || { echo "outside-timer: FramebenchLane.frame(_:measured:) not found in $binary" >&2; exit 2; }
if ! perf probe -q -x "$work/framebench" -a "$group:enter=$symbol index=$index:s64 measured=$measured:u8" > "$work/probe.log" 2>&1 ||
    ! perf probe -q -x "$work/framebench" -a "$group:leave=$symbol%return" >> "$work/probe.log" 2>&1; then
    echo "outside-timer: perf could not place uprobes here:" >&2
    sed 's/^/  /' "$work/probe.log" >&2
    exit 2
fi
perf record -q -k CLOCK_MONOTONIC -e "$group:enter" -e "$group:leave__return" -o "$work/perf.data" -- \
    "$work/framebench" run "$scene" --size "$size" --frames "$frames" --backend framebench \
    --term xterm-256color --format json --quiet --out "$work/results.json" > "$work/run.log" 2>&1 || {
    echo "outside-timer: the run failed:" >&2
    sed 's/^/  /' "$work/run.log" >&2
    exit 2
}
perf script -i "$work/perf.data" --ns -F time,event,trace > "$work/hits.txt" 2> /dev/null
echo "outside-timer: $scene at $size, $frames frames; uprobes at FramebenchLane.frame's entry and return, CLOCK_MONOTONIC"
python3 scripts/outside_timer.py "$work/hits.txt" "$work/results.json"
