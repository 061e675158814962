// Interposes the C allocator and counts calls and bytes per thread.
//
// The definitions here take precedence over libc's because they live in the
// executable; the real work is forwarded to glibc's __libc_* entry points,
// which exist exactly so that an interposer can reach the original allocator
// without dlsym (dlsym itself may allocate).
//
// Every block carries a 16-byte header just below the pointer handed out: the
// size that was asked for and the distance back to glibc's block. With it,
// malloc_usable_size answers the request exactly instead of glibc's slack
// (which depends on which free chunk was reused), so growth decisions in
// Swift's Array and String, and with them the counts, depend only on the
// program, not on the heap's history (see CAllocationCounter.h). Because the
// header changes what a pointer means, every entry point of the allocator
// family is defined here, as glibc requires of a replacement malloc.
#define _GNU_SOURCE
#include "CAllocationCounter.h"
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);

// With FRAMEBENCH_ALLOCATOR=next in the environment, blocks come from the
// next allocator in symbol order (a preloaded heap profiler's, such as
// heaptrack's, which this file's definitions otherwise hide) instead of
// glibc's entry points. Chosen once, before main; null means glibc.
static void *(*next_malloc)(size_t);
static void *(*next_calloc)(size_t, size_t);
static void *(*next_realloc)(void *, size_t);
static void (*next_free)(void *);

__attribute__((constructor)) static void choose_underlying_allocator(void) {
    const char *choice = getenv("FRAMEBENCH_ALLOCATOR");
    if (choice == NULL || strcmp(choice, "next") != 0) {
        return;
    }
    void *found_malloc = dlsym(RTLD_NEXT, "malloc"), *found_calloc = dlsym(RTLD_NEXT, "calloc");
    void *found_realloc = dlsym(RTLD_NEXT, "realloc"), *found_free = dlsym(RTLD_NEXT, "free");
    if (found_malloc && found_calloc && found_realloc && found_free) {
        next_calloc = (void *(*)(size_t, size_t))found_calloc;
        next_realloc = (void *(*)(void *, size_t))found_realloc;
        next_free = (void (*)(void *))found_free;
        next_malloc = (void *(*)(size_t))found_malloc;
    }
}

static inline void *underlying_malloc(size_t size) {
    return __builtin_expect(next_malloc != NULL, 0) ? next_malloc(size) : __libc_malloc(size);
}
static inline void *underlying_calloc(size_t count, size_t size) {
    return __builtin_expect(next_malloc != NULL, 0) ? next_calloc(count, size) : __libc_calloc(count, size);
}
static inline void *underlying_realloc(void *pointer, size_t size) {
    return __builtin_expect(next_malloc != NULL, 0) ? next_realloc(pointer, size) : __libc_realloc(pointer, size);
}
static inline void underlying_free(void *pointer) {
    // Blocks from before the choice came from glibc; any profiler's free hands them on to glibc's.
    if (__builtin_expect(next_malloc != NULL, 0)) { next_free(pointer); } else { __libc_free(pointer); }
}

// initial-exec: the counters must be reachable without the TLS machinery
// itself calling malloc.
static __thread fb_allocation_counts counts __attribute__((tls_model("initial-exec")));
static volatile int seen_a_call = 0;

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define FRAMEBENCH_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FRAMEBENCH_SANITIZED 1
#endif

#ifndef FRAMEBENCH_SANITIZED
static inline void count_allocation(size_t bytes) {
    counts.allocations += 1;
    counts.allocated_bytes += bytes;
    seen_a_call = 1;
}

/// Sits just below every pointer handed out. 16 bytes, so that a plain
/// block stays aligned as glibc's own (2 * sizeof(size_t)).
typedef struct {
    /// The size asked for: what malloc_usable_size answers.
    size_t requested;
    /// Bytes from glibc's block to the pointer handed out: 16 for a plain
    /// block, more for an aligned one.
    uint32_t offset;
    /// Tells a block of ours from a pointer this allocator never handed out.
    uint32_t mark;
} block_header;

_Static_assert(sizeof(block_header) == 16, "the header keeps plain blocks 16-byte aligned");

#define HEADER_SIZE ((size_t)sizeof(block_header))
#define HEADER_MARK 0xFB0A11C8u
// Alignments whose offset fits the header; larger ones are refused with ENOMEM.
#define LARGEST_ALIGNMENT ((size_t)1 << 31)

static inline block_header *header_of(void *pointer) {
    return (block_header *)pointer - 1;
}

// A pointer without our header reached free, realloc or malloc_usable_size:
// the heap is not what this file assumes, and going on would corrupt it.
static void __attribute__((noreturn, cold)) foreign_pointer(void) {
    static const char message[] = "CAllocationCounter: a pointer this allocator did not hand out\n";
    ssize_t ignored = write(STDERR_FILENO, message, sizeof message - 1);
    (void)ignored;
    abort();
}

static inline block_header *checked_header_of(void *pointer) {
    block_header *header = header_of(pointer);
    if (__builtin_expect(header->mark != HEADER_MARK, 0)) {
        foreign_pointer();
    }
    return header;
}

static inline void *hand_out(char *base, size_t offset, size_t requested) {
    char *pointer = base + offset;
    block_header *header = header_of(pointer);
    header->requested = requested;
    header->offset = (uint32_t)offset;
    header->mark = HEADER_MARK;
    return pointer;
}

static void *plain_block(size_t size) {
    if (size > SIZE_MAX - HEADER_SIZE) {
        errno = ENOMEM;
        return NULL;
    }
    char *base = underlying_malloc(HEADER_SIZE + size);
    return base == NULL ? NULL : hand_out(base, HEADER_SIZE, size);
}

// `alignment` is a power of two. A plain glibc block over-allocated by the
// alignment always holds an aligned pointer with room for the header below it.
static void *aligned_block(size_t alignment, size_t size) {
    if (alignment <= HEADER_SIZE) {
        return plain_block(size);
    }
    if (alignment > LARGEST_ALIGNMENT || size > SIZE_MAX - alignment) {
        errno = ENOMEM;
        return NULL;
    }
    char *base = underlying_malloc(alignment + size);
    if (base == NULL) {
        return NULL;
    }
    uintptr_t first = (uintptr_t)base + HEADER_SIZE;
    uintptr_t aligned = (first + alignment - 1) & ~(uintptr_t)(alignment - 1);
    return hand_out(base, aligned - (uintptr_t)base, size);
}

static inline int is_power_of_two(size_t value) {
    return value != 0 && (value & (value - 1)) == 0;
}

static void release(void *pointer) {
    block_header *header = checked_header_of(pointer);
    header->mark = 0;  // a second free of the block is then likely caught here, not in glibc
    underlying_free((char *)pointer - header->offset);
}

void *malloc(size_t size) {
    count_allocation(size);
    return plain_block(size);
}

void *calloc(size_t count, size_t size) {
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes) || bytes > SIZE_MAX - HEADER_SIZE) {
        count_allocation(0);
        errno = ENOMEM;
        return NULL;
    }
    count_allocation(bytes);
    // glibc's calloc knows when fresh pages are already zero.
    char *base = underlying_calloc(1, HEADER_SIZE + bytes);
    return base == NULL ? NULL : hand_out(base, HEADER_SIZE, bytes);
}

void *realloc(void *pointer, size_t size) {
    count_allocation(size);
    if (pointer == NULL) {
        return plain_block(size);
    }
    block_header *header = checked_header_of(pointer);
    if (size == 0) {
        // glibc's realloc(pointer, 0) frees and returns NULL.
        release(pointer);
        return NULL;
    }
    if (size > SIZE_MAX - HEADER_SIZE) {
        errno = ENOMEM;
        return NULL;
    }
    if (header->offset == HEADER_SIZE) {
        char *base = underlying_realloc((char *)pointer - HEADER_SIZE, HEADER_SIZE + size);
        return base == NULL ? NULL : hand_out(base, HEADER_SIZE, size);
    }
    // An aligned block: glibc's realloc would move it to a plain block with
    // the header at the wrong distance, so copy into a plain block of ours.
    void *moved = plain_block(size);
    if (moved == NULL) {
        return NULL;
    }
    memcpy(moved, pointer, header->requested < size ? header->requested : size);
    release(pointer);
    return moved;
}

void free(void *pointer) {
    if (pointer != NULL) {
        counts.frees += 1;
        release(pointer);
    }
}

size_t malloc_usable_size(void *pointer) {
    return pointer == NULL ? 0 : checked_header_of(pointer)->requested;
}

void *memalign(size_t alignment, size_t size) {
    count_allocation(size);
    // As glibc: an alignment that is not a power of two is rounded up to one.
    if (alignment > SIZE_MAX / 2 + 1) {
        errno = EINVAL;
        return NULL;
    }
    if (alignment != 0 && !is_power_of_two(alignment)) {
        alignment = (size_t)1 << (sizeof(size_t) * 8 - (size_t)__builtin_clzl(alignment));
    }
    return aligned_block(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation(size);
    if (!is_power_of_two(alignment)) {
        errno = EINVAL;
        return NULL;
    }
    return aligned_block(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || !is_power_of_two(alignment)) {
        return EINVAL;
    }
    count_allocation(size);
    int saved = errno;  // posix_memalign reports through its result, not errno
    void *pointer = aligned_block(alignment, size);
    errno = saved;
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count_allocation(size);
    return aligned_block((size_t)sysconf(_SC_PAGESIZE), size);
}

void *pvalloc(size_t size) {
    count_allocation(size);
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    if (size > SIZE_MAX - page) {
        errno = ENOMEM;
        return NULL;
    }
    // pvalloc promises whole pages, so the rounded size is what was asked for.
    size_t rounded = size == 0 ? page : (size + page - 1) & ~(page - 1);
    return aligned_block(page, rounded);
}

#endif  // FRAMEBENCH_SANITIZED: the sanitizers bring their own allocator; nothing is counted.

fb_allocation_counts fb_allocation_counts_now(void) {
    return counts;
}

int fb_allocation_counter_compiled_in(void) {
#ifdef FRAMEBENCH_SANITIZED
    return 0;
#else
    return 1;
#endif
}

int fb_allocation_counter_active(void) {
    return seen_a_call;
}
