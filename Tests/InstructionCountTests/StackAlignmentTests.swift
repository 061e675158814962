import XCTest

@testable import Harness

final class StackAlignmentTests: XCTestCase {
    /// Bytes the loader copies: argv[0] twice (once for AT_EXECFN), every
    /// argument and every `KEY=VALUE`, each with its terminating zero.
    func stringBytes(_ environment: [String: String], _ arguments: [String]) -> Int {
        (arguments.first?.utf8.count ?? -1) + 1 + arguments.reduce(0) { $0 + $1.utf8.count + 1 }
            + environment.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 2 }
    }

    func testPaddedStringsFillWholePagesAndPointersWhole64ByteLines() {
        let cases: [([String: String], [String])] = [
            ([:], ["/x"]),
            (["PATH": "/usr/bin", "HOME": "/root"], ["/tmp/cache/framebench-1", "run", "plain-feed"]),
            (["A": String(repeating: "a", count: 5000)], ["/p", "frames", "2", "10", "5000"]),
        ]
        for (environment, arguments) in cases {
            let padded = StackAlignment.padded(environment, arguments: arguments)
            XCTAssertEqual(stringBytes(padded, arguments) % 4096, 0, "\(arguments)")
            XCTAssertEqual((padded.count + arguments.count) % 8, 0, "\(arguments)")
            for (key, value) in environment { XCTAssertEqual(padded[key], value) }
        }
    }

    func testPaddingTwiceGivesTheSameEnvironment() {
        let once = StackAlignment.padded(["TERM": "xterm-256color"], arguments: ["/bin/true", "a"])
        XCTAssertEqual(StackAlignment.padded(once, arguments: ["/bin/true", "a"]), once)
    }
}
