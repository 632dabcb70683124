#include <aom/aom_decoder.h>
#include <aom/aomdx.h>

/// Opens libaom's AV1 decoder on `ctx` with `threads` threads, 8-bit
/// buffers for 8-bit streams, and only the highest spatial layer shown
/// (aomdec's defaults); aom_codec_dec_init is a macro Swift cannot call.
static inline aom_codec_err_t framebench_aom_open(aom_codec_ctx_t *ctx, unsigned threads) {
    aom_codec_dec_cfg_t cfg = { threads, 0, 0, 1 };
    return aom_codec_dec_init(ctx, aom_codec_av1_dx(), &cfg, 0);
}
