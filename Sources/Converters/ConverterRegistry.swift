import Frames

/// The converters FrameBench knows, by their command-line names.
public enum ConverterRegistry {
    /// The exact converters every report, test run and gate uses and holds
    /// to libyuv's bytes, in report order: the reference first, the peer last.
    public static let names = ["scalar", "lut", "simd", "parallel", "libyuv"]

    /// Peers with a tolerance: converters reports, `verify` and the gate
    /// compare with libyuv by their deviation (max |Δ|, share of differing
    /// bytes, PSNR) instead of demanding its bytes, in report order.
    public static let peerNames = ["swscale"]

    /// The converters the default report measures: `names`, then `peerNames`.
    public static var reportNames: [String] { names + peerNames }

    /// The largest |Δ| from libyuv's bytes a peer is expected to stay within
    /// with `matrix` (the bound observed on random frames, docs/peers.md),
    /// or nil for a converter that is not a peer (exact converters have no
    /// tolerance).
    public static func tolerance(of name: String, matrix: ColorMatrix) -> Int? {
        guard name == "swscale" else { return nil }
        return switch matrix {
        case .bt601: 4
        case .bt601Full: 3
        case .bt709: 16
        case .bt709Full: 2
        case .bt2020: 20
        case .bt2020Full: 4
        }
    }

    /// Whether `name` is a peer with a tolerance rather than an exact converter.
    public static func isPeer(_ name: String) -> Bool { peerNames.contains(name) }

    /// Every name `make` accepts, in report order: `names` plus the SIMD
    /// converter with its store policy fixed (`simd-cached`,
    /// `simd-streaming`), for comparisons on request, then `peerNames`.
    public static let knownNames = [
        "scalar", "lut", "simd", "simd-cached", "simd-streaming", "parallel", "libyuv", "swscale",
    ]

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
        case "swscale": SwscaleConverter()
        default: nil
        }
    }

    /// One instance of every exact converter (`names`), in that order.
    public static func all(threads: Int? = nil) -> [any FrameConverter] {
        names.compactMap { make($0, threads: threads) }
    }
}
