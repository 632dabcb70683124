import Containers
import Frames

/// What `ConverterCheck` covers and how strictly.
public struct CheckOptions: Sendable, Codable, Equatable {
    /// The matrices of the exhaustive and sizes checks; the first one is
    /// also that of the over-read, frames, threads and speed checks.
    public var matrices: [ColorMatrix] = ColorMatrix.allCases
    /// The orientations every check but exhaustive and speed (both upright
    /// only) runs for.
    public var orientations: [Orientation] = Orientation.allCases
    /// The stream files of the frames check (any container `ContainerFile`
    /// reads), each with the video track to read.
    public var vectorFiles: [StreamFile] = []
    /// nil: bytes must equal libyuv's; N: no byte may be more than N
    /// levels away (the outcome then gives the deviation).
    public var tolerance: Int?
    /// Sizes of the speed check.
    public var speedSizes = [FrameSize(width: 640, height: 480), FrameSize(width: 1280, height: 720)]
    /// Measuring seconds per size of the speed check.
    public var speedSeconds = 0.25
    /// Threads of the threads check.
    public var threads = 4
    /// The layout every check's source frames are in: NV12 frames are the
    /// I420 frames' twins, and the oracle converts the same NV12 frame.
    public var layout = ChromaLayout.i420
    /// The decoder the frames check decodes its files with (nil: each
    /// codec's first), and its threads.
    public var decoder: String?
    /// The frames check's decoder threads.
    public var decoderThreads = 1

    /// The defaults: every matrix and orientation, exact, no vector files.
    public init() {}

    enum CodingKeys: String, CodingKey {
        case matrices, orientations, vectorFiles, tolerance, speedSizes, speedSeconds, threads, layout, decoder
        case decoderThreads
    }

    /// Decodes what `encode(to:)` wrote.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        matrices = try c.decode([String].self, forKey: .matrices).compactMap(ColorMatrix.init(rawValue:))
        orientations = try c.decode([Int32].self, forKey: .orientations).compactMap(Orientation.init(abiValue:))
        vectorFiles = try c.decode([StreamFile].self, forKey: .vectorFiles)
        tolerance = try c.decodeIfPresent(Int.self, forKey: .tolerance)
        speedSizes = try c.decode([String].self, forKey: .speedSizes).compactMap(FrameSize.init(parsing:))
        speedSeconds = try c.decode(Double.self, forKey: .speedSeconds)
        threads = try c.decode(Int.self, forKey: .threads)
        layout = try c.decodeIfPresent(ChromaLayout.self, forKey: .layout) ?? .i420
        self.decoder = try c.decodeIfPresent(String.self, forKey: .decoder)
        decoderThreads = try c.decodeIfPresent(Int.self, forKey: .decoderThreads) ?? 1
    }

    /// Matrices by name, orientations by ABI value, sizes as `WxH`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(matrices.map(\.name), forKey: .matrices)
        try c.encode(orientations.map(\.abiValue), forKey: .orientations)
        try c.encode(vectorFiles, forKey: .vectorFiles)
        try c.encodeIfPresent(tolerance, forKey: .tolerance)
        try c.encode(speedSizes.map(\.description), forKey: .speedSizes)
        try c.encode(speedSeconds, forKey: .speedSeconds)
        try c.encode(threads, forKey: .threads)
        try c.encode(layout, forKey: .layout)
        try c.encodeIfPresent(decoder, forKey: .decoder)
        try c.encode(decoderThreads, forKey: .decoderThreads)
    }
}
