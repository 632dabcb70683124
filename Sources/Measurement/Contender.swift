import Converters
import Frames

/// One entry of an interleaved benchmark round: a converter, or a memory
/// floor that converters are compared with.
public struct Contender {
    /// What runs.
    public enum Kind {
        /// A converter, converting the frame into the output it holds (`OutputPassing`).
        case converter(any FrameConverter)
        /// A memory floor (`MemoryFloor`) on this many threads: the bytes a
        /// conversion reads and writes, moved as fast as the machine can.
        case floor(threads: Int)
    }

    /// Who it is.
    public let id: ContenderID
    /// What runs.
    public let kind: Kind

    /// The label in tables, JSON names and charts (`scalar`, `floor`, `threads:2`...).
    public var label: String { id.description }

    /// The label of the one-thread memory floor.
    public static let floorLabel = ContenderID.floorName

    /// The label of the memory floor on `threads` threads (`floor` for one,
    /// `floor:2threads` for two, ...).
    public static func floorLabel(threads: Int) -> String { ContenderID.floor(threads: threads).description }

    /// A contender for `converter`, identified by its name unless `id` is given.
    public static func converter(_ converter: any FrameConverter, id: ContenderID? = nil) -> Contender {
        Contender(id: id ?? .converter(converter.name), kind: .converter(converter))
    }

    /// The memory floor on `threads` threads, split in the bands a parallel
    /// converter with as many threads uses.
    public static func floor(threads: Int = 1) -> Contender {
        Contender(id: .floor(threads: threads), kind: .floor(threads: threads))
    }

    /// Whether this is a memory floor.
    public var isFloor: Bool { if case .floor = kind { true } else { false } }

    /// The threads `converter` uses for a frame of `size`: a parallel
    /// converter's thread count at sizes it splits, else 1.
    public static func threads(of converter: any FrameConverter, at size: FrameSize) -> Int {
        guard let parallel = converter as? ParallelConverter, size.pixelCount >= parallel.minimumParallelPixels
        else { return 1 }
        return parallel.threads
    }
}
