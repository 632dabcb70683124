#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory whose usable bytes end exactly where an inaccessible
/// (`PROT_NONE`) page begins, so a read one byte past the end faults: the
/// over-read check of converters.
public final class GuardedBytes {
    /// The first usable byte; `count` bytes follow, then the guard page.
    public let base: UnsafeMutablePointer<UInt8>
    /// Number of usable bytes.
    public let count: Int
    /// The first byte of the guard page.
    public let guardPage: UnsafeRawPointer
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
        guardPage = UnsafeRawPointer(raw + dataPages * page)
        base = (raw + dataPages * page - count).assumingMemoryBound(to: UInt8.self)
        base.initialize(repeating: fill, count: count)
    }

    /// The size of the guard page in bytes.
    public static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }

    deinit { munmap(mapping, mappingLength) }
}
