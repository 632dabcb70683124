/*
 * wake-probe: how late this machine wakes threads that sleep to absolute
 * deadlines, the way `bench call`'s participants do (docs/presentation.md,
 * "A group call's load").
 *
 * THREADS threads (48) each sleep with clock_nanosleep(CLOCK_MONOTONIC,
 * TIMER_ABSTIME) to deadlines FPS (30) times a second, offset by
 * (index mod 8) x 0.5 ms as the call's participants are, and after each
 * wake spin for WORK_US (300) µs on the monotonic clock, a participant's
 * decode and conversion of a 320x180 frame. A wake's lateness is its
 * wake time minus its deadline; the program prints p50, p99 and max of
 * all wakes (nearest rank), how many were later than one frame interval,
 * and the process's CPU time over wall time and cores.
 *
 * Build and run:
 *   gcc -O2 -pthread -o /tmp/wake-probe scripts/wake-probe.c && /tmp/wake-probe [THREADS [SECONDS [WORK_US [FPS]]]]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int threads = 48;
static double seconds = 5;
static long work_ns = 300000;
static double fps = 30;
static long long start_ns;
static int frames;
static long long *lateness; /* threads x frames */

static long long now_ns(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void *participant(void *argument) {
    long index = (long)argument;
    long long phase = (index % 8) * 500000LL;
    for (int k = 0; k < frames; k++) {
        long long due = start_ns + phase + (long long)(k * 1e9 / fps + 0.5);
        struct timespec target = {due / 1000000000LL, due % 1000000000LL};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, NULL) != 0) {}
        long long woke = now_ns(CLOCK_MONOTONIC);
        lateness[index * frames + k] = woke - due;
        while (now_ns(CLOCK_MONOTONIC) - woke < work_ns) {}
    }
    return NULL;
}

static int compare(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc > 1) threads = atoi(argv[1]);
    if (argc > 2) seconds = atof(argv[2]);
    if (argc > 3) work_ns = atol(argv[3]) * 1000;
    if (argc > 4) fps = atof(argv[4]);
    frames = (int)(seconds * fps);
    if (threads < 1 || frames < 1 || work_ns < 0) {
        fprintf(stderr, "usage: wake-probe [THREADS [SECONDS [WORK_US [FPS]]]]\n");
        return 1;
    }
    lateness = calloc((size_t)threads * frames, sizeof *lateness);
    pthread_t *ids = calloc(threads, sizeof *ids);
    start_ns = now_ns(CLOCK_MONOTONIC) + 100000000LL;
    long long cpu_before = now_ns(CLOCK_PROCESS_CPUTIME_ID);
    for (long i = 0; i < threads; i++) pthread_create(&ids[i], NULL, participant, (void *)i);
    for (int i = 0; i < threads; i++) pthread_join(ids[i], NULL);
    double wall = (now_ns(CLOCK_MONOTONIC) - start_ns) / 1e9;
    double cpu = (now_ns(CLOCK_PROCESS_CPUTIME_ID) - cpu_before) / 1e9;
    size_t count = (size_t)threads * frames;
    qsort(lateness, count, sizeof *lateness, compare);
    long long interval = (long long)(1e9 / fps);
    size_t late = 0;
    for (size_t i = 0; i < count; i++) late += lateness[i] > interval;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    printf("%d threads x %d wakes at %.0f Hz, %ld us work: lateness p50 %.3f ms, p99 %.3f ms, max %.3f ms; "
           "%zu later than %.1f ms; cpu %.1f %% of %ld cores\n",
           threads, frames, fps, work_ns / 1000, lateness[(count - 1) / 2] / 1e6,
           lateness[(size_t)(0.99 * count + 0.999999) - 1] / 1e6, lateness[count - 1] / 1e6, late, interval / 1e6,
           100 * cpu / wall / cores, cores);
    return 0;
}
