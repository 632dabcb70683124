import Converters
import Frames

/// One entry of an interleaved benchmark round: a converter, or the memory
/// floor that every converter is compared with.
struct Contender {
    /// What runs.
    enum Kind {
        /// A converter, converting the frame into its own output buffer.
        case converter(any FrameConverter)
        /// The memory floor: a copy of the input and a fill of the output.
        case floor
    }

    /// The label in tables, JSON names and charts (`scalar`, `floor`, `threads:2`...).
    let label: String
    /// What runs.
    let kind: Kind

    /// The label the memory floor always has.
    static let floorLabel = "floor"
    /// The label of the converter the ×libyuv ratios (and the gate's) are taken against.
    static let referenceLabel = "libyuv"
    /// The label of the readable reference, for the `×scalar` ratios.
    static let scalarLabel = "scalar"

    /// A contender for `converter`, labelled with its name unless `label` is given.
    static func converter(_ converter: any FrameConverter, label: String? = nil) -> Contender {
        Contender(label: label ?? converter.name, kind: .converter(converter))
    }

    /// The memory-floor contender.
    static var floor: Contender { Contender(label: floorLabel, kind: .floor) }

    /// Whether this is the memory floor.
    var isFloor: Bool { if case .floor = kind { true } else { false } }
}
