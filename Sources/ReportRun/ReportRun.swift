import Containers
import Converters
import Foundation
import Frames
import Measurement
import Peers
import Presentation
import Reports
import Statistics
import Streams

/// One report run, as `bench` (or any other tool) measures it: the
/// synthetic cells through every converter and the floors, the vectors end
/// to end, the scaling and presentation sections.
public enum ReportRun {
    /// Runs every section `plan` asks for, the synthetic cells last so that
    /// they can share what is left of `plan.deadline`: `announce` hears the
    /// lines the report prints before its tables (the machine, the parallel
    /// converter's crossover), `progress` what it is measuring now.
    /// - Throws: what `Scaling.run` throws.
    public static func measure(
        _ plan: ReportPlan, announce: (String) -> Void = { _ in }, progress: @escaping (String) -> Void = { _ in }
    ) throws -> Report {
        let start = Clock.monotonic()
        let date = ReportContext.date(Date())
        let machine = MachineInfo.current()
        announce(machine.line)
        let builtIn = plan.converters.compactMap { ConverterRegistry.make($0, threads: plan.threads) }
        let converters = withPlugins(builtIn, plan.pluginConverters)
        let peerBuilds = ReportContext.PeerBuild.libyuvBuilds(measured: Set(converters.map(\.name)))
        let parallel = converters.lazy.compactMap { $0 as? ParallelConverter }.first
        if let parallel {
            announce(
                "parallel: \(parallel.threads) threads, one thread below "
                    + "\(parallel.minimumParallelPixels) pixels (crossover it measured when made, with the other cores asleep)"
            )
        }
        let files = VectorFiles.expand(plan.vectors)
        let streamConverter =
            ConverterRegistry.make(plan.streamConverter, threads: plan.threads) ?? LibYUVConverter()
        var serial: [StreamRun] = []
        var pipelined: [StreamRun] = []
        for (number, file) in files.enumerated() {
            progress("end to end \(number + 1)/\(files.count): \(VectorFiles.fileName(file.path))")
            let (one, two) = streamPasses(file, converter: streamConverter, plan: plan)
            serial.append(one)
            if let two { pipelined.append(two) }
        }
        var scaling: [CellResults] = []
        if plan.scaling {
            var budget = plan.budget
            budget.seconds = min(budget.seconds, 2)
            scaling = try Scaling.run(
                sizes: plan.sizes, threads: Scaling.threadCounts(cores: machine.cores),
                matrix: plan.matrix, budget: budget, progress: progress)
        }
        var presentation: [PresentationRun] = []
        if plan.presentation {
            progress("presentation")
            presentation = presentationRuns(converter: streamConverter, matrix: plan.matrix)
        }
        let synthetic = ConverterBench.run(
            converters: converters, cells: plan.cells, matrix: plan.matrix, budget: plan.budget,
            deadline: plan.deadline.flatMap { $0 >= 0 && $0 <= 1e9 ? start &+ UInt64($0 * 1e9) : nil },
            uprightTwins: true,
            progress: progress)
        return Report(
            machine: machine, date: date, matrix: plan.matrix, budget: plan.budget,
            streamConverter: plan.streamConverter,
            parallelMinimumPixels: parallel?.minimumParallelPixels, synthetic: synthetic, serial: serial,
            pipelined: pipelined, scaling: scaling, presentation: presentation, peerBuilds: peerBuilds,
            deadline: plan.deadline,
            storeTrials: converters.lazy.compactMap { $0 as? SIMDConverter }.first {
                $0.name == SIMDConverter.entry.name
            }?.trials?
            .outcomes ?? [],
            seconds: Clock.seconds(since: start))
    }

    /// The vectors of the presentation section: a small one and a large one of `Vectors/`.
    public static let presentationVectors = ["size-176x144.ivf", "size-1920x1080.ivf"]

    /// The presentation section: the PiP sample's `host-ms` stamps against
    /// `stream` stamps, flat out and after a half-second pause, on
    /// `presentationVectors` (those that exist; about 3 s in all).
    public static func presentationRuns(converter: any FrameConverter, matrix: ColorMatrix) -> [PresentationRun] {
        let files = presentationVectors.map { VectorFiles.defaultDirectory + "/" + $0 }
            .filter { FileManager.default.fileExists(atPath: $0) }
        var runs: [PresentationRun] = []
        for policy in [StampingPolicy.hostMilliseconds, .stream] {
            for scenario in [DeliveryScenario.flatOut, .pause(seconds: 0.5)] {
                for file in files {
                    runs.append(
                        PresentationRun.run(
                            path: file, converter: converter, matrix: matrix,
                            scenario: scenario, policy: policy))
                }
            }
        }
        return runs
    }

    /// Most passes over one file in the end-to-end section.
    public static let maximumPasses = 20

    /// The serial (and, with `--pipeline`, pipelined) runs of `file` (its
    /// chosen video track):
    /// passes repeat until at least `--min-frames` frames are timed (at
    /// most `maximumPasses`), serial and pipelined alternating pass by pass
    /// so drift affects both alike.
    public static func streamPasses(
        _ file: StreamFile, converter: any FrameConverter,
        plan: ReportPlan
    ) -> (StreamRun, StreamRun?) {
        var serial: [StreamRun] = []
        var pipelined: [StreamRun] = []
        repeat {
            serial.append(EndToEnd.run(path: file.path, track: file.track, converter: converter, matrix: plan.matrix))
            if plan.pipeline {
                pipelined.append(
                    Pipeline.run(path: file.path, track: file.track, converter: converter, matrix: plan.matrix))
            }
        } while serial[0].error == nil && serial[0].frames > 0 && serial.count < maximumPasses
            && serial.count * serial[0].frames < plan.budget.minFrames
        return (StreamRun.combine(serial), pipelined.isEmpty ? nil : StreamRun.combine(pipelined))
    }

    /// `builtIn` with `plugins` inserted before libyuv (which stays last).
    public static func withPlugins(_ builtIn: [any FrameConverter], _ plugins: [any FrameConverter])
        -> [any FrameConverter]
    {
        let reference = builtIn.filter { $0.name == ConverterRegistry.oracleName }
        return builtIn.filter { $0.name != ConverterRegistry.oracleName } + plugins + reference
    }
}
