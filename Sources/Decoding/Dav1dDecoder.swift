import CDav1d
import Frames

#if canImport(Glibc)
import Glibc
#endif

/// An AV1 decoder over dav1d, VideoLAN's (`libdav1d`).
///
/// Low-latency settings (one frame of delay at most, as a call's receiver
/// runs it), so each temporal unit's frame is normally handed over while
/// its packet is decoded; frames dav1d still holds are handed over by
/// `finish`. Only the highest spatial layer of a scalable stream is
/// shown, film grain is applied, dav1d's log is off, and a frame above
/// `DecoderLimits.maximumPixelCount` pixels is refused by dav1d itself.
public final class Dav1dDecoder: VideoDecoder {
    private var context: OpaquePointer?
    /// Packets sent whose frames have not come out yet, oldest first.
    private var pending: [PacketInfo] = []

    /// Opens a decoder with `threads` threads (1: none).
    /// - Throws: `DecodeError` if dav1d refuses to open.
    public init(threads: Int = 1) throws(DecodeError) {
        var settings = Dav1dSettings()
        dav1d_default_settings(&settings)
        settings.n_threads = Int32(max(1, threads))
        settings.max_frame_delay = 1
        settings.all_layers = 0
        settings.frame_size_limit = UInt32(DecoderLimits.maximumPixelCount)
        settings.logger.callback = nil  // faults come back as errors; dav1d's log would go to stderr
        let status = dav1d_open(&context, &settings)
        guard status == 0, context != nil else {
            throw DecodeError(packet: nil, offset: nil, message: "cannot open dav1d: \(Self.reason(status))")
        }
    }

    deinit { dav1d_close(&context) }

    /// Sends `data` to dav1d, taking every picture it offers meanwhile.
    public func decode(
        _ data: ArraySlice<UInt8>, packet: PacketInfo, _ body: (I420View, PacketInfo) throws -> Void
    ) throws {
        guard !data.isEmpty else { throw DecodeError(packet, "decode failed: empty packet") }
        var input = Dav1dData()
        guard let copy = dav1d_data_create(&input, data.count) else {
            throw DecodeError(packet, "decode failed: dav1d could not allocate \(data.count) bytes")
        }
        defer { dav1d_data_unref(&input) }
        data.withUnsafeBufferPointer { copy.update(from: $0.baseAddress!, count: $0.count) }
        input.m.timestamp = packet.pts
        input.m.offset = Int64(packet.number)
        pending.append(packet)
        var stalls = 0
        repeat {
            let before = input.sz
            let sent = dav1d_send_data(context, &input)
            if sent < 0, sent != framebench_dav1d_again() {
                throw DecodeError(packet, "decode failed: \(Self.reason(sent))")
            }
            let took = try takePicture(packet, body)
            stalls = input.sz == before && !took ? stalls + 1 : 0
            if stalls > 1 { throw DecodeError(packet, "decode failed: dav1d neither took the data nor gave a picture") }
        } while input.sz > 0
        while try takePicture(packet, body) {}
    }

    /// Drains dav1d: hands over every picture it still holds.
    public func finish(_ body: (I420View, PacketInfo) throws -> Void) throws {
        let last = pending.last ?? PacketInfo(number: 0, offset: 0, pts: 0)
        while try takePicture(last, body) {}
    }

    /// Takes one picture if dav1d has one and passes it to `body`.
    /// - Returns: whether there was one.
    private func takePicture(_ current: PacketInfo, _ body: (I420View, PacketInfo) throws -> Void) throws -> Bool {
        var picture = Dav1dPicture()
        let status = dav1d_get_picture(context, &picture)
        if status == framebench_dav1d_again() { return false }
        guard status == 0 else { throw DecodeError(current, "decode failed: \(Self.reason(status))") }
        defer { dav1d_picture_unref(&picture) }
        let source = origin(of: picture, current: current)
        let format = PictureFormat(
            bitDepth: Int(picture.p.bpc), xShift: picture.p.layout == DAV1D_PIXEL_LAYOUT_I444 ? 0 : 1,
            yShift: picture.p.layout == DAV1D_PIXEL_LAYOUT_I420 ? 1 : 0,
            monochrome: picture.p.layout == DAV1D_PIXEL_LAYOUT_I400)
        try format.require8Bit420(packet: source, codec: "AV1")
        guard let y = picture.data.0, let u = picture.data.1, let v = picture.data.2 else {
            throw DecodeError(source, "dav1d returned a picture without planes")
        }
        let chromaStride = Int(picture.stride.1)
        try body(
            I420View(
                y: y.assumingMemoryBound(to: UInt8.self), u: u.assumingMemoryBound(to: UInt8.self),
                v: v.assumingMemoryBound(to: UInt8.self), strides: (Int(picture.stride.0), chromaStride, chromaStride),
                size: FrameSize(width: Int(picture.p.w), height: Int(picture.p.h))),
            source)
        return true
    }

    /// The packet `picture` was decoded from (dav1d carries its number in
    /// the data's offset), dropping it and every earlier one from `pending`.
    private func origin(of picture: Dav1dPicture, current: PacketInfo) -> PacketInfo {
        let number = Int(picture.m.offset)
        let found = pending.last { $0.number == number }
        pending.removeAll { $0.number <= number }
        return found ?? current
    }

    private static func reason(_ status: Int32) -> String {
        "dav1d error \(-status) (\(String(cString: strerror(-status))))"
    }
}
