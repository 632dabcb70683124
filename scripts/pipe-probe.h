/*
 * The timing harness pipe-probe.c (256-bit) and pipe-probe-512.c share.
 *
 * Before including it, a probe defines PIPE_PROBE_ROUNDS (rounds a pass),
 * PIPE_PROBE_PASSES (passes a timing, the fastest kept) and
 * PIPE_PROBE_REGISTER ("ymm" or "zmm"). Each group it times is repeated
 * for eight registers with no dependency between groups, so its time is
 * throughput, not latency; cycles come from a chain of dependent scalar
 * adds timed the same way (one add a cycle).
 */
#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double fastest(void (*pass)(void)) {
    double best = 1e9;
    for (int k = 0; k < PIPE_PROBE_PASSES; k++) {
        double start = now();
        pass();
        double seconds = now() - start;
        __asm__ volatile("vzeroupper");
        if (seconds < best) best = seconds;
    }
    return best;
}

/* Eight dependent adds a round: one cycle each. */
static void add_chain(void) {
    for (long i = 0; i < PIPE_PROBE_ROUNDS; i++)
        __asm__ volatile("add $1,%%rax\n add $1,%%rax\n add $1,%%rax\n add $1,%%rax\n"
                         "add $1,%%rax\n add $1,%%rax\n add $1,%%rax\n add $1,%%rax\n" ::: "rax");
}

static char memory[512] __attribute__((aligned(64)));

/* Register N of the probe's width, as inline assembly names it. */
#define REG(N) "%%" PIPE_PROBE_REGISTER #N
/* A group writes register R from registers 14 and 15 (never written) or memory. */
#define OP(I, R) I " " REG(14) "," REG(15) "," R "\n"
#define PROBE(NAME, GROUP)                                                                                \
    static void NAME(void) {                                                                              \
        for (long i = 0; i < PIPE_PROBE_ROUNDS; i++)                                                      \
            __asm__ volatile(GROUP(REG(0)) GROUP(REG(1)) GROUP(REG(2)) GROUP(REG(3)) GROUP(REG(4))        \
                                 GROUP(REG(5)) GROUP(REG(6)) GROUP(REG(7))                                \
                             : : "r"(memory)                                                              \
                             : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "memory"); \
    }

struct probe {
    const char *name;
    void (*pass)(void);
};

/* Times every probe twice (on a shared machine read the lower of each
 * line), each in cycles per group, names padded to `width`. */
static int run_probes(const struct probe *probes, unsigned count, int width) {
    for (int pass = 0; pass < 2; pass++) {
        double cycle = fastest(add_chain) / (8.0 * PIPE_PROBE_ROUNDS);
        printf("one cycle: %.3f ns\n", cycle * 1e9);
        for (unsigned p = 0; p < count; p++) {
            double group = fastest(probes[p].pass) / (8.0 * PIPE_PROBE_ROUNDS);
            printf("%-*s %.2f cycles\n", width, probes[p].name, group / cycle);
        }
    }
    return 0;
}
