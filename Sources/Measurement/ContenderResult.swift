import Conformance
import Frames
import Statistics

/// One contender's figures in one cell (a frame size, layout and orientation).
public struct ContenderResult: Sendable {
    /// The contender.
    public let id: ContenderID
    /// The frame size measured.
    public let size: FrameSize
    /// The orientation converted into (floors: the cell's, though they move the upright bytes).
    public let orientation: Orientation
    /// The source frames' layout (floors too move the bytes of this layout).
    public var layout: ChromaLayout = .i420
    /// Per-frame wall time, nanoseconds.
    public let wall: Distribution
    /// Per-frame process CPU time, nanoseconds (all threads).
    public let cpu: Distribution
    /// Per-frame wall times in round order, nanoseconds (for `bench compare`).
    public let wallInRoundOrder: [Double]
    /// Per-round `time ÷ libyuv's time` in round order (empty without libyuv).
    public let libyuvRatios: [Double]
    /// Median of per-round `time ÷ libyuv's time` with its interval (below 1: faster than libyuv).
    public let ratioToLibyuv: RatioEstimate?
    /// Median of per-round `process CPU time ÷ libyuv's` with its interval:
    /// the work ratio, which other processes competing for the cores barely
    /// move.
    public let cpuRatioToLibyuv: RatioEstimate?
    /// The floor this contender's `ratioToFloor` is taken against: `floor`,
    /// or for a contender on several threads the faster, round by round, of
    /// `floor` and the floor on as many threads (`ConverterBench.floor`).
    public let floorLabel: String
    /// For a floor, the method it measured with (`FloorMethod`); nil for converters.
    public var floorMethod: FloorMethod? = nil
    /// Per-round `time ÷ floor's time` in round order (empty without a floor).
    public let floorRatios: [Double]
    /// Median of per-round `time ÷ floor's time` with its interval (1: as fast as moving the bytes).
    public let ratioToFloor: RatioEstimate?
    /// Median of per-round `time ÷ scalar's time`, when the scalar reference ran.
    public let ratioToScalar: RatioEstimate?
    /// The fastest peer of the cell (`libyuv`, `libyuv-latest`, `swscale`:
    /// the one with the lowest median time), which `ratioToBestPeer`
    /// divides by; nil for floors and where no peer ran.
    public var bestPeer: String? = nil
    /// Median of per-round `time ÷ the best peer's time` with its interval
    /// (below 1: faster than every peer).
    public var ratioToBestPeer: RatioEstimate? = nil
    /// Whether the output equals libyuv's on every synthetic frame (nil for floors).
    public let bitExact: Bool?
    /// For a peer with a tolerance, its deviation from libyuv over the
    /// synthetic frames (nil for exact converters and floors).
    public let deviation: Deviation?

    /// Bytes a conversion of `size` reads (I420 or NV12, as many either
    /// way; no padding) plus writes (BGRA).
    public static func bytesMoved(_ size: FrameSize) -> Int { size.i420ByteCount + 4 * size.pixelCount }

    /// Megapixels per second at the median frame time.
    public var megapixelsPerSecond: Double { Double(size.pixelCount) / wall.median * 1e3 }
    /// The synthetic cell: size, orientation and layout.
    public var cell: SyntheticCell { SyntheticCell(size: size, orientation: orientation, layout: layout) }
    /// Whether this is a memory floor's cell.
    public var isFloor: Bool { id.isFloor }

    /// The contender's label (`scalar`, ..., `libyuv`, `floor`, `threads:2`).
    public var label: String { id.description }
}
