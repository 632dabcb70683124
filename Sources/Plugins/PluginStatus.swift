import CFrameBenchPlugin
import Converters
import Frames

/// A plug-in converter's return value (`FRAMEBENCH_OK`,
/// `FRAMEBENCH_UNSUPPORTED`, anything else a failure), typed.
public struct PluginStatus: RawRepresentable, Hashable, Sendable {
    /// The C `int` the converter returned.
    public let rawValue: Int32

    /// The status `rawValue`.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `FRAMEBENCH_OK`: the frame was converted.
    public static let ok = PluginStatus(rawValue: Int32(FRAMEBENCH_OK))
    /// `FRAMEBENCH_UNSUPPORTED`: the matrix or orientation is not offered.
    public static let unsupported = PluginStatus(rawValue: Int32(FRAMEBENCH_UNSUPPORTED))

    /// The conversion outcome it stands for: nil for `ok`, `.unsupported`,
    /// or `.failed(status:)` for any other value.
    public var error: ConversionError? {
        switch self {
        case .ok: nil
        case .unsupported: .unsupported
        default: .failed(status: rawValue)
        }
    }
}
