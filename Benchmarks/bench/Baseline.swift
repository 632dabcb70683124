import Foundation

/// One machine's entry in `Benchmarks/baseline.json` (`BaselineFile`): the
/// same-run ratios to libyuv that the gate compares with, per frame size
/// and converter, and how they were made.
///
/// The gated ratio is the work ratio: the median over interleaved rounds of
/// (the converter's process CPU time for a frame ÷ libyuv's for the same
/// frame in the same round). Wall-time ratios are kept for information.
struct Baseline: Codable {
    /// How the file was made and what the numbers mean, for people.
    var note: String
    /// The command that wrote it.
    var command: String
    /// When it was written (ISO 8601).
    var date: String
    /// The machine line of the run that wrote it.
    var machine: String
    /// The colour matrix measured.
    var matrix: String
    /// Measurements combined per cell.
    var runs: Int
    /// What `ratios` measures.
    var statistic: String
    /// Per-run CPU-time ratios per cell, for judging the spread: size → converter → ratios.
    var samples: [String: [String: [Double]]]
    /// Per-run wall-time ratios per cell (information only, not gated).
    var wallSamples: [String: [String: [Double]]]
    /// The gated ratio per cell, the largest of `samples`: size → converter → CPU time ÷ libyuv's.
    var ratios: [String: [String: Double]]

    /// JSON names (snake case, like the rest of the project's JSON).
    enum CodingKeys: String, CodingKey {
        case note, command, date, machine, matrix, runs, statistic, samples, ratios
        case wallSamples = "wall_samples"
    }
}

/// The baseline file: one `Baseline` per kind of machine, because a ratio
/// to libyuv depends on the CPU (on the 2-core AMD EPYC VM `simd` took 0.84×
/// libyuv's CPU time at 1920×1080, on the Intel Xeon VM with AVX-512 0.5×),
/// so one machine's numbers are too loose or too strict for another.
struct BaselineFile: Codable {
    /// What the file holds, for people.
    var about: String
    /// `MachineInfo.baselineKey` → the baseline measured on that kind of machine.
    var machines: [String: Baseline]

    /// An empty file.
    init() {
        about = """
            Per kind of machine (CPU model, cores, SIMD level), the same-run CPU-time ratios to libyuv \
            that `bench gate` compares with. The gate uses its own machine's entry; on a machine with \
            none it uses, per cell, the loosest of all entries. `bench gate --update-baseline` writes \
            the entry of the machine it runs on and keeps the others.
            """
        machines = [:]
    }

    /// Reads and decodes the file at `path`.
    static func load(_ path: String) throws -> BaselineFile {
        try JSONDecoder().decode(BaselineFile.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Writes the file at `path` (pretty-printed, keys sorted, trailing newline).
    func save(_ path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The gated ratios for the machine `key` names (size → converter →
    /// ratio), and a phrase saying where they come from: that machine's
    /// entry, or for a machine without one the largest ratio of each cell
    /// over all entries. Nil when the file has no entries.
    func ratios(for key: String) -> (ratios: [String: [String: Double]], source: String)? {
        if let own = machines[key] {
            return (own.ratios, "entry '\(key)' (\(own.date), \(own.runs) runs)")
        }
        guard !machines.isEmpty else { return nil }
        var loosest: [String: [String: Double]] = [:]
        for baseline in machines.values {
            for (size, cells) in baseline.ratios {
                for (name, ratio) in cells { loosest[size, default: [:]][name] = max(loosest[size]?[name] ?? 0, ratio) }
            }
        }
        return (loosest, "no entry for '\(key)': the loosest of \(machines.count) machines' entries, per cell")
    }
}
