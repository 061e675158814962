"""The shootout's list, shared by the Python peers: the items, their
styles, the keys and the scrolling rule of Benchmarks/Peers/README.md
(the C, Rust and Go peers spell the same rule out in their own language).
"""
import sys

WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"]
KOREAN = ["가나다", "한국어", "서울", "안녕하세요"]
EMOJI = ["🍎", "🚀", "🎉"]
# Foreground by item % 4, as the ANSI colour names every framework knows.
COLORS = ["red", "green", "yellow", "blue"]


def text(item: int) -> str:
    """Item `item` (1-based) as shown."""
    return f"{item:7d} {WORDS[item % 8]} {KOREAN[item % 4]} {EMOJI[item % 3]} item {item}"


def color(item: int) -> str:
    return COLORS[item % 4]


def bold(item: int) -> bool:
    return item % 5 == 0


class ListState:
    """The cursor and the first visible item (both 0-based), moved by the
    shootout's keys and kept by one rule so every peer shows the same rows."""

    def __init__(self, items: int, jump: int) -> None:
        self.items, self.jump = items, jump
        self.top = self.cursor = 0

    def key(self, name: str, rows: int) -> bool:
        """Applies a key (a name below); False for a key the list ignores."""
        if name == "down":
            self.cursor += 1
        elif name == "up":
            self.cursor -= 1
        elif name == "pagedown":
            self.cursor += rows
            self.top += rows
        elif name == "pageup":
            self.cursor -= rows
            self.top -= rows
        elif name == "home":
            self.cursor = 0
        elif name == "end":
            self.cursor = self.items - 1
        elif name == "jump":
            self.cursor = self.jump - 1
        else:
            return False
        self.settle(rows)
        return True

    def settle(self, rows: int) -> None:
        """Clamps the cursor, then the top, then keeps the cursor visible."""
        rows = max(1, rows)
        self.cursor = min(max(self.cursor, 0), self.items - 1)
        self.top = min(max(self.top, 0), max(0, self.items - rows))
        if self.cursor < self.top:
            self.top = self.cursor
        if self.cursor >= self.top + rows:
            self.top = self.cursor - rows + 1

    def visible(self, rows: int) -> range:
        """The 1-based item numbers on screen."""
        return range(self.top + 1, min(self.items, self.top + rows) + 1)


def arguments(default_items: int = 1_000_000) -> tuple[int, int]:
    """ITEMS [JUMP] from the command line (JUMP defaults to ITEMS // 2)."""
    try:
        items = int(sys.argv[1]) if len(sys.argv) > 1 else default_items
        jump = int(sys.argv[2]) if len(sys.argv) > 2 else items // 2
    except ValueError:
        sys.exit(f"{sys.argv[0]}: ITEMS and JUMP must be numbers")
    if items < 1 or not 1 <= jump <= items:
        sys.exit(f"{sys.argv[0]}: ITEMS must be positive and JUMP an item number up to ITEMS")
    return items, jump
