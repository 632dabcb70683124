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
#define PIPE_PROBE_ROUNDS 5000000
#define PIPE_PROBE_PASSES 25
#define PIPE_PROBE_REGISTER "ymm"
#include "pipe-probe.h"

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
    static const struct probe probes[] = {
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
    return run_probes(probes, sizeof probes / sizeof probes[0], 34);
}
