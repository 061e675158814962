// Allocation counting for benchmarks and tests.
//
// Linking this target into an executable interposes the C allocator
// (malloc, calloc, realloc, free, posix_memalign, aligned_alloc, memalign,
// valloc, pvalloc, malloc_usable_size) and forwards to glibc's own entry
// points. Every thread keeps its own counters, so a measurement on one thread
// is not disturbed by allocations on another. Reading the counters never
// allocates. Under AddressSanitizer or ThreadSanitizer, whose runtimes own the
// allocator, nothing is interposed and `fb_allocation_counter_active`
// returns 0.
//
// Counts are exact only if they depend on the program alone. Swift's Array
// and String ask malloc_usable_size how much room a new buffer really has and
// take the slack as capacity; glibc's answer depends on which free chunk was
// reused, that is on everything the process did before, so whether a later
// append reallocates varied from run to run in one process (plain-feed 60x12,
// 8 repeats: 1928 to 1930 update allocations) and would differ between two
// builds compared in separate processes. So every block carries a 16-byte
// header with the size asked for (and the distance back to glibc's block, for
// aligned ones), and malloc_usable_size answers exactly that size: a valid
// answer (usable >= requested) that is the same whatever the heap's history.
// The cost is 16 bytes per block and no growth into slack.
#ifndef FRAMEBENCH_ALLOCATION_COUNTER_H
#define FRAMEBENCH_ALLOCATION_COUNTER_H
#include <stdint.h>
// Declares the interposed entry points that Swift's Glibc module leaves out
// (malloc_usable_size, memalign, pvalloc), so tests can check them.
#include <malloc.h>

/// A snapshot of the calling thread's allocation counters.
typedef struct {
    /// Calls that obtained memory: malloc, calloc, realloc, the aligned family.
    uint64_t allocations;
    /// Bytes requested by those calls.
    uint64_t allocated_bytes;
    /// Calls to free with a non-null pointer (realloc counts as one allocation, not a free).
    uint64_t frees;
} fb_allocation_counts;

/// The calling thread's counters since it started.
fb_allocation_counts fb_allocation_counts_now(void);

/// 1 when the interposed allocator is the one in use in this process
/// (it has seen at least one call), 0 otherwise.
int fb_allocation_counter_active(void);

/// 1 when the interposers are compiled in (0 under a sanitizer).
int fb_allocation_counter_compiled_in(void);

#endif
