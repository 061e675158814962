import CAllocationCounter
import Foundation
import XCTest

/// The interposed allocator counts every entry point, per thread.
final class AllocationCounterTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(fb_allocation_counter_compiled_in() == 1, "the counter is compiled out under a sanitizer")
    }

    func testEveryAllocationEntryPointIsCountedWithItsBytes() {
        let result = CountedAllocations {
            let a = opaque(malloc(100))
            let b = opaque(calloc(10, 30))
            let c = opaque(realloc(a, 500))
            var d: UnsafeMutableRawPointer?
            _ = posix_memalign(&d, 64, 256)
            let e = opaque(aligned_alloc(64, 128))
            let f = opaque(valloc(64))
            free(b)
            free(c)
            free(opaque(d))
            free(e)
            free(f)
            free(opaque(nil))
        }
        XCTAssertEqual(result.calls, 6)
        let requested: UInt64 = 100 + 300 + 500 + 256 + 128 + 64
        XCTAssertEqual(result.bytes, requested)
        XCTAssertEqual(result.frees, 5)
    }

    func testCountersArePerThread() {
        let done = DispatchSemaphore(value: 0)
        let seenByOtherThread = CountBox()
        let before = fb_allocation_counts_now()
        let thread = Thread {
            let start = fb_allocation_counts_now().allocations
            for _ in 0..<10_000 { free(opaque(malloc(16))) }
            seenByOtherThread.value = fb_allocation_counts_now().allocations - start
            done.signal()
        }
        thread.start()
        done.wait()
        let after = fb_allocation_counts_now()
        XCTAssertEqual(seenByOtherThread.value, 10_000)
        // This thread saw at most its own few allocations for starting the thread.
        XCTAssertLessThan(after.allocations - before.allocations, 1_000)
    }

    func testSwiftArraysAreSeen() {
        XCTAssertEqual(fb_allocation_counter_active(), 1)
        let result = CountedAllocations {
            let values = [Int](repeating: 7, count: 1_000)
            XCTAssertEqual(values.count, 1_000)
        }
        XCTAssertGreaterThanOrEqual(result.calls, 1)
        XCTAssertGreaterThanOrEqual(result.bytes, 8_000)
    }
}

/// A count written by one thread and read by another after a semaphore.
private final class CountBox: @unchecked Sendable {
    var value: UInt64 = 0
}
