import XCTest

@testable import TerminalOutput

/// The length of a straight capability worked out without writing it equals
/// the bytes `write` gives, for the motions of real terminfo entries and for
/// made-up programs at the corners (`%i`, negative and 32-bit-truncated
/// parameters, parameters past the second).
final class StraightLengthTests: XCTestCase {
    private let values = [0, 1, 8, 9, 10, 99, 100, 998, 999, 1_000, 65_535, -1, -10, Int(Int32.max), Int(Int32.min), 1 << 32 + 7]

    private func assertLengths(_ capability: ParameterizedString, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        for first in values {
            for second in values {
                var written: [UInt8] = []
                capability.write(to: &written, first, second)
                XCTAssertEqual(capability.straightLength(first, second), written.count, "\(name) (\(first), \(second))", file: file, line: line)
            }
        }
    }

    func testMotionsOfRealTerminalsHaveTheLengthsTheyWrite() throws {
        var checked = 0
        for term in ["xterm-256color", "st-256color", "tmux-256color", "vt100", "linux", "screen"] {
            guard let caps = try? TerminalCapabilities.load(term: term) else { continue }
            let motions: [(String, ParameterizedString?)] = [
                ("cup", caps.cursorAddress), ("hpa", caps.columnAddress), ("vpa", caps.rowAddress),
                ("cuf", caps.parmRightCursor), ("cub", caps.parmLeftCursor), ("cud", caps.parmDownCursor),
                ("cuu", caps.parmUpCursor), ("ech", caps.eraseChars),
            ]
            for (name, capability) in motions {
                guard let capability, capability.isStraight else { continue }
                assertLengths(capability, "\(term) \(name)")
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 10, "xterm-256color alone has eight straight motions")
    }

    func testMadeUpStraightProgramsHaveTheLengthsTheyWrite() {
        for text in ["\u{1B}[%i%p1%d;%p2%dH", "\u{1B}[%p2%d;%p1%dH%i", "%p1%d%p1%d%i%p2%d%i%p1%d", "\u{1B}[%p3%d;%p1%dX"] {
            let capability = ParameterizedString(text)
            XCTAssertTrue(capability.isStraight, text)
            assertLengths(capability, text)
        }
    }

    func testOtherProgramsAreNotCountedThisWay() {
        XCTAssertNil(ParameterizedString("\u{1B}[%?%p1%t1%;m").straightLength(1, 0))
        XCTAssertNil(ParameterizedString("\u{1B}[%p1%02dm").straightLength(1, 0))
    }
}
