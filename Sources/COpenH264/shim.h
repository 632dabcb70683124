#include <string.h>
#include <wels/codec_api.h>

/// An OpenH264 decoder for Annex B input, its log and error concealment
/// off (a damaged picture is an error, not a guess); NULL when it cannot
/// be created.
static inline ISVCDecoder *framebench_openh264_open(void) {
    ISVCDecoder *decoder = NULL;
    if (WelsCreateDecoder(&decoder) != 0 || decoder == NULL) return NULL;
    int level = WELS_LOG_QUIET;
    (*decoder)->SetOption(decoder, DECODER_OPTION_TRACE_LEVEL, &level);
    SDecodingParam parameters;
    memset(&parameters, 0, sizeof parameters);
    parameters.eEcActiveIdc = ERROR_CON_DISABLE;
    parameters.sVideoProperty.eVideoBsType = VIDEO_BITSTREAM_AVC;
    if ((*decoder)->Initialize(decoder, &parameters) != 0) {
        WelsDestroyDecoder(decoder);
        return NULL;
    }
    return decoder;
}

/// Decodes one access unit stamped `timestamp`; the decoding state (0: no
/// error) and, in `info`, the picture now ready, if any.
static inline int framebench_openh264_decode(ISVCDecoder *decoder, const unsigned char *data, int size,
                                             unsigned long long timestamp, SBufferInfo *info) {
    unsigned char *planes[3] = {NULL, NULL, NULL};
    memset(info, 0, sizeof *info);
    info->uiInBsTimeStamp = timestamp;
    return (*decoder)->DecodeFrameNoDelay(decoder, data, size, planes, info);
}

/// Tells the decoder the stream has ended; how many pictures it still holds.
static inline int framebench_openh264_end(ISVCDecoder *decoder) {
    int end = 1;
    (*decoder)->SetOption(decoder, DECODER_OPTION_END_OF_STREAM, &end);
    int remaining = 0;
    (*decoder)->GetOption(decoder, DECODER_OPTION_NUM_OF_FRAMES_REMAINING_IN_BUFFER, &remaining);
    return remaining;
}

/// Takes one held picture after `framebench_openh264_end`; the decoding state.
static inline int framebench_openh264_flush(ISVCDecoder *decoder, SBufferInfo *info) {
    unsigned char *planes[3] = {NULL, NULL, NULL};
    memset(info, 0, sizeof *info);
    return (*decoder)->FlushFrame(decoder, planes, info);
}

/// Ends and frees a decoder from `framebench_openh264_open`.
static inline void framebench_openh264_close(ISVCDecoder *decoder) {
    (*decoder)->Uninitialize(decoder);
    WelsDestroyDecoder(decoder);
}
