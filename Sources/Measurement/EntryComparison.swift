import Statistics

/// One entry present in both runs, compared.
public struct EntryComparison: Sendable, Equatable {
    /// The entry's name.
    public let name: String
    /// Which samples the ratio rests on.
    public let basis: ComparisonBasis
    /// The base run's median per-frame wall time, µs.
    public let baseMedian: Double
    /// The new run's median per-frame wall time, µs.
    public let newMedian: Double
    /// New/base with its 95 % interval (`ShiftEstimate` over the
    /// `BlockMedians` of the basis's samples in measurement order, so drift
    /// within either run widens the interval; `count` is the smaller block count).
    public let ratio: RatioEstimate
    /// The verdict on `ratio` at the comparison's threshold.
    public let verdict: Verdict

    /// Whether the entry is a reference (see `isReference(_:)`): its
    /// verdict is shown but never makes a comparison fail.
    public var isReference: Bool { Self.isReference(name) }

    /// Whether `name` is a reference's: a measurement of the machine or of
    /// the code the build's entries are measured against, not of the
    /// build's own code. These are the memory floors (`convert/floor/…`,
    /// `convert/floor:Nthreads/…`), libyuv's conversions (`convert/libyuv/…`)
    /// and libvpx's decodes (`stream/MODE/FILE/decode`). Their times can
    /// only be compared as times, so they carry whatever the machine did
    /// between the runs; the build's entries are compared on ratios to
    /// them.
    public static func isReference(_ name: String) -> Bool {
        let parts = name.split(separator: "/")
        guard parts.count >= 2 else { return false }
        switch parts[0] {
        case "convert":
            return parts[1] == Contender.floorLabel || parts[1].hasPrefix(Contender.floorLabel + ":")
                || parts[1] == Contender.referenceLabel
        case "stream":
            return parts.count == 4 && parts[3] == "decode"
        default:
            return false
        }
    }

    /// The smallest difference of per-frame medians, in µs, that can make
    /// an entry faster or slower: one reading of the monotonic clock costs
    /// some 20–30 ns, so a conversion of 0.1 µs is only a few readings long
    /// and a difference below that is the clock's, not the code's.
    public static let resolution = 0.1

    /// The comparison of `new` with `base`: on their ratios to libyuv when
    /// both have them, else on their ratios to libvpx's decode when both
    /// have those, else on their times. Its verdict is `same` when the
    /// samples are too few for a 95 % interval or the medians differ by less
    /// than `resolution`.
    /// - Precondition: both entries have the same name; `threshold >= 0`.
    public init(base: BenchmarkEntry, new: BenchmarkEntry, threshold: Double) {
        precondition(base.name == new.name, "comparing \(new.name) with \(base.name)")
        let basis: ComparisonBasis
        let newValues: [Double]
        let baseValues: [Double]
        if let baseRatios = base.ratiosToLibyuv, let newRatios = new.ratiosToLibyuv {
            (basis, newValues, baseValues) = (.ratioToLibyuv, newRatios, baseRatios)
        } else if let baseRatios = base.ratiosToDecode, let newRatios = new.ratiosToDecode {
            (basis, newValues, baseValues) = (.ratioToDecode, newRatios, baseRatios)
        } else {
            (basis, newValues, baseValues) = (.time, new.samples, base.samples)
        }
        // Entries hold at least one value each, all positive and finite, so an estimate exists.
        // Block medians: drift within a run widens the interval instead of hiding in it.
        let newBlocks = BlockMedians.of(newValues)
        let baseBlocks = BlockMedians.of(baseValues)
        let estimate = ShiftEstimate.ratio(of: newBlocks, to: baseBlocks)!
        // Too few samples for a 95 % interval, or a difference the clock does
        // not resolve, decides nothing.
        let conclusive =
            ShiftInterval.reachesConfidence(newCount: newBlocks.count, baseCount: baseBlocks.count)
            && abs(new.median - base.median) >= Self.resolution
        self.init(
            name: base.name, basis: basis, baseMedian: base.median, newMedian: new.median, ratio: estimate,
            verdict: conclusive ? Verdict(estimate, threshold: threshold) : .same)
    }

    /// A comparison with the given figures.
    public init(
        name: String, basis: ComparisonBasis, baseMedian: Double, newMedian: Double, ratio: RatioEstimate,
        verdict: Verdict
    ) {
        self.name = name
        self.basis = basis
        self.baseMedian = baseMedian
        self.newMedian = newMedian
        self.ratio = ratio
        self.verdict = verdict
    }
}
