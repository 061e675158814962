"""The checker checked: built recordings it must pass, a wrong one it must catch, broken
ones it must reject, and its own command line."""
from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .checks import check_pyte, frames_every, frames_spread, report, tmux_positions
from .cli import main
from .recording import BadInput, DEFAULT_TERM, EXIT_BAD_INPUT, EXIT_MISMATCH, EXIT_OK, Frame, Recording, load_recording
from .tmux import check_tmux


# --------------------------------------------------------------------------
# Self-test
# --------------------------------------------------------------------------

class RecordingBuilder:
    """Writes a recording by hand: bytes as a renderer would emit them, plus
    the frames it would claim to have drawn."""

    def __init__(self, cols: int, rows: int):
        self.cols, self.rows = cols, rows
        self.size = (cols, rows)  # the next frame's
        self.stream = bytearray()
        self.frames: list[dict] = []

    def emit(self, text: str) -> None:
        self.stream += text.encode("utf-8")

    def resize(self, cols: int, rows: int) -> None:
        """The terminal is cols x rows from the next frame on (resized before
        that frame's bytes, so call this before emitting them)."""
        if len(self.stream) > (self.frames[-1]["end"] if self.frames else 0):
            raise ValueError("resize before emitting the frame's bytes")
        self.size = (cols, rows)

    def frame(self, lines: list[str], styles: list[list[dict]] | None = None) -> "RecordingBuilder":
        record = {"frame": len(self.frames), "end": len(self.stream), "cols": self.size[0], "rows": self.size[1],
                  "lines": lines}
        if styles is not None:
            record["styles"] = styles
        self.frames.append(record)
        return self

    def write(self, directory: Path) -> Path:
        """Frames carry their size only when the recording resizes (so both forms are tested)."""
        directory.mkdir(parents=True)
        (directory / "stream.bin").write_bytes(bytes(self.stream))
        frames = self.frames
        if all((record["cols"], record["rows"]) == (self.cols, self.rows) for record in frames):
            frames = [{key: value for key, value in record.items() if key not in ("cols", "rows")}
                      for record in frames]
        records = [{"cols": self.cols, "rows": self.rows, "term": DEFAULT_TERM}] + frames
        (directory / "frames.jsonl").write_text(
            "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records), encoding="utf-8")
        return directory


def plain_recording() -> RecordingBuilder:
    """Text, cursor motion and in-line editing: CUP, CUU/CUD/CUF/CUB, CHA, HPA, VPA, ECH, ICH, DCH, EL, REP."""
    r = RecordingBuilder(20, 5)
    r.emit("\x1b[?2026h\x1b[?25l\x1b[H\x1b[2Jhello world\r\nsecond line\x1b[?2026l")
    r.frame(["hello world", "second line", "", "", ""])
    r.emit("\x1b[3;5Hmid\x1b[2Aup\x1b[5GX\x1b[4dV\x1b[2B\x1b[3D<\x1b[3C>")
    r.frame(["hellX wupld", "second line", "    mid", "     V", "   <   >"])
    r.emit("\x1b[2;3H\x1b[3X\x1b[2;1H\x1b[2@\x1b[2;10H\x1b[3P\x1b[1;6H\x1b[K\x1b[1;3H\x1b[1K")
    r.frame(["   lX", "  se   d e", "    mid", "     V", "   <   >"])
    r.emit("\x1b[5;1H\x1b[2Kab\x1b[3b\x1b[10`Z\x1b[3;20H\x1b[4@!")
    return r.frame(["   lX", "  se   d e", "    mid".ljust(19) + "!", "     V", "abbbb    Z"])


def wide_recording() -> RecordingBuilder:
    """Hangul, emoji, a combining mark, VS16, wrapping before a wide character
    that does not fit, and overwriting either half of a wide character."""
    r = RecordingBuilder(12, 4)
    r.emit("\x1b[H\x1b[2J한글 ok\r\n😀x e\u0301 \u2764\ufe0fz")
    r.frame(["한글 ok", "😀x é ❤️z", "", ""])
    r.emit("\x1b[3;1Habcdefghijk字")
    r.frame(["한글 ok", "😀x é ❤️z", "abcdefghijk", "字"])
    r.emit("\x1b[1;4Hx\x1b[1;1Hy")
    return r.frame(["y  x ok", "😀x é ❤️z", "abcdefghijk", "字"])


def colour_recording() -> RecordingBuilder:
    """The same colour through different SGR forms, attributes, background erase and scroll."""
    r = RecordingBuilder(16, 3)
    r.emit("\x1b[H\x1b[2J\x1b[31mA\x1b[38;5;1mB\x1b[91mC\x1b[38;5;9mD\x1b[38;5;196mE\x1b[38;2;255;0;0mF"
           "\x1b[38;5;244mG\x1b[38;2;1;2;3mH\x1b[0m\x1b[1;3;4;7;9mI\x1b[0m\x1b[2mJ\x1b[0m\x1b[44;33mK\x1b[105mL\x1b[0m"
           "\x1b[2;1H\x1b[42mab\x1b[K\x1b[0m\x1b[3;1H\x1b[1;45mxy\x1b[3X\x1b[0m\x1b[3;8H\x1b[4m한\x1b[0m")
    row0 = [{"x": 0, "n": 2, "fg": 1}, {"x": 2, "n": 2, "fg": 9}, {"x": 4, "n": 2, "fg": "#FF0000"},
            {"x": 6, "n": 1, "fg": 244}, {"x": 7, "n": 1, "fg": "#010203"},
            {"x": 8, "n": 1, "attrs": ["bold", "italic", "underline", "reverse", "strikethrough"]},
            {"x": 9, "n": 1, "attrs": ["dim"]}, {"x": 10, "n": 1, "fg": 3, "bg": 4},
            {"x": 11, "n": 1, "fg": 3, "bg": 13}]
    row1 = [{"x": 0, "n": 16, "bg": 2}]
    row2 = [{"x": 0, "n": 2, "bg": 5, "attrs": ["bold"]}, {"x": 2, "n": 3, "bg": 5},
            {"x": 7, "n": 2, "attrs": ["underline"]}]
    r.frame(["ABCDEFGHIJKL", "ab", "xy     한"], [row0, row1, row2])
    r.emit("\x1b[44m\x1b[S\x1b[0m")
    return r.frame(["ab", "xy     한", ""], [row1, row2, [{"x": 0, "n": 16, "bg": 4}]])


def scroll_recording() -> RecordingBuilder:
    """A fixed header and footer around a DECSTBM region scrolled by SU, SD, LF and RI,
    cursor motion from outside the region, and the alternate screen."""
    r = RecordingBuilder(20, 6)
    r.emit("\x1b[H\x1b[2JHEADER\x1b[6;1HFOOTER\x1b[2;5r\x1b[2;1Hline1\r\nline2\r\nline3\r\nline4")
    r.frame(["HEADER", "line1", "line2", "line3", "line4", "FOOTER"])
    r.emit("\x1b[2S\x1b[4;1Hline5\r\nline6")
    r.frame(["HEADER", "line3", "line4", "line5", "line6", "FOOTER"])
    r.emit("\x1b[T\x1b[2;1Hline2")
    r.frame(["HEADER", "line2", "line3", "line4", "line5", "FOOTER"])
    r.emit("\x1b[5;1H\nnew")
    r.frame(["HEADER", "line3", "line4", "line5", "new", "FOOTER"])
    r.emit("\x1b[2;1H\x1bMtop")
    r.frame(["HEADER", "top", "line3", "line4", "line5", "FOOTER"])
    r.emit("\x1b[6;8H\x1b[A*\x1b[1;1H\x1b[B!\x1b[r\x1b[6;1H\n")
    r.frame(["!op", "line3", "line4", "line5  *", "FOOTER", ""])
    r.emit("\x1b[?1049h\x1b[H\x1b[2Jalt")
    r.frame(["alt", "", "", "", "", ""])
    r.emit("\x1b[?1049lend")
    return r.frame(["!op", "line3", "line4", "line5  *", "FOOTER", "end"])


def setup_noise_recording() -> RecordingBuilder:
    """Sequences a renderer sends while setting up the terminal, which stock
    pyte turns into stray text or styles: keyboard modes, cursor style,
    queries (whose replies must not confuse the tmux sync), DCS strings, OSC
    title and hyperlink, and SGR with colon sub-parameters and underline colour."""
    r = RecordingBuilder(12, 2)
    r.emit("\x1b[>4;1m\x1b[=1;1u\x1b[>1u\x1b[2 q\x1b[c\x1b[>c\x1b[?2026$p\x1b[>q\x1bP+q544e\x1b\\"
           "\x1b]0;title\x07\x1b[H\x1b[2J\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\"
           "\x1b[38:2::255:0:0mR\x1b[4:3mU\x1b[58;2;1;3;4mV\x1b[58:5:3mW\x1b[0m\x1b[<u")
    return r.frame(["linkRUVW", ""], [[{"x": 4, "n": 1, "fg": "#ff0000"},
                                       {"x": 5, "n": 3, "fg": "#ff0000", "attrs": ["underline"]}], []])


def xterm_only_recording() -> RecordingBuilder:
    """Where xterm (and so the pyte judge) and tmux 3.3a disagree: LF clears a
    pending wrap in xterm only, xterm's REP survives other sequences, ECH at a
    pending wrap erases the last column, and erasing half of a wide character
    erases all of it (tmux leaves the other half); ED 3 keeps the screen in both."""
    r = RecordingBuilder(10, 3)
    r.emit("\x1b[H\x1b[2J0123456789\nA\x1b[3;1Hx\x1b[1m\x1b[2b\x1b[0m\x1b[1;1H0123456789\x1b[X\x1b[3J")
    r.frame(["012345678", "         A", "xxx"])
    r.emit("\x1b[2;1H\x1b[2K字b\x1b[2;2H\x1b[X")
    return r.frame(["012345678", "  b", "xxx"])


def resize_recording() -> RecordingBuilder:
    """Shrinking and growing the terminal, each time followed by a full repaint
    (clear, redraw) as our renderer does: styles at the new size, a wide
    character in the new last columns, a resize with no bytes of its own, and
    the scroll region reset to the whole screen by a resize (the LF on the
    last row must scroll every row)."""
    r = RecordingBuilder(20, 6)
    r.emit("\x1b[H\x1b[2Jtop\x1b[6;1Hbottom\x1b[2;5r\x1b[3;3H")
    r.frame(["top", "", "", "", "", "bottom"])
    r.resize(12, 4)
    r.emit("\x1b[H\x1b[2JA\x1b[4;1H\x1b[31mlast\x1b[0m\nB")
    r.frame(["", "", "last", "    B"], [[], [], [{"x": 0, "n": 4, "fg": 1}], []])
    r.emit("\x1b[1;1H\x1b[2K\x1b[3;1Hx\x1b[4;11H한")
    r.frame(["", "", "xast", "    B     한"], [[], [], [{"x": 1, "n": 3, "fg": 1}], []])
    r.emit("\x1b[H\x1b[2J")
    r.frame(["", "", "", ""])
    r.resize(8, 3)
    r.frame(["", "", ""])
    r.resize(24, 8)
    r.emit("\x1b[H\x1b[2Jgrown\x1b[8;1H\x1b[44mend\x1b[K\x1b[0m\nC\x1b[1;23H字")
    r.frame(["                      字", "", "", "", "", "", "end", "   C"],
            [[], [], [], [], [], [], [{"x": 0, "n": 24, "bg": 4}], []])
    r.emit("\x1b[1;1Hgrown")
    r.frame(["grown                 字", "", "", "", "", "", "end", "   C"],
            [[], [], [], [], [], [], [{"x": 0, "n": 24, "bg": 4}], []])
    r.resize(20, 6)
    r.emit("\x1b[H\x1b[2Jback\x1b[6;1Hbottom")
    return r.frame(["back", "", "", "", "", "bottom"])


def resize_cursor_recording() -> RecordingBuilder:
    """What a resize does to the cursor in xterm (tmux 3.3a rewraps the text
    and moves the cursor with it): it stays in its cell, clamped inside the
    new size; a pending wrap survives a shrink (the next character wraps and
    scrolls); DECSC survives; rows below the cursor are dropped before rows at
    the top; new columns get tab stops; origin mode is reset."""
    r = RecordingBuilder(20, 6)
    r.emit("\x1b[H\x1b[2Jab\x1b[2;16H")
    r.frame(["ab", "", "", "", "", ""])
    r.resize(12, 4)
    r.emit("Z\x1b[3;5H\x1b7\x1b[1;1H")
    r.frame(["ab", "           Z", "", ""])
    r.resize(16, 5)
    r.emit("\x1b8S\x1b[5;1H0123456789abcdef")
    r.frame(["ab", "           Z", "    S", "", "0123456789abcdef"])
    r.resize(14, 5)
    r.emit("W")
    r.frame(["           Z", "    S", "", "0123456789abcd", "W"])
    r.resize(14, 3)
    r.emit("X")
    r.frame(["", "0123456789abcd", "WX"])
    r.resize(30, 3)
    r.emit("\x1b[1;21H\tT")
    r.frame(["                        T", "0123456789abcd", "WX"])
    r.emit("\x1b[1;1H\x1b[?1049h\x1b[H\x1b[2Jalt")
    r.frame(["alt", "", ""])
    r.resize(10, 2)
    r.emit("\x1b[?1049l\x1b[H\x1b[2Jmain")
    r.frame(["main", ""])
    r.resize(10, 4)
    r.emit("\x1b[2;3r\x1b[?6h")  # origin mode: a resize turns it off
    r.frame(["main", "", "", ""])
    r.resize(10, 5)
    r.emit("\x1b[2;3r\x1b[1;1HO\x1b[r")
    return r.frame(["Oain", "", "", "", ""])


def stale_after_resize_recording() -> RecordingBuilder:
    """A renderer that does not repaint after the terminal grew: it only draws
    the right-aligned label at its new place, and the old one still shows."""
    r = RecordingBuilder(12, 4)
    r.emit("\x1b[H\x1b[2Jleft   right\x1b[2;1Hbody")
    r.frame(["left   right", "body", "", ""])
    r.resize(16, 5)
    r.emit("\x1b[1;12Hright")
    return r.frame(["left       right", "body", "", "", ""])


def wrong_recording() -> RecordingBuilder:
    """The plain recording with one deliberately wrong row in frame 1."""
    r = plain_recording()
    r.frames[1]["lines"][3] = "     W"
    return r


def wrong_style_recording() -> RecordingBuilder:
    """The colour recording claiming palette colour 2 where the stream sets 1."""
    r = colour_recording()
    r.frames[0]["styles"][0][0]["fg"] = 2
    return r


def line_drawing_recording() -> RecordingBuilder:
    """An ncurses-style box in DEC line drawing (``ESC ( 0`` ... ``ESC ( B``,
    xterm's smacs/rmacs) in colour, and the glyphs beside plain text: tmux's
    capture prints these cells as ``lqqk`` unless read as the glyphs they mean."""
    r = RecordingBuilder(12, 4)
    r.emit("\x1b[H\x1b[2J\x1b[1;34m\x1b(0lqqqqk\x1b(B\x1b[0m\r\n\x1b[34m\x1b(0x\x1b(B\x1b[0m\x1b[7mhi\x1b[0m"
           "\x1b[33m!!\x1b[34m\x1b(0x\x1b(B\x1b[0m\r\n\x1b[34m\x1b(0mqqqqj\x1b(B\x1b[0m \x1b(0`a~\x1b(B")
    blue = {"fg": 4}
    return r.frame(["┌────┐", "│hi!!│", "└────┘ ◆▒·", ""], [
        [{"x": 0, "n": 6, "fg": 4, "attrs": ["bold"]}],
        [{"x": 0, "n": 1, **blue}, {"x": 1, "n": 2, "attrs": ["reverse"]}, {"x": 3, "n": 2, "fg": 3},
         {"x": 5, "n": 1, **blue}],
        [{"x": 0, "n": 6, **blue}], []])


def ascii_line_drawing_recording() -> RecordingBuilder:
    """The same box claimed as its ASCII bytes: both emulators must report it."""
    r = line_drawing_recording()
    r.frames[0]["lines"] = ["lqqqqk", "xhi!!x", "mqqqqj `a~", ""]
    return r


@dataclass
class SelfTestCase:
    name: str
    builder: RecordingBuilder
    emulators: tuple[str, ...]
    mismatch: tuple[int, int] | None = None  # (frame, row) that must be reported


SELF_TEST_CASES = [
    SelfTestCase("plain", plain_recording(), ("pyte", "tmux")),
    SelfTestCase("wide", wide_recording(), ("pyte", "tmux")),
    SelfTestCase("colours", colour_recording(), ("pyte", "tmux")),
    SelfTestCase("scroll-region", scroll_recording(), ("pyte", "tmux")),
    SelfTestCase("setup-noise", setup_noise_recording(), ("pyte", "tmux")),
    SelfTestCase("xterm-only", xterm_only_recording(), ("pyte",)),
    SelfTestCase("resize", resize_recording(), ("pyte", "tmux")),
    SelfTestCase("resize-cursor", resize_cursor_recording(), ("pyte",)),
    SelfTestCase("stale-resize", stale_after_resize_recording(), ("pyte", "tmux"), mismatch=(1, 0)),
    SelfTestCase("wrong-text", wrong_recording(), ("pyte", "tmux"), mismatch=(1, 3)),
    SelfTestCase("wrong-style", wrong_style_recording(), ("pyte", "tmux"), mismatch=(0, 0)),
    SelfTestCase("line-drawing", line_drawing_recording(), ("pyte", "tmux")),
    SelfTestCase("ascii-box", ascii_line_drawing_recording(), ("pyte", "tmux"), mismatch=(0, 0)),
]


def bad_input_cases(root: Path) -> list[tuple[str, Path, str]]:
    """Broken recordings and the text the error message must contain."""
    good = plain_recording()
    cases = []

    def variant(name: str, edit) -> Path:
        directory = good.write(root / name)
        edit(directory)
        return directory

    def rewrite_frames(edit):
        def apply(directory: Path) -> None:
            path = directory / "frames.jsonl"
            records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
            edit(records)
            path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
        return apply

    cases.append(("missing stream", variant("no-stream", lambda d: (d / "stream.bin").unlink()), "stream.bin: missing"))
    cases.append(("bad JSON", variant("bad-json", lambda d: (d / "frames.jsonl").write_text('{"cols": 20,\n')),
                  "frames.jsonl:1: bad JSON"))
    cases.append(("decreasing end", variant("decreasing", rewrite_frames(lambda r: r[2].update(end=1))),
                  "before the previous frame's end"))
    cases.append(("end past stream", variant("past-end", rewrite_frames(lambda r: r[-1].update(end=10**6))),
                  "beyond the"))
    cases.append(("bad size", variant("bad-size", rewrite_frames(lambda r: r[0].update(cols=0))), "'cols' must be"))
    cases.append(("row count", variant("rows", rewrite_frames(lambda r: r[1]["lines"].pop())), "4 lines for a 5-row"))
    wide_run = [[{"x": 18, "n": 3, "fg": 1}], [], [], [], []]
    cases.append(("bad style run", variant("bad-run", rewrite_frames(lambda r: r[1].update(styles=wide_run))),
                  "does not fit in 20 columns"))
    # Per-frame sizes: validated like the header's; lines and styles must fit the frame's own size.
    cases.append(("bad frame size", variant("frame-cols", rewrite_frames(lambda r: r[2].update(cols=0))),
                  "frames.jsonl:3: frame 'cols' must be"))
    cases.append(("frame size type", variant("frame-rows", rewrite_frames(lambda r: r[2].update(rows="5"))),
                  "frames.jsonl:3: frame 'rows' must be"))
    cases.append(("rows of a resized frame", variant("resized-rows", rewrite_frames(lambda r: r[2].update(rows=4))),
                  "frames.jsonl:3: 5 lines for a 4-row screen"))
    narrow_run = [[{"x": 8, "n": 3, "fg": 1}], [], [], [], []]
    cases.append(("styles of a resized frame", variant("resized-run", rewrite_frames(
        lambda r: r[2].update(cols=10, styles=narrow_run))), "frames.jsonl:3: styles[0]: run"))
    return cases


def run_self_test_case(case: SelfTestCase, directory: Path, emulators: set[str]) -> list[str]:
    """Check one built recording; return the failures (empty when it behaved)."""
    recording = load_recording(directory)
    failures = []
    for emulator in case.emulators:
        if emulator not in emulators:
            continue
        check = check_pyte if emulator == "pyte" else functools.partial(check_tmux, styles=True)
        started = time.monotonic()
        result = check(recording, list(range(len(recording.frames))))
        elapsed = time.monotonic() - started
        found = result.mismatch and (result.mismatch.frame.number, result.mismatch.row)
        if found != case.mismatch:
            failures.append(f"{emulator}: expected {case.mismatch or 'all match'}, got:\n"
                            + report(result, verbose=True))
        outcome = "mismatch reported as expected" if case.mismatch else "all match"
        print(f"  {case.name:14} {emulator}: {result.checked} frames, {outcome if found == case.mismatch else 'FAILED'}"
              f" ({elapsed * 1000 / max(result.checked, 1):.0f} ms/frame)")
    return failures


def run_bad_input_checks(root: Path) -> list[str]:
    """Each broken recording must be rejected with a message naming its problem."""
    failures, cases = [], bad_input_cases(root)
    for name, directory, message in cases:
        try:
            load_recording(directory)
            failures.append(f"bad input '{name}' was accepted")
        except BadInput as error:
            if message not in str(error):
                failures.append(f"bad input '{name}': message {str(error)!r} lacks {message!r}")
    print(f"  bad input: {len(cases) - len(failures)}/{len(cases)} broken recordings rejected")
    return failures


def run_selection_checks(root: Path) -> list[str]:
    """Which frames --every and --tmux-frames pick, and where resizes go."""
    resized = load_recording(root / "resize")  # written by the self-test cases
    ends = [frame.end for frame in resized.frames]
    late = Recording(root, 20, 6, DEFAULT_TERM, b"", [Frame(0, 0, 10, 4, [""] * 4, None),
                                                      Frame(1, 5, 10, 4, [""] * 4, None)])
    expectations = [
        (resized.resize_positions(), [1, 4, 5, 7]),
        (resized.replay_plan(0), [(20, 6, ends[0])]),
        (resized.replay_plan(2), [(20, 6, ends[0]), (12, 4, ends[2])]),
        (resized.replay_plan(7), [(20, 6, ends[0]), (12, 4, ends[3]), (8, 3, ends[3]), (24, 8, ends[6]),
                                  (20, 6, ends[7])]),
        (late.replay_plan(1), [(10, 4, 5)]),  # resized before any byte: starts at the new size
        (tmux_positions(resized, 2), [0, 1, 7]),
        (tmux_positions(resized, 0), list(range(8))),
        (frames_every(10, 1), list(range(10))),
        (frames_every(10, 4), [0, 4, 8, 9]),
        (frames_spread(5, 20), [0, 1, 2, 3, 4]),
        (frames_spread(7, 1), [6]),
        (frames_spread(1000, 20)[::19], [0, 999]),
        ([len(frames_spread(1000, 20))], [20]),
    ]
    failures = [f"frame selection: got {got}, want {want}" for got, want in expectations if got != want]
    print(f"  frame selection: {len(expectations) - len(failures)}/{len(expectations)} checks passed")
    return failures


def run_cli_checks(root: Path, emulators: set[str]) -> list[str]:
    """Exit statuses and summary lines of the command line itself (with pyte,
    plus tmux when both emulators were asked for)."""
    failures = []
    good, wrong = root / "plain", root / "wrong-text"
    emulator = "both" if emulators == {"pyte", "tmux"} else "pyte"
    expectations = [
        ([str(good)], EXIT_OK, "frames checked, all match"),
        (["--every", "2", str(good)], EXIT_OK, "pyte " + str(good) + ": 3 frames checked"),
        ([str(good), str(wrong)], EXIT_MISMATCH, "MISMATCH in frame 1"),
        ([str(good), str(root / "no-stream")], EXIT_BAD_INPUT, "stream.bin: missing"),
        # Resizes happen at the right byte even in frames that are not compared.
        (["--every", "4", str(root / "resize")], EXIT_OK, "pyte " + str(root / "resize") + ": 3 frames checked"),
        (["--every", "2", "--emulator", "pyte", str(root / "resize-cursor")], EXIT_OK,
         "pyte " + str(root / "resize-cursor") + ": 6 frames checked, all match"),
        (["--tmux-frames", "1", str(root / "stale-resize")], EXIT_MISMATCH, "at 16x5 after a resize"),
    ]
    for args, status, text in expectations:
        captured = io.StringIO()
        with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
            got = main(["--emulator", emulator, *args])
        if got != status or text not in captured.getvalue():
            failures.append(f"cli {args}: exit {got} (want {status}), output lacks {text!r}:\n{captured.getvalue()}")
    print(f"  command line: {len(expectations) - len(failures)}/{len(expectations)} exit-status checks passed")
    return failures


def self_test(options: argparse.Namespace) -> int:
    emulators = {"pyte", "tmux"} if options.emulator == "both" else {options.emulator}
    failures = []
    with tempfile.TemporaryDirectory(prefix="replay-check-") as temp:
        root = Path(temp)
        print(f"self-test ({', '.join(sorted(emulators))}):")
        try:
            for case in SELF_TEST_CASES:
                failures += run_self_test_case(case, case.builder.write(root / case.name), emulators)
            failures += run_bad_input_checks(root)
            failures += run_selection_checks(root)
            failures += run_cli_checks(root, emulators)
        except BadInput as error:
            failures.append(str(error))
    for failure in failures:
        print("FAIL " + failure)
    print("self-test passed" if not failures else f"self-test FAILED ({len(failures)} problem(s))")
    return EXIT_OK if not failures else EXIT_MISMATCH
