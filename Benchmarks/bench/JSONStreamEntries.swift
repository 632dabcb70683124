import Conformance
import Foundation
import Measurement
import Presentation
import ReportRun
import Statistics
import Streams

/// The JSON report's stream entries.
extension JSONReport {

    /// The decode, convert and whole-frame entries of one stream run.
    static func entries(_ run: StreamRun) -> [[String: Any]] {
        let file = VectorFiles.fileName(run.path)
        var shared: [String: Any] = [
            "file": run.path, "mode": run.mode.rawValue, "converter": run.converter, "frames": run.frames,
            "passes": run.passes,
            "timestamps_monotonic": run.timestampsMonotonic,
            "timestamp_violations": run.timestamps.violations.map(\.frame.index),
            "gaps": run.timestamps.gaps.map(\.frame.index),
            "delivery_monotonic": run.deliveryBackwardsAt == nil, "in_order": run.inOrder,
            "expected_failure": run.expectedBad,
        ]
        if let error = run.error { shared["error"] = error }
        var result: [[String: Any]] = []
        let parts: [(String, [Double], [Double])] = [
            ("decode", run.decodeTimes, []), ("convert", run.convertTimes, run.convertRatiosToDecode),
            ("latency", run.latencies, run.latencyRatiosToDecode),
        ]
        for (part, times, ratios) in parts {
            guard let distribution = Distribution(times) else { continue }
            var item = base(
                name: "stream/\(run.mode.rawValue)/\(file)/\(part)", iterations: distribution.count,
                realTime: distribution.median, cpuTime: nil, samples: times)
            if !ratios.isEmpty { item["ratio_samples_to_decode"] = thinned(ratios).map { compact($0) } }
            item.merge(shared) { current, _ in current }
            item["p50"] = finite(distribution.median / 1000)
            item["p99"] = finite(distribution.p99 / 1000)
            item["max"] = finite(distribution.max / 1000)
            result.append(item)
        }
        if run.frames > 0 {
            let perPass = run.passSeconds.map { $0 * 1e9 / Double(run.frames) }
            var item = base(
                name: "stream/\(run.mode.rawValue)/\(file)/frame", iterations: run.frames * run.passes,
                realTime: Distribution(perPass)?.median ?? 0, cpuTime: nil, samples: perPass)
            item["real_time_statistic"] = "median over passes of the pass's time ÷ its frames"
            let ratios = run.passRatiosToDecode
            if !ratios.isEmpty { item["ratio_samples_to_decode"] = thinned(ratios).map { compact($0) } }
            item.merge(shared) { current, _ in current }
            item["frames_per_second"] = finite(run.framesPerSecond)
            result.append(item)
        }
        return result
    }
}
