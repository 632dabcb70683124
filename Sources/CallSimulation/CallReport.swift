import Frames
import Presentation
import Statistics

/// Counts and latencies over a set of due frames.
public struct CallFigures: Sendable, Equatable {
    /// Frames due (that the participant reached before any failure).
    public let due: Int
    /// Converted before the next frame of their participant was due.
    public let onTime: Int
    /// Converted after it.
    public let late: Int
    /// Not started before it (decoded only).
    public let dropped: Int
    /// Due → converted latency of the converted frames, nanoseconds (nil when none).
    public let latency: Distribution?
    /// Freezes: gaps between presentations above Presentation's threshold
    /// (max(150 ms, 3 × the mean frame interval)).
    public let freezes: Int

    /// The figures of `records` (one or several participants) with `freezes` freezes.
    public init(records: [CallFrameRecord], freezes: Int) {
        due = records.count
        onTime = records.lazy.filter { $0.outcome == .onTime }.count
        late = records.lazy.filter { $0.outcome == .late }.count
        dropped = records.lazy.filter { $0.outcome == .dropped }.count
        latency = Distribution(records.compactMap { $0.latency.map { Double($0) } })
        self.freezes = freezes
    }
}

/// One participant's figures.
public struct CallTileReport: Sendable {
    /// 0-based participant index.
    public let participant: Int
    /// The request it belongs to.
    public let request: CallTileRequest
    /// The vector it decoded.
    public let vector: String
    /// The size its stream really has (may differ from the request's: the nearest vector).
    public let streamSize: FrameSize
    /// Its counts and latencies.
    public let figures: CallFigures
    /// The error that stopped it mid-call, if any.
    public let error: String?
    /// Its records.
    public let records: [CallFrameRecord]

    /// The report of `records`; freezes from the frames presented in order
    /// and stamped with the `stream` policy (`PresentedSequence`).
    public init(
        participant: Int, request: CallTileRequest, vector: String, streamSize: FrameSize,
        records: [CallFrameRecord], error: String?
    ) {
        self.participant = participant
        self.request = request
        self.vector = vector
        self.streamSize = streamSize
        self.records = records
        self.error = error
        let deliveries = records.map {
            Delivery(
                frame: $0.frame, packet: $0.frame + 1, mediaTime: $0.mediaTime, arrival: $0.due, handOff: $0.finished)
        }
        let sequence = PresentedSequence(deliveries: deliveries, policy: .stream)
        figures = CallFigures(records: records, freezes: sequence.check.count(.freeze))
    }
}
