/// Items for a lazy stack, produced on demand: `item(at:)` is called only
/// for rows about to be shown, so a source of ten million items need store
/// nothing per item (it can derive item i from a seed and i).
///
/// Sections: a source can mark some items as section headers; a lazy stack
/// with pinned headers keeps the current section's header at the top.
public protocol LazyDataSource {
    associatedtype Item
    /// How many items there are.
    var count: Int { get }
    /// Item `index` (0 ..< count). Called for visible rows only.
    func item(at index: Int) -> Item
    /// Whether item `index` is a section header (default: none are).
    func isSectionHeader(at index: Int) -> Bool
    /// The header of the section containing `index`: the nearest header at or
    /// before it, or nil. Should be O(1) or O(log n); a lazy stack calls it each frame.
    func sectionHeaderIndex(atOrBefore index: Int) -> Int?
    /// Which kind of row item `index` shows, when rows of one view type take
    /// different shapes (a header, a tweet): a row built for an item of
    /// another kind is recycled only for items of its own kind, so it is
    /// updated rather than rebuilt (default: all items are of one kind).
    /// Should be O(1); called for each row built.
    func reuseKind(at index: Int) -> Int
}

extension LazyDataSource {
    public func isSectionHeader(at index: Int) -> Bool { false }
    public func sectionHeaderIndex(atOrBefore index: Int) -> Int? { nil }
    public func reuseKind(at index: Int) -> Int { 0 }
}

/// An array as a lazy data source (for small, stored lists).
public struct ArrayDataSource<Element>: LazyDataSource {
    public let elements: [Element]
    public init(_ elements: [Element]) { self.elements = elements }
    public var count: Int { elements.count }
    public func item(at index: Int) -> Element { elements[index] }
}

/// Items computed from their index by a function: nothing is stored.
public struct GeneratedDataSource<Item>: LazyDataSource {
    public let count: Int
    let make: (Int) -> Item
    let headerEvery: Int?

    /// - Parameters:
    ///   - count: how many items.
    ///   - sectionLength: when set, items 0, n, 2n, ... are section headers.
    ///   - make: item i from i (called on demand only).
    public init(count: Int, sectionLength: Int? = nil, make: @escaping (Int) -> Item) {
        self.count = count
        self.make = make
        headerEvery = sectionLength
    }

    public func item(at index: Int) -> Item { make(index) }

    public func isSectionHeader(at index: Int) -> Bool {
        guard let headerEvery else { return false }
        return index % headerEvery == 0
    }

    public func sectionHeaderIndex(atOrBefore index: Int) -> Int? {
        guard let headerEvery else { return nil }
        return index - index % headerEvery
    }
}
