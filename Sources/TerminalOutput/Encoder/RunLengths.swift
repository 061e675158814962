/// Byte lengths of `ech` and of `rep` of a space by count, for the
/// encoder's choice between erasing a coloured blank run and painting it:
/// evaluating both through the terminfo machine for every such run was
/// about 1.5% of a full repaint of watcha-home (callgrind). A length
/// depends on the count alone (each evaluation starts with zeroed
/// variables), not on the screen, so it holds for the session.
///
/// One fixed block, made with the encoder: filling it never allocates, so
/// no frame's allocations change. Runs of `capacity` cells or more (wider
/// than common screens) are evaluated each time.
struct RunLengths {
    static let capacity = 256
    /// Per count: `ech`'s length, then (from `capacity`) `rep`'s; -1 while not worked out.
    private var lengths = [Int32](repeating: -1, count: 2 * RunLengths.capacity)

    /// The length kept for `count` cells, nil when not worked out yet or out of the table.
    func length(repeating: Bool, count: Int) -> Int? {
        guard count >= 0 && count < RunLengths.capacity else { return nil }
        let stored = lengths[(repeating ? RunLengths.capacity : 0) + count]
        return stored < 0 ? nil : Int(stored)
    }

    mutating func store(_ length: Int, repeating: Bool, count: Int) {
        guard count >= 0 && count < RunLengths.capacity, length < Int(Int32.max) else { return }
        lengths[(repeating ? RunLengths.capacity : 0) + count] = Int32(length)
    }
}
