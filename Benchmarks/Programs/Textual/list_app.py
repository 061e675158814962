"""A Textual app for `framebench program`: a header, a long list with a
highlighted row, and a footer. j/Down and k/Up move the highlight,
PageDown/PageUp move a page, q quits. Usage: list_app.py [ITEMS] (default 10000).
"""
import sys

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, OptionList


class ItemList(OptionList):
    BINDINGS = [("j", "cursor_down", "Down"), ("k", "cursor_up", "Up")]


class ListApp(App):
    BINDINGS = [("q", "quit", "Quit")]

    def __init__(self, items: int) -> None:
        super().__init__()
        self.items = items

    def compose(self) -> ComposeResult:
        yield Header()
        yield ItemList(*(f"{n:6d}  item {n}: the quick brown fox jumps over the lazy dog" for n in range(1, self.items + 1)))
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"textual list: {self.items} items"
        self.query_one(ItemList).focus()


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    if count < 1:
        sys.exit("list_app.py: ITEMS must be a positive number")
    ListApp(count).run()
