import Converters
import Frames
import Measurement
import Peers
import Reports
import Statistics

#if canImport(Glibc)
import Glibc
#endif

/// The speed check across a process boundary, timed by the parent: per
/// size, the worker first converts `frameCount` synthetic frames as
/// evidence (the parent compares them with libyuv's). Then, in rounds the
/// parent starts and stops, it converts them again between `span begins`
/// and `span ends` lines, each followed by a `SIGSTOP` of its own, and
/// sends the digests of what it wrote. A span makes as many passes over
/// the frames as give libyuv `leastSpan` of work (the parent's word that
/// starts the round says how many). The parent reads the worker's CPU
/// time from the kernel while it is stopped at each span line, checks
/// every digest against the frames it saw, and times libyuv on the same
/// frames in between: the ratios are the medians of per-round ratios of
/// CPU times and of wall times (the worker's span from the parent's
/// continuing it to its seeing it stop), with their 95 % intervals.
/// Nothing the worker says about time is used.
enum WitnessedSpeed {
    /// Frames converted in each round.
    static let frameCount = 4
    /// Rounds at least, and at most, per size.
    static let rounds = 5...60

    static func run(_ context: CheckContext, matrix: ColorMatrix) -> CheckFinding {
        var parts: [String] = []
        var unsupported = UnsupportedCases()
        for size in context.options.speedSizes {
            let label = "\(size) upright \(matrix.name)"
            let frames = SyntheticFrames.frames(size: size, count: frameCount, layout: context.options.layout)
            let outputs = frames.map { _ in BGRABuffer(size: size) }
            var comparison = OutputComparison(tolerance: context.options.tolerance)
            do {
                let converted = try unsupported.attempt(label, matrix, .upright, in: context) {
                    () throws(ConversionError) in
                    for (frame, output) in zip(frames, outputs) {
                        try context.converter.convert(frame.view, to: output.view, matrix: matrix)
                    }
                }
                guard converted else { return .skipped(unsupported.note(of: [matrix])) }
                if let oracle = context.oracle {
                    let expected = BGRABuffer(size: size)
                    for (index, (frame, output)) in zip(frames, outputs).enumerated() {
                        try oracle.convert(frame.view, to: expected.view, matrix: matrix)
                        if !comparison.compare(output.view, expected.view, at: "\(label), frame \(index)") {
                            return .fail(comparison.failure!)
                        }
                    }
                }
            } catch {
                return .fail("\(error)")
            }
            let shown = outputs.map(EvidenceDigest.of)
            switch context.role {
            case .gatherer(let subject):
                gather(subject, frames: frames, outputs: outputs, matrix: matrix)
            case .judge(let reader):
                switch judge(
                    reader, frames: frames, shown: shown, seconds: context.options.speedSeconds, matrix: matrix)
                {
                case .success(let ratios):
                    parts.append(
                        "\(size): " + SpeedCheck.describe(EntryRatio(ratios.cpu), ConverterRegistry.oracleName)
                            + " CPU, "
                            + SpeedCheck.describe(EntryRatio(ratios.wall), ConverterRegistry.oracleName) + " wall")
                case .failure(let failure): return .fail("\(failure.description) at \(label)")
                }
            case .inProcess:
                return .fail("a witnessed speed check needs a worker")
            }
        }
        return .pass(parts.joined(separator: "; ") + " (timed by the parent, 95 % intervals)")
    }

    /// The worker's rounds, until the parent says stop: outputs cleared,
    /// the frames converted between the span lines, then their digests.
    static func gather(
        _ converter: any FrameConverter, frames: [SourceBuffer], outputs: [BGRABuffer], matrix: ColorMatrix
    ) {
        while let passes = CheckWorker.waitForParent() {
            for output in outputs { output.view.base.update(repeating: 0, count: output.allBytes.count) }
            CheckWorker.send(.spanBegins)
            raise(SIGSTOP)
            for _ in 0..<passes {
                for (frame, output) in zip(frames, outputs) {
                    try? converter.convert(frame.view, to: output.view, matrix: matrix)
                }
            }
            CheckWorker.send(.spanEnds)
            raise(SIGSTOP)
            CheckWorker.send(.digests(outputs.map(EvidenceDigest.of)))
        }
    }

    /// A judged round's failure.
    struct RoundFailure: Error, CustomStringConvertible {
        /// The line to print, without its place.
        let description: String
    }

    /// The parent's rounds: each started, its span timed from outside, its
    /// digests checked against `shown`, then libyuv timed on the same frames.
    static func judge(
        _ reader: EvidenceReader, frames: [SourceBuffer], shown: [String], seconds: Double, matrix: ColorMatrix
    ) -> Result<(cpu: RatioEstimate, wall: RatioEstimate), RoundFailure> {
        let oracle = LibYUVConverter()
        // The same work as the worker's span: each frame into its own
        // output, the outputs cleared beforehand.
        let oracleOutputs = frames.map { BGRABuffer(size: $0.view.size) }
        var ratios: [Double] = []
        var wallRatios: [Double] = []
        let clock = ContinuousClock()
        let start = clock.now
        let passes = self.passes(oracle, frames: frames, outputs: oracleOutputs, matrix: matrix)
        var round = 0
        while round < rounds.lowerBound || (round < rounds.upperBound && clock.now - start < .seconds(seconds)) {
            reader.session.letGo(UInt8(passes))
            guard reader.expect(.spanBegins), let begin = reader.session.waitForStop(), reader.expect(.spanEnds),
                let end = reader.session.waitForStop(), let digests = reader.digests(count: frames.count)
            else {
                reader.markEnded()
                return .failure(RoundFailure(description: "evidence missing"))
            }
            if let index = digests.indices.first(where: { digests[$0] != shown[$0] }) {
                return .failure(
                    RoundFailure(
                        description:
                            "round \(round + 1), frame \(index): its timed output is not the output it showed (the span did not convert the frame)"
                    ))
            }
            let oracleTime = time(oracle, passes: passes, frames: frames, outputs: oracleOutputs, matrix: matrix)
            ratios.append((end.cpuTime - begin.cpuTime) / max(oracleTime.cpu, .nanoseconds(1)))
            wallRatios.append((end.seenAt - begin.continuedAt) / max(oracleTime.wall, .nanoseconds(1)))
            round += 1
        }
        reader.session.letGo(0)
        guard let cpu = RatioEstimate(ratios: ratios), let wall = RatioEstimate(ratios: wallRatios) else {
            return .failure(RoundFailure(description: "no round timed"))
        }
        return .success((cpu, wall))
    }

    /// libyuv's CPU time in this thread and wall time for `passes` passes
    /// over `frames`, each into its own output, cleared beforehand (not
    /// timed): the work of one span.
    static func time(
        _ oracle: LibYUVConverter, passes: Int, frames: [SourceBuffer], outputs: [BGRABuffer], matrix: ColorMatrix
    ) -> (cpu: Duration, wall: Duration) {
        for output in outputs { output.view.base.update(repeating: 0, count: output.allBytes.count) }
        let clock = ContinuousClock()
        let wallBegin = clock.now
        let begin = Statistics.Clock.threadCPU()
        for _ in 0..<passes {
            for (frame, output) in zip(frames, outputs) {
                try? oracle.convert(frame.view, to: output.view, matrix: matrix)
            }
        }
        return (.nanoseconds(Int64(Statistics.Clock.threadCPU() - begin)), clock.now - wallBegin)
    }

    /// libyuv's CPU time a span should last at least, so that the fixed
    /// cost of stopping and continuing the worker around it (tens of
    /// microseconds) stays within a percent or two.
    static let leastSpan = Duration.milliseconds(3)

    /// Passes over the frames (1 to 255) that make a span of libyuv's at
    /// least `leastSpan` long, from one warm pass timed here.
    static func passes(_ oracle: LibYUVConverter, frames: [SourceBuffer], outputs: [BGRABuffer], matrix: ColorMatrix)
        -> Int
    {
        _ = time(oracle, passes: 1, frames: frames, outputs: outputs, matrix: matrix)
        let one = time(oracle, passes: 1, frames: frames, outputs: outputs, matrix: matrix).cpu
        return min(255, max(1, Int((leastSpan / max(one, .nanoseconds(1))).rounded(.up))))
    }
}
