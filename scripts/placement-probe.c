/*
 * placement-probe: whether where an output lies changes how long writing
 * it takes (docs/measurements.md, "Where an output lies").
 *
 * Maps N outputs of W x H BGRA pixels as FrameBench maps a frame (its own
 * mapping on a 2 MiB boundary, advised for huge pages, touched once), then
 * runs ROUNDS rounds; each round writes every output once, in an order
 * that moves by one output a round, with the same pass: an I420 frame's
 * luma and one chroma plane read, four bytes a pixel written with
 * ordinary 256-bit stores. Prints each output's median time as a share of
 * the mean of the medians, and that mean in µs. Outputs alike in every way
 * but their place all print about 1.000.
 *
 * Build and run (AVX2):
 *   clang -O2 -mavx2 -o /tmp/placement-probe scripts/placement-probe.c
 *   /tmp/placement-probe 640 360 10 600
 */
#define _GNU_SOURCE
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

enum { hugePage = 2 << 20, mostOutputs = 64 };

static void *mapFrame(size_t bytes) {
    size_t count = (bytes + hugePage - 1) / hugePage * hugePage;
    uint8_t *mapped = mmap(NULL, count + hugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    void *aligned = (void *)(((uintptr_t)mapped + hugePage - 1) / hugePage * hugePage);
    madvise(aligned, count, MADV_HUGEPAGE);
    memset(aligned, 0, bytes);
    return aligned;
}

static uint64_t nanoseconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* 32 luma bytes and 16 chroma bytes a step, 128 output bytes (W a multiple of 32). */
static void pass(const uint8_t *luma, const uint8_t *chroma, int width, int height, uint8_t *out) {
    for (int row = 0; row < height; row++) {
        const uint8_t *y = luma + (size_t)row * width;
        const uint8_t *u = chroma + (size_t)(row / 2) * (width / 2);
        uint8_t *o = out + (size_t)row * width * 4;
        for (int x = 0; x < width; x += 32) {
            __m256i pixels = _mm256_loadu_si256((const __m256i *)(y + x));
            __m256i terms = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(u + x / 2)));
            __m256i low = _mm256_add_epi16(_mm256_unpacklo_epi8(pixels, pixels), terms);
            __m256i high = _mm256_add_epi16(_mm256_unpackhi_epi8(pixels, pixels), terms);
            _mm256_storeu_si256((__m256i *)(o + 4 * x), _mm256_unpacklo_epi16(low, low));
            _mm256_storeu_si256((__m256i *)(o + 4 * x + 32), _mm256_unpackhi_epi16(low, low));
            _mm256_storeu_si256((__m256i *)(o + 4 * x + 64), _mm256_unpacklo_epi16(high, high));
            _mm256_storeu_si256((__m256i *)(o + 4 * x + 96), _mm256_unpackhi_epi16(high, high));
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s W H N ROUNDS (W a multiple of 32, H even, N outputs)\n", argv[0]);
        return 2;
    }
    int width = atoi(argv[1]), height = atoi(argv[2]), outputs = atoi(argv[3]), rounds = atoi(argv[4]);
    if (width < 32 || width % 32 || height < 2 || height % 2 || outputs < 1 || outputs > mostOutputs || rounds < 1) {
        fprintf(stderr, "W a multiple of 32, H even, 1 <= N <= %d, ROUNDS >= 1\n", mostOutputs);
        return 2;
    }
    size_t lumaBytes = (size_t)width * height;
    uint8_t *luma = mapFrame(lumaBytes), *chroma = mapFrame(lumaBytes / 4 + 32);
    memset(luma, 7, lumaBytes);
    memset(chroma, 9, lumaBytes / 4 + 32);
    uint8_t *out[mostOutputs];
    for (int i = 0; i < outputs; i++) out[i] = mapFrame(lumaBytes * 4);
    double *times = malloc(sizeof(double) * (size_t)outputs * rounds);
    for (int round = 0; round < rounds; round++) {
        for (int k = 0; k < outputs; k++) {
            int i = (round + k) % outputs;
            uint64_t start = nanoseconds();
            pass(luma, chroma, width, height, out[i]);
            times[(size_t)i * rounds + round] = (double)(nanoseconds() - start) / 1000;
        }
    }
    double median[mostOutputs], mean = 0;
    for (int i = 0; i < outputs; i++) {
        qsort(times + (size_t)i * rounds, (size_t)rounds, sizeof(double), ascending);
        median[i] = times[(size_t)i * rounds + rounds / 2];
        mean += median[i] / outputs;
    }
    for (int i = 0; i < outputs; i++) printf("%.3f ", median[i] / mean);
    printf(" (mean of the medians %.1f µs)\n", mean);
    free(times);
    return 0;
}
