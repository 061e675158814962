import Layout
import Workloads

/// One block of the web page: the title, a heading, a paragraph, a list or a quote.
struct ArticleBlock: Equatable {
    enum Kind: String {
        case title, heading, paragraph, list, quote
    }
    let kind: Kind
    /// The block's text; for a list, its items.
    let lines: [String]
}

/// The page's blocks, `count` of them, each derived from (seed, index) when
/// shown (nothing stored per block, so ten million cost what ten do), or
/// read from a feed file: one block per line, plain text or JSON with
/// `text` and an optional `kind` (title, heading, paragraph, list, quote).
struct Article: LazyDataSource {
    let count: Int
    let seed: UInt64
    let file: FileFeed?
    private let recent = RecentBlocks()

    func item(at index: Int) -> ArticleBlock { recent.block(index) { makeItem(at: $0) } }

    private func makeItem(at index: Int) -> ArticleBlock {
        if let file { return Article.block(from: file.record(index)) }
        var random = SeededRandom(seed: seed, index: index)
        if index == 0 { return ArticleBlock(kind: .title, lines: [Article.sentence(4 + random.below(4), &random)]) }
        switch random.below(12) {
        case 0, 1:
            return ArticleBlock(kind: .heading, lines: [Article.sentence(2 + random.below(4), &random)])
        case 2:
            let items = (0..<(2 + random.below(3))).map { _ in Article.sentence(3 + random.below(9), &random) }
            return ArticleBlock(kind: .list, lines: items)
        case 3:
            return ArticleBlock(kind: .quote, lines: [Article.sentence(8 + random.below(16), &random)])
        default:
            return ArticleBlock(kind: .paragraph, lines: [Article.paragraph(&random)])
        }
    }

    /// Each kind of block is built from its own views (the draw that picks
    /// the kind in `item(at:)`, without making the text). Blocks from a file
    /// are not told apart: their kind is in the record.
    func reuseKind(at index: Int) -> Int {
        if file != nil { return 0 }
        if index == 0 { return 5 }
        var random = SeededRandom(seed: seed, index: index)
        switch random.below(12) {
        case 0, 1: return 1
        case 2: return 2
        case 3: return 3
        default: return 4
        }
    }

    static func block(from record: FileRecord) -> ArticleBlock {
        let kind = record.value("kind").flatMap(ArticleBlock.Kind.init(rawValue:)) ?? .paragraph
        return ArticleBlock(kind: kind, lines: [record.text])
    }

    /// Two to six sentences.
    private static func paragraph(_ random: inout SeededRandom) -> String {
        var text = ""
        // The longest paragraph fits: one allocation per block, not one per doubling.
        text.reserveCapacity(6 * 18 * (longestWord + 1) + 6)
        for sentence in 0..<(2 + random.below(5)) {
            if sentence > 0 { text += " " }
            appendSentence(5 + random.below(14), &random, to: &text)
            text += "."
        }
        return text
    }

    /// `words` words, the first capitalised.
    private static func sentence(_ words: Int, _ random: inout SeededRandom) -> String {
        var text = ""
        text.reserveCapacity(max(1, words) * (longestWord + 1))
        appendSentence(words, &random, to: &text)
        return text
    }

    private static func appendSentence(_ words: Int, _ random: inout SeededRandom, to text: inout String) {
        for word in 0..<max(1, words) {
            let next = vocabulary[random.below(vocabulary.count)]
            if word == 0 {
                text += next.prefix(1).uppercased()
                text += next.dropFirst()
            } else {
                text += " "
                text += next
            }
        }
    }

    private static let longestWord = vocabulary.map(\.utf8.count).max() ?? 0

    private static let vocabulary = [
        "swift", "view", "layout", "the", "a", "of", "and", "to", "scroll", "terminal", "frame", "render", "with",
        "every", "cell", "grid", "bar", "safari", "page", "reader", "text", "wraps", "lazy", "stack", "row", "in",
        "animation", "spring", "bouncy", "toolbar", "address", "field", "developer", "documentation", "example",
        "state", "binding", "modifier", "is", "for", "when", "then", "each", "content", "offset", "height", "shows",
    ]
}
