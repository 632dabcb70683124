import Foundation

/// The report in Google Benchmark's JSON schema: a `context` object and a
/// `benchmarks` array whose entries have `name`, `run_type`, `iterations`,
/// `real_time`, `cpu_time` and `time_unit` (so `compare.py` and other
/// tools read it), plus FrameBench's own fields (`p90`, `p99`, `max`,
/// `ratio_to_libyuv`, `cpu_ratio_to_libyuv`, `ratio_to_floor`, `ratio_to_scalar`, `bit_exact`, ...).
///
/// Times are in microseconds. `real_time` is the median per-frame wall
/// time (not a mean: the claim is the median); `cpu_time` is the mean
/// process CPU time per frame where measured, else equal to `real_time`.
/// Names: `convert/<converter>/<WxH>` (`floor` is the memory floor),
/// `stream/<serial|pipelined>/<file>/<decode|convert|frame>`,
/// `scaling/threads:<n>/<WxH>`.
enum JSONReport {
    /// The JSON text (pretty-printed, keys sorted).
    static func render(_ report: Report) -> String {
        var benchmarks: [[String: Any]] = []
        for size in report.synthetic {
            for cell in size.cells { benchmarks.append(entry(cell, prefix: "convert", matrix: report.matrix.name)) }
        }
        for run in report.serial + report.pipelined { benchmarks += entries(run) }
        for size in report.scaling {
            for cell in size.cells {
                var item = entry(cell, prefix: "scaling", matrix: report.matrix.name)
                if let threads = Int(cell.label.dropFirst("threads:".count)), cell.label.hasPrefix("threads:") {
                    item["threads"] = threads
                }
                benchmarks.append(item)
            }
        }
        for (index, _) in benchmarks.enumerated() {
            benchmarks[index]["family_index"] = index
            benchmarks[index]["per_family_instance_index"] = 0
        }
        let document: [String: Any] = ["context": context(report), "benchmarks": benchmarks]
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]),
              let text = String(data: data, encoding: .utf8) else {
            return "{\"context\": {}, \"benchmarks\": []}\n"
        }
        return text + "\n"
    }

    /// The `context` object: Google Benchmark's fields and FrameBench's.
    static func context(_ report: Report) -> [String: Any] {
        let machine = report.machine
        return [
            "date": report.date,
            "host_name": machine.hostName,
            "executable": CommandLine.arguments.first ?? "bench",
            "num_cpus": machine.cores,
            "mhz_per_cpu": Int(machine.megahertz.rounded()),
            "cpu_scaling_enabled": false,
            "caches": machine.caches.map {
                ["type": $0.type, "level": $0.level, "size": $0.size, "num_sharing": $0.sharing] as [String: Any]
            },
            "load_avg": machine.loadAverage,
            "library_build_type": machine.build,
            "cpu_model": machine.cpuModel,
            "simd_path": machine.simdPath,
            "matrix": report.matrix.name,
            "warmup_rounds": report.budget.warmupRounds,
            "min_frames": report.budget.minFrames,
            "idle_gap_ms": report.budget.idleGap * 1000,
            "stream_converter": report.streamConverter,
            "parallel_min_pixels": report.parallelMinimumPixels.map { $0 as Any } ?? NSNull(),
            "interleaving": "per frame, in a balanced Latin-square order (each contender follows every other equally often); ratios are medians of per-round paired ratios",
            "bench_seconds": finite(report.seconds),
        ]
    }

    /// The Google Benchmark fields every entry has.
    static func base(name: String, iterations: Int, realTime: Double, cpuTime: Double) -> [String: Any] {
        ["name": name, "run_name": name, "run_type": "iteration", "repetitions": 1, "repetition_index": 0,
         "threads": 1, "iterations": iterations, "real_time": finite(realTime / 1000),
         "cpu_time": finite(cpuTime / 1000), "time_unit": "us"]
    }

    /// One synthetic or scaling cell.
    static func entry(_ cell: CellResult, prefix: String, matrix: String) -> [String: Any] {
        var item = base(name: "\(prefix)/\(cell.label)/\(cell.size)", iterations: cell.wall.count,
                        realTime: cell.wall.median, cpuTime: cell.cpuMean)
        item["converter"] = cell.label
        item["width"] = cell.size.width
        item["height"] = cell.size.height
        item["matrix"] = matrix
        item["min"] = finite(cell.wall.min / 1000)
        item["p10"] = finite(cell.wall.percentile(0.1) / 1000)
        item["p25"] = finite(cell.wall.percentile(0.25) / 1000)
        item["p50"] = finite(cell.wall.median / 1000)
        item["p90"] = finite(cell.wall.p90 / 1000)
        item["p99"] = finite(cell.wall.p99 / 1000)
        item["max"] = finite(cell.wall.max / 1000)
        item["mean"] = finite(cell.wall.mean / 1000)
        item["items_per_second"] = finite(1e9 / cell.wall.median)
        item["bytes_per_second"] = finite(Double(CellResult.bytesMoved(cell.size)) * 1e9 / cell.wall.median)
        item["mpixels_per_second"] = finite(cell.megapixelsPerSecond)
        item["ratio_to_libyuv"] = cell.ratioToLibyuv.map(finite) ?? NSNull()
        item["cpu_ratio_to_libyuv"] = cell.cpuRatioToLibyuv.map(finite) ?? NSNull()
        item["ratio_to_floor"] = cell.ratioToFloor.map(finite) ?? NSNull()
        item["ratio_to_scalar"] = cell.ratioToScalar.map(finite) ?? NSNull()
        if let exact = cell.bitExact { item["bit_exact"] = exact }
        return item
    }

    /// The decode, convert and whole-frame entries of one stream run.
    static func entries(_ run: StreamRun) -> [[String: Any]] {
        let file = VectorFiles.fileName(run.path)
        var shared: [String: Any] = [
            "file": run.path, "mode": run.mode.rawValue, "converter": run.converter, "frames": run.frames, "passes": run.passes,
            "timestamps_monotonic": run.timestampsMonotonic,
            "timestamp_violations": run.timestamps.violations.map(\.frame.index),
            "gaps": run.timestamps.gaps.map(\.frame.index),
            "delivery_monotonic": run.deliveryBackwardsAt == nil, "in_order": run.inOrder,
            "expected_failure": run.expectedBad,
        ]
        if let error = run.error { shared["error"] = error }
        var result: [[String: Any]] = []
        for (part, distribution) in [("decode", run.decode), ("convert", run.convert), ("latency", run.latency)] {
            guard let distribution else { continue }
            var item = base(name: "stream/\(run.mode.rawValue)/\(file)/\(part)", iterations: distribution.count,
                            realTime: distribution.median, cpuTime: distribution.median)
            item.merge(shared) { current, _ in current }
            item["p50"] = finite(distribution.median / 1000)
            item["p99"] = finite(distribution.p99 / 1000)
            item["max"] = finite(distribution.max / 1000)
            result.append(item)
        }
        if run.frames > 0 {
            let perFrame = run.seconds * 1e9 / Double(run.frames * run.passes)
            var item = base(name: "stream/\(run.mode.rawValue)/\(file)/frame", iterations: run.frames * run.passes,
                            realTime: perFrame, cpuTime: perFrame)
            item.merge(shared) { current, _ in current }
            item["frames_per_second"] = finite(run.framesPerSecond)
            result.append(item)
        }
        return result
    }

    /// `value`, or 0 when it is not finite (JSON has no NaN or infinity).
    static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}
