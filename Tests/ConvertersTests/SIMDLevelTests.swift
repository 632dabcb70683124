import Converters
import Foundation
import Frames
import SIMDRows
import Testing

/// The SIMD converter's dispatch and kernel constants: level detection and
/// the FRAMEBENCH_SIMD cap, and the kernel's 16-bit ranges. Its bytes are
/// checked against libyuv at every level this machine runs by the shared
/// conformance tests (`ConvertersUnderTest` lists one `simd-LEVEL` per
/// supported level: exhaustive, sizes, guard pages, vectors, goldens).
@Suite struct SIMDLevelTests {

    // MARK: Levels

    static let everyFlag: Set<String> = [
        "fpu", "sse2", "ssse3", "sse4_1", "avx", "avx2", "fma", "bmi1", "bmi2", "f16c", "movbe", "popcnt", "abm",
        "avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512cd", "avx512vbmi",
    ]

    @Test("CPUID leaf 7 removes the levels the running CPU does not report, as under Valgrind")
    func cpuidConfirms() {
        // Leaf 7 of a CPU with AVX2, BMI1 and BMI2 and no AVX-512 (Valgrind's):
        // EBX bits 3, 5 and 8, written out by hand.
        let avx2CPU: UInt64 = 0x0000_0128
        // Every AVX-512 bit as well: EBX 16, 17, 28, 30, 31 and ECX 1 (bit 33).
        let avx512CPU: UInt64 = 0x0000_0002_D003_0128
        #if arch(x86_64)
        let underValgrind = SIMDLevel.confirmed(Self.everyFlag, leaf7: avx2CPU)
        #expect(SIMDLevel.supported(cpuFlags: underValgrind, cap: nil) == [.baseline, .avx2])
        #expect(!underValgrind.contains("avx512f") && underValgrind.contains("sse2"))
        let all: [SIMDLevel] = [.baseline, .avx2, .avx512, .avx512vbmi]
        #expect(SIMDLevel.supported(cpuFlags: SIMDLevel.confirmed(Self.everyFlag, leaf7: avx512CPU), cap: nil) == all)
        #expect(SIMDLevel.supported(cpuFlags: SIMDLevel.confirmed(Self.everyFlag, leaf7: 0), cap: nil) == [.baseline])
        #else
        #expect(SIMDLevel.confirmed(Self.everyFlag, leaf7: 0) == Self.everyFlag)
        #endif
    }

    @Test(
        "a CPU lacking one flag a level's code may use stops below that level, whatever it has above (each level builds on the one before)"
    )
    func missingFlagStopsTheLevels() {
        #if arch(x86_64)
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag.subtracting(["fma"]), cap: nil) == [.baseline])
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag.subtracting(["abm"]), cap: nil) == [.baseline])
        #expect(
            SIMDLevel.supported(cpuFlags: Self.everyFlag.subtracting(["avx512vl"]), cap: nil) == [.baseline, .avx2])
        #expect(
            SIMDLevel.supported(cpuFlags: Self.everyFlag.subtracting(["avx512vbmi"]), cap: nil) == [
                .baseline, .avx2, .avx512,
            ])
        #endif
    }

    @Test("the level table has one row per level, in the levels' order, each holding its own level's code")
    func levelTable() {
        #expect(SIMDLevelTable.rows.map(\.level) == SIMDLevel.allCases)
        for level in SIMDLevel.allCases { #expect(SIMDLevelTable.kernels(for: level).level == level) }
        #expect(SIMDLevel.allCases.sorted() == SIMDLevel.allCases)
    }

    @Test("FRAMEBENCH_SIMD caps the detected levels")
    func environmentCap() {
        #if arch(x86_64)
        let all: [SIMDLevel] = [.baseline, .avx2, .avx512, .avx512vbmi]
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag, cap: nil) == all)
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag, cap: "avx512vbmi") == all)
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag, cap: "avx512") == [.baseline, .avx2, .avx512])
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag, cap: "avx2") == [.baseline, .avx2])
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag, cap: " AVX2\n") == [.baseline, .avx2])
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag, cap: "baseline") == [.baseline])
        // Unrecognised or empty values cap nothing.
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag, cap: "") == all)
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag, cap: "sse9") == all)
        // A cap never adds a level the CPU lacks.
        let avx2Only = Self.everyFlag.filter { !$0.hasPrefix("avx512") }
        #expect(SIMDLevel.supported(cpuFlags: avx2Only, cap: "avx512") == [.baseline, .avx2])
        #else
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag, cap: nil) == [.baseline])
        #endif
        #expect(SIMDLevel(environmentValue: "avx512") == .avx512)
        #expect(SIMDLevel(environmentValue: "avx512vbmi") == .avx512vbmi)
        #expect(SIMDLevel(environmentValue: "AVX-512") == nil)
    }

    @Test("each level needs all of its CPU flags")
    func requiredFlags() {
        #if arch(x86_64)
        for missing in ["avx", "avx2", "fma", "bmi1", "bmi2", "f16c", "movbe", "popcnt", "abm"] {
            var flags = Self.everyFlag
            flags.remove(missing)
            #expect(SIMDLevel.supported(cpuFlags: flags, cap: nil) == [.baseline], "without \(missing)")
        }
        for missing in ["avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512cd"] {
            var flags = Self.everyFlag
            flags.remove(missing)
            #expect(SIMDLevel.supported(cpuFlags: flags, cap: nil) == [.baseline, .avx2], "without \(missing)")
        }
        // AVX-512 without VBMI is the AVX-512 level.
        #expect(
            SIMDLevel.supported(cpuFlags: Self.everyFlag.subtracting(["avx512vbmi"]), cap: nil)
                == [.baseline, .avx2, .avx512])
        #endif
        #expect(SIMDLevel.supported(cpuFlags: [], cap: nil) == [.baseline])
    }

    @Test("/proc/cpuinfo flags lines parse")
    func cpuInfoLines() {
        #expect(
            SIMDLevel.cpuFlags(fromCPUInfoLine: "flags\t\t: fpu vme avx2 bmi2\n") == ["fpu", "vme", "avx2", "bmi2"])
        #expect(SIMDLevel.cpuFlags(fromCPUInfoLine: "flags:") == [])
        #expect(SIMDLevel.cpuFlags(fromCPUInfoLine: "vmx flags\t: vnmi\n") == nil)
        #expect(SIMDLevel.cpuFlags(fromCPUInfoLine: "model name\t: AMD EPYC\n") == nil)
    }

    @Test("the host's levels follow /proc/cpuinfo and FRAMEBENCH_SIMD")
    func hostLevels() throws {
        let levels = SIMDLevel.supported
        #expect(levels.first == .baseline)
        #expect(levels == levels.sorted())
        #expect(SIMDLevel.best == levels.last)
        #expect(SIMDConverter().level == SIMDLevel.best)
        for requested in SIMDLevel.allCases {
            // A converter never runs a level the host lacks.
            let level = SIMDConverter(level: requested).level
            #expect(levels.contains(level) && level <= requested)
        }
        #if os(Linux) && arch(x86_64)
        let info = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags =
            info.split(separator: "\n").lazy.compactMap { SIMDLevel.cpuFlags(fromCPUInfoLine: String($0)) }.first ?? []
        let cap = ProcessInfo.processInfo.environment[SIMDLevel.environmentVariable]
        #expect(levels == SIMDLevel.supported(cpuFlags: flags, cap: cap).filter(SIMDLevel.built.contains))
        #endif
    }

    @Test("a simd-LEVEL row for each level the host runs, converting at that level")
    func levelRows() throws {
        #expect(SIMDConverter.levelEntries.count == SIMDLevel.supported.count)
        for level in SIMDLevel.supported {
            let converter = try #require(ConverterRegistry.make("simd-\(level.rawValue)") as? SIMDConverter)
            #expect(converter.level == level && converter.name == "simd-\(level.rawValue)")
            #expect(converter.stores == SIMDConverter().stores)
        }
        for level in SIMDLevel.allCases where !SIMDLevel.supported.contains(level) {
            #expect(ConverterRegistry.make("simd-\(level.rawValue)") == nil)
        }
    }

    // MARK: Kernel constants

    @Test("kernel constants are libyuv's", arguments: ColorMatrix.allCases)
    func constants(matrix: ColorMatrix) {
        let k = matrix.coefficients
        let s = SIMDRowMatrices.constants(matrix)
        #expect([s.yg, s.yb, s.ub, s.ug, s.vg, s.vr] == [k.yg, k.yb, k.ub, k.ug, k.vg, k.vr].map(Int.init))
    }

    @Test("every 16-bit term of the kernel stays in 0 ... 65535", arguments: ColorMatrix.allCases)
    func termRanges(matrix: ColorMatrix) {
        let range = SIMDRowConstants.termRange(matrix)
        #expect(range.lowerBound >= 0 && range.upperBound <= 65535, "\(matrix.name): \(range)")
    }

    /// The AVX2 and VBMI blocks' terms (docs/kernel.md, "The AVX2 block"
    /// and "The VBMI level"), derived here from docs/arithmetic.md: the luma term without its offset and
    /// the signed chroma terms must fit signed 16-bit lanes, red's term
    /// plus 0xC000 an unsigned one, and no sum may saturate below.
    @Test("the AVX2 and VBMI blocks' signed terms fit their 16-bit lanes", arguments: ColorMatrix.allCases)
    func signedTermRanges(matrix: ColorMatrix) {
        let k = SIMDRowMatrices.constants(matrix)
        let lumas = (0...255).map { ($0 * 0x0101 * k.yg) >> 16 }
        let signed = Int(Int16.min)...Int(Int16.max)
        #expect(lumas.allSatisfy { signed.contains($0) })
        for ui in -128...127 {
            let blue = k.yb + ui * k.ub
            let red = k.yb + ui * k.vr + 0xC000
            #expect(signed.contains(blue) && blue + lumas[0] >= Int(Int16.min), "\(matrix.name) u \(ui)")
            #expect((0...65535).contains(red), "\(matrix.name) v \(ui)")
            for vi in -128...127 {
                let green = k.yb - ui * k.ug - vi * k.vg
                #expect(signed.contains(green) && green + lumas[0] >= Int(Int16.min), "\(matrix.name) \(ui) \(vi)")
            }
        }
    }

    /// The AVX2 block's NV12 terms, and every term of the VBMI block, take
    /// each product from one `vpmaddubsw` of the unsigned (u, v) bytes by a
    /// signed byte pair (docs/kernel.md, "The AVX2 block" and "The VBMI
    /// level"), built as −UB, VG << 8 | UG and VR << 8: −UB must
    /// be a negative signed byte, UG, VG and VR non-negative ones (so that
    /// no byte spills into its neighbour), and no sum of two products may
    /// saturate its signed 16-bit lane.
    @Test("the AVX2 and VBMI blocks' pair coefficients fit vpmaddubsw", arguments: ColorMatrix.allCases)
    func pairCoefficients(matrix: ColorMatrix) {
        let k = SIMDRowMatrices.constants(matrix)
        #expect((-128 ... -1).contains(-k.ub), "\(matrix.name) UB \(k.ub)")
        let nonNegativeByte = 0...Int(Int8.max)
        #expect(
            [k.ug, k.vg, k.vr].allSatisfy { nonNegativeByte.contains($0) }, "\(matrix.name) \(k.ug) \(k.vg) \(k.vr)")
        let signed = Int(Int16.min)...Int(Int16.max)
        #expect(
            signed.contains(255 * -k.ub) && signed.contains(255 * (k.ug + k.vg)) && signed.contains(255 * k.vr),
            "\(matrix.name)")
    }
}
