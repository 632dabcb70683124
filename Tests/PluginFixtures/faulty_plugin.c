/* Faulty FrameBench plug-ins for the plug-in tests: the correct scalar
   arithmetic of Examples/c-plugin (upright only) with exactly one fault,
   chosen by defining one FAULT_* macro when compiling (see
   Tests/ConformanceTests/PluginCLITests.swift), or none.

   Without ABI_2 the plug-in speaks ABI version 1 (framebench_plugin_v1,
   I420). With -DABI_2 it speaks version 2 (framebench_plugin_v2) and
   converts I420 and NV12 -- NV12 with the same arithmetic, chroma pair k
   of row r being uv[r * stride + 2k], uv[r * stride + 2k + 1] -- or, with
   -DNO_NV12 too, I420 only (NV12 is FRAMEBENCH_UNSUPPORTED). */

#include "framebench_plugin.h"

#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

#ifdef FAULT_RAISE_ON_LOAD
/* fault: SIGSEGV raised (not caused) while the library loads */
__attribute__((constructor)) static void raise_on_load(void) { raise(SIGSEGV); }
#endif
#ifdef FAULT_HANG_ON_LOAD
/* fault: never returns while the library loads */
__attribute__((constructor)) static void hang_on_load(void) { for (;;) sleep(1); }
#endif

/* Forgeries: lines a check worker's protocol (descriptor 3) does not
   carry from a plug-in, which the parent must refuse to believe. */
#if defined(FAULT_FORGE_ON_LOAD) || defined(FAULT_FORGE_AND_EXIT) || defined(FAULT_FORGE_EVIDENCE)
static void forge(const char *line, size_t length) { (void)!write(3, line, length); }
#define FORGE(text) forge(text, sizeof text - 1)
#endif
#ifdef FAULT_FORGE_FINISH
#include <stdlib.h>
#endif
#ifdef FAULT_FORGE_ON_LOAD
/* forgery: a verdict written while the library loads */
__attribute__((constructor)) static void forge_on_load(void) { FORGE("outcome pass forged\n"); }
#endif

static const int32_t constants[6][6] = {
    {18997, -1160, 128, 25, 52, 102}, {16320, 32, 113, 22, 46, 90}, {18997, -1160, 128, 14, 34, 115},
    {16320, 32, 119, 12, 30, 101},    {19003, -1160, 128, 12, 42, 107}, {16320, 32, 120, 11, 37, 94},
};

static uint8_t clamp255(int32_t value) {
#ifdef FAULT_WRAPS
    return (uint8_t)value; /* fault: no clamp, the value wraps */
#else
    return value < 0 ? 0 : value > 255 ? 255 : (uint8_t)value;
#endif
}

static int32_t shift6(int32_t value) { return value >= 0 ? value / 64 : -((-value + 63) / 64); }

/* The source as the arithmetic reads it, in either layout: chroma sample
   k of row r is u[r * u_stride + k * step] (step 1 in a plane of its own,
   2 in NV12's interleaved plane, where v is u + 1). */
typedef struct planes {
    const uint8_t *y, *u, *v;
    int32_t y_stride, u_stride, v_stride, step, width, height;
} planes;

/* Where CRASH, HANG, EXIT and STOP strike: at their width, or with
   STRIKE_AT_CALL=N at the process's Nth conversion, whatever its width. */
#ifdef STRIKE_AT_CALL
static int strikes(void) {
    static int calls;
    return __atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST) == STRIKE_AT_CALL;
}
#define STRIKES(width, at) strikes()
#else
#define STRIKES(width, at) ((width) == (at))
#endif

static int convert_planes(const planes *s, const framebench_bgra *d, int32_t matrix, int32_t orientation) {
#ifdef FAULT_HANG_ROTATED
    if (orientation == FRAMEBENCH_ROTATE_90) for (;;) sleep(1); /* fault: never returns turned a quarter */
#endif
    if (orientation != FRAMEBENCH_UPRIGHT || matrix < 0 || matrix > 5) return FRAMEBENCH_UNSUPPORTED;
#ifdef FAULT_WRONG_MATRIX
    if (matrix == FRAMEBENCH_BT709) matrix = FRAMEBENCH_BT601; /* fault: bt709 gets bt601's constants */
#endif
#ifdef FAULT_CRASH
#ifndef CRASH_WIDTH
#define CRASH_WIDTH 37
#endif
    if (STRIKES(s->width, CRASH_WIDTH)) *(volatile int *)0 = 1; /* fault: SIGSEGV at one width (default 37) */
#endif
#ifdef FAULT_HANG
#ifndef HANG_WIDTH
#define HANG_WIDTH 41
#endif
    if (STRIKES(s->width, HANG_WIDTH)) for (;;) sleep(1); /* fault: never returns at one width (default 41) */
#endif
#ifdef FAULT_EXIT
    if (STRIKES(s->width, EXIT_WIDTH)) _exit(0); /* fault: ends the whole process, status 0, at one width */
#endif
#ifdef FAULT_STOP
    if (STRIKES(s->width, STOP_WIDTH)) raise(SIGSTOP); /* fault: stops the whole process at one width */
#endif
#ifdef FAULT_LEAVES_PROCESS
    {
        /* fault: the first call leaves a detached process behind (a new
           session, forked twice, its descriptors closed), sleeping a minute */
        static int forked;
        if (!__atomic_exchange_n(&forked, 1, __ATOMIC_SEQ_CST) && fork() == 0) {
            setsid();
            for (int fd = 0; fd < 1024; fd++) close(fd);
            if (fork() == 0) sleep(60);
            _exit(0);
        }
    }
#endif
#ifdef FAULT_FORGE_AND_EXIT
    FORGE("outcome pass forged\n"); /* forgery: a verdict, then the process ends with status 0 */
    _exit(0);
#endif
#ifdef FAULT_FORGE_EVIDENCE
    FORGE("digests 0000000000000000\n"); /* forgery: evidence of its own, and nothing converted */
    return FRAMEBENCH_OK;
#endif
#ifdef FAULT_CLOSES_PIPE
    close(3); /* fault: closes the check worker's protocol descriptor, then never returns */
    for (;;) sleep(1);
#endif
#ifdef FAULT_FORGE_FINISH
    {
        /* forgery: in a supervised report (past the pre-flight's few calls),
           the child's finish line written on the supervisor's pipe, then the
           process ended with status 0 */
        static int calls;
        const char *supervised = getenv("FRAMEBENCH_SUPERVISED");
        if (supervised && __atomic_add_fetch(&calls, 1, __ATOMIC_SEQ_CST) == 5) {
            static const char line[] = "finished 0\n";
            (void)!write(atoi(supervised), line, sizeof line - 1);
            _exit(0);
        }
    }
#endif
#ifdef FAULT_REPLAYS
    /* forgery: after its first conversion at a size, every later one at
       that size gets the first one's bytes (earlier evidence, replayed) */
    static uint8_t saved[1 << 22];
    static int32_t saved_width = -1, saved_height = -1;
    size_t row_bytes = 4 * (size_t)d->width;
    if (d->width == saved_width && d->height == saved_height) {
        for (int32_t y = 0; y < d->height; y++) memcpy(d->data + (ptrdiff_t)y * d->stride, saved + y * row_bytes, row_bytes);
        return FRAMEBENCH_OK;
    }
#endif
#ifdef FAULT_WRITES_SOURCE
    ((uint8_t *)s->y)[0] ^= 1; /* fault: writes into its const source plane */
#endif
#ifdef FAULT_WRITES_NOTHING
    if ((long)s->width * s->height >= 320L * 240) return 0; /* fault: claims success, writes nothing */
#endif
    const int32_t *k = constants[matrix];
    for (int32_t y = 0; y < d->height; y++) {
        uint8_t *out = d->data + (ptrdiff_t)y * d->stride;
        const uint8_t *yr = s->y + (ptrdiff_t)y * s->y_stride;
        const uint8_t *ur = s->u + (ptrdiff_t)(y / 2) * s->u_stride;
        const uint8_t *vr = s->v + (ptrdiff_t)(y / 2) * s->v_stride;
#ifdef FAULT_OVERREAD_CHROMA
        { volatile uint8_t past = ur[(s->width + 1) / 2 * s->step]; (void)past; } /* fault: one byte past each U row */
#endif
        for (int32_t x = 0; x < d->width; x++) {
            int32_t ui = (int32_t)ur[x / 2 * s->step] - 128, vi = (int32_t)vr[x / 2 * s->step] - 128;
            int32_t y1 = (int32_t)(((uint32_t)yr[x] * 0x0101u * (uint32_t)k[0]) >> 16) + k[1];
            int32_t b = y1 + ui * k[2], g = y1 - (ui * k[3] + vi * k[4]), r = y1 + vi * k[5];
#ifdef FAULT_CLOSE_CHROMA
            b += 32; /* fault: blue rounded up instead of down: at most 1 level off */
#endif
            out[4 * x + 0] = clamp255(shift6(b));
            out[4 * x + 1] = clamp255(shift6(g));
            out[4 * x + 2] = clamp255(shift6(r));
            out[4 * x + 3] = 255;
#ifdef FAULT_WRONG_TRIPLE
            if (yr[x] == 16 && ui == 0 && vi == 0) out[4 * x + 1] ^= 1; /* fault: one triple's green */
#endif
#ifdef FAULT_WRONG_ALPHA
            out[4 * x + 3] = 254; /* fault: alpha */
#endif
        }
#ifdef FAULT_PADDING_WRITE
        if (d->stride > 4 * d->width) out[4 * d->width] = 0; /* fault: first byte of the row padding */
#endif
    }
#ifdef FAULT_REPLAYS
    if (row_bytes * d->height <= sizeof saved) {
        saved_width = d->width;
        saved_height = d->height;
        for (int32_t y = 0; y < d->height; y++) memcpy(saved + y * row_bytes, d->data + (ptrdiff_t)y * d->stride, row_bytes);
    }
#endif
#ifdef FAULT_WRITES_PAST_END
    d->data[(ptrdiff_t)(d->height - 1) * d->stride + 4 * d->width] = 0; /* fault: one byte past the last row */
#endif
    return FRAMEBENCH_OK;
}

#ifdef ABI_2
static int convert(void *context, const framebench_yuv *source, const framebench_bgra *d, int32_t matrix,
                   int32_t orientation) {
    (void)context;
    const uint8_t *const *p = source->planes;
    const int32_t *stride = source->strides;
    planes s = {p[0], p[1], p[2], stride[0], stride[1], stride[2], 1, source->width, source->height};
    if (source->layout == FRAMEBENCH_NV12) {
        if (p[2] != NULL || stride[2] != 0) return 99; /* not a fault of ours: the host broke the ABI */
#ifdef NO_NV12
        return FRAMEBENCH_UNSUPPORTED;
#else
        s = (planes){p[0], p[1], p[1] + 1, stride[0], stride[1], stride[1], 2, source->width, source->height};
#endif
    } else if (source->layout != FRAMEBENCH_I420) {
        return FRAMEBENCH_UNSUPPORTED;
    }
    return convert_planes(&s, d, matrix, orientation);
}
typedef framebench_converter2 converter_entry;
typedef framebench_plugin2 plugin_table;
#define ABI FRAMEBENCH_PLUGIN_ABI_2
#define OTHER_ABI FRAMEBENCH_PLUGIN_ABI /* a v2 table claiming version 1 */
#define ENTRY_POINT framebench_plugin_v2
#else
static int convert(void *context, const framebench_i420 *source, const framebench_bgra *d, int32_t matrix,
                   int32_t orientation) {
    (void)context;
    const planes s = {source->y, source->u, source->v, source->y_stride, source->u_stride, source->v_stride, 1,
                      source->width, source->height};
    return convert_planes(&s, d, matrix, orientation);
}
typedef framebench_converter converter_entry;
typedef framebench_plugin plugin_table;
#define ABI FRAMEBENCH_PLUGIN_ABI
#define OTHER_ABI FRAMEBENCH_PLUGIN_ABI_2 /* a v1 table claiming version 2 */
#define ENTRY_POINT framebench_plugin_v1
#endif

#ifndef NAME
#define NAME "faulty"
#endif
#ifdef FAULT_ILLEGAL_NAME
#undef NAME
#define NAME "Bad_Name"
#endif
#ifdef FAULT_TAKEN_NAME
#undef NAME
#define NAME "scalar"
#endif
#ifdef FAULT_LEVEL_NAME
/* A built-in's name on machines with AVX-512 VBMI, whether or not this one has it. */
#undef NAME
#define NAME "simd-avx512vbmi"
#endif

#ifdef FAULT_DUPLICATE
#define COUNT 2 /* fault: the same name twice */
static const converter_entry converters[] = {{NAME, FRAMEBENCH_THREAD_SAFE, NULL, convert},
                                             {NAME, FRAMEBENCH_THREAD_SAFE, NULL, convert}};
#elif defined(FAULT_NULL_FUNCTION)
#define COUNT 1
static const converter_entry converters[] = {{NAME, FRAMEBENCH_THREAD_SAFE, NULL, NULL}}; /* fault: no convert */
#else
#define COUNT 1
static const converter_entry converters[] = {{NAME, FRAMEBENCH_THREAD_SAFE, NULL, convert}};
#endif

#ifdef FAULT_ABI_VERSION
static const plugin_table plugin = {OTHER_ABI, COUNT, converters}; /* fault: the other version's number */
#elif defined(FAULT_HUGE_COUNT)
static const plugin_table plugin = {ABI, 4000000000u, converters}; /* fault: a table length it does not have */
#elif defined(FAULT_EMPTY_TABLE)
static const plugin_table plugin = {ABI, 0, converters}; /* fault: no converters */
#else
static const plugin_table plugin = {ABI, COUNT, converters};
#endif

#ifdef FAULT_NULL_TABLE
const plugin_table *ENTRY_POINT(void) { return NULL; } /* fault: no table */
#elif !defined(FAULT_NO_SYMBOL)
const plugin_table *ENTRY_POINT(void) { return &plugin; }
#else
const plugin_table *framebench_plugin_v0(void) { return &plugin; } /* fault: a symbol of no ABI version */
#endif
