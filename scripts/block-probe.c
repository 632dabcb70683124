/*
 * block-probe: variants of the AVX2 level's row-pair block, in C, timed
 * over whole frames beside a floor (docs/kernel.md, "NV12 terms by
 * vpmaddubsw").
 *
 * Each variant converts a W x H frame (BT.601, libyuv's arithmetic as the
 * Swift block does it) in 32-pixel blocks of two rows: `i420` is the Swift
 * block from I420 planes (the two rows of a pair a step at a time);
 * `i420-rows` the same block one row at a time; `nv12` is its NV12 path
 * before the change (pairs split into u and v words by two shuffles, four
 * multiplies); `nv12-mad` the NV12 path after it (pairs repeated by one
 * shuffle, one `vpmaddubsw` a term); `nv12-perm` and `nv12-pmad` put the
 * pairs in the I420 path's once-per-sample order with a `vpermd` first;
 * `i420-mad` takes I420 planes through `vpmaddubsw`; `floor` reads each
 * row's bytes and fills its output row; `pf-t0`, `pf-w`, `pf-t1` and
 * `pf-nta` are `i420` with a prefetch (prefetcht0, prefetchw, prefetcht1,
 * prefetchnta) of each block's own output lines, D bytes ahead. Every
 * variant is checked bit-exact against `i420` first. Rounds run every
 * variant once in a rotating order, each into the next of its N outputs
 * (N = 1: the output stays in L2 between rounds, as in the report; N = 8:
 * it comes from L3); prints medians and ratios to `i420`.
 *
 * Build and run (AVX2):
 *   clang -O2 -mavx2 -mprfchw -o /tmp/block-probe scripts/block-probe.c
 *   /tmp/block-probe W H N [REPEAT [D]]     e.g. 320 180 1, or 1024 2 1 20
 * W must be a multiple of 32 (the blocks have no row ends), H even.
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define AI static inline __attribute__((always_inline))
#define Z -128 /* a zero byte in a vpshufb control */

enum { YG = 18997, YB = -1160, UB = 128, UG = 25, VG = 52, VR = 102 };
typedef struct { __m256i b, g, r; } Terms;

AI __m256i splat(int x) { return _mm256_set1_epi16((int16_t)x); }

AI __m256i broadcast128(const uint8_t *p) {
    __m256i r;
    __asm__("vbroadcasti128 %1, %0" : "=x"(r) : "m"(*(const __m128i *)p));
    return r;
}

AI __m256i shift6(__m256i x) { return _mm256_mulhi_epi16(x, splat(1024)); }

/* 16 luma bytes as y * 0x0101 words, pixels 0-3, 8-11 | 4-7, 12-15. */
AI __m256i luma(const uint8_t *y) {
    const __m256i c = _mm256_setr_epi8(0, 0, 1, 1, 2, 2, 3, 3, 8, 8, 9, 9, 10, 10, 11, 11,
                                       4, 4, 5, 5, 6, 6, 7, 7, 12, 12, 13, 13, 14, 14, 15, 15);
    return _mm256_shuffle_epi8(broadcast128(y), c);
}

/* 16 pixels of two rows sharing the terms t: 64 bytes at o0 and at o1,
 * each step for both rows before the next (the Swift block's order). */
AI void pixels16(const uint8_t *y0, const uint8_t *y1, Terms t, uint8_t *o0, uint8_t *o1) {
    const __m256i interleave = _mm256_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15,
                                                0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    __m256i a0 = _mm256_mulhi_epu16(luma(y0), splat(YG)), a1 = _mm256_mulhi_epu16(luma(y1), splat(YG));
    __m256i b0 = shift6(_mm256_adds_epi16(a0, t.b)), b1 = shift6(_mm256_adds_epi16(a1, t.b));
    __m256i g0 = shift6(_mm256_adds_epi16(a0, t.g)), g1 = shift6(_mm256_adds_epi16(a1, t.g));
    __m256i ra0 = shift6(_mm256_max_epu16(_mm256_adds_epu16(a0, t.r), splat(0xC000)));
    __m256i ra1 = shift6(_mm256_max_epu16(_mm256_adds_epu16(a1, t.r), splat(0xC000)));
    __m256i bg0 = _mm256_shuffle_epi8(_mm256_packus_epi16(b0, g0), interleave);
    __m256i bg1 = _mm256_shuffle_epi8(_mm256_packus_epi16(b1, g1), interleave);
    _mm256_storeu_si256((__m256i *)o0, _mm256_unpacklo_epi16(bg0, ra0));
    _mm256_storeu_si256((__m256i *)(o0 + 32), _mm256_unpackhi_epi16(bg0, ra0));
    _mm256_storeu_si256((__m256i *)o1, _mm256_unpacklo_epi16(bg1, ra1));
    _mm256_storeu_si256((__m256i *)(o1 + 32), _mm256_unpackhi_epi16(bg1, ra1));
}

/* The same 16 pixels of one row, from its load to its stores (variant
 * `i420-rows`). */
AI void pixels16Row(const uint8_t *y, Terms t, uint8_t *out) {
    const __m256i interleave = _mm256_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15,
                                                0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
    __m256i a = _mm256_mulhi_epu16(luma(y), splat(YG));
    __m256i b = shift6(_mm256_adds_epi16(a, t.b)), g = shift6(_mm256_adds_epi16(a, t.g));
    __m256i bg = _mm256_shuffle_epi8(_mm256_packus_epi16(b, g), interleave);
    __m256i ra = shift6(_mm256_max_epu16(_mm256_adds_epu16(a, t.r), splat(0xC000)));
    _mm256_storeu_si256((__m256i *)out, _mm256_unpacklo_epi16(bg, ra));
    _mm256_storeu_si256((__m256i *)(out + 32), _mm256_unpackhi_epi16(bg, ra));
}

AI Terms terms(__m256i uw, __m256i vw) {
    Terms t;
    t.b = _mm256_add_epi16(splat(YB - 128 * UB), _mm256_mullo_epi16(uw, splat(UB)));
    t.g = _mm256_sub_epi16(_mm256_sub_epi16(splat(YB + 128 * (UG + VG)), _mm256_mullo_epi16(uw, splat(UG))),
                           _mm256_mullo_epi16(vw, splat(VG)));
    t.r = _mm256_add_epi16(splat(YB - 128 * VR + 0xC000), _mm256_mullo_epi16(vw, splat(VR)));
    return t;
}

/* The same terms from (u, v) byte pairs, one vpmaddubsw a term. */
AI Terms pairTerms(__m256i p) {
    Terms t;
    t.b = _mm256_sub_epi16(splat(YB - 128 * UB), _mm256_maddubs_epi16(p, splat(-UB & 0xFF)));
    t.g = _mm256_sub_epi16(splat(YB + 128 * (UG + VG)), _mm256_maddubs_epi16(p, splat(VG << 8 | UG)));
    t.r = _mm256_add_epi16(splat(YB - 128 * VR + 0xC000), _mm256_maddubs_epi16(p, splat(VR << 8)));
    return t;
}

/* Terms of samples in the order 0, 1, 4, 5, 8, 9, 12, 13 | 2, 3, 6, 7, ...
 * repeated into pixels 0-15 (f) and 16-31 (s). */
AI void repeat(Terms t, Terms *f, Terms *s) {
    f->b = _mm256_unpacklo_epi16(t.b, t.b), f->g = _mm256_unpacklo_epi16(t.g, t.g);
    f->r = _mm256_unpacklo_epi16(t.r, t.r);
    s->b = _mm256_unpackhi_epi16(t.b, t.b), s->g = _mm256_unpackhi_epi16(t.g, t.g);
    s->r = _mm256_unpackhi_epi16(t.r, t.r);
}

AI __m256i planeSamples(void) {
    return _mm256_setr_epi8(0, Z, 1, Z, 4, Z, 5, Z, 8, Z, 9, Z, 12, Z, 13, Z,
                            2, Z, 3, Z, 6, Z, 7, Z, 10, Z, 11, Z, 14, Z, 15, Z);
}

/* Pairs ordered as planeSamples orders samples: dwords 0, 2, 4, 6 | 1, 3, 5, 7. */
AI __m256i orderedPairs(const uint8_t *uv) {
    return _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)uv),
                                       _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
}

AI void chromaI420(const uint8_t *u, const uint8_t *v, Terms *f, Terms *s) {
    repeat(terms(_mm256_shuffle_epi8(broadcast128(u), planeSamples()),
                 _mm256_shuffle_epi8(broadcast128(v), planeSamples())), f, s);
}

AI void chromaI420Mad(const uint8_t *u, const uint8_t *v, Terms *f, Terms *s) {
    const __m256i cv = _mm256_setr_epi8(Z, 0, Z, 1, Z, 4, Z, 5, Z, 8, Z, 9, Z, 12, Z, 13,
                                        Z, 2, Z, 3, Z, 6, Z, 7, Z, 10, Z, 11, Z, 14, Z, 15);
    repeat(pairTerms(_mm256_or_si256(_mm256_shuffle_epi8(broadcast128(u), planeSamples()),
                                     _mm256_shuffle_epi8(broadcast128(v), cv))), f, s);
}

AI void chromaNV12(const uint8_t *uv, const uint8_t *unused, Terms *f, Terms *s) {
    (void)unused;
    const __m256i even = _mm256_setr_epi8(0, Z, 0, Z, 2, Z, 2, Z, 8, Z, 8, Z, 10, Z, 10, Z,
                                          4, Z, 4, Z, 6, Z, 6, Z, 12, Z, 12, Z, 14, Z, 14, Z);
    const __m256i odd = _mm256_setr_epi8(1, Z, 1, Z, 3, Z, 3, Z, 9, Z, 9, Z, 11, Z, 11, Z,
                                         5, Z, 5, Z, 7, Z, 7, Z, 13, Z, 13, Z, 15, Z, 15, Z);
    __m256i a = broadcast128(uv), b = broadcast128(uv + 16);
    *f = terms(_mm256_shuffle_epi8(a, even), _mm256_shuffle_epi8(a, odd));
    *s = terms(_mm256_shuffle_epi8(b, even), _mm256_shuffle_epi8(b, odd));
}

AI void chromaNV12Mad(const uint8_t *uv, const uint8_t *unused, Terms *f, Terms *s) {
    (void)unused;
    const __m256i c = _mm256_setr_epi8(0, 1, 0, 1, 2, 3, 2, 3, 8, 9, 8, 9, 10, 11, 10, 11,
                                       4, 5, 4, 5, 6, 7, 6, 7, 12, 13, 12, 13, 14, 15, 14, 15);
    *f = pairTerms(_mm256_shuffle_epi8(broadcast128(uv), c));
    *s = pairTerms(_mm256_shuffle_epi8(broadcast128(uv + 16), c));
}

AI void chromaNV12Perm(const uint8_t *uv, const uint8_t *unused, Terms *f, Terms *s) {
    (void)unused;
    __m256i p = orderedPairs(uv);
    repeat(terms(_mm256_and_si256(p, splat(0xFF)), _mm256_srli_epi16(p, 8)), f, s);
}

AI void chromaNV12PermMad(const uint8_t *uv, const uint8_t *unused, Terms *f, Terms *s) {
    (void)unused;
    repeat(pairTerms(orderedPairs(uv)), f, s);
}

typedef void (*RowPair)(const uint8_t *, const uint8_t *, const uint8_t *, const uint8_t *, uint8_t *,
                        uint8_t *, int);
static int prefetchDistance = 0;

/* A row pair in 32-pixel blocks; u is the pairs' row for NV12. PREFETCH
 * names a hint (0 for none) for the block's own output lines. */
#define ROW_PAIR(NAME, CHROMA, NV12, PREFETCH, WRITE, LOCALITY, ROWS)                                \
    __attribute__((noinline)) static void NAME(const uint8_t *y0, const uint8_t *y1, const uint8_t *u, \
                                               const uint8_t *v, uint8_t *o0, uint8_t *o1, int w) {     \
        for (int x = 0; x + 32 <= w; x += 32) {                                                       \
            Terms f, s;                                                                                \
            if (PREFETCH) {                                                                            \
                const uint8_t *p0 = o0 + 4 * x + prefetchDistance, *p1 = o1 + 4 * x + prefetchDistance; \
                __builtin_prefetch(p0, WRITE, LOCALITY), __builtin_prefetch(p0 + 64, WRITE, LOCALITY); \
                __builtin_prefetch(p1, WRITE, LOCALITY), __builtin_prefetch(p1 + 64, WRITE, LOCALITY); \
            }                                                                                          \
            if (NV12)                                                                                  \
                CHROMA(u + x, 0, &f, &s);                                                              \
            else                                                                                       \
                CHROMA(u + x / 2, v + x / 2, &f, &s);                                                  \
            if (ROWS) {                                                                                \
                pixels16Row(y0 + x, f, o0 + 4 * x), pixels16Row(y1 + x, f, o1 + 4 * x);               \
                pixels16Row(y0 + x + 16, s, o0 + 4 * x + 64);                                          \
                pixels16Row(y1 + x + 16, s, o1 + 4 * x + 64);                                          \
            } else {                                                                                   \
                pixels16(y0 + x, y1 + x, f, o0 + 4 * x, o1 + 4 * x);                                   \
                pixels16(y0 + x + 16, y1 + x + 16, s, o0 + 4 * x + 64, o1 + 4 * x + 64);               \
            }                                                                                          \
        }                                                                                              \
    }

ROW_PAIR(i420, chromaI420, 0, 0, 0, 3, 0)
ROW_PAIR(i420Rows, chromaI420, 0, 0, 0, 3, 1)
ROW_PAIR(nv12, chromaNV12, 1, 0, 0, 3, 0)
ROW_PAIR(nv12Mad, chromaNV12Mad, 1, 0, 0, 3, 0)
ROW_PAIR(nv12Perm, chromaNV12Perm, 1, 0, 0, 3, 0)
ROW_PAIR(nv12PermMad, chromaNV12PermMad, 1, 0, 0, 3, 0)
ROW_PAIR(i420Mad, chromaI420Mad, 0, 0, 0, 3, 0)
ROW_PAIR(i420PrefetchT0, chromaI420, 0, 1, 0, 3, 0)
ROW_PAIR(i420PrefetchW, chromaI420, 0, 1, 1, 3, 0)
ROW_PAIR(i420PrefetchT1, chromaI420, 0, 1, 0, 2, 0)
ROW_PAIR(i420PrefetchNTA, chromaI420, 0, 1, 0, 0, 0)

/* Reads each row's luma and one chroma row with vector loads, then fills
 * the row's output: a conversion's bytes moved as fast as they go. */
__attribute__((noinline)) static void floorRowPair(const uint8_t *y0, const uint8_t *y1, const uint8_t *u,
                                                   const uint8_t *v, uint8_t *o0, uint8_t *o1, int w) {
    const uint8_t *ys[2] = {y0, y1}, *cs[2] = {u, v};
    uint8_t *os[2] = {o0, o1};
    __m256i acc = _mm256_setzero_si256();
    for (int r = 0; r < 2; r++) {
        for (int x = 0; x + 32 <= w; x += 32) acc = _mm256_or_si256(acc, _mm256_loadu_si256((const __m256i *)(ys[r] + x)));
        for (int x = 0; x + 32 <= w / 2; x += 32) acc = _mm256_or_si256(acc, _mm256_loadu_si256((const __m256i *)(cs[r] + x)));
        for (int x = 0; x + 32 <= 4 * w; x += 32) _mm256_storeu_si256((__m256i *)(os[r] + x), acc);
    }
}

static int width = 320, height = 180;
static uint8_t *lumaPlane, *uPlane, *vPlane, *pairPlane;

static void convert(RowPair f, int nv12, uint8_t *out) {
    for (int r = 0; r + 1 < height; r += 2) {
        const uint8_t *u = nv12 ? pairPlane + (r / 2) * width : uPlane + (r / 2) * (width / 2);
        f(lumaPlane + r * width, lumaPlane + (r + 1) * width, u, vPlane + (r / 2) * (width / 2),
          out + r * width * 4, out + (r + 1) * width * 4, width);
    }
}

static double nanoseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: block-probe W H OUTPUTS [REPEAT [PREFETCH_DISTANCE]]\n");
        return 2;
    }
    width = atoi(argv[1]), height = atoi(argv[2]);
    int outputs = atoi(argv[3]), repeat = argc > 4 ? atoi(argv[4]) : 1;
    prefetchDistance = argc > 5 ? atoi(argv[5]) : 0;
    if (width < 32 || width % 32 || height < 2 || height % 2 || outputs < 1 || repeat < 1) {
        fprintf(stderr, "block-probe: W a multiple of 32, H even, N and REPEAT at least 1\n");
        return 2;
    }
    size_t pixels = (size_t)width * height;
    lumaPlane = aligned_alloc(64, pixels), uPlane = aligned_alloc(64, pixels / 4);
    vPlane = aligned_alloc(64, pixels / 4), pairPlane = aligned_alloc(64, pixels / 2);
    for (size_t i = 0; i < pixels; i++) lumaPlane[i] = (uint8_t)rand();
    for (int r = 0; r < height / 2; r++)
        for (int i = 0; i < width / 2; i++) {
            uint8_t u = (uint8_t)rand(), v = (uint8_t)rand();
            uPlane[r * width / 2 + i] = u, vPlane[r * width / 2 + i] = v;
            pairPlane[r * width + 2 * i] = u, pairPlane[r * width + 2 * i + 1] = v;
        }
    struct { const char *name; RowPair f; int nv12, checked; } variants[] = {
        {"i420", i420, 0, 1}, {"i420-rows", i420Rows, 0, 1}, {"nv12", nv12, 1, 1}, {"nv12-mad", nv12Mad, 1, 1},
        {"nv12-perm", nv12Perm, 1, 1}, {"nv12-pmad", nv12PermMad, 1, 1}, {"i420-mad", i420Mad, 0, 1},
        {"floor", floorRowPair, 0, 0}, {"pf-t0", i420PrefetchT0, 0, 1}, {"pf-w", i420PrefetchW, 0, 1},
        {"pf-t1", i420PrefetchT1, 0, 1}, {"pf-nta", i420PrefetchNTA, 0, 1},
    };
    enum { count = sizeof variants / sizeof variants[0], rounds = 2000 };
    uint8_t **out = malloc(sizeof *out * count * outputs);
    for (int i = 0; i < count * outputs; i++) out[i] = aligned_alloc(64, pixels * 4), memset(out[i], 0, pixels * 4);
    convert(i420, 0, out[0]);
    for (int k = 1; k < count; k++) {
        if (!variants[k].checked) continue;
        memset(out[1], 0xA5, pixels * 4);
        convert(variants[k].f, variants[k].nv12, out[1]);
        if (memcmp(out[0], out[1], pixels * 4)) {
            printf("%s differs from i420\n", variants[k].name);
            return 1;
        }
    }
    static double times[count][rounds];
    for (int r = 0; r < rounds; r++)
        for (int k0 = 0; k0 < count; k0++) {
            int k = (k0 + r) % count;
            uint8_t *o = out[k * outputs + r % outputs];
            double start = nanoseconds();
            for (int q = 0; q < repeat; q++) convert(variants[k].f, variants[k].nv12, o);
            times[k][r] = nanoseconds() - start;
        }
    for (int k = 0; k < count; k++) qsort(times[k], rounds, sizeof(double), ascending);
    for (int k = 0; k < count; k++)
        printf("%-10s %9.0f ns   ÷ i420 %.3f\n", variants[k].name, times[k][rounds / 2],
               times[k][rounds / 2] / times[0][rounds / 2]);
    return 0;
}
