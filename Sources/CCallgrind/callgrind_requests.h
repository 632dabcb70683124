#ifndef FRAMEBENCH_CALLGRIND_REQUESTS_H
#define FRAMEBENCH_CALLGRIND_REQUESTS_H

#include <valgrind/callgrind.h>

/* Callgrind's client requests as functions Swift can call (the header's
 * macros are statements, which Swift cannot import). Outside Valgrind each
 * is a few instructions that do nothing. */

/* Whether the program runs under Valgrind (any tool). */
static inline int framebench_running_on_valgrind(void) { return (int)RUNNING_ON_VALGRIND; }

/* Starts instrumenting (a no-op when instrumenting already). */
static inline void framebench_callgrind_start_instrumentation(void) { CALLGRIND_START_INSTRUMENTATION; }

/* Stops instrumenting: what runs next is not simulated, and cannot be collected. */
static inline void framebench_callgrind_stop_instrumentation(void) { CALLGRIND_STOP_INSTRUMENTATION; }

/* Sets every collected count to zero. */
static inline void framebench_callgrind_zero_stats(void) { CALLGRIND_ZERO_STATS; }

/* Turns collecting on when it is off and off when it is on. */
static inline void framebench_callgrind_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }

/* Writes the counts collected since the last zeroing or dump into a new
 * dump file whose trigger line names `reason`, then zeroes them. */
static inline void framebench_callgrind_dump_stats_at(const char *reason) { CALLGRIND_DUMP_STATS_AT(reason); }

#endif
