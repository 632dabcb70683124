import Containers
import Converters
import Decoding
import Frames
import Measurement
import Statistics

/// What one participant's frame costs in CPU time on this machine: decoding
/// it and converting it with each converter, measured in one pass over the
/// tile's vector on one thread's CPU clock (each frame decoded once, then
/// converted by every converter in turn, the order rotating). It is the
/// capacity a converter leaves, whatever the scheduler does with threads.
public struct CallCPUCost: Sendable {
    /// A mean CPU time per frame in microseconds, with an interval: the
    /// frames split into ten consecutive blocks (`i·n/10 ..< (i+1)·n/10`),
    /// the 95 % sign-test interval of the median of the blocks' means,
    /// widened to contain the overall mean when that falls outside. Drift
    /// within the run widens it; it is not an interval of the mean itself.
    public struct Figure: Sendable, Equatable {
        /// Mean microseconds per frame.
        public let mean: Double
        /// The interval.
        public let interval: ClosedRange<Double>

        /// The figure of per-frame `samples` (nanoseconds); nil when there are none.
        public init?(nanoseconds samples: [Double]) {
            guard !samples.isEmpty else { return nil }
            mean = samples.reduce(0, +) / Double(samples.count) / 1000
            let count = min(10, samples.count)
            let blocks = (0..<count).map { index in
                let block = samples[(index * samples.count / count)..<((index + 1) * samples.count / count)]
                return block.reduce(0, +) / Double(block.count) / 1000
            }
            let interval = Distribution(blocks)!.medianInterval()
            self.interval = min(interval.lowerBound, mean)...max(interval.upperBound, mean)
        }

        /// A figure with these values.
        public init(mean: Double, interval: ClosedRange<Double>) {
            self.mean = mean
            self.interval = interval
        }
    }

    /// Tiles of this cost one core decodes and converts in real time.
    public struct TilesPerCore: Sendable, Equatable {
        /// 10⁶ ÷ (fps × (decode + convert)), means in microseconds.
        public let estimate: Double
        /// The same from the intervals' upper ends (lower bound) and lower ends (upper bound).
        public let interval: ClosedRange<Double>
    }

    /// The tile size asked for.
    public let size: FrameSize
    /// The vector decoded.
    public let vector: String
    /// Frames measured.
    public let frames: Int
    /// Decoding a frame (invisible frames' decoding counts with the next shown frame).
    public let decode: Figure
    /// Converting a frame, by converter name.
    public let convert: [String: Figure]

    /// A cost with these figures.
    public init(size: FrameSize, vector: String, frames: Int, decode: Figure, convert: [String: Figure]) {
        self.size = size
        self.vector = vector
        self.frames = frames
        self.decode = decode
        self.convert = convert
    }

    /// Tiles per core at `fps` when converting with `converter`; nil for a
    /// converter not measured.
    public func tilesPerCore(_ converter: String, fps: Double) -> TilesPerCore? {
        guard let convert = convert[converter], fps > 0 else { return nil }
        /// Tiles a core serves when a frame costs `microseconds`.
        func tiles(_ microseconds: Double) -> Double { microseconds > 0 ? 1e6 / (fps * microseconds) : 0 }
        let fewest = tiles(decode.interval.upperBound + convert.interval.upperBound)
        let most = tiles(decode.interval.lowerBound + convert.interval.lowerBound)
        return TilesPerCore(
            estimate: tiles(decode.mean + convert.mean), interval: min(fewest, most)...max(fewest, most))
    }

    /// Measures the `codec` vector `CallVectors` picks for `size` in `directory`:
    /// at least `minimumFrames` frames (looping the file), decoded once
    /// and converted by each of `converters`, on `cpuClock` (this thread's
    /// CPU time by default; a fake in tests).
    /// - Throws: `CallSetupError` for a missing vector, an unknown
    ///   converter, or a decoder's or converter's error (naming the vector).
    public static func measure(
        size: FrameSize, codec: Codec = .vp8, directory: String, converters names: [String],
        layout: ChromaLayout = .i420,
        minimumFrames: Int = 300, cpuClock: @escaping () -> UInt64 = Clock.threadCPU
    ) throws -> CallCPUCost {
        let choice = try CallVectors.choose(size, codec: codec, directory: directory)
        let recording = try CallVectors.recording(choice.path)
        let converters = try names.map { name in
            guard let converter = ConverterRegistry.make(name) else {
                throw CallSetupError("unknown converter '\(name)'")
            }
            return converter
        }
        var decode: [Double] = []
        var convert = Array(repeating: [Double](), count: converters.count)
        var target = ConversionTarget()
        var carried: UInt64 = 0
        /// One pass over the vector, each shown frame decoded once and converted by every converter.
        func pass() throws(StreamDecodeError) {
            _ = try StreamDecoder.decode(
                packets: recording.replay(), layout: layout, clock: cpuClock,
                onPacket: { record, timing in
                    if record.shownFrames == 0, let timing { carried &+= timing.decodeTime }
                }
            ) { frame in
                decode.append(Double((frame.timing?.decodeTime ?? 0) &+ carried))
                carried = 0
                for step in 0..<converters.count {
                    let index = (decode.count + step) % converters.count
                    let started = cpuClock()
                    _ = try target.convert(frame.source, with: converters[index], matrix: .bt601)
                    convert[index].append(Double(cpuClock() &- started))
                }
            }
        }
        while decode.count < minimumFrames {
            let before = decode.count
            do { try pass() } catch { throw CallSetupError("\(choice.path): \(error)") }
            guard decode.count > before else { throw CallSetupError("no frames in \(choice.path)") }
        }
        return CallCPUCost(
            size: size, vector: choice.path, frames: decode.count, decode: Figure(nanoseconds: decode)!,
            convert: Dictionary(uniqueKeysWithValues: zip(names, convert.map { Figure(nanoseconds: $0)! })))
    }
}
