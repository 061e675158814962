#!/usr/bin/env python3
"""The independent observer of the accuracy suite: runs a reference program
on a pty of its own (no framebench, no terminal emulator), sends keys,
timestamps every read with CLOCK_MONOTONIC and reports per-key latency from
the byte stream alone.

A reference program ends every part of a frame with the text "@kKKKK.P"
(reference.c); a part has arrived when the read holding its marker returned.
Latency of key K: its write(2) to the master to the read holding "@kKKKK.1"
(first frame) and the last part (settled).  Keys listed in --silent are
expected to draw nothing; the reader waits --silent-wait ms after them.

Closed loop (default): the next key is sent a random delay after the key's
last part arrived, uniform in --spacing LO,HI ms, seeded (--seed), so a
renderer on a timer is sampled over its whole tick.  Open loop (--every MS):
keys are sent on a fixed schedule whatever arrives.

Prints one JSON object: {"keys": [{"key": K, "sent_ns": S, "first_ns": F,
"settled_ns": L, "silent": bool}...], "reads": N, "bytes": B}.
"""
from __future__ import annotations

import argparse
import fcntl
import json
import os
import random
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time

MARKER = re.compile(rb"@k(\d{4}|----)\.(\d)")


def monotonic_ns() -> int:
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


class Observer:
    def __init__(self, command: list[str], cols: int, rows: int):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
        self.child = subprocess.Popen(command, stdin=slave, stdout=slave, stderr=slave, env=env,
                                      start_new_session=True, close_fds=True)
        os.close(slave)
        self.stream = bytearray()
        self.scanned = 0
        self.reads = 0
        self.parts: dict[tuple[int, int], int] = {}  # (key, part) -> read time

    def pump(self, until_ns: int) -> bool:
        """Reads until the deadline; False when the pty hung up."""
        while True:
            left = until_ns - monotonic_ns()
            if left <= 0:
                return True
            ready, _, _ = select.select([self.master], [], [], left / 1e9)
            if not ready:
                return True
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return False
            stamp = monotonic_ns()
            if not data:
                return False
            self.reads += 1
            self.stream += data
            # Markers may straddle reads: rescan from a few bytes back.
            start = max(0, self.scanned - 10)
            for match in MARKER.finditer(self.stream, start):
                if match.group(1) == b"----":
                    key = -1
                else:
                    key = int(match.group(1))
                self.parts.setdefault((key, int(match.group(2))), stamp)
            self.scanned = len(self.stream)

    def wait_part(self, key: int, part: int, timeout_ns: int) -> int | None:
        deadline = monotonic_ns() + timeout_ns
        while (key, part) not in self.parts:
            if monotonic_ns() >= deadline or not self.pump(min(deadline, monotonic_ns() + 5_000_000)):
                return self.parts.get((key, part))
        return self.parts[(key, part)]

    def send(self, byte: bytes) -> int:
        stamp = monotonic_ns()
        os.write(self.master, byte)
        return stamp

    def close(self) -> None:
        try:
            os.killpg(self.child.pid, signal.SIGHUP)
        except ProcessLookupError:
            pass
        try:
            self.child.wait(timeout=2)
        except subprocess.TimeoutExpired:
            os.killpg(self.child.pid, signal.SIGKILL)
            self.child.wait()
        os.close(self.master)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", required=True, help="the keys, one character each, in order (e.g. jjnj)")
    parser.add_argument("--parts", type=int, default=1, help="frame parts (markers) per answered key")
    parser.add_argument("--silent", default="", help="keys that draw nothing")
    parser.add_argument("--silent-wait", type=float, default=60, help="ms to wait after a silent key")
    parser.add_argument("--spacing", default="0,0", help="closed loop: LO,HI ms between a key's frame and the next key")
    parser.add_argument("--every", type=float, default=0, help="open loop: ms between keys")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--timeout", type=float, default=5000, help="ms a key's frame may take")
    parser.add_argument("command", nargs="+")
    options = parser.parse_args(argv)
    cols, rows = (int(v) for v in options.size.split("x"))
    low, high = (float(v) for v in options.spacing.split(","))
    rng = random.Random(options.seed)
    observer = Observer(options.command, cols, rows)
    keys = []
    try:
        if observer.wait_part(-1, 1, 5_000_000_000) is None:
            print("reader: no start-up frame within 5 s", file=sys.stderr)
            return 1
        observer.pump(monotonic_ns() + 50_000_000)  # let the start-up frame settle
        timeout = int(options.timeout * 1e6)
        if options.every > 0:
            start = monotonic_ns()
            for index, char in enumerate(options.keys):
                observer.pump(start + int(index * options.every * 1e6))
                keys.append({"key": index, "sent_ns": observer.send(char.encode()), "silent": char in options.silent})
            for entry in keys:
                if not entry["silent"]:
                    observer.wait_part(entry["key"], options.parts, timeout)
        else:
            for index, char in enumerate(options.keys):
                entry = {"key": index, "sent_ns": observer.send(char.encode()), "silent": char in options.silent}
                keys.append(entry)
                if entry["silent"]:
                    observer.pump(monotonic_ns() + int(options.silent_wait * 1e6))
                else:
                    observer.wait_part(index, options.parts, timeout)
                observer.pump(monotonic_ns() + int(rng.uniform(low, high) * 1e6))
        for entry in keys:
            entry["first_ns"] = observer.parts.get((entry["key"], 1))
            entry["settled_ns"] = observer.parts.get((entry["key"], options.parts))
    finally:
        observer.close()
    print(json.dumps({"keys": keys, "reads": observer.reads, "bytes": len(observer.stream)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
