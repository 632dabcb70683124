import Containers
import Converters
import Frames
import Measurement

/// What a report run measures (the command line's choices, less where its
/// output goes).
public struct ReportPlan {
    /// Synthetic frame sizes, in order.
    public var sizes = SyntheticCell.defaultSizes
    /// The orientations of the synthetic cells; nil: the sizes upright,
    /// plus those of `SyntheticCell.defaultOriented` whose size is among them.
    public var orientations: [Orientation]?

    /// The source layouts every cell is measured in, in order (default:
    /// I420 only).
    public var layouts: [ChromaLayout] = [.i420]
    /// The sizes at which the layouts after the first are measured; nil:
    /// every size (the gate measures NV12 at two sizes only).
    public var laterLayoutSizes: [FrameSize]?

    /// The synthetic cells: each size in each of `orientations` (the
    /// orientations of a size one after the other), or (without them) each
    /// size upright followed by the default oriented cells at sizes
    /// measured; each of these in each of `layouts`, one after the other
    /// (the later layouts only at `laterLayoutSizes` when given).
    public var cells: [SyntheticCell] {
        let base =
            orientations.map { orientations in
                sizes.flatMap { size in orientations.map { SyntheticCell(size: size, orientation: $0) } }
            } ?? sizes.map { SyntheticCell(size: $0) }
            + SyntheticCell.defaultOriented.filter { sizes.contains($0.size) }
        return base.flatMap { cell in
            layouts.enumerated().compactMap { index, layout in
                index == 0 || laterLayoutSizes?.contains(cell.size) != false ? cell.inLayout(layout) : nil
            }
        }
    }
    /// The colour matrix.
    public var matrix = ColorMatrix.bt601
    /// The converters measured (always including libyuv).
    public var converters: [String] = ConverterRegistry.reportNames
    /// Plug-in converters measured beside them (before libyuv).
    public var pluginConverters: [any FrameConverter] = []
    /// Threads for `parallel` (nil: all cores).
    public var threads: Int?
    /// Stream files and directories for the end-to-end section, each with
    /// the video track to read (a directory's applies to its every file).
    public var vectors: [StreamFile] = []
    /// The converter used end to end.
    public var streamConverter = ConverterRegistry.streamDefaultName
    /// Whether to run the pipelined mode too.
    public var pipeline = false
    /// Whether to run the scaling section.
    public var scaling = false
    /// Whether to run the presentation section.
    public var presentation = true
    /// Per-cell budget.
    public var budget = RunBudget()
    /// Seconds the whole run aims to end within: the synthetic cells,
    /// measured after every other section, share what those leave, each
    /// cell at most `budget.seconds` and at least `budget.minFrames` frames.
    /// The other sections, the minimum frames and the checks each cell
    /// makes after its timed rounds are not cut short, so a run can end
    /// later. Nil, or outside 0 ... 10⁹: every cell may take `budget.seconds`.
    public var deadline: Double? = ReportPlan.defaultDeadline

    /// The default `deadline`: with the default sections on two cores, a
    /// report that ends within a minute on a slower machine too, where the
    /// cells' own budget alone took 59 s on a fast one.
    public static let defaultDeadline = 55.0

    /// The default plan: every report converter at the default sizes and
    /// oriented cells, Vectors/ end to end not included.
    public init() {}
}
