#ifndef FRAMEBENCH_CPUID_LEAF7_H
#define FRAMEBENCH_CPUID_LEAF7_H

#if defined(__x86_64__)
#include <cpuid.h>
#endif

/* CPUID leaf 7, subleaf 0, as the CPU the program runs on reports it: EBX
 * in the low 32 bits, ECX in the high 32 bits; 0 where the CPU has no leaf
 * 7, and off x86-64. Under Valgrind this is Valgrind's synthetic CPU (AVX2
 * at most), where /proc/cpuinfo still lists the host's flags. */
static inline unsigned long long framebench_cpuid_leaf7(void) {
#if defined(__x86_64__)
    unsigned int eax, ebx, ecx, edx;
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
    return ((unsigned long long)ecx << 32) | ebx;
#else
    return 0;
#endif
}

#endif
