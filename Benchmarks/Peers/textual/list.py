"""The shootout's Textual peer (Python, Textual 8.2.8).

Pattern: Textual's guide "Line API" ("Scrolling": a `ScrollView` with a
`virtual_size` as tall as the content and `render_line(y)` returning a
`Strip` for each visible line), which the guide recommends for large
scrolling content; the app's header and status line are `Static`s in the
default vertical layout. Textual's `ListView`/`OptionList` mount or hold
every item and never finished drawing 1,000,000 (issue 32), the Line API
draws only visible lines: 1,000,000 items. The scrollbar is hidden
(`scrollbar-size-vertical: 0`) so the list rows are the items alone.
Keys and the scrolling rule: Benchmarks/Peers/README.md; the view
scrolls to the rule's top with `scroll_to(animate=False)`.
Usage: list.py [ITEMS [JUMP]], list.py --version.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from listmodel import ListState, arguments, bold, color, text  # noqa: E402


def version() -> str:
    from importlib.metadata import version as package_version

    return f"textual {package_version('textual')}"


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        print(version())
        return
    items, jump = arguments()

    from rich.segment import Segment
    from rich.style import Style
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.geometry import Size
    from textual.scroll_view import ScrollView
    from textual.strip import Strip
    from textual.widgets import Static

    state = ListState(items, jump)

    class ItemView(ScrollView, can_focus=True):
        DEFAULT_CSS = "ItemView { height: 1fr; scrollbar-size-vertical: 0; scrollbar-size-horizontal: 0; }"
        BINDINGS = [
            Binding(key, f"move('{name}')", show=False)
            for key, name in [
                ("down", "down"), ("j", "down"), ("up", "up"), ("k", "up"), ("pagedown", "pagedown"),
                ("pageup", "pageup"), ("home", "home"), ("g", "home"), ("end", "end"), ("G", "end"), ("n", "jump"),
            ]
        ]

        def on_mount(self) -> None:
            self.virtual_size = Size(80, items)

        def on_resize(self) -> None:
            self.place()

        def action_move(self, name: str) -> None:
            state.key(name, self.size.height)
            self.place()

        def place(self) -> None:
            state.settle(self.size.height)
            self.scroll_to(y=state.top, animate=False, immediate=True)
            self.refresh()
            self.app.query_one("#status", Static).update(f" item {state.cursor + 1} of {items}")

        def render_line(self, y: int) -> Strip:
            item = self.scroll_offset.y + y + 1
            if item > items:
                return Strip.blank(self.size.width)
            style = Style(color=color(item), bold=bold(item), reverse=item - 1 == state.cursor)
            return Strip([Segment(text(item), style)]).extend_cell_length(self.size.width)

    class ListApp(App):
        CSS = "#header { background: $foreground; color: $background; } Static { height: 1; }"
        BINDINGS = [("q", "quit", "Quit")]

        def compose(self) -> ComposeResult:
            yield Static(f" {version()}: {items} items", id="header")
            yield ItemView()
            yield Static(f" item 1 of {items}", id="status")

        def on_mount(self) -> None:
            self.query_one(ItemView).focus()

    ListApp().run()


if __name__ == "__main__":
    main()
