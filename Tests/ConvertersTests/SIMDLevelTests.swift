import Converters
import Foundation
import Frames
import SIMDRows
import Testing
import TestSupport

/// The SIMD converter at every instruction-set level this machine runs:
/// level detection and the FRAMEBENCH_SIMD cap, the kernel's 16-bit
/// ranges, and bytes equal to libyuv's for every matrix, on every width
/// from 1 to 67 (odd and even heights, padded strides, destination padding,
/// planes ending at guard pages) and on all 256³ (y, u, v) triples.
@Suite struct SIMDLevelTests {
    static let levels = SIMDLevel.supported
    static let oracle = LibYUVConverter()

    // MARK: Levels

    static let everyFlag: Set<String> = [
        "fpu", "sse2", "ssse3", "sse4_1", "avx", "avx2", "fma", "bmi1", "bmi2", "f16c", "movbe", "popcnt", "abm",
        "avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512cd",
    ]

    @Test("FRAMEBENCH_SIMD caps the detected levels")
    func environmentCap() {
        #if arch(x86_64)
        let all: [SIMDLevel] = [.baseline, .avx2, .avx512]
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag, cap: nil) == all)
        #expect(SIMDLevel.supported(cpuFlags: Self.everyFlag, cap: "avx512") == all)
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
        #endif
        #expect(SIMDLevel.supported(cpuFlags: [], cap: nil) == [.baseline])
    }

    @Test("/proc/cpuinfo flags lines parse")
    func cpuInfoLines() {
        #expect(SIMDLevel.cpuFlags(fromCPUInfoLine: "flags\t\t: fpu vme avx2 bmi2\n") == ["fpu", "vme", "avx2", "bmi2"])
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
        let flags = info.split(separator: "\n").lazy.compactMap { SIMDLevel.cpuFlags(fromCPUInfoLine: String($0)) }.first ?? []
        let cap = ProcessInfo.processInfo.environment[SIMDLevel.environmentVariable]
        #expect(levels == SIMDLevel.supported(cpuFlags: flags, cap: cap))
        #endif
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

    // MARK: Bytes equal to libyuv

    static let heights = [1, 2, 5, 6]

    @Test("widths 1 ... 67, padded strides and destinations", arguments: levels, ColorMatrix.allCases)
    func everyWidth(level: SIMDLevel, matrix: ColorMatrix) {
        let converter = SIMDConverter(level: level)
        #expect(converter.level == level)
        for width in 1...67 {
            for height in Self.heights {
                let size = FrameSize(width: width, height: height)
                let padding = (width * 7 + height) % 13
                let source = I420Buffer.random(size: size, padding: padding, seed: UInt64(width * 100 + height))
                // Canary-filled destination padding: libyuv leaves it alone, so
                // comparing whole buffers also checks the converter does.
                let expected = BGRABuffer(size: size, padding: 4 * (height % 3) + 5, fill: 0xA5)
                let actual = BGRABuffer(size: size, padding: 4 * (height % 3) + 5, fill: 0xA5)
                Self.oracle.convert(source.view, to: expected.view, matrix: matrix)
                converter.convert(source.view, to: actual.view, matrix: matrix)
                if let message = describeDifference(actual, expected) {
                    Issue.record("\(level) \(matrix.name) \(size) padding \(padding): \(message)")
                    return
                }
            }
        }
    }

    @Test("planes and destination ending at guard pages", arguments: levels)
    func guardPages(level: SIMDLevel) {
        let converter = SIMDConverter(level: level)
        for width in 1...67 {
            for height in [1, 2, 3] {
                let size = FrameSize(width: width, height: height)
                for padding in [0, 5] {
                    let source = GuardedI420(size: size, padding: padding, seed: UInt64(width * 10 + height))
                    let destination = GuardedBytes(count: width * 4 * height)
                    let view = BGRAView(base: destination.base, stride: width * 4, width: width, height: height)
                    converter.convert(source.view, to: view, matrix: .bt709)
                    let expected = BGRABuffer(size: size)
                    Self.oracle.convert(source.view, to: expected.view, matrix: .bt709)
                    if memcmp(destination.base, expected.allBytes.baseAddress!, destination.count) != 0 {
                        Issue.record("\(level) \(size) padding \(padding): bytes differ from libyuv")
                        return
                    }
                }
            }
        }
    }

    @Test("all 256³ (y, u, v) triples", arguments: levels, ColorMatrix.allCases)
    func everyTriple(level: SIMDLevel, matrix: ColorMatrix) {
        let converter = SIMDConverter(level: level)
        let size = ExhaustiveFrames.size
        let source = I420Buffer(size: size)
        let expected = BGRABuffer(size: size)
        let actual = BGRABuffer(size: size)
        for u in 0...255 {
            ExhaustiveFrames.fill(source, u: UInt8(u))
            Self.oracle.convert(source.view, to: expected.view, matrix: matrix)
            converter.convert(source.view, to: actual.view, matrix: matrix)
            if memcmp(actual.allBytes.baseAddress!, expected.allBytes.baseAddress!, actual.allBytes.count) != 0 {
                let at = firstMismatch(actual.allBytes, expected.allBytes)
                let pixel = at / 4, x = pixel % size.width, row = pixel / size.width
                let y = 4 * (row / 2) + 2 * (row % 2) + x % 2
                Issue.record("\(level) \(matrix.name): y=\(y) u=\(u) v=\(x / 2): byte \(at % 4) is \(actual.allBytes[at]), libyuv \(expected.allBytes[at])")
                return
            }
        }
    }

    /// Where `actual` and `expected` (same geometry, padding included)
    /// differ, or nil when their bytes are equal.
    private func describeDifference(_ actual: BGRABuffer, _ expected: BGRABuffer) -> String? {
        let a = actual.allBytes, e = expected.allBytes
        guard a.count == e.count else { return "buffer sizes differ" }
        if memcmp(a.baseAddress!, e.baseAddress!, a.count) == 0 { return nil }
        let at = firstMismatch(a, e)
        let row = at / actual.stride, column = at % actual.stride
        let place = column < actual.size.width * 4 ? "pixel \(column / 4) byte \(column % 4)" : "row padding byte \(column - actual.size.width * 4)"
        return "row \(row) \(place) is \(a[at]), expected \(e[at])"
    }

    /// The first index where `a` and `b` differ (they are known to differ).
    private func firstMismatch(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        while a[i] == b[i] { i += 1 }
        return i
    }
}
