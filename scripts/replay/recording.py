"""The recording a replay check reads (DIR/stream.bin and DIR/frames.jsonl), validated,
and the canonical form of its colours."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path


DEFAULT_TERM = "xterm-256color"
MAX_DIMENSION = 9999  # pyte caps CSI parameters at 9999, so no larger screen is addressable.
ATTRIBUTES = ("bold", "dim", "italic", "underline", "reverse", "strikethrough")
DEFAULT_STYLE = ("default", "default", frozenset())
EXIT_OK, EXIT_MISMATCH, EXIT_BAD_INPUT = 0, 1, 2


class BadInput(Exception):
    """A recording (or the environment) that cannot be checked; exit status 2."""


# --------------------------------------------------------------------------
# Recording loading and validation
# --------------------------------------------------------------------------

@dataclass
class Frame:
    """One frame of frames.jsonl: what the screen must show after ``end`` bytes,
    on a terminal of ``cols`` x ``rows`` (resized to that before the frame's bytes)."""
    number: int
    end: int
    cols: int
    rows: int
    lines: list[str]
    styles: list[list[tuple]] | None  # per row, per column canonical style

    @property
    def size(self) -> tuple[int, int]:
        return self.cols, self.rows


@dataclass
class Recording:
    """A validated recording directory.  ``cols`` and ``rows`` are the header's:
    the terminal's size before the first byte (each frame has its own)."""
    directory: Path
    cols: int
    rows: int
    term: str
    stream: bytes
    frames: list[Frame]

    @property
    def stream_path(self) -> Path:
        return self.directory / "stream.bin"

    def resize_positions(self) -> list[int]:
        """Positions of the frames whose size differs from the one before them
        (the header's for the first): the terminal is resized before their bytes."""
        sizes = [(self.cols, self.rows)] + [frame.size for frame in self.frames]
        return [i for i in range(len(self.frames)) if sizes[i + 1] != sizes[i]]

    def replay_plan(self, position: int) -> list[tuple[int, int, int]]:
        """How to reach frame ``position`` on a terminal that starts blank:
        steps ``(cols, rows, end)``, each meaning "resize to cols x rows, then
        write the stream up to ``end``" (the first step sets the starting size).
        A resize before any byte is the same as starting at the new size."""
        plan = [(self.cols, self.rows, 0)]
        for frame in self.frames[:position + 1]:
            if frame.size != plan[-1][:2]:
                if plan[-1][2] == 0:
                    plan.pop()
                plan.append((frame.cols, frame.rows, plan[-1][2] if plan else 0))
            plan[-1] = (frame.cols, frame.rows, frame.end)
        return plan


def load_recording(directory: Path) -> Recording:
    """Read and validate DIR/stream.bin and DIR/frames.jsonl.

    frames.jsonl: first line ``{"cols": C, "rows": R, "term": T}`` (term
    optional), then one object per frame ``{"frame": i, "end": OFFSET,
    "cols": C?, "rows": R?, "lines": [...], "styles": [...]?}``.  A frame's
    ``cols``/``rows`` (default: the header's) are the terminal's size for that
    frame: when it differs from the previous frame's, the terminal is resized
    before the frame's bytes (those after the previous frame's ``end``).
    ``end`` offsets must stay within the stream and never decrease; ``lines``
    has exactly as many entries as the frame has rows, ``styles`` runs fit in
    its columns.  Everything is checked up front so a malformed recording is
    reported as bad input (exit 2) rather than as a renderer mismatch.
    """
    if not directory.is_dir():
        raise BadInput(f"{directory}: not a directory")
    stream_path, frames_path = directory / "stream.bin", directory / "frames.jsonl"
    for path in (stream_path, frames_path):
        if not path.is_file():
            raise BadInput(f"{path}: missing")
    stream = stream_path.read_bytes()
    try:
        text = frames_path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise BadInput(f"{frames_path}: not UTF-8 ({error})") from None
    records = [(number, line) for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not records:
        raise BadInput(f"{frames_path}: empty")
    header = _parse_json_line(frames_path, *records[0])
    cols, rows, term = _parse_header(frames_path, header)
    frames: list[Frame] = []
    for number, line in records[1:]:
        where = f"{frames_path}:{number}"
        frame = _parse_frame(where, _parse_json_line(frames_path, number, line), cols, rows)
        if frame.end > len(stream):
            raise BadInput(f"{where}: end {frame.end} is beyond the {len(stream)}-byte {stream_path.name}")
        if frames and frame.end < frames[-1].end:
            raise BadInput(f"{where}: end {frame.end} is before the previous frame's end {frames[-1].end}")
        frames.append(frame)
    if not frames:
        raise BadInput(f"{frames_path}: no frame lines after the header")
    return Recording(directory, cols, rows, term, stream, frames)


def _parse_json_line(path: Path, number: int, line: str) -> dict:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as error:
        raise BadInput(f"{path}:{number}: bad JSON ({error})") from None
    if not isinstance(value, dict):
        raise BadInput(f"{path}:{number}: expected a JSON object")
    return value


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_header(path: Path, header: dict) -> tuple[int, int, str]:
    for key in ("cols", "rows"):
        value = header.get(key)
        if not _is_int(value) or not 1 <= value <= MAX_DIMENSION:
            raise BadInput(f"{path}:1: header {key!r} must be an integer 1..{MAX_DIMENSION}, got {value!r}")
    term = header.get("term", DEFAULT_TERM)
    if not isinstance(term, str) or not term:
        raise BadInput(f"{path}:1: header 'term' must be a non-empty string, got {term!r}")
    return header["cols"], header["rows"], term


def _parse_frame(where: str, record: dict, cols: int, rows: int) -> Frame:
    """One frame line; ``cols``/``rows`` are the header's, the default size."""
    number, end, lines = record.get("frame"), record.get("end"), record.get("lines")
    if not _is_int(number):
        raise BadInput(f"{where}: 'frame' must be an integer, got {number!r}")
    if not _is_int(end) or end < 0:
        raise BadInput(f"{where}: 'end' must be a non-negative integer, got {end!r}")
    for key in ("cols", "rows"):
        value = record.get(key, 0)
        if key in record and (not _is_int(value) or not 1 <= value <= MAX_DIMENSION):
            raise BadInput(f"{where}: frame {key!r} must be an integer 1..{MAX_DIMENSION}, got {value!r}")
    cols, rows = record.get("cols", cols), record.get("rows", rows)
    if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
        raise BadInput(f"{where}: 'lines' must be a list of strings")
    if len(lines) != rows:
        raise BadInput(f"{where}: {len(lines)} lines for a {rows}-row screen (frame size {cols}x{rows})")
    styles = record.get("styles")
    if styles is not None:
        styles = _parse_styles(where, styles, cols, rows)
    return Frame(number, end, cols, rows, lines, styles)


def _parse_styles(where: str, styles, cols: int, rows: int) -> list[list[tuple]]:
    """Expand the run lists of one frame into a canonical style per cell."""
    if not isinstance(styles, list) or len(styles) != rows:
        raise BadInput(f"{where}: 'styles' must be a list with one entry per row ({rows})")
    grid = []
    for y, runs in enumerate(styles):
        if not isinstance(runs, list):
            raise BadInput(f"{where}: styles[{y}] must be a list of runs")
        cells = [DEFAULT_STYLE] * cols
        for run in runs:
            x, n, style = _parse_run(f"{where}: styles[{y}]", run, cols)
            cells[x:x + n] = [style] * n
        grid.append(cells)
    return grid


def _parse_run(where: str, run, cols: int) -> tuple[int, int, tuple]:
    if not isinstance(run, dict):
        raise BadInput(f"{where}: a run must be an object, got {run!r}")
    x, n = run.get("x"), run.get("n")
    if not (_is_int(x) and _is_int(n) and x >= 0 and n >= 1 and x + n <= cols):
        raise BadInput(f"{where}: run {run!r} does not fit in {cols} columns")
    attrs = run.get("attrs", [])
    if not isinstance(attrs, list) or not set(attrs) <= set(ATTRIBUTES):
        raise BadInput(f"{where}: run {run!r}: attrs must be a subset of {list(ATTRIBUTES)}")
    fg = _expected_colour(where, run.get("fg", "default"))
    bg = _expected_colour(where, run.get("bg", "default"))
    return x, n, (fg, bg, frozenset(attrs))


# --------------------------------------------------------------------------
# Canonical colours
# --------------------------------------------------------------------------
# One form per colour, whichever sequence produced it: palette index (int) for
# the 16 user-configurable colours, "#rrggbb" for the fixed 256-colour cube and
# grey ramp and for direct colours, "default" for the default colour.

CUBE_LEVELS = (0x00, 0x5F, 0x87, 0xAF, 0xD7, 0xFF)
PYTE_BASE_NAMES = ("black", "red", "green", "brown", "blue", "magenta", "cyan", "white")
PYTE_NAMED_COLOURS = {name: index for index, name in enumerate(PYTE_BASE_NAMES)}
PYTE_NAMED_COLOURS.update({"bright" + name: index + 8 for index, name in enumerate(PYTE_BASE_NAMES)})
PYTE_NAMED_COLOURS["bfightmagenta"] = 13  # pyte 0.8.2's name for SGR 105 (sic)


def palette_colour(index: int):
    """Canonical form of 256-colour palette entry ``index``."""
    if index < 16:
        return index
    if index < 232:
        index -= 16
        rgb = (CUBE_LEVELS[index // 36], CUBE_LEVELS[index // 6 % 6], CUBE_LEVELS[index % 6])
    else:
        rgb = (8 + 10 * (index - 232),) * 3
    return "#%02x%02x%02x" % rgb


def _expected_colour(where: str, value):
    if value == "default":
        return value
    if _is_int(value) and 0 <= value <= 255:
        return palette_colour(value)
    if isinstance(value, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        return value.lower()
    raise BadInput(f"{where}: colour {value!r} is not \"default\", 0..255 or \"#rrggbb\"")


def pyte_colour(value: str):
    """Canonical form of a colour as pyte stores it (name or bare hex)."""
    if value == "default":
        return value
    if value in PYTE_NAMED_COLOURS:
        return PYTE_NAMED_COLOURS[value]
    return "#" + value.lower()


def format_style(style: tuple) -> str:
    fg, bg, attrs = style
    return f"fg={fg} bg={bg} attrs={sorted(attrs)}"


def format_runs(cells: list[tuple]) -> str:
    """A row's non-default cells as runs, the way frames.jsonl describes them."""
    runs, x = [], 0
    while x < len(cells):
        n = 1
        while x + n < len(cells) and cells[x + n] == cells[x]:
            n += 1
        if cells[x] != DEFAULT_STYLE:
            runs.append(f"x={x} n={n} {format_style(cells[x])}")
        x += n
    return "; ".join(runs) or "(all default)"
