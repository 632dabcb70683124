import COpenH264
import Frames

/// An H.264 decoder over Cisco's OpenH264, the one WebRTC ships: FrameBench's
/// witness held against libavcodec's H.264 decoder, on the streams it
/// decodes (constrained baseline, as calls send; see
/// `DecoderEntry.witnesses(_:)`).
///
/// Packets are Annex B access units. Error concealment is off, so a
/// damaged picture is refused instead of guessed. A picture comes out of
/// the call that completes it, carrying its packet's number as OpenH264's
/// timestamp; pictures held for reordering come out of `finish`.
public final class OpenH264Decoder: VideoDecoder {
    private let decoder: UnsafeMutablePointer<ISVCDecoder?>
    /// Packets sent whose pictures have not come out yet, oldest first.
    private var pending = ReorderedPackets()

    /// Opens a decoder (OpenH264 decodes on the calling thread).
    /// - Throws: `DecodeError` when OpenH264 cannot create or initialise one.
    public init() throws(DecodeError) {
        guard let opened = framebench_openh264_open() else {
            throw DecodeError(packet: nil, offset: nil, message: "cannot initialise OpenH264")
        }
        decoder = opened
    }

    deinit { framebench_openh264_close(decoder) }

    /// Decodes one access unit; empty data is refused.
    public func decode(
        _ data: ArraySlice<UInt8>, packet: PacketInfo, _ body: (I420View, PacketInfo) throws -> Void
    ) throws {
        guard !data.isEmpty else { throw DecodeError(packet, "decode failed: empty packet") }
        guard data.count <= Int(Int32.max) else { throw DecodeError(packet, "decode failed: packet too large") }
        pending.append(packet)
        var info = SBufferInfo()
        let state = data.withUnsafeBufferPointer {
            framebench_openh264_decode(decoder, $0.baseAddress, Int32($0.count), UInt64(packet.number), &info)
        }
        guard state == 0 else { throw DecodeError(packet, "decode failed: OpenH264 state \(describe(state))") }
        try hand(info, current: packet, body)
    }

    /// Takes the pictures OpenH264 still holds.
    public func finish(_ body: (I420View, PacketInfo) throws -> Void) throws {
        let last = pending.last
        var remaining = framebench_openh264_end(decoder)
        while remaining > 0 {
            remaining -= 1
            var info = SBufferInfo()
            let state = framebench_openh264_flush(decoder, &info)
            guard state == 0 else {
                throw DecodeError(last, "decode failed at the end: OpenH264 state \(describe(state))")
            }
            try hand(info, current: last, body)
        }
    }

    private func hand(_ info: SBufferInfo, current: PacketInfo, _ body: (I420View, PacketInfo) throws -> Void) throws {
        guard info.iBufferStatus == 1 else { return }
        let origin = pending.origin(of: Int(exactly: info.uiOutYuvTimeStamp), current: current)
        let buffer = info.UsrData.sSystemBuffer
        let size = FrameSize(width: Int(buffer.iWidth), height: Int(buffer.iHeight))
        guard size.width >= 1, size.height >= 1, size.pixelCount <= DecoderLimits.maximumPixelCount else {
            throw DecodeError(
                origin, "OpenH264 returned a \(size) picture, outside 1 to \(DecoderLimits.maximumPixelCount) pixels")
        }
        guard buffer.iFormat == Int32(videoFormatI420.rawValue), let y = info.pDst.0, let u = info.pDst.1,
            let v = info.pDst.2
        else { throw DecodeError(origin, "OpenH264 returned a picture in format \(buffer.iFormat), not I420") }
        let strides = (Int(buffer.iStride.0), Int(buffer.iStride.1), Int(buffer.iStride.1))
        try body(I420View(y: y, u: u, v: v, strides: strides, size: size), origin)
    }

    private func describe(_ state: Int32) -> String {
        "0x" + String(state, radix: 16)
    }
}
