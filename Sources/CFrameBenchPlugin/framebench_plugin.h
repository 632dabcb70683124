/* framebench_plugin.h: ABI version 1 */
#include <stdint.h>

#define FRAMEBENCH_PLUGIN_ABI 1

/* Colour matrices, in the order of the command line's names. */
enum {
    FRAMEBENCH_BT601 = 0,        /* bt601 (limited range; VP8/WebRTC default) */
    FRAMEBENCH_BT601_FULL = 1,   /* bt601-full (JPEG) */
    FRAMEBENCH_BT709 = 2,        /* bt709 */
    FRAMEBENCH_BT709_FULL = 3,   /* bt709-full */
    FRAMEBENCH_BT2020 = 4,       /* bt2020 */
    FRAMEBENCH_BT2020_FULL = 5   /* bt2020-full */
};

/* Output orientation: a clockwise rotation, optionally followed by a
   horizontal mirror (MIRROR | ROTATE_90 = rotate, then mirror). */
enum {
    FRAMEBENCH_UPRIGHT = 0,
    FRAMEBENCH_ROTATE_90 = 1,
    FRAMEBENCH_ROTATE_180 = 2,
    FRAMEBENCH_ROTATE_270 = 3,
    FRAMEBENCH_MIRROR = 4
};

/* Return values of convert. */
enum {
    FRAMEBENCH_OK = 0,
    FRAMEBENCH_UNSUPPORTED = 1   /* this matrix or orientation is not offered:
                                    reported as skipped, not as a failure */
};

/* Flags of a converter. */
#define FRAMEBENCH_THREAD_SAFE 1u   /* convert may run on several threads at once */

typedef struct framebench_i420 {
    const uint8_t *y, *u, *v;
    int32_t y_stride, u_stride, v_stride;   /* bytes, > 0 */
    int32_t width, height;                  /* luma; chroma is (w+1)/2 x (h+1)/2 */
} framebench_i420;

typedef struct framebench_bgra {
    uint8_t *data;                          /* B, G, R, A = 255 in memory order */
    int32_t stride;                         /* bytes, >= 4 * width */
    int32_t width, height;                  /* after rotation: 90 and 270 swap them */
} framebench_bgra;

typedef struct framebench_converter {
    const char *name;       /* [a-z0-9-], 1 to 32 characters, unique in the plug-in */
    uint32_t flags;         /* FRAMEBENCH_THREAD_SAFE or 0 */
    void *context;          /* handed back to convert unchanged */
    /* Writes exactly 4 * width bytes of every destination row, reads only
       the meaningful bytes of the three planes. */
    int (*convert)(void *context, const framebench_i420 *source,
                   const framebench_bgra *destination,
                   int32_t matrix, int32_t orientation);
} framebench_converter;

typedef struct framebench_plugin {
    uint32_t abi_version;                    /* FRAMEBENCH_PLUGIN_ABI */
    uint32_t converter_count;                /* 1 or more */
    const framebench_converter *converters;
} framebench_plugin;

/* The one symbol FrameBench looks up; called once after dlopen. */
const framebench_plugin *framebench_plugin_v1(void);

/* framebench_plugin.h, continued: ABI version 2 */
#define FRAMEBENCH_PLUGIN_ABI_2 2

/* Source layouts. */
enum {
    FRAMEBENCH_I420 = 0,   /* planes Y, U, V; chroma (w+1)/2 x (h+1)/2 samples each */
    FRAMEBENCH_NV12 = 1    /* planes Y, UV: chroma pairs U, V interleaved, (w+1)/2 pairs a row,
                              (h+1)/2 rows; planes[2] is NULL and strides[2] is 0 */
};

typedef struct framebench_yuv {
    int32_t layout;                 /* FRAMEBENCH_I420 or FRAMEBENCH_NV12 */
    int32_t width, height;          /* luma */
    const uint8_t *planes[3];       /* as the layout says */
    int32_t strides[3];             /* bytes; > 0 for every plane the layout uses */
} framebench_yuv;

typedef struct framebench_converter2 {
    const char *name;       /* as in version 1 */
    uint32_t flags;         /* as in version 1 */
    void *context;          /* handed back to convert unchanged */
    /* Writes exactly 4 * width bytes of every destination row, reads only
       the meaningful bytes of the planes, never writes into the source.
       Returns FRAMEBENCH_UNSUPPORTED for a layout, matrix or orientation
       it does not offer. */
    int (*convert)(void *context, const framebench_yuv *source,
                   const framebench_bgra *destination,
                   int32_t matrix, int32_t orientation);
} framebench_converter2;

typedef struct framebench_plugin2 {
    uint32_t abi_version;                    /* FRAMEBENCH_PLUGIN_ABI_2 */
    uint32_t converter_count;                /* 1 or more */
    const framebench_converter2 *converters;
} framebench_plugin2;

/* Looked up first; called once after dlopen. */
const framebench_plugin2 *framebench_plugin_v2(void);
