import Conformance
import Containers
import Converters
import Decoding
import Dispatch
import Frames
import Statistics

/// The pipelined end-to-end pass: a serial decode queue decodes packets and
/// copies each shown frame into a small ring of owned buffers; a serial
/// convert queue converts them and hands them off. Decoding frame N+1
/// overlaps converting frame N; the convert queue is FIFO, so hand-offs
/// are in decode order, and each is stamped on the monotonic clock.
///
/// The copy is needed because libvpx's planes are only valid until the
/// next decode call; it is part of the measured pipeline.
public enum Pipeline {
    /// Frames that may be decoded ahead of the one converting.
    public static let defaultDepth = 3

    /// Runs the pipelined pass over `path` (its video track `track`,
    /// 1-based; nil: the first); blocks until every frame is
    /// handed off. Never throws: a read or decode error ends the pass and is
    /// recorded (frames already queued are still converted).
    public static func run(
        path: String, track: Int? = nil, converter: any FrameConverter, matrix: ColorMatrix,
        depth: Int = defaultDepth
    ) -> StreamRun {
        let state = PipelineState(depth: depth)
        let decodeQueue = DispatchQueue(label: "framebench.pipeline.decode")
        let convertQueue = DispatchQueue(label: "framebench.pipeline.convert")
        let freeSlots = DispatchSemaphore(value: depth)
        let finished = DispatchGroup()
        let start = Clock.monotonic()
        finished.enter()
        decodeQueue.async {
            defer { finished.leave() }
            do {
                state.track = try StreamDecoder.decode(
                    path: path, track: track, clock: Clock.monotonic,
                    onPacket: { _, timing in
                        if let timing { state.decodeTimes.append(Double(timing.decodeTime)) }
                    }
                ) { frame in
                    let index = state.shown.count
                    let packetStart = frame.timing?.started ?? Clock.monotonic()
                    state.shown.append(ShownFrameTime(index: index, of: frame))
                    state.shownDecodeTimes.append(Double(frame.timing?.decodeTime ?? 0))
                    freeSlots.wait()  // slot index % depth is now free: its previous frame was handed off
                    let slot = index % depth
                    state.fill(slot: slot, from: frame.image)
                    finished.enter()
                    convertQueue.async {
                        defer { finished.leave() }
                        let c0 = Clock.monotonic()
                        do throws(ConversionError) {
                            try state.convert(slot: slot, with: converter, matrix: matrix)
                        } catch {
                            state.convertError = state.convertError ?? "\(converter.name): \(error)"
                        }
                        let handOff = Clock.monotonic()
                        state.convertTimes.append(Double(handOff &- c0))
                        state.latencies.append(Double(handOff &- packetStart))
                        state.deliveries.append((index, handOff))
                        freeSlots.signal()
                    }
                }
                .track
            } catch {
                state.track = (error as? StreamDecodeError)?.summary?.track
                state.error = "\(error)"
            }
        }
        finished.wait()
        let seconds = Clock.seconds(since: start)
        return convertQueue.sync {
            var run = StreamRun(
                path: path, mode: .pipelined, converter: converter.name, frames: state.deliveries.count,
                decodeTimes: state.decodeTimes, convertTimes: state.convertTimes,
                shownDecodeTimes: state.shownDecodeTimes, latencies: state.latencies,
                passSeconds: [seconds], passDecodeTimes: [state.decodeTimes.reduce(0, +)],
                timestamps: TimestampCheck(frames: state.shown),
                inOrder: state.deliveries.map(\.index) == Array(0..<state.deliveries.count),
                deliveryBackwardsAt: StreamRun.firstBackwards(state.deliveries.map(\.stamp)),
                error: state.error ?? state.convertError)
            run.track = state.track
            return run
        }
    }
}

/// The state the two pipeline queues share.
///
/// `@unchecked Sendable` because the compiler cannot see the ownership
/// protocol that makes it safe:
/// - `shown`, `shownDecodeTimes`, `decodeTimes`, `error` and filling a slot happen only on the
///   decode queue;
/// - `convertTimes`, `latencies`, `deliveries`, `convertError`, `target` and reading a
///   slot happen only on the convert queue;
/// - slot `i` passes from decode to convert with `async` (a happens-before
///   edge) and back with the semaphore, so no slot is touched by both
///   queues at once;
/// - the caller reads everything only after the group is done and from a
///   `sync` on the convert queue.
private final class PipelineState: @unchecked Sendable {
    var shown: [ShownFrameTime] = []
    var decodeTimes: [Double] = []
    var shownDecodeTimes: [Double] = []
    var convertTimes: [Double] = []
    var latencies: [Double] = []
    var deliveries: [(index: Int, stamp: UInt64)] = []
    var error: String?
    /// The track the file's header describes (decode queue, read after it ends).
    var track: Track?
    /// The first conversion failure (convert queue only).
    var convertError: String?
    /// The ring; the array itself never changes after `init`, only each slot's contents.
    private let slots: [Slot]
    private var target = ConversionTarget()

    /// One frame buffer of the ring.
    private final class Slot {
        var buffer: I420Buffer?
    }

    /// A ring of `depth` empty slots.
    init(depth: Int) { slots = (0..<depth).map { _ in Slot() } }

    /// Decode queue: copies `image` into slot `slot`, reallocating it when the size changes.
    func fill(slot: Int, from image: I420View) {
        let slot = slots[slot]
        if slot.buffer?.size != image.size { slot.buffer = I420Buffer(size: image.size) }
        slot.buffer!.copy(from: image)
    }

    /// Convert queue: converts slot `slot` into the output buffer.
    func convert(slot: Int, with converter: any FrameConverter, matrix: ColorMatrix) throws(ConversionError) {
        _ = try target.convert(.i420(slots[slot].buffer!.view), with: converter, matrix: matrix)
    }
}
