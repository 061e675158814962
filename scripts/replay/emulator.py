"""pyte, corrected towards xterm: the screen and stream subclasses the replay uses."""
from __future__ import annotations

import copy
import functools
import re
import unicodedata
from collections import defaultdict

import pyte
import wcwidth as wcwidth_module
from pyte import modes as pyte_modes
from pyte.screens import Char, Margins, StaticDefaultDict

from .recording import pyte_colour


# --------------------------------------------------------------------------
# pyte, corrected towards xterm
# --------------------------------------------------------------------------

@functools.lru_cache(maxsize=4096)
def char_width(char: str) -> int:
    return wcwidth_module.wcwidth(char)


def _sgr_for_pyte(params: tuple) -> list[int]:
    """Rewrite SGR parameters where pyte would misread them.

    ``38;5;n``/``48;5;n`` with n < 16 become SGR 30-37/90-97 (40-47/100-107):
    pyte stores 38;5;n as the hex of its built-in palette, which would make
    palette colour 1 indistinguishable from the direct colour #cd0000, while a
    named colour canonicalises to palette index 1 like SGR 31.  Underline
    colour (58;5;n, 58;2;r;g;b) is dropped: pyte does not know 58 and would
    read its r/g/b values as SGR codes.  Other direct-colour parameters are
    copied untouched so their r/g/b values are never mistaken for SGR codes.
    """
    out, i = [], 0
    while i < len(params):
        code, mode = params[i], params[i + 1] if i + 1 < len(params) else None
        length = {5: 3, 2: 5}.get(mode, 1) if code in (38, 48, 58) else 1
        group = list(params[i:i + length])
        if code == 58:
            group = []
        elif length == 3 and len(group) == 3 and group[2] < 16:
            base = 30 if code == 38 else 40
            group = [base + group[2] if group[2] < 8 else base + 60 + group[2] - 8]
        out.extend(group)
        i += length
    return out


CSI_SEQUENCE = re.compile(rb"\x1b\[([\x30-\x3f]*)([\x20-\x2f]*)([\x40-\x7e])")
CONTROL_STRING = re.compile(rb"\x1b[P_^X](?:[^\x1b\x07]|\x1b[^\\])*(?:\x07|\x1b\\)")
UNFINISHED_TAIL = re.compile(rb"\x1b(?:\[[\x20-\x3f]*|[P_^X](?:[^\x1b\x07]|\x1b[^\\])*|[()])?\Z")
# G0/G1 designation (ESC ( 0 is DEC line drawing): pyte ignores it in UTF-8 mode, xterm does not.
CHARSET_DESIGNATION = re.compile(rb"\x1b([()])([\x30-\x7e])")


def _sgr_without_colons(params: bytes) -> bytes:
    """``38:2::r:g:b`` / ``38:5:n`` / ``4:n`` sub-parameters in pyte's ``;`` form."""
    groups = []
    for group in params.split(b";"):
        fields = group.split(b":")
        head = fields[0]
        if len(fields) == 1:
            groups.append(group)
        elif head in (b"38", b"48") and fields[1] == b"2" and len(fields) >= 5:
            groups.append(b";".join([head, b"2", *fields[-3:]]))  # an optional colour space id precedes r:g:b
        elif head in (b"38", b"48") and fields[1] == b"5" and len(fields) >= 3:
            groups.append(b";".join([head, b"5", fields[2]]))
        elif head == b"4":
            groups.append(b"24" if fields[1] in (b"", b"0") else b"4")  # 4:3 curly etc. are underlines
    return b";".join(groups)


class XtermScreen(pyte.Screen):
    """pyte.Screen with xterm's behaviour where stock pyte 0.8.2 differs.

    Pending wrap: like pyte, a cursor at ``x == columns`` means "last column
    written, wrap before the next character".  xterm keeps the cursor on the
    last column with a wrap flag that every cursor motion and every erase
    clears; ``_clear_pending_wrap`` models that.

    Erased, inserted and scrolled-in cells are blank with default attributes
    except the background, which takes the current SGR background (xterm's and
    tmux's background colour erase); stock pyte copies every cursor attribute
    into erased cells and ignores the background for new lines.
    """

    def reset(self) -> None:
        """RIS; also forgets the alternate screen and the REP character."""
        super().reset()
        self._hidden_main = None  # (buffer, savepoints) of the main screen while the alternate one shows
        self._alternate_savepoints = []
        self._last_graphic = None
        self.ignored_sequences = 0

    # ----- helpers -----

    def _region(self) -> Margins:
        return self.margins or Margins(0, self.lines - 1)

    def _clear_pending_wrap(self) -> None:
        self.cursor.x = min(self.cursor.x, self.columns - 1)

    def _erase_char(self) -> Char:
        return self.default_char._replace(bg=self.cursor.attrs.bg)

    def _blank_line(self) -> StaticDefaultDict:
        return StaticDefaultDict(self._erase_char())

    def _erase(self, y: int, start: int, stop: int) -> None:
        """Blank columns [start, stop) of row y, widened to whole wide characters."""
        line = self.buffer[y]
        if 0 < start < self.columns and line[start].data == "":
            start -= 1
        if stop < self.columns and line[stop].data == "":
            stop += 1
        blank = self._erase_char()
        for x in range(start, stop):
            line[x] = blank

    def _scroll(self, top: int, bottom: int, count: int) -> None:
        """Move rows top..bottom up by ``count`` (down if negative), blanking exposed rows."""
        height = bottom - top + 1
        shift = max(-height, min(height, count))
        order = range(top, bottom + 1) if shift > 0 else range(bottom, top - 1, -1)
        for y in order:
            source = y + shift
            self.buffer[y] = self.buffer[source] if top <= source <= bottom else self._blank_line()

    # ----- printing -----

    def draw(self, data: str) -> None:
        """Print text the way xterm does.

        Differences from stock pyte: a zero-width character that is not a
        combining mark (ZWJ, VS16, ...) no longer discards the rest of the
        text; a wide character that does not fit in the last column wraps
        first; overwriting either half of a wide character blanks the other.
        The G0/G1 character set (DEC line drawing) applies as in stock pyte.
        """
        data = data.translate(self.g1_charset if self.charset else self.g0_charset)
        for char in data:
            width = char_width(char)
            if width == 0:
                self._attach_zero_width(char)
            elif 0 < width <= self.columns:
                self._put(char, width)
                self._last_graphic = char

    def _attach_zero_width(self, char: str) -> None:
        x, line = self.cursor.x - 1, self.buffer[self.cursor.y]
        if x > 0 and line[x].data == "":
            x -= 1
        if x >= 0:
            line[x] = line[x]._replace(data=line[x].data + char)

    def _put(self, char: str, width: int) -> None:
        if self.cursor.x + width > self.columns:
            if pyte_modes.DECAWM in self.mode:
                self.carriage_return()
                self.index()
            else:
                self.cursor.x = self.columns - width
        if pyte_modes.IRM in self.mode:
            self.insert_characters(width)
        x, line = self.cursor.x, self.buffer[self.cursor.y]
        if line[x].data == "" and x > 0:
            line[x - 1] = line[x - 1]._replace(data=" ")
        if x + width < self.columns and line[x + width].data == "":
            line[x + width] = line[x + width]._replace(data=" ")
        line[x] = self.cursor.attrs._replace(data=char)
        if width == 2:
            line[x + 1] = self.cursor.attrs._replace(data="")
        self.cursor.x += width

    def repeat_last(self, count: int | None = None) -> None:
        """REP (CSI n b): print the last graphic character n more times.

        Like xterm, the character is remembered across other sequences
        (tmux 3.3a only honours REP directly after the character).
        """
        if self._last_graphic is not None:
            self.draw(self._last_graphic * (count or 1))

    # ----- vertical motion and scrolling -----

    def index(self) -> None:
        """IND/LF: scroll only at the bottom margin; below it just move down."""
        self._clear_pending_wrap()
        top, bottom = self._region()
        if self.cursor.y == bottom:
            self._scroll(top, bottom, 1)
        elif self.cursor.y < self.lines - 1:
            self.cursor.y += 1

    def reverse_index(self) -> None:
        """RI: scroll only at the top margin; above it just move up."""
        self._clear_pending_wrap()
        top, bottom = self._region()
        if self.cursor.y == top:
            self._scroll(top, bottom, -1)
        elif self.cursor.y > 0:
            self.cursor.y -= 1

    def next_line(self) -> None:
        """NEL (ESC E): index then carriage return (pyte only indexed)."""
        self.index()
        self.carriage_return()

    def cursor_up(self, count: int | None = None) -> None:
        """CUU stops at the top margin only when starting inside the region."""
        self._clear_pending_wrap()
        top = self._region().top
        floor = top if self.cursor.y >= top else 0
        self.cursor.y = max(self.cursor.y - (count or 1), floor)

    def cursor_down(self, count: int | None = None) -> None:
        """CUD stops at the bottom margin only when starting inside the region."""
        self._clear_pending_wrap()
        bottom = self._region().bottom
        ceiling = bottom if self.cursor.y <= bottom else self.lines - 1
        self.cursor.y = min(self.cursor.y + (count or 1), ceiling)

    def cursor_to_line(self, line: int | None = None) -> None:
        """VPA is CUP to the current column (pyte's own asserted when origin
        mode was on without margins)."""
        self.cursor_position(line, min(self.cursor.x, self.columns - 1) + 1)

    def scroll_up(self, count: int | None = None) -> None:
        """SU (CSI n S): scroll the region up; the cursor does not move."""
        self._scroll(*self._region(), count or 1)

    def scroll_down(self, count: int | None = None) -> None:
        """SD (CSI n T): scroll the region down; the cursor does not move."""
        self._scroll(*self._region(), -(count or 1))

    def insert_lines(self, count: int | None = None) -> None:
        """IL; like DL, xterm moves to the left margin even outside the region
        (pyte only inside it; tmux 3.3a never)."""
        top, bottom = self._region()
        if top <= self.cursor.y <= bottom:
            self._scroll(self.cursor.y, bottom, -(count or 1))
        self.carriage_return()

    def delete_lines(self, count: int | None = None) -> None:
        """DL; stock pyte left a row unchanged when the row moving into it had never been written."""
        top, bottom = self._region()
        if top <= self.cursor.y <= bottom:
            self._scroll(self.cursor.y, bottom, count or 1)
        self.carriage_return()

    def set_margins(self, top: int | None = None, bottom: int | None = None) -> None:
        """DECSTBM: a missing or zero bottom means the last row (pyte kept the old
        bottom margin), and a valid region always homes the cursor (pyte did not
        for ``CSI r``)."""
        top_row = (top or 1) - 1
        bottom_row = min((bottom or self.lines), self.lines) - 1
        if top_row >= bottom_row:
            return
        full = (top_row, bottom_row) == (0, self.lines - 1)
        self.margins = None if full else Margins(top_row, bottom_row)
        self.cursor_position()

    # ----- erasing and editing within a line -----

    def erase_characters(self, count: int | None = None) -> None:
        self._clear_pending_wrap()
        self._erase(self.cursor.y, self.cursor.x, min(self.cursor.x + (count or 1), self.columns))

    def erase_in_line(self, how: int = 0, private: bool = False) -> None:
        self._clear_pending_wrap()
        spans = {0: (self.cursor.x, self.columns), 1: (0, self.cursor.x + 1), 2: (0, self.columns)}
        if how in spans:
            self._erase(self.cursor.y, *spans[how])

    def erase_in_display(self, how: int = 0, *args, **kwargs) -> None:
        """ED: ``3`` only clears scrollback in xterm and tmux (pyte cleared the
        screen), unknown modes are ignored (pyte raised), and whole rows get the
        erase background (pyte only repainted cells it had stored)."""
        rows = {0: range(self.cursor.y + 1, self.lines), 1: range(self.cursor.y), 2: range(self.lines)}
        if how not in rows:
            return
        for y in rows[how]:
            self.buffer[y] = self._blank_line()
        if how in (0, 1):
            self.erase_in_line(how)

    def insert_characters(self, count: int | None = None) -> None:
        self._clear_pending_wrap()
        self._shift_cells(-(count or 1))

    def delete_characters(self, count: int | None = None) -> None:
        self._clear_pending_wrap()
        self._shift_cells(count or 1)

    def _shift_cells(self, count: int) -> None:
        """Shift cells right of the cursor left by ``count`` (right if negative)."""
        x, line = self.cursor.x, self.buffer[self.cursor.y]
        width = self.columns - x
        cells = [line[i] for i in range(x, self.columns)]
        blanks = [self._erase_char()] * min(abs(count), width)
        cells = (cells[count:] + blanks) if count > 0 else (blanks + cells)[:width]
        for offset, cell in enumerate(cells):
            line[x + offset] = cell

    # ----- resizing -----

    def resize(self, lines: int | None = None, columns: int | None = None) -> None:
        """The terminal window resized, as xterm and tmux do it.

        Stock pyte dropped rows from the top, homed the cursor and (through
        this class's one-slot DECSC) overwrote the saved cursor.  Here: when the
        height shrinks, rows below the cursor go first, then rows from the top
        (into the scrollback, which this judge does not keep, so a later grow
        adds blank rows at the bottom where xterm and tmux may pull those rows
        back; tmux also rewraps text when the width changes: a renderer must
        repaint after a resize and not rely on either).  Columns beyond the new
        width are dropped; the cursor keeps its cell, clamped inside the
        screen; the scroll region becomes the whole screen and origin mode is
        reset (as xterm's ScreenResize does); new columns get the default tab
        stops.  The main screen hidden behind the alternate one keeps its top
        rows; a saved cursor is clamped when it is restored.

        A pending wrap survives a resize in xterm, so the next character wraps
        to the next line.  When the width does not grow that is modelled
        exactly (the cursor goes to the new last column, wrap pending); when it
        grows, xterm leaves the flag on a column that is no longer the last,
        which this model cannot express, so the wrap is cleared there (tmux
        instead puts the cursor one past the old last column).  A renderer must
        place the cursor after a resize.
        """
        lines, columns = lines or self.lines, columns or self.columns
        if (lines, columns) == (self.lines, self.columns):
            return
        keeps_wrap = self.cursor.x >= self.columns and columns <= self.columns
        self._clear_pending_wrap()
        buffers = [self.buffer] + ([self._hidden_main[0]] if self._hidden_main is not None else [])
        if lines < self.lines:
            needed = self.lines - lines
            from_top = needed - min(needed, self.lines - 1 - self.cursor.y)
            self.cursor.y -= from_top
            for index, buffer in enumerate(buffers):
                first = from_top if index == 0 else 0
                kept = {y - first: row for y, row in buffer.items() if first <= y < first + lines}
                buffer.clear()
                buffer.update(kept)
        if columns < self.columns:
            for buffer in buffers:
                for row in buffer.values():
                    for x in [x for x in row if x >= columns]:
                        del row[x]
        else:
            self.tabstops |= set(range((self.columns + 7) // 8 * 8, columns, 8))
        self.tabstops = {stop for stop in self.tabstops if stop < columns}
        self.dirty.update(range(lines))
        self.lines, self.columns = lines, columns
        self.margins = None
        self.mode.discard(pyte_modes.DECOM)
        self.cursor.x = columns if keeps_wrap else min(self.cursor.x, columns - 1)
        self.cursor.y = min(self.cursor.y, lines - 1)

    # ----- modes, cursor save/restore, colours -----

    def set_mode(self, *modes: int, **kwargs) -> None:
        if kwargs.get("private") and 1049 in modes:
            self._enter_alternate_screen()
        super().set_mode(*modes, **kwargs)

    def reset_mode(self, *modes: int, **kwargs) -> None:
        if kwargs.get("private") and 1049 in modes:
            self._leave_alternate_screen()
        super().reset_mode(*modes, **kwargs)

    def _enter_alternate_screen(self) -> None:
        """``CSI ? 1049 h`` as xterm: DECSC, switch to the alternate screen (each
        screen has its own DECSC slot), clear it; the cursor does not move."""
        self.save_cursor()
        if self._hidden_main is None:
            self._hidden_main = (self.buffer, self.savepoints)
            self.savepoints = self._alternate_savepoints
        self.buffer = defaultdict(lambda: StaticDefaultDict(self.default_char))

    def _leave_alternate_screen(self) -> None:
        """``CSI ? 1049 l`` as xterm: back to the main screen, then DECRC (even
        when the alternate screen was not shown)."""
        if self._hidden_main is not None:
            self._alternate_savepoints = self.savepoints
            self.buffer, self.savepoints = self._hidden_main
            self._hidden_main = None
        self.restore_cursor()

    def save_cursor(self) -> None:
        """DECSC has one slot in xterm; pyte kept a stack."""
        self.savepoints.clear()
        super().save_cursor()

    def restore_cursor(self) -> None:
        """DECRC.  Unlike pyte: the slot is kept so the position can be restored
        again, the saved cursor is copied rather than handed out (pyte's later
        moves altered the saved one), autowrap and origin mode are restored off
        as well as on, and the row is clamped into the scroll region only in
        origin mode (pyte always clamped it)."""
        if not self.savepoints:
            super().restore_cursor()  # nothing saved: home, origin mode off
            return
        saved = self.savepoints[-1]
        self.g0_charset, self.g1_charset, self.charset = saved.g0_charset, saved.g1_charset, saved.charset
        for mode, on in ((pyte_modes.DECOM, saved.origin), (pyte_modes.DECAWM, saved.wrap)):
            if on:
                self.mode.add(mode)
            else:
                self.mode.discard(mode)
        self.cursor = copy.copy(saved.cursor)
        self.ensure_hbounds()
        self.ensure_vbounds()

    def select_graphic_rendition(self, *attrs: int, **kwargs) -> None:
        params = _sgr_for_pyte(attrs)
        if params:  # nothing left (only an underline colour) must not become pyte's reset
            super().select_graphic_rendition(*params)

    def debug(self, *args, **kwargs) -> None:
        """pyte calls this for sequences it does not implement; counted for reports."""
        self.ignored_sequences += 1


class XtermStream(pyte.ByteStream):
    """ByteStream that also dispatches SU, SD, REP, HPA and NEL correctly, and
    keeps sequences pyte's parser mangles away from it.

    pyte's parser skips ``>`` and stops at ``<``, ``=``, ``:`` or an
    intermediate byte other than space, then prints the rest of the sequence
    as text (``CSI = 1 u`` shows "1u"; ``CSI > 4;1 m`` is taken as bold and
    underline), and prints DCS/APC/PM/SOS strings.  Such CSI sequences and
    strings set modes, query the terminal or style underlines, none of which
    changes the text on screen, so they are removed before pyte sees them
    (counted as ignored); SGR with ``:`` sub-parameters is rewritten to the
    ``;`` form pyte reads.  Character set designations (``ESC ( 0``, DEC line
    drawing, as ncurses sends for a box) are applied, which pyte's UTF-8 mode
    would ignore.  An unfinished sequence at the end of a chunk waits
    for the next chunk.
    """
    csi = dict(pyte.ByteStream.csi, S="scroll_up", T="scroll_down", b="repeat_last")
    csi["`"] = "cursor_to_column"  # HPA (pyte maps HPA to "'" by mistake)
    escape = dict(pyte.ByteStream.escape, E="next_line")

    def __init__(self, screen: XtermScreen):
        super().__init__(screen)
        self._unfinished = b""

    def feed(self, data: bytes) -> None:
        data = self._unfinished + data
        tail = UNFINISHED_TAIL.search(data)
        cut = tail.start() if tail else len(data)
        data, self._unfinished = data[:cut], data[cut:]
        data = CONTROL_STRING.sub(self._drop, data)
        pieces = CHARSET_DESIGNATION.split(data)  # text, (mode, code, text)...
        for index in range(0, len(pieces), 3):
            if index:
                self.listener.define_charset(pieces[index - 1].decode("ascii"), pieces[index - 2].decode("ascii"))
            super().feed(CSI_SEQUENCE.sub(self._rewrite_csi, pieces[index]))

    def _drop(self, match: re.Match) -> bytes:
        self.listener.debug(match.group(0))
        return b""

    def _rewrite_csi(self, match: re.Match) -> bytes:
        params, intermediates, final = match.groups()
        if intermediates or params[:1] in (b"<", b"=", b">"):
            return self._drop(match)
        if b":" in params:
            rewritten = _sgr_without_colons(params) if final == b"m" else b""
            return b"\x1b[" + rewritten + b"m" if rewritten else self._drop(match)  # "CSI m" would reset
        return match.group(0)


def screen_lines(screen: XtermScreen) -> list[str]:
    """Rows as text, each wide character once, NFC, trailing spaces removed."""
    return [_row_text(screen.buffer[y], screen.columns) for y in range(screen.lines)]


def _row_text(line, columns: int) -> str:
    out = []
    for x in range(columns):
        data = line[x].data
        if data == "":
            right_half = x > 0 and char_width(line[x - 1].data[:1]) == 2
            out.append("" if right_half else " ")
        elif char_width(data[0]) == 2 and not (x + 1 < columns and line[x + 1].data == ""):
            out.append(" ")  # a wide character cut off from its right half is not displayed
        else:
            out.append(data)
    return normalise_line("".join(out))


def screen_styles(screen: XtermScreen) -> list[list[tuple]]:
    """Canonical style per cell; the right half of a wide character shares the left's."""
    grid = []
    for y in range(screen.lines):
        line = screen.buffer[y]
        row = []
        for x in range(screen.columns):
            cell = line[x]
            if cell.data == "" and x > 0 and char_width(line[x - 1].data[:1]) == 2:
                row.append(row[-1])
            else:
                row.append(_cell_style(cell))
        grid.append(row)
    return grid


def _cell_style(cell: Char) -> tuple:
    flags = {"bold": cell.bold, "italic": cell.italics, "underline": cell.underscore,
             "reverse": cell.reverse, "strikethrough": cell.strikethrough}
    attrs = frozenset(name for name, on in flags.items() if on)
    return (pyte_colour(cell.fg), pyte_colour(cell.bg), attrs)


def normalise_line(line: str) -> str:
    """The form in which expected and emulated rows are compared."""
    return unicodedata.normalize("NFC", line).rstrip()
