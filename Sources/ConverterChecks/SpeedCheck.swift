import Converters
import Foundation
import Frames
import Measurement
import Peers
import Reports

/// The converter's time against libyuv and against the one-thread memory
/// floor, measured interleaved in one run (`ConverterBench`) on frames in
/// the options' layout, upright with the first matrix: medians of per-round paired ratios with their 95 %
/// intervals. A slow converter still passes; one whose whole interval lies
/// below `impossibleFloorRatio` of the floor fails when its bytes on that
/// size's frame are not libyuv's: nothing can convert faster than the
/// floor moves the same bytes, so it did not write them. When they are
/// libyuv's, it wrote them, and the floor is not a floor on this machine:
/// said in the outcome, as the report says it, not failed. Across a
/// process boundary the parent times the worker instead (`WitnessedSpeed`).
enum SpeedCheck {
    /// The least ratio to the floor a converter that writes its output can
    /// have, allowing for the floor's own noise.
    static let impossibleFloorRatio = 0.95

    static func run(_ context: CheckContext) -> CheckFinding {
        guard let matrix = context.options.matrices.first else { return .skipped("no matrix selected") }
        if case .inProcess = context.role {} else { return WitnessedSpeed.run(context, matrix: matrix) }
        var budget = RunBudget()
        budget.seconds = context.options.speedSeconds
        budget.minFrames = 15
        budget.warmupRounds = 2
        var parts: [String] = []
        for size in context.options.speedSizes {
            context.beginCase("\(size) upright \(matrix.name)")
            let isOracle = context.converter.name == ConverterRegistry.oracleName
            let converters = isOracle ? [context.converter] : [context.converter, LibYUVConverter()]
            let samples: [CellSamples]
            do {
                samples = try ConverterBench.measure(
                    converters, size: size, layout: context.options.layout, matrix: matrix, budget: budget)
            } catch {
                if error.error == .unsupported { return .skipped("unsupported upright with \(matrix.name)") }
                return .fail("\(error.error) at \(size) upright \(matrix.name)")
            }
            let result = ConverterBench.summarize(
                samples, size: size, bitExact: [:], threads: ConverterBench.threadsByID(converters, at: size))
            guard let cell = result.cells.first(where: { $0.converter == context.converter.name }) else { continue }
            var figures: [String] = []
            if !isOracle, let ratio = cell.libyuvRatio {
                figures.append(describe(ratio, ConverterRegistry.oracleName))
            }
            if let ratio = cell.floorRatio {
                let below = ratio.upper < impossibleFloorRatio
                if below && !writesLibYUVBytes(context, size: size, matrix: matrix, layout: context.options.layout) {
                    return .fail(
                        "faster than moving its bytes at \(size) upright \(matrix.name) (\(describe(ratio, "floor"))): the output cannot have been written"
                    )
                }
                figures.append(
                    describe(ratio, "floor") + (below ? " (its bytes are libyuv's: that floor is not a floor)" : ""))
            }
            parts.append("\(size): " + figures.joined(separator: ", "))
        }
        return .pass(parts.joined(separator: "; ") + " (time ratios, 95 % intervals)")
    }

    /// Whether the converter's bytes on the first synthetic frame at `size`
    /// in `layout` are libyuv's (within the tolerance, when one is set).
    static func writesLibYUVBytes(
        _ context: CheckContext, size: FrameSize, matrix: ColorMatrix, layout: ChromaLayout
    ) -> Bool {
        let frame = SyntheticFrames.frames(size: size, count: 1, layout: layout)[0]
        let checker = BitExactChecker()
        checker.load(frame.view, matrix: matrix)
        defer { withExtendedLifetime(frame) {} }
        guard let tolerance = context.options.tolerance else { return checker.compare(context.converter) == .equal }
        return (try? checker.deviation(of: context.converter))?.isWithin(tolerance) ?? false
    }

    /// `1.23× libyuv [1.20, 1.26]`.
    static func describe(_ ratio: EntryRatio, _ other: String) -> String {
        String(format: "%.2f× %@ [%.2f, %.2f]", ratio.median, other, ratio.lower, ratio.upper)
    }
}
