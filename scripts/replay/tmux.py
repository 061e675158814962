"""tmux as the second emulator: its capture read back, and a private server replaying frames."""
from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

from .checks import CheckResult, compare_styles, compare_text
from .emulator import char_width, normalise_line
from .recording import BadInput, DEFAULT_STYLE, Recording, palette_colour


# DEC special graphics (``ESC ( 0``, the VT100 line drawing ncurses uses for
# ACS): the glyph each ASCII byte stands for, as xterm, libvterm and pyte
# draw it.  tmux keeps such cells as their ASCII byte and ``capture-pane``
# prints that byte (``lqqk`` for a box's top), or with ``-e`` wraps a run of
# them in SO/SI; the capture is read back as the glyphs they mean.
DEC_GRAPHICS = dict(zip("`abcdefghijklmnopqrstuvwxyz{|}~",
                        "◆▒␉␌␍␊°±␤␋┘┐┌└┼⎺⎻─⎼⎽├┤┴┬│≤≥π≠£·"))
CAPTURE_TOKEN = re.compile(r"\x1b\[([0-9;:]*)m|\x1b\[[0-9;:?]*[A-Za-z]|\x1b.|[\x0e\x0f]|[^\x1b\x0e\x0f]")
SGR_ATTRIBUTES = {1: "bold", 2: "dim", 3: "italic", 4: "underline", 7: "reverse", 9: "strikethrough", 21: "underline"}
SGR_RESETS = {22: ("bold", "dim"), 23: ("italic",), 24: ("underline",), 27: ("reverse",), 29: ("strikethrough",)}


def _apply_sgr(params: str, style: list) -> None:
    """Apply one SGR (as ``capture-pane -e`` writes it) to ``[fg, bg, attrs]``."""
    fields = params.split(";") if params else ["0"]
    i = 0
    while i < len(fields):
        parts = [int(p) if p.isdigit() else 0 for p in fields[i].split(":")]
        code = parts[0]
        if code == 0:
            style[:] = ["default", "default", set()]
        elif code == 4 and len(parts) > 1 and parts[1] == 0:
            style[2].discard("underline")
        elif code in SGR_ATTRIBUTES:
            style[2].add(SGR_ATTRIBUTES[code])
        elif code in SGR_RESETS:
            style[2].difference_update(SGR_RESETS[code])
        elif 30 <= code <= 37 or 40 <= code <= 47:
            style[code >= 40] = code % 10
        elif 90 <= code <= 97 or 100 <= code <= 107:
            style[code >= 100] = code % 10 + 8
        elif code in (39, 49):
            style[code == 49] = "default"
        elif code in (38, 48, 58):  # 58: underline colour, not compared but its fields skipped
            rest = parts[1:] if len(parts) > 1 else [int(f) if f.isdigit() else 0 for f in fields[i + 1:i + 5]]
            if len(parts) > 1 and rest[:1] == [2] and len(rest) >= 5:
                rest = [2] + rest[2:]  # 38:2:COLOURSPACE:r:g:b
            if rest[:1] == [5] and len(rest) >= 2:
                if code != 58:
                    style[code == 48] = palette_colour(rest[1])
                i += 0 if len(parts) > 1 else 2
            elif rest[:1] == [2] and len(rest) >= 4:
                if code != 58:
                    style[code == 48] = "#%02x%02x%02x" % tuple(rest[1:4])
                i += 0 if len(parts) > 1 else 4
        i += 1


def parse_capture(text: str, cols: int, rows: int) -> tuple[list[str], list[list[tuple]], list[int]]:
    """Rows of ``capture-pane -p -e -N`` as text (line drawing read as its
    glyphs), canonical styles per cell, and how many columns each row
    printed.  tmux leaves out cells erased to the end of a row (even with a
    background colour), so their style is unknown: only printed columns are
    compared (``compare_styles(..., widths)``)."""
    lines, styles, widths = [], [], []
    # tmux carries the style and SO/SI over line ends: the state runs on.
    style, graphics = ["default", "default", set()], False
    for raw in text.split("\n")[:rows]:
        chars, cells = [], []
        for token in CAPTURE_TOKEN.finditer(raw):
            piece = token.group(0)
            if token.group(1) is not None:
                _apply_sgr(token.group(1), style)
            elif piece == "\x0e":
                graphics = True
            elif piece == "\x0f":
                graphics = False
            elif not piece.startswith("\x1b"):
                if graphics:
                    piece = DEC_GRAPHICS.get(piece, piece)
                width = char_width(piece)
                if width == 0 and chars:
                    chars[-1] += piece  # a combining mark joins the character before it
                    continue
                chars.append(piece)
                cell = (style[0], style[1], frozenset(style[2]))
                cells += [cell] * max(width, 1)
        widths.append(min(len(cells), cols))
        cells = (cells + [DEFAULT_STYLE] * cols)[:cols]
        lines.append(normalise_line("".join(chars)))
        styles.append(cells)
    while len(lines) < rows:
        lines.append("")
        styles.append([DEFAULT_STYLE] * cols)
        widths.append(0)
    return lines, styles, widths


class TmuxServer:
    """A private tmux server (own socket in a temporary directory, no config
    file) that replays frames.

    Each frame gets a fresh detached session of the recording's starting size
    whose shell turns off output post-processing (the renderer sends bare LF
    and the pty's ONLCR would add CR), writes the first ``end`` bytes of the
    stream, then asks tmux for a status report (DSR 5): tmux answers only after
    it has parsed everything before the request, so once input ending in the
    answer's final ``n`` has been read the pane is complete (replies to queries
    in the stream come first and end in other letters).  The shell then signals a wait-for
    channel and sleeps so the pane stays open for capture-pane.

    When the terminal is resized on the way to the frame, the stream is
    written in segments split at the size changes (see
    ``Recording.replay_plan``): after each segment the shell syncs the same
    way, signals, and waits on a second channel while this process resizes
    the window (``resize-window``, which makes the window's size manual for
    that window only) and then signals back.  (A frame that ended inside an
    escape sequence would get the DSR request spliced into it; pyte, which
    carries an unfinished sequence over a resize, would still judge it.)
    """

    def __init__(self, term: str):
        self.binary = shutil.which("tmux")
        if self.binary is None:
            raise BadInput("tmux not found on PATH (install it, or use --emulator pyte)")
        self.socket_dir = tempfile.TemporaryDirectory(prefix="replay-check-tmux-")
        self.socket = os.path.join(self.socket_dir.name, "socket")  # tmux leaves its socket file behind
        self.term = term
        self.env = {key: value for key, value in os.environ.items() if key not in ("TMUX", "TMUX_PANE")}
        self.env.update(LANG="C.UTF-8", LC_ALL="C.UTF-8")
        self.sessions = 0

    def __enter__(self) -> "TmuxServer":
        # A keeper session holds the server open between frames.  Note: setting
        # window-size globally to manual crashes the tmux 3.3a server on the next
        # new-session -x/-y, so it is set per window instead (see screen_after).
        options = [";", "set-option", "-g", "status", "off", ";", "set-option", "-g", "default-shell", "/bin/sh"]
        if self.term.startswith(("tmux", "screen")):
            options += [";", "set-option", "-g", "default-terminal", self.term]
        try:
            self._tmux("new-session", "-d", "-s", "keeper", "sleep 86400", *options)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc_info) -> None:
        self._tmux("kill-server", check=False)
        self.socket_dir.cleanup()

    def _command(self, *args: str) -> list[str]:
        return [self.binary, "-u", "-S", self.socket, "-f", "/dev/null", *args]

    def _tmux(self, *args: str, timeout: float = 30, check: bool = True) -> str:
        try:
            done = subprocess.run(self._command(*args), env=self.env, capture_output=True,
                                  text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            raise BadInput(f"tmux {args[0]} timed out after {timeout:.0f} s") from None
        if check and done.returncode != 0:
            raise BadInput(f"tmux {args[0]} failed ({done.returncode}): {done.stderr.strip()}")
        return done.stdout

    def screen_after(self, stream_path: Path, plan: list[tuple[int, int, int]]
                     ) -> tuple[list[str], list[list[tuple]], list[int]]:
        """The pane after replaying ``plan`` (``Recording.replay_plan``):
        resize to each step's size, then write the stream up to its end.
        Returns ``parse_capture``'s text, styles and printed widths."""
        self.sessions += 1
        name = f"frame{self.sessions}"
        tmux = f"{shlex.quote(self.binary)} -S {shlex.quote(self.socket)}"
        path = shlex.quote(str(stream_path))
        sync = ("printf '\\033[5n'; r=; "
                "until [ \"${r%n}\" != \"$r\" ]; do r=$r$(dd bs=64 count=1 2>/dev/null); done")
        script, start = ["stty -opost -echo -icanon min 1"], 0
        for step, (_, _, end) in enumerate(plan):
            if step:
                script.append(f"{tmux} wait-for {name}-resized{step}")
            if end > start:
                script.append(f"head -c {end} {path}" if start == 0 else
                              f"tail -c +{start + 1} {path} | head -c {end - start}")
            script += [sync, f"{tmux} wait-for -S {name}-written{step}"]
            start = end
        script.append("exec sleep 86400")
        # A script file: one line per step would soon be too long for a tmux command.
        script_path = os.path.join(self.socket_dir.name, f"{name}.sh")
        Path(script_path).write_text("\n".join(script) + "\n", encoding="utf-8")
        cols, rows, _ = plan[0]
        self._tmux("new-session", "-d", "-s", name, "-x", str(cols), "-y", str(rows),
                   f"exec /bin/sh {shlex.quote(script_path)}",
                   ";", "set-option", "-w", "-t", name, "window-size", "manual")
        try:
            start = 0
            for step, (cols, rows, end) in enumerate(plan):
                if step:
                    self._tmux("resize-window", "-t", name, "-x", str(cols), "-y", str(rows))
                    self._tmux("wait-for", "-S", f"{name}-resized{step}")
                self._tmux("wait-for", f"{name}-written{step}", timeout=30 + (end - start) / 100_000)
                start = end
            size_format = "#{pane_width}x#{pane_height}"
            size, _, captured = self._tmux("display-message", "-p", "-t", name, size_format,
                                           ";", "capture-pane", "-p", "-e", "-N", "-t", name).partition("\n")
        finally:
            self._tmux("kill-session", "-t", name, check=False)  # must not mask an error from above
            with contextlib.suppress(OSError):
                os.unlink(script_path)
        if size != f"{cols}x{rows}":
            raise BadInput(f"tmux pane is {size}, not {cols}x{rows} (resize-window failed?)")
        return parse_capture(captured, cols, rows)


def check_tmux(recording: Recording, positions: list[int], styles: bool = False) -> CheckResult:
    """Replay each selected frame in tmux and compare the text.

    tmux 3.3a differs from xterm (and so from the pyte judge) where a renderer
    should not tread, so a stream relying on these shows wrong under tmux: a
    pending wrap survives LF and CUB counts from one past the last column;
    erasing half of a wide character (or overwriting its right half at column
    1) leaves the other half; REP works only straight after an ASCII
    character; IL/DL outside the scroll region act on the whole screen and
    keep the column; ``CSI ? 1049`` keeps its own saved cursor apart from DECSC.

    Styles (``--tmux-styles``) are compared for the cells the capture prints
    (``parse_capture``).  Off by default: on our renderer's st-256color
    stream of watcha-home (frame 174 of 200, 80x24) tmux shows the last cell
    of ``ESC[9X`` followed by ``ESC[9C`` without the erase's background,
    where pyte and libvterm keep it (not yet understood; text matches).
    """
    result = CheckResult("tmux", recording)
    resizes = len(recording.resize_positions())
    if resizes:
        result.notes.append(f"the recording resizes the terminal {resizes} time(s)")
    with TmuxServer(recording.term) as server:
        for position in positions:
            frame = recording.frames[position]
            lines, cell_styles, widths = server.screen_after(recording.stream_path.resolve(),
                                                        recording.replay_plan(position))
            result.checked += 1
            result.mismatch = compare_text(frame, lines)
            if result.mismatch is None and styles and frame.styles is not None:
                result.mismatch = compare_styles(frame, cell_styles, lines, widths)
            if result.mismatch:
                break
    return result
