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
    /// within either run widens the interval; `count` is the smaller block
    /// count); nil when `basis` is `median`.
    public let ratio: RatioEstimate?
    /// New/base of the per-frame times, estimated the same way, when `ratio`
    /// rests on ratios to a reference (nil when `basis` is `time`).
    public let timeRatio: RatioEstimate?
    /// New/base of the per-round ratios to the floor, estimated the same
    /// way, when both entries have them (nil otherwise).
    public let floorRatio: RatioEstimate?
    /// The verdict at the comparison's threshold: `ratio`'s, when the
    /// entry's times (`timeRatio`) and its ratios to the floor (`floorRatio`)
    /// give the same one, else `same`; nil when `basis` is `median`.
    public let verdict: Verdict?

    /// New/base of the two medians (for the other bases `ratio` is an
    /// estimate over the samples, which need not equal it).
    public var medianRatio: Double { newMedian / baseMedian }

    /// Whether the entry is compared on its medians alone (`basis` is
    /// `median`): it has no interval and no verdict.
    public var isMedianOnly: Bool { basis == .median }

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
    public static func isReference(_ name: String) -> Bool { EntryName(parsing: name).isReference }

    /// Whether the entry is an end-to-end timing of a stream
    /// (`stream/MODE/FILE/convert`, `latency` or `frame`): its verdict is
    /// shown but never makes a comparison fail. The end-to-end section times
    /// a few frames of each file in a moment, converting straight from
    /// libvpx's planes, and where libvpx's buffers land differs from one
    /// process to the next more than a change of the build would move it
    /// (docs/measurements.md, "Comparing runs"); the synthetic cells can
    /// tell.
    public var isEndToEnd: Bool { EntryName(parsing: name).isEndToEnd }

    /// Whether the entry's verdict decides the comparison: it has one, and
    /// is neither a reference nor an end-to-end timing.
    public var decides: Bool { !isMedianOnly && !isReference && !isEndToEnd }

    /// The smallest difference of per-frame medians, in µs, that can make
    /// an entry faster or slower: one reading of the monotonic clock costs
    /// some 20–30 ns, so a conversion of 0.1 µs is only a few readings long
    /// and a difference below that is the clock's, not the code's.
    public static let resolution = 0.1

    /// The comparison of `new` with `base`: on their medians alone when
    /// either has no samples (it comes from a schema-1 report), else on
    /// their ratios to libyuv when both have them, else on their ratios to
    /// libvpx's decode when both have those, else on their times.
    ///
    /// A ratio to a reference cancels whatever the machine did to both
    /// between the runs, but it also moves when only the reference does:
    /// libyuv's rotation, measured 12 % faster in one process than in
    /// another of the same build, made `scalar`, which did not move, look
    /// 12 % slower. So an entry with ratios is `slower` (`faster`) only when
    /// its times say so too, and its ratios to the floor when both runs have
    /// them: the build's code must have moved against the reference beside
    /// it, against the machine's own memory speed beside it (a run whose
    /// memory was 15 % slower for `simd`, whose streaming stores go to
    /// memory, left libyuv, working in the caches, where it was) and against
    /// its own earlier time. Each verdict is `same` when the samples are
    /// too few for a 95 % interval or the medians differ by less than
    /// `resolution`.
    /// - Precondition: both entries have the same name; `threshold >= 0`.
    public init(base: ReportEntry, new: ReportEntry, threshold: Double) {
        precondition(base.name == new.name, "comparing \(new.name) with \(base.name)")
        guard !base.samples.isEmpty && !new.samples.isEmpty else {
            self.init(
                name: base.name, basis: .median, baseMedian: base.median, newMedian: new.median, ratio: nil,
                verdict: nil)
            return
        }
        let resolved = abs(new.median - base.median) >= Self.resolution
        /// The verdict of one estimate: `same` unless conclusive and resolved.
        func verdict(of estimate: (ratio: RatioEstimate, conclusive: Bool)) -> Verdict {
            resolved && estimate.conclusive ? Verdict(estimate.ratio, threshold: threshold) : .same
        }
        let time = Self.estimate(new.samples, over: base.samples)
        let timeVerdict = verdict(of: time)
        let references: (ComparisonBasis, [Double], [Double])?
        if let baseRatios = base.ratiosToLibyuv, let newRatios = new.ratiosToLibyuv {
            references = (.ratioToLibyuv, newRatios, baseRatios)
        } else if let baseRatios = base.ratiosToDecode, let newRatios = new.ratiosToDecode {
            references = (.ratioToDecode, newRatios, baseRatios)
        } else {
            references = nil
        }
        guard let references else {
            self.init(
                name: base.name, basis: .time, baseMedian: base.median, newMedian: new.median, ratio: time.ratio,
                timeRatio: nil, verdict: timeVerdict)
            return
        }
        let (basis, newRatios, baseRatios) = references
        let relative = Self.estimate(newRatios, over: baseRatios)
        let relativeVerdict = verdict(of: relative)
        var floor: (ratio: RatioEstimate, conclusive: Bool)?
        if let baseFloor = base.ratiosToFloor, let newFloor = new.ratiosToFloor {
            floor = Self.estimate(newFloor, over: baseFloor)
        }
        let floorVerdict = floor.map(verdict(of:)) ?? relativeVerdict
        self.init(
            name: base.name, basis: basis, baseMedian: base.median, newMedian: new.median, ratio: relative.ratio,
            timeRatio: time.ratio, floorRatio: floor?.ratio,
            verdict: relativeVerdict == timeVerdict && relativeVerdict == floorVerdict ? relativeVerdict : .same)
    }

    /// New/base of two series (`ShiftEstimate` over their `BlockMedians`,
    /// so drift within either run widens the interval instead of hiding in
    /// it), and whether the blocks are enough for a 95 % interval.
    static func estimate(_ new: [Double], over base: [Double]) -> (ratio: RatioEstimate, conclusive: Bool) {
        let newBlocks = BlockMedians.of(new)
        let baseBlocks = BlockMedians.of(base)
        // Entries hold at least one value each, all positive and finite, so an estimate exists.
        let ratio = ShiftEstimate.ratio(of: newBlocks, to: baseBlocks)!
        return (ratio, ShiftInterval.reachesConfidence(newCount: newBlocks.count, baseCount: baseBlocks.count))
    }

    /// A comparison with the given figures.
    /// - Precondition: `ratio` and `verdict` are nil exactly when `basis`
    ///   is `median`.
    public init(
        name: String, basis: ComparisonBasis, baseMedian: Double, newMedian: Double, ratio: RatioEstimate?,
        timeRatio: RatioEstimate? = nil, floorRatio: RatioEstimate? = nil, verdict: Verdict?
    ) {
        precondition(
            (ratio == nil) == (basis == .median) && (verdict == nil) == (basis == .median),
            "an interval and a verdict without samples, or samples without them")
        self.name = name
        self.basis = basis
        self.baseMedian = baseMedian
        self.newMedian = newMedian
        self.ratio = ratio
        self.timeRatio = timeRatio
        self.floorRatio = floorRatio
        self.verdict = verdict
    }
}
