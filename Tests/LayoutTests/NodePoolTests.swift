import FrameGrid
import TestSupport
import XCTest

@testable import Layout

/// Views of a type never built before are built from pooled nodes (`NodePool`).
final class NodePoolTests: XCTestCase {
    func testAViewTypeFirstShownAfterAnotherShowsExactlyWhatItsViewsSay() {
        let host = ViewHost(size: Size(cols: 10, rows: 2)) { PoolSwitch() }
        var grid = Grid(cols: 10, rows: 2)
        assertScreen(Screen.frame(host, &grid), [" left   x", ""])
        PoolSwitch.showsSecond?.wrappedValue = true
        assertScreen(Screen.frame(host, &grid), ["top", "bottom"])
        PoolSwitch.showsSecond?.wrappedValue = false
        assertScreen(Screen.frame(host, &grid), [" left   x", ""])
    }

    func testANodeTakenApartIsRebuiltWithoutItsOldChildren() {
        let pool = NodePool(rows: RowRecycler(), subtrees: SubtreeRecycler())
        let context = BuildContext(host: nil)
        let stack = VStack._makeNode(VStack { Text("a") }, context)
        stack.dismantle(into: pool)
        var children = 0
        stack.forEachChild { _ in children += 1 }
        XCTAssertEqual(children, 0, "a stack taken apart lets go of its children")
    }
}

struct PoolSwitch: View {
    @State var second = false
    nonisolated(unsafe) static var showsSecond: Binding<Bool>?

    var body: some View {
        PoolSwitch.showsSecond = $second
        return VStack(alignment: .leading, spacing: 0) {
            if second {
                Text("top")
                Text("bottom")
            } else {
                HStack(spacing: 0) {
                    Text("left")
                    Spacer()
                    Text("x")
                }
                .padding(.horizontal, 1)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
