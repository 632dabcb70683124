import CAVCodec
import Containers
import Frames

/// A decoder over one of FFmpeg's native libavcodec decoders (`vp8`,
/// `vp9`), written independently of libvpx: FrameBench's witness for VP8
/// and VP9.
///
/// One thread by default, so frames come out in packet order; frames the
/// decoder holds back come out of later calls or of `finish`, each with
/// the packet it was decoded from. Frames above
/// `DecoderLimits.maximumPixelCount` pixels are refused by libavcodec.
public final class AVCodecDecoder: VideoDecoder {
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var packetBuffer: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private let codecName: String
    /// Packets sent whose frames have not come out yet, oldest first.
    private var pending = ReorderedPackets()

    /// Opens FFmpeg's native decoder named `name` (as `ffmpeg -c:v NAME`
    /// names it) with `threads` threads.
    /// - Throws: `DecodeError` when libavcodec has no such decoder or
    ///   refuses to open it.
    public init(name: String, threads: Int = 1) throws(DecodeError) {
        codecName = name
        guard let codec = avcodec_find_decoder_by_name(name) else {
            throw DecodeError(packet: nil, offset: nil, message: "libavcodec has no decoder '\(name)'")
        }
        context = avcodec_alloc_context3(codec)
        packetBuffer = av_packet_alloc()
        frame = av_frame_alloc()
        guard let context, packetBuffer != nil, frame != nil else {
            throw DecodeError(packet: nil, offset: nil, message: "libavcodec could not allocate a '\(name)' decoder")
        }
        context.pointee.thread_count = Int32(max(1, threads))
        context.pointee.max_pixels = Int64(DecoderLimits.maximumPixelCount)
        let status = avcodec_open2(context, codec, nil)
        guard status == 0 else {
            throw DecodeError(
                packet: nil, offset: nil, message: "cannot open libavcodec's \(name): \(AVFormatReader.reason(status))")
        }
    }

    deinit {
        av_frame_free(&frame)
        av_packet_free(&packetBuffer)
        avcodec_free_context(&context)
    }

    /// Sends `data` as one packet and takes every frame ready.
    public func decode(
        _ data: ArraySlice<UInt8>, packet: PacketInfo, _ body: (I420View, PacketInfo) throws -> Void
    ) throws {
        guard !data.isEmpty else { throw DecodeError(packet, "decode failed: empty packet") }
        guard let packetBuffer, av_new_packet(packetBuffer, Int32(data.count)) == 0 else {
            throw DecodeError(packet, "decode failed: libavcodec could not allocate \(data.count) bytes")
        }
        defer { av_packet_unref(packetBuffer) }
        data.withUnsafeBufferPointer { packetBuffer.pointee.data.update(from: $0.baseAddress!, count: $0.count) }
        packetBuffer.pointee.pts = Int64(packet.number)
        pending.append(packet)
        let sent = avcodec_send_packet(context, packetBuffer)
        guard sent == 0 else { throw DecodeError(packet, "decode failed: \(AVFormatReader.reason(sent))") }
        try receiveFrames(packet, body)
    }

    /// Signals the end of the stream and takes every frame left.
    public func finish(_ body: (I420View, PacketInfo) throws -> Void) throws {
        let last = pending.last
        let sent = avcodec_send_packet(context, nil)
        guard sent == 0 || sent == framebench_avcodec_eof() else {
            throw DecodeError(last, "decode failed at the end: \(AVFormatReader.reason(sent))")
        }
        try receiveFrames(last, body)
    }

    private func receiveFrames(_ current: PacketInfo, _ body: (I420View, PacketInfo) throws -> Void) throws {
        guard let frame else { return }
        while true {
            let status = avcodec_receive_frame(context, frame)
            if status == framebench_avcodec_again() || status == framebench_avcodec_eof() { return }
            guard status == 0 else { throw DecodeError(current, "decode failed: \(AVFormatReader.reason(status))") }
            defer { av_frame_unref(frame) }
            let source = pending.origin(of: Int(exactly: frame.pointee.best_effort_timestamp), current: current)
            try body(try view(of: frame.pointee, packet: source), source)
        }
    }

    private func view(of picture: AVFrame, packet: PacketInfo) throws -> I420View {
        guard let descriptor = av_pix_fmt_desc_get(AVPixelFormat(picture.format)) else {
            throw DecodeError(packet, "libavcodec returned a frame of unknown pixel format \(picture.format)")
        }
        let layout = descriptor.pointee
        let format = PictureFormat(
            bitDepth: Int(layout.comp.0.depth), xShift: Int(layout.log2_chroma_w), yShift: Int(layout.log2_chroma_h),
            monochrome: layout.nb_components < 3)
        try format.require8Bit420(packet: packet, codec: codecName.uppercased())
        let planar = picture.format == AV_PIX_FMT_YUV420P.rawValue || picture.format == AV_PIX_FMT_YUVJ420P.rawValue
        guard planar, let y = picture.data.0, let u = picture.data.1, let v = picture.data.2 else {
            let name = av_get_pix_fmt_name(AVPixelFormat(picture.format)).map { String(cString: $0) } ?? "?"
            throw DecodeError(packet, "libavcodec returned a frame in \(name), not planar I420")
        }
        return I420View(
            y: y, u: u, v: v,
            strides: (Int(picture.linesize.0), Int(picture.linesize.1), Int(picture.linesize.2)),
            size: FrameSize(width: Int(picture.width), height: Int(picture.height)))
    }
}
