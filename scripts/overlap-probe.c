/*
 * overlap-probe: does work that reads memory overlap with a stream of
 * streaming (non-temporal) stores, and does it still when that work also
 * stores to a small cached scratch? The question behind the quarter turns'
 * cost (docs/kernel.md, "Speed"): their tile conversion stores into an L1
 * scratch between the placement's streaming stores; an upright conversion
 * has no such stores.
 *
 * Each unit of work is eight 64-byte vectors, each loaded from a 24 MiB
 * source (stride given, wrapping), run through a few multiplies and adds,
 * and (in the scratch variants) stored into a 16 KiB scratch; each unit of
 * writing is eight 64-byte streaming stores into a 64 MiB destination.
 * Printed: the best of five passes over 131072 units, in ms, for
 *   writes only, work only (with its scratch stores),
 *   work and writes interleaved unit by unit, with scratch stores,
 *   the same without scratch stores (the work's results stay in registers).
 * Overlap means the interleaved time is near the larger of the first two,
 * not their sum.
 *
 * Build and run (AVX-512):
 *   gcc -O2 -mavx512f -mavx512bw -o /tmp/overlap-probe scripts/overlap-probe.c && /tmp/overlap-probe
 * Optional argument: the source stride in bytes (default 64, sequential;
 * 1920 reads one line per row of a 1080p luma plane).
 */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { units = 131072, vectors = 8, passes = 5 };
static const long destinationBytes = 64L << 20, sourceBytes = 24L << 20, scratchBytes = 16384;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

/* One pass; doWork, doWrites, scratch select the variant. Returns seconds. */
static double pass(char *source, long stride, char *scratch, char *destination, int doWork, int doWrites,
                   int useScratch, __m512i *sink) {
    __m512i acc = *sink, k = _mm512_set1_epi16(7);
    long at = 0, written = 0, s = 0;
    double start = now();
    for (long u = 0; u < units; u++) {
        if (doWork) {
            for (int v = 0; v < vectors; v++) {
                acc = _mm512_add_epi16(acc, _mm512_loadu_si512(source + at));
                acc = _mm512_add_epi16(_mm512_mulhi_epu16(acc, k), k);
                at += stride;
                if (at + 64 > sourceBytes) at = (at + 64) % 4096;
                if (useScratch) _mm512_store_si512(scratch + ((s + v * 64) & (scratchBytes - 1)), acc);
            }
            s += vectors * 64;
        }
        if (doWrites) {
            for (int v = 0; v < vectors; v++)
                _mm512_stream_si512((void *)(destination + written + v * 64),
                                    _mm512_load_si512(scratch + ((written + v * 64) & (scratchBytes - 1))));
            written += vectors * 64;
        }
    }
    _mm_sfence();
    *sink = acc;
    return now() - start;
}

int main(int argc, char **argv) {
    long stride = argc > 1 ? atol(argv[1]) : 64;
    char *destination = aligned_alloc(64, destinationBytes);
    char *source = aligned_alloc(64, sourceBytes);
    char *scratch = aligned_alloc(64, scratchBytes);
    memset(destination, 0, destinationBytes);
    memset(source, 2, sourceBytes);
    memset(scratch, 1, scratchBytes);
    const char *names[] = {"writes only", "work only (scratch stores)", "interleaved, scratch stores",
                           "interleaved, no scratch stores"};
    const int variants[4][3] = {{0, 1, 0}, {1, 0, 1}, {1, 1, 1}, {1, 1, 0}};
    __m512i sink = _mm512_set1_epi16(3);
    printf("source stride %ld bytes\n", stride);
    for (int i = 0; i < 4; i++) {
        double best = 1e9;
        for (int p = 0; p < passes; p++) {
            double t = pass(source, stride, scratch, destination, variants[i][0], variants[i][1], variants[i][2], &sink);
            if (t < best) best = t;
        }
        printf("%-32s %6.2f ms\n", names[i], best * 1e3);
    }
    return _mm512_reduce_add_epi32(sink) == 12345;
}
