"""The shootout's blessed peer (Python, blessed 1.52.0).

Pattern: blessed's documentation ("Examples", "Location"/"fullscreen"):
enter `term.fullscreen()`, `term.cbreak()`, `term.hidden_cursor()`, read
keys with `term.inkey()`, and redraw the visible rows with
`term.move_xy(...)` plus formatting callables. blessed has no list widget
and no diffing: every key rewrites the visible rows (the docs' way).
1,000,000 items: only the window is formatted. Usage: list.py [ITEMS [JUMP]].
"""
import os
import signal
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import blessed  # noqa: E402
from listmodel import ListState, arguments, bold, color, text  # noqa: E402

KEYS = {
    "KEY_DOWN": "down", "KEY_UP": "up", "KEY_PGDOWN": "pagedown", "KEY_PGUP": "pageup",
    "KEY_HOME": "home", "KEY_END": "end",
}
LETTERS = {"j": "down", "k": "up", "g": "home", "G": "end", "n": "jump"}


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        print(f"blessed {blessed.__version__}")
        return
    items, jump = arguments()
    term = blessed.Terminal()
    state = ListState(items, jump)

    def styled(item: int) -> str:
        style = getattr(term, color(item))
        if bold(item):
            style = term.bold + style
        if item - 1 == state.cursor:
            style = term.reverse + style
        return style + text(item) + term.normal

    def draw() -> None:
        rows = max(1, term.height - 2)
        state.settle(rows)
        out = [term.home, term.reverse(f" blessed {blessed.__version__}: {items} items"), term.clear_eol]
        visible = state.visible(rows)
        for row in range(rows):
            out.append(term.move_xy(0, row + 1))
            if row < len(visible):
                out.append(styled(visible[row]))
            out.append(term.clear_eol)
        out += [term.move_xy(0, term.height - 1), f" item {state.cursor + 1} of {items}", term.clear_eol]
        sys.stdout.write("".join(out))
        sys.stdout.flush()

    with term.fullscreen(), term.cbreak(), term.hidden_cursor():
        # blessed's docs redraw from a SIGWINCH handler (the "resize" example).
        signal.signal(signal.SIGWINCH, lambda *_: draw())
        draw()
        while True:
            key = term.inkey()
            if key == "q":
                break
            name = KEYS.get(key.name) if key.is_sequence else LETTERS.get(str(key))
            if name and state.key(name, max(1, term.height - 2)):
                draw()


if __name__ == "__main__":
    main()
