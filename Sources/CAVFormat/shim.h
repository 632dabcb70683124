#include <errno.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>

/// libavformat's end-of-file status (AVERROR_EOF), which Swift cannot import as a macro.
static inline int framebench_avformat_eof(void) { return AVERROR_EOF; }

/// The "no timestamp" value (AV_NOPTS_VALUE), a macro Swift cannot import.
static inline int64_t framebench_avformat_no_pts(void) { return AV_NOPTS_VALUE; }

/// Silences libavformat's and its decoders' log on standard error: their
/// faults come back as return codes, which FrameBench reports in one line.
static inline void framebench_avformat_quiet(void) { av_log_set_level(AV_LOG_QUIET); }
