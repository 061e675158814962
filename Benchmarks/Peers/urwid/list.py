"""The shootout's urwid peer (Python, urwid 5.0.1).

Pattern: urwid's documentation for long and generated lists: a `ListBox`
over a custom `ListWalker` that makes each row's widget on demand (the
tutorial's lazily generated walker), rows as `AttrMap(Text(...), attr,
focus_map)` so the focused row is drawn reversed, inside a `Frame` with a
header and a footer, run by `MainLoop` with a palette. The walker makes
widgets only for the rows ListBox asks for, so 1,000,000 items works.
The shootout's keys move the focus by the shared rule
(Benchmarks/Peers/README.md) and place it with `ListBox.change_focus`
(urwid's own PageDown keeps a different row in view).
Usage: list.py [ITEMS [JUMP]], list.py --version.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import urwid  # noqa: E402
from listmodel import ListState, arguments, bold, color, text  # noqa: E402

URWID_COLORS = {"red": "dark red", "green": "dark green", "yellow": "brown", "blue": "dark blue"}
KEYS = {
    "down": "down", "j": "down", "up": "up", "k": "up", "page down": "pagedown", "page up": "pageup",
    "home": "home", "g": "home", "end": "end", "G": "end", "n": "jump",
}


def palette() -> list:
    entries = [("header", "standout", "")]
    for name, urwid_name in URWID_COLORS.items():
        for weight in ("", ",bold"):
            entries.append((name + weight, urwid_name + weight, ""))
            entries.append((name + weight + ":focus", urwid_name + weight + ",standout", ""))
    return entries


class ItemWalker(urwid.ListWalker):
    """The items as widgets, made when ListBox asks for a position."""

    def __init__(self, items: int) -> None:
        self.items = items
        self.focus = 0

    def __getitem__(self, position: int) -> urwid.Widget:
        if not 0 <= position < self.items:
            raise IndexError(position)
        item = position + 1
        attr = color(item) + (",bold" if bold(item) else "")
        return urwid.AttrMap(urwid.Text(text(item), wrap="clip"), attr, attr + ":focus")

    def next_position(self, position: int) -> int:
        if position + 1 >= self.items:
            raise IndexError(position)
        return position + 1

    def prev_position(self, position: int) -> int:
        if position <= 0:
            raise IndexError(position)
        return position - 1

    def set_focus(self, position: int) -> None:
        self.focus = position
        self._modified()


class ItemList(urwid.ListBox):
    def __init__(self, state: ListState, status: urwid.Text) -> None:
        super().__init__(ItemWalker(state.items))
        self.state, self.status = state, status

    def keypress(self, size, key):
        name = KEYS.get(key)
        if name is None:
            return key
        rows = size[1]
        self.state.key(name, rows)
        self.change_focus(size, self.state.cursor, offset_inset=self.state.cursor - self.state.top)
        self.status.set_text(f" item {self.state.cursor + 1} of {self.state.items}")
        return None


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        print(f"urwid {urwid.__version__}")
        return
    items, jump = arguments()
    state = ListState(items, jump)
    status = urwid.Text(f" item 1 of {items}")
    header = urwid.AttrMap(urwid.Text(f" urwid {urwid.__version__}: {items} items"), "header")
    frame = urwid.Frame(ItemList(state, status), header=header, footer=status)

    def unhandled(key):
        if key == "q":
            raise urwid.ExitMainLoop()

    urwid.MainLoop(frame, palette(), unhandled_input=unhandled).run()


if __name__ == "__main__":
    main()
