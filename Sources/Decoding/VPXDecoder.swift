import CVPX
import Frames

/// A VP8 or VP9 decoder over libvpx (`vpx_codec_vp8_dx`, `vpx_codec_vp9_dx`).
///
/// Owns one libvpx context, created in `init` and destroyed in `deinit`.
/// libvpx decodes synchronously: every frame a packet shows is handed over
/// during that packet's `decode` (a VP9 superframe shows at most one), and
/// `finish` has nothing left.
public final class VPXDecoder: VideoDecoder {
    /// Which of libvpx's decoders.
    public enum Variant: Sendable {
        /// VP8.
        case vp8
        /// VP9, profiles 0 to 3 (only profile 0's 8-bit 4:2:0 is converted).
        case vp9
    }

    private let variant: Variant
    private let context: UnsafeMutablePointer<vpx_codec_ctx_t>

    /// Creates a `variant` decoder using `threads` decoder threads (1: none).
    /// - Throws: `DecodeError` if libvpx refuses to initialise.
    public init(_ variant: Variant, threads: Int = 1) throws(DecodeError) {
        self.variant = variant
        context = .allocate(capacity: 1)
        context.initialize(to: vpx_codec_ctx_t())
        var config = vpx_codec_dec_cfg_t(threads: UInt32(max(1, threads)), w: 0, h: 0)
        let status = vpx_codec_dec_init_ver(context, Self.interface(variant), &config, 0, VPX_DECODER_ABI_VERSION)
        guard status == VPX_CODEC_OK else {
            let message = String(cString: vpx_codec_err_to_string(status))
            context.deallocate()
            throw DecodeError(packet: nil, offset: nil, message: "cannot initialise libvpx's \(variant): \(message)")
        }
    }

    deinit {
        vpx_codec_destroy(context)
        context.deallocate()
    }

    private static func interface(_ variant: Variant) -> OpaquePointer {
        switch variant {
        case .vp8: vpx_codec_vp8_dx()
        case .vp9: vpx_codec_vp9_dx()
        }
    }

    /// Decodes `data`; empty data is refused as vpxdec refuses it (libvpx
    /// would take an empty packet as a flush and show nothing).
    public func decode(
        _ data: ArraySlice<UInt8>, packet: PacketInfo, _ body: (I420View, PacketInfo) throws -> Void
    ) throws {
        guard !data.isEmpty else { throw DecodeError(packet, "decode failed: empty packet") }
        try data.withUnsafeBufferPointer { bytes throws(DecodeError) in
            try checkDeclaredSize(bytes, packet: packet)
            let status = vpx_codec_decode(context, bytes.baseAddress, UInt32(bytes.count), nil, 0)
            guard status == VPX_CODEC_OK else { throw DecodeError(packet, "decode failed: \(errorText())") }
        }
        var iterator: vpx_codec_iter_t? = nil
        while let image = vpx_codec_get_frame(context, &iterator) {
            try body(try view(of: image.pointee, packet: packet), packet)
        }
    }

    /// libvpx holds no frames back: nothing to hand over.
    public func finish(_ body: (I420View, PacketInfo) throws -> Void) {}

    /// Refuses a keyframe whose header declares an absurd size, before
    /// libvpx allocates frame buffers for it.
    private func checkDeclaredSize(_ bytes: UnsafeBufferPointer<UInt8>, packet: PacketInfo) throws(DecodeError) {
        var info = vpx_codec_stream_info_t()
        info.sz = UInt32(MemoryLayout<vpx_codec_stream_info_t>.size)
        guard
            vpx_codec_peek_stream_info(Self.interface(variant), bytes.baseAddress, UInt32(bytes.count), &info)
                == VPX_CODEC_OK,
            info.is_kf != 0
        else { return }
        if Int(info.w) * Int(info.h) > DecoderLimits.maximumPixelCount {
            throw DecodeError(
                packet,
                "keyframe declares \(info.w)x\(info.h), above the \(DecoderLimits.maximumPixelCount)-pixel limit")
        }
    }

    private func view(of image: vpx_image_t, packet: PacketInfo) throws -> I420View {
        let highDepth = image.fmt.rawValue & UInt32(VPX_IMG_FMT_HIGHBITDEPTH) != 0
        let format = PictureFormat(
            bitDepth: highDepth ? Int(image.bit_depth) : 8, xShift: Int(image.x_chroma_shift),
            yShift: Int(image.y_chroma_shift))
        try format.require8Bit420(packet: packet, codec: variant == .vp8 ? "VP8" : "VP9")
        guard image.fmt == VPX_IMG_FMT_I420, let y = image.planes.0, let u = image.planes.1, let v = image.planes.2
        else { throw DecodeError(packet, "libvpx returned an image in format \(image.fmt.rawValue), not I420") }
        return I420View(
            y: y, u: u, v: v, strides: (Int(image.stride.0), Int(image.stride.1), Int(image.stride.2)),
            size: FrameSize(width: Int(image.d_w), height: Int(image.d_h)))
    }

    private func errorText() -> String {
        var text = String(cString: vpx_codec_error(context))
        if let detail = vpx_codec_error_detail(context) {
            text += ": " + String(cString: detail)
        }
        return text
    }
}
