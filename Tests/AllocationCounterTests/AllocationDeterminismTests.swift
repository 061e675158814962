import CAllocationCounter
import Foundation
import XCTest

/// Counts depend on the program, not on the heap's history: the same work
/// makes the same allocations however the free chunks happen to lie.
final class AllocationDeterminismTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(fb_allocation_counter_compiled_in() == 1, "the counter is compiled out under a sanitizer")
    }

    /// Arrays and strings grown one element at a time, to many lengths: each
    /// growth asks malloc_usable_size how much room it got.
    @inline(never)
    private func growArraysAndStrings() -> Int {
        var checksum = 0
        for length in stride(from: 1, through: 700, by: 3) {
            var numbers: [Int] = []
            for value in 0..<length { numbers.append(value) }
            var bytes: [UInt8] = []
            for value in 0..<length * 3 { bytes.append(UInt8(truncatingIfNeeded: value)) }
            var text = ""
            for _ in 0..<length { text.append("ab") }
            checksum &+= numbers.count &+ bytes.count &+ text.utf8.count
        }
        return checksum
    }

    /// Leaves holes of assorted sizes in the heap: some blocks stay, the
    /// ones between them are freed, so glibc has odd-sized chunks to reuse.
    private func perturbHeap(_ generator: inout SplitMix64, keeping kept: inout [UnsafeMutableRawPointer]) {
        var blocks: [UnsafeMutableRawPointer] = []
        blocks.reserveCapacity(400)
        for _ in 0..<400 { blocks.append(malloc(16 + generator.next(below: 12_000))!) }
        for block in blocks {
            if generator.next(below: 3) == 0 { kept.append(block) } else { free(block) }
        }
    }

    func testRepeatedIdenticalWorkMakesTheSameAllocationsWhateverTheHeapHistory() {
        var generator = SplitMix64(seed: 5)
        var kept: [UnsafeMutableRawPointer] = []
        kept.reserveCapacity(4_000)
        defer { kept.forEach { free($0) } }
        // The first call also instantiates runtime metadata and caches; its
        // allocations are once per process, not per round.
        var checksum = growArraysAndStrings()
        var rounds: [CountedAllocations] = []
        for _ in 0..<24 {
            perturbHeap(&generator, keeping: &kept)
            rounds.append(CountedAllocations { checksum &+= growArraysAndStrings() })
        }
        XCTAssertEqual(checksum, 25 * growArraysAndStrings())
        XCTAssertEqual(Set(rounds.map(\.calls)).count, 1, "allocations per round: \(rounds.map(\.calls))")
        XCTAssertEqual(Set(rounds.map(\.bytes)).count, 1, "bytes per round: \(rounds.map(\.bytes))")
    }

    func testUsableSizeIsExactlyTheRequestedSize() {
        for size in [0, 1, 7, 8, 24, 25, 100, 1_000, 4_095, 100_000, 1 << 20] {
            let block = malloc(size)!
            XCTAssertEqual(malloc_usable_size(block), size, "malloc(\(size))")
            let zeroed = calloc(size, 1)!
            XCTAssertEqual(malloc_usable_size(zeroed), size, "calloc(\(size), 1)")
            let grown = realloc(block, size + 40)!
            XCTAssertEqual(malloc_usable_size(grown), size + 40, "realloc to \(size + 40)")
            let shrunk = realloc(grown, size / 2 + 1)!
            XCTAssertEqual(malloc_usable_size(shrunk), size / 2 + 1, "realloc to \(size / 2 + 1)")
            free(shrunk)
            free(zeroed)
        }
        XCTAssertEqual(malloc_usable_size(nil), 0)
    }

    func testSwiftArrayCapacityIsWhatWasAskedFor() {
        // The standard library takes the usable size as capacity; exactly the
        // request means no slack that comes and goes with the heap.
        var numbers: [Int] = []
        numbers.reserveCapacity(5)
        XCTAssertEqual(numbers.capacity, 5)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1_001)
        XCTAssertEqual(bytes.capacity, 1_001)
    }
}
