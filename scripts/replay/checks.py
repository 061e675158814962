"""Frame selection, comparing a frame with an emulator's screen, the pyte check and the report."""
from __future__ import annotations

from dataclasses import dataclass, field

import wcwidth as wcwidth_module

from .emulator import XtermScreen, XtermStream, normalise_line, screen_lines, screen_styles
from .recording import Frame, Recording, format_runs, format_style


# --------------------------------------------------------------------------
# Checking
# --------------------------------------------------------------------------

@dataclass
class Mismatch:
    """The first difference found between a frame and an emulator's screen."""
    frame: Frame
    row: int
    summary: str
    details: list[str]
    actual_lines: list[str]


@dataclass
class CheckResult:
    emulator: str
    recording: Recording
    checked: int = 0
    mismatch: Mismatch | None = None
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0


def frames_every(count: int, every: int) -> list[int]:
    """Positions 0, K, 2K, ... plus the last one."""
    return sorted(set(range(0, count, every)) | {count - 1})


def tmux_positions(recording: Recording, wanted: int) -> list[int]:
    """``frames_spread`` plus the first frame after each resize (at most
    ``wanted`` of those, spread over them): the frames most likely to go wrong."""
    spread = frames_spread(len(recording.frames), wanted)
    if wanted <= 0:
        return spread
    resized = recording.resize_positions()
    resized = [resized[i] for i in frames_spread(len(resized), wanted)] if resized else []
    return sorted(set(spread) | set(resized))


def frames_spread(count: int, wanted: int) -> list[int]:
    """About ``wanted`` positions spread evenly over the run, always the last; 0 means all."""
    if wanted <= 0 or wanted >= count:
        return list(range(count))
    if wanted == 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (wanted - 1)) for i in range(wanted)})


def compare_text(frame: Frame, actual: list[str]) -> Mismatch | None:
    if len(actual) != frame.rows:
        return Mismatch(frame, 0, "screen height", [f"expected {frame.rows} rows, the emulator has {len(actual)}"],
                        (actual + [""] * frame.rows)[:frame.rows])
    for row, (want, got) in enumerate(zip(frame.lines, actual)):
        if normalise_line(want) != got:
            return Mismatch(frame, row, f"row {row}",
                            [f"expected: {normalise_line(want)!r}", f"actual:   {got!r}"], actual)
    return None


def compare_styles(frame: Frame, actual: list[list[tuple]], lines: list[str],
                   widths: list[int] | None = None) -> Mismatch | None:
    """Compare cell styles; dim is dropped from both sides because pyte has no
    dim (nor has libvterm, whose screens program recordings hold).  With
    ``widths`` (tmux), only each row's first ``widths[row]`` columns are compared."""
    for row, (want_row, got_row) in enumerate(zip(frame.styles, actual)):
        want_row = [(fg, bg, attrs - {"dim"}) for fg, bg, attrs in want_row]
        got_row = [(fg, bg, attrs - {"dim"}) for fg, bg, attrs in got_row]
        if widths is not None:
            want_row, got_row = want_row[:widths[row]], got_row[:widths[row]]
        for col, (want, got) in enumerate(zip(want_row, got_row)):
            if want != got:
                return Mismatch(frame, row, f"row {row}, column {col} (style)", [
                    f"expected: {format_style(want)}",
                    f"actual:   {format_style(got)}",
                    f"row text: {lines[row]!r}",
                    f"expected runs: {format_runs(want_row)}",
                    f"actual runs:   {format_runs(got_row)}",
                ], lines)
    return None


def check_pyte(recording: Recording, positions: list[int]) -> CheckResult:
    """Feed the stream incrementally, comparing at each selected frame.

    Every frame up to the last selected one is walked, selected or not, so
    that the screen is resized at the right byte: before a frame whose size
    differs from the screen's, the bytes up to the previous frame's end are
    fed, then the screen is resized.
    """
    result = CheckResult("pyte", recording)
    screen = XtermScreen(recording.cols, recording.rows)
    stream = XtermStream(screen)
    selected, fed, previous_end, resizes = set(positions), 0, 0, 0
    for position, frame in enumerate(recording.frames[:max(positions, default=-1) + 1]):
        try:
            if frame.size != (screen.columns, screen.lines):
                stream.feed(recording.stream[fed:previous_end])
                fed = previous_end
                screen.resize(frame.rows, frame.cols)
                resizes += 1
            previous_end = frame.end
            if position not in selected:
                continue
            stream.feed(recording.stream[fed:frame.end])
        except Exception as error:  # pyte internals can still fail on odd input
            actual = ["<pyte raised an exception>"] * frame.rows
            result.mismatch = Mismatch(frame, 0, "pyte failed", [f"{type(error).__name__}: {error}"], actual)
            break
        fed = frame.end
        result.checked += 1
        lines = screen_lines(screen)
        result.mismatch = compare_text(frame, lines)
        if result.mismatch is None and frame.styles is not None:
            result.mismatch = compare_styles(frame, screen_styles(screen), lines)
        if result.mismatch:
            break
    if screen.ignored_sequences:
        result.notes.append(f"pyte ignored {screen.ignored_sequences} escape sequence(s) it does not implement")
    if resizes:
        result.notes.append(f"the screen was resized {resizes} time(s)")
    return result


# --------------------------------------------------------------------------
# Reporting
# --------------------------------------------------------------------------

def display_width(text: str) -> int:
    width = wcwidth_module.wcswidth(text)
    return width if width >= 0 else len(text)


def side_by_side(expected: list[str], actual: list[str], cols: int, reported_row: int) -> list[str]:
    """Both screens next to each other; rows that differ and the reported row are marked '*'."""
    width = max(cols, len("expected"))
    out = [f"       {'expected'.ljust(width)} | actual"]
    for row, (want, got) in enumerate(zip(expected, actual)):
        want = normalise_line(want)
        mark = "*" if want != got or row == reported_row else " "
        out.append(f"  {mark}{row:3d} {want}{' ' * max(0, width - display_width(want))} | {got}")
    return out


def report(result: CheckResult, verbose: bool) -> str:
    head = f"{result.emulator} {result.recording.directory}"
    if result.mismatch is None:
        lines = [f"{head}: {result.checked} frames checked, all match"]
        if verbose:
            per_frame = result.seconds / max(result.checked, 1) * 1000
            lines.append(f"  ({result.seconds:.2f} s, {per_frame:.1f} ms per frame)")
        return "\n".join(lines + [f"  note: {note}" for note in result.notes if verbose])
    mismatch = result.mismatch
    frame = mismatch.frame
    resized = frame.size != (result.recording.cols, result.recording.rows)
    size = f", at {frame.cols}x{frame.rows} after a resize" if resized else ""
    lines = [f"{head}: MISMATCH in frame {frame.number} (stream bytes 0..{frame.end}{size}), {mismatch.summary}"]
    lines += [f"  {detail}" for detail in mismatch.details]
    lines += [f"  note: {note}" for note in result.notes]
    if verbose:
        lines += side_by_side(frame.lines, mismatch.actual_lines, frame.cols, mismatch.row)
    return "\n".join(lines)
