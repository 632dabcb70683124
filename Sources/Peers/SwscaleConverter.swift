import Frames

/// FFmpeg's swscale (libswscale): the converter many projects use instead
/// of libyuv, a peer with a tolerance rather than an exact converter. I420
/// or NV12 → BGRA at the same size through swscale's unscaled YUV → RGB path
/// (nearest chroma sample, as libyuv), with the source coefficients and
/// range of each `ColorMatrix` (`sws_setColorspaceDetails`; default
/// brightness, contrast and saturation). docs/peers.md gives its deviation.
///
/// swscale's path writes whole blocks of 16 pixels (into the row padding,
/// or past the end of the destination), reads that far in the source, and
/// mishandles an odd last row. Frames whose width is a multiple of 16 and
/// height even are converted in place; others are copied into a padded
/// staging frame (edge samples repeated), converted there and copied out,
/// which costs one extra pass over the source and the destination.
public struct SwscaleConverter: FrameConverter {
    /// `"swscale"`.
    public let name = "swscale"

    /// Creates the swscale converter.
    public init() {}

    /// Both: `AV_PIX_FMT_YUV420P` and `AV_PIX_FMT_NV12`.
    public var layouts: [ChromaLayout] { ChromaLayout.allCases }

    /// Upright only: throws `.unsupported` for other orientations (swscale
    /// does not rotate). See `FrameConverter` for the guarantees, except
    /// bit-exactness: the bytes lie within the peer's tolerance of libyuv's.
    public func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        checkSizes(source, destination, orientation)
        guard orientation == .upright else { throw .unsupported }
        guard source.width > 0, source.height > 0 else { return }
        let key = SwscaleContextKey(size: source.size, layout: source.layout, matrix: matrix)
        guard let worker = Self.workers.take(key) else { throw .failed(status: -1) }
        defer { Self.workers.give(worker, for: key) }
        let status = worker.convert(source, to: destination)
        guard status >= 0 else { throw .failed(status: status) }
    }

    /// The contexts of every instance, shared by every thread.
    private static let workers = SwscaleWorkers()
}

extension SwscaleConverter {
    /// Its row of the converter table: a peer, upright only, within the
    /// largest |Δ| from libyuv's bytes observed on random frames for each
    /// matrix (docs/peers.md).
    public static let entry = ConverterEntry(
        name: "swscale",
        role: .peer { matrix in
            switch matrix {
            case .bt601: 4
            case .bt601Full: 3
            case .bt709: 17
            case .bt709Full: 2
            case .bt2020: 20
            case .bt2020Full: 4
            }
        },
        duties: [.countControl],
        orientations: [.upright]
    ) { _ in SwscaleConverter() }
}
