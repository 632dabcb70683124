/* A FrameBench plug-in in plain C: one scalar I420 -> BGRA converter,
   "c-scalar", written from docs/arithmetic.md (the per-pixel formula and
   libyuv's constants) and the plug-in ABI (framebench_plugin.h).

   Every matrix and all eight orientations are offered. An oriented frame
   is made by index mapping: output pixel (x, y) takes its luma sample from
   the position the orientation maps (x, y) to in the luma plane, and its
   chroma samples from the position it maps (x / 2, y / 2) to in the chroma
   planes, each plane with its own size -- which is how libyuv's separate
   rotation of each plane defines the bytes, odd sizes included. */

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

static int convert(void *context, const framebench_i420 *source, const framebench_bgra *destination,
                   int32_t matrix, int32_t orientation) {
    (void)context;
    if (matrix < FRAMEBENCH_BT601 || matrix > FRAMEBENCH_BT2020_FULL) return FRAMEBENCH_UNSUPPORTED;
    if (orientation < 0 || orientation > (FRAMEBENCH_MIRROR | FRAMEBENCH_ROTATE_270)) return FRAMEBENCH_UNSUPPORTED;
    const int32_t *k = constants[matrix];
    const int32_t yg = k[0], yb = k[1], ub = k[2], ug = k[3], vg = k[4], vr = k[5];
    const int turns = orientation & 3, mirrored = (orientation & FRAMEBENCH_MIRROR) != 0;
    const int32_t w = source->width, h = source->height;
    const int32_t cw = (w + 1) / 2, ch = (h + 1) / 2;
    for (int32_t y = 0; y < destination->height; y++) {
        uint8_t *out = destination->data + (ptrdiff_t)y * destination->stride;
        for (int32_t x = 0; x < destination->width; x++) {
            int32_t lx, ly, cx, cy;
            source_position(x, y, w, h, turns, mirrored, &lx, &ly);
            source_position(x / 2, y / 2, cw, ch, turns, mirrored, &cx, &cy);
            uint32_t luma = source->y[(ptrdiff_t)ly * source->y_stride + lx];
            int32_t ui = (int32_t)source->u[(ptrdiff_t)cy * source->u_stride + cx] - 128;
            int32_t vi = (int32_t)source->v[(ptrdiff_t)cy * source->v_stride + cx] - 128;
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

static const framebench_converter converters[] = {
    {"c-scalar", FRAMEBENCH_THREAD_SAFE, NULL, convert},
};

static const framebench_plugin plugin = {FRAMEBENCH_PLUGIN_ABI, 1, converters};

const framebench_plugin *framebench_plugin_v1(void) { return &plugin; }
