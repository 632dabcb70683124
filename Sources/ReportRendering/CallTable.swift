import CallSimulation
import Frames

/// The `bench call` tables.
public enum CallTable {
    /// One row per participant, then the overall row, as aligned text
    /// lines, and last the CPU line.
    public static func lines(_ run: CallRun) -> [String] {
        var table = Table([
            ("tile", false), ("stream", false), ("due", true), ("on time", true), ("late", true), ("dropped", true),
            ("p50 ms", true), ("p99 ms", true), ("max ms", true), ("freezes", true), ("error", false),
        ])
        /// The cells of one participant's or the overall figures.
        func cells(_ name: String, _ stream: String, _ figures: CallFigures, _ error: String?) -> [String] {
            [
                name, stream, "\(figures.due)", "\(figures.onTime)", "\(figures.late)", "\(figures.dropped)",
                Format.fixed(figures.latency.map { $0.median / 1e6 }, 2),
                Format.fixed(figures.latency.map { $0.p99 / 1e6 }, 2),
                Format.fixed(figures.latency.map { $0.max / 1e6 }, 2), "\(figures.freezes)", error ?? "",
            ]
        }
        for tile in run.tiles {
            let stream = "\(tile.streamSize)" + (tile.streamSize == tile.request.size ? "" : " (nearest)")
            table.add(cells("\(tile.participant) \(tile.request.size)", stream, tile.figures, tile.error))
        }
        table.add(cells("all", "", run.overall, nil))
        let layout = run.configuration.layout == .i420 ? "" : ", frames arriving as \(run.configuration.layout)"
        return table.render() + [
            "cpu\(layout): \(Format.fixed(run.cpuUtilisation * 100, 1)) % of \(run.cores) cores "
                + "(\(Format.fixed(run.cpuSeconds, 2)) s cpu over \(Format.fixed(run.wallSeconds, 2)) s wall)"
        ]
    }

    /// One converter's capacity: by CPU cost (when measured), then by
    /// scheduling with its probes.
    public static func capacityLines(_ capacity: CallCapacity) -> [String] {
        let probes = capacity.probes.map {
            "\($0.tiles):\($0.passed ? "ok" : "late \($0.late)+dropped \($0.dropped)")"
        }
        /// `mean [lower,upper]` with `digits` decimals.
        func shown(_ value: Double, _ interval: ClosedRange<Double>, _ digits: Int) -> String {
            "\(Format.fixed(value, digits)) [\(Format.fixed(interval.lowerBound, digits)),\(Format.fixed(interval.upperBound, digits))]"
        }
        var lines: [String] = []
        let tile = "\(capacity.size) \(capacity.codec)" + (capacity.layout == .i420 ? "" : " \(capacity.layout)")
        if let cost = capacity.cpuCost, let convert = cost.convert[capacity.converter],
            let tiles = capacity.tilesPerCoreByCPU
        {
            lines.append(
                "\(capacity.converter): by CPU cost \(shown(tiles.estimate, tiles.interval, 1)) tiles of \(tile) a core "
                    + "(decode \(shown(cost.decode.mean, cost.decode.interval, 1)) µs + convert "
                    + "\(shown(convert.mean, convert.interval, 1)) µs a frame, \(cost.frames) frames)")
        }
        lines.append(
            "\(capacity.converter): by scheduling \(capacity.tiles)\(capacity.exact ? "" : "+") tiles of \(tile) "
                + "kept up in real time on this machine (probes \(probes.joined(separator: ", ")))")
        return lines
    }
}
