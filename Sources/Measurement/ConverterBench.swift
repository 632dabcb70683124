import Conformance
import Converters
import Frames
import Reports
import Statistics

/// The synthetic-frame section: every converter and the memory floors at
/// each size, interleaved, with ratios to libyuv and to the floor, and a
/// bit-exactness check against libyuv on the same frames (for the peers
/// with a tolerance, their deviation from libyuv instead). A cell's frames,
/// floors and bit-exactness are all in the cell's layout: libyuv converts
/// NV12 itself (`NV12ToARGBMatrix`, `NV12ToI420Rotate`).
public enum ConverterBench {
    /// Distinct synthetic frames cycled through at each size.
    public static let distinctFrames = 3

    /// The contenders at `size`: every converter, the one-thread floor, and
    /// a floor on as many threads as each converter that splits this size uses.
    public static func contenders(_ converters: [any FrameConverter], at size: FrameSize) -> [Contender] {
        let threadCounts = Set(converters.map { Contender.threads(of: $0, at: size) }).subtracting([1]).sorted()
        return converters.map { Contender.converter($0) } + [.floor()]
            + threadCounts.map { Contender.floor(threads: $0) }
    }

    /// Measures `converters` (libyuv must be among them) in every cell of
    /// `cells`. A converter that refuses or fails a cell is left out of it
    /// (`CellResults.excluded`) and the cell is measured without it. In an
    /// oriented cell each converter is also measured upright, round by
    /// round beside itself (`CellResults.uprightSamples`), when
    /// `uprightTwins` is set. With a `deadline` (a `Clock.monotonic()`
    /// instant), each cell measures for at most an equal share of the time
    /// left to it among the cells still to come (and `budget.seconds`), so
    /// time a fast cell leaves goes to the later ones; `budget.minFrames`
    /// are measured even after it. `progress(text)` receives a short status
    /// for the progress line.
    public static func run(
        converters: [any FrameConverter], cells: [SyntheticCell], matrix: ColorMatrix, budget: RunBudget,
        deadline: UInt64? = nil, uprightTwins: Bool = false, progress: (String) -> Void
    ) -> [CellResults] {
        precondition(converters.contains { $0.name == ConverterRegistry.oracleName }, "libyuv is the reference")
        return cells.enumerated().map { index, cell in
            progress("synthetic \(cell): preparing frames")
            var cellBudget = budget
            if let deadline {
                let left = Double(deadline &- min(Clock.monotonic(), deadline)) / 1e9
                cellBudget.seconds = share(of: left, cellsLeft: cells.count - index, atMost: budget.seconds)
            }
            let (allSamples, excluded, measured) = measureSupported(
                converters, cell: cell, matrix: matrix, budget: cellBudget, uprightTwins: uprightTwins
            ) { done, planned in
                progress("synthetic \(cell): frame \(done) of ~\(planned)")
            }
            var samples: [CellSamples] = []
            var twins: [(String, [Double])] = []
            for sample in allSamples {
                if case .upright(let name) = sample.id {
                    twins.append((name, sample.wall))
                } else {
                    samples.append(sample)
                }
            }
            progress("synthetic \(cell): checking bit-exactness")
            let frames = SyntheticFrames.frames(size: cell.size, count: distinctFrames, layout: cell.layout)
            let peers = measured.filter { ConverterRegistry.isPeer($0.name) }
            let exact = bitExactness(
                measured.filter { !ConverterRegistry.isPeer($0.name) }, frames: frames, matrix: matrix,
                orientation: cell.orientation)
            var result = summarize(
                samples, size: cell.size, orientation: cell.orientation, layout: cell.layout, bitExact: exact,
                deviations: deviations(peers, frames: frames, matrix: matrix, orientation: cell.orientation),
                threads: threadsByID(measured, at: cell.size))
            result.excluded = excluded
            result.floorAlone = floorAlone(frames[0])
            result.uprightSamples = Dictionary(twins) { first, _ in first }
            return result
        }
    }

    /// The seconds a cell may measure for when `left` seconds remain to a
    /// deadline for it and `cellsLeft - 1` cells after it: an equal share,
    /// at most `limit`.
    /// - Precondition: `cellsLeft > 0`.
    static func share(of left: Double, cellsLeft: Int, atMost limit: Double) -> Double {
        precondition(cellsLeft > 0, "no cell left")
        return min(limit, max(left, 0) / Double(cellsLeft))
    }

    /// One interleaved measurement of those of `converters` that convert
    /// `cell`, and their floors: a converter that refuses or fails a
    /// conversion is left out and the cell measured again without it.
    /// Returns the samples, the converters left out (in the order they
    /// failed) and those measured.
    public static func measureSupported(
        _ converters: [any FrameConverter], cell: SyntheticCell, matrix: ColorMatrix, budget: RunBudget,
        uprightTwins: Bool = false, progress: (Int, Int) -> Void = { _, _ in }
    ) -> (samples: [CellSamples], excluded: [ContenderFailure], measured: [any FrameConverter]) {
        var remaining = converters
        var excluded: [ContenderFailure] = []
        while true {
            do throws(ContenderFailure) {
                let samples = try measure(
                    remaining, size: cell.size, orientation: cell.orientation, layout: cell.layout, matrix: matrix,
                    budget: budget, uprightTwins: uprightTwins, progress: progress)
                return (samples, excluded, remaining)
            } catch {
                excluded.append(error)
                remaining.removeAll { $0.name == error.id.converterName }
            }
        }
    }

    /// The one-thread floor's pass on `frame` measured alone, back to back
    /// on the same buffers as `scripts/floor-probe.c` measures it: per
    /// method, the median of `passes` passes timed one by one after an
    /// untimed one, in µs.
    public static func floorAlone(_ frame: SourceBuffer, passes: Int = 201) -> [FloorMethod: Double] {
        let floor = MemoryFloor(size: frame.size)
        let output = BGRABuffer(alignedRowsOf: frame.size)
        var result: [FloorMethod: Double] = [:]
        for kind in FloorMethod.allCases {
            floor.method = kind
            floor.run(frame.view, to: output.view)
            let times = (0..<passes).map { _ in
                let t0 = Clock.monotonic()
                floor.run(frame.view, to: output.view)
                return Double(Clock.monotonic() &- t0) / 1000
            }
            result[kind] = Percentile.median(times)
        }
        return result
    }

    /// One interleaved measurement of `converters` and their floors at `size`
    /// on the synthetic frames in `layout`, the converters converting into `orientation`;
    /// with `uprightTwins` and an `orientation` other than upright, each
    /// converter's `UprightTwin` too (labelled `NAME@upright`).
    /// - Throws: `ContenderFailure` for the first converter that refuses or
    ///   fails (a twin's failure is its converter's).
    public static func measure(
        _ converters: [any FrameConverter], size: FrameSize, orientation: Orientation = .upright,
        layout: ChromaLayout = .i420, matrix: ColorMatrix, budget: RunBudget, uprightTwins: Bool = false,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws(ContenderFailure) -> [CellSamples] {
        let twins =
            uprightTwins && orientation != .upright
            ? converters.map { Contender.converter(UprightTwin(base: $0), id: .upright($0.name)) } : []
        let contenders = contenders(converters, at: size) + twins
        let frames = SyntheticFrames.frames(size: size, count: distinctFrames, layout: layout)
        let outputs = contenders.map { contender in
            let upright: Bool
            if case .upright = contender.id { upright = true } else { upright = contender.isFloor }
            return BGRABuffer(alignedRowsOf: upright ? size : orientation.orientedSize(of: size))
        }
        do {
            return try InterleavedRun.measure(
                contenders, frames: frames, outputs: outputs, matrix: matrix, orientation: orientation,
                budget: budget, progress: progress)
        } catch {
            guard case .upright(let name) = error.id else { throw error }
            throw ContenderFailure(id: .converter(name), error: error.error)
        }
    }

    /// The threads each converter uses at `size`.
    public static func threadsByID(_ converters: [any FrameConverter], at size: FrameSize) -> [ContenderID: Int] {
        Dictionary(converters.map { (.converter($0.name), Contender.threads(of: $0, at: size)) }) { first, _ in first }
    }

    /// Turns samples into the cell's report entries (`convert/C/WxH...`,
    /// times in µs, every sample kept): distributions, paired ratios (with
    /// their intervals) against the `libyuv`, floor and `scalar` samples
    /// when present, the fastest peer, and bit-exactness and peers'
    /// deviations by name. A contender on `threads[id]` threads (default 1)
    /// is held to `floor(threads:in:)`. The cells are those of `size` in
    /// `layout` and `orientation`; a contender without samples has no entry.
    public static func summarize(
        _ samples: [CellSamples], size: FrameSize, orientation: Orientation = .upright, layout: ChromaLayout = .i420,
        bitExact: [String: Bool],
        deviations: [String: Deviation] = [:],
        threads: [ContenderID: Int] = [:]
    ) -> CellResults {
        let byID = Dictionary(samples.map { ($0.id, $0) }) { first, _ in first }
        let reference = byID[.converter(ConverterRegistry.oracleName)]
        let scalar = byID[.converter(ConverterRegistry.readableReferenceName)]
        let bestPeer = Self.bestPeer(among: samples)
        let cell = SyntheticCell(size: size, orientation: orientation, layout: layout)
        let measured = samples.filter { !$0.wall.isEmpty && !$0.cpu.isEmpty }
        let entries = measured.map { sample -> ReportEntry in
            let (floorLabel, floor) = Self.floor(threads: threads[sample.id] ?? 1, in: byID)
            let name = sample.id.converterName
            var entry = ReportEntry(cell: cell, contender: sample.label, wall: sample.wall, cpu: sample.cpu)
            if let reference {
                if sample.id != reference.id {
                    entry.ratioSamplesToLibyuv = PairedRatios.of(sample.wall, over: reference.wall)
                }
                (entry.ratioToLibyuv, entry.ratioToLibyuvInterval) = ReportEntry.figures(
                    RatioEstimate(paired: sample.wall, over: reference.wall))
                (entry.cpuRatioToLibyuv, entry.cpuRatioToLibyuvInterval) = ReportEntry.figures(
                    RatioEstimate(paired: sample.cpu, over: reference.cpu))
            }
            entry.floor = floorLabel
            if let floor {
                if !sample.id.isFloor { entry.ratioSamplesToFloor = PairedRatios.of(sample.wall, over: floor) }
                (entry.ratioToFloor, entry.ratioToFloorInterval) = ReportEntry.figures(
                    RatioEstimate(paired: sample.wall, over: floor))
            }
            (entry.ratioToScalar, entry.ratioToScalarInterval) = ReportEntry.figures(
                scalar.flatMap { RatioEstimate(paired: sample.wall, over: $0.wall) })
            entry.floorMethod = sample.floorMethod?.description
            if let bestPeer, !sample.id.isFloor {
                entry.bestPeer = bestPeer.id.converterName
                (entry.ratioToBestPeer, entry.ratioToBestPeerInterval) = ReportEntry.figures(
                    RatioEstimate(paired: sample.wall, over: bestPeer.wall))
            }
            entry.bitExact = name.flatMap { bitExact[$0] }
            entry.deviation = name.flatMap { deviations[$0] }.map { ReportDeviation($0) }
            return entry
        }
        return CellResults(
            size: size, orientation: orientation, layout: layout, rounds: samples.first?.wall.count ?? 0,
            samples: measured, cells: entries)
    }

    /// The peer with the lowest median time among `samples`: libyuv (the
    /// oracle, Debian's build) or a converter the table calls a peer.
    static func bestPeer(among samples: [CellSamples]) -> CellSamples? {
        CellSamples.fastest(
            of: samples.filter { sample in
                guard case .converter(let name) = sample.id else { return false }
                return name == ConverterRegistry.oracleName || ConverterRegistry.isPeer(name)
            })
    }

    /// The floor a contender using `threads` threads is held to, and its
    /// label: the one-thread floor for one thread; for more, round by
    /// round the faster of the one-thread floor and the floor on that many
    /// threads (moving the bytes on one core is also a way to move them, and
    /// on a 2-core VM often the faster one: the bands' cache lines travel
    /// between the cores). Nil samples when no floor was measured.
    static func floor(threads: Int, in byID: [ContenderID: CellSamples]) -> (label: String, samples: [Double]?) {
        let single = byID[.floor(threads: 1)]?.wall
        let threadedLabel = Contender.floorLabel(threads: threads)
        guard threads > 1, let threaded = byID[.floor(threads: threads)]?.wall else {
            return (Contender.floorLabel, single)
        }
        guard let single else { return (threadedLabel, threaded) }
        return ("best of \(Contender.floorLabel), \(threadedLabel)", zip(single, threaded).map { min($0, $1) })
    }

    /// For each converter, whether it matches libyuv on every frame of
    /// `frames` (in their layout: libyuv converts NV12 itself) converted
    /// into `orientation`. A converter that refuses the orientation or the
    /// layout (`.unsupported`) has no entry; one that fails is `false`.
    public static func bitExactness(
        _ converters: [any FrameConverter], frames: [SourceBuffer], matrix: ColorMatrix,
        orientation: Orientation = .upright
    ) -> [String: Bool] {
        findings(converters, frames: frames, matrix: matrix, orientation: orientation, initial: true) {
            let outcome = $0.compare($1)
            return outcome == .refused(.unsupported) ? nil : outcome == .equal
        } combine: {
            $0 = $0 && $1
        }
    }

    /// For each converter, its deviation from libyuv over every frame of
    /// `frames` (a converter that throws on a frame gets none).
    public static func deviations(
        _ converters: [any FrameConverter], frames: [SourceBuffer], matrix: ColorMatrix,
        orientation: Orientation = .upright
    ) -> [String: Deviation] {
        findings(converters, frames: frames, matrix: matrix, orientation: orientation, initial: Deviation()) {
            try? $0.deviation(of: $1)
        } combine: {
            $0.add($1)
        }
    }

    /// For each converter, what `measure` finds on every frame of `frames`
    /// (loaded in turn into one checker), folded into `initial` by
    /// `combine`. A converter for which `measure` finds nothing (it refused
    /// the frame) has no entry and is asked nothing more.
    private static func findings<Finding>(
        _ converters: [any FrameConverter], frames: [SourceBuffer], matrix: ColorMatrix, orientation: Orientation,
        initial: Finding, measure: (BitExactChecker, any FrameConverter) -> Finding?,
        combine: (inout Finding, Finding) -> Void
    ) -> [String: Finding] {
        let checker = BitExactChecker()
        var result: [String: Finding] = [:]
        var refused: Set<String> = []
        for frame in frames {
            checker.load(frame.view, matrix: matrix, orientation: orientation)
            for converter in converters where !refused.contains(converter.name) {
                guard let finding = measure(checker, converter) else {
                    refused.insert(converter.name)
                    result[converter.name] = nil
                    continue
                }
                combine(&result[converter.name, default: initial], finding)
            }
        }
        return result
    }
}
