/*
 * block-probe-vbmi: variants of the VBMI level's 64-pixel row-pair block
 * (SIMDRowsAVX512VBMI/PairBlockVBMI.swift), in C, timed over whole I420
 * frames beside a floor (docs/log/kernel-amd-zen4.md).
 *
 * Variants, each checked byte for byte against `block` first:
 *   block        the Swift block's instructions, block after block;
 *   ymm-loads    chroma rows by zero-extending 256-bit loads;
 *   red-packed   red as blue and green (signed sum, shift, vpackuswb of
 *                both rows' reds), alpha from a masked vpermi2b;
 *   bg-mulhw     blue's and green's shifts as vpmulhw by 1024;
 *   red-mulhw    red's shift as vpmulhw by 1024;
 *   all-mulhw    every shift as vpmulhw by 1024;
 *   two-rows     both rows of a pair through each step side by side;
 *   pipelined    the whole frame's blocks as one sequence, each block's
 *                loads, chroma terms and luma words made one block ahead;
 *   row-pipeline the same within each row pair only;
 *   row-pipeline-ymm  row-pipeline with ymm-loads' chroma loads;
 *   l1-stores    `block` storing every block to one 2 KiB scratch (the
 *                arithmetic alone, its stores always hitting L1);
 *   even-odd     even and odd pixels in vectors of their own, so that
 *                each chroma term is made once per sample (one vpermt2b
 *                and six instructions a block instead of fourteen); each
 *                channel of both packed by one vpackuswb, blue and green
 *                interleaved by two vpermt2b, each store's pixels gathered
 *                from them and the reds by a masked vpermi2b (alpha kept
 *                from the index): 57 instructions a block instead of 62,
 *                23 of them shuffles instead of 18;
 *   even-odd-or  the same with alpha or-ed in after a plain vpermt2b;
 *   floor        the frame's bytes read with 512-bit loads and the output
 *                filled with 512-bit stores.
 * Rounds run every variant once in a rotating order; each prints its
 * median time and that median over the floor's.
 *
 * Build and run (AVX-512 with VBMI), width and height as arguments:
 *   clang -O2 -march=skylake-avx512 -mavx512vbmi -o /tmp/block-probe-vbmi \
 *     scripts/block-probe-vbmi.c && /tmp/block-probe-vbmi 176 144
 */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* libyuv's BT.601 constants. */
enum { YG = 18997, YB = -1160, UB = 128, UG = 25, VG = 52, VR = 102 };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static __m512i splat(int x) { return _mm512_set1_epi16((short)x); }

static __m512i firstPixels, secondPixels, firstPlanePairs, secondPlanePairs, bytesFirst, bytesSecond;
static __m512i redFirst0, redSecond0, redFirst1, redSecond1;
static __m512i eoPairs, eoEven, eoOdd, eoBGLow, eoBGHigh, eoOut[4];

static __m512i bytes(const char *a) { return _mm512_loadu_si512(a); }

/* even-odd: the byte of pixel p (0 ... 63) in a vpackuswb of the even
   pixels' words and the odd pixels' words (lane p / 16: the even pixels
   in bytes 0-7, the odd in 8-15). */
static int packedByte(int p) { return 16 * (p / 16) + p % 2 * 8 + p % 16 / 2; }

/* even-odd's indices: (u, v) pairs of samples 0 ... 31, luma of the even
   and the odd pixels doubled into words, blue and green of pixels 0 ... 31
   and 32 ... 63 interleaved, and each store's B, G (from those) and R
   (from the packed reds, indices from 64), alpha 0xFF kept from the index. */
static void makeEvenOdd(void) {
    char a[64];
    for (int k = 0; k < 32; k++) a[2 * k] = k, a[2 * k + 1] = 64 + k;
    eoPairs = bytes(a);
    for (int k = 0; k < 32; k++) a[2 * k] = a[2 * k + 1] = 2 * k;
    eoEven = bytes(a);
    for (int k = 0; k < 32; k++) a[2 * k] = a[2 * k + 1] = 2 * k + 1;
    eoOdd = bytes(a);
    for (int half = 0; half < 2; half++) {
        for (int i = 0; i < 32; i++) {
            int p = 32 * half + i;
            a[2 * i] = packedByte(p), a[2 * i + 1] = 64 + packedByte(p);
        }
        if (half == 0)
            eoBGLow = bytes(a);
        else
            eoBGHigh = bytes(a);
    }
    for (int q = 0; q < 4; q++) {
        for (int i = 0; i < 16; i++) {
            int p = 16 * q + i, w = p % 32;
            a[4 * i] = 2 * w, a[4 * i + 1] = 2 * w + 1, a[4 * i + 2] = 64 + packedByte(p), a[4 * i + 3] = (char)0xFF;
        }
        eoOut[q] = bytes(a);
    }
}

static void makeIndices(void) {
    makeEvenOdd();
    char a[64];
    for (int j = 0; j < 64; j++) a[j] = j / 2;
    firstPixels = bytes(a);
    for (int j = 0; j < 64; j++) a[j] = 32 + j / 2;
    secondPixels = bytes(a);
    for (int j = 0; j < 32; j++) a[2 * j] = j / 2, a[2 * j + 1] = 64 + j / 2;
    firstPlanePairs = bytes(a);
    for (int j = 0; j < 64; j++) a[j] += 16;
    secondPlanePairs = bytes(a);
    for (int p = 0; p < 16; p++) {
        a[4 * p] = 16 * (p / 8) + p % 8;
        a[4 * p + 1] = a[4 * p] + 8;
        a[4 * p + 2] = 64 + 2 * p;
        a[4 * p + 3] = 65 + 2 * p;
    }
    bytesFirst = bytes(a);
    for (int j = 0; j < 64; j++) a[j] += 32;
    bytesSecond = bytes(a);
    /* red-packed: reds of row 0 in bytes 0-7 of each 128-bit lane, row 1's in 8-15; alpha kept from the index. */
    for (int row = 0; row < 2; row++) {
        for (int p = 0; p < 16; p++) {
            a[4 * p] = 16 * (p / 8) + p % 8;
            a[4 * p + 1] = a[4 * p] + 8;
            a[4 * p + 2] = 64 + 16 * (p / 8) + p % 8 + 8 * row;
            a[4 * p + 3] = (char)0xFF;
        }
        __m512i first = bytes(a);
        for (int p = 0; p < 16; p++) a[4 * p] += 32, a[4 * p + 1] += 32, a[4 * p + 2] += 32;
        if (row == 0) redFirst0 = first, redSecond0 = bytes(a);
        else redFirst1 = first, redSecond1 = bytes(a);
    }
}

typedef struct { __m512i b, g, r; } Terms;

static inline Terms pairTerms(__m512i p, int redOffset) {
    Terms t;
    t.b = _mm512_sub_epi16(splat(YB - 128 * UB), _mm512_maddubs_epi16(p, splat(-UB & 0xFF)));
    t.g = _mm512_sub_epi16(splat(YB + 128 * (UG + VG)), _mm512_maddubs_epi16(p, splat(VG << 8 | UG)));
    t.r = _mm512_add_epi16(splat(YB - 128 * VR + redOffset), _mm512_maddubs_epi16(p, splat(VR << 8)));
    return t;
}

/* Shift modes: bit 0 blue and green by vpmulhw, bit 1 red by vpmulhw. */
static inline void store32(__m512i doubled, Terms t, char *out, int mode) {
    __m512i a = _mm512_mulhi_epu16(doubled, splat(YG));
    __m512i b = _mm512_adds_epi16(a, t.b), g = _mm512_adds_epi16(a, t.g);
    __m512i bg = (mode & 1) ? _mm512_packus_epi16(_mm512_mulhi_epi16(b, splat(1024)), _mm512_mulhi_epi16(g, splat(1024)))
                            : _mm512_packus_epi16(_mm512_srai_epi16(b, 6), _mm512_srai_epi16(g, 6));
    __m512i r = _mm512_max_epu16(_mm512_adds_epu16(a, t.r), splat(0xC000));
    __m512i ra = (mode & 2) ? _mm512_mulhi_epi16(r, splat(1024)) : _mm512_srai_epi16(r, 6);
    _mm512_storeu_si512(out, _mm512_permutex2var_epi8(bg, bytesFirst, ra));
    _mm512_storeu_si512(out + 64, _mm512_permutex2var_epi8(bg, bytesSecond, ra));
}

typedef struct { Terms first, second; __m512i d0f, d1f, d0s, d1s; } Prepared;

static inline __m512i chromaRow(const unsigned char *p, int zeroExtend) {
    __m256i x = _mm256_loadu_si256((const void *)p);
    return zeroExtend ? _mm512_zextsi256_si512(x) : _mm512_castsi256_si512(x);
}

static inline Prepared prepare(const unsigned char *y0, const unsigned char *y1, const unsigned char *u,
                               const unsigned char *v, int zeroExtend, int redOffset) {
    Prepared p;
    __m512i us = chromaRow(u, zeroExtend), vs = chromaRow(v, zeroExtend);
    p.first = pairTerms(_mm512_permutex2var_epi8(us, firstPlanePairs, vs), redOffset);
    p.second = pairTerms(_mm512_permutex2var_epi8(us, secondPlanePairs, vs), redOffset);
    __m512i l0 = _mm512_loadu_si512(y0), l1 = _mm512_loadu_si512(y1);
    p.d0f = _mm512_permutexvar_epi8(firstPixels, l0);
    p.d1f = _mm512_permutexvar_epi8(firstPixels, l1);
    p.d0s = _mm512_permutexvar_epi8(secondPixels, l0);
    p.d1s = _mm512_permutexvar_epi8(secondPixels, l1);
    return p;
}

static inline void finish(Prepared p, char *o0, char *o1, int mode) {
    store32(p.d0f, p.first, o0, mode);
    store32(p.d1f, p.first, o1, mode);
    store32(p.d0s, p.second, o0 + 128, mode);
    store32(p.d1s, p.second, o1 + 128, mode);
}

static inline void block(const unsigned char *y0, const unsigned char *y1, const unsigned char *u,
                         const unsigned char *v, char *o0, char *o1, int mode, int zeroExtend) {
    finish(prepare(y0, y1, u, v, zeroExtend, 0xC000), o0, o1, mode);
}

static inline void twoRows32(__m512i d0, __m512i d1, Terms t, char *o0, char *o1) {
    __m512i a0 = _mm512_mulhi_epu16(d0, splat(YG)), a1 = _mm512_mulhi_epu16(d1, splat(YG));
    __m512i b0 = _mm512_srai_epi16(_mm512_adds_epi16(a0, t.b), 6), b1 = _mm512_srai_epi16(_mm512_adds_epi16(a1, t.b), 6);
    __m512i g0 = _mm512_srai_epi16(_mm512_adds_epi16(a0, t.g), 6), g1 = _mm512_srai_epi16(_mm512_adds_epi16(a1, t.g), 6);
    __m512i r0 = _mm512_max_epu16(_mm512_adds_epu16(a0, t.r), splat(0xC000));
    __m512i r1 = _mm512_max_epu16(_mm512_adds_epu16(a1, t.r), splat(0xC000));
    __m512i bg0 = _mm512_packus_epi16(b0, g0), bg1 = _mm512_packus_epi16(b1, g1);
    r0 = _mm512_srai_epi16(r0, 6);
    r1 = _mm512_srai_epi16(r1, 6);
    _mm512_storeu_si512(o0, _mm512_permutex2var_epi8(bg0, bytesFirst, r0));
    _mm512_storeu_si512(o1, _mm512_permutex2var_epi8(bg1, bytesFirst, r1));
    _mm512_storeu_si512(o0 + 64, _mm512_permutex2var_epi8(bg0, bytesSecond, r0));
    _mm512_storeu_si512(o1 + 64, _mm512_permutex2var_epi8(bg1, bytesSecond, r1));
}

static inline void redPacked32(__m512i d0, __m512i d1, Terms t, char *o0, char *o1) {
    __m512i a0 = _mm512_mulhi_epu16(d0, splat(YG)), a1 = _mm512_mulhi_epu16(d1, splat(YG));
    __m512i bg0 = _mm512_packus_epi16(_mm512_srai_epi16(_mm512_adds_epi16(a0, t.b), 6),
                                      _mm512_srai_epi16(_mm512_adds_epi16(a0, t.g), 6));
    __m512i bg1 = _mm512_packus_epi16(_mm512_srai_epi16(_mm512_adds_epi16(a1, t.b), 6),
                                      _mm512_srai_epi16(_mm512_adds_epi16(a1, t.g), 6));
    __m512i reds = _mm512_packus_epi16(_mm512_srai_epi16(_mm512_adds_epi16(a0, t.r), 6),
                                       _mm512_srai_epi16(_mm512_adds_epi16(a1, t.r), 6));
    const __mmask64 colours = 0x7777777777777777ULL;
    _mm512_storeu_si512(o0, _mm512_mask2_permutex2var_epi8(bg0, redFirst0, colours, reds));
    _mm512_storeu_si512(o0 + 64, _mm512_mask2_permutex2var_epi8(bg0, redSecond0, colours, reds));
    _mm512_storeu_si512(o1, _mm512_mask2_permutex2var_epi8(bg1, redFirst1, colours, reds));
    _mm512_storeu_si512(o1 + 64, _mm512_mask2_permutex2var_epi8(bg1, redSecond1, colours, reds));
}

/* A block whose 32-pixel steps take both rows at once (`twoRows32`, `redPacked32`). */
typedef void PairStep(__m512i, __m512i, Terms, char *, char *);

static inline void pairedBlock(PairStep *step, int zeroExtend, int redOffset, const unsigned char *y0,
                               const unsigned char *y1, const unsigned char *u, const unsigned char *v, char *o0,
                               char *o1) {
    Prepared p = prepare(y0, y1, u, v, zeroExtend, redOffset);
    step(p.d0f, p.d1f, p.first, o0, o1);
    step(p.d0s, p.d1s, p.second, o0 + 128, o1 + 128);
}

static inline void evenOddRow(__m512i l, Terms t, char *o, int orAlpha) {
    __m512i ae = _mm512_mulhi_epu16(_mm512_permutexvar_epi8(eoEven, l), splat(YG));
    __m512i ao = _mm512_mulhi_epu16(_mm512_permutexvar_epi8(eoOdd, l), splat(YG));
    __m512i pb = _mm512_packus_epi16(_mm512_srai_epi16(_mm512_adds_epi16(ae, t.b), 6),
                                     _mm512_srai_epi16(_mm512_adds_epi16(ao, t.b), 6));
    __m512i pg = _mm512_packus_epi16(_mm512_srai_epi16(_mm512_adds_epi16(ae, t.g), 6),
                                     _mm512_srai_epi16(_mm512_adds_epi16(ao, t.g), 6));
    __m512i pr = _mm512_packus_epi16(_mm512_srai_epi16(_mm512_adds_epi16(ae, t.r), 6),
                                     _mm512_srai_epi16(_mm512_adds_epi16(ao, t.r), 6));
    __m512i bgl = _mm512_permutex2var_epi8(pb, eoBGLow, pg), bgh = _mm512_permutex2var_epi8(pb, eoBGHigh, pg);
    if (orAlpha) {
        __m512i alpha = _mm512_set1_epi32((int)0xFF000000);
        _mm512_storeu_si512(o, _mm512_or_si512(_mm512_permutex2var_epi8(bgl, eoOut[0], pr), alpha));
        _mm512_storeu_si512(o + 64, _mm512_or_si512(_mm512_permutex2var_epi8(bgl, eoOut[1], pr), alpha));
        _mm512_storeu_si512(o + 128, _mm512_or_si512(_mm512_permutex2var_epi8(bgh, eoOut[2], pr), alpha));
        _mm512_storeu_si512(o + 192, _mm512_or_si512(_mm512_permutex2var_epi8(bgh, eoOut[3], pr), alpha));
    } else {
        const __mmask64 colours = 0x7777777777777777ULL;
        _mm512_storeu_si512(o, _mm512_mask2_permutex2var_epi8(bgl, eoOut[0], colours, pr));
        _mm512_storeu_si512(o + 64, _mm512_mask2_permutex2var_epi8(bgl, eoOut[1], colours, pr));
        _mm512_storeu_si512(o + 128, _mm512_mask2_permutex2var_epi8(bgh, eoOut[2], colours, pr));
        _mm512_storeu_si512(o + 192, _mm512_mask2_permutex2var_epi8(bgh, eoOut[3], colours, pr));
    }
}

static inline void evenOddBlock(const unsigned char *y0, const unsigned char *y1, const unsigned char *u,
                                const unsigned char *v, char *o0, char *o1, int orAlpha) {
    Terms t = pairTerms(_mm512_permutex2var_epi8(chromaRow(u, 0), eoPairs, chromaRow(v, 0)), 0);
    __m512i l0 = _mm512_loadu_si512(y0), l1 = _mm512_loadu_si512(y1);
    evenOddRow(l0, t, o0, orAlpha);
    evenOddRow(l1, t, o1, orAlpha);
}

static int W, H;
static char scratch[2048] __attribute__((aligned(64)));

typedef void Frame(const unsigned char *, const unsigned char *, const unsigned char *, char *);

/* A frame in row pairs, each in 64-pixel blocks, the last overlapping the one before it. */
#define FRAME(NAME, BLOCK)                                                                             \
    static void NAME(const unsigned char *Y, const unsigned char *U, const unsigned char *V, char *O) { \
        for (int row = 0; row < H; row += 2) {                                                         \
            const unsigned char *y0 = Y + row * W, *y1 = y0 + W;                                       \
            const unsigned char *u = U + row / 2 * (W / 2), *v = V + row / 2 * (W / 2);                \
            char *o0 = O + row * W * 4, *o1 = o0 + W * 4;                                              \
            for (int x = 0; x < W; x += 64) {                                                          \
                int at = x + 64 <= W ? x : W - 64;                                                     \
                BLOCK(y0 + at, y1 + at, u + at / 2, v + at / 2, o0 + 4 * at, o1 + 4 * at);             \
            }                                                                                          \
        }                                                                                              \
    }

#define PLAIN(y0, y1, u, v, o0, o1) block(y0, y1, u, v, o0, o1, 0, 0)
#define YMM(y0, y1, u, v, o0, o1) block(y0, y1, u, v, o0, o1, 0, 1)
#define BG_MULHW(y0, y1, u, v, o0, o1) block(y0, y1, u, v, o0, o1, 1, 0)
#define RED_MULHW(y0, y1, u, v, o0, o1) block(y0, y1, u, v, o0, o1, 2, 0)
#define ALL_MULHW(y0, y1, u, v, o0, o1) block(y0, y1, u, v, o0, o1, 3, 0)
#define L1(y0, y1, u, v, o0, o1)                                     \
    do {                                                             \
        (void)(o0), (void)(o1);                                      \
        block(y0, y1, u, v, scratch, scratch + 1024, 0, 0);          \
        __asm__ volatile("" ::"r"(scratch) : "memory");              \
    } while (0)
#define TWO_ROWS(y0, y1, u, v, o0, o1) pairedBlock(twoRows32, 0, 0xC000, y0, y1, u, v, o0, o1)
#define RED_PACKED(y0, y1, u, v, o0, o1) pairedBlock(redPacked32, 1, 0, y0, y1, u, v, o0, o1)

#define EVEN_ODD(y0, y1, u, v, o0, o1) evenOddBlock(y0, y1, u, v, o0, o1, 0)
#define EVEN_ODD_OR(y0, y1, u, v, o0, o1) evenOddBlock(y0, y1, u, v, o0, o1, 1)
FRAME(evenOddFrame, EVEN_ODD)
FRAME(evenOddOrFrame, EVEN_ODD_OR)
FRAME(plainFrame, PLAIN)
FRAME(ymmFrame, YMM)
FRAME(bgMulhwFrame, BG_MULHW)
FRAME(redMulhwFrame, RED_MULHW)
FRAME(allMulhwFrame, ALL_MULHW)
FRAME(l1Frame, L1)
FRAME(twoRowsFrame, TWO_ROWS)
FRAME(redPackedFrame, RED_PACKED)

/* Block k of the frame: its row pair and its column. */
static void blockAt(int k, const unsigned char *Y, const unsigned char *U, const unsigned char *V, char *O,
                    const unsigned char **y0, const unsigned char **u, const unsigned char **v, char **o0) {
    int perRow = (W + 63) / 64, row = 2 * (k / perRow), x = k % perRow * 64;
    if (x + 64 > W) x = W - 64;
    *y0 = Y + row * W + x;
    *u = U + row / 2 * (W / 2) + x / 2;
    *v = V + row / 2 * (W / 2) + x / 2;
    *o0 = O + (row * W + x) * 4;
}

static void pipelinedFrame(const unsigned char *Y, const unsigned char *U, const unsigned char *V, char *O) {
    int count = (W + 63) / 64 * (H / 2);
    const unsigned char *y0, *u, *v;
    char *o0;
    blockAt(0, Y, U, V, O, &y0, &u, &v, &o0);
    Prepared current = prepare(y0, y0 + W, u, v, 0, 0xC000);
    char *out = o0;
    for (int k = 1; k < count; k++) {
        blockAt(k, Y, U, V, O, &y0, &u, &v, &o0);
        Prepared next = prepare(y0, y0 + W, u, v, 0, 0xC000);
        finish(current, out, out + 4 * W, 0);
        current = next;
        out = o0;
    }
    finish(current, out, out + 4 * W, 0);
}

static inline void rowPipeline(const unsigned char *Y, const unsigned char *U, const unsigned char *V, char *O,
                               int zeroExtend) {
    for (int row = 0; row < H; row += 2) {
        const unsigned char *y0 = Y + row * W, *y1 = y0 + W, *u = U + row / 2 * (W / 2), *v = V + row / 2 * (W / 2);
        char *o0 = O + row * W * 4, *o1 = o0 + W * 4;
        Prepared current = prepare(y0, y1, u, v, zeroExtend, 0xC000);
        int at = 0;
        for (int x = 64; x < W; x += 64) {
            int next = x + 64 <= W ? x : W - 64;
            Prepared p = prepare(y0 + next, y1 + next, u + next / 2, v + next / 2, zeroExtend, 0xC000);
            finish(current, o0 + 4 * at, o1 + 4 * at, 0);
            current = p;
            at = next;
        }
        finish(current, o0 + 4 * at, o1 + 4 * at, 0);
    }
}

static void rowPipelineFrame(const unsigned char *Y, const unsigned char *U, const unsigned char *V, char *O) {
    rowPipeline(Y, U, V, O, 0);
}

static void rowPipelineYmmFrame(const unsigned char *Y, const unsigned char *U, const unsigned char *V, char *O) {
    rowPipeline(Y, U, V, O, 1);
}

static void floorFrame(const unsigned char *Y, const unsigned char *U, const unsigned char *V, char *O) {
    __m512i fold = _mm512_setzero_si512();
    for (int row = 0; row < H; row += 2) {
        for (int x = 0; x < W; x += 64) {
            fold = _mm512_or_si512(fold, _mm512_loadu_si512(Y + row * W + x));
            fold = _mm512_or_si512(fold, _mm512_loadu_si512(Y + (row + 1) * W + x));
        }
        for (int x = 0; x < W / 2; x += 32) {
            fold = _mm512_or_si512(fold, chromaRow(U + row / 2 * (W / 2) + x, 1));
            fold = _mm512_or_si512(fold, chromaRow(V + row / 2 * (W / 2) + x, 1));
        }
        for (int x = 0; x < W * 4; x += 64) {
            _mm512_storeu_si512(O + row * W * 4 + x, fold);
            _mm512_storeu_si512(O + (row + 1) * W * 4 + x, fold);
        }
    }
}

static int byDouble(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 3) return fprintf(stderr, "usage: %s WIDTH HEIGHT (width >= 64, both even)\n", argv[0]), 2;
    W = atoi(argv[1]);
    H = atoi(argv[2]);
    if (W < 64 || W % 2 || H < 2 || H % 2) return fprintf(stderr, "width >= 64, both even\n"), 2;
    makeIndices();
    static const struct { const char *name; Frame *frame; } variants[] = {
        {"floor", floorFrame},          {"block", plainFrame},        {"ymm-loads", ymmFrame},
        {"red-packed", redPackedFrame}, {"bg-mulhw", bgMulhwFrame},   {"red-mulhw", redMulhwFrame},
        {"all-mulhw", allMulhwFrame},   {"two-rows", twoRowsFrame},   {"pipelined", pipelinedFrame},
        {"row-pipeline", rowPipelineFrame}, {"row-pipeline-ymm", rowPipelineYmmFrame}, {"l1-stores", l1Frame},
        {"even-odd", evenOddFrame}, {"even-odd-or", evenOddOrFrame},
    };
    enum { count = sizeof variants / sizeof variants[0], rounds = 3000 };
    /* Rows 64-byte aligned when the width allows, as the report's frames are. */
    unsigned char *Y = aligned_alloc(64, W * H + 64), *U = aligned_alloc(64, W * H / 4 + 64);
    unsigned char *V = aligned_alloc(64, W * H / 4 + 64);
    char *out[count];
    for (int i = 0; i < count; i++) out[i] = aligned_alloc(64, W * H * 4 + 64);
    srand(1);
    for (int i = 0; i < W * H; i++) Y[i] = rand();
    for (int i = 0; i < W * H / 4; i++) U[i] = rand(), V[i] = rand();
    plainFrame(Y, U, V, out[1]);
    for (int i = 2; i < count; i++) {
        if (variants[i].frame == l1Frame) continue;
        variants[i].frame(Y, U, V, out[i]);
        if (memcmp(out[i], out[1], W * H * 4)) return fprintf(stderr, "%s differs from block\n", variants[i].name), 1;
    }
    static double times[count][rounds];
    for (int r = 0; r < rounds; r++)
        for (int k = 0; k < count; k++) {
            int i = (k + r) % count;
            double start = now();
            variants[i].frame(Y, U, V, out[i]);
            times[i][r] = now() - start;
        }
    for (int i = 0; i < count; i++) qsort(times[i], rounds, sizeof(double), byDouble);
    for (int i = 0; i < count; i++)
        printf("%-17s %7.3f us  %.3f x floor\n", variants[i].name, times[i][rounds / 2] * 1e6,
               times[i][rounds / 2] / times[0][rounds / 2]);
    return 0;
}
