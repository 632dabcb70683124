import CFrameBenchPlugin
import Frames

extension framebench_yuv {
    /// `source` as the plug-in ABI version 2 describes it: three planes for
    /// I420; for NV12, `y` and `uv` with the third plane NULL and its
    /// stride 0.
    public init(_ source: SourceFrame) {
        let (width, height) = (Int32(source.width), Int32(source.height))
        switch source {
        case .i420(let frame):
            self.init(
                layout: Int32(FRAMEBENCH_I420), width: width, height: height,
                planes: (frame.y.base, frame.u.base, frame.v.base),
                strides: (Int32(frame.y.stride), Int32(frame.u.stride), Int32(frame.v.stride)))
        case .nv12(let frame):
            self.init(
                layout: Int32(FRAMEBENCH_NV12), width: width, height: height,
                planes: (frame.y.base, frame.uv.base, nil),
                strides: (Int32(frame.y.stride), Int32(frame.uv.stride), 0))
        }
    }
}

extension framebench_bgra {
    /// `destination` as the plug-in ABI describes it.
    public init(_ destination: BGRAView) {
        self.init(
            data: destination.base, stride: Int32(destination.stride), width: Int32(destination.width),
            height: Int32(destination.height))
    }
}
