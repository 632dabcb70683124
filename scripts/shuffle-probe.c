/*
 * shuffle-probe: what one 512-bit instruction costs on this machine, for
 * the instructions the AVX-512 block uses and those AVX-512 VBMI would let
 * it use instead (docs/kernel.md, "What the arithmetic costs").
 *
 * Each instruction runs in eight independent chains, so the time per
 * instruction is its throughput, not its latency; an instruction that
 * issues on one port only shows twice `vpaddw`'s time (two ports). Each
 * line prints nanoseconds per instruction; the whole list runs twice.
 *
 * Build and run (needs AVX-512 BW and VBMI: Ice Lake and later, Zen 4 and later):
 *   clang -O2 -march=icelake-server -o /tmp/shuffle-probe scripts/shuffle-probe.c && /tmp/shuffle-probe
 */
#include <immintrin.h>
#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

enum { rounds = 100000000 };

#define PROBE(NAME, OP)                                                                                  \
    {                                                                                                    \
        __m512i a0 = _mm512_set1_epi8(1), a1 = _mm512_set1_epi8(2), a2 = _mm512_set1_epi8(3);            \
        __m512i a3 = _mm512_set1_epi8(4), a4 = _mm512_set1_epi8(5), a5 = _mm512_set1_epi8(6);            \
        __m512i a6 = _mm512_set1_epi8(7), a7 = _mm512_set1_epi8(8);                                      \
        double start = now();                                                                            \
        for (long i = 0; i < rounds; i++) {                                                              \
            a0 = OP(a0); a1 = OP(a1); a2 = OP(a2); a3 = OP(a3);                                          \
            a4 = OP(a4); a5 = OP(a5); a6 = OP(a6); a7 = OP(a7);                                          \
            __asm__ volatile("" : "+v"(a0), "+v"(a1), "+v"(a2), "+v"(a3), "+v"(a4), "+v"(a5), "+v"(a6),  \
                             "+v"(a7));                                                                  \
        }                                                                                                \
        double seconds = now() - start;                                                                  \
        __m512i all = _mm512_xor_si512(_mm512_xor_si512(_mm512_xor_si512(a0, a1), _mm512_xor_si512(a2, a3)), \
                                       _mm512_xor_si512(_mm512_xor_si512(a4, a5), _mm512_xor_si512(a6, a7))); \
        printf("%-10s %.3f ns (%d)\n", NAME, seconds / (rounds * 8.0) * 1e9, _mm512_reduce_add_epi32(all)); \
    }

int main(void) {
    const __m512i index = _mm512_set1_epi8(9), table = _mm512_set1_epi8(10);
#define ADDW(a) _mm512_add_epi16(a, table)
#define MULHUW(a) _mm512_mulhi_epu16(a, table)
#define PSHUFB(a) _mm512_shuffle_epi8(a, index)
#define PACKUSWB(a) _mm512_packus_epi16(a, table)
#define PERMW(a) _mm512_permutexvar_epi16(index, a)
#define PERMT2W(a) _mm512_permutex2var_epi16(a, index, table)
#define PERMB(a) _mm512_permutexvar_epi8(index, a)
#define PERMT2B(a) _mm512_permutex2var_epi8(a, index, table)
    for (int pass = 0; pass < 2; pass++) {
        PROBE("vpaddw", ADDW)
        PROBE("vpmulhuw", MULHUW)
        PROBE("vpshufb", PSHUFB)
        PROBE("vpackuswb", PACKUSWB)
        PROBE("vpermw", PERMW)
        PROBE("vpermt2w", PERMT2W)
        PROBE("vpermb", PERMB)
        PROBE("vpermt2b", PERMT2B)
    }
    return 0;
}
