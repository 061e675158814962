#include "CRowCompare.h"

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2"))) static inline __m256i difference(const unsigned char *a, const unsigned char *b) {
    return _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)a), _mm256_loadu_si256((const __m256i *)b));
}

__attribute__((target("avx2"))) static bool equal_avx2(const unsigned char *a, const unsigned char *b, size_t count) {
    size_t offset = 0;
    // 128 bytes (eight cells) a step, as many as glibc's memcmp takes.
    for (; offset + 128 <= count; offset += 128) {
        __m256i either = _mm256_or_si256(
            _mm256_or_si256(difference(a + offset, b + offset), difference(a + offset + 32, b + offset + 32)),
            _mm256_or_si256(difference(a + offset + 64, b + offset + 64), difference(a + offset + 96, b + offset + 96)));
        if (!_mm256_testz_si256(either, either)) return false;
    }
    for (; offset + 32 <= count; offset += 32) {
        __m256i either = difference(a + offset, b + offset);
        if (!_mm256_testz_si256(either, either)) return false;
    }
    if (offset < count) {
        __m128i same = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(a + offset)),
                                      _mm_loadu_si128((const __m128i *)(b + offset)));
        if (_mm_movemask_epi8(same) != 0xFFFF) return false;
    }
    return true;
}

static bool equal_sse2(const unsigned char *a, const unsigned char *b, size_t count) {
    for (size_t offset = 0; offset < count; offset += 16) {
        __m128i same = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(a + offset)),
                                      _mm_loadu_si128((const __m128i *)(b + offset)));
        if (_mm_movemask_epi8(same) != 0xFFFF) return false;
    }
    return true;
}

bool framegrid_bytes_equal(const void *a, const void *b, size_t count) {
    // Decided once per process: the same CPU, so the same path every run.
    static int hasAVX2 = -1;
    if (hasAVX2 < 0) hasAVX2 = __builtin_cpu_supports("avx2") ? 1 : 0;
    return hasAVX2 ? equal_avx2(a, b, count) : equal_sse2(a, b, count);
}

#else

bool framegrid_bytes_equal(const void *a, const void *b, size_t count) {
    const unsigned char *left = a;
    const unsigned char *right = b;
    for (size_t offset = 0; offset < count; offset += 16) {
        uint64_t l0, l1, r0, r1;
        memcpy(&l0, left + offset, 8);
        memcpy(&l1, left + offset + 8, 8);
        memcpy(&r0, right + offset, 8);
        memcpy(&r1, right + offset + 8, 8);
        if (((l0 ^ r0) | (l1 ^ r1)) != 0) return false;
    }
    return true;
}

#endif
