import Frames
import Statistics

extension GuardedI420 {
    /// A guarded `size` frame (rows padded by `padding` bytes) filled with
    /// `SplitMix64(seed:)`'s bytes, padding included.
    static func random(size: FrameSize, padding: Int, seed: UInt64) -> GuardedI420 {
        var random = SplitMix64(seed: seed)
        return GuardedI420(size: size, padding: padding) { UInt8(truncatingIfNeeded: random.next()) }
    }
}
