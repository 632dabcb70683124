import CAom
import Frames

/// An AV1 decoder over libaom (`aom_codec_av1_dx`), the Alliance for Open
/// Media's reference decoder: FrameBench's second AV1 decoder, the
/// witness held against dav1d.
///
/// As aomdec runs it: 8-bit buffers for 8-bit streams, the highest
/// spatial layer only. libaom decodes a temporal unit synchronously, so
/// its frame is handed over during that packet's `decode`.
public final class AOMDecoder: VideoDecoder {
    private let context: UnsafeMutablePointer<aom_codec_ctx_t>

    /// Opens a decoder with `threads` threads (1: none).
    /// - Throws: `DecodeError` if libaom refuses to initialise.
    public init(threads: Int = 1) throws(DecodeError) {
        context = .allocate(capacity: 1)
        context.initialize(to: aom_codec_ctx_t())
        let status = framebench_aom_open(context, UInt32(max(1, threads)))
        guard status == AOM_CODEC_OK else {
            let message = String(cString: aom_codec_err_to_string(status))
            context.deallocate()
            throw DecodeError(packet: nil, offset: nil, message: "cannot initialise libaom: \(message)")
        }
    }

    deinit {
        aom_codec_destroy(context)
        context.deallocate()
    }

    /// Decodes one temporal unit; empty data is refused.
    public func decode(
        _ data: ArraySlice<UInt8>, packet: PacketInfo, _ body: (I420View, PacketInfo) throws -> Void
    ) throws {
        guard !data.isEmpty else { throw DecodeError(packet, "decode failed: empty packet") }
        try data.withUnsafeBufferPointer { bytes throws(DecodeError) in
            try checkDeclaredSize(bytes, packet: packet)
            let status = aom_codec_decode(context, bytes.baseAddress, bytes.count, nil)
            guard status == AOM_CODEC_OK else { throw DecodeError(packet, "decode failed: \(errorText())") }
        }
        var iterator: aom_codec_iter_t? = nil
        while let image = aom_codec_get_frame(context, &iterator) {
            try body(try view(of: image.pointee, packet: packet), packet)
        }
    }

    /// libaom holds no frames back: nothing to hand over.
    public func finish(_ body: (I420View, PacketInfo) throws -> Void) {}

    /// Refuses a sequence header that declares an absurd size, before
    /// libaom allocates for it.
    private func checkDeclaredSize(_ bytes: UnsafeBufferPointer<UInt8>, packet: PacketInfo) throws(DecodeError) {
        var info = aom_codec_stream_info_t()
        guard aom_codec_peek_stream_info(aom_codec_av1_dx(), bytes.baseAddress, bytes.count, &info) == AOM_CODEC_OK
        else { return }
        if Int(info.w) * Int(info.h) > DecoderLimits.maximumPixelCount {
            throw DecodeError(
                packet,
                "sequence header declares \(info.w)x\(info.h), above the \(DecoderLimits.maximumPixelCount)-pixel limit"
            )
        }
    }

    private func view(of image: aom_image_t, packet: PacketInfo) throws -> I420View {
        let format = PictureFormat(
            bitDepth: Int(image.bit_depth), xShift: Int(image.x_chroma_shift), yShift: Int(image.y_chroma_shift),
            monochrome: image.monochrome != 0)
        try format.require8Bit420(packet: packet, codec: "AV1")
        guard image.fmt == AOM_IMG_FMT_I420, let y = image.planes.0, let u = image.planes.1, let v = image.planes.2
        else { throw DecodeError(packet, "libaom returned an image in format \(image.fmt.rawValue), not I420") }
        return I420View(
            y: y, u: u, v: v, strides: (Int(image.stride.0), Int(image.stride.1), Int(image.stride.2)),
            size: FrameSize(width: Int(image.d_w), height: Int(image.d_h)))
    }

    private func errorText() -> String {
        var text = String(cString: aom_codec_error(context))
        if let detail = aom_codec_error_detail(context) {
            text += ": " + String(cString: detail)
        }
        return text
    }
}
