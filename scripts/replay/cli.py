"""Replay a recorded FrameBench output stream through real terminal emulators.

The command line of scripts/replay_check.py (see its docstring)."""
from __future__ import annotations

import argparse
import functools
import sys
import time
from pathlib import Path

from .checks import check_pyte, frames_every, report, tmux_positions
from .recording import BadInput, EXIT_BAD_INPUT, EXIT_MISMATCH, EXIT_OK, load_recording
from .tmux import check_tmux


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------

def check_directory(directory: Path, options: argparse.Namespace) -> int:
    """Check one recording with the selected emulators and print a report for each."""
    try:
        recording = load_recording(directory)
        if options.max_frames:
            recording.frames = recording.frames[:options.max_frames]
        plans = []
        if options.emulator in ("pyte", "both"):
            plans.append((check_pyte, frames_every(len(recording.frames), options.every)))
        if options.emulator in ("tmux", "both"):
            plans.append((functools.partial(check_tmux, styles=options.tmux_styles),
                          tmux_positions(recording, options.tmux_frames)))
        status = EXIT_OK
        for check, positions in plans:
            started = time.monotonic()
            result = check(recording, positions)
            result.seconds = time.monotonic() - started
            print(report(result, options.verbose), flush=True)
            if result.mismatch:
                status = EXIT_MISMATCH
        return status
    except BadInput as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("directories", metavar="DIR", nargs="*", type=Path,
                        help="recording directory holding stream.bin and frames.jsonl")
    parser.add_argument("--emulator", choices=("pyte", "tmux", "both"), default="both")
    parser.add_argument("--every", type=int, default=1, metavar="K",
                        help="pyte: check every K-th frame plus the last (default 1: all)")
    parser.add_argument("--tmux-frames", type=int, default=20, metavar="N",
                        help="tmux: check about N frames spread over the run plus the last (0: all)")
    parser.add_argument("--tmux-styles", action="store_true",
                        help="tmux: compare the styles of the cells its capture prints too (DEC line drawing "
                             "is always read as its glyphs)")
    parser.add_argument("--max-frames", type=int, default=0, metavar="M",
                        help="only consider the first M frames of each recording")
    parser.add_argument("--verbose", action="store_true", help="show both screens on a mismatch, and timings")
    parser.add_argument("--self-test", action="store_true", help="check the checker on built-in recordings")
    options = parser.parse_args(argv)
    if options.every < 1:
        parser.error("--every must be at least 1")
    if options.tmux_frames < 0 or options.max_frames < 0:
        parser.error("--tmux-frames and --max-frames must not be negative")
    if not options.self_test and not options.directories:
        parser.error("give at least one DIR (or --self-test)")
    return options


def main(argv: list[str]) -> int:
    options = parse_arguments(argv)
    if options.self_test:
        from .selftest import self_test  # here: the self-test drives this module's main
        return self_test(options)
    return max(check_directory(directory, options) for directory in options.directories)
