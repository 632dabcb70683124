#ifndef FRAMEBENCH_PREFETCH_H
#define FRAMEBENCH_PREFETCH_H

/* A software prefetch of the cache line holding `address` into all cache
 * levels, for reading (prefetcht0 on x86-64). Swift's importer drops
 * clang's `_m_prefetch`; this inline function keeps the builtin. */
static inline void framebench_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
