import Foundation
import XCTest

@testable import Harness

/// `FRAMEBENCH_ALLOCATOR=next` (for heaptrack and other preloaded heap
/// profilers) changes where blocks come from, not what is counted.
final class NextAllocatorTests: XCTestCase {
    private func allocations(_ environment: [String: String]) throws -> [Int] {
        let process = Process()
        process.executableURL = try CountedRun.executable()
        process.arguments = ["run", "plain-feed", "--frames", "60", "--size", "60x12", "--format", "json", "--quiet"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let document = try JSONDecoder().decode(RunDocument.self, from: data)
        return try XCTUnwrap(document.scenarios.first?.runs.first?.frames[.allocations])
    }

    func testCountsAreTheSameWhenBlocksComeFromTheNextAllocator() throws {
        let glibc = try allocations(["SWIFT_DETERMINISTIC_HASHING": "1"])
        let next = try allocations(["SWIFT_DETERMINISTIC_HASHING": "1", "FRAMEBENCH_ALLOCATOR": "next"])
        XCTAssertEqual(glibc.count, 54)
        XCTAssertEqual(next, glibc)
    }
}
