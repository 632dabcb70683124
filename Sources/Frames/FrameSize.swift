/// The dimensions of an image in pixels; chroma sizes round up, so odd
/// widths and heights are exact.
public struct FrameSize: Hashable, Sendable, CustomStringConvertible {
    /// Luma width in pixels.
    public var width: Int
    /// Luma height in pixels.
    public var height: Int

    /// A size of `width × height` pixels (each ≥ 0).
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "negative frame size")
        self.width = width
        self.height = height
    }

    /// Width of each I420 chroma plane: `(width + 1) / 2`.
    public var chromaWidth: Int { (width + 1) / 2 }
    /// Height of each I420 chroma plane: `(height + 1) / 2`.
    public var chromaHeight: Int { (height + 1) / 2 }
    /// Number of luma samples.
    public var pixelCount: Int { width * height }
    /// Bytes of I420 data without padding: luma plus both chroma planes.
    public var i420ByteCount: Int { pixelCount + 2 * chromaWidth * chromaHeight }

    /// `"WxH"`, as in file names and command-line options.
    public var description: String { "\(width)x\(height)" }

    /// Parses `"WxH"` (for example `"1920x1080"`); nil when malformed or
    /// when either side is outside `1 ... 16384`.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
            (1...16384).contains(w), (1...16384).contains(h)
        else { return nil }
        self.init(width: w, height: h)
    }
}
