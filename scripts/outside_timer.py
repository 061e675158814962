#!/usr/bin/env python3
"""Pairs the kernel's frame windows (perf script of scripts/outside-timer.sh's
uprobes) with the frame_time_ns a run wrote, frame by frame, and says whether
they agree.

usage: outside_timer.py HITS.txt RESULTS.json

Each window holds one whole frame (update to write) and the probe's work
around it, so outside - ours is never negative and is nearly constant; a
frame that the machine interrupts outside our clock pair (in the recording,
in getrusage) shows as a large difference and is counted apart. Exit 1 when
the frames do not pair up, when any frame of ours is longer than its window,
or when fewer than 18 of the 20 slowest frames are the same by both clocks.
"""
import json
import re
import sys

LINE = re.compile(r"\s*([0-9.]+):\s+\S+:(enter|leave__return):\s*(.*)")


def windows(path):
    """Durations (ns) of the windows of measured frames, in order."""
    found, start = [], None
    with open(path) as hits:
        for line in hits:
            match = LINE.match(line)
            if not match:
                continue
            # The stamps are seconds with 9 decimals: keep them exact as integers.
            seconds, fraction = match.group(1).split(".")
            stamp = int(seconds) * 1_000_000_000 + int(fraction.ljust(9, "0")[:9])
            if match.group(2) == "enter":
                start = (stamp, "measured=1" in match.group(3))
            elif start is not None:
                if start[1]:
                    found.append(stamp - start[0])
                start = None
    return found


def ours(path):
    with open(path) as file:
        results = json.load(file)
    lanes = [s for s in results["scenarios"] if s["backend"] == "framebench"]
    if len(lanes) != 1 or len(lanes[0]["runs"]) != 1:
        sys.exit("outside_timer: %s: expected one framebench run" % path)
    frames = lanes[0]["runs"][0]["frames"]
    if "frame_time_ns" not in frames:
        sys.exit("outside_timer: %s: no per-frame frame_time_ns" % path)
    return frames["frame_time_ns"]


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def line(name, values):
    cells = " ".join(
        "%s %8.1f" % (label, quantile(values, q) / 1000)
        for label, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("p99.9", 0.999)))
    return "  %-16s %s  max %8.1f  min %7.1f  (us)" % (name, cells, max(values) / 1000, min(values) / 1000)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: outside_timer.py HITS.txt RESULTS.json")
    outside, mine = windows(sys.argv[1]), ours(sys.argv[2])
    if not mine or len(outside) != len(mine):
        print("outside-timer: FAIL: %d measured windows, %d frames in the results" % (len(outside), len(mine)))
        return 1
    difference = [o - m for o, m in zip(outside, mine)]
    print(line("ours", mine))
    print(line("outside", outside))
    print(line("outside - ours", difference))
    typical = quantile(difference, 0.5)
    apart = [i for i, d in enumerate(difference) if d - typical > 20_000]
    print("  frames whose window is over 20 us longer than usual (interrupted outside our clock): %d of %d"
          % (len(apart), len(mine)) + ("" if not apart else ", e.g. frames " + ", ".join(str(i) for i in apart[:5])))
    slowest = 20 if len(mine) >= 200 else max(1, len(mine) // 10)
    by_ours = set(sorted(range(len(mine)), key=lambda i: -mine[i])[:slowest])
    by_outside = set(sorted(range(len(mine)), key=lambda i: -outside[i])[:slowest])
    shared = len(by_ours & by_outside)
    print("  slowest %d frames by each clock: %d the same" % (slowest, shared))
    failures = []
    negative = [i for i, d in enumerate(difference) if d < 0]
    if negative:
        first = negative[0]
        failures.append("%d frames longer by our clock than the window that holds them (frame %d: %d ns, window %d ns)"
                        % (len(negative), first, mine[first], outside[first]))
    if shared < slowest - slowest // 10:
        failures.append("only %d of the %d slowest frames are the same by both clocks" % (shared, slowest))
    for failure in failures:
        print("outside-timer: FAIL: " + failure)
    if not failures:
        print("outside-timer: agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
