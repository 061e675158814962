import FrameGrid
import XCTest

@testable import TerminalOutput

/// Cursor motion lengths are remembered per screen size; a remembered
/// length must be the one rendering the motion gives, or the encoder would
/// pick a longer motion than it should.
final class MotionLengthsTests: XCTestCase {
    private func encoder(_ term: String) throws -> FrameEncoder {
        FrameEncoder(capabilities: try TerminalCapabilities.load(term: term))
    }

    /// Every move on a small screen costs, from an encoder that has seen
    /// it before, what it costs a fresh encoder working it out.
    func testRememberedMoveCostsEqualFreshOnes() throws {
        for term in ["xterm-256color", "vt100", "screen"] {
            let warm = try encoder(term)
            warm.motionLengths.fit(rows: 6, cols: 9)
            for pass in 0..<2 {
                for y in 0..<6 {
                    for from in 0..<9 {
                        for to in 0..<9 {
                            let fresh = try encoder(term)
                            fresh.motionLengths.fit(rows: 6, cols: 9)
                            XCTAssertEqual(
                                warm.moveCost(from: from, to: to, y: y), fresh.moveCost(from: from, to: to, y: y),
                                "\(term) pass \(pass): row \(y), \(from) -> \(to)")
                        }
                    }
                }
            }
        }
    }

    /// A length found on one screen size is not used on another.
    func testAResizeForgetsTheLengths() {
        var lengths = MotionLengths()
        lengths.fit(rows: 4, cols: 10)
        let slot = lengths.slot(.absolute, x: 9, y: 3, cursorX: 0, cursorY: 0)
        XCTAssertNotNil(slot)
        lengths.store(7, at: slot!)
        XCTAssertEqual(lengths.length(at: slot!), 7)
        lengths.fit(rows: 5, cols: 10)
        let moved = lengths.slot(.absolute, x: 9, y: 3, cursorX: 0, cursorY: 0)!
        XCTAssertNil(lengths.length(at: moved))
        XCTAssertNil(lengths.slot(.absolute, x: 10, y: 0, cursorX: 0, cursorY: 0), "outside the screen")
        XCTAssertNil(lengths.slot(.right, x: 0, y: 0, cursorX: 5, cursorY: 0), "a negative count")
    }

    /// A terminal without a motion remembers that it lacks it.
    func testAMissingMotionIsRememberedAsUnavailable() {
        var lengths = MotionLengths()
        lengths.fit(rows: 2, cols: 2)
        let slot = lengths.slot(.home, x: 0, y: 0, cursorX: 1, cursorY: 1)!
        lengths.store(Int.max, at: slot)
        XCTAssertEqual(lengths.length(at: slot), Int.max)
    }
}

/// `ech` and `rep` lengths kept by count: each count and kind its own entry,
/// none past the table.
final class RunLengthsTests: XCTestCase {
    func testEachCountAndKindKeepsItsOwnLength() {
        var lengths = RunLengths()
        for count in 0..<RunLengths.capacity {
            XCTAssertNil(lengths.length(repeating: false, count: count))
            lengths.store(count % 7, repeating: false, count: count)
            lengths.store(count % 5 + 10, repeating: true, count: count)
        }
        for count in 0..<RunLengths.capacity {
            XCTAssertEqual(lengths.length(repeating: false, count: count), count % 7)
            XCTAssertEqual(lengths.length(repeating: true, count: count), count % 5 + 10)
        }
        lengths.store(3, repeating: true, count: RunLengths.capacity)
        XCTAssertNil(lengths.length(repeating: true, count: RunLengths.capacity), "past the table: evaluated each time")
        XCTAssertNil(lengths.length(repeating: false, count: -1))
    }
}
