"""The shootout's prompt_toolkit peer (Python, prompt_toolkit 3.0.52).

Pattern: prompt_toolkit's "Full screen applications" documentation: an
`Application(full_screen=True)` with a `Layout` of an `HSplit` of
`Window`s, the list a `Window` over a `FormattedTextControl` whose text
is a callable returning (style, text) fragments, key bindings through
`KeyBindings`. prompt_toolkit has no list widget for a million rows (its
radio/checkbox lists hold every item as fragments), so the control
returns only the visible window: 1,000,000 items works. prompt_toolkit's
renderer diffs the screen itself. Keys and the scrolling rule:
Benchmarks/Peers/README.md. Usage: list.py [ITEMS [JUMP]], list.py --version.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import prompt_toolkit  # noqa: E402
from prompt_toolkit.application import Application, get_app  # noqa: E402
from prompt_toolkit.key_binding import KeyBindings  # noqa: E402
from prompt_toolkit.layout import HSplit, Layout, Window  # noqa: E402
from prompt_toolkit.layout.controls import FormattedTextControl  # noqa: E402
from listmodel import ListState, arguments, bold, color, text  # noqa: E402

PT_COLORS = {"red": "ansired", "green": "ansigreen", "yellow": "ansiyellow", "blue": "ansiblue"}
KEYS = {
    "down": "down", "j": "down", "up": "up", "k": "up", "pagedown": "pagedown", "pageup": "pageup",
    "home": "home", "g": "home", "end": "end", "G": "end", "n": "jump",
}


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        print(f"prompt_toolkit {prompt_toolkit.__version__}")
        return
    items, jump = arguments()
    state = ListState(items, jump)

    def rows() -> int:
        return max(1, get_app().output.get_size().rows - 2)

    def fragments():
        state.settle(rows())
        out = []
        for item in state.visible(rows()):
            style = PT_COLORS[color(item)] + (" bold" if bold(item) else "")
            if item - 1 == state.cursor:
                style += " reverse"
            out += [(style, text(item)), ("", "\n")]
        return out

    bindings = KeyBindings()

    @bindings.add("q")
    def _(event):
        event.app.exit()

    for key, name in KEYS.items():
        bindings.add(key)(lambda event, name=name: state.key(name, rows()))

    layout = Layout(
        HSplit(
            [
                Window(FormattedTextControl(f" prompt_toolkit {prompt_toolkit.__version__}: {items} items"), height=1, style="reverse"),
                Window(FormattedTextControl(fragments)),
                Window(FormattedTextControl(lambda: f" item {state.cursor + 1} of {items}"), height=1),
            ]
        )
    )
    Application(layout=layout, key_bindings=bindings, full_screen=True).run()


if __name__ == "__main__":
    main()
