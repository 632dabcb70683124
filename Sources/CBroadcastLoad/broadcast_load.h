#ifndef FRAMEBENCH_BROADCAST_LOAD_H
#define FRAMEBENCH_BROADCAST_LOAD_H

#if defined(__x86_64__)
#include <immintrin.h>

/* The 16 bytes at `address` (no alignment needed) in both 128-bit lanes of
 * a 256-bit vector, by one `vbroadcasti128` from memory. Written as an
 * instruction because LLVM, given `_mm256_broadcastsi128_si256` of a load
 * in Swift code built for haswell, emits a 16-byte load and a `vpermq`:
 * one shuffle more for every 16 pixels of the AVX2 block. Needs AVX2. */
__attribute__((target("avx2"), always_inline))
static inline __m256i framebench_broadcast128(const void *address) {
    __m256i bytes;
    __asm__("vbroadcasti128 %1, %0" : "=x"(bytes) : "m"(*(const __m128i_u *)address));
    return bytes;
}
#endif

#endif
