#!/usr/bin/env python3
"""Accuracy suite for `framebench program`: is what it reports what the
program did?

Reference programs (Benchmarks/Programs/Accuracy/reference.c and its Python
twin reference.py) log on CLOCK_MONOTONIC when they read each key and when
each write of its frame returned.  Each case runs a reference program
three ways:

* under `framebench program` (release build) with `--frame-log`: every
  framebench frame is matched to its key and timed against the program's
  own log on the same clock;
* under the independent reader (Benchmarks/Programs/Accuracy/reader.py):
  its own pty, no emulator, latency from the byte stream alone, keys spaced
  at random (seeded) so a timer-driven program is sampled over its tick.

* (cases of one frame a key: plain, sync, big) under a bare C observer
  (Benchmarks/Programs/Accuracy/observer.c: one poll and one read a
  wake-up, nothing else): what it adds over the program's own time is the
  pty's and the scheduler's floor on this machine, which no observer avoids;
  framebench's added time is printed beside it.

Per case it prints the program's own p50 (key read to frame written),
framebench's p50, the reader's p50 and the tolerance, and asserts (see
ASSERTED below and the Docs in the report of issue 31).  Exit 0 every
assertion holds, 1 one failed, 2 bad usage or a tool that would not run.

Usage: program-accuracy.py FRAMEBENCH [--cases a,b] [--json FILE] [--measure-only]
`--measure-only` prints the figures without asserting (for framebench
builds without `--frame-log`, whose frames cannot be matched on the clock).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ACCURACY = ROOT / "Benchmarks" / "Programs" / "Accuracy"
EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
# Times are judged only when a bare reader (reader.py, same machine, same case) sees the program's
# frames within this long of their write (p50): on a machine busier than that, scheduling delays
# of several ms swamp what framebench adds, and the run reports its times without judging them.
QUIET_OBSERVATION_US = 1000
# The reader spaces keys as framebench's closed loop does by default: the frame, then 30 ms of quiet
# (framebench's --gap, to know the answer has settled), then a seeded random 0-20 ms (--spacing).
# Spacing matters on a busy machine: after longer sleeps, wake-ups are late more often.
READER_SPACING = "30,50"
# Reference modes of one frame a key, where the bare C observer measures the pty's floor.
FLOOR_MODES = ("plain", "sync", "big")


@dataclass
class Case:
    name: str
    mode: str                 # reference program mode
    keys: str                 # one character a key, in order
    script: str               # the same keys as a framebench key script
    language: str = "c"       # "c" (reference.c) or "python" (reference.py)
    size: str = "80x24"
    parts: int = 1            # frames each answered key draws
    silent: str = ""          # keys that draw nothing
    every_ms: float = 0       # open loop: a key every N ms
    options: list[str] = field(default_factory=list)
    # Tolerance on |framebench p50 - program's own p50|, us: absolute + share of the own p50.
    tolerance_us: float = 1000
    tolerance_share: float = 0.10

    def tolerance(self, own_p50_us: float) -> float:
        return self.tolerance_us + self.tolerance_share * own_p50_us


def repeat(key: str, count: int) -> str:
    return key * count


CASES = [
    Case("no-markers-1kb", "plain", repeat("j", 30), "j x30"),
    Case("sync-1kb", "sync", repeat("j", 40), "j x40"),
    Case("after-sync-end", "after-sync", repeat("j", 40), "j x40"),
    Case("sync-100kb", "big", repeat("j", 20), "j x20", size="100x50", tolerance_us=2000, tolerance_share=0.25),
    Case("timer-60hz", "timer", repeat("j", 40), "j x40", tolerance_us=1500),
    Case("two-frames", "two", repeat("j", 30), "j x30", parts=2),
    # The default --gap (30 ms) splits a frame with a 40 ms pause: framebench must say so.
    Case("pause-40ms", "pause", repeat("j", 12), "j x12"),
    # A --gap longer than the pause keeps it one frame, timed to its end.
    Case("pause-40ms-gap-60", "pause", repeat("j", 10), "j x10", options=["--gap", "60"]),
    Case("no-change-keys", "nochange", "jnjjnnjnjjjnjnnj", "", silent="n"),
    Case("open-loop-1ms", "openloop", repeat("j", 100), "j x100 every 1ms", every_ms=1,
         tolerance_us=2000, tolerance_share=0.25),
    Case("python-sync-1kb", "sync", repeat("j", 30), "j x30", language="python"),
    Case("python-two-frames", "two", repeat("j", 20), "j x20", language="python", parts=2),
]


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def p50(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def us(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def read_jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


class Suite:
    def __init__(self, framebench: Path, work: Path, assert_figures: bool):
        self.framebench = framebench
        self.work = work
        self.assert_figures = assert_figures
        self.failures: list[str] = []
        self.frame_log = "--frame-log" in subprocess.run(
            [str(framebench), "program", "--help"], capture_output=True, text=True).stdout + subprocess.run(
            [str(framebench), "help", "program"], capture_output=True, text=True).stdout
        self.reference_c = work / "reference"
        build = subprocess.run(["gcc", "-O2", "-Wall", "-o", str(self.reference_c), str(ACCURACY / "reference.c")],
                               capture_output=True, text=True)
        if build.returncode != 0:
            raise SystemExit(f"error: gcc could not build reference.c:\n{build.stderr}")
        self.observer = work / "observer"
        build = subprocess.run(["gcc", "-O2", "-Wall", "-o", str(self.observer), str(ACCURACY / "observer.c"),
                                "-lutil"], capture_output=True, text=True)
        if build.returncode != 0:
            raise SystemExit(f"error: gcc could not build observer.c:\n{build.stderr}")

    def command(self, case: Case, log: Path) -> list[str]:
        if case.language == "python":
            return [sys.executable, str(ACCURACY / "reference.py"), case.mode, str(log)]
        return [str(self.reference_c), case.mode, str(log)]

    def script(self, case: Case) -> str:
        if case.script:
            return case.script
        # Keys one by one; a silent key says it expects no frame when framebench can be told.
        steps = []
        for key in case.keys:
            steps.append(f"{key} noframe" if key in case.silent and self.frame_log else key)
        return "; ".join(steps)

    def run_framebench(self, case: Case) -> dict:
        log = self.work / f"{case.name}.fb-program.jsonl"
        out = self.work / f"{case.name}.fb.json"
        frame_log = self.work / f"{case.name}.frames.jsonl"
        arguments = [str(self.framebench), "program", "--size", case.size, "--keys", self.script(case),
                     "--format", "json", "--out", str(out), "--force"]
        if self.frame_log:
            arguments += ["--frame-log", str(frame_log)]
        if case.silent and not self.frame_log:
            arguments += ["--timeout", "300"]  # without a way to say "no frame", a silent key is a hang
        arguments += case.options + ["--", *self.command(case, log)]
        done = subprocess.run(arguments, capture_output=True, text=True, timeout=120)
        result = json.loads(out.read_text()) if out.exists() and out.stat().st_size else None
        return {"status": done.returncode, "stderr": done.stderr.strip(), "result": result,
                "program": read_jsonl(log), "frames": read_jsonl(frame_log) if self.frame_log else None}

    def run_reader(self, case: Case) -> dict:
        log = self.work / f"{case.name}.reader-program.jsonl"
        arguments = [sys.executable, str(ACCURACY / "reader.py"), "--keys", case.keys, "--parts", str(case.parts),
                     "--size", case.size, "--spacing", READER_SPACING, "--seed", "31"]
        if case.silent:
            arguments += ["--silent", case.silent]
        if case.every_ms:
            arguments += ["--every", str(case.every_ms)]
        done = subprocess.run(arguments + ["--", *self.command(case, log)], capture_output=True, text=True,
                              timeout=120)
        if done.returncode != 0:
            raise SystemExit(f"error: the reader failed on {case.name}: {done.stderr.strip()}")
        return {"reader": json.loads(done.stdout), "program": read_jsonl(log)}

    def run_observer(self, case: Case) -> tuple[float, float] | None:
        """The floor: (the program's own p50, the bare C observer's key-sent-to-last-read p50), us,
        for a C case of one frame a key; None for the others."""
        if case.language != "c" or case.mode not in FLOOR_MODES:
            return None
        log = self.work / f"{case.name}.observer-program.jsonl"
        done = subprocess.run([str(self.observer), str(len(case.keys)), case.size, "31", "--",
                               *self.command(case, log)], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise SystemExit(f"error: the C observer failed on {case.name}: {done.stderr.strip()}")
        seen = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
        own = own_latencies(read_jsonl(log))[1]  # key read to its last write returned
        total = [(k["last_read_ns"] - k["sent_ns"]) / 1e3 for k in seen if k["last_read_ns"]]
        if not own or not total:
            return None
        return p50(own), p50(total)


@dataclass
class Figures:
    """One case's figures, us."""
    case: str
    own_first: float | None
    own_settled: float | None
    fb_first: float | None
    fb_settled: float | None
    reader_first: float | None
    reader_settled: float | None
    own_under_reader: float | None
    tolerance: float
    frames: str
    verdict: str = "ok"
    notes: list[str] = field(default_factory=list)
    # Where the time goes, p50 on the shared clock: key write to the program's read (delivery),
    # the program's write returned to the observer's read (observation), for framebench and the reader.
    fb_delivery: float | None = None
    fb_observation: float | None = None
    reader_delivery: float | None = None
    reader_observation: float | None = None
    program_from_send: float | None = None  # the program's first write returned, from framebench's send
    reader_noise: float | None = None  # the bare reader's p75 of delivery and observation, the larger
    # The floor (one-frame-a-key C cases): what a bare C observer adds over the program's own time, p50.
    floor_added: float | None = None


def own_latencies(log: list[dict]) -> tuple[list[float], list[float]]:
    answered = [entry for entry in log if entry["written_ns"]]
    return ([(e["written_ns"][0] - e["read_ns"]) / 1e3 for e in answered],
            [(e["written_ns"][-1] - e["read_ns"]) / 1e3 for e in answered])


def reader_latencies(reader: dict) -> tuple[list[float], list[float]]:
    keys = [k for k in reader["keys"] if not k["silent"]]
    return ([(k["first_ns"] - k["sent_ns"]) / 1e3 for k in keys if k["first_ns"]],
            [(k["settled_ns"] - k["sent_ns"]) / 1e3 for k in keys if k["settled_ns"]])


def reader_split(reader: dict, log: list[dict], open_loop: bool = False
                 ) -> tuple[float | None, float | None, float | None]:
    """p50 of key delivery (sent to the program's read) and of observation (the
    program's first write returned to the reader's read of it), same clock, and
    the machine's noise: the larger p75 of the two."""
    by_key = {entry["key"]: entry for entry in log}
    delivery, observation = [], []
    for key in reader["keys"]:
        entry = by_key.get(key["key"])
        if entry is None:
            continue
        delivery.append((entry["read_ns"] - key["sent_ns"]) / 1e3)
        if entry["written_ns"] and key["first_ns"]:
            observation.append((key["first_ns"] - entry["written_ns"][0]) / 1e3)
    # Open loop: keys wait in the pty behind the backlog, so delivery is no measure of the machine.
    spread = [observation] if open_loop else [delivery, observation]
    noise = [value for value in map(lambda values: percentile(values, 0.75), spread) if value is not None]
    return p50(delivery), p50(observation), max(noise) if noise else None


def result_frames(result: dict | None) -> tuple[list[float], dict]:
    """framebench's per-frame input-to-complete times (us) and program figures, from --format json."""
    if not result:
        return [], {}
    scenario = result["scenarios"][0]
    times = []
    for run in scenario.get("runs", []):
        times += [value / 1e3 for value in run["frames"].get("frame_time_ns", [])]
    return times, scenario.get("program", {})


class Check:
    """Assertions on one case; a failed one is kept with its reason."""

    def __init__(self, case: Case):
        self.case = case
        self.failures: list[str] = []
        self.flags: list[str] = []
        self.timing_failures: list[str] = []

    def expect(self, condition: bool, message: str) -> bool:
        if not condition:
            self.failures.append(f"{self.case.name}: {message}")
        return condition

    def expect_time(self, condition: bool, message: str) -> bool:
        """A timing assertion: failed, it is retried once (run_case) before it counts."""
        if not condition:
            self.timing_failures.append(f"{self.case.name}: {message}")
        return condition


def analyse(suite: Suite, case: Case, fb: dict, rd: dict) -> tuple[Figures, Check]:
    check = Check(case)
    own_first, own_settled = own_latencies(fb["program"])
    reader_first, reader_settled = reader_latencies(rd["reader"])
    frame_times, program = result_frames(fb["result"])
    answered = sum(1 for entry in fb["program"] if entry["written_ns"])
    figures = Figures(case.name, p50(own_first), p50(own_settled), p50(frame_times), None,
                      p50(reader_first), p50(reader_settled), p50(own_latencies(rd["program"])[0]), 0,
                      f"{len(frame_times)}/{answered * case.parts}")
    figures.reader_delivery, figures.reader_observation, figures.reader_noise = reader_split(
        rd["reader"], rd["program"], open_loop=bool(case.every_ms))
    if fb["frames"] is None:
        # A framebench without --frame-log: its frames cannot be tied to keys on the clock.
        figures.verdict = f"exit {fb['status']}" if fb["status"] else "measured"
        if fb["status"]:
            figures.notes.append(fb["stderr"].splitlines()[-1] if fb["stderr"] else "framebench failed")
        outcome = program.get("outcomes") or program.get("outcome")
        if outcome:
            figures.notes.append(f"outcome: {outcome}")
        figures.tolerance = case.tolerance(figures.own_first or 0)
        return figures, check
    assert_with_frame_log(case, fb, figures, check)
    failed = check.failures or check.timing_failures
    unjudged = any(note.startswith("times not judged: the machine") for note in figures.notes)
    figures.verdict = "FAIL" if failed else ("flagged" if check.flags else ("unjudged" if unjudged else "ok"))
    figures.notes += check.flags
    return figures, check


def assert_with_frame_log(case: Case, fb: dict, figures: Figures, check: Check) -> None:
    records = fb["frames"]
    inputs = [r for r in records if r.get("type") == "input"]
    frames = [r for r in records if r.get("type") == "frame"]
    end = next((r for r in records if r.get("type") == "end"), None)
    log = fb["program"]
    check.expect(fb["status"] == 0, f"framebench exited {fb['status']}: {fb['stderr'][-300:]}")
    check.expect(end is not None, "the frame log has no end record")
    end = end or {"doubts": [], "unanswered_inputs": [], "outcome": "?"}
    doubts = end.get("doubts") or []
    check.expect(len(inputs) == len(case.keys), f"{len(inputs)} inputs in the frame log, {len(case.keys)} keys sent")
    check.expect(len(log) == len(case.keys), f"the program read {len(log)} keys of {len(case.keys)}")
    unattributed = [f for f in frames if f.get("role") == "unattributed"]
    check.expect(not unattributed, f"{len(unattributed)} frame(s) not attributed to any input")
    by_input: dict[int, list[dict]] = {}
    for frame in frames:
        if frame.get("input") is not None:
            by_input.setdefault(frame["input"], []).append(frame)
    # A key the program did not answer must be reported as such: declared `noframe` (and then
    # given no frame) or counted unanswered; no key it answered may be counted unanswered.
    silent = [entry["key"] for entry in log if not entry["written_ns"]]
    unanswered = set(end.get("unanswered_inputs") or [])
    declared = {record["index"] for record in inputs if record.get("expects_frame") is False}
    unreported = [key for key in silent if key not in unanswered and key not in declared]
    check.expect(not unreported, f"keys {unreported} drew nothing, and framebench neither counted them "
                 "unanswered nor had them declared noframe")
    wrongly = sorted(unanswered - set(silent))
    check.expect(not wrongly, f"framebench counted keys {wrongly} unanswered, but the program answered them")
    given = [key for key in silent if by_input.get(key)]
    check.expect(not given, f"keys {given} drew nothing, yet framebench gave them frames")
    first, settled, observe, true_first, delivery = [], [], [], [], []
    miscounted = 0
    for entry, sent in zip(log, inputs):
        key = entry["key"]
        got = by_input.get(sent["index"], [])
        written = entry["written_ns"]
        if len(got) != len(written):
            miscounted += 1
        delivery.append((entry["read_ns"] - sent["sent_ns"]) / 1e3)
        if not written or not got:
            continue
        first.append((got[0]["complete_ns"] - sent["sent_ns"]) / 1e3)
        settled.append((got[-1]["complete_ns"] - sent["sent_ns"]) / 1e3)
        true_first.append((written[0] - sent["sent_ns"]) / 1e3)
        if len(got) == len(written):
            observe += [(f["complete_ns"] - w) / 1e3 for f, w in zip(got, written)]
        else:
            observe.append((got[-1]["complete_ns"] - written[-1]) / 1e3)
    figures.fb_first, figures.fb_settled = p50(first), p50(settled)
    figures.frames = f"{sum(len(v) for v in by_input.values())}/{sum(len(e['written_ns']) for e in log)}"
    if miscounted:
        message = f"{miscounted} key(s) drew a different number of frames than framebench counted"
        if doubts:
            check.flags.append(f"{message}; framebench says: {'; '.join(doubts)}")
        else:
            check.expect(False, message + ", and framebench reported no doubt")
    own_first, _ = own_latencies(log)
    figures.fb_delivery, figures.fb_observation = p50(delivery), p50(observe)
    figures.program_from_send = p50(true_first)
    # The program's own write time seen from the key's send (same clock): what framebench must report.
    # (Open loop: keys wait in the pty behind the backlog, which the program's read time does not show.)
    truth = p50(true_first)
    truth_settled = p50([(e["written_ns"][-1] - s["sent_ns"]) / 1e3 for e, s in zip(log, inputs) if e["written_ns"]])
    figures.tolerance = case.tolerance(truth or 0)
    if case.mode == "timer":
        # Not a timing assertion: where the keys fell in the program's tick (its own clock).
        spread = (percentile(own_first, 0.9) or 0) - (percentile(own_first, 0.1) or 0)
        figures.notes.append(f"the program's own latencies spread {us(spread)} us (p10..p90) over its 16,667 us tick")
        check.expect(spread >= 8000, "keys were sent at one phase of the 60 Hz tick "
                     f"(p10..p90 of the program's own latency only {us(spread)} us)")
    if miscounted and doubts:
        figures.notes.append("times not judged: framebench reported this case's frames doubtful (above)")
        return
    busy = figures.reader_noise is None or figures.reader_noise > QUIET_OBSERVATION_US
    if busy:
        figures.notes.append(f"times not judged: the machine is busy (a quarter of the bare reader's keys "
                             f"reached the program, or its frames the reader, more than {us(figures.reader_noise)} us "
                             f"late; judged under {us(QUIET_OBSERVATION_US)} us)")
        return
    check.expect = check.expect_time  # from here on, what fails is a time
    if truth is not None and figures.fb_first is not None and not miscounted:
        check.expect(abs(figures.fb_first - truth) <= figures.tolerance,
                     f"framebench p50 {us(figures.fb_first)} us, the program wrote its frame {us(truth)} us "
                     f"after the key was sent (p50; tolerance {us(figures.tolerance)} us)")
    if truth_settled is not None and figures.fb_settled is not None:
        check.expect(abs(figures.fb_settled - truth_settled) <= case.tolerance(truth_settled),
                     f"framebench settled p50 {us(figures.fb_settled)} us, the program's last write "
                     f"{us(truth_settled)} us after the key was sent (p50)")
    if figures.fb_observation is not None:
        check.expect(-1000 <= figures.fb_observation <= figures.tolerance,
                     f"framebench completed frames {us(figures.fb_observation)} us (p50) after the program's "
                     f"write returned (tolerance {us(figures.tolerance)} us)")
    if figures.own_first is not None and figures.own_under_reader is not None:
        # Reading must not hold the program's writes back (issue 31, item 3).
        allowed = 1.25 * figures.own_under_reader + 1000
        check.expect(figures.own_first <= allowed,
                     f"the program took {us(figures.own_first)} us (p50) to draw under framebench, "
                     f"{us(figures.own_under_reader)} us under the bare reader (allowed {us(allowed)} us)")


def print_table(rows: list[Figures]) -> None:
    header = ("case", "own p50", "fb p50", "reader p50", "own|reader", "own settled", "fb settled",
              "reader settled", "tolerance", "frames", "verdict")
    table = [header] + [(f.case, us(f.own_first), us(f.fb_first), us(f.reader_first), us(f.own_under_reader),
                         us(f.own_settled),
                         us(f.fb_settled), us(f.reader_settled), "±" + us(f.tolerance), f.frames, f.verdict)
                        for f in rows]
    widths = [max(len(str(row[i])) for row in table) for i in range(len(header))]
    print("times in us: own = the program's key read to its frame's write returned (its log); fb = framebench's")
    print("input sent to frame complete; reader = the independent reader's key sent to the read holding the frame;")
    print("own|reader = the program's own p50 in the reader's run; settled = to the key's last frame; frames = framebench's/the program's")
    for index, row in enumerate(table):
        print("  ".join(str(cell).rjust(width) if index and i else str(cell).ljust(width)
                        for i, (cell, width) in enumerate(zip(row, widths))))
    print("where the time goes (p50, us, shared clock): delivery = key written to the pty -> the program read it;")
    print("observation = the program's write returned -> the observer read it")
    for f in rows:
        print(f"  {f.case}: framebench delivery {us(f.fb_delivery)} observation {us(f.fb_observation)}; "
              f"reader delivery {us(f.reader_delivery)} observation {us(f.reader_observation)}")
    floors = [f for f in rows if f.floor_added is not None]
    if floors:
        print("added latency (p50, us): an observer's input-sent-to-frame-complete minus the program's own time;")
        print("floor = a bare C observer (observer.c: poll and read, nothing else) on the same program, same machine")
        for f in floors:
            added = None if f.fb_first is None or f.own_first is None else f.fb_first - f.own_first
            over = None if added is None else added - f.floor_added
            print(f"  {f.case}: framebench adds {us(added)}; the floor {us(f.floor_added)}; "
                  f"framebench over the floor {us(over)}")
    for f in rows:
        for note in f.notes:
            print(f"  {f.case}: {note}")


def synthetic(case: Case, observation_ns: int = 50_000) -> tuple[dict, Figures]:
    """A run as a perfect framebench would log it: every key 20 us to the
    program, its parts written 300 us apart, each seen `observation_ns` later."""
    log, records, clock, frame = [], [], 1_000_000_000, 0
    for key, char in enumerate(case.keys):
        sent = clock
        records.append({"type": "input", "index": key, "line": 1, "step": char, "sent_ns": sent,
                        "expects_frame": char not in case.silent})
        written = [] if char in case.silent else [sent + 20_000 + 300_000 * (part + 1) for part in range(case.parts)]
        log.append({"key": key, "byte": ord(char), "read_ns": sent + 20_000, "written_ns": written,
                    "bytes": [1000] * len(written)})
        for part, time in enumerate(written):
            records.append({"type": "frame", "index": frame, "input": key, "role": "later" if part else "first",
                            "first_byte_ns": time - 10_000, "complete_ns": time + observation_ns,
                            "last_byte_ns": time + observation_ns, "bytes": 1000, "cut": "sync_end"})
            frame += 1
        clock += 40_000_000
    silent = [k for k, c in enumerate(case.keys) if c in case.silent]
    records.append({"type": "end", "outcome": "completed", "inputs": len(case.keys), "unanswered_inputs": silent,
                    "doubts": []})
    fb = {"status": 0, "stderr": "", "result": None, "program": log, "frames": records}
    figures = Figures(case.name, None, None, None, None, None, None, None, 0, "", reader_observation=100.0,
                      reader_noise=150.0)
    figures.own_first = p50(own_latencies(log)[0])
    figures.own_under_reader = figures.own_first
    return fb, figures


def self_test() -> int:
    """The checker against runs made up to be right and wrong in known ways."""
    case = Case("synthetic", "nochange", "jjnjjnjj", "", parts=2, silent="n")

    def judge(edit=None, observation_ns=50_000) -> Check:
        fb, figures = synthetic(case, observation_ns)
        if edit:
            edit(fb)
        check = Check(case)
        assert_with_frame_log(case, fb, figures, check)
        return check

    frames = lambda fb: [r for r in fb["frames"] if r["type"] == "frame"]  # noqa: E731
    end = lambda fb: next(r for r in fb["frames"] if r["type"] == "end")  # noqa: E731

    def shift(fb):  # a key's second frame given to the next key
        frames(fb)[1]["input"] = 1
        frames(fb)[1]["role"] = "first"

    def drop(fb):  # a frame missing
        fb["frames"].remove(frames(fb)[3])

    def flagged(fb):
        drop(fb)
        end(fb)["doubts"].append("input 1: a frame was cut by a gap that the next bytes continued")

    def unanswered(fb):  # keys that drew nothing, neither declared noframe nor counted
        end(fb)["unanswered_inputs"] = []
        for record in fb["frames"]:
            if record["type"] == "input":
                record["expects_frame"] = True

    def counted(fb):  # silent keys declared, and an answered key counted unanswered
        end(fb)["unanswered_inputs"] = [0]

    def unattributed(fb):
        frames(fb)[0]["role"], frames(fb)[0]["input"] = "unattributed", None

    expectations = [
        ("a right run passes", judge(), False, False),
        ("a frame given to the next key fails", judge(shift), True, False),
        ("a missing frame fails", judge(drop), True, False),
        ("a missing frame framebench flags is flagged", judge(flagged), False, True),
        ("no-answer keys not reported fail", judge(unanswered), True, False),
        ("an answered key counted unanswered fails", judge(counted), True, False),
        ("an unattributed frame fails", judge(unattributed), True, False),
        ("frames seen 5 ms late fail", judge(observation_ns=5_000_000), True, False),
    ]
    problems = [f"{name}: failures {check.failures + check.timing_failures}, flags {check.flags}"
                for name, check, fails, flags in expectations
                if bool(check.failures or check.timing_failures) != fails or bool(check.flags) != flags]
    for problem in problems:
        print(f"FAIL self-test: {problem}")
    print(f"self-test: {len(expectations) - len(problems)}/{len(expectations)} made-up runs judged as expected")
    return EXIT_FAILED if problems else EXIT_OK


def run_case(suite: Suite, case: Case) -> tuple[Figures, Check]:
    """Runs a case under framebench and the reader and judges it. A case whose
    counts hold but whose times fail is run once more, and judged on that run
    (a regression repeats; a busy machine's hiccup of a few ms seldom does)."""
    figures, check = analyse(suite, case, suite.run_framebench(case), suite.run_reader(case))
    if suite.frame_log and not check.failures and check.timing_failures:
        first = check.timing_failures
        figures, check = analyse(suite, case, suite.run_framebench(case), suite.run_reader(case))
        figures.notes.insert(0, "run twice; the first run's times failed: " + "; ".join(
            failure.split(": ", 1)[1] for failure in first))
        if not check.failures and not check.timing_failures:
            judged = not any(note.startswith("times not judged") for note in figures.notes)
            figures.verdict = "ok (2nd)" if judged else "unjudged"
    floor = suite.run_observer(case)
    if floor is not None:
        figures.floor_added = floor[1] - floor[0]
    return figures, check


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("framebench", type=Path, nargs="?", help="a release build of framebench")
    parser.add_argument("--self-test", action="store_true", help="judge made-up runs (no framebench needed)")
    parser.add_argument("--cases", help="comma-separated case names (default: all)")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    parser.add_argument("--measure-only", action="store_true", help="print the figures, assert nothing")
    parser.add_argument("--keep", action="store_true", help="keep the logs (their folder is printed)")
    options = parser.parse_args(argv)
    if options.self_test:
        return self_test()
    if options.framebench is None:
        parser.error("give FRAMEBENCH (or --self-test)")
    if not options.framebench.is_file() or not os.access(options.framebench, os.X_OK):
        print(f"error: {options.framebench} is not an executable framebench", file=sys.stderr)
        return EXIT_USAGE
    if shutil.which("gcc") is None:
        print("error: gcc not found (the reference program is C)", file=sys.stderr)
        return EXIT_USAGE
    cases = CASES
    if options.cases:
        wanted = options.cases.split(",")
        unknown = [name for name in wanted if name not in {c.name for c in CASES}]
        if unknown:
            print(f"error: unknown case(s) {unknown}; cases: {[c.name for c in CASES]}", file=sys.stderr)
            return EXIT_USAGE
        cases = [c for c in CASES if c.name in wanted]
    work = Path(tempfile.mkdtemp(prefix="program-accuracy-"))
    started = time.monotonic()
    rows, failures = [], []
    try:
        suite = Suite(options.framebench.resolve(), work, not options.measure_only)
        if not suite.frame_log and not options.measure_only:
            print("error: this framebench has no --frame-log: its frames cannot be matched to keys on the "
                  "program's clock (use --measure-only for the figures)", file=sys.stderr)
            return EXIT_USAGE
        for case in cases:
            figures, check = run_case(suite, case)
            rows.append(figures)
            if not options.measure_only:
                failures += check.failures + check.timing_failures
        print_table(rows)
        if options.json:
            options.json.write_text(json.dumps([f.__dict__ for f in rows], indent=1))
    finally:
        if options.keep:
            print(f"logs kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{len(cases)} cases in {time.monotonic() - started:.1f} s")
    for failure in failures:
        print(f"FAIL {failure}")
    return EXIT_FAILED if failures else EXIT_OK


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
