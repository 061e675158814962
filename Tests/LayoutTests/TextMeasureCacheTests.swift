import FrameGrid
import XCTest

@testable import Layout

/// A text node answers every proposal as wrapping it afresh would, whatever
/// it was asked before: its caches (two widths, the unwrapped layout, the
/// wide-width rule that shares one answer among every width the text cannot
/// wrap in) never change an answer or a line.
final class TextMeasureCacheTests: XCTestCase {
    private let texts = [
        "", "a", "♡", "💬 12", "trailing   ", "   leading", "two\nlines", "one two three four five six",
        "안녕하세요 터미널 화면", "e\u{301}te\u{301}", "🎉🚀✨🔥💡", "a\n\n\nb", "word\r\nnext", "x  y  z  w",
        String(repeating: "long ", count: 30), "ab\u{200F}cd", "tab\there",
    ]

    private func widths(_ text: String) -> [Int?] {
        let bytes = text.utf8.count
        var widths: [Int?] = [nil, ProposedSize.unbounded, ProposedSize.unbounded / 2, ProposedSize.unbounded / 3, 0]
        for width in [1, 2, 3, 4, 5, 7, 10, 13, 20, 40, bytes, bytes + 1, 2 * bytes - 1, 2 * bytes, 2 * bytes + 1] {
            widths.append(width)
        }
        return widths
    }

    private struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// The reference: the size wrapping from scratch gives.
    private func expected(_ text: String, _ proposal: ProposedSize, lineLimit: Int?) -> Size {
        let height = proposal.height
        let limit: Int? =
            switch (height, lineLimit) {
            case (nil, nil): nil
            case (let height?, nil): max(1, height)
            case (nil, let limit?): max(1, limit)
            case (let height?, let limit?): max(1, min(height, limit))
            }
        guard var width = proposal.width ?? Int?.some(Int.max), width > 0 else { return .zero }
        if width >= ProposedSize.unbounded { width = Int.max }
        return TextLayout.size(text, width: width == Int.max ? nil : width, maxLines: limit)
    }

    func testEveryAnswerEqualsWrappingAfreshInAnyOrderOfProposals() {
        var random = Seeded(state: 7)
        for text in texts {
            for lineLimit in [nil, 1, 2, 3] as [Int?] {
                let node = TextNode(text, style: Style(), lineLimit: lineLimit)
                let widths = widths(text)
                let heights: [Int?] = [nil, 0, 1, 2, 3, 5, ProposedSize.unbounded]
                for _ in 0..<300 {
                    let proposal = ProposedSize(
                        width: widths[random.next(widths.count)], height: heights[random.next(heights.count)])
                    XCTAssertEqual(
                        node.measure(proposal), expected(text, proposal, lineLimit: lineLimit),
                        "\(text.debugDescription) limit \(String(describing: lineLimit)) at \(proposal)")
                }
            }
        }
    }

    func testPlacedLinesEqualWrappingAfreshAtThePlacedWidth() {
        var random = Seeded(state: 11)
        let context = LayoutContext(host: nil)
        for text in texts {
            for lineLimit in [nil, 1, 2] as [Int?] {
                let node = TextNode(text, style: Style(), lineLimit: lineLimit)
                let widths = widths(text).compactMap { $0 }.filter { $0 > 0 && $0 < 10_000 }
                for _ in 0..<200 {
                    // A measure (any proposal) then a place, as a stack does.
                    let measured = ProposedSize(width: widths[random.next(widths.count)], height: nil)
                    _ = node.measure(measured)
                    let rect = Rect(x: 0, y: 0, width: widths[random.next(widths.count)], height: 1 + random.next(4))
                    node.placeChildren(in: rect, context)
                    var lines: [String] = []
                    TextLayout.forEachLine(text, width: rect.width, maxLines: min(rect.height, lineLimit ?? .max)) {
                        lines.append("\(text[$0.range])|\($0.width)|\($0.truncated)")
                    }
                    XCTAssertEqual(
                        node.placedLines.map { "\(text[$0.range])|\($0.width)|\($0.truncated)" }, lines,
                        "\(text.debugDescription) limit \(String(describing: lineLimit)) at \(rect)")
                }
            }
        }
    }

    /// What a stack asks a text with a line limit in one pass: one line and
    /// the limit (offered no height, then an unbounded one) at its share of
    /// the width and at the width it was placed at. Each (width, lines) is
    /// cut once; the answers hold until the text changes.
    func testALineLimitedTextIsCutOncePerWidthAndLineCount() {
        let node = TextNode("one two three four", style: Style(), lineLimit: 2)
        let before = CutSizeCache.stores
        let asks = [
            ProposedSize(width: 8, height: 0), ProposedSize(width: 8, height: ProposedSize.unbounded),
            ProposedSize(width: 8, height: 1), ProposedSize(width: 8, height: 5), ProposedSize(width: 7, height: 0),
            ProposedSize(width: 7, height: nil), ProposedSize(width: 8, height: 0), ProposedSize(width: 7, height: 2),
        ]
        for proposal in asks {
            XCTAssertEqual(node.measure(proposal), expected(node.text, proposal, lineLimit: 2), "at \(proposal)")
        }
        XCTAssertEqual(CutSizeCache.stores - before, 4)
        // Another text forgets them.
        node.update("one two three four five", style: Style(), lineLimit: 2)
        _ = node.measure(ProposedSize(width: 8, height: 0))
        XCTAssertEqual(CutSizeCache.stores - before, 5)
    }

    /// A text that fits uncut has that size at any limit of at least its
    /// lines and at any width from its widest line's up to the one wrapped
    /// at: wrapped once for all of them.
    func testATextThatFitsUncutIsWrappedOnceForEveryLimitAndWidthItFitsIn() {
        let node = TextNode("short one", style: Style(), lineLimit: 3)
        let before = CutSizeCache.stores
        let asks = [
            ProposedSize(width: 6, height: ProposedSize.unbounded), ProposedSize(width: 6, height: 0),
            ProposedSize(width: 6, height: 1), ProposedSize(width: 6, height: 2), ProposedSize(width: 6, height: 3),
            ProposedSize(width: 5, height: 2), ProposedSize(width: 5, height: nil),
        ]
        for proposal in asks {
            XCTAssertEqual(node.measure(proposal), expected(node.text, proposal, lineLimit: 3), "at \(proposal)")
        }
        // At 6 columns it takes 2 lines ("short", "one"): that answers 2 and 3
        // lines there and at 5 columns; only 1 line (cut) is worked out apart.
        XCTAssertEqual(CutSizeCache.stores - before, 2)
        // Unwrapped it fits any width of at least its columns.
        let wide = TextNode("label", style: Style(), lineLimit: 1)
        let wideBefore = CutSizeCache.stores
        for width in [ProposedSize.unbounded, 40, 10, 5] {
            let proposal = ProposedSize(width: width, height: nil)
            XCTAssertEqual(wide.measure(proposal), Size(cols: 5, rows: 1), "at \(proposal)")
        }
        XCTAssertEqual(CutSizeCache.stores - wideBefore, 1)
    }

    /// A text without a line limit measured at one width and asked at any
    /// width from its widest line's up to that one is not wrapped again.
    func testATextIsNotWrappedAgainAtAWidthBetweenItsWidestLineAndTheWidthItWrappedAt() {
        let node = TextNode("aaaa bbb cc", style: Style(), lineLimit: nil)
        XCTAssertEqual(node.measure(ProposedSize(width: 9, height: nil)), Size(cols: 8, rows: 2))
        XCTAssertEqual(node.measure(ProposedSize(width: 8, height: nil)), Size(cols: 8, rows: 2))
        XCTAssertEqual(node.measure(ProposedSize(width: 7, height: nil)), Size(cols: 6, rows: 2))
        for width in [9, 8, 7, 6] {
            let proposal = ProposedSize(width: width, height: nil)
            XCTAssertEqual(node.measure(proposal), expected(node.text, proposal, lineLimit: nil), "at \(proposal)")
        }
    }
}
