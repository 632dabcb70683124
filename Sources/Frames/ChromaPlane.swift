/// The samples of one chroma component (U or V) wherever a layout keeps
/// them: sample `(x, y)` is at `base + y × stride + x × step` (step 1 in a
/// plane of its own, 2 in an interleaved plane).
public struct ChromaPlane {
    /// Sample `(0, 0)`.
    public let base: UnsafePointer<UInt8>
    /// Distance in bytes from one row to the next.
    public let stride: Int
    /// Distance in bytes from one sample to the next in a row.
    public let step: Int
    /// Samples a row.
    public let width: Int
    /// Number of rows.
    public let height: Int

    /// The component whose samples are `step` bytes apart in rows `stride`
    /// bytes apart.
    public init(base: UnsafePointer<UInt8>, stride: Int, step: Int, width: Int, height: Int) {
        self.base = base
        self.stride = stride
        self.step = step
        self.width = width
        self.height = height
    }

    /// Sample 0 of row `row`.
    @inlinable
    public func row(_ row: Int) -> UnsafePointer<UInt8> { base + row * stride }

    /// The samples along row `row` of this component oriented by
    /// `orientation` (`Orientation.sourcePosition` on its size): the first
    /// one, and the distance in bytes from each to the next; sample `i` of
    /// the row is `start[i * step]`.
    /// - Precondition: `row` lies inside the oriented component.
    public func orientedRow(_ row: Int, orientation: Orientation) -> (start: UnsafePointer<UInt8>, step: Int) {
        func offset(_ x: Int) -> Int {
            let p = orientation.sourcePosition(x: x, y: row, planeWidth: width, planeHeight: height)
            return p.y * stride + p.x * step
        }
        let rowLength = orientation.swapsDimensions ? height : width
        return (base + offset(0), rowLength > 1 ? offset(1) - offset(0) : 0)
    }
}

extension SourceFrame {
    /// The Cb samples, in either layout.
    public var u: ChromaPlane {
        switch self {
        case .i420(let frame): ChromaPlane(frame.u)
        case .nv12(let frame): ChromaPlane(base: frame.uv.base, stride: frame.uv.stride, step: 2, size: frame.size)
        }
    }

    /// The Cr samples, in either layout.
    public var v: ChromaPlane {
        switch self {
        case .i420(let frame): ChromaPlane(frame.v)
        case .nv12(let frame):
            ChromaPlane(base: frame.uv.base + 1, stride: frame.uv.stride, step: 2, size: frame.size)
        }
    }
}

extension ChromaPlane {
    init(_ plane: PlaneView) {
        self.init(base: plane.base, stride: plane.stride, step: 1, width: plane.width, height: plane.height)
    }

    init(base: UnsafePointer<UInt8>, stride: Int, step: Int, size: FrameSize) {
        self.init(base: base, stride: stride, step: step, width: size.chromaWidth, height: size.chromaHeight)
    }
}
