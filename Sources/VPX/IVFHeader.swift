import Frames

/// The 32-byte header at the start of an IVF file.
public struct IVFHeader: Sendable, Equatable {
    /// Format version; only 0 exists.
    public let version: UInt16
    /// Header length in bytes; 32 for every known writer.
    public let headerLength: UInt16
    /// Codec four-character code, e.g. `"VP80"`.
    public let fourcc: String
    /// Frame width the writer declared (not trusted: the codec's own size wins).
    public let width: UInt16
    /// Frame height the writer declared (not trusted).
    public let height: UInt16
    /// Seconds per pts tick: `scale / rate`.
    public let timebase: Timebase
    /// Frame count the writer declared (informative; often 0 or wrong).
    public let declaredFrameCount: UInt32

    /// The four-character codes FrameBench decodes.
    public static let supportedFourCCs: Set<String> = ["VP80"]

    /// Size of the file header in bytes.
    public static let byteCount = 32
}
