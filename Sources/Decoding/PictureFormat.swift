/// The sample format of a decoded picture: what FrameBench checks before
/// it hands planes to a converter, which reads 8-bit 4:2:0 only.
public struct PictureFormat: Sendable, Equatable, CustomStringConvertible {
    /// Bits per sample: 8, 10 or 12.
    public let bitDepth: Int
    /// Chroma subsampling as `J:a:b`: `4:2:0`, `4:2:2`, `4:4:4` or
    /// `4:0:0` (monochrome).
    public let chroma: String

    /// A format of `bitDepth` bits with `chroma` subsampling.
    public init(bitDepth: Int, chroma: String) {
        self.bitDepth = bitDepth
        self.chroma = chroma
    }

    /// The format of a picture whose chroma planes are shifted right by
    /// `xShift` and `yShift` against luma (monochrome when `monochrome`).
    public init(bitDepth: Int, xShift: Int, yShift: Int, monochrome: Bool = false) {
        let chroma: String
        switch (monochrome, xShift, yShift) {
        case (true, _, _): chroma = "4:0:0"
        case (false, 1, 1): chroma = "4:2:0"
        case (false, 1, 0): chroma = "4:2:2"
        case (false, 0, 0): chroma = "4:4:4"
        default: chroma = "4:4:0"
        }
        self.init(bitDepth: bitDepth, chroma: chroma)
    }

    /// 8-bit 4:2:0, the one format FrameBench converts.
    public static let i420 = PictureFormat(bitDepth: 8, chroma: "4:2:0")

    /// `10-bit 4:2:0`.
    public var description: String { "\(bitDepth)-bit \(chroma)" }

    /// Throws `UnsupportedFormatError` unless this is `.i420`.
    public func require8Bit420(packet: PacketInfo, codec: String) throws(UnsupportedFormatError) {
        guard self != .i420 else { return }
        throw UnsupportedFormatError(packet: packet, codec: codec, format: self)
    }
}

/// A decoder's refusal of a frame that is not 8-bit 4:2:0: the packet that
/// showed it, the codec and the frame's format. `FrameReader` turns it into
/// a `DecodeError` that also names the shown frame.
public struct UnsupportedFormatError: Error, CustomStringConvertible {
    /// The packet that showed the frame.
    public let packet: PacketInfo
    /// The codec's name: `VP9`, `AV1`.
    public let codec: String
    /// The frame's format.
    public let format: PictureFormat

    /// `the stream is VP9 10-bit 4:2:0, which FrameBench does not convert (it converts 8-bit 4:2:0)`.
    public var description: String {
        "the stream is \(codec) \(format), which FrameBench does not convert (it converts 8-bit 4:2:0)"
    }

    /// The refusal as a `DecodeError` at its packet, naming `frame` (1-based shown frame).
    public func decodeError(frame: Int) -> DecodeError {
        DecodeError(packet, "frame \(frame): \(description)")
    }
}
