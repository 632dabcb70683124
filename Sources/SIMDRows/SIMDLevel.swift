import CCPUID

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An instruction-set level the SIMD kernel is compiled for, lowest first.
///
/// Each level's kernel lives in its own module built with its own
/// `-target-cpu` (`SIMDRows` at the package default, `SIMDRowsAVX2` for
/// Haswell, `SIMDRowsAVX512` for Skylake-AVX512, `SIMDRowsAVX512VBMI` for
/// Skylake-AVX512 with VBMI); `SIMDConverter` picks one at run time from
/// what this CPU and OS support.
public enum SIMDLevel: String, CaseIterable, Sendable, Comparable {
    /// The target's baseline: SSE2 on x86-64, NEON on arm64.
    case baseline
    /// AVX2 with the rest of Haswell's instructions (FMA, BMI1/2, F16C, MOVBE, LZCNT, POPCNT).
    case avx2
    /// AVX-512 F, BW, VL, DQ and CD (Skylake-SP and later, Zen 4).
    case avx512
    /// `avx512` with VBMI's byte permutes (Ice Lake and later, Zen 4).
    case avx512vbmi

    /// Lower levels first, in declaration order: `baseline < avx2 < avx512 < avx512vbmi`.
    public static func < (a: SIMDLevel, b: SIMDLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The /proc/cpuinfo flags code built for this level may use, beyond
    /// those of the levels below it (each level builds on the one before).
    /// Linux lists `avx` and the AVX-512 flags only when the OS saves the
    /// YMM, ZMM and mask state.
    public var addedCPUFlags: Set<String> {
        switch self {
        case .baseline: []
        // `-target-cpu haswell`: the compiler may use any of Haswell's
        // instructions, not only AVX2 (`abm` is LZCNT).
        case .avx2: ["avx", "avx2", "fma", "bmi1", "bmi2", "f16c", "movbe", "popcnt", "abm"]
        // `-target-cpu skylake-avx512`.
        case .avx512: ["avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512cd"]
        // `-target-cpu skylake-avx512 -mavx512vbmi`.
        case .avx512vbmi: ["avx512vbmi"]
        }
    }
}

extension SIMDLevel {
    /// The environment variable that caps the level (values `baseline`,
    /// `avx2`, `avx512`, `avx512vbmi`), like libyuv's `LIBYUV_DISABLE_*`.
    public static let environmentVariable = "FRAMEBENCH_SIMD"

    /// Levels this CPU and OS can run and this build holds (`built`),
    /// lowest first, capped by the FRAMEBENCH_SIMD environment variable
    /// (values: baseline, avx2, avx512, avx512vbmi), like libyuv's
    /// LIBYUV_DISABLE_*. Read once per process.
    public static var supported: [SIMDLevel] { detected }

    /// The levels whose kernels this build holds, lowest first: all four,
    /// but a build with `-Xswiftc -DFRAMEBENCH_NO_AVX512` leaves out both
    /// AVX-512 levels and one with `-Xswiftc -DFRAMEBENCH_NO_AVX512VBMI`
    /// the VBMI level, to compile faster where they cannot run
    /// (`scripts/kernel-build-flags` prints the flags for this machine).
    public static let built: [SIMDLevel] = {
        #if FRAMEBENCH_NO_AVX512
        [.baseline, .avx2]
        #elseif FRAMEBENCH_NO_AVX512VBMI
        [.baseline, .avx2, .avx512]
        #else
        SIMDLevel.allCases
        #endif
    }()

    /// The highest supported level.
    public static var best: SIMDLevel { detected.last ?? .baseline }

    private static let detected: [SIMDLevel] = {
        let cap = getenv(environmentVariable).map { String(cString: $0) }
        let flags = confirmed(hostCPUFlags(), leaf7: UInt64(framebench_cpuid_leaf7()))
        return supported(cpuFlags: flags, cap: cap).filter(built.contains)
    }()

    /// CPUID leaf 7's bits (EBX in the low 32 bits, ECX in the high 32) for
    /// the levels' `addedCPUFlags` it reports.
    static let leaf7Bits: [String: Int] = [
        "bmi1": 3, "avx2": 5, "bmi2": 8, "avx512f": 16, "avx512dq": 17, "avx512cd": 28, "avx512bw": 30,
        "avx512vl": 31, "avx512vbmi": 33,
    ]

    /// `flags` (from /proc/cpuinfo, the host's) less those of `leaf7Bits`
    /// whose bit CPUID leaf 7 (`leaf7`, as `framebench_cpuid_leaf7` gives
    /// it) leaves clear: under Valgrind, whose CPU shows AVX2 at most while
    /// /proc/cpuinfo still lists the host's AVX-512, the kernel must not
    /// pick a level the CPU it runs on lacks. Off x86-64, `flags` unchanged.
    public static func confirmed(_ flags: Set<String>, leaf7: UInt64) -> Set<String> {
        #if arch(x86_64)
        flags.filter { flag in leaf7Bits[flag].map { leaf7 & (1 << UInt64($0)) != 0 } ?? true }
        #else
        flags
        #endif
    }

    /// The level a FRAMEBENCH_SIMD value names (case and surrounding
    /// whitespace ignored), or nil if it names none.
    public init?(environmentValue: String) {
        let name = environmentValue.trimmingASCIIWhitespace().lowercased()
        guard let level = SIMDLevel(rawValue: name) else { return nil }
        self = level
    }

    /// The levels a CPU with `cpuFlags` (the words of the `flags` line of
    /// /proc/cpuinfo) can run, lowest first, capped at the level `cap`
    /// names. A nil, empty or unrecognised `cap` caps nothing. Off x86-64
    /// only `baseline` exists, whatever the flags.
    public static func supported(cpuFlags: Set<String>, cap: String?) -> [SIMDLevel] {
        #if arch(x86_64)
        var levels = Array(allCases.prefix { $0.addedCPUFlags.isSubset(of: cpuFlags) })
        #else
        var levels: [SIMDLevel] = [.baseline]
        #endif
        if let cap, let limit = SIMDLevel(environmentValue: cap) {
            levels.removeAll { $0 > limit }
        }
        return levels
    }

    /// The words of the first `flags` line of /proc/cpuinfo; empty where
    /// that file does not exist or has no such line.
    static func hostCPUFlags() -> Set<String> {
        #if os(Linux) && arch(x86_64)
        guard let file = fopen("/proc/cpuinfo", "r") else { return [] }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0 {
            guard let line else { break }
            let text = String(cString: line)
            if let flags = cpuFlags(fromCPUInfoLine: text) { return flags }
        }
        return []
        #else
        return []
        #endif
    }

    /// The flags of a /proc/cpuinfo line `flags\t\t: fpu vme ...`, or nil
    /// if `line` is another line.
    public static func cpuFlags(fromCPUInfoLine line: String) -> Set<String>? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        guard line[..<colon].trimmingASCIIWhitespace() == "flags" else { return nil }
        let words = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        return Set(words.map(String.init))
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and newlines.
    fileprivate func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
