/*
 * floor-probe: an independent check of FrameBench's memory floor, in C.
 *
 * For 176x144, 640x480, 1280x720 and 1920x1080 it allocates an I420 frame
 * (planes with stride = width, 64-byte aligned) and a BGRA frame (stride =
 * width * 4, 64-byte aligned), then times passes that read every I420 byte
 * once with vector loads (OR-folded so they stay) and write every BGRA byte
 * once with 0xFF, row by row in the order a converter takes them (a luma row,
 * its U and V rows on even rows, its BGRA row), with ordinary stores and with
 * non-temporal stores (+ sfence), alternating (each timed pass right after an
 * untimed one of the same kind), and prints the median µs.
 *
 * Build and run (AVX2; add -mavx512f -mavx512bw for 64-byte vectors):
 *   gcc -O2 -mavx2 -o /tmp/floor-probe scripts/floor-probe.c && /tmp/floor-probe
 *   gcc -O2 -mavx512f -mavx512bw -o /tmp/floor-probe512 scripts/floor-probe.c && /tmp/floor-probe512
 * Optional argument: passes per size and kind (default 1001).
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __AVX512F__
#define VBYTES 64
typedef __m512i vec;
#define VLOAD(p) _mm512_loadu_si512((const void *)(p))
#define VOR(a, b) _mm512_or_si512(a, b)
#define VZERO() _mm512_setzero_si512()
#define VONES() _mm512_set1_epi32(-1)
#define VSTORE(p, v) _mm512_storeu_si512((void *)(p), v)
#define VSTREAM(p, v) _mm512_stream_si512((void *)(p), v)
static uint64_t vfold(vec v) { return (uint64_t)_mm512_reduce_or_epi64(v); }
#define LEVEL "AVX-512"
#else
#define VBYTES 32
typedef __m256i vec;
#define VLOAD(p) _mm256_loadu_si256((const __m256i *)(p))
#define VOR(a, b) _mm256_or_si256(a, b)
#define VZERO() _mm256_setzero_si256()
#define VONES() _mm256_set1_epi32(-1)
#define VSTORE(p, v) _mm256_storeu_si256((__m256i *)(p), v)
#define VSTREAM(p, v) _mm256_stream_si256((__m256i *)(p), v)
static uint64_t vfold(vec v) {
    __m128i x = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(x) | (uint64_t)_mm_extract_epi64(x, 1);
}
#define LEVEL "AVX2"
#endif

/* OR of n bytes: whole vectors, one overlapping last vector, bytes below one vector. */
static inline vec fold_row(const uint8_t *p, size_t n, vec acc, uint64_t *shortbits) {
    if (n < VBYTES) {
        for (size_t i = 0; i < n; i++) *shortbits |= p[i];
        return acc;
    }
    vec a1 = VZERO(), a2 = VZERO(), a3 = VZERO();
    size_t i = 0;
    for (; i + 4 * VBYTES <= n; i += 4 * VBYTES) {
        acc = VOR(acc, VLOAD(p + i));
        a1 = VOR(a1, VLOAD(p + i + VBYTES));
        a2 = VOR(a2, VLOAD(p + i + 2 * VBYTES));
        a3 = VOR(a3, VLOAD(p + i + 3 * VBYTES));
    }
    for (; i + VBYTES <= n; i += VBYTES) acc = VOR(acc, VLOAD(p + i));
    if (i < n) a1 = VOR(a1, VLOAD(p + n - VBYTES));
    return VOR(VOR(acc, a1), VOR(a2, a3));
}

/* 0xFF into n bytes at p (64-byte aligned, n a multiple of 64 at these sizes). */
static inline void fill_row(uint8_t *p, size_t n, int streaming) {
    vec ones = VONES();
    size_t i = 0;
    if (streaming) {
        for (; i + VBYTES <= n; i += VBYTES) VSTREAM(p + i, ones);
    } else {
        /* The empty asm hides the constant, or gcc turns the loop into a
           memset call (which measured 2x slower at 1920x1080). */
        for (; i + VBYTES <= n; i += VBYTES) {
            __asm__("" : "+x"(ones));
            VSTORE(p + i, ones);
        }
    }
    for (; i < n; i++) p[i] = 0xFF;
}

struct frame {
    int w, h, cw, ch;
    uint8_t *y, *u, *v, *out;
};

static volatile uint64_t sink;

static void pass(const struct frame *f, int streaming) {
    vec acc = VZERO();
    uint64_t shortbits = 0;
    for (int row = 0; row < f->h; row++) {
        acc = fold_row(f->y + (size_t)row * f->w, f->w, acc, &shortbits);
        if ((row & 1) == 0) {
            acc = fold_row(f->u + (size_t)(row / 2) * f->cw, f->cw, acc, &shortbits);
            acc = fold_row(f->v + (size_t)(row / 2) * f->cw, f->cw, acc, &shortbits);
        }
        fill_row(f->out + (size_t)row * f->w * 4, (size_t)f->w * 4, streaming);
    }
    if (streaming) _mm_sfence();
    sink |= vfold(acc) | shortbits;
}

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void *alloc64(size_t n) {
    void *p = aligned_alloc(64, (n + 63) / 64 * 64);
    if (!p) { perror("aligned_alloc"); exit(1); }
    memset(p, 0x11, n);
    return p;
}

int main(int argc, char **argv) {
    int passes = argc > 1 ? atoi(argv[1]) : 1001;
    const int sizes[][2] = {{176, 144}, {640, 480}, {1280, 720}, {1920, 1080}};
    double *t[2] = {malloc(passes * sizeof(double)), malloc(passes * sizeof(double))};
    printf("floor-probe (%s loads and stores), median of %d passes, us\n", LEVEL, passes);
    printf("%-10s %10s %10s\n", "size", "cached", "streaming");
    for (int s = 0; s < 4; s++) {
        struct frame f = {.w = sizes[s][0], .h = sizes[s][1], .cw = (sizes[s][0] + 1) / 2, .ch = (sizes[s][1] + 1) / 2};
        f.y = alloc64((size_t)f.w * f.h);
        f.u = alloc64((size_t)f.cw * f.ch);
        f.v = alloc64((size_t)f.cw * f.ch);
        f.out = alloc64((size_t)f.w * 4 * f.h);
        for (int k = 0; k < 2; k++) for (int i = 0; i < 10; i++) pass(&f, k);
        for (int i = 0; i < passes; i++) {
            for (int j = 0; j < 2; j++) {
                int k = (i + j) & 1; /* alternate which kind goes first */
                /* An untimed pass of the same kind first: a cached pass right
                   after a streaming one finds the destination evicted from
                   the caches and measured ~2x slower at 1920x1080. */
                pass(&f, k);
                double t0 = now_us();
                pass(&f, k);
                t[k][i] = now_us() - t0;
            }
        }
        qsort(t[0], passes, sizeof(double), cmp);
        qsort(t[1], passes, sizeof(double), cmp);
        char name[32];
        snprintf(name, sizeof name, "%dx%d", f.w, f.h);
        printf("%-10s %10.2f %10.2f\n", name, t[0][passes / 2], t[1][passes / 2]);
        free(f.y); free(f.u); free(f.v); free(f.out);
    }
    return 0;
}
