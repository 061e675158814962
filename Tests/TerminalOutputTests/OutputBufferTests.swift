import XCTest

@testable import TerminalOutput

final class OutputBufferTests: XCTestCase {
    /// Pieces of every length up to past the longest short copy, one after
    /// another, give the bytes an array gets.
    func testPiecesOfEveryLengthGiveTheSameBytesAsAnArray() {
        var buffer = OutputBuffer(capacity: 1024)
        var expected: [UInt8] = []
        for length in 0...40 {
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: length * 7 + $0) }
            piece.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
            expected += piece
            buffer.append(0xFF)
            expected.append(0xFF)
        }
        XCTAssertEqual(Array(buffer.written), expected)
        XCTAssertEqual(buffer.count, expected.count)
    }

    /// Past its capacity the buffer grows as an array does (at least doubling) and keeps what it held.
    func testAppendingPastTheCapacityGrowsAndKeepsTheBytes() {
        var buffer = OutputBuffer(capacity: 8)
        let piece: [UInt8] = Array(1...6)
        for _ in 0..<3 { piece.withUnsafeBufferPointer { buffer.append(contentsOf: $0) } }
        XCTAssertEqual(Array(buffer.written), piece + piece + piece)
        XCTAssertGreaterThanOrEqual(buffer.capacity, 18)
        buffer.append(atMost: 100) { target in
            target[0] = 9
            return 1
        }
        buffer.append(uninitializedCount: 3) { $0.update(repeating: 7, count: 3) }
        XCTAssertEqual(Array(buffer.written.suffix(4)), [9, 7, 7, 7])
    }

    /// A slice of the bytes kept from one frame is not changed by the next.
    func testAKeptSliceSurvivesTheNextFrame() {
        var buffer = OutputBuffer(capacity: 16)
        for byte in Array("first".utf8) { buffer.append(byte) }
        let kept = buffer.written
        buffer.removeAll()
        for byte in Array("second".utf8) { buffer.append(byte) }
        XCTAssertEqual(String(decoding: kept, as: UTF8.self), "first")
        XCTAssertEqual(String(decoding: buffer.written, as: UTF8.self), "second")
    }

    /// Truncating forgets the end; later appends follow what is left.
    func testTruncatingForgetsTheEnd() {
        var buffer = OutputBuffer(capacity: 16)
        for byte in Array("motion".utf8) { buffer.append(byte) }
        buffer.truncate(to: 2)
        buffer.append(UInt8(ascii: "!"))
        XCTAssertEqual(String(decoding: buffer.written, as: UTF8.self), "mo!")
        XCTAssertFalse(buffer.isEmpty)
        buffer.removeAll()
        XCTAssertTrue(buffer.isEmpty)
    }
}
