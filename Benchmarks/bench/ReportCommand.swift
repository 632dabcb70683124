import Measurement
import Converters
import Foundation
import Frames

/// `bench [options]`: the performance report.
enum ReportCommand {
    static let usage = """
        bench [--sizes WxH,...] [--only-sizes WxH,...] [--matrix NAME] [--converters LIST]
              [--threads N] [--vectors DIR]... [--no-vectors] [--stream-converter NAME]
              [--pipeline] [--scaling] [--pace FPS] [--seconds S] [--min-frames N]
              [--max-frames N] [--warmup N] [--json FILE] [--html FILE] [--quiet]
          The report. Synthetic frames at 176x144, 640x480, 1280x720, 1920x1080
          (--sizes adds sizes, --only-sizes replaces them) through every converter
          and the memory floor (a copy of the input + a fill of the output),
          interleaved per frame in a balanced order: per-frame latency (median, p90, p99,
          max), Mpixel/s, GB/s (bytes read + written), time ÷ libyuv and ÷ floor
          (medians of per-round paired ratios), bit-exactness with libyuv.
          Then end to end over Vectors/ and each --vectors DIR: decode and convert
          latency, shown-frame timestamps, gaps, host delivery times.
          --pipeline   also decode frame N+1 while frame N converts (Dispatch queues)
          --scaling    parallel converter time by thread count and frame size
          --pace FPS   synthetic and scaling sections: idle 1/FPS s before each
                       timed conversion, as between the frames of a call
                       (default: back to back); the idle time counts in --seconds
          --seconds    measuring time per size once --min-frames are done (default 8)
          --min-frames frames per cell at least (default 30); --max-frames at most (3000)
          --warmup     untimed rounds first (default 3)
          --stream-converter  converter used end to end (default simd)
          --json FILE  Google Benchmark JSON; --html FILE  a page with charts
        """

    /// Parses the report options in `words`.
    static func parse(_ words: ArraySlice<String>) throws(UsageError) -> ReportOptions {
        var arguments = Arguments(words)
        var options = ReportOptions()
        if let only = try arguments.value("--only-sizes") { options.sizes = try parseSizes(only, option: "--only-sizes") }
        for extra in try arguments.values("--sizes") {
            for size in try parseSizes(extra, option: "--sizes") where !options.sizes.contains(size) {
                options.sizes.append(size)
            }
        }
        options.matrix = try parseMatrix(try arguments.value("--matrix"))
        options.threads = try arguments.integer("--threads", in: 1...256)
        options.converters = try ConverterSelection.parse(try arguments.value("--converters"), threads: 1).map(\.name)
        let noVectors = arguments.flag("--no-vectors")
        let extraVectors = try arguments.values("--vectors")
        options.vectorPaths = noVectors ? [] : (VectorFiles.directoryExists(VectorFiles.defaultDirectory)
                                                ? [VectorFiles.defaultDirectory] : []) + extraVectors
        if noVectors && !extraVectors.isEmpty { throw UsageError("--no-vectors contradicts --vectors") }
        if let name = try arguments.value("--stream-converter") {
            guard ConverterRegistry.knownNames.contains(name) else { throw UsageError("unknown converter '\(name)'") }
            options.streamConverter = name
        }
        options.pipeline = arguments.flag("--pipeline")
        options.scaling = arguments.flag("--scaling")
        if let fps = try arguments.number("--pace", in: 1...1000) { options.budget.idleGap = 1 / fps }
        options.budget.seconds = try arguments.number("--seconds", in: 0...600) ?? options.budget.seconds
        options.budget.minFrames = try arguments.integer("--min-frames", in: 1...1_000_000) ?? options.budget.minFrames
        options.budget.maxFrames = try arguments.integer("--max-frames", in: 1...1_000_000) ?? options.budget.maxFrames
        options.budget.warmupRounds = try arguments.integer("--warmup", in: 0...1000) ?? options.budget.warmupRounds
        if options.budget.maxFrames < options.budget.minFrames {
            throw UsageError("--max-frames (\(options.budget.maxFrames)) is below --min-frames (\(options.budget.minFrames))")
        }
        options.jsonPath = try arguments.value("--json")
        options.htmlPath = try arguments.value("--html")
        options.quiet = arguments.flag("--quiet")
        let rest = try arguments.finish()
        if let stray = rest.first { throw UsageError("unexpected argument '\(stray)'") }
        return options
    }

    /// Parses a comma-separated list of `WxH` sizes.
    static func parseSizes(_ text: String, option: String) throws(UsageError) -> [FrameSize] {
        let parts = text.split(separator: ",").map(String.init)
        guard !parts.isEmpty else { throw UsageError("\(option) needs sizes like 3840x2160") }
        var sizes: [FrameSize] = []
        for part in parts {
            guard let size = FrameSize(parsing: part) else {
                throw UsageError("\(option): '\(part)' is not a size WxH with sides 1...16384")
            }
            sizes.append(size)
        }
        return sizes
    }

    /// Runs the report with `words` as options; prints the tables, writes
    /// the files asked for; returns the exit status (0, or 1 when a file
    /// cannot be written).
    static func run(_ words: ArraySlice<String>) throws(UsageError) -> Int32 {
        let options = try parse(words)
        if MachineInfo.isDebugBuild {
            Output.line("DEBUG BUILD: timings are not representative (use 'swift run -c release bench'); converters are built -O, the harness is not")
        }
        let report = measure(options)
        TextReport.print(report)
        var status: Int32 = 0
        if let path = options.jsonPath {
            status = max(status, write(JSONReport.render(report), to: path))
        }
        if let path = options.htmlPath {
            status = max(status, write(HTMLReport.render(report), to: path))
        }
        return status
    }

    /// Runs every section `options` asks for.
    static func measure(_ options: ReportOptions) -> Report {
        let start = Clock.monotonic()
        let date = ISO8601DateFormatter.string(from: Date(), timeZone: .current,
                                               formatOptions: [.withInternetDateTime])
        let machine = MachineInfo.current()
        Output.line(machine.line)
        let progress = Progress(quiet: options.quiet)
        defer { progress.clear() }
        let converters = options.converters.compactMap { ConverterRegistry.make($0, threads: options.threads) }
        let parallel = converters.lazy.compactMap { $0 as? ParallelConverter }.first
        if let parallel {
            Output.line("parallel: \(parallel.threads) threads, one thread below "
                + "\(parallel.minimumParallelPixels) pixels (crossover it measured when made, with the other cores asleep)")
        }
        let synthetic = ConverterBench.run(converters: converters, sizes: options.sizes, matrix: options.matrix,
                                           budget: options.budget, progress: progress.update)
        let files = VectorFiles.expand(options.vectorPaths)
        let streamConverter = ConverterRegistry.make(options.streamConverter, threads: options.threads) ?? LibYUVConverter()
        var serial: [StreamRun] = [], pipelined: [StreamRun] = []
        for (number, file) in files.enumerated() {
            progress.update("end to end \(number + 1)/\(files.count): \(VectorFiles.fileName(file))")
            let (one, two) = streamPasses(file, converter: streamConverter, options: options)
            serial.append(one)
            if let two { pipelined.append(two) }
        }
        var scaling: [SizeResult] = []
        if options.scaling {
            var budget = options.budget
            budget.seconds = min(budget.seconds, 2)
            scaling = Scaling.run(sizes: options.sizes, threads: Scaling.threadCounts(cores: machine.cores),
                                  matrix: options.matrix, budget: budget, progress: progress.update)
        }
        progress.clear()
        return Report(machine: machine, date: date, matrix: options.matrix, budget: options.budget,
                      streamConverter: options.streamConverter,
                      parallelMinimumPixels: parallel?.minimumParallelPixels, synthetic: synthetic, serial: serial,
                      pipelined: pipelined, scaling: scaling, seconds: Clock.seconds(since: start))
    }

    /// Most passes over one file in the end-to-end section.
    static let maximumPasses = 20

    /// The serial (and, with `--pipeline`, pipelined) runs of `file`:
    /// passes repeat until at least `--min-frames` frames are timed (at
    /// most `maximumPasses`), serial and pipelined alternating pass by pass
    /// so drift affects both alike.
    static func streamPasses(_ file: String, converter: any FrameConverter,
                             options: ReportOptions) -> (StreamRun, StreamRun?) {
        var serial: [StreamRun] = [], pipelined: [StreamRun] = []
        repeat {
            serial.append(EndToEnd.run(path: file, converter: converter, matrix: options.matrix))
            if options.pipeline {
                pipelined.append(Pipeline.run(path: file, converter: converter, matrix: options.matrix))
            }
        } while serial[0].error == nil && serial[0].frames > 0 && serial.count < maximumPasses
            && serial.count * serial[0].frames < options.budget.minFrames
        return (StreamRun.combine(serial), pipelined.isEmpty ? nil : StreamRun.combine(pipelined))
    }

    /// Writes `text` to `path`; returns 0, or prints the error and returns 1.
    static func write(_ text: String, to path: String) -> Int32 {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return 0
        } catch {
            Output.error("cannot write \(path): \(error.localizedDescription)")
            return 1
        }
    }
}
