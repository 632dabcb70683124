#if canImport(Glibc)
import Glibc
#endif

/// Memory for frame buffers, laid out the same way in every process.
///
/// Frames of 64 KiB and more are, on Linux, mappings of their own: fresh
/// anonymous memory on a 2 MiB boundary, rounded up to whole 2 MiB, marked
/// `MADV_HUGEPAGE` before its first touch, so the kernel backs them with
/// huge pages where it can (transparent huge pages in `madvise` mode,
/// Debian's default), and unmapped when released. A frame then lies in
/// physically contiguous memory with the same offsets in every process, so
/// the caches and the TLB treat it alike from run to run. With 4 KiB pages
/// where its pages landed differed from one process to the next: the same
/// build measured a converter 10 % apart between runs (simd at 1280×720,
/// whose 1.4 MB I420 frames were below an earlier 2 MiB threshold). From
/// the allocator, a frame could also reuse heap pages that freed frames had
/// faulted in small (malloc serves large blocks from the heap once one has
/// been freed): a 1080p quarter turn measured after an upright cell took
/// 1.4 times as long as in a run of its own. Smaller frames come from the
/// allocator, on `minimumAlignment`.
enum FrameMemory {
    /// The size of a huge page, and of the alignment of a mapped frame.
    static let hugePageSize = 2 << 20
    /// The size from which a buffer is a huge-page mapping of its own.
    static let mappedSize = 64 << 10

    /// `byteCount` bytes (at least 1) aligned to `minimumAlignment` or, from
    /// `mappedSize` up, to `hugePageSize`; release with
    /// `deallocate(_:byteCount:)` and the same count.
    static func allocate(byteCount: Int, minimumAlignment: Int) -> UnsafeMutableRawPointer {
        let count = max(byteCount, 1)
        #if os(Linux)
        if count >= mappedSize { return mapHugePages(rounded(count)) }
        #endif
        return UnsafeMutableRawPointer.allocate(byteCount: count, alignment: minimumAlignment)
    }

    /// Releases `memory`, allocated by `allocate(byteCount:minimumAlignment:)` with `byteCount`.
    static func deallocate(_ memory: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        if max(byteCount, 1) >= mappedSize {
            munmap(memory, rounded(byteCount))
            return
        }
        #endif
        memory.deallocate()
    }

    /// `count` rounded up to a multiple of `hugePageSize`.
    static func rounded(_ count: Int) -> Int {
        (count + hugePageSize - 1) / hugePageSize * hugePageSize
    }

    #if os(Linux)
    /// A private anonymous mapping of `count` bytes (a multiple of
    /// `hugePageSize`) on a `hugePageSize` boundary, advised for huge pages.
    /// Stops the process when the system has no memory for it, as the
    /// allocator does.
    static func mapHugePages(_ count: Int) -> UnsafeMutableRawPointer {
        // Map one huge page more than needed and trim both ends to the boundary.
        let mapped = mmap(nil, count + hugePageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapped, mapped != MAP_FAILED else { fatalError("no memory for a frame of \(count) bytes") }
        let start = Int(bitPattern: mapped)
        let aligned = (start + hugePageSize - 1) / hugePageSize * hugePageSize
        if aligned > start { munmap(mapped, aligned - start) }
        let end = start + count + hugePageSize
        if end > aligned + count { munmap(UnsafeMutableRawPointer(bitPattern: aligned + count), end - aligned - count) }
        let memory = UnsafeMutableRawPointer(bitPattern: aligned)!
        // Advice only: where the kernel has no huge page free, the buffer keeps
        // ordinary pages and works the same.
        _ = madvise(memory, count, MADV_HUGEPAGE)
        return memory
    }
    #endif
}
