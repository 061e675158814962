import Foundation
import FrameGrid
import TestSupport
import XCTest

@testable import Layout

/// The builder's blocks: 2 to 10 views are the fixed-arity tuple views (no
/// run-time tuple metadata on their copies), more the variadic one.
final class TupleViewsTests: XCTestCase {
    private func typeName<V: View>(@ViewBuilder _ build: () -> V) -> String { "\(V.self)" }

    func testBlocksOfTwoToTenViewsAreTheFixedArityTupleViews() {
        XCTAssertEqual(typeName { Text("a"); Text("b") }, "TupleView2<Text, Text>")
        XCTAssertEqual(
            typeName { Text("a"); Spacer(); Text("c") }, "TupleView3<Text, Spacer, Text>")
        XCTAssertTrue(
            typeName {
                Text("1"); Text("2"); Text("3"); Text("4"); Text("5"); Text("6"); Text("7"); Text("8"); Text("9")
                Text("10")
            }.hasPrefix("TupleView10<"))
    }

    func testABlockOfElevenViewsIsTheVariadicTupleView() {
        let name = typeName {
            Text("1"); Text("2"); Text("3"); Text("4"); Text("5"); Text("6"); Text("7"); Text("8"); Text("9")
            Text("10"); Text("11")
        }
        XCTAssertTrue(name.hasPrefix("TupleView<"), name)
    }

    func testEveryArityLaysOutItsChildrenInOrder() {
        let letters = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]
        func line(_ count: Int) -> String { letters.prefix(count).joined(separator: " ") }
        assertScreen(
            Screen.lines(HStack { Text("a"); Text("b") }.frame(width: 21, alignment: .leading), cols: 21, rows: 1),
            [line(2)])
        assertScreen(
            Screen.lines(
                HStack { Text("a"); Text("b"); Text("c"); Text("d"); Text("e") }.frame(width: 21, alignment: .leading),
                cols: 21, rows: 1), [line(5)])
        assertScreen(
            Screen.lines(
                HStack {
                    Text("a"); Text("b"); Text("c"); Text("d"); Text("e"); Text("f"); Text("g"); Text("h"); Text("i")
                    Text("j")
                }.frame(width: 21, alignment: .leading), cols: 21, rows: 1), [line(10)])
        assertScreen(
            Screen.lines(
                HStack {
                    Text("a"); Text("b"); Text("c"); Text("d"); Text("e"); Text("f"); Text("g"); Text("h"); Text("i")
                    Text("j"); Text("k")
                }.frame(width: 21, alignment: .leading), cols: 21, rows: 1), [line(11)])
    }

    func testAnUpdatedBlockShowsItsNewContentInPlace() {
        final class Model { var word = "old" }
        let model = Model()
        let host = ViewHost(size: Size(cols: 12, rows: 3)) {
            VStack(alignment: .leading, spacing: 0) {
                Text("top")
                Text(model.word)
                Text("end")
            }.frame(width: 12, height: 3, alignment: .topLeading)
        }
        var grid = Grid(cols: 12, rows: 3)
        assertScreen(Screen.frame(host, &grid), ["top", "old", "end"])
        model.word = "new"
        host.setNeedsUpdate()
        assertScreen(Screen.frame(host, &grid), ["top", "new", "end"])
    }

    /// The Swift file is generated: a template change must be regenerated (and committed).
    func testTheGeneratedFileIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/gen_tuple_views.py").path, "--check"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, message)
    }
}
