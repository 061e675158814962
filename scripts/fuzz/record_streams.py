#!/usr/bin/env python3
"""Records what real terminal programs write at start-up and while used, for
the driver fuzzer's seed corpus, and lists the queries each sends.

    scripts/fuzz/record_streams.py OUT_DIR [NAME=COMMAND ...]

Each program runs on a pty of 100x30 (TERM=xterm-256color); a few keys are
sent, then the quit keys; after a bounded time it is ended (its process
group: SIGHUP then SIGKILL). The pty's side answers only DA1 (`CSI c`) and
DECRQM (`CSI ? n $ p`, as "reset"), as the simplest terminal would, so
programs that wait for an answer go on. Writes OUT_DIR/NAME-start.bin (the
first 8 KB) and OUT_DIR/NAME-later.bin (8 KB from the middle), and prints
the queries found in the whole stream.
"""
import os
import pty
import re
import select
import signal
import struct
import sys
import fcntl
import termios
import time

SLICE = 8192
QUERY = re.compile(
    rb"\x1b\[[?>=]?[0-9;]*\$p"  # DECRQM
    rb"|\x1b\[[>=]?[0-9]*c"  # DA1, DA2, DA3
    rb"|\x1b\[[?]?[56]n"  # DSR, CPR
    rb"|\x1b\[>[0-9]*q"  # XTVERSION
    rb"|\x1b\[[?][0-9]*n"  # private DSR (color scheme 996...)
    rb"|\x1b\[\?u"  # kitty keyboard flags
    rb"|\x1b\[1[0-9]t|\x1b\[2[0-9]t"  # window reports
    rb"|\x1b\][0-9]+;[^\x07\x1b]*\?(?:\x07|\x1b\\)"  # OSC colour queries
    rb"|\x1bP[+$]q[^\x1b]*\x1b\\"  # XTGETTCAP, DECRQSS
)


def record(name, command, keys, seconds, out_dir):
    pid, master = pty.fork()
    if pid == 0:
        env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp")}
        os.execvpe("/bin/sh", ["/bin/sh", "-c", command], env)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    stream = bytearray()
    start = time.monotonic()
    pending = list(keys)
    next_key = start + 1.5
    while time.monotonic() - start < seconds:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            stream += data
            for query in re.findall(rb"\x1b\[c|\x1b\[0c", data):
                os.write(master, b"\x1b[?62;22c")
            for mode in re.findall(rb"\x1b\[\?([0-9]+)\$p", data):
                os.write(master, b"\x1b[?" + mode + b";2$y")
        if pending and time.monotonic() >= next_key:
            os.write(master, pending.pop(0))
            next_key = time.monotonic() + 0.08
    try:
        os.killpg(pid, signal.SIGHUP)
        time.sleep(0.3)
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 0.1)
            if not ready:
                break
            data = os.read(master, 65536)
            if not data:
                break
            stream += data
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(master)
    with open(os.path.join(out_dir, f"{name}-start.bin"), "wb") as f:
        f.write(bytes(stream[:SLICE]))
    middle = max(0, len(stream) // 2 - SLICE // 2)
    if len(stream) > SLICE:
        with open(os.path.join(out_dir, f"{name}-later.bin"), "wb") as f:
            f.write(bytes(stream[middle : middle + SLICE]))
    if os.environ.get("RECORD_FULL") == "1":
        with open(os.path.join(out_dir, f"{name}-full.bin"), "wb") as f:
            f.write(bytes(stream))
    queries = []
    for query in QUERY.findall(bytes(stream)):
        text = query.decode("utf-8", "replace").replace("\x1b", "ESC").replace("\x07", "BEL")
        if text not in queries:
            queries.append(text)
    print(f"{name}: {len(stream)} bytes; queries: {', '.join(queries) or 'none'}")


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    down = [b"j"] * 15 + [b"\x1b[6~"] * 2
    programs = {}
    for spec in sys.argv[2:]:
        name, command = spec.split("=", 1)
        programs[name] = command
    quit_keys = {"less": [b"q"], "vim": [b"\x1b", b":qa!\r"], "nano": [b"\x18"], "textual": [b"q"], "htop": [b"q"]}
    for name, command in programs.items():
        keys = down + quit_keys.get(name, [b"q"])
        record(name, command, keys, 6.0, out_dir)


if __name__ == "__main__":
    main()
