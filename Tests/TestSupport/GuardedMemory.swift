import Frames
import Statistics

#if canImport(Glibc)
import Glibc
#endif

/// Memory whose usable bytes end exactly where an inaccessible
/// (`PROT_NONE`) page begins, so a read one byte past the end faults.
public final class GuardedBytes {
    /// The first usable byte; `count` bytes follow, then the guard page.
    public let base: UnsafeMutablePointer<UInt8>
    /// Number of usable bytes.
    public let count: Int
    private let mapping: UnsafeMutableRawPointer
    private let mappingLength: Int

    /// Maps `count` usable bytes (filled with `fill`) followed by a guard page.
    public init(count: Int, fill: UInt8 = 0) {
        self.count = count
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let dataPages = (count + page - 1) / page
        mappingLength = (dataPages + 1) * page
        guard let raw = mmap(nil, mappingLength, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            raw != MAP_FAILED
        else { fatalError("mmap failed") }
        mapping = raw
        precondition(mprotect(raw + dataPages * page, page, PROT_NONE) == 0, "mprotect failed")
        base = (raw + dataPages * page - count).assumingMemoryBound(to: UInt8.self)
        base.initialize(repeating: fill, count: count)
    }

    deinit { munmap(mapping, mappingLength) }
}

/// An I420 frame whose three planes each end right before a guard page:
/// the last meaningful byte of each plane's last row is the last readable
/// byte.
public final class GuardedI420 {
    private let planes: [GuardedBytes]
    /// The frame; valid while this object is alive.
    public let view: I420View

    /// A `size` frame with `padding` bytes of stride padding (the last row
    /// has no padding after it), filled with random samples from `seed`.
    public init(size: FrameSize, padding: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        func plane(width: Int, height: Int) -> (GuardedBytes, PlaneView) {
            let stride = width + padding
            let count = max(0, stride * (height - 1) + width)
            let bytes = GuardedBytes(count: count)
            for i in 0..<count { bytes.base[i] = UInt8(truncatingIfNeeded: rng.next()) }
            return (bytes, PlaneView(base: bytes.base, stride: stride, width: width, height: height))
        }
        let y = plane(width: size.width, height: size.height)
        let u = plane(width: size.chromaWidth, height: size.chromaHeight)
        let v = plane(width: size.chromaWidth, height: size.chromaHeight)
        planes = [y.0, u.0, v.0]
        view = I420View(y: y.1, u: u.1, v: v.1)
    }
}
