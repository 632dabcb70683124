import CVPX
import Frames

/// A VP8 decoder over libvpx (`vpx_codec_vp8_dx`).
///
/// Owns one libvpx context, created in `init` and destroyed in `deinit`
/// (no leak, no double free). Frames are handed out as borrowed views of
/// libvpx's own planes: no copy, valid only inside the `decode` callback.
/// Not thread-safe: use one decoder from one thread at a time.
public final class VP8Decoder {
    /// Largest frame accepted, in pixels (8K UHD, 7680 × 4320). A keyframe
    /// declaring more is refused before libvpx allocates for it.
    public static let maximumPixelCount = 7680 * 4320

    private let context: UnsafeMutablePointer<vpx_codec_ctx_t>

    /// Creates a decoder using `threads` decoder threads (1: none).
    /// - Throws: `VPXError` if libvpx refuses to initialise.
    public init(threads: Int = 1) throws(VPXError) {
        context = .allocate(capacity: 1)
        context.initialize(to: vpx_codec_ctx_t())
        var config = vpx_codec_dec_cfg_t(threads: UInt32(max(1, threads)), w: 0, h: 0)
        let status = vpx_codec_dec_init_ver(context, vpx_codec_vp8_dx(), &config, 0, VPX_DECODER_ABI_VERSION)
        guard status == VPX_CODEC_OK else {
            let message = String(cString: vpx_codec_err_to_string(status))
            context.deallocate()
            throw VPXError(packet: nil, offset: nil, message: "cannot initialise the VP8 decoder: \(message)")
        }
    }

    deinit {
        vpx_codec_destroy(context)
        context.deallocate()
    }

    /// Decodes one compressed frame and calls `body` with each frame it
    /// shows: none for an invisible (alt-ref) frame, one otherwise.
    ///
    /// The view passed to `body` borrows libvpx's buffers and must not
    /// escape the call.
    /// - Throws: `VPXError` naming `packet` and `offset` when libvpx
    ///   rejects the data, when `data` is empty (vpxdec fails there too,
    ///   with libvpx's "Invalid parameter"; libvpx would take an empty
    ///   packet without an address as a flush and show nothing), or when a
    ///   keyframe declares more than `maximumPixelCount` pixels; rethrows
    ///   what `body` throws.
    public func decode(
        _ data: ArraySlice<UInt8>, packet: Int, offset: Int,
        _ body: (I420View) throws -> Void
    ) throws {
        guard !data.isEmpty else {
            throw VPXError(packet: packet, offset: offset, message: "decode failed: empty packet")
        }
        try data.withUnsafeBufferPointer { bytes in
            try checkDeclaredSize(bytes, packet: packet, offset: offset)
            let status = vpx_codec_decode(context, bytes.baseAddress, UInt32(bytes.count), nil, 0)
            guard status == VPX_CODEC_OK else {
                throw VPXError(packet: packet, offset: offset, message: "decode failed: \(errorText())")
            }
        }
        var iterator: vpx_codec_iter_t? = nil
        while let image = vpx_codec_get_frame(context, &iterator) {
            try body(try view(of: image.pointee, packet: packet, offset: offset))
        }
    }

    /// Refuses a keyframe whose header declares an absurd size, before
    /// libvpx allocates frame buffers for it.
    private func checkDeclaredSize(_ bytes: UnsafeBufferPointer<UInt8>, packet: Int, offset: Int) throws(VPXError) {
        var info = vpx_codec_stream_info_t()
        info.sz = UInt32(MemoryLayout<vpx_codec_stream_info_t>.size)
        guard
            vpx_codec_peek_stream_info(vpx_codec_vp8_dx(), bytes.baseAddress, UInt32(bytes.count), &info)
                == VPX_CODEC_OK,
            info.is_kf != 0
        else { return }
        if Int(info.w) * Int(info.h) > Self.maximumPixelCount {
            throw VPXError(
                packet: packet, offset: offset,
                message: "keyframe declares \(info.w)x\(info.h), above the \(Self.maximumPixelCount)-pixel limit")
        }
    }

    private func view(of image: vpx_image_t, packet: Int, offset: Int) throws(VPXError) -> I420View {
        guard image.fmt == VPX_IMG_FMT_I420, image.x_chroma_shift == 1, image.y_chroma_shift == 1,
            let y = image.planes.0, let u = image.planes.1, let v = image.planes.2
        else {
            throw VPXError(packet: packet, offset: offset, message: "decoder returned a non-I420 image")
        }
        let size = FrameSize(width: Int(image.d_w), height: Int(image.d_h))
        return I420View(
            y: PlaneView(base: y, stride: Int(image.stride.0), width: size.width, height: size.height),
            u: PlaneView(base: u, stride: Int(image.stride.1), width: size.chromaWidth, height: size.chromaHeight),
            v: PlaneView(base: v, stride: Int(image.stride.2), width: size.chromaWidth, height: size.chromaHeight))
    }

    private func errorText() -> String {
        var text = String(cString: vpx_codec_error(context))
        if let detail = vpx_codec_error_detail(context) {
            text += ": " + String(cString: detail)
        }
        return text
    }
}
