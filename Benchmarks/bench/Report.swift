import Converters
import Frames
import Measurement
import Streams

/// Everything one `bench` report run measured, ready for the text table,
/// the JSON file and the HTML page.
struct Report {
    /// The machine the run was on.
    let machine: MachineInfo
    /// When the run started (ISO 8601, local time with offset).
    let date: String
    /// The colour matrix used.
    let matrix: ColorMatrix
    /// The measurement budget per cell.
    let budget: RunBudget
    /// The converter used end to end.
    let streamConverter: String
    /// The `parallel` converter's measured crossover: it splits frames of
    /// at least this many pixels (nil when it is not measured).
    let parallelMinimumPixels: Int?
    /// Converters on synthetic frames, one entry per cell (size and orientation).
    let synthetic: [SizeResult]
    /// Serial end-to-end runs, one per file.
    let serial: [StreamRun]
    /// Pipelined runs, one per file (empty without `--pipeline`).
    let pipelined: [StreamRun]
    /// Scaling results, one entry per size (empty without `--scaling`).
    let scaling: [SizeResult]
    /// Presentation runs (stamping policy × delivery scenario × vector), empty with `--no-presentation`.
    let presentation: [PresentationRun]
    /// Seconds the whole run took.
    let seconds: Double
}

/// The configuration of a report run, from the command line.
struct ReportOptions {
    /// The default synthetic sizes.
    static let defaultSizes = SyntheticCell.defaultSizes

    /// Synthetic frame sizes, in order.
    var sizes = defaultSizes
    /// The orientations of the synthetic cells; nil: the sizes upright,
    /// plus those of `SyntheticCell.defaultOriented` whose size is among them.
    var orientations: [Orientation]?

    /// The synthetic cells: each size in each of `orientations` (the
    /// orientations of a size one after the other), or (without them) each
    /// size upright followed by the default oriented cells at sizes measured.
    var cells: [SyntheticCell] {
        if let orientations {
            return sizes.flatMap { size in orientations.map { SyntheticCell(size: size, orientation: $0) } }
        }
        return sizes.map { SyntheticCell(size: $0) } + SyntheticCell.defaultOriented.filter { sizes.contains($0.size) }
    }
    /// The colour matrix.
    var matrix = ColorMatrix.bt601
    /// The converters measured (always including libyuv).
    var converters: [String] = ConverterRegistry.reportNames
    /// Plug-in converters measured beside them (before libyuv).
    var pluginConverters: [any FrameConverter] = []
    /// Threads for `parallel` (nil: all cores).
    var threads: Int?
    /// IVF files and directories for the end-to-end section.
    var vectorPaths: [String] = []
    /// The converter used end to end.
    var streamConverter = "simd"
    /// Whether to run the pipelined mode too.
    var pipeline = false
    /// Whether to run the scaling section.
    var scaling = false
    /// Whether to run the presentation section.
    var presentation = true
    /// Per-cell budget.
    var budget = RunBudget()
    /// Where to write Google Benchmark JSON, if anywhere.
    var jsonPath: String?
    /// Where to write the HTML page, if anywhere.
    var htmlPath: String?
    /// No progress line even on a terminal.
    var quiet = false
}
