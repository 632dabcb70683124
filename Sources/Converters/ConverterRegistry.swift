import Frames
import Peers

/// The converters FrameBench knows, by their command-line names: one table
/// of rows (`ConverterEntry`), from which every list here is derived.
public enum ConverterRegistry {
    /// Every built-in converter, in report order: the exact converters
    /// (the readable reference first, libyuv last), then the variants made
    /// on request, then the peers.
    public static let table: [ConverterEntry] =
        [
            ScalarConverter.entry, LUTConverter.entry, SIMDConverter.entry, SIMDConverter.cachedEntry,
            SIMDConverter.streamingEntry,
        ] + SIMDConverter.levelEntries
        + [ParallelConverter.entry, LibYUVConverter.entry, LibYUVLatestConverter.entry, SwscaleConverter.entry]

    /// The name of the one row with `duty` (`ConverterEntry.Duty`); the
    /// table gives each of the single duties to exactly one row (a test
    /// holds it to that).
    public static func name(of duty: ConverterEntry.Duty) -> String {
        guard let row = table.first(where: { $0.duties.contains(duty) }) else {
            preconditionFailure("no converter has the duty \(duty)")
        }
        return row.name
    }

    /// The names of every row with `duty`, in table order.
    public static func names(with duty: ConverterEntry.Duty) -> [String] {
        table.filter { $0.duties.contains(duty) }.map(\.name)
    }

    /// The oracle (`.oracle`): the converter every other is held to, byte
    /// for byte or within its tolerance, and the one `×libyuv` ratios divide by.
    public static let oracleName = name(of: .oracle)

    /// The readable reference (`.readableReference`), what `×scalar` divides by.
    public static let readableReferenceName = name(of: .readableReference)

    /// The converter used end to end unless another is named (`.streamDefault`).
    public static let streamDefaultName = name(of: .streamDefault)

    /// The exact converters every report, test run and gate uses and holds
    /// to libyuv's bytes, in report order.
    public static let names = table.filter { $0.role == .exact }.map(\.name)

    /// Peers with a tolerance: converters reports, `verify` and the gate
    /// compare with libyuv by their deviation (max |Δ|, share of differing
    /// bytes, PSNR) instead of demanding its bytes, in report order.
    public static let peerNames = table.filter(\.isPeer).map(\.name)

    /// The converters the default report measures: `names`, then the
    /// `peerNames` available on this machine.
    public static var reportNames: [String] { names + peerNames.filter { entry(named: $0)?.isAvailable == true } }

    /// Every name `make` accepts, in report order.
    public static let knownNames = table.map(\.name)

    /// Every name a built-in converter has on some machine: `knownNames`
    /// and the `simd-LEVEL` of every level, also those this machine does
    /// not run (plug-ins may take none of them).
    public static let reservedNames = knownNames + SIMDConverter.levelNames.filter { !knownNames.contains($0) }

    /// The row called `name`, if any.
    public static func entry(named name: String) -> ConverterEntry? {
        table.first { $0.name == name }
    }

    /// The largest |Δ| from libyuv's bytes the peer `name` is expected to
    /// stay within with `matrix`, or nil for a converter that is not a peer.
    public static func tolerance(of name: String, matrix: ColorMatrix) -> Int? {
        entry(named: name)?.tolerance(matrix: matrix)
    }

    /// Whether `name` is a peer with a tolerance rather than an exact converter.
    public static func isPeer(_ name: String) -> Bool { peerNames.contains(name) }

    /// A new instance of the converter called `name` (one of `knownNames`),
    /// or nil if unknown or not available here (`unavailable`). `threads` applies to `parallel` only (nil: active
    /// processor count).
    public static func make(_ name: String, threads: Int? = nil) -> (any FrameConverter)? {
        entry(named: name)?.make(threads)
    }

    /// One instance of every exact converter (`names`), in that order.
    public static func all(threads: Int? = nil) -> [any FrameConverter] {
        names.compactMap { make($0, threads: threads) }
    }
}
