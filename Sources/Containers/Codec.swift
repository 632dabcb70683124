/// A video codec FrameBench decodes, as a container names it.
public enum Codec: String, Sendable, CaseIterable, Codable, CustomStringConvertible {
    /// VP8 (RFC 6386), IVF fourcc `VP80`.
    case vp8
    /// VP9, IVF fourcc `VP90`.
    case vp9
    /// AV1, IVF fourcc `AV01`.
    case av1
    /// H.264 (AVC), IVF fourcc `H264`; its packets are Annex B byte streams
    /// (an MP4's length-prefixed samples are rewritten on reading).
    case h264

    /// The codec an IVF header's four-character code names, or nil for
    /// one FrameBench does not decode.
    public init?(ivfFourCC fourcc: String) {
        guard let codec = Self.allCases.first(where: { $0.ivfFourCC == fourcc }) else { return nil }
        self = codec
    }

    /// The four-character code IVF writers put in the file header.
    public var ivfFourCC: String {
        switch self {
        case .vp8: "VP80"
        case .vp9: "VP90"
        case .av1: "AV01"
        case .h264: "H264"
        }
    }

    /// The codec's usual name: `VP8`, `VP9`, `AV1`, `H.264`.
    public var description: String { self == .h264 ? "H.264" : rawValue.uppercased() }
}
