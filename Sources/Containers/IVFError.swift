/// Why an IVF file could not be read further, and where.
///
/// `description` is one line: what went wrong, which packet (1-based, as
/// in frame file names) and the byte offset in the file.
public struct IVFError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// The file has no bytes at all.
        case emptyFile
        /// Fewer than 32 bytes for the file header.
        case truncatedFileHeader(available: Int)
        /// The first four bytes are not `DKIF`.
        case badSignature
        /// A version other than 0.
        case unsupportedVersion(UInt16)
        /// A header length other than 32.
        case unsupportedHeaderLength(UInt16)
        /// A codec FrameBench does not decode (not a `Codec`).
        case unsupportedFourCC(String)
        /// A timebase rate or scale of 0.
        case invalidTimebase(rate: UInt32, scale: UInt32)
        /// Fewer than 12 bytes for a packet header.
        case truncatedPacketHeader(available: Int)
        /// A packet size larger than the bytes left in the file.
        case truncatedPacket(declared: UInt32, available: Int)
        /// A packet size above `IVFReader.maximumPacketSize`.
        case packetTooLarge(declared: UInt32)
        /// The source failed to give bytes it holds (an I/O error), with
        /// the system's reason.
        case readFailed(reason: String)
    }

    /// What went wrong.
    public let kind: Kind
    /// 1-based index of the packet being read, or nil for the file header.
    public let packet: Int?
    /// Byte offset in the file of the header that could not be read.
    public let offset: Int

    /// Creates an error of `kind` at `offset`, for `packet` (nil: file header).
    public init(_ kind: Kind, packet: Int?, offset: Int) {
        self.kind = kind
        self.packet = packet
        self.offset = offset
    }

    /// One line, e.g. `packet 3 at byte 1204: truncated packet: header says 5000 bytes, 12 remain`.
    public var description: String {
        let place = packet.map { "packet \($0) at byte \(offset)" } ?? "file header at byte \(offset)"
        return "\(place): \(reason)"
    }

    /// The supported fourccs as the message lists them: `VP80, VP90 or AV01`.
    private static let fourCCList: String = {
        let codes = Codec.allCases.map(\.ivfFourCC)
        return codes.dropLast().joined(separator: ", ") + " or " + codes.last!
    }()

    private var reason: String {
        switch kind {
        case .emptyFile: "empty file"
        case .truncatedFileHeader(let n): "truncated file header: \(n) of 32 bytes"
        case .badSignature: "not an IVF file (signature is not DKIF)"
        case .unsupportedVersion(let v): "unsupported IVF version \(v)"
        case .unsupportedHeaderLength(let n): "unsupported IVF header length \(n) (expected 32)"
        case .unsupportedFourCC(let f): "unsupported codec fourcc '\(f)' (expected \(Self.fourCCList))"
        case .invalidTimebase(let rate, let scale): "invalid timebase rate \(rate) scale \(scale)"
        case .truncatedPacketHeader(let n): "truncated packet header: \(n) of 12 bytes"
        case .truncatedPacket(let size, let n): "truncated packet: header says \(size) bytes, \(n) remain"
        case .packetTooLarge(let size): "packet size \(size) exceeds the \(IVFReader.maximumPacketSize)-byte limit"
        case .readFailed(let reason): "cannot read: \(reason)"
        }
    }
}
