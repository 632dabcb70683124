/* A FrameBench plug-in in plain C: one scalar I420/NV12 -> BGRA converter,
   "c-scalar", written from docs/arithmetic.md (the per-pixel formula and
   libyuv's constants) and the plug-in ABI (framebench_plugin.h).

   Every matrix, all eight orientations and both source layouts are
   offered. It exports version 2 (framebench_plugin_v2: I420 and NV12) and,
   for hosts that only know version 1, framebench_plugin_v1 (I420); both
   tables lead to the same arithmetic.

   An oriented frame is made by index mapping: output pixel (x, y) takes
   its luma sample from the position the orientation maps (x, y) to in the
   luma plane, and its chroma samples from the position it maps (x / 2,
   y / 2) to in the chroma planes, each plane with its own size -- which is
   how libyuv's separate rotation of each plane defines the bytes, odd
   sizes included. NV12 uses the same maths on its interleaved plane:
   chroma pair k of row r is U = uv[r * stride + 2k], V = uv[r * stride +
   2k + 1].

   A source the ABI does not allow is refused before any byte is read or
   written, with a status of its own (docs/plugins.md, "Bad input"):
   SCALAR_BAD_LAYOUT for a layout number the ABI does not define,
   SCALAR_NULL_PLANE for a NULL plane the layout uses (or a NULL
   destination), SCALAR_BAD_STRIDE for a stride below its plane's
   meaningful bytes (NV12 chroma: 2 * ((w + 1) / 2)), SCALAR_BAD_SIZE for
   a negative size or a destination that is not the source turned by the
   orientation. FrameBench reports each as "failed (status N)". */

#include "framebench_plugin.h"

#include <stddef.h>

/* libyuv's fixed-point constants: YG, YB, UB, UG, VG, VR per matrix, in
   the ABI's matrix order (docs/arithmetic.md, "The constants"). */
static const int32_t constants[6][6] = {
    {18997, -1160, 128, 25, 52, 102}, /* bt601 */
    {16320, 32, 113, 22, 46, 90},     /* bt601-full */
    {18997, -1160, 128, 14, 34, 115}, /* bt709 */
    {16320, 32, 119, 12, 30, 101},    /* bt709-full */
    {19003, -1160, 128, 12, 42, 107}, /* bt2020 */
    {16320, 32, 120, 11, 37, 94},     /* bt2020-full */
};

static uint8_t clamp255(int32_t value) {
    return value < 0 ? 0 : value > 255 ? 255 : (uint8_t)value;
}

/* x >> 6 rounding towards minus infinity, without relying on the
   implementation-defined shift of a negative int. */
static int32_t shift6(int32_t value) {
    return value >= 0 ? value / 64 : -((-value + 63) / 64);
}

/* The sample of a pw x ph plane that lands at (x, y) of the oriented plane:
   rotate clockwise by `turns` quarter turns, then mirror when `mirrored`. */
static void source_position(int32_t x, int32_t y, int32_t pw, int32_t ph, int turns, int mirrored,
                            int32_t *sx, int32_t *sy) {
    int32_t rotated_width = (turns & 1) ? ph : pw;
    int32_t xr = mirrored ? rotated_width - 1 - x : x;
    switch (turns) {
    case 0: *sx = xr; *sy = y; break;
    case 1: *sx = y; *sy = ph - 1 - xr; break;
    case 2: *sx = pw - 1 - xr; *sy = ph - 1 - y; break;
    default: *sx = pw - 1 - y; *sy = xr; break;
    }
}

/* Statuses for a source or destination the ABI does not allow; any value
   but FRAMEBENCH_OK and FRAMEBENCH_UNSUPPORTED is a failure to the host. */
enum {
    SCALAR_BAD_LAYOUT = 2,
    SCALAR_NULL_PLANE = 3,
    SCALAR_BAD_STRIDE = 4,
    SCALAR_BAD_SIZE = 5
};

/* One chroma component wherever the layout keeps it: sample (x, y) is
   base[y * stride + x * step]. */
typedef struct chroma {
    const uint8_t *base;
    int32_t stride, step;
} chroma;

/* The checks above, for a source whose luma is `source` sized and whose
   chroma components are u and v, `row_bytes` meaningful chroma bytes a row. */
static int check_frame(const framebench_yuv *source, const framebench_bgra *destination, int32_t orientation,
                       const chroma *u, const chroma *v, int32_t row_bytes) {
    const int32_t w = source->width, h = source->height;
    if (w < 0 || h < 0) return SCALAR_BAD_SIZE;
    if (!source->planes[0] || !u->base || !v->base || !destination->data) return SCALAR_NULL_PLANE;
    if (source->strides[0] < w || u->stride < row_bytes || v->stride < row_bytes) return SCALAR_BAD_STRIDE;
    const int turned = (orientation & 1) != 0;
    if (destination->width != (turned ? h : w) || destination->height != (turned ? w : h)) return SCALAR_BAD_SIZE;
    if (destination->stride < 4 * destination->width) return SCALAR_BAD_STRIDE;
    return FRAMEBENCH_OK;
}

static int convert(void *context, const framebench_yuv *source, const framebench_bgra *destination,
                   int32_t matrix, int32_t orientation) {
    (void)context;
    const int32_t w = source->width, h = source->height;
    const int32_t cw = (w + 1) / 2, ch = (h + 1) / 2;
    chroma u, v;
    int32_t row_bytes;
    switch (source->layout) {
    case FRAMEBENCH_I420:
        u = (chroma){source->planes[1], source->strides[1], 1};
        v = (chroma){source->planes[2], source->strides[2], 1};
        row_bytes = cw;
        break;
    case FRAMEBENCH_NV12:
        u = (chroma){source->planes[1], source->strides[1], 2};
        v = (chroma){source->planes[1] ? source->planes[1] + 1 : NULL, source->strides[1], 2};
        row_bytes = 2 * cw;
        break;
    default:
        return SCALAR_BAD_LAYOUT;
    }
    if (matrix < FRAMEBENCH_BT601 || matrix > FRAMEBENCH_BT2020_FULL) return FRAMEBENCH_UNSUPPORTED;
    if (orientation < 0 || orientation > (FRAMEBENCH_MIRROR | FRAMEBENCH_ROTATE_270)) return FRAMEBENCH_UNSUPPORTED;
    const int status = check_frame(source, destination, orientation, &u, &v, row_bytes);
    if (status != FRAMEBENCH_OK) return status;
    const int32_t *k = constants[matrix];
    const int32_t yg = k[0], yb = k[1], ub = k[2], ug = k[3], vg = k[4], vr = k[5];
    const int turns = orientation & 3, mirrored = (orientation & FRAMEBENCH_MIRROR) != 0;
    const uint8_t *luma_plane = source->planes[0];
    const int32_t y_stride = source->strides[0];
    for (int32_t y = 0; y < destination->height; y++) {
        uint8_t *out = destination->data + (ptrdiff_t)y * destination->stride;
        for (int32_t x = 0; x < destination->width; x++) {
            int32_t lx, ly, cx, cy;
            source_position(x, y, w, h, turns, mirrored, &lx, &ly);
            source_position(x / 2, y / 2, cw, ch, turns, mirrored, &cx, &cy);
            uint32_t luma = luma_plane[(ptrdiff_t)ly * y_stride + lx];
            int32_t ui = (int32_t)u.base[(ptrdiff_t)cy * u.stride + (ptrdiff_t)cx * u.step] - 128;
            int32_t vi = (int32_t)v.base[(ptrdiff_t)cy * v.stride + (ptrdiff_t)cx * v.step] - 128;
            /* 32-bit unsigned product, logical shift, then the bias. */
            int32_t y1 = (int32_t)((luma * 0x0101u * (uint32_t)yg) >> 16) + yb;
            out[4 * x + 0] = clamp255(shift6(y1 + ui * ub));
            out[4 * x + 1] = clamp255(shift6(y1 - (ui * ug + vi * vg)));
            out[4 * x + 2] = clamp255(shift6(y1 + vi * vr));
            out[4 * x + 3] = 255;
        }
    }
    return FRAMEBENCH_OK;
}

/* Version 1's convert: the I420 frame described as version 2 does. */
static int convert_i420(void *context, const framebench_i420 *source, const framebench_bgra *destination,
                        int32_t matrix, int32_t orientation) {
    const framebench_yuv yuv = {FRAMEBENCH_I420, source->width, source->height,
                                {source->y, source->u, source->v},
                                {source->y_stride, source->u_stride, source->v_stride}};
    return convert(context, &yuv, destination, matrix, orientation);
}

static const framebench_converter2 converters2[] = {
    {"c-scalar", FRAMEBENCH_THREAD_SAFE, NULL, convert},
};

static const framebench_plugin2 plugin2 = {FRAMEBENCH_PLUGIN_ABI_2, 1, converters2};

const framebench_plugin2 *framebench_plugin_v2(void) { return &plugin2; }

static const framebench_converter converters[] = {
    {"c-scalar", FRAMEBENCH_THREAD_SAFE, NULL, convert_i420},
};

static const framebench_plugin plugin = {FRAMEBENCH_PLUGIN_ABI, 1, converters};

const framebench_plugin *framebench_plugin_v1(void) { return &plugin; }
