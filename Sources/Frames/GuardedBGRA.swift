/// A BGRA frame without row padding whose last byte sits right before an
/// inaccessible page (`GuardedBytes`), so a write one byte past it faults:
/// the destination of the over-read check and of the plug-in pre-flight.
public final class GuardedBGRA {
    /// The guarded memory (its guard page is `bytes.guardPage`).
    public let bytes: GuardedBytes
    /// The frame over it, rows of exactly `width × 4` bytes.
    public let view: BGRAView

    /// A zeroed `size` frame ending at a guard page.
    public init(size: FrameSize) {
        bytes = GuardedBytes(count: size.pixelCount * 4)
        view = BGRAView(base: bytes.base, stride: size.width * 4, width: size.width, height: size.height)
    }
}
