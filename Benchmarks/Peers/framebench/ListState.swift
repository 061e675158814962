/// The shootout's list state: the cursor and the first visible item (both
/// 0-based), moved by the keys of Benchmarks/Peers/README.md and kept by its
/// one rule, so this peer shows the same rows as every other.
struct ListState: Equatable {
    let items: Int
    /// The item (1-based) the jump key goes to.
    let jump: Int
    private(set) var top = 0
    private(set) var cursor = 0

    init(items: Int, jump: Int) {
        self.items = items
        self.jump = jump
    }

    /// The keys of the contract (`q` is not one: it ends the program, not the list).
    enum Key: Equatable {
        case down, up, pageDown, pageUp, home, end, jump
    }

    /// Applies `key` with `rows` list rows on screen, then the rule's clamps.
    mutating func apply(_ key: Key, rows: Int) {
        switch key {
        case .down: cursor += 1
        case .up: cursor -= 1
        case .pageDown:
            cursor += rows
            top += rows
        case .pageUp:
            cursor -= rows
            top -= rows
        case .home: cursor = 0
        case .end: cursor = items - 1
        case .jump: cursor = jump - 1
        }
        settle(rows: rows)
    }

    /// Clamps the cursor, then the top, then keeps the cursor on screen
    /// (also what a resize does, with the new row count).
    mutating func settle(rows: Int) {
        let rows = max(1, rows)
        cursor = min(max(cursor, 0), items - 1)
        top = min(max(top, 0), max(0, items - rows))
        if cursor < top { top = cursor }
        if cursor >= top + rows { top = cursor - rows + 1 }
    }
}
