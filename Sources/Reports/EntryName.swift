/// A report entry's name as a value: what the entry measured. The report
/// writes names from it and a reader parses each name once into it, so the
/// name's layout is defined here only.
public enum EntryName: Hashable, Sendable, CustomStringConvertible {
    /// One part of a stream run.
    public enum StreamPart: String, Sendable, CaseIterable {
        /// libvpx's decode of each packet.
        case decode
        /// The conversion of each shown frame.
        case convert
        /// Decode start to hand-off of each shown frame.
        case latency
        /// A whole pass ÷ its frames.
        case frame
    }

    /// A synthetic cell: `convert/CONVERTER/WxH[/LAYOUT][/ORIENTATION]`,
    /// with `layout` when it is given (not I420: `nv12`) and `orientation`
    /// when it is given (not upright); an upright I420 cell is
    /// `convert/CONVERTER/WxH`, as before layouts and orientations.
    case convert(converter: String, size: String, layout: String? = nil, orientation: String?)
    /// A scaling cell: `scaling/CONTENDER/WxH`.
    case scaling(contender: String, size: String)
    /// A stream run's part: `stream/MODE/FILE/PART`.
    case stream(mode: String, file: String, part: StreamPart)
    /// A name of no known layout.
    case other(String)

    /// The source layouts a `convert/*` name carries (I420, the default,
    /// is never named): the part after the size when it is one of these.
    public static let namedLayouts = ["nv12"]

    /// The entry `name` names.
    public init(parsing name: String) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("convert", 3):
            self = .convert(converter: parts[1], size: parts[2], orientation: nil)
        case ("convert", 4) where Self.namedLayouts.contains(parts[3]):
            self = .convert(converter: parts[1], size: parts[2], layout: parts[3], orientation: nil)
        case ("convert", 4):
            self = .convert(converter: parts[1], size: parts[2], orientation: parts[3])
        case ("convert", 5) where Self.namedLayouts.contains(parts[3]):
            self = .convert(converter: parts[1], size: parts[2], layout: parts[3], orientation: parts[4])
        case ("scaling", 3):
            self = .scaling(contender: parts[1], size: parts[2])
        case ("stream", 4) where StreamPart(rawValue: parts[3]) != nil:
            self = .stream(mode: parts[1], file: parts[2], part: StreamPart(rawValue: parts[3])!)
        default:
            self = .other(name)
        }
    }

    /// The name.
    public var description: String {
        switch self {
        case .convert(let converter, let size, let layout, let orientation):
            "convert/\(converter)/\(size)" + (layout.map { "/\($0)" } ?? "") + (orientation.map { "/\($0)" } ?? "")
        case .scaling(let contender, let size): "scaling/\(contender)/\(size)"
        case .stream(let mode, let file, let part): "stream/\(mode)/\(file)/\(part.rawValue)"
        case .other(let name): name
        }
    }

    /// Whether it names a reference's measurement: a memory floor's
    /// (`floor`, `floor:Nthreads`) or libyuv's synthetic cell, or libvpx's
    /// decode of a stream.
    public var isReference: Bool {
        switch self {
        case .convert(let converter, _, _, _):
            converter == EntryCell.floorConverter || converter.hasPrefix(EntryCell.floorConverter + ":")
                || converter == EntryCell.referenceConverter
        case .stream(_, _, let part): part == .decode
        case .scaling, .other: false
        }
    }

    /// Whether it names an end-to-end timing of a stream (its convert,
    /// latency or frame part).
    public var isEndToEnd: Bool {
        if case .stream(_, _, let part) = self { part != .decode } else { false }
    }
}
