import Frames

/// The converters FrameBench knows, by their command-line names.
public enum ConverterRegistry {
    /// The converters every report, test run and gate uses, in report
    /// order: the reference first, the peer last.
    public static let names = ["scalar", "lut", "simd", "parallel", "libyuv"]

    /// Every name `make` accepts, in report order: `names` plus the SIMD
    /// converter with its store policy fixed (`simd-cached`,
    /// `simd-streaming`), for comparisons on request.
    public static let knownNames = ["scalar", "lut", "simd", "simd-cached", "simd-streaming", "parallel", "libyuv"]

    /// A new instance of the converter called `name` (one of `knownNames`),
    /// or nil if unknown. `threads` applies to `parallel` only (nil: active
    /// processor count).
    public static func make(_ name: String, threads: Int? = nil) -> (any FrameConverter)? {
        switch name {
        case "scalar": ScalarConverter()
        case "lut": LUTConverter()
        case "simd": SIMDConverter()
        case "simd-cached": SIMDConverter(stores: .cached)
        case "simd-streaming": SIMDConverter(stores: .streaming)
        case "parallel": ParallelConverter(inner: SIMDConverter(), threads: threads)
        case "libyuv": LibYUVConverter()
        default: nil
        }
    }

    /// One instance of every converter in `names`, in that order.
    public static func all(threads: Int? = nil) -> [any FrameConverter] {
        names.compactMap { make($0, threads: threads) }
    }
}
