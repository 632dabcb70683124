#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <libavcodec/bsf.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>

/// libavformat's end-of-file status (AVERROR_EOF), which Swift cannot import as a macro.
static inline int framebench_avformat_eof(void) { return AVERROR_EOF; }

/// The "no timestamp" value (AV_NOPTS_VALUE), a macro Swift cannot import.
static inline int64_t framebench_avformat_no_pts(void) { return AV_NOPTS_VALUE; }

/// The last warning or error a demuxer logged on this thread since
/// `framebench_demuxer_clear` (empty: none), 256 bytes.
static inline char *framebench_demuxer_text(void) {
    static _Thread_local char text[256];
    return text;
}

/// The log callback `framebench_avformat_quiet` installs: prints nothing,
/// and keeps a demuxer's warnings and errors for the thread that caused
/// them (a demuxer logs on the thread that reads through it).
static void framebench_avformat_log(void *context, int level, const char *format, va_list arguments) {
    if (level > AV_LOG_WARNING || context == NULL) return;
    const AVClass *class = *(const AVClass **)context;
    if (class == NULL) return;
    AVClassCategory category = class->get_category ? class->get_category(context) : class->category;
    if (category != AV_CLASS_CATEGORY_DEMUXER) return;
    vsnprintf(framebench_demuxer_text(), 256, format, arguments);
}

/// Silences libavformat's and its decoders' log on standard error (their
/// faults come back as return codes, which FrameBench reports in one
/// line), keeping what demuxers say for `framebench_demuxer_message`.
static inline void framebench_avformat_quiet(void) { av_log_set_callback(framebench_avformat_log); }

/// What a demuxer last logged on this thread as a warning or an error
/// since `framebench_demuxer_clear` (empty: nothing).
static inline const char *framebench_demuxer_message(void) { return framebench_demuxer_text(); }

/// Forgets what a demuxer logged on this thread.
static inline void framebench_demuxer_clear(void) { framebench_demuxer_text()[0] = 0; }

/// Sets up libavcodec's `h264_mp4toannexb` filter for a track with these
/// parameters and timebase; 0 and the filter in `out`, or a negative status.
static inline int framebench_bsf_open_annexb(const AVCodecParameters *parameters, AVRational timebase,
                                             AVBSFContext **out) {
    const AVBitStreamFilter *filter = av_bsf_get_by_name("h264_mp4toannexb");
    if (!filter) return AVERROR_FILTER_NOT_FOUND;
    AVBSFContext *context = NULL;
    int status = av_bsf_alloc(filter, &context);
    if (status < 0) return status;
    status = avcodec_parameters_copy(context->par_in, parameters);
    if (status >= 0) {
        context->time_base_in = timebase;
        status = av_bsf_init(context);
    }
    if (status < 0) {
        av_bsf_free(&context);
        return status;
    }
    *out = context;
    return 0;
}

/// Passes `packet` through `filter` (one packet in, one out: the filter is
/// one to one), leaving the result in `packet`; 0 or a negative status.
/// An empty packet is left as it is (to the filter it would mean the end).
static inline int framebench_bsf_rewrite(AVBSFContext *filter, AVPacket *packet) {
    if (packet->size == 0) return 0;
    int status = av_bsf_send_packet(filter, packet);
    if (status < 0) return status;
    return av_bsf_receive_packet(filter, packet);
}

/// Frees a filter from `framebench_bsf_open_annexb` (nothing for NULL).
static inline void framebench_bsf_free(AVBSFContext *filter) {
    if (filter) av_bsf_free(&filter);
}
