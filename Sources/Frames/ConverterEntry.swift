/// One row of the converter table (`ConverterRegistry.table`): a built-in
/// converter's name, how it is judged, what it offers and how to make it.
/// The registry, the conformance tests and the checks read these rows; a
/// new converter is its own file, with its row, plus one line in the table.
public struct ConverterEntry: Sendable {
    /// How reports, checks and the gate judge a converter.
    public enum Role: Sendable, Equatable {
        /// Held to libyuv's bytes and measured by default.
        case exact
        /// Compared with libyuv by its deviation, within a tolerance per
        /// matrix (the largest |Δ| from libyuv's bytes), and measured by default.
        case peer(tolerance: @Sendable (ColorMatrix) -> Int)
        /// Another configuration of an exact converter, made on request
        /// only (for comparisons such as `simd-cached` against `simd-streaming`).
        case variant

        /// Whether `a` and `b` are the same role (tolerances are not compared).
        public static func == (a: Role, b: Role) -> Bool {
            switch (a, b) {
            case (.exact, .exact), (.peer, .peer), (.variant, .variant): true
            default: false
            }
        }
    }

    /// What the rest of FrameBench relies on one converter for, beside how
    /// it is judged: each duty belongs to one row of the table (the
    /// call's comparison and the gate's controls to several), and
    /// `ConverterRegistry` finds it there rather than by a name written
    /// elsewhere.
    public enum Duty: Sendable, Hashable, CaseIterable {
        /// The oracle: every converter is held to its bytes (or to a
        /// tolerance around them), and `×libyuv` divides by its time.
        case oracle
        /// The readable reference, the arithmetic written out one pixel at
        /// a time: `×scalar` divides by its time.
        case readableReference
        /// The converter used end to end, by `present` and in calls unless
        /// another is named, and the one whose layout costs the report shows.
        case streamDefault
        /// Splits a frame over threads: the gate judges its thread use and
        /// does not count its instructions (how its threads wait is
        /// scheduling, not code).
        case splitsFrames
        /// Compared in `bench call --find-capacity`.
        case callComparison
        /// Its code follows `FRAMEBENCH_SIMD`: counted at every SIMD level.
        case countedPerLevel
        /// Counted beside every gate's converters as its control: a library
        /// that is the same in both builds.
        case countControl
    }

    /// The command-line name, also the converter's `name`.
    public let name: String
    /// How it is judged.
    public let role: Role
    /// What else it is relied on for.
    public let duties: Set<Duty>
    /// The orientations it converts; it throws `.unsupported` for the others.
    public let orientations: [Orientation]
    /// The source layouts it converts; it throws `.unsupported` for the others.
    public let layouts: [ChromaLayout]
    /// A new instance, or nil where the converter is not available (then
    /// `unavailableReason` says why); `threads` applies to converters that
    /// split frames over threads (nil: the active processor count).
    public let make: @Sendable (_ threads: Int?) -> (any FrameConverter)?
    /// Why the converter cannot be made on this machine, in one line (a
    /// peer whose library is not built); nil where it can.
    public let unavailableReason: @Sendable () -> String?
    /// Every configuration the conformance tests hold to libyuv's bytes,
    /// each with a label for failure messages (empty for variants, whose
    /// configurations another row covers, and for peers with a tolerance;
    /// a peer held to libyuv's bytes, such as libyuv-latest, has its own).
    public let conformancePaths: @Sendable () -> [(label: String, converter: any FrameConverter)]

    /// A row with these fields; `duties` defaults to none, `unavailableReason` to none (the
    /// converter is always available) and `conformancePaths` to the one
    /// instance `make(nil)` makes, labelled `name`, for an exact converter,
    /// and to none otherwise.
    public init(
        name: String, role: Role, duties: Set<Duty> = [], orientations: [Orientation] = Orientation.allCases,
        layouts: [ChromaLayout] = ChromaLayout.allCases,
        unavailableReason: @escaping @Sendable () -> String? = { nil },
        make: @escaping @Sendable (_ threads: Int?) -> (any FrameConverter)?,
        conformancePaths: (@Sendable () -> [(label: String, converter: any FrameConverter)])? = nil
    ) {
        self.name = name
        self.role = role
        self.duties = duties
        self.orientations = orientations
        self.layouts = layouts
        self.unavailableReason = unavailableReason
        self.make = make
        self.conformancePaths =
            conformancePaths ?? { role == .exact ? make(nil).map { [(name, $0)] } ?? [] : [] }
    }

    /// Whether the converter can be made on this machine.
    public var isAvailable: Bool { unavailableReason() == nil }

    /// Whether it is a peer, judged by its deviation from libyuv.
    public var isPeer: Bool {
        if case .peer = role { true } else { false }
    }

    /// The tolerance of a peer with `matrix`; nil for exact converters and variants.
    public func tolerance(matrix: ColorMatrix) -> Int? {
        if case .peer(let tolerance) = role { tolerance(matrix) } else { nil }
    }
}
