/*
 * refdecode: FrameBench's independent reference for golden MD5s.
 *
 * Shares no code with the Swift package: its own IVF parser, libvpx's VP8
 * and VP9 decoders, libaom's AV1 decoder (chosen by the IVF fourcc: VP80,
 * VP90, AV01), its own Annex B splitter and OpenH264's decoder for raw
 * H.264 (baseline only, which OpenH264 decodes: no B-frames, so every
 * access unit shows its frame at once; another profile is an error), libyuv's I420Rotate,
 * I420Mirror and I420ToARGBMatrix and OpenSSL's EVP MD5. Only 8-bit 4:2:0
 * frames are accepted (a 10-bit or 4:4:4 stream is an error). A file that
 * does not begin with "DKIF" is taken as Annex B H.264 when it begins with
 * a start code.
 *
 *   refdecode --i420 FILE.ivf
 *       '<md5>  <stem>-<w>x<h>-<NNNN>.i420' per shown frame, as
 *       'vpxdec --md5 --i420 -o STEM-%wx%h-%4.i420' prints it.
 *   refdecode --matrix NAME FILE.ivf
 *       '<md5>  <stem>-<w>x<h>-<NNNN>.bgra': MD5 of the BGRA rows (width x 4
 *       bytes, packed, B,G,R,A) that I420ToARGBMatrix makes with NAME's
 *       constants. NAME: bt601, bt601-full, bt709, bt709-full, bt2020,
 *       bt2020-full.
 *   refdecode --matrix NAME --orientation ORIENTATION FILE.ivf
 *       the same for the oriented frame (docs/orientation.md): I420Rotate
 *       into a temporary I420 frame (rotate90, rotate180, rotate270, each
 *       optionally with the suffix -mirror), I420Mirror into another when
 *       mirrored, then I420ToARGBMatrix; <w>x<h> is the oriented size.
 *       ORIENTATION: upright, rotate90, rotate180, rotate270, mirror,
 *       rotate90-mirror, rotate180-mirror, rotate270-mirror. This is what
 *       'bench decode FILE --bgra C --matrix NAME --orientation ORIENTATION'
 *       prints.
 *
 * <stem> is the file name up to its first dot, NNNN the 1-based input packet
 * number (for H.264 the access unit, as FFmpeg's h264 demuxer makes them). Exit status 0 on success, 1 on any error (message on stderr),
 * 2 on a usage error.
 *
 * Built by scripts/golden/build-refdecode:
 *   gcc -O2 -Wall -Wextra -o refdecode refdecode.c -lvpx -laom -lopenh264 -lyuv -lcrypto
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <aom/aom_decoder.h>
#include <aom/aomdx.h>
#include <libyuv.h>
#include <openssl/evp.h>
#include <vpx/vp8dx.h>
#include <vpx/vpx_decoder.h>
#include <wels/codec_api.h>

struct matrix {
  const char *name;
  const struct YuvConstants *constants;
};

static const struct matrix matrices[] = {
    {"bt601", &kYuvI601Constants},  {"bt601-full", &kYuvJPEGConstants},
    {"bt709", &kYuvH709Constants},  {"bt709-full", &kYuvF709Constants},
    {"bt2020", &kYuv2020Constants}, {"bt2020-full", &kYuvV2020Constants},
};

/* The orientations in the order of their ABI values: quarter turns | 4 if mirrored. */
static const char *const orientations[] = {
    "upright", "rotate90", "rotate180", "rotate270",
    "mirror", "rotate90-mirror", "rotate180-mirror", "rotate270-mirror",
};

static const char *program = "refdecode";

/* An I420 frame in one allocation, planes packed (stride = width). */
struct frame {
  int width, height;
  uint8_t *y, *u, *v;
};

static void frame_resize(struct frame *f, int width, int height) {
  if (f->y && f->width == width && f->height == height) return;
  free(f->y);
  int cw = (width + 1) / 2, ch = (height + 1) / 2;
  size_t luma = (size_t)width * (size_t)height, chroma = (size_t)cw * (size_t)ch;
  f->y = malloc(luma + 2 * chroma);
  if (!f->y) {
    fprintf(stderr, "%s: out of memory\n", program);
    exit(1);
  }
  f->u = f->y + luma;
  f->v = f->u + chroma;
  f->width = width;
  f->height = height;
}

static void fail(const char *path, const char *message) {
  fprintf(stderr, "%s: %s: %s\n", program, path, message);
  exit(1);
}

static uint32_t le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* MD5 as 32 lowercase hex digits into out[33]. */
struct md5 {
  EVP_MD_CTX *ctx;
};

static void md5_begin(struct md5 *m) {
  m->ctx = EVP_MD_CTX_new();
  if (!m->ctx || EVP_DigestInit_ex(m->ctx, EVP_md5(), NULL) != 1) {
    fprintf(stderr, "%s: OpenSSL cannot provide MD5\n", program);
    exit(1);
  }
}

static void md5_update(struct md5 *m, const void *data, size_t size) {
  EVP_DigestUpdate(m->ctx, data, size);
}

static void md5_end(struct md5 *m, char out[33]) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_DigestFinal_ex(m->ctx, digest, &length);
  EVP_MD_CTX_free(m->ctx);
  for (unsigned int i = 0; i < length && i < 16; i++) sprintf(out + 2 * i, "%02x", digest[i]);
  out[32] = 0;
}

static unsigned char *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) fail(path, "cannot open");
  size_t capacity = 1 << 20, used = 0;
  unsigned char *data = malloc(capacity);
  if (!data) fail(path, "out of memory");
  for (;;) {
    size_t n = fread(data + used, 1, capacity - used, f);
    used += n;
    if (used < capacity) break;
    capacity *= 2;
    unsigned char *grown = realloc(data, capacity);
    if (!grown) fail(path, "out of memory");
    data = grown;
  }
  if (ferror(f)) fail(path, "read error");
  fclose(f);
  *size = used;
  return data;
}

/* One decoder, libvpx (VP8, VP9), libaom (AV1) or OpenH264, behind three calls. */
struct decoder {
  int aom;
  vpx_codec_ctx_t vpx;
  aom_codec_ctx_t av1;
  vpx_codec_iter_t vpx_iter;
  aom_codec_iter_t aom_iter;
  ISVCDecoder *h264;
  unsigned char *h264_planes[3];
  SBufferInfo h264_info;
  int h264_pending;
};

/* A decoded 8-bit I420 image. */
struct image {
  int width, height;
  const uint8_t *planes[3];
  int strides[3];
};

static void decoder_init(struct decoder *d, const char *path, const unsigned char *fourcc) {
  memset(d, 0, sizeof *d);
  if (!memcmp(fourcc, "VP80", 4) || !memcmp(fourcc, "VP90", 4)) {
    vpx_codec_dec_cfg_t config = {.threads = 1, .w = 0, .h = 0};
    vpx_codec_iface_t *iface = fourcc[2] == '8' ? vpx_codec_vp8_dx() : vpx_codec_vp9_dx();
    if (vpx_codec_dec_init(&d->vpx, iface, &config, 0) != VPX_CODEC_OK) fail(path, "cannot initialise libvpx");
  } else if (!memcmp(fourcc, "AV01", 4)) {
    aom_codec_dec_cfg_t config = {.threads = 1, .w = 0, .h = 0, .allow_lowbitdepth = 1};
    d->aom = 1;
    if (aom_codec_dec_init(&d->av1, aom_codec_av1_dx(), &config, 0) != AOM_CODEC_OK)
      fail(path, "cannot initialise libaom");
  } else if (!memcmp(fourcc, "H264", 4)) {
    SDecodingParam param;
    memset(&param, 0, sizeof param);
    param.sVideoProperty.eVideoBsType = VIDEO_BITSTREAM_AVC;
    if (WelsCreateDecoder(&d->h264) != 0 || (*d->h264)->Initialize(d->h264, &param) != 0)
      fail(path, "cannot initialise OpenH264");
  } else {
    fail(path, "not VP8, VP9 or AV1 (fourcc VP80, VP90, AV01)");
  }
}

static void decoder_decode(struct decoder *d, const char *path, unsigned long packet, const unsigned char *data,
                           size_t size) {
  const char *error = NULL;
  if (d->h264) {
    memset(&d->h264_info, 0, sizeof d->h264_info);
    if ((*d->h264)->DecodeFrameNoDelay(d->h264, data, (int)size, d->h264_planes, &d->h264_info) != dsErrorFree)
      error = "OpenH264 cannot decode it";
    d->h264_pending = d->h264_info.iBufferStatus == 1;
  } else if (d->aom) {
    if (aom_codec_decode(&d->av1, data, size, NULL) != AOM_CODEC_OK) error = aom_codec_error(&d->av1);
    d->aom_iter = NULL;
  } else {
    if (vpx_codec_decode(&d->vpx, data, (unsigned int)size, NULL, 0) != VPX_CODEC_OK)
      error = vpx_codec_error(&d->vpx);
    d->vpx_iter = NULL;
  }
  if (error) {
    char message[512];
    snprintf(message, sizeof message, "packet %lu: %s", packet, error);
    fail(path, message);
  }
}

/* The next frame the last packet shows; 0 when there is none. */
static int decoder_frame(struct decoder *d, const char *path, struct image *out) {
  if (d->h264) {
    if (!d->h264_pending) return 0;
    d->h264_pending = 0;
    const SSysMEMBuffer *buffer = &d->h264_info.UsrData.sSystemBuffer;
    if (buffer->iFormat != videoFormatI420) fail(path, "decoder returned a frame that is not 8-bit I420");
    out->width = buffer->iWidth, out->height = buffer->iHeight;
    for (int p = 0; p < 3; p++) out->planes[p] = d->h264_planes[p], out->strides[p] = buffer->iStride[p ? 1 : 0];
  } else if (d->aom) {
    aom_image_t *img = aom_codec_get_frame(&d->av1, &d->aom_iter);
    if (!img) return 0;
    if (img->fmt != AOM_IMG_FMT_I420 || img->bit_depth != 8)
      fail(path, "decoder returned a frame that is not 8-bit I420");
    out->width = (int)img->d_w, out->height = (int)img->d_h;
    for (int p = 0; p < 3; p++) out->planes[p] = img->planes[p], out->strides[p] = img->stride[p];
  } else {
    vpx_image_t *img = vpx_codec_get_frame(&d->vpx, &d->vpx_iter);
    if (!img) return 0;
    if (img->fmt != VPX_IMG_FMT_I420 || img->bit_depth != 8)
      fail(path, "decoder returned a frame that is not 8-bit I420");
    out->width = (int)img->d_w, out->height = (int)img->d_h;
    for (int p = 0; p < 3; p++) out->planes[p] = img->planes[p], out->strides[p] = img->stride[p];
  }
  return 1;
}

static void decoder_destroy(struct decoder *d, const char *path) {
  if (d->h264) {
    (*d->h264)->Uninitialize(d->h264);
    WelsDestroyDecoder(d->h264);
    return;
  }
  if (d->aom ? aom_codec_destroy(&d->av1) != AOM_CODEC_OK : vpx_codec_destroy(&d->vpx) != VPX_CODEC_OK)
    fail(path, "cannot destroy the decoder");
}

/* Offset of the next Annex B start code (00 00 01) at or after `from`, or `size`. */
static size_t find_start_code(const unsigned char *d, size_t size, size_t from) {
  for (size_t i = from; i + 3 <= size; i++)
    if (d[i] == 0 && d[i + 1] == 0 && d[i + 2] == 1) return i;
  return size;
}

/* The end of the H.264 access unit that begins at `begin`: before the first
 * NAL unit that begins the next one once this one holds a slice (an access
 * unit delimiter, SEI, SPS, PPS or types 14-18, or a slice whose
 * first_mb_in_slice is 0), with the zero byte of a 4-byte start code.
 * Stops unless each SPS in it says baseline (profile_idc 66), the profile
 * OpenH264 decodes: it decodes others without an error, and wrongly. */
static size_t access_unit_end(const char *path, const unsigned char *d, size_t size, size_t begin) {
  int has_slice = 0;
  for (size_t at = find_start_code(d, size, begin); at + 3 < size; at = find_start_code(d, size, at + 3)) {
    size_t nal = at + 3;
    int type = d[nal] & 0x1F;
    int slice = type >= 1 && type <= 5;
    int first_slice = slice && nal + 1 < size && (d[nal + 1] & 0x80);
    int opens = type == 9 || type == 6 || type == 7 || type == 8 || (type >= 14 && type <= 18) || first_slice;
    if (has_slice && opens) return at > begin && d[at - 1] == 0 ? at - 1 : at;
    has_slice |= slice;
    if (type == 7 && nal + 1 < size && d[nal + 1] != 66) {
      char message[128];
      snprintf(message, sizeof message, "H.264 profile_idc %d: OpenH264 decodes only baseline (66)", d[nal + 1]);
      fail(path, message);
    }
  }
  return size;
}

int main(int argc, char **argv) {
  const struct YuvConstants *constants = NULL;
  const char *path = NULL;
  int i420 = 0;
  int orientation = -1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--i420")) {
      i420 = 1;
    } else if (!strcmp(argv[i], "--matrix") && i + 1 < argc) {
      const char *name = argv[++i];
      for (size_t m = 0; m < sizeof matrices / sizeof matrices[0]; m++)
        if (!strcmp(matrices[m].name, name)) constants = matrices[m].constants;
      if (!constants) {
        fprintf(stderr, "%s: unknown matrix '%s'\n", program, name);
        return 2;
      }
    } else if (!strcmp(argv[i], "--orientation") && i + 1 < argc) {
      const char *name = argv[++i];
      for (int o = 0; o < 8; o++)
        if (!strcmp(orientations[o], name)) orientation = o;
      if (orientation < 0) {
        fprintf(stderr, "%s: unknown orientation '%s'\n", program, name);
        return 2;
      }
    } else if (!path && argv[i][0] != '-') {
      path = argv[i];
    } else {
      path = NULL;
      break;
    }
  }
  if (!path || i420 == (constants != NULL) || (i420 && orientation >= 0)) {
    fprintf(stderr, "usage: %s --i420 FILE | --matrix NAME [--orientation NAME] FILE (IVF or Annex B H.264)\n", program);
    return 2;
  }
  if (orientation < 0) orientation = 0;
  int turns = orientation & 3, mirrored = (orientation & 4) != 0;

  /* Stem: the last path component up to its first dot. */
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t stem_length = strcspn(base, ".");

  size_t size;
  unsigned char *data = read_file(path, &size);
  struct decoder codec;
  int annexb = 0;
  size_t pos = 32;
  if (size >= 32 && memcmp(data, "DKIF", 4) == 0) {
    size_t header_length = (size_t)data[6] | (size_t)data[7] << 8;
    if (header_length != 32) fail(path, "unexpected IVF header length");
    decoder_init(&codec, path, data + 8);
  } else if (size >= 4 && (memcmp(data, "\0\0\1", 3) == 0 || memcmp(data, "\0\0\0\1", 4) == 0)) {
    annexb = 1;
    pos = 0;
    decoder_init(&codec, path, (const unsigned char *)"H264");
  } else {
    fail(path, "not an IVF file nor Annex B H.264");
  }

  unsigned char *bgra = NULL;
  size_t bgra_size = 0;
  struct frame rotated = {0}, flipped = {0};
  unsigned long packet = 0;
  while (pos < size) {
    const unsigned char *frame;
    size_t frame_size;
    if (annexb) {
      size_t end = access_unit_end(path, data, size, pos);
      frame = data + pos;
      frame_size = end - pos;
      pos = end;
    } else {
      if (size - pos < 12) fail(path, "truncated packet header");
      frame_size = le32(data + pos);
      if (frame_size > size - pos - 12) fail(path, "truncated packet");
      frame = data + pos + 12;
      pos += 12 + frame_size;
    }
    packet++;
    decoder_decode(&codec, path, packet, frame, frame_size);
    struct image image;
    const struct image *img = &image;
    while (decoder_frame(&codec, path, &image)) {
      int w = img->width, h = img->height;
      int cw = (w + 1) / 2, ch = (h + 1) / 2;
      struct md5 m;
      char hex[33];
      md5_begin(&m);
      if (i420) {
        for (int y = 0; y < h; y++) md5_update(&m, img->planes[0] + (size_t)y * img->strides[0], (size_t)w);
        for (int y = 0; y < ch; y++) md5_update(&m, img->planes[1] + (size_t)y * img->strides[1], (size_t)cw);
        for (int y = 0; y < ch; y++) md5_update(&m, img->planes[2] + (size_t)y * img->strides[2], (size_t)cw);
      } else {
        const uint8_t *py = img->planes[0], *pu = img->planes[1], *pv = img->planes[2];
        int sy = img->strides[0], su = img->strides[1], sv = img->strides[2];
        if (turns % 2 == 1) {
          int t = w;
          w = h;
          h = t;
        }
        if (turns != 0) {
          static const enum RotationMode modes[] = {kRotate0, kRotate90, kRotate180, kRotate270};
          frame_resize(&rotated, w, h);
          if (I420Rotate(py, sy, pu, su, pv, sv, rotated.y, w, rotated.u, (w + 1) / 2, rotated.v, (w + 1) / 2,
                         img->width, img->height, modes[turns]) != 0)
            fail(path, "I420Rotate failed");
          py = rotated.y, pu = rotated.u, pv = rotated.v;
          sy = w, su = sv = (w + 1) / 2;
        }
        if (mirrored) {
          frame_resize(&flipped, w, h);
          if (I420Mirror(py, sy, pu, su, pv, sv, flipped.y, w, flipped.u, (w + 1) / 2, flipped.v, (w + 1) / 2, w,
                         h) != 0)
            fail(path, "I420Mirror failed");
          py = flipped.y, pu = flipped.u, pv = flipped.v;
          sy = w, su = sv = (w + 1) / 2;
        }
        size_t need = (size_t)w * 4 * (size_t)h;
        if (need > bgra_size) {
          free(bgra);
          bgra = malloc(need);
          if (!bgra) fail(path, "out of memory");
          bgra_size = need;
        }
        if (I420ToARGBMatrix(py, sy, pu, su, pv, sv, bgra, w * 4, constants, w, h) != 0)
          fail(path, "I420ToARGBMatrix failed");
        md5_update(&m, bgra, need);
      }
      md5_end(&m, hex);
      printf("%s  %.*s-%dx%d-%04lu.%s\n", hex, (int)stem_length, base, w, h, packet, i420 ? "i420" : "bgra");
    }
  }
  decoder_destroy(&codec, path);
  free(bgra);
  free(rotated.y);
  free(flipped.y);
  free(data);
  if (fflush(stdout) != 0) fail(path, "cannot write the output");
  return 0;
}
