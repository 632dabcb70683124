import Frames

/// The converters FrameBench knows, by their command-line names.
public enum ConverterRegistry {
    /// Every converter's name, in report order: the reference first, the
    /// peer last.
    public static let names = ["scalar", "lut", "simd", "parallel", "libyuv"]

    /// A new instance of the converter called `name`, or nil if unknown.
    /// `threads` applies to `parallel` only (nil: active processor count).
    public static func make(_ name: String, threads: Int? = nil) -> (any FrameConverter)? {
        switch name {
        case "scalar": ScalarConverter()
        case "lut": LUTConverter()
        case "simd": SIMDConverter()
        case "parallel": ParallelConverter(inner: SIMDConverter(), threads: threads)
        case "libyuv": LibYUVConverter()
        default: nil
        }
    }

    /// One instance of every converter, in `names` order.
    public static func all(threads: Int? = nil) -> [any FrameConverter] {
        names.compactMap { make($0, threads: threads) }
    }
}
