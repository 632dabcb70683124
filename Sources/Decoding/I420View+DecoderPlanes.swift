import Frames

extension I420View {
    /// A view of three decoder planes of a `size` frame at `strides` bytes
    /// a row (luma, then each chroma plane).
    init(
        y: UnsafePointer<UInt8>, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>, strides: (Int, Int, Int),
        size: FrameSize
    ) {
        self.init(
            y: PlaneView(base: y, stride: strides.0, width: size.width, height: size.height),
            u: PlaneView(base: u, stride: strides.1, width: size.chromaWidth, height: size.chromaHeight),
            v: PlaneView(base: v, stride: strides.2, width: size.chromaWidth, height: size.chromaHeight))
    }
}
