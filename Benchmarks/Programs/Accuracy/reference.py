#!/usr/bin/env python3
"""The Python twin of reference.c (same modes, same frames, same log and
markers; see reference.c): a reference program for the accuracy suite that
logs on CLOCK_MONOTONIC when it read each key and when each of its frame's
writes returned.  Usage: reference.py MODE LOG."""
import os
import select
import signal
import sys
import termios
import time
import tty

MODES = ("plain", "sync", "after-sync", "big", "timer", "two", "pause", "nochange", "openloop")
SYNCED = ("sync", "after-sync", "big", "two", "openloop")


def now_ns() -> int:
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def main() -> int:
    if len(sys.argv) != 3 or sys.argv[1] not in MODES:
        print(f"usage: reference.py MODE LOG (MODE: {' '.join(MODES)})", file=sys.stderr)
        return 2
    mode, log_path = sys.argv[1], sys.argv[2]
    try:
        log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o644)
    except OSError as error:
        print(f"reference.py: cannot open log {log_path!r}: {error.strerror}", file=sys.stderr)
        return 2
    cols, rows = os.get_terminal_size(0)
    tty.setraw(0, termios.TCSANOW)
    signal.signal(signal.SIGHUP, lambda *_: os._exit(0))
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))

    def write(data: bytes) -> int:
        view = memoryview(data)
        while view:
            view = view[os.write(1, view):]
        return now_ns()

    def marker(key: int, part: int) -> str:
        return f"\033[{rows};1H@k{'----' if key < 0 else '%04d' % key}.{part}\033[K"

    def build(key: int, part: int) -> bytes:
        out = ["\033[?2026h"] if mode in SYNCED else []
        if part == 2:
            out.append(f"\033[{rows - 1};1Hstatus: key {key} handled")
        elif mode == "big":
            for r in range(rows - 1):
                out.append(f"\033[{r + 1};1H")
                out += [f"\033[38;2;{(r * 7 + key) & 255};{(c * 5) & 255};{(key * 3 + r + c) & 255}m"
                        f"{chr(97 + (r + c + key) % 26)}" for c in range(cols)]
                out.append("\033[0m")
        else:
            for r in range(12):
                mark = ">" if r == (key + 12) % 12 else " "
                tail = "" if r % 2 else ".."
                out.append(f"\033[{r + 1};1H{mark} row {r:02d} of the list, key {key:5d}: "
                           f"the quick brown fox jumps over the lazy dog.{tail}\033[K")
        out.append(marker(key, part))
        if mode in SYNCED:
            out.append("\033[?2026l")
        if mode == "after-sync":
            out.append(f"\033[?25l\033]0;reference key {key}\007")
        return "".join(out).encode()

    def log_key(key: int, byte: int, read_ns: int, written: list, sizes: list) -> None:
        os.write(log, (f'{{"key":{key},"byte":{byte},"read_ns":{read_ns},'
                       f'"written_ns":[{",".join(map(str, written))}],"bytes":[{",".join(map(str, sizes))}]}}\n').encode())

    def answer(key: int, byte: int, read_ns: int) -> None:
        if mode == "nochange" and byte == ord("n"):
            log_key(key, byte, read_ns, [], [])
            return
        if mode == "openloop":
            time.sleep(0.003)
        written, sizes = [], []
        first = b""
        if mode == "pause":
            first = f"\033[1;1Hfirst half, key {key}\033[K".encode()
            write(first)
            time.sleep(0.040)
        frame = build(key, 1)
        written.append(write(frame))
        sizes.append(len(frame) + len(first))
        if mode == "two":
            time.sleep(0.005)
            frame = build(key, 2)
            written.append(write(frame))
            sizes.append(len(frame))
        log_key(key, byte, read_ns, written, sizes)

    write(b"\033[2J" + build(-1, 1))
    period = 1_000_000_000 // 60
    next_tick = now_ns() + period
    key, pending = 0, None
    while True:
        if mode == "timer":
            now = now_ns()
            if now >= next_tick:
                if pending is not None:
                    frame = build(pending[0], 1)
                    log_key(*pending, [write(frame)], [len(frame)])
                    pending = None
                while next_tick <= now:
                    next_tick += period
            if not select.select([0], [], [], max(0, next_tick - now_ns()) / 1e9)[0]:
                continue
        try:
            data = os.read(0, 1)
        except OSError:
            break
        read_ns = now_ns()
        if not data:
            break
        if mode == "timer":
            if pending is not None:
                log_key(*pending, [], [])  # merged into the next key's frame
            pending = (key, data[0], read_ns)
        else:
            answer(key, data[0], read_ns)
        key += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
