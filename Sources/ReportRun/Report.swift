import Converters
import Frames
import Measurement
import Reports
import SIMDRows
import Streams

/// Everything one `bench` report run measured, ready for the text table,
/// the JSON file and the HTML page.
public struct Report {
    /// The machine the run was on.
    public let machine: MachineInfo
    /// When the run started (ISO 8601, local time with offset).
    public let date: String
    /// The colour matrix used.
    public let matrix: ColorMatrix
    /// The measurement budget per cell.
    public let budget: RunBudget
    /// Seconds the run aimed to end within (`ReportPlan.deadline`), if any.
    public let deadline: Double?
    /// The converter used end to end.
    public let streamConverter: String
    /// The `parallel` converter's measured crossover: it splits frames of
    /// at least this many pixels (nil when it is not measured).
    public let parallelMinimumPixels: Int?
    /// Converters on synthetic frames, one entry per cell (size and orientation).
    public let synthetic: [CellResults]
    /// Serial end-to-end runs, one per file.
    public let serial: [StreamRun]
    /// Pipelined runs, one per file (empty without `--pipeline`).
    public let pipelined: [StreamRun]
    /// Scaling results, one entry per size (empty without `--scaling`).
    public let scaling: [CellResults]
    /// Presentation runs (stamping policy × delivery scenario × vector), empty with `--no-presentation`.
    public let presentation: [PresentationRun]
    /// The libyuv builds the run knew of, measured or not (missing ones
    /// with the reason).
    public let peerBuilds: [ReportContext.PeerBuild]
    /// The store kinds the `simd` converter chose by trial during the run
    /// (`StoreKindTrials`), one per destination size, smallest first.
    public let storeTrials: [StoreKindTrials.Outcome]
    /// Seconds the whole run took.
    public let seconds: Double

    /// A report with the given sections.
    public init(
        machine: MachineInfo, date: String, matrix: ColorMatrix, budget: RunBudget, streamConverter: String,
        parallelMinimumPixels: Int?, synthetic: [CellResults], serial: [StreamRun], pipelined: [StreamRun],
        scaling: [CellResults], presentation: [PresentationRun], peerBuilds: [ReportContext.PeerBuild] = [],
        deadline: Double? = nil, storeTrials: [StoreKindTrials.Outcome] = [], seconds: Double
    ) {
        self.machine = machine
        self.date = date
        self.matrix = matrix
        self.budget = budget
        self.streamConverter = streamConverter
        self.parallelMinimumPixels = parallelMinimumPixels
        self.synthetic = synthetic
        self.serial = serial
        self.pipelined = pipelined
        self.scaling = scaling
        self.presentation = presentation
        self.peerBuilds = peerBuilds
        self.deadline = deadline
        self.storeTrials = storeTrials
        self.seconds = seconds
    }
}

extension Report {
    /// What makes the run fail, one line each: a stream that could not be
    /// read or decoded (`PATH: ERROR`; the deliberately broken `bad-ts-*`
    /// files excepted), then a converter that failed a synthetic cell
    /// (`synthetic CELL: FAILURE`; one refusing it is skipped, not a fault).
    public var faults: [String] {
        let streams = (serial + pipelined).compactMap { run in
            run.expectedBad ? nil : run.error.map { "\(run.path): \($0)" }
        }
        let cells = synthetic.flatMap { size in size.failures.map { "synthetic \(size.cell): \($0)" } }
        return streams + cells
    }

    /// `PATH: NOTE` for each end-to-end file holding tracks it did not read
    /// (`Track.ignoredTracksNote`), once per file.
    public var trackNotes: [String] {
        serial.compactMap { run in run.track?.ignoredTracksNote.map { "\(run.path): \($0)" } }
    }
}
