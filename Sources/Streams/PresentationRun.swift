import Containers
import Converters
import Decoding
import Frames
import Presentation

/// One stream decoded with `StreamDecoder`, converted to BGRA, delivered
/// under a `DeliveryScenario` and stamped with a `StampingPolicy`: the
/// presented sequence and its checks.
public struct PresentationRun: Sendable {
    /// The file's path as given.
    public let path: String
    /// The track read, or nil when the file could not be opened.
    public let track: Track?
    /// The converter used.
    public let converter: String
    /// The delivery scenario.
    public let scenario: DeliveryScenario
    /// What was presented, and its checks.
    public let sequence: PresentedSequence
    /// The error that stopped the decode early, if any (frames before it are kept).
    public let error: String?

    /// Shown frames.
    public var shown: Int { sequence.deliveries.count }
    /// Presented frames.
    public var presented: Int { sequence.frames.count }
    /// Whether the run passes: it decoded to the end, presentation times
    /// strictly increase, and no frame is lost unless the scenario drops
    /// frames by design.
    public var passed: Bool { error == nil && sequence.passes(dropsByDesign: scenario.dropsFramesByDesign) }

    /// Why the run failed, in one line (`error: ...`, the first violation,
    /// or the first lost frame); nil when it passed.
    public var failure: String? {
        guard !passed else { return nil }
        return error.map { "error: \($0)" } ?? sequence.check.violations.first?.description
            ?? "lost frame \(sequence.check.lost.first ?? -1)"
    }

    /// Runs `path` (its `trackNumber`-th video track, 1-based, where the
    /// container has tracks; nil: the first) through `converter`
    /// (`matrix`, frames in `layout`: NV12 as a VideoToolbox decoder would
    /// hand them over) under `scenario` and `policy` on `clock` (the
    /// monotonic clock with real waiting for real runs; a `ManualClock` in
    /// tests). Never throws: a read or decode error ends the run and is
    /// recorded.
    public static func run(
        path: String, trackNumber: Int? = nil, converter: any FrameConverter, matrix: ColorMatrix = .bt601,
        layout: ChromaLayout = .i420, scenario: DeliveryScenario, policy: StampingPolicy,
        clock: any PresentationClock = MonotonicClock()
    ) -> PresentationRun {
        // Two passes over the file, each packet by packet: the packets'
        // times for the arrival schedule, then the decode.
        let (timed, source): (any PacketSource, any PacketSource)
        do {
            (timed, source) = (
                try ContainerFile.open(path: path, trackNumber: trackNumber),
                try ContainerFile.open(path: path, trackNumber: trackNumber)
            )
        } catch {
            return PresentationRun(
                path: path, track: nil, converter: converter.name, scenario: scenario,
                sequence: PresentedSequence(deliveries: [], policy: policy),
                error: "\(error)")
        }
        let (packetTimes, timeFault) = Self.packetTimes(timed, paced: scenario.isPaced)
        let schedule = ArrivalSchedule(scenario: scenario, packetTimes: packetTimes, start: clock.now())
        let session = PresentationSession(clock: clock, scenario: scenario, schedule: schedule)
        var failure: String?
        session.waitForPacket(0)
        do {
            // A packet whose time cannot be presented ends the stream
            // before it: the decode reads the packets before it.
            _ = try ConvertedStream.run(
                packets: timeFault.map { PacketPrefix(source, endingBefore: $0.packet) } ?? source,
                converter: converter,
                matrix: matrix, layout: layout,
                onPacket: { record, _ in session.waitForPacket(record.number) }
            ) { frame, _ in
                session.frameConverted(packet: frame.packet, mediaTime: frame.time)
            }
        } catch {
            failure = "\(error)"
        }
        failure = failure ?? timeFault?.description
        let deliveries = session.finish()
        return PresentationRun(
            path: path, track: source.track, converter: converter.name, scenario: scenario,
            sequence: PresentedSequence(deliveries: deliveries, policy: policy), error: failure)
    }

    /// Each packet's pts in seconds, in file order, and the packet time
    /// fault that ends them (`PacketTimeFault.packetTimes`).
    static func packetTimes(_ reader: any PacketSource, paced: Bool) -> ([Double], PacketTimeFault?) {
        let (pts, fault) = PacketTimeFault.packetTimes(reader, paced: paced)
        return (pts.map { MediaTime(value: $0, timebase: reader.track.timebase).seconds }, fault)
    }
}
