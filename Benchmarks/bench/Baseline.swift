import Foundation

/// `Benchmarks/baseline.json`: the same-run ratios to libyuv that the gate
/// compares with, per frame size and converter, and how they were made.
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

    /// Reads and decodes the file at `path`.
    static func load(_ path: String) throws -> Baseline {
        try JSONDecoder().decode(Baseline.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Writes the file at `path` (pretty-printed, keys sorted, trailing newline).
    func save(_ path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
