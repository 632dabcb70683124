import Frames
import Statistics

extension GuardedSource {
    /// A guarded `size` frame in `layout` (rows padded by `padding` bytes)
    /// filled with `SplitMix64(seed:)`'s bytes, padding included.
    static func random(size: FrameSize, layout: ChromaLayout, padding: Int, seed: UInt64) -> GuardedSource {
        var random = SplitMix64(seed: seed)
        return GuardedSource(size: size, layout: layout, padding: padding) { UInt8(truncatingIfNeeded: random.next()) }
    }
}
