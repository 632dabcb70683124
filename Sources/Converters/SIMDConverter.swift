import Frames
import SIMDRows
import Statistics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pure-Swift SIMD conversion (`SIMDRows`), with the kernel compiled once
/// per instruction-set level and the level chosen at run time.
///
/// The kernel works on 64-pixel blocks of two rows that share chroma (in
/// 512-bit vectors at the AVX-512 levels, as two 32-pixel blocks of 256-bit
/// vectors below it), in 16-bit lanes offset so that no sum wraps (at
/// AVX2, libyuv's signed saturating sums packed to bytes); rows narrower
/// than the level's narrowest in-place row pair (32 pixels at baseline,
/// AVX2's row pairs 16, AVX-512's 2, and single rows 32) go through a block
/// in scratch rows, and the last column of odd widths
/// through the same arithmetic one pixel at a time. It reads only the
/// meaningful bytes of each plane row and writes only
/// `width × 4` bytes of each destination row. Large frames are written
/// with streaming stores (see `SIMDStorePolicy`); with `.automatic`, the
/// upright and mirrored sizes the cache-size rule cannot call are decided by trial
/// (`StoreKindTrials`) where the rows are 64-byte aligned: each converter
/// (and the copies of it) runs its own trials unless it was made with
/// shared ones (the registry's `simd` and `parallel` share
/// `StoreKindTrials.registry`), and bands of a split frame take its
/// decision once there is one, the rule before.
public struct SIMDConverter: DestinationBandConverter {
    /// `"simd"`; `"simd-cached"` or `"simd-streaming"` when made with that
    /// store policy (not when FRAMEBENCH_STORES chose it); `"simd-LEVEL"`
    /// for a row of `levelEntries`.
    public let name: String
    /// The instruction-set level this converter runs.
    public let level: SIMDLevel
    /// `level`'s row of the level table: the kernel it calls.
    private let kernels: SIMDLevelKernels
    /// When it writes with streaming stores.
    public let stores: SIMDStorePolicy
    /// With `.automatic`, the store kinds found by trial for upright and
    /// mirrored frames in `SIMDStorePolicy.trialRange` (shared by copies of this
    /// converter, and by the converters made with the same `trials`); nil
    /// otherwise.
    public let trials: StoreKindTrials?

    /// A converter for `level`, or for the highest supported level below it
    /// when this CPU (or FRAMEBENCH_SIMD) does not allow `level`, so it
    /// never runs instructions the CPU lacks. `stores` nil: the policy
    /// FRAMEBENCH_STORES names, else `.automatic`. With `.automatic`, it
    /// decides by `trials`, which other converters may share (nil: trials
    /// of its own).
    public init(level: SIMDLevel = .best, stores: SIMDStorePolicy? = nil, trials: StoreKindTrials? = nil) {
        self.level = SIMDLevel.supported.last { $0 <= level } ?? .baseline
        kernels = SIMDLevelTable.kernels(for: self.level)
        self.stores = stores ?? SIMDStorePolicy.environmentDefault
        self.trials = self.stores == .automatic ? trials ?? StoreKindTrials() : nil
        name = stores == nil || stores == .automatic ? "simd" : "simd-\(stores!.rawValue)"
    }

    /// Both: the kernel is instantiated per chroma layout
    /// (`InterleavedChromaMatrix` reads NV12's pairs in place).
    public var layouts: [ChromaLayout] { ChromaLayout.allCases }

    /// A converter with a fixed store policy that keeps the name `name`.
    private init(level: SIMDLevel, stores: SIMDStorePolicy, name: String) {
        self.level = level
        kernels = SIMDLevelTable.kernels(for: level)
        self.stores = stores
        trials = stores == .automatic ? StoreKindTrials() : nil
        self.name = name
    }

    /// Converts with the kernel of `level`; see `FrameConverter` for the guarantees.
    public func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        checkSizes(source, destination, orientation)
        // The kernel streams only into 64-byte-aligned rows (`streams(into:)`).
        let rows = 0..<destination.height
        let bytes = destination.stride * destination.height
        guard let trials, SIMDStorePolicy.writesAscendingLines(orientation), SIMDStorePolicy.trialRange.contains(bytes),
            streamingStoresFit(destination)
        else {
            let rule = stores.wantsStreaming(for: destination, orientation: orientation)
            convertOriented(source, to: destination, matrix: matrix, orientation, rows, rule)
            return
        }
        // A first cycle that measures the kinds level keeps ordinary stores,
        // not the rule's kind: a busy phase, when both kinds go to memory,
        // hides the lead ordinary stores take once the destination stays in
        // cache (docs/kernel.md, "A tie goes to ordinary stores").
        let (streaming, timed) = trials.nextKind(forBytes: bytes, into: destination.row(0), prior: false)
        let start = timed ? Clock.monotonic() : 0
        convertOriented(source, to: destination, matrix: matrix, orientation, rows, streaming)
        if timed { trials.record(bytes: bytes, streaming: streaming, nanoseconds: Clock.monotonic() &- start) }
    }

    /// Converts destination rows `rows` in one pass from the source planes
    /// (docs/kernel.md, "Orientations"), choosing the store kind from the
    /// whole `destination`; see `DestinationBandConverter`.
    public func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation,
        rows: Range<Int>
    ) throws(ConversionError) {
        checkSizes(source, destination, orientation, rows: rows)
        let streaming = wantsStreaming(for: destination, orientation: orientation)
        convertOriented(source, to: destination, matrix: matrix, orientation, rows, streaming)
    }

    /// The kernel of `level` on destination rows `rows` (all of them upright:
    /// the upright frame kernel).
    private func convertOriented(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, _ orientation: Orientation,
        _ rows: Range<Int>, _ streaming: Bool
    ) {
        kernels.convert(source, destination, matrix, orientation, rows, streaming)
    }

    /// Whether converting into `destination` in `orientation` uses
    /// streaming stores outside a trial: the policy asks for them at its
    /// size (or, in the trial range, the trial decided for them) and its
    /// rows start 64-byte aligned (which the kernel checks itself). While a
    /// size's trial cycle runs, its conversions take both kinds in turn;
    /// this says what the cache-size rule gives it before the first
    /// decision, and the decision being checked during a check.
    public func streams(into destination: BGRAView, orientation: Orientation = .upright) -> Bool {
        wantsStreaming(for: destination, orientation: orientation) && streamingStoresFit(destination)
    }

    /// The store kind for `destination` in `orientation` outside a trial:
    /// its size's trial decision where there is one, else the policy's rule.
    private func wantsStreaming(for destination: BGRAView, orientation: Orientation) -> Bool {
        if let trials, SIMDStorePolicy.writesAscendingLines(orientation),
            let decision = trials.decision(forBytes: destination.stride * destination.height)
        {
            return decision
        }
        return stores.wantsStreaming(for: destination, orientation: orientation)
    }

    /// With `.automatic`, a converter whose store kind is fixed by the size
    /// of the whole `frame` in `orientation` (its trial's decision, if
    /// any), so that its bands store the way the frame would.
    public func converter(forBandsOf frame: BGRAView, orientation: Orientation) -> any FrameConverter {
        guard stores == .automatic else { return self }
        let streaming = wantsStreaming(for: frame, orientation: orientation)
        return SIMDConverter(level: level, stores: streaming ? .streaming : .cached, name: name)
    }
}

extension SIMDConverter {
    /// Its row of the converter table: exact, every orientation; the
    /// conformance tests check every level this machine runs, with ordinary
    /// and with streaming stores.
    public static let entry = ConverterEntry(
        name: "simd", role: .exact, duties: [.streamDefault, .callComparison, .countedPerLevel],
        make: { _ in SIMDConverter(trials: .registry) },
        conformancePaths: {
            SIMDLevel.supported.flatMap { level in
                [
                    ("simd-\(level.rawValue)", SIMDConverter(level: level, stores: .cached)),
                    ("simd-\(level.rawValue) streaming", SIMDConverter(level: level, stores: .streaming)),
                ]
            }
        })

    /// The row of `simd` with ordinary stores only, made on request.
    public static let cachedEntry = ConverterEntry(name: "simd-cached", role: .variant) { _ in
        SIMDConverter(stores: .cached)
    }

    /// The row of `simd` with streaming stores for every frame, made on request.
    public static let streamingEntry = ConverterEntry(name: "simd-streaming", role: .variant) { _ in
        SIMDConverter(stores: .streaming)
    }

    /// `simd-LEVEL` for every level FrameBench has, whether or not this
    /// machine runs it: names no plug-in may take, so that a report made
    /// anywhere never shows a plug-in under a built-in's name.
    public static let levelNames = SIMDLevel.allCases.map { "simd-\($0.rawValue)" }

    /// A row of `simd` at each level this machine runs (`SIMDLevel.supported`),
    /// named `simd-LEVEL` (`simd-avx512`, ...), made on request, so that one
    /// run measures two levels side by side. A level the CPU or
    /// FRAMEBENCH_SIMD does not allow has no row: it is never run as a
    /// lower level under its name.
    public static let levelEntries: [ConverterEntry] = SIMDLevel.supported.map { level in
        let name = "simd-\(level.rawValue)"
        return ConverterEntry(name: name, role: .variant) { _ in
            SIMDConverter(level: level, stores: .environmentDefault, name: name)
        }
    }
}
