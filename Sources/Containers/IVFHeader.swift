import Frames

/// The 32-byte header at the start of an IVF file.
public struct IVFHeader: Sendable, Equatable {
    /// Format version; only 0 exists.
    public let version: UInt16
    /// Header length in bytes; 32 for every known writer.
    public let headerLength: UInt16
    /// Codec four-character code, e.g. `"VP80"` (see `codec`).
    public let fourcc: String
    /// Frame width the writer declared (not trusted: the codec's own size wins).
    public let width: UInt16
    /// Frame height the writer declared (not trusted).
    public let height: UInt16
    /// Seconds per pts tick: `scale / rate`.
    public let timebase: Timebase
    /// Frame count the writer declared (informative; often 0 or wrong).
    public let declaredFrameCount: UInt32

    /// A header with the given fields (the reader builds these from files;
    /// tests and writers build them directly).
    public init(
        version: UInt16, headerLength: UInt16, fourcc: String, width: UInt16, height: UInt16,
        timebase: Timebase, declaredFrameCount: UInt32
    ) {
        self.version = version
        self.headerLength = headerLength
        self.fourcc = fourcc
        self.width = width
        self.height = height
        self.timebase = timebase
        self.declaredFrameCount = declaredFrameCount
    }

    /// The codec `fourcc` names (the reader refuses headers whose fourcc
    /// names none).
    public var codec: Codec? { Codec(ivfFourCC: fourcc) }

    /// The four-character codes FrameBench decodes, one per `Codec`.
    public static let supportedFourCCs: Set<String> = Set(Codec.allCases.map(\.ivfFourCC))

    /// Size of the file header in bytes.
    public static let byteCount = 32
}
