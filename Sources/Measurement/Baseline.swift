import Frames

/// One machine's entry in `Benchmarks/baseline.json` (`BaselineFile`): the
/// same-run ratios to libyuv that the gate compares with, per frame size
/// and converter, and how they were made.
///
/// The gated ratio is the work ratio: the median over interleaved rounds of
/// (the converter's process CPU time for a frame ÷ libyuv's for the same
/// frame in the same round). Wall-time ratios are kept for information.
public struct Baseline: Codable, Sendable, Equatable {
    /// How the file was made and what the numbers mean, for people.
    public var note: String
    /// The command that wrote it.
    public var command: String
    /// When it was written (ISO 8601).
    public var date: String
    /// The machine line of the run that wrote it.
    public var machine: String
    /// The colour matrix measured.
    public var matrix: String
    /// Measurements combined per cell.
    public var runs: Int
    /// What `ratios` measures.
    public var statistic: String
    /// Per-run CPU-time ratios per cell, for judging the spread: cell →
    /// converter → ratios. A cell's key is its `SyntheticCell.nameComponent`:
    /// `1280x720` upright (the only kind in files written before
    /// orientations), `1280x720/rotate90` otherwise.
    public var samples: [String: [String: [Double]]]
    /// Per-run wall-time ratios per cell (information only, not gated).
    public var wallSamples: [String: [String: [Double]]]
    /// The gated ratio per cell, the largest of `samples`: cell → converter → CPU time ÷ libyuv's.
    public var ratios: [String: [String: Double]]

    /// JSON names (snake case, like the rest of the project's JSON).
    enum CodingKeys: String, CodingKey {
        case note, command, date, machine, matrix, runs, statistic, samples, ratios
        case wallSamples = "wall_samples"
    }

    /// An entry with every field given; `ratios` is each cell's largest sample.
    public init(
        note: String, command: String, date: String, machine: String, matrix: String, runs: Int,
        statistic: String, samples: [String: [String: [Double]]], wallSamples: [String: [String: [Double]]]
    ) {
        self.note = note
        self.command = command
        self.date = date
        self.machine = machine
        self.matrix = matrix
        self.runs = runs
        self.statistic = statistic
        self.samples = samples
        self.wallSamples = wallSamples
        self.ratios = samples.mapValues { $0.mapValues { $0.max() ?? 0 } }
    }

    /// The gated ratios as typed cells (keys that do not parse as a
    /// `SyntheticCell.nameComponent` are skipped).
    public var cells: [GateCell: Double] {
        var result: [GateCell: Double] = [:]
        for (key, converters) in ratios {
            guard let cell = SyntheticCell(nameComponent: key) else { continue }
            for (name, ratio) in converters { result[GateCell(cell, converter: name)] = ratio }
        }
        return result
    }
}
