/// Who a contender is. Samples, failures and results carry this identity;
/// their label (in tables, JSON names and charts) is made from it and never
/// parsed back.
public enum ContenderID: Hashable, Sendable, CustomStringConvertible {
    /// A converter, by its name (`simd`, `libyuv`, a plug-in's converter).
    case converter(String)
    /// The converter of this name converting upright, beside its own
    /// oriented conversion in an oriented cell (`UprightTwin`).
    case upright(String)
    /// The memory floor on this many threads.
    case floor(threads: Int)
    /// The scaling section's parallel converter on this many threads.
    case threads(Int)

    /// The label: the converter's name, `NAME@upright`, `floor` (one
    /// thread) or `floor:Nthreads`, `threads:N`.
    public var description: String {
        switch self {
        case .converter(let name): name
        case .upright(let name): name + "@upright"
        case .floor(let threads): threads == 1 ? Self.floorName : "\(Self.floorName):\(threads)threads"
        case .threads(let count): "threads:\(count)"
        }
    }

    /// The converter's name for a converter or its upright twin; nil for
    /// floors and the scaling section's thread counts.
    public var converterName: String? {
        switch self {
        case .converter(let name), .upright(let name): name
        case .floor, .threads: nil
        }
    }

    /// Whether this is a memory floor.
    public var isFloor: Bool {
        if case .floor = self { true } else { false }
    }

    /// The name of the one-thread memory floor.
    static let floorName = "floor"
}
