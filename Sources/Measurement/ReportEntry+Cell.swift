import Conformance
import Frames
import Reports
import Statistics

extension ReportEntry {
    /// The entry of `contender` (its label) in the synthetic cell `cell`,
    /// from its per-frame wall and CPU times in round order, nanoseconds:
    /// named `convert/C/WxH[/layout][/orientation]`, every time in µs,
    /// `real_time` the median wall time, `cpu_time` the mean CPU time, the
    /// wall times' percentiles and throughputs, and every wall time kept
    /// as a sample. No ratio is set.
    /// - Precondition: `wall` and `cpu` are not empty.
    public init(cell: SyntheticCell, contender: String, wall: [Double], cpu: [Double]) {
        guard let times = Distribution(wall), let cpuTimes = Distribution(cpu) else {
            preconditionFailure("a contender without samples")
        }
        self.init(
            name: EntryName.convert(contender, in: cell).description, samples: wall.map { $0 / 1000 },
            iterations: times.count, realTime: times.median / 1000, cpuTime: cpuTimes.mean / 1000)
        converter = contender
        width = cell.size.width
        height = cell.size.height
        orientation = cell.orientation.name
        layout = cell.layout.rawValue
        min = Self.finite(times.min / 1000)
        p10 = Self.finite(times.percentile(0.1) / 1000)
        p25 = Self.finite(times.percentile(0.25) / 1000)
        p50 = Self.finite(times.median / 1000)
        p90 = Self.finite(times.p90 / 1000)
        p99 = Self.finite(times.p99 / 1000)
        max = Self.finite(times.max / 1000)
        mean = Self.finite(times.mean / 1000)
        itemsPerSecond = Self.finite(1e9 / times.median)
        bytesPerSecond = Self.finite(Double(Self.bytesMoved(cell.size)) * 1e9 / times.median)
        megapixelsPerSecond = Self.finite(Double(cell.size.pixelCount) / times.median * 1e3)
    }

    /// Bytes a conversion of `size` reads (I420 or NV12, as many either
    /// way; no padding) plus writes (BGRA).
    public static func bytesMoved(_ size: FrameSize) -> Int { size.i420ByteCount + 4 * size.pixelCount }
}

extension EntryName {
    /// The name of `converter`'s entry in the synthetic cell `cell`:
    /// `convert/C/WxH[/nv12][/orientation]`, I420 and upright never named.
    public static func convert(_ converter: String, in cell: SyntheticCell) -> EntryName {
        .convert(
            converter: converter, size: "\(cell.size)", layout: cell.layout == .i420 ? nil : cell.layout.rawValue,
            orientation: cell.orientation == .upright ? nil : cell.orientation.name)
    }
}

extension ReportDeviation {
    /// The figures of `deviation`.
    public init(_ deviation: Deviation) {
        self.init(
            maximumDifference: deviation.maximum, differingShare: deviation.differingShare, psnr: deviation.psnr,
            comparedBytes: deviation.comparedBytes, differingBytes: deviation.differingBytes,
            sumOfSquares: deviation.sumOfSquares)
    }
}
