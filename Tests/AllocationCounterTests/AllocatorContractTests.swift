import CAllocationCounter
import Foundation
import XCTest

/// The interposed allocator keeps the C library's promises: alignment,
/// contents across realloc, zeroing, and the errors for impossible requests.
/// Memory that glibc itself obtains (strdup, reallocarray, getline, stdio)
/// goes through the same entry points and frees cleanly.
final class AllocatorContractTests: XCTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(fb_allocation_counter_compiled_in() == 1, "the counter is compiled out under a sanitizer")
    }

    private func fill(_ block: UnsafeMutableRawPointer, _ count: Int, seed: UInt8) {
        let bytes = block.assumingMemoryBound(to: UInt8.self)
        for index in 0..<count { bytes[index] = seed &+ UInt8(truncatingIfNeeded: index) }
    }

    private func holds(_ block: UnsafeMutableRawPointer, _ count: Int, seed: UInt8) -> Bool {
        let bytes = block.assumingMemoryBound(to: UInt8.self)
        return (0..<count).allSatisfy { bytes[$0] == seed &+ UInt8(truncatingIfNeeded: $0) }
    }

    private func isAligned(_ block: UnsafeMutableRawPointer, _ alignment: Int) -> Bool {
        Int(bitPattern: block) % alignment == 0
    }

    func testAlignedAllocationsAreAlignedSizedAndFreeable() {
        for shift in 3...16 {
            let alignment = 1 << shift
            for size in [0, 1, 100, 5_000] {
                var viaPosix: UnsafeMutableRawPointer?
                XCTAssertEqual(posix_memalign(&viaPosix, alignment, size), 0)
                let viaC11 = aligned_alloc(alignment, size)!
                let viaMemalign = memalign(alignment, size)!
                for block in [viaPosix!, viaC11, viaMemalign] {
                    XCTAssertTrue(isAligned(block, alignment), "alignment \(alignment), size \(size)")
                    XCTAssertEqual(malloc_usable_size(block), size)
                    fill(block, size, seed: UInt8(shift))
                    XCTAssertTrue(holds(block, size, seed: UInt8(shift)))
                    free(block)
                }
            }
        }
    }

    func testPageAllocationsAreWholePagesOnPageBoundaries() {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let viaValloc = valloc(100)!
        XCTAssertTrue(isAligned(viaValloc, page))
        XCTAssertEqual(malloc_usable_size(viaValloc), 100)
        let viaPvalloc = pvalloc(page + 1)!
        XCTAssertTrue(isAligned(viaPvalloc, page))
        XCTAssertEqual(malloc_usable_size(viaPvalloc), 2 * page, "pvalloc rounds up to whole pages")
        fill(viaPvalloc, 2 * page, seed: 9)
        free(viaValloc)
        free(viaPvalloc)
    }

    func testImpossibleAlignmentsAreRefused() {
        var result: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(bitPattern: 0x1234)
        XCTAssertEqual(posix_memalign(&result, 24, 64), EINVAL, "not a power of two")
        XCTAssertEqual(posix_memalign(&result, 4, 64), EINVAL, "not a multiple of the pointer size")
        XCTAssertEqual(posix_memalign(&result, 0, 64), EINVAL)
        XCTAssertEqual(result, UnsafeMutableRawPointer(bitPattern: 0x1234), "left alone on failure")
        errno = 0
        XCTAssertNil(aligned_alloc(24, 48))
        XCTAssertEqual(errno, EINVAL)
        errno = 0
        XCTAssertNil(memalign(Int.max, 16), "rounds up to 2^63, which no heap can honour")
        XCTAssertEqual(errno, ENOMEM)
        // memalign, as glibc's, rounds an odd alignment up to a power of two.
        let rounded = memalign(48, 10)!
        XCTAssertTrue(isAligned(rounded, 64))
        free(rounded)
    }

    func testReallocKeepsContentsOfPlainAndAlignedBlocks() {
        let plain = malloc(300)!
        fill(plain, 300, seed: 1)
        let grown = realloc(plain, 50_000)!
        XCTAssertTrue(holds(grown, 300, seed: 1))
        let shrunk = realloc(grown, 20)!
        XCTAssertTrue(holds(shrunk, 20, seed: 1))
        free(shrunk)

        let aligned = aligned_alloc(256, 1_000)!
        fill(aligned, 1_000, seed: 2)
        let moved = realloc(aligned, 3_000)!
        XCTAssertTrue(holds(moved, 1_000, seed: 2))
        XCTAssertEqual(malloc_usable_size(moved), 3_000)
        let cut = realloc(moved, 10)!
        XCTAssertTrue(holds(cut, 10, seed: 2))
        free(cut)
    }

    func testReallocOfNullAllocatesAndReallocToZeroFrees() {
        let fresh = realloc(nil, 64)!
        XCTAssertEqual(malloc_usable_size(fresh), 64)
        XCTAssertNil(realloc(fresh, 0), "glibc's realloc(p, 0) frees p and returns NULL")
        free(nil)
    }

    func testCallocZeroesAndRefusesAnOverflowingProduct() {
        // A freed block with contents, so that a calloc reusing it must clear it.
        let dirty = malloc(4_000)!
        memset(dirty, 0xAB, 4_000)
        free(dirty)
        let zeroed = calloc(1_000, 4)!.assumingMemoryBound(to: UInt8.self)
        XCTAssertTrue((0..<4_000).allSatisfy { zeroed[$0] == 0 })
        free(zeroed)
        errno = 0
        XCTAssertNil(calloc(Int.max / 2, 3))
        XCTAssertEqual(errno, ENOMEM)
        XCTAssertNil(malloc(Int.max))
    }

    func testMemoryThatGlibcAllocatesCarriesTheRequestedSize() throws {
        let copy = strdup("framebench")!
        XCTAssertEqual(malloc_usable_size(copy), 11, "strdup goes through the interposed malloc")
        free(copy)

        let array = reallocarray(nil, 10, 8)!
        XCTAssertEqual(malloc_usable_size(array), 80, "reallocarray goes through the interposed realloc")
        let larger = reallocarray(array, 100, 8)!
        XCTAssertEqual(malloc_usable_size(larger), 800)
        free(larger)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("alloc-\(getpid()).txt").path
        defer { unlink(path) }
        try "first line\nsecond, longer line\n".write(toFile: path, atomically: false, encoding: .utf8)
        let file = try XCTUnwrap(fopen(path, "r"))
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        XCTAssertEqual(getline(&line, &capacity, file), 11)
        XCTAssertEqual(getline(&line, &capacity, file), 20)
        XCTAssertEqual(String(cString: line!), "second, longer line\n")
        XCTAssertGreaterThanOrEqual(malloc_usable_size(line), capacity)
        free(line)
        fclose(file)
    }
}
