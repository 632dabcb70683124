/*
 * pipe-probe: which of this machine's vector pipes the AVX2 block's
 * instructions share (docs/kernel.md, "Zen 3's vector pipes").
 *
 * Each line times a group of 256-bit instructions repeated for eight
 * registers with no dependency between groups, so its time is throughput,
 * not latency, and prints cycles per group. Cycles come from a chain of
 * dependent scalar adds timed the same way (one add a cycle). A single
 * instruction at 0.50 issues on two pipes, at 0.25 on four; a pair at 0.50
 * uses two pipes each and none of the other's, a pair at 1.00 shares them,
 * and a pair between the two shares some; a group that adds a store to
 * four instructions and takes longer than 1.00 shows the store taking a
 * pipe. A multiply with two saturating adds (a store with two shuffles)
 * takes what the multiply (the store) takes alone where the adds (the
 * shuffles) have pipes of their own, and 1.5 times that where they share
 * its pipe and have one other. The list runs twice: on a shared machine
 * read the lower of each line.
 *
 * Build and run (AVX2):
 *   clang -O2 -mavx2 -o /tmp/pipe-probe scripts/pipe-probe.c && /tmp/pipe-probe
 */
#include <stdio.h>
#include <time.h>

enum { rounds = 5000000 };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double fastest_of_25(void (*pass)(void)) {
    double best = 1e9;
    for (int k = 0; k < 25; k++) {
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
    for (long i = 0; i < rounds; i++)
        __asm__ volatile("add $1,%%rax\n add $1,%%rax\n add $1,%%rax\n add $1,%%rax\n"
                         "add $1,%%rax\n add $1,%%rax\n add $1,%%rax\n add $1,%%rax\n" ::: "rax");
}

static char memory[256] __attribute__((aligned(64)));

/* A group writes register R from ymm14, ymm15 (never written) or memory. */
#define OP(I, R) I " %%ymm14,%%ymm15," R "\n"
#define PROBE(NAME, GROUP)                                                                                \
    static void NAME(void) {                                                                              \
        for (long i = 0; i < rounds; i++)                                                                 \
            __asm__ volatile(GROUP("%%ymm0") GROUP("%%ymm1") GROUP("%%ymm2") GROUP("%%ymm3")              \
                                 GROUP("%%ymm4") GROUP("%%ymm5") GROUP("%%ymm6") GROUP("%%ymm7")          \
                             : : "r"(memory)                                                              \
                             : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "memory"); \
    }

#define MULHW(R) OP("vpmulhw", R)
#define MULLW(R) OP("vpmullw", R)
#define SHUFB(R) OP("vpshufb", R)
#define PACK(R) OP("vpackuswb", R)
#define UNPACK(R) OP("vpunpcklwd", R)
#define ADDW(R) OP("vpaddw", R)
#define ADDSW(R) OP("vpaddsw", R)
#define ADDUSW(R) OP("vpaddusw", R)
#define MAXUW(R) OP("vpmaxuw", R)
#define SRAW(R) "vpsraw $6,%%ymm15," R "\n"
#define BROADCAST(R) "vbroadcasti128 64(%0)," R "\n"
#define ZEROEXTEND(R) "vpmovzxbw 64(%0)," R "\n"
#define STORE(R) "vmovdqu %%ymm15,128(%0)\n"
#define MULHW_SHUFB(R) MULHW(R) SHUFB(R)
#define MULHW_ADDW(R) MULHW(R) ADDW(R)
#define SHUFB_ADDW(R) SHUFB(R) ADDW(R)
#define ADDSW_MULHW(R) ADDSW(R) MULHW(R)
#define ADDSW_SHUFB(R) ADDSW(R) SHUFB(R)
#define BROADCAST_SHUFB(R) BROADCAST(R) SHUFB(R)
#define ZEROEXTEND_SHUFB(R) ZEROEXTEND(R) SHUFB(R)
#define FOUR_KINDS(R) MULHW(R) SHUFB(R) ADDW(R) ADDW(R)
#define FOUR_ADDS_STORE(R) ADDW(R) ADDW(R) ADDW(R) ADDW(R) STORE(R)
#define TWO_PAIRS_STORE(R) MULHW(R) SHUFB(R) MULHW(R) SHUFB(R) STORE(R)
#define MULHW_TWO_ADDSW(R) MULHW(R) ADDSW(R) ADDSW(R)
#define STORE_TWO_SHUFB(R) STORE(R) SHUFB(R) SHUFB(R)

PROBE(mulhw, MULHW)
PROBE(mullw, MULLW)
PROBE(shufb, SHUFB)
PROBE(pack, PACK)
PROBE(unpack, UNPACK)
PROBE(sraw, SRAW)
PROBE(addw, ADDW)
PROBE(addsw, ADDSW)
PROBE(addusw, ADDUSW)
PROBE(maxuw, MAXUW)
PROBE(broadcast, BROADCAST)
PROBE(store, STORE)
PROBE(mulhw_shufb, MULHW_SHUFB)
PROBE(mulhw_addw, MULHW_ADDW)
PROBE(shufb_addw, SHUFB_ADDW)
PROBE(addsw_mulhw, ADDSW_MULHW)
PROBE(addsw_shufb, ADDSW_SHUFB)
PROBE(broadcast_shufb, BROADCAST_SHUFB)
PROBE(zeroextend_shufb, ZEROEXTEND_SHUFB)
PROBE(four_kinds, FOUR_KINDS)
PROBE(four_adds_store, FOUR_ADDS_STORE)
PROBE(two_pairs_store, TWO_PAIRS_STORE)
PROBE(mulhw_two_addsw, MULHW_TWO_ADDSW)
PROBE(store_two_shufb, STORE_TWO_SHUFB)

int main(void) {
    static const struct {
        const char *name;
        void (*pass)(void);
    } probes[] = {
        {"vpmulhw", mulhw},
        {"vpmullw", mullw},
        {"vpshufb", shufb},
        {"vpackuswb", pack},
        {"vpunpcklwd", unpack},
        {"vpsraw", sraw},
        {"vpaddw", addw},
        {"vpaddsw", addsw},
        {"vpaddusw", addusw},
        {"vpmaxuw", maxuw},
        {"vbroadcasti128 (load)", broadcast},
        {"vmovdqu (store)", store},
        {"vpmulhw + vpshufb", mulhw_shufb},
        {"vpmulhw + vpaddw", mulhw_addw},
        {"vpshufb + vpaddw", shufb_addw},
        {"vpaddsw + vpmulhw", addsw_mulhw},
        {"vpaddsw + vpshufb", addsw_shufb},
        {"vbroadcasti128 + vpshufb", broadcast_shufb},
        {"vpmovzxbw (load) + vpshufb", zeroextend_shufb},
        {"vpmulhw + vpshufb + 2 vpaddw", four_kinds},
        {"4 vpaddw + vmovdqu", four_adds_store},
        {"2 vpmulhw + 2 vpshufb + vmovdqu", two_pairs_store},
        {"vpmulhw + 2 vpaddsw", mulhw_two_addsw},
        {"vmovdqu + 2 vpshufb", store_two_shufb},
    };
    for (int pass = 0; pass < 2; pass++) {
        double cycle = fastest_of_25(add_chain) / (8.0 * rounds);
        printf("one cycle: %.3f ns\n", cycle * 1e9);
        for (unsigned p = 0; p < sizeof probes / sizeof probes[0]; p++) {
            double group = fastest_of_25(probes[p].pass) / (8.0 * rounds);
            printf("%-34s %.2f cycles\n", probes[p].name, group / cycle);
        }
    }
    return 0;
}
