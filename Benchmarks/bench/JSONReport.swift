import Conformance
import Foundation
import Measurement
import Presentation
import ReportRun
import Statistics
import Streams

/// The report in Google Benchmark's JSON layout: a `context` object and a
/// `benchmarks` array whose entries have `name`, `run_type`, `iterations`,
/// `real_time`, `time_unit` and, where measured, `cpu_time`, plus
/// FrameBench's own fields (`p90`, `p99`, `max`, `ratio_to_libyuv` with
/// `ratio_to_libyuv_ci`, the same for `cpu_ratio_to_libyuv`,
/// `ratio_to_floor` and `ratio_to_scalar`, `bit_exact`, `samples_us`, ...;
/// an oriented cell's entry also `ratio_to_upright` with
/// `ratio_to_upright_ci`, against its own upright conversion measured beside
/// it, `UprightRatio`).
/// `json_schema_version` (top level) numbers this layout.
///
/// Times are in microseconds. Unlike Google Benchmark's (a mean),
/// `real_time` is the median per-frame wall time, as `context` says; the
/// mean is in `mean`. `cpu_time` is the mean process CPU time per frame
/// (all threads) of `convert/*` and `scaling/*` entries; stream entries have
/// none (their CPU time is not measured). `samples_us` holds the per-frame
/// times (at most `maximumSamples`, evenly spaced in measurement order) and
/// `ratio_samples_to_libyuv` and `ratio_samples_to_floor` the per-round
/// paired ratios, for `bench compare`;
/// stream `convert`, `latency` and `frame` entries have
/// `ratio_samples_to_decode` instead: per frame (per pass for `frame`) the
/// time ÷ libvpx's decode time of the same frame (pass).
/// Names: `convert/<converter>/<WxH>` for upright cells and
/// `convert/<converter>/<WxH>/<orientation>` for the others (`floor` and
/// `floor:<n>threads` are the memory floors; every `convert/*` entry also
/// has an `orientation` field),
/// `stream/<serial|pipelined>/<file>/<decode|convert|latency|frame>`,
/// `scaling/threads:<n>/<WxH>`. Converters left out of a cell are listed in
/// the top-level `not_measured` array (name, converter, size, orientation
/// and `reason`: `unsupported` or `failed (status N)`), never as entries.
enum JSONReport {
    /// The JSON text (pretty-printed, keys sorted).
    static func render(_ report: Report) -> String {
        var benchmarks: [[String: Any]] = []
        let uprightRatios = UprightRatio.all(in: report.synthetic)
        for size in report.synthetic {
            for cell in size.cells {
                var item = entry(cell, prefix: "convert", matrix: report.matrix.name)
                if let ratio = uprightRatios.first(where: {
                    $0.label == cell.label && $0.size == cell.size && $0.orientation == cell.orientation
                }) {
                    put(ratio.estimate, "ratio_to_upright", into: &item)
                }
                benchmarks.append(item)
            }
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
        let document: [String: Any] = [
            "json_schema_version": schemaVersion, "context": context(report), "benchmarks": benchmarks,
            "presentation": presentation(report.presentation), "not_measured": notMeasured(report.synthetic),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]),
            let text = String(data: data, encoding: .utf8)
        else {
            return "{\"context\": {}, \"benchmarks\": []}\n"
        }
        return text + "\n"
    }

    /// The converters left out of synthetic cells, with the entry name they
    /// would have had and why (`unsupported`, `failed (status N)`).
    static func notMeasured(_ sizes: [CellResults]) -> [[String: Any]] {
        sizes.flatMap { size in
            size.excluded.map { failure -> [String: Any] in
                [
                    "name": "convert/\(failure.label)/\(size.cell.nameComponent)", "converter": failure.label,
                    "width": size.size.width, "height": size.size.height, "orientation": size.orientation.name,
                    "reason": "\(failure.error)",
                ]
            }
        }
    }

    /// The presentation section: per run its stamping policy, scenario and
    /// the figures `bench present --json` gives per file.
    static func presentation(_ runs: [PresentationRun]) -> [[String: Any]] {
        runs.compactMap { run in
            guard let data = try? JSONEncoder().encode(PresentJSON.File(run)),
                var item = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return nil }
            item["stamping"] = run.sequence.policy.rawValue
            item["scenario"] = "\(run.scenario)"
            return item
        }
    }

    /// The version of this layout, written as `json_schema_version`.
    static let schemaVersion = 2

    /// Most samples written per entry.
    static let maximumSamples = 1000

    /// At most `maximumSamples` of `values`, evenly spaced (all of them when fewer).
    static func thinned(_ values: [Double]) -> [Double] {
        guard values.count > maximumSamples else { return values }
        return (0..<maximumSamples).map { values[$0 * values.count / maximumSamples] }
    }

    /// `value` rounded to `digits` significant digits (compact JSON).
    static func compact(_ value: Double, digits: Int = 5) -> Double {
        guard value.isFinite, value != 0 else { return 0 }
        let scale = pow(10, Double(digits) - ceil(log10(abs(value))))
        return (value * scale).rounded() / scale
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
            "machine_key": machine.key.description,
            "real_time_statistic":
                "median of the per-frame wall times (Google Benchmark writes a mean; FrameBench's mean is in 'mean')",
            "cpu_time_statistic": "mean process CPU time per frame, all threads (convert and scaling entries only)",
            "ci_statistic":
                "95 % distribution-free interval of the median of per-round paired ratios (sign-test order statistics)",
            "floor_alone_us": Dictionary(
                uniqueKeysWithValues: report.synthetic.map { size in
                    (
                        size.cell.nameComponent,
                        Dictionary(uniqueKeysWithValues: size.floorAlone.map { ($0.key.rawValue, finite($0.value)) })
                    )
                }),
            "floor_warnings": (report.synthetic + report.scaling).flatMap { size in
                size.belowFloor.map {
                    "\($0.label) at \(size.cell): \(Format.estimate($0.ratioToFloor)) of \($0.floorLabel)"
                }
            },
            "simd_path": machine.simdPath,
            "matrix": report.matrix.name,
            "warmup_rounds": report.budget.warmupRounds,
            "min_frames": report.budget.minFrames,
            "idle_gap_ms": report.budget.idleGap * 1000,
            "stream_converter": report.streamConverter,
            "parallel_min_pixels": report.parallelMinimumPixels.map { $0 as Any } ?? NSNull(),
            "interleaving":
                "per frame, in a balanced Latin-square order (each contender follows every other equally often); ratios are medians of per-round paired ratios",
            "bench_seconds": finite(report.seconds),
        ]
    }

    /// The Google Benchmark fields every entry has.
    static func base(name: String, iterations: Int, realTime: Double, cpuTime: Double?, samples: [Double]) -> [String:
        Any]
    {
        var item: [String: Any] = [
            "name": name, "run_name": name, "run_type": "iteration", "repetitions": 1, "repetition_index": 0,
            "threads": 1, "iterations": iterations, "real_time": finite(realTime / 1000), "time_unit": "us",
            "samples_us": thinned(samples).map { compact($0 / 1000) },
        ]
        if let cpuTime { item["cpu_time"] = finite(cpuTime / 1000) }
        return item
    }

    /// A ratio estimate's median (or null) under `key` and its interval under `key_ci`.
    static func put(_ estimate: RatioEstimate?, _ key: String, into item: inout [String: Any]) {
        item[key] = estimate.map { finite($0.median) } ?? NSNull()
        item[key + "_ci"] = estimate.map { [finite($0.lower), finite($0.upper)] } ?? NSNull()
    }

    /// One synthetic or scaling cell.
    static func entry(_ cell: ContenderResult, prefix: String, matrix: String) -> [String: Any] {
        var item = base(
            name: "\(prefix)/\(cell.label)/\(cell.cell.nameComponent)", iterations: cell.wall.count,
            realTime: cell.wall.median, cpuTime: cell.cpu.mean, samples: cell.wallInRoundOrder)
        if !cell.libyuvRatios.isEmpty && cell.label != Contender.referenceLabel {
            item["ratio_samples_to_libyuv"] = thinned(cell.libyuvRatios).map { compact($0) }
        }
        if !cell.floorRatios.isEmpty && !cell.isFloor {
            item["ratio_samples_to_floor"] = thinned(cell.floorRatios).map { compact($0) }
        }
        item["converter"] = cell.label
        item["width"] = cell.size.width
        item["height"] = cell.size.height
        item["matrix"] = matrix
        item["orientation"] = cell.orientation.name
        item["min"] = finite(cell.wall.min / 1000)
        item["p10"] = finite(cell.wall.percentile(0.1) / 1000)
        item["p25"] = finite(cell.wall.percentile(0.25) / 1000)
        item["p50"] = finite(cell.wall.median / 1000)
        item["p90"] = finite(cell.wall.p90 / 1000)
        item["p99"] = finite(cell.wall.p99 / 1000)
        item["max"] = finite(cell.wall.max / 1000)
        item["mean"] = finite(cell.wall.mean / 1000)
        item["items_per_second"] = finite(1e9 / cell.wall.median)
        item["bytes_per_second"] = finite(Double(ContenderResult.bytesMoved(cell.size)) * 1e9 / cell.wall.median)
        item["mpixels_per_second"] = finite(cell.megapixelsPerSecond)
        put(cell.ratioToLibyuv, "ratio_to_libyuv", into: &item)
        put(cell.cpuRatioToLibyuv, "cpu_ratio_to_libyuv", into: &item)
        put(cell.ratioToFloor, "ratio_to_floor", into: &item)
        item["floor"] = cell.floorLabel
        put(cell.ratioToScalar, "ratio_to_scalar", into: &item)
        if let exact = cell.bitExact { item["bit_exact"] = exact }
        if let deviation = cell.deviation { item["deviation"] = fields(deviation) }
        return item
    }

    /// A peer's deviation from libyuv: `max_abs`, `differing_share` (0 ... 1)
    /// and `psnr_db` (absent when the bytes are equal).
    static func fields(_ deviation: Deviation) -> [String: Any] {
        var fields: [String: Any] = ["max_abs": deviation.maximum, "differing_share": deviation.differingShare]
        if let psnr = deviation.psnr { fields["psnr_db"] = psnr }
        return fields
    }

    /// `value`, or 0 when it is not finite (JSON has no NaN or infinity).
    static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}
