#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavutil/error.h>
#include <libavutil/pixdesc.h>

/// libavcodec's "try again" status (AVERROR(EAGAIN)), which Swift cannot import as a macro.
static inline int framebench_avcodec_again(void) { return AVERROR(EAGAIN); }

/// libavcodec's end-of-stream status (AVERROR_EOF).
static inline int framebench_avcodec_eof(void) { return AVERROR_EOF; }
