import Reports

/// One end-to-end run of a report: its `stream/*` entries (decode,
/// convert, latency, frame), or for a run that gave no frame its record in
/// the document (`not_measured_streams`).
struct StreamEntries {
    /// The vector file's path.
    let path: String
    /// The per-packet decode times' entry.
    var decode: ReportEntry?
    /// The per-frame conversion times' entry.
    var convert: ReportEntry?
    /// The per-frame latencies' entry.
    var latency: ReportEntry?
    /// The whole passes' entry.
    var frame: ReportEntry?
    /// The record of a run that gave no frame.
    var frameless: NotMeasuredStream?

    /// The run's fields every one of its entries holds.
    private var shared: ReportEntry? { decode ?? convert ?? latency ?? frame }

    /// The file's name, its path's last component.
    var fileName: String { Self.fileName(path) }
    /// What stopped the run, if anything.
    var error: String? { shared?.error ?? frameless?.error }
    /// The codec read (`vp8`, `av1`, ...); nil when the file could not be read.
    var codec: String? { shared?.codec ?? frameless?.codec }
    /// The video track read (1-based); nil when the file could not be read.
    var track: Int? { shared?.track ?? frameless?.track }
    /// Shown frames in one pass.
    var frames: Int { shared?.frames ?? 0 }
    /// Passes over the file.
    var passes: Int { shared?.passes ?? frameless?.passes ?? 1 }
    /// Whether the file's stamps are known to be bad.
    var expectedFailure: Bool { shared?.expectedFailure ?? frameless?.expectedFailure ?? false }
    /// Whether frames were handed off in decode order.
    var inOrder: Bool { shared?.inOrder ?? true }
    /// Whether every hand-off was stamped no earlier than the one before it.
    var deliveryMonotonic: Bool { shared?.deliveryMonotonic ?? true }
    /// The first hand-off stamped earlier than the one before it.
    var deliveryBackwardsAt: Int? { shared?.deliveryBackwardsAt }
    /// The shown frames whose stamps went backwards or repeated, with the
    /// kind of each (`violation` where the report does not say).
    var violations: [(frame: Int, kind: String)] {
        let frames = shared?.timestampViolations ?? []
        let kinds = shared?.timestampViolationKinds ?? []
        return frames.enumerated().map { ($1, $0 < kinds.count ? kinds[$0] : "violation") }
    }
    /// The shown frames after a gap in the stamps.
    var gaps: [Int] { shared?.gaps ?? [] }
    /// Frames a second over all passes (0 without frames).
    var framesPerSecond: Double { frame?.framesPerSecond ?? 0 }

    /// `path`'s last component.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The runs of `mode` (`serial`, `pipelined`) in `document`, in report
    /// order.
    static func all(in document: ReportDocument, mode: String) -> [StreamEntries] {
        var runs: [StreamEntries] = []
        for entry in document.benchmarks {
            guard case .stream(mode, _, let part) = EntryName(parsing: entry.name), let path = entry.file else {
                continue
            }
            if runs.last?.path != path { runs.append(StreamEntries(path: path)) }
            switch part {
            case .decode: runs[runs.count - 1].decode = entry
            case .convert: runs[runs.count - 1].convert = entry
            case .latency: runs[runs.count - 1].latency = entry
            case .frame: runs[runs.count - 1].frame = entry
            }
        }
        let frameless = document.notMeasuredStreams.filter { $0.mode == mode }
        for record in frameless.sorted(by: { $0.position < $1.position }) {
            runs.insert(
                StreamEntries(path: record.file, frameless: record), at: Swift.min(record.position, runs.count))
        }
        return runs
    }
}
