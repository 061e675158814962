#!/usr/bin/env python3
"""Checks `framebench live` in a real terminal: a tmux pane of a fixed size.

Keys sent with send-keys must have their effect (the pane shows the frame
`framebench record` says that scroll position looks like), the HUD toggles,
`q` and SIGINT give the terminal back (main screen, cursor shown), and
`--autoplay` plays and prints its summary. The seed scenes: 1-5 and Tab
switch filters and tabs (and back again to the same screen), Enter presses
the welcome screen's button, scrolling collapses and expands Safari's bar,
`p` plays the script.

    scripts/live_check.py [FRAMEBENCH]     (default .build/release/framebench)
"""
import json
import os
import subprocess
import sys
import tempfile
import time

FRAMEBENCH = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/framebench")
COLS, ROWS, TERM = 80, 24, "tmux-256color"
SOCKETS = [f"framebench-live-{os.getpid()}-{n}" for n in range(12)]
SOCKET = SOCKETS[0]
failures = []
passed = 0


def tmux(*args, check=True):
    return subprocess.run(["tmux", "-L", SOCKET, "-u", *args], capture_output=True, text=True, check=check,
                          env={**os.environ, "LANG": "C.UTF-8"}).stdout


def start(command):
    """A fresh tmux server (its own socket) with one pane of COLS x ROWS running `command`."""
    global SOCKET
    tmux("kill-server", check=False)
    SOCKET = SOCKETS[SOCKETS.index(SOCKET) + 1] if started else SOCKET
    tmux("-f", "/dev/null", "new-session", "-d", "-x", str(COLS), "-y", str(ROWS), command)
    tmux("set", "-g", "status", "off")


started = False


def screen():
    return [line.rstrip() for line in tmux("capture-pane", "-p").split("\n")[:ROWS]]


def flags():
    return tmux("display", "-p", "#{alternate_on} #{cursor_flag}").split()


def wait_for(predicate, what, timeout=10):
    end = time.time() + timeout
    while time.time() < end:
        lines = screen()
        if predicate(lines):
            return lines
        time.sleep(0.1)
    return None


def check(condition, what, detail=""):
    global passed
    if condition:
        passed += 1
        print(f"  ok   {what}")
    else:
        failures.append(what)
        print(f"  FAIL {what}\n{detail}")


def expected_frames(count, cols=COLS, rows=ROWS):
    out = tempfile.mkdtemp(prefix="framebench-live-")
    subprocess.run([FRAMEBENCH, "record", "plain-feed", "--size", f"{cols}x{rows}", "--frames", str(count),
                    "--term", TERM, "--out", out], check=True, capture_output=True)
    with open(os.path.join(out, "frames.jsonl")) as handle:
        frames = [json.loads(line) for line in handle][1:]
    return [frame["lines"] for frame in frames]


def settled(timeout=10):
    """The screen once it stops changing (animations played out)."""
    time.sleep(0.3)
    end = time.time() + timeout
    last = screen()
    while time.time() < end:
        time.sleep(0.4)
        now = screen()
        if now == last:
            return now
        last = now
    return last


def scene_checks():
    live = f"TERM={TERM} {FRAMEBENCH} live {{}} --term {TERM} --no-hud --feed 10000000; sleep 60"

    print("live: profile-feed filters")
    start(live.format("profile-feed"))
    tweets = settled()
    check(any("Tweets" in line and "Likes" in line for line in tweets), "profile-feed shows the filter bar",
          "\n".join(tweets))
    tmux("send-keys", "3")
    likes = settled()
    check(likes != tweets, "3 switches to the third filter (the feed changes)", "\n".join(likes))
    tmux("send-keys", "1")
    check(wait_for(lambda lines: lines == tweets, "filter 1") is not None,
          "1 switches back: the first filter's screen again", "\n".join(screen()))
    tmux("send-keys", "Tab")
    replies = settled()
    check(replies not in (tweets, likes), "Tab moves to the next filter", "\n".join(replies))
    tmux("send-keys", "Tab", "Tab")
    check(wait_for(lambda lines: lines == tweets, "Tab wraps") is not None,
          "Tab wraps around to the first filter", "\n".join(screen()))

    print("live: watcha-home navigation and tabs")
    start(live.format("watcha-home"))
    welcome = settled()
    check(any("Go to main" in line for line in welcome), "watcha-home starts on the welcome screen", "\n".join(welcome))
    tmux("send-keys", "Enter")
    home = settled()
    check(not any("Go to main" in line for line in home) and any("Home" in line for line in home),
          "Enter goes to the main view (its tab bar)", "\n".join(home))
    tmux("send-keys", "2")
    second = settled()
    check(second != home, "2 switches to the second tab", "\n".join(second))
    tmux("send-keys", "1")
    check(wait_for(lambda lines: lines == home, "tab 1") is not None,
          "1 switches back to the home tab as it was", "\n".join(screen()))

    print("live: safari-reader bottom bar")
    start(live.format("safari-reader"))
    expanded = settled()
    tmux("send-keys", "j", "j", "j")
    collapsed = settled()
    check(collapsed[-4:] != expanded[-4:], "scrolling down collapses the bottom bar", "\n".join(collapsed))
    tmux("send-keys", "k")
    again = settled()
    check(again[-4:] == expanded[-4:], "scrolling up expands it again", "\n".join(again))
    tmux("send-keys", "p")
    time.sleep(1.0)
    first = screen()
    time.sleep(0.5)
    check(screen() != first, "p plays the script (the page moves)", "\n".join(screen()))
    tmux("send-keys", "q")


def main():
    frames = expected_frames(30)
    status = tempfile.mktemp(prefix="framebench-live-status-")
    live = f"TERM={TERM} {FRAMEBENCH} live plain-feed --term {TERM} --no-hud; echo $? > {status}; sleep 60"

    global started
    print("live: keys")
    start(live)
    started = True
    first = wait_for(lambda lines: lines == frames[0], "first frame")
    check(first is not None, "the first frame matches record's frame 0", "\n".join(screen()))
    check(flags() == ["1", "0"], "alternate screen on, cursor hidden", str(flags()))
    tmux("send-keys", "j", "j", "j")
    check(wait_for(lambda lines: lines == frames[3], "j") is not None, "j j j scrolls to frame 3", "\n".join(screen()))
    tmux("send-keys", "k")
    check(wait_for(lambda lines: lines == frames[2], "k") is not None, "k scrolls back to frame 2", "\n".join(screen()))
    tmux("send-keys", "NPage")
    check(wait_for(lambda lines: lines == frames[2 + ROWS - 2], "PgDn") is not None,
          "PgDn moves a page (frame 24)", "\n".join(screen()))
    tmux("send-keys", "Home")
    check(wait_for(lambda lines: lines == frames[0], "Home") is not None, "Home goes back to frame 0", "\n".join(screen()))
    tmux("send-keys", "Down")
    check(wait_for(lambda lines: lines == frames[1], "Down") is not None, "the down arrow scrolls", "\n".join(screen()))
    small = expected_frames(3, 60, 18)
    tmux("resize-window", "-x", "60", "-y", "18")
    check(wait_for(lambda lines: lines[:18] == small[1], "resize") is not None,
          "a resize (SIGWINCH) lays out and repaints at 60x18", "\n".join(screen()))
    tmux("resize-window", "-x", str(COLS), "-y", str(ROWS))
    check(wait_for(lambda lines: lines == frames[1], "resize back") is not None,
          "growing back repaints at 80x24", "\n".join(screen()))
    tmux("send-keys", "h")
    check(wait_for(lambda lines: any("framebench p50" in line for line in lines), "HUD") is not None,
          "h shows the HUD", "\n".join(screen()))
    tmux("send-keys", "q")
    time.sleep(0.5)
    check(flags() == ["0", "1"], "q restores the main screen and the cursor", str(flags()))
    check(open(status).read().strip() == "0", "q exits 0")

    for signal_name, code in (("INT", "130"), ("TERM", "143"), ("SEGV", "139")):
        print(f"live: SIG{signal_name}")
        if os.path.exists(status):
            os.remove(status)
        start(live)
        wait_for(lambda lines: lines == frames[0], "first frame")
        shell = tmux("display", "-p", "#{pane_pid}").strip()
        pid = subprocess.run(["pgrep", "-P", shell, "-x", "framebench"], capture_output=True, text=True).stdout.split()
        check(len(pid) == 1, "found the live process", str(pid))
        if not pid:
            continue
        subprocess.run(["kill", f"-{signal_name}", pid[0]])
        time.sleep(0.7)
        what = "a crash (SIGSEGV)" if signal_name == "SEGV" else f"SIG{signal_name}"
        check(flags() == ["0", "1"], f"{what} restores the main screen and the cursor", str(flags()))
        check(open(status).read().strip() == code, f"{what} exits {code}", open(status).read())

    scene_checks()

    print("live: autoplay")
    if os.path.exists(status):
        os.remove(status)
    start(f"TERM={TERM} {FRAMEBENCH} live plain-feed --term {TERM} --autoplay --frames 90; echo $? > {status}; sleep 60")
    done = wait_for(lambda lines: any("write + drain terminal" in line for line in lines), "summary", timeout=20)
    check(done is not None, "--autoplay plays 90 frames and prints the summary", "\n".join(screen()))
    check(done is not None and any("90 frames" in line for line in done), "the summary counts 90 frames")
    check(open(status).read().strip() == "0", "autoplay exits 0")
    os.remove(status)
    start(f"TERM={TERM} {FRAMEBENCH} live watcha-home --term {TERM} --autoplay --frames 150; echo $? > {status}; sleep 60")
    done = wait_for(lambda lines: any("write + drain terminal" in line for line in lines), "summary", timeout=30)
    check(done is not None and any("watcha-home live" in line and "150 frames" in line for line in done),
          "--autoplay plays a scene's script (watcha-home, 150 frames) and prints the summary", "\n".join(screen()))
    check(open(status).read().strip() == "0", "scene autoplay exits 0")
    tmux("kill-server", check=False)
    print(f"live-check: {passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        for socket in SOCKETS:
            subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True)
