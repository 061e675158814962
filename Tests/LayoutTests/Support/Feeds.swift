import FrameGrid

@testable import Layout

/// A data source that derives item i from i and counts what it was asked for.
final class CountingFeed: LazyDataSource {
    let count: Int
    let sectionLength: Int?
    private(set) var requested: [Int] = []

    init(count: Int, sectionLength: Int? = nil) {
        self.count = count
        self.sectionLength = sectionLength
    }

    /// Item i has (i % 3) + 1 lines: "i" then "i.1", "i.2".
    func item(at index: Int) -> FeedItem {
        requested.append(index)
        return FeedItem(index: index, lines: index % 3 + 1, isHeader: isSectionHeader(at: index))
    }

    func isSectionHeader(at index: Int) -> Bool { sectionLength.map { index % $0 == 0 } ?? false }
    func sectionHeaderIndex(atOrBefore index: Int) -> Int? { sectionLength.map { index - index % $0 } }
}

struct FeedItem {
    let index: Int
    let lines: Int
    let isHeader: Bool

    var text: String {
        isHeader
            ? "== \(index) ==" : (0..<lines).map { $0 == 0 ? "\(index)" : "\(index).\($0)" }.joined(separator: "\n")
    }
}

struct FeedRow: View {
    let item: FeedItem
    var body: some View { Text(item.text) }
}
