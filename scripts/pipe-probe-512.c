/*
 * pipe-probe-512: which of this machine's vector pipes the VBMI level's
 * 512-bit instructions share (docs/log/kernel-amd-zen4.md), as
 * pipe-probe.c asks it of the AVX2 block's 256-bit ones.
 *
 * Each line times a group of 512-bit instructions repeated for eight
 * registers with no dependency between groups, so its time is throughput,
 * not latency, and prints cycles per group. Cycles come from a chain of
 * dependent scalar adds timed the same way (one add a cycle). A pair whose
 * time is the sum of its two instructions' shares their pipes; one no
 * slower than the slower of the two has pipes of its own. `block half`
 * is half of a 64 x 2 row-pair block's instructions (two rows' 32 pixels
 * and one half of the chroma terms), without its dependencies: the
 * block's pipe-bound time is twice it. The lines after it time other
 * shuffles, shifts and logic a formulation with fewer shuffles would use,
 * alone and beside the block's. The list runs twice: on a shared
 * machine read the lower of each line.
 *
 * Build and run (AVX-512 with VBMI):
 *   clang -O2 -mavx512f -mavx512bw -mavx512vbmi -mavx512vbmi2 -o /tmp/pipe-probe-512 \
 *     scripts/pipe-probe-512.c && /tmp/pipe-probe-512
 */
#define PIPE_PROBE_ROUNDS 2000000
#define PIPE_PROBE_PASSES 15
#define PIPE_PROBE_REGISTER "zmm"
#include "pipe-probe.h"

#define MULHUW(R) OP("vpmulhuw", R)
#define MULHW(R) OP("vpmulhw", R)
#define MADD(R) OP("vpmaddubsw", R)
#define PERMB(R) OP("vpermb", R)
#define PERMT2B(R) "vpermt2b %%zmm14,%%zmm15," R "\n"
#define PACK(R) OP("vpackuswb", R)
#define SRAW(R) "vpsraw $6,%%zmm15," R "\n"
#define ADDSW(R) OP("vpaddsw", R)
#define ADDUSW(R) OP("vpaddusw", R)
#define MAXUW(R) OP("vpmaxuw", R)
#define ADDW(R) OP("vpaddw", R)
#define SUBW(R) OP("vpsubw", R)
#define LOAD(R) "vmovdqu64 64(%0)," R "\n"
#define STORE(R) "vmovdqu64 %%zmm15,128(%0)\n"
#define STORE2(R) "vmovdqu64 %%zmm15,192(%0)\n"
#define PERMB_SRAW(R) PERMB(R) SRAW(R)
#define PERMB_PACK(R) PERMB(R) PACK(R)
#define PERMB_PERMT2B(R) PERMB(R) PERMT2B(R)
#define PERMB_MULHW(R) PERMB(R) MULHW(R)
#define MULHW_SRAW(R) MULHW(R) SRAW(R)
#define MULHW_ADDSW(R) MULHW(R) ADDSW(R)
#define MADD_MULHW(R) MADD(R) MULHW(R)
#define ADDSW_SRAW(R) ADDSW(R) SRAW(R)
#define SRAW_MAXUW(R) SRAW(R) MAXUW(R)
#define STORE_PERMB(R) STORE(R) PERMB(R)
#define STORE_TWO_ADDW(R) STORE(R) ADDW(R) ADDW(R)
/* One row's 32 pixels of the block, stores included, and with its shifts as vpmulhw. */
#define PIXELS32(R)                                                                                        \
    MULHUW(R) ADDSW(R) ADDSW(R) ADDUSW(R) MAXUW(R) PERMB(R) SRAW(R) SRAW(R) SRAW(R) PACK(R) PERMT2B(R) \
        PERMT2B(R) STORE(R) STORE2(R)
#define PIXELS32_MULHW(R)                                                                                      \
    MULHUW(R) ADDSW(R) ADDSW(R) ADDUSW(R) MAXUW(R) PERMB(R) MULHW(R) MULHW(R) MULHW(R) PACK(R) PERMT2B(R) \
        PERMT2B(R) STORE(R) STORE2(R)
#define CHROMA_HALF(R) PERMT2B(R) MADD(R) SUBW(R) MADD(R) SUBW(R) MADD(R) ADDW(R)
#define SHUFB(R) OP("vpshufb", R)
#define UNPCK(R) OP("vpunpcklbw", R)
#define PERMW(R) OP("vpermw", R)
#define SRLW(R) "vpsrlw $6,%%zmm15," R "\n"
#define TERN(R) "vpternlogd $0xca,%%zmm14,%%zmm15," R "\n"
#define MULLW(R) OP("vpmullw", R)
#define MULTISHIFT(R) OP("vpmultishiftqb", R)
#define SHLDW(R) "vpshldw $2,%%zmm14,%%zmm15," R "\n"
#define PERMQ(R) "vpermq $0x4e,%%zmm15," R "\n"
#define SHUFI(R) "vshufi64x2 $0x4e,%%zmm14,%%zmm15," R "\n"
#define ALIGNR(R) "vpalignr $1,%%zmm14,%%zmm15," R "\n"
#define SHUFB_PACK(R) SHUFB(R) PACK(R)
#define SHUFB_PERMB(R) SHUFB(R) PERMB(R)
#define SHUFB_SRAW(R) SHUFB(R) SRAW(R)
#define TERN_PERMB(R) TERN(R) PERMB(R)
#define MULLW_MULHUW(R) MULLW(R) MULHUW(R)
#define UNPCK_PERMB(R) UNPCK(R) PERMB(R)
#define UNPCK_PACK(R) UNPCK(R) PACK(R)
#define UNPCK_MULHUW(R) UNPCK(R) MULHUW(R)
#define UNPCK_SRAW(R) UNPCK(R) SRAW(R)
#define UNPCK_ADDW2(R) UNPCK(R) ADDW(R) ADDW(R)
#define UNPCKW(R) OP("vpunpcklwd", R)
#define UNPCKQ(R) OP("vpunpcklqdq", R)
#define SHUFD(R) "vpshufd $0x4e,%%zmm15," R "\n"
#define PERMT2W(R) "vpermt2w %%zmm14,%%zmm15," R "\n"
#define PERMT2D(R) "vpermt2d %%zmm14,%%zmm15," R "\n"
#define PERMD(R) OP("vpermd", R)
#define MULHRSW(R) OP("vpmulhrsw", R)
#define SLLW(R) "vpsllw $2,%%zmm15," R "\n"
#define SLLWV(R) OP("vpsllvw", R)
#define BLOCK_HALF(R) PIXELS32(R) PIXELS32(R) CHROMA_HALF(R)

PROBE(mulhuw, MULHUW)
PROBE(maddubsw, MADD)
PROBE(permb, PERMB)
PROBE(permt2b, PERMT2B)
PROBE(pack, PACK)
PROBE(sraw, SRAW)
PROBE(addsw, ADDSW)
PROBE(addusw, ADDUSW)
PROBE(maxuw, MAXUW)
PROBE(addw, ADDW)
PROBE(load, LOAD)
PROBE(store, STORE)
PROBE(permb_sraw, PERMB_SRAW)
PROBE(permb_pack, PERMB_PACK)
PROBE(permb_permt2b, PERMB_PERMT2B)
PROBE(permb_mulhw, PERMB_MULHW)
PROBE(mulhw_sraw, MULHW_SRAW)
PROBE(mulhw_addsw, MULHW_ADDSW)
PROBE(madd_mulhw, MADD_MULHW)
PROBE(addsw_sraw, ADDSW_SRAW)
PROBE(sraw_maxuw, SRAW_MAXUW)
PROBE(store_permb, STORE_PERMB)
PROBE(store_two_addw, STORE_TWO_ADDW)
PROBE(pixels32, PIXELS32)
PROBE(pixels32_mulhw, PIXELS32_MULHW)
PROBE(chroma_half, CHROMA_HALF)
PROBE(block_half, BLOCK_HALF)
PROBE(unpck_permb, UNPCK_PERMB)
PROBE(unpck_pack, UNPCK_PACK)
PROBE(unpck_mulhuw, UNPCK_MULHUW)
PROBE(unpck_sraw, UNPCK_SRAW)
PROBE(unpck_addw2, UNPCK_ADDW2)
PROBE(unpckw, UNPCKW)
PROBE(unpckq, UNPCKQ)
PROBE(shufd, SHUFD)
PROBE(permt2w, PERMT2W)
PROBE(permt2d, PERMT2D)
PROBE(permd, PERMD)
PROBE(mulhrsw, MULHRSW)
PROBE(sllw, SLLW)
PROBE(sllwv, SLLWV)
PROBE(shufb, SHUFB)
PROBE(unpck, UNPCK)
PROBE(permw, PERMW)
PROBE(srlw, SRLW)
PROBE(tern, TERN)
PROBE(mullw, MULLW)
PROBE(multishift, MULTISHIFT)
PROBE(shldw, SHLDW)
PROBE(permq, PERMQ)
PROBE(shufi, SHUFI)
PROBE(alignr, ALIGNR)
PROBE(shufb_pack, SHUFB_PACK)
PROBE(shufb_permb, SHUFB_PERMB)
PROBE(shufb_sraw, SHUFB_SRAW)
PROBE(tern_permb, TERN_PERMB)
PROBE(mullw_mulhuw, MULLW_MULHUW)

int main(void) {
    static const struct probe probes[] = {
        {"vpmulhuw", mulhuw},
        {"vpmaddubsw", maddubsw},
        {"vpermb", permb},
        {"vpermt2b", permt2b},
        {"vpackuswb", pack},
        {"vpsraw", sraw},
        {"vpaddsw", addsw},
        {"vpaddusw", addusw},
        {"vpmaxuw", maxuw},
        {"vpaddw", addw},
        {"vmovdqu64 (load)", load},
        {"vmovdqu64 (store)", store},
        {"vpermb + vpsraw", permb_sraw},
        {"vpermb + vpackuswb", permb_pack},
        {"vpermb + vpermt2b", permb_permt2b},
        {"vpermb + vpmulhw", permb_mulhw},
        {"vpmulhw + vpsraw", mulhw_sraw},
        {"vpmulhw + vpaddsw", mulhw_addsw},
        {"vpmaddubsw + vpmulhw", madd_mulhw},
        {"vpaddsw + vpsraw", addsw_sraw},
        {"vpsraw + vpmaxuw", sraw_maxuw},
        {"store + vpermb", store_permb},
        {"store + 2 vpaddw", store_two_addw},
        {"32 pixels of a row (12 + 2 stores)", pixels32},
        {"the same, shifts as vpmulhw", pixels32_mulhw},
        {"half the chroma terms (7)", chroma_half},
        {"block half (2 x 32 pixels + chroma)", block_half},
        {"vpshufb", shufb}, {"vpunpcklbw", unpck}, {"vpermw", permw}, {"vpsrlw", srlw}, {"vpternlogd", tern},
        {"vpmullw", mullw}, {"vpmultishiftqb", multishift}, {"vpshldw", shldw}, {"vpermq imm", permq},
        {"vshufi64x2", shufi}, {"vpalignr", alignr}, {"vpshufb + vpackuswb", shufb_pack},
        {"vpshufb + vpermb", shufb_permb}, {"vpshufb + vpsraw", shufb_sraw}, {"vpternlogd + vpermb", tern_permb},
        {"vpmullw + vpmulhuw", mullw_mulhuw},
        {"unpck + vpermb", unpck_permb}, {"unpck + pack", unpck_pack}, {"unpck + mulhuw", unpck_mulhuw},
        {"unpck + sraw", unpck_sraw}, {"unpck + 2 addw", unpck_addw2}, {"vpunpcklwd", unpckw},
        {"vpunpcklqdq", unpckq}, {"vpshufd", shufd}, {"vpermt2w", permt2w}, {"vpermt2d", permt2d},
        {"vpermd", permd}, {"vpmulhrsw", mulhrsw}, {"vpsllw", sllw}, {"vpsllvw", sllwv},
    };
    return run_probes(probes, sizeof probes / sizeof probes[0], 38);
}
