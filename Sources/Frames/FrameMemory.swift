#if canImport(Glibc)
import Glibc
#endif

/// Memory for frame buffers, laid out the same way in every process.
///
/// Frames of 2 MiB and more start on a 2 MiB boundary and, on Linux, are
/// marked `MADV_HUGEPAGE`, so the kernel backs them with huge pages where
/// it can (transparent huge pages in `madvise` mode, Debian's default).
/// With 4 KiB pages a 1080p BGRA frame spans 2 000 pages, about the reach
/// of the TLB, and where its pages land physically differs from one
/// process to the next: the same build measured the same converter up to
/// 10 % apart between runs. Smaller frames start on `minimumAlignment`.
enum FrameMemory {
    /// The size from which a buffer is aligned and advised for huge pages.
    static let hugePageSize = 2 << 20

    /// `byteCount` bytes (at least 1) aligned to `minimumAlignment` or, from
    /// `hugePageSize` up, to `hugePageSize`; release with `deallocate()`.
    static func allocate(byteCount: Int, minimumAlignment: Int) -> UnsafeMutableRawPointer {
        let count = max(byteCount, 1)
        guard count >= hugePageSize else {
            return UnsafeMutableRawPointer.allocate(byteCount: count, alignment: minimumAlignment)
        }
        let rounded = (count + hugePageSize - 1) / hugePageSize * hugePageSize
        let memory = UnsafeMutableRawPointer.allocate(byteCount: rounded, alignment: hugePageSize)
        #if os(Linux)
        // Advice only: where the kernel has no huge page free, the buffer keeps
        // ordinary pages and works the same.
        _ = madvise(memory, rounded, MADV_HUGEPAGE)
        #endif
        return memory
    }
}
