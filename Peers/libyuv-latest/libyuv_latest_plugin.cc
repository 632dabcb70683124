/* The libyuv-latest peer: libyuv built from its own source with the Swift
   toolchain's clang, as browsers and WebRTC build it, offered through the
   FrameBench plug-in ABI version 2 (docs/plugins.md, docs/peers.md).

   It makes the same calls as the built-in `libyuv` converter
   (Sources/Converters/LibYUVConverter.swift), so the two builds can be held
   to each other's bytes: upright, I420ToARGBMatrix or NV12ToARGBMatrix;
   otherwise I420Rotate (NV12ToI420Rotate for NV12, also when only
   mirrored), I420Mirror when mirrored, then I420ToARGBMatrix.

   scripts/build-libyuv-latest compiles libyuv with hidden visibility and
   links it into this object with --exclude-libs,ALL, so the only symbols
   it exports are the three below: loaded beside Debian's libyuv, neither
   build's calls bind to the other's functions. */

#include <stdlib.h>

extern "C" {
#include "framebench_plugin.h"
}
#include "libyuv.h"

#define EXPORT extern "C" __attribute__((visibility("default")))

namespace {

const libyuv::YuvConstants* Constants(int32_t matrix) {
  switch (matrix) {
    case FRAMEBENCH_BT601: return &libyuv::kYuvI601Constants;
    case FRAMEBENCH_BT601_FULL: return &libyuv::kYuvJPEGConstants;
    case FRAMEBENCH_BT709: return &libyuv::kYuvH709Constants;
    case FRAMEBENCH_BT709_FULL: return &libyuv::kYuvF709Constants;
    case FRAMEBENCH_BT2020: return &libyuv::kYuv2020Constants;
    case FRAMEBENCH_BT2020_FULL: return &libyuv::kYuvV2020Constants;
    default: return nullptr;
  }
}

/* An I420 frame's planes. */
struct Planes {
  uint8_t* y;
  uint8_t* u;
  uint8_t* v;
  int y_stride, uv_stride;
};

/* Scratch frames for the rotate and mirror passes, one pair a thread,
   grown as sizes need and kept: a timed call allocates nothing once its
   size has been seen. */
struct Scratch {
  uint8_t* bytes[2] = {nullptr, nullptr};
  size_t capacity[2] = {0, 0};
  ~Scratch() {
    free(bytes[0]);
    free(bytes[1]);
  }
  /* Frame `index` (0 or 1) of `width` x `height`, or false when out of memory. */
  bool Take(int index, int width, int height, Planes* planes) {
    int chroma_width = (width + 1) / 2, chroma_height = (height + 1) / 2;
    size_t luma = (size_t)width * height, chroma = (size_t)chroma_width * chroma_height;
    size_t needed = luma + 2 * chroma;
    if (needed > capacity[index]) {
      uint8_t* grown = (uint8_t*)realloc(bytes[index], needed);
      if (grown == nullptr) return false;
      bytes[index] = grown;
      capacity[index] = needed;
    }
    *planes = {bytes[index], bytes[index] + luma, bytes[index] + luma + chroma, width, chroma_width};
    return true;
  }
};

thread_local Scratch scratch;

int Convert(void*, const framebench_yuv* source, const framebench_bgra* destination, int32_t matrix,
            int32_t orientation) {
  const libyuv::YuvConstants* constants = Constants(matrix);
  int turns = orientation & 3;
  bool mirrored = (orientation & FRAMEBENCH_MIRROR) != 0;
  if (constants == nullptr || orientation < 0 || orientation > 7) return FRAMEBENCH_UNSUPPORTED;
  if (source->layout != FRAMEBENCH_I420 && source->layout != FRAMEBENCH_NV12) return FRAMEBENCH_UNSUPPORTED;
  int width = source->width, height = source->height;
  if (width <= 0 || height <= 0) return FRAMEBENCH_OK;
  /* The frame after rotation: 90 and 270 swap width and height. */
  int out_width = turns % 2 ? height : width, out_height = turns % 2 ? width : height;
  libyuv::RotationMode mode = turns == 0   ? libyuv::kRotate0
                              : turns == 1 ? libyuv::kRotate90
                              : turns == 2 ? libyuv::kRotate180
                                           : libyuv::kRotate270;
  const uint8_t* const* in = source->planes;
  const int32_t* strides = source->strides;
  if (source->layout == FRAMEBENCH_NV12 && orientation == FRAMEBENCH_UPRIGHT) {
    return libyuv::NV12ToARGBMatrix(in[0], strides[0], in[1], strides[1], destination->data, destination->stride,
                                    constants, width, height) == 0 ? FRAMEBENCH_OK : 2;
  }
  Planes frame = {(uint8_t*)in[0], (uint8_t*)in[1], (uint8_t*)in[2], strides[0], strides[1]};
  int v_stride = strides[2];
  int next = 0;
  if (source->layout == FRAMEBENCH_NV12) {
    Planes split;
    if (!scratch.Take(next++, out_width, out_height, &split)) return 2;
    if (libyuv::NV12ToI420Rotate(in[0], strides[0], in[1], strides[1], split.y, split.y_stride, split.u,
                                 split.uv_stride, split.v, split.uv_stride, width, height, mode) != 0)
      return 2;
    frame = split;
    v_stride = split.uv_stride;
  } else if (turns != 0) {
    Planes rotated;
    if (!scratch.Take(next++, out_width, out_height, &rotated)) return 2;
    if (libyuv::I420Rotate(frame.y, frame.y_stride, frame.u, frame.uv_stride, frame.v, v_stride, rotated.y,
                           rotated.y_stride, rotated.u, rotated.uv_stride, rotated.v, rotated.uv_stride, width,
                           height, mode) != 0)
      return 2;
    frame = rotated;
    v_stride = rotated.uv_stride;
  }
  if (mirrored) {
    Planes flipped;
    if (!scratch.Take(next++, out_width, out_height, &flipped)) return 2;
    if (libyuv::I420Mirror(frame.y, frame.y_stride, frame.u, frame.uv_stride, frame.v, v_stride, flipped.y,
                           flipped.y_stride, flipped.u, flipped.uv_stride, flipped.v, flipped.uv_stride, out_width,
                           out_height) != 0)
      return 2;
    frame = flipped;
    v_stride = flipped.uv_stride;
  }
  return libyuv::I420ToARGBMatrix(frame.y, frame.y_stride, frame.u, frame.uv_stride, frame.v, v_stride,
                                  destination->data, destination->stride, constants, out_width, out_height) == 0
             ? FRAMEBENCH_OK
             : 2;
}

const framebench_converter2 converters[] = {
    {"libyuv-latest", FRAMEBENCH_THREAD_SAFE, nullptr, Convert},
};

const framebench_plugin2 plugin = {FRAMEBENCH_PLUGIN_ABI_2, 1, converters};

}  // namespace

/* The plug-in's table: one converter, `libyuv-latest`. */
EXPORT const framebench_plugin2* framebench_plugin_v2(void) { return &plugin; }

/* LIBYUV_VERSION of the source it was built from. */
EXPORT int32_t framebench_libyuv_version(void) { return LIBYUV_VERSION; }

/* The compiler that built it (its __VERSION__). */
EXPORT const char* framebench_libyuv_compiler(void) { return __VERSION__; }
