import Reports

/// What a cell's second condition compares head and reference by
/// (`GateComparison`): a figure measured in the same rounds of the same
/// process, which moves with the machine and the whole process but not
/// with the cell's own code.
public enum Yardstick: Sendable, Equatable {
    /// A converter's CPU time relative to libyuv's (`ProcessFigures.cpuToLibyuv`).
    case libyuv
    /// libyuv's own time relative to the memory floor's (`ProcessFigures.toFloor`).
    case floor

    /// The yardstick of `cell`: the floor for libyuv's own cells, libyuv
    /// for every other converter's.
    public init(of cell: EntryCell) {
        self = cell.converter == EntryCell.referenceConverter ? .floor : .libyuv
    }

    /// This yardstick's figure in one process's `figures`; nil when its
    /// report has none.
    public func figure(in figures: ProcessFigures) -> Double? {
        switch self {
        case .libyuv: figures.cpuToLibyuv
        case .floor: figures.toFloor
        }
    }

    /// How a check line names the figure: `cpu×libyuv` or `time÷floor`.
    public var label: String {
        switch self {
        case .libyuv: "cpu×libyuv"
        case .floor: "time÷floor"
        }
    }
}
