import FrameGrid
import TestSupport
import XCTest

@testable import Layout

/// Updates keep nodes (and their state) by identity.
final class IdentityTests: XCTestCase {
    func testForEachKeepsTheStateOfRowsWhoseIdsSurvive() {
        let host = ViewHost(size: Size(cols: 12, rows: 3)) { TaggedList() }
        var grid = Grid(cols: 12, rows: 3)
        assertScreen(Screen.frame(host, &grid), ["a:0", "b:0", "c:0"])
        TaggedRow.bindings["b"]?.wrappedValue = 7
        assertScreen(Screen.frame(host, &grid), ["a:0", "b:7", "c:0"])
        TaggedList.items?.wrappedValue = ["x", "b", "a"]
        // "b" keeps its 7 though it moved; "c" is gone; "x" is new.
        assertScreen(Screen.frame(host, &grid), ["x:0", "b:7", "a:0"])
    }

    func testAResizedGridResizesTheScreen() {
        let host = ViewHost(size: Size(cols: 6, rows: 1)) {
            HStack {
                Text("ab")
                Spacer()
                Text("cd")
            }
        }
        var small = Grid(cols: 6, rows: 1)
        assertScreen(Screen.frame(host, &small), ["ab  cd"])
        var large = Grid(cols: 10, rows: 1)
        assertScreen(Screen.frame(host, &large), ["ab      cd"])
        XCTAssertEqual(host.size, Size(cols: 10, rows: 1))
    }
}

struct TaggedList: View {
    @State var names = ["a", "b", "c"]
    nonisolated(unsafe) static var items: Binding<[String]>?

    var body: some View {
        TaggedList.items = $names
        return VStack(alignment: .leading, spacing: 0) {
            ForEach(names, id: \.self) { TaggedRow(name: $0) }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct TaggedRow: View {
    let name: String
    @State var count = 0
    nonisolated(unsafe) static var bindings: [String: Binding<Int>] = [:]

    var body: some View {
        TaggedRow.bindings[name] = $count
        return Text("\(name):\(count)")
    }
}
