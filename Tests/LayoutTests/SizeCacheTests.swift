import FrameGrid
import XCTest

@testable import Layout

/// A node that answers a fixed rule and counts how often it is measured.
private final class CountingNode: ViewNode {
    var measured = 0
    let answer: (ProposedSize) -> Size

    init(_ answer: @escaping (ProposedSize) -> Size) { self.answer = answer }

    override func measure(_ proposal: ProposedSize) -> Size {
        measured += 1
        return answer(proposal)
    }
}

final class SizeCacheTests: XCTestCase {
    override func setUp() {
        super.setUp()
        LayoutGeneration.current = LayoutGeneration.next()
    }

    func testAProposalOfferingTheChosenSizeOnAnAxisIsAnsweredWithoutMeasuring() {
        let node = CountingNode { _ in Size(cols: 8, rows: 3) }
        XCTAssertEqual(node.sizeThatFits(ProposedSize(width: 10, height: nil)), Size(cols: 8, rows: 3))
        // What a stack asks when it places the node at the height it chose, and what placing it asks.
        XCTAssertEqual(node.sizeThatFits(ProposedSize(width: 10, height: 3)), Size(cols: 8, rows: 3))
        XCTAssertEqual(node.sizeThatFits(ProposedSize(width: 8, height: nil)), Size(cols: 8, rows: 3))
        XCTAssertEqual(node.sizeThatFits(ProposedSize(width: 8, height: 3)), Size(cols: 8, rows: 3))
        XCTAssertEqual(node.measured, 1)
    }

    func testAProposalBetweenTheChosenAndTheOfferedSizeIsMeasured() {
        let node = CountingNode { proposal in
            Size(cols: min(8, proposal.width ?? 8), rows: proposal.height ?? 3)
        }
        _ = node.sizeThatFits(ProposedSize(width: 10, height: nil))
        XCTAssertEqual(node.sizeThatFits(ProposedSize(width: 10, height: 5)), Size(cols: 8, rows: 5))
        XCTAssertEqual(node.sizeThatFits(ProposedSize(width: 9, height: nil)), Size(cols: 8, rows: 3))
        XCTAssertEqual(node.measured, 3)
    }

    func testASizeThatOverflowsItsProposalIsNotReusedForTheSizeItself() {
        // Offered no rows, the node still takes 3 (as text does); offered 3 it may answer otherwise.
        let node = CountingNode { proposal in
            Size(cols: 8, rows: proposal.height == 0 ? 3 : min(2, proposal.height ?? 2))
        }
        XCTAssertEqual(node.sizeThatFits(ProposedSize(width: 10, height: 0)), Size(cols: 8, rows: 3))
        XCTAssertEqual(node.sizeThatFits(ProposedSize(width: 10, height: 3)), Size(cols: 8, rows: 2))
        XCTAssertEqual(node.measured, 2)
    }

    func testANewLayoutGenerationMeasuresAgain() {
        let node = CountingNode { _ in Size(cols: 8, rows: 3) }
        _ = node.sizeThatFits(ProposedSize(width: 10, height: nil))
        LayoutGeneration.current = LayoutGeneration.next()
        _ = node.sizeThatFits(ProposedSize(width: 10, height: 3))
        XCTAssertEqual(node.measured, 2)
    }
}
