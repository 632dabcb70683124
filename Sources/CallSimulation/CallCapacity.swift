import Containers
import Converters
import Frames
import Reports

/// How many tiles of one size a converter can serve: by CPU cost (what a
/// frame's decode and conversion cost, `CallCPUCost`), and by scheduling
/// (the largest count a real-time call on this machine kept up with, which
/// on a shared VM says as much about the machine's other load as about the
/// converter).
public struct CallCapacity: Sendable {
    /// One probe: a short call of some tiles, as the result model holds it.
    public typealias Probe = ReportDocument.Capacity.Probe

    /// The converter's name.
    public let converter: String
    /// The tile size.
    public let size: FrameSize
    /// The largest count the real-time probes passed (0: even one tile failed).
    public let tiles: Int
    /// Whether the search pinned it down (the next count up failed); false
    /// when the probe budget or the tile cap ran out first.
    public let exact: Bool
    /// The probes in the order run.
    public let probes: [Probe]
    /// What a frame of this size costs in CPU time, measured for this
    /// converter and the others compared in the same pass; nil when not measured.
    public var cpuCost: CallCPUCost?
    /// Frames a second the capacity is for.
    public var fps: Double = 0
    /// The layout the tiles' frames arrived in.
    public var layout = ChromaLayout.i420
    /// The codec the tiles were sent in.
    public var codec = Codec.vp8

    /// Tiles per core by CPU cost with this converter (nil without `cpuCost`).
    public var tilesPerCoreByCPU: CallCPUCost.TilesPerCore? { cpuCost?.tilesPerCore(converter, fps: fps) }

    /// The converters `bench call --find-capacity` compares: FrameBench's
    /// SIMD converter and the peer every ratio divides by.
    public static let comparedConverters = ConverterRegistry.names(with: .callComparison)

    /// The capacity of each of `comparedConverters` for `size` tiles under
    /// `base`: the CPU cost of a frame measured once for all of them (one
    /// pass, `CallCPUCost`), then each converter's scheduling search
    /// (`find`), calling `each` with each capacity as it is found.
    /// - Throws: `CallSetupError` from the measurement or a probe's setup.
    public static func compared(
        size: FrameSize, base: CallConfiguration, probeSeconds: Double, maximumProbes: Int,
        each: (CallCapacity) -> Void = { _ in }
    ) throws -> [CallCapacity] {
        let cost = try CallCPUCost.measure(
            size: size, codec: base.codec, directory: base.vectorDirectory, converters: comparedConverters,
            layout: base.layout)
        return try comparedConverters.map { name in
            var capacity = try find(
                size: size, converter: name, base: base, probeSeconds: probeSeconds, maximumProbes: maximumProbes)
            capacity.cpuCost = cost
            each(capacity)
            return capacity
        }
    }

    /// Searches the largest count of `size` tiles that `converter` keeps up
    /// with under `base`'s fps, schedule and vectors, each probe a call of
    /// `probeSeconds`: doubling from 1 until a probe fails (or `maximumTiles`),
    /// then bisection, at most `maximumProbes` probes in all. A probe passes
    /// with zero late and zero dropped frames and no failed participant.
    /// `probe` runs one configuration (a real call by default; a model in tests).
    /// - Throws: `CallSetupError` from the first probe's setup.
    public static func find(
        size: FrameSize, converter: String, base: CallConfiguration, probeSeconds: Double = 2,
        maximumProbes: Int = 10, maximumTiles: Int = CallTileRequest.maximumCount,
        probe: (CallConfiguration) throws -> Probe = { Probe(try CallRun.run($0)) }
    ) throws -> CallCapacity {
        var probes: [Probe] = []
        func passes(_ tiles: Int) throws -> Bool {
            var configuration = base
            configuration.tiles = [CallTileRequest(count: tiles, size: size)]
            configuration.converter = converter
            configuration.seconds = probeSeconds
            let result = try probe(configuration)
            probes.append(result)
            return result.passed
        }
        var good = 0
        var bad: Int?
        var next = 1
        while next <= maximumTiles, probes.count < maximumProbes {
            if try passes(next) {
                good = next
                next *= 2
            } else {
                bad = next
                break
            }
        }
        if good == maximumTiles { bad = maximumTiles + 1 }
        while let failing = bad, failing - good > 1, probes.count < maximumProbes {
            let middle = (good + failing) / 2
            if try passes(middle) { good = middle } else { bad = middle }
        }
        return CallCapacity(
            converter: converter, size: size, tiles: good, exact: bad.map { $0 == good + 1 } ?? false, probes: probes,
            fps: base.fps, layout: base.layout, codec: base.codec)
    }
}
