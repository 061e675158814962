// Interposes the C allocator and counts calls and bytes per thread.
//
// The definitions here take precedence over libc's because they live in the
// executable; the real work is forwarded to glibc's __libc_* entry points,
// which exist exactly so that an interposer can reach the original allocator
// without dlsym (dlsym itself may allocate).
#define _GNU_SOURCE
#include "CAllocationCounter.h"
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

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

void *malloc(size_t size) {
    count_allocation(size);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation(count * size);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    if (pointer != NULL) {
        counts.frees += 1;
    }
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    count_allocation(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL && size != 0) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count_allocation(size);
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count_allocation(size);
    return __libc_pvalloc(size);
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
