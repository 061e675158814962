#ifndef CROWCOMPARE_H
#define CROWCOMPARE_H

#include <stdbool.h>
#include <stddef.h>

/// Whether `count` bytes at `a` and `b` are equal, `count` a multiple of 16.
///
/// Unlike `memcmp`, the instructions it executes depend only on `count` and
/// on where the first difference lies, never on the addresses: glibc's
/// `memcmp` aligns its loop to the first pointer, so a heap that lands 16
/// bytes further changes the count, and instruction counts under callgrind
/// would differ between two runs of one build. Loads are unaligned: 128 bytes
/// a step with AVX2 where the CPU has it (as fast as `memcmp`), 16 otherwise.
bool framegrid_bytes_equal(const void *a, const void *b, size_t count);

#endif
