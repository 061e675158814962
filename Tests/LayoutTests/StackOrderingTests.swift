import FrameGrid
import XCTest

@testable import Layout

/// A stack works out the order it offers its children space in once per
/// layout generation and cross length, and the order it keeps gives every
/// answer and frame that working it out afresh gives.
final class StackOrderingTests: XCTestCase {
    override func setUp() {
        super.setUp()
        LayoutGeneration.current = LayoutGeneration.next()
    }

    /// Children of every kind the ordering tells apart: wrapping text (flexible),
    /// a fixed frame, a spacer (lowest priority) and a text of higher priority.
    private func children() -> [ViewNode] {
        [
            TextNode("aaaa bbbb cc", style: Style(), lineLimit: nil),
            FrameNode(
                child: TextNode("fixed", style: Style(), lineLimit: nil),
                bounds: FrameBounds(
                    minWidth: 6, idealWidth: 6, maxWidth: 6, minHeight: nil, idealHeight: nil, maxHeight: nil,
                    alignment: .center)),
            SpacerNode(minLength: 1, axis: .horizontal),
            PriorityNode(child: TextNode("dd ee ff gg", style: Style(), lineLimit: 2), priority: 1),
            TextNode("h i", style: Style(), lineLimit: nil),
        ]
    }

    private func stack(_ axis: Axis, _ children: [ViewNode]) -> StackLayout {
        let layout = StackLayout(axis: axis, alignment: .start, spacing: 1)
        layout.prepare(children)
        return layout
    }

    func testAStackOrdersItsChildrenOncePerGenerationAndCrossLength() {
        let layout = stack(.horizontal, children())
        let before = StackLayout.orderings
        // Its parent asks at no width, an unbounded one and its share, with one cross length.
        _ = layout.size(ProposedSize(width: 0, height: nil))
        _ = layout.size(ProposedSize(width: ProposedSize.unbounded, height: nil))
        _ = layout.size(ProposedSize(width: 20, height: nil))
        XCTAssertEqual(StackLayout.orderings - before, 1)
        // Placed at the height it chose: another cross length, ordered again, then kept for it.
        _ = layout.size(ProposedSize(width: 20, height: 2))
        _ = layout.size(ProposedSize(width: 17, height: 2))
        XCTAssertEqual(StackLayout.orderings - before, 2)
        // Back to the first cross length: the entries hold the second's order now.
        _ = layout.size(ProposedSize(width: 20, height: nil))
        XCTAssertEqual(StackLayout.orderings - before, 3)
        // A new generation (a view update) orders again.
        LayoutGeneration.current = LayoutGeneration.next()
        _ = layout.size(ProposedSize(width: 20, height: nil))
        XCTAssertEqual(StackLayout.orderings - before, 4)
    }

    /// Measures a stack of `children` as its parent does (at no length, an
    /// unbounded one and its share of 20, with no cross length), places it at
    /// the size it chose, and returns its children's frames and whether the
    /// placement kept the measured distribution; then checks them against
    /// the same children placed there by a stack that distributes afresh.
    private func placeAtChosenSize(
        _ axis: Axis, _ children: () -> [ViewNode], file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        let context = LayoutContext(host: nil)
        LayoutGeneration.current = LayoutGeneration.next()
        let kept = stack(axis, children())
        let share = ProposedSize.along(axis, 20, cross: nil)
        _ = kept.size(.along(axis, 0, cross: nil))
        _ = kept.size(.along(axis, ProposedSize.unbounded, cross: nil))
        let chosen = kept.size(share)
        let orderings = StackLayout.orderings
        let distributionsKept = StackLayout.distributionsKept
        let rect = Rect(x: 0, y: 0, width: chosen.cols, height: chosen.rows)
        kept.place(in: rect, context)
        let keptDistribution = StackLayout.distributionsKept - distributionsKept == 1
        if keptDistribution { XCTAssertEqual(StackLayout.orderings - orderings, 0, file: file, line: line) }
        let keptFrames = kept.children.map(\.frame)

        // Placed at another size: distributed again.
        kept.place(in: Rect(x: 0, y: 0, width: chosen.cols + 3, height: chosen.rows + 1), context)
        XCTAssertEqual(
            StackLayout.distributionsKept - distributionsKept, keptDistribution ? 1 : 0, file: file, line: line)

        // The same children in a new generation, distributed afresh at that
        // rect (as every placement was before): the same frames.
        LayoutGeneration.current = LayoutGeneration.next()
        StackOrderings.areKept = false
        defer { StackOrderings.areKept = true }
        let freshChildren = children()
        let fresh = stack(axis, freshChildren)
        XCTAssertEqual(fresh.size(share), chosen, "\(axis)", file: file, line: line)
        fresh.place(in: rect, context)
        XCTAssertEqual(keptFrames, freshChildren.map(\.frame), "\(axis)", file: file, line: line)
        return keptDistribution
    }

    /// Texts, a fixed frame and a text of higher priority (`children()` but
    /// the spacer): placed at the size the stack chose, each keeps the size
    /// it was measured at, so the stack places them without working out its
    /// order again at the new cross length (which asked each child, and
    /// theirs, at no length and an unbounded one).
    func testAStackPlacedAtTheSizeItChoseGivesItsChildrenTheSizesItMeasured() {
        let children = { self.children().filter { !($0 is SpacerNode) } }
        XCTAssertTrue(placeAtChosenSize(.horizontal, children))
        XCTAssertTrue(placeAtChosenSize(.vertical, children))
    }

    /// A child that takes the cross length it is offered (a spacer across a
    /// vertical stack, measured with no width, stretches to the stack's
    /// width when placed): the stack distributes again, and the frames are
    /// what distributing afresh gives.
    func testAChildTakingTheNewCrossLengthMakesTheStackDistributeAgain() {
        XCTAssertFalse(placeAtChosenSize(.vertical, children))
        // Every kind of child in a horizontal stack: kept or not, the frames distributing afresh gives.
        _ = placeAtChosenSize(.horizontal, children)
    }

    func testAStackOfOneChildOffersItAllWithoutOrdering() {
        let text = TextNode("aaaa bbbb", style: Style(), lineLimit: nil)
        let layout = stack(.horizontal, [text])
        let before = StackLayout.orderings
        XCTAssertEqual(layout.size(ProposedSize(width: 5, height: nil)), Size(cols: 4, rows: 2))
        XCTAssertEqual(layout.size(ProposedSize(width: 9, height: nil)), Size(cols: 9, rows: 1))
        XCTAssertEqual(layout.size(ProposedSize(width: -3, height: nil)), Size(cols: 0, rows: 0))
        XCTAssertEqual(StackLayout.orderings - before, 0)
    }

    /// Proposals in a fixed pseudo-random order, each answered by a stack
    /// that has answered all the ones before (its ordering kept) and by a
    /// new stack of new children in a new generation: sizes and placed
    /// frames must be the same.
    func testAKeptOrderingAnswersAsAFreshOneDoes() {
        var state: UInt64 = 5
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let lengths: [Int?] = [nil, 0, 1, 2, 3, 5, 8, 13, 21, 34, ProposedSize.unbounded]
        let context = LayoutContext(host: nil)
        for axis in [Axis.horizontal, .vertical] {
            let generation = LayoutGeneration.next()
            LayoutGeneration.current = generation
            let kept = stack(axis, children())
            for _ in 0..<200 {
                let proposal = ProposedSize(width: lengths[next(lengths.count)], height: lengths[next(lengths.count)])
                LayoutGeneration.current = generation
                let answer = kept.size(proposal)
                LayoutGeneration.current = LayoutGeneration.next()
                let freshChildren = children()
                let fresh = stack(axis, freshChildren)
                XCTAssertEqual(answer, fresh.size(proposal), "\(axis) at \(proposal)")
                guard let width = proposal.width, let height = proposal.height,
                    width < ProposedSize.unbounded, height < ProposedSize.unbounded
                else { continue }
                let rect = Rect(x: 0, y: 0, width: width, height: height)
                fresh.place(in: rect, context)
                LayoutGeneration.current = generation
                kept.place(in: rect, context)
                // Where each child is (a child placed before at its size is moved: it owes the move).
                XCTAssertEqual(
                    kept.children.map { $0.frame.offsetBy(x: $0.owedX, y: $0.owedY) }, freshChildren.map(\.frame),
                    "\(axis) placed in \(rect)")
            }
        }
    }
}
