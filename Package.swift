// swift-tools-version: 6.0
// FrameBench: a benchmark and conformance suite for I420 → BGRA conversion
// of decoded VP8 frames. See README.md.
import PackageDescription

/// Pixel code is compiled optimised even in debug builds, so `swift test`
/// checks the exhaustive input space in minutes and `swift run bench`
/// gives representative timings.
let optimised: [SwiftSetting] = [.unsafeFlags(["-O"])]

/// `-target-cpu` for one instruction-set level of the SIMD row kernel;
/// empty where the host is not x86-64 (the level then builds at baseline
/// and the dispatcher never picks it).
func targetCPU(_ cpu: String) -> [SwiftSetting] {
    #if arch(x86_64)
    return [.unsafeFlags(["-O", "-target-cpu", cpu])]
    #else
    return optimised
    #endif
}

let package = Package(
    name: "FrameBench",
    products: [
        .executable(name: "bench", targets: ["bench"]),
        .library(
            name: "FrameBenchKit",
            targets: ["Frames", "VPX", "Converters", "Plugins", "Conformance", "Presentation", "ConverterChecks"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // C libraries from Debian packages: module maps only.
        .systemLibrary(
            name: "CVPX", pkgConfig: "vpx",
            providers: [.apt(["libvpx-dev"]), .brew(["libvpx"])]),
        .systemLibrary(
            name: "CLibYUV",
            providers: [.apt(["libyuv-dev"]), .brew(["libyuv"])]),
        // The plug-in ABI's header (for plug-in authors too): no library to link.
        .systemLibrary(name: "CFrameBenchPlugin"),
        // The compiler's prefetch builtin, which Swift cannot reach otherwise: no library to link.
        .systemLibrary(name: "CPrefetch"),
        .systemLibrary(
            name: "CSwscale", pkgConfig: "libswscale",
            providers: [.apt(["libswscale-dev"]), .brew(["ffmpeg"])]),
        .systemLibrary(
            name: "CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),

        // Percentiles (one convention), distributions, ratio intervals.
        .target(name: "Statistics", swiftSettings: optimised),
        // Plane and frame types, media time, colour matrices.
        .target(name: "Frames", swiftSettings: optimised),
        // IVF container reader and the libvpx VP8 decoder.
        .target(name: "VPX", dependencies: ["Frames", "CVPX"]),
        // The SIMD row kernel (inlinable) and one module per instruction-set level.
        .target(name: "SIMDRows", dependencies: ["Frames", "CPrefetch"], swiftSettings: optimised),
        .target(name: "SIMDRowsAVX2", dependencies: ["SIMDRows", "Frames"], swiftSettings: targetCPU("haswell")),
        .target(
            name: "SIMDRowsAVX512", dependencies: ["SIMDRows", "Frames"], swiftSettings: targetCPU("skylake-avx512")),
        // The FrameConverter protocol and one file per converter.
        .target(
            name: "Converters",
            dependencies: [
                "Frames", "Statistics", "SIMDRows", "SIMDRowsAVX2", "SIMDRowsAVX512", "CLibYUV", "CSwscale",
                "CFrameBenchPlugin",
            ],
            swiftSettings: optimised),
        // C plug-ins: the ABI's loader and the converters it makes.
        .target(
            name: "Plugins", dependencies: ["Frames", "Converters", "CFrameBenchPlugin"], swiftSettings: optimised),
        // Frame MD5s, vector manifests, timestamp checks, plain reasons for file errors.
        .target(
            name: "Conformance", dependencies: ["Frames", "VPX", "Statistics", "CCrypto"], swiftSettings: optimised),
        // Presentation stamps, delivery scenarios and the checks on a presented sequence (no I/O).
        .target(name: "Presentation", dependencies: ["Frames", "Statistics"], swiftSettings: optimised),
        // The report document as `bench --json` writes it (read back) and the comparison of two runs.
        .target(name: "Reports", dependencies: ["Statistics"], swiftSettings: optimised),
        // The measurement harness: clocks, interleaved runner, contenders, memory floors, cell results.
        .target(
            name: "Measurement",
            dependencies: [
                "Statistics", "Frames", "Converters", "Conformance", "Reports", "SIMDRows", "SIMDRowsAVX2",
                "SIMDRowsAVX512",
            ],
            swiftSettings: optimised),
        // Whole streams: decode → convert runs (serial, pipelined), their verification, presentation runs.
        .target(
            name: "Streams",
            dependencies: ["Measurement", "Statistics", "Frames", "VPX", "Converters", "Conformance", "Presentation"],
            swiftSettings: optimised),
        // One report run (synthetic cells, streams end to end, scaling, presentation) as a library call.
        .target(
            name: "ReportRun",
            dependencies: [
                "Streams", "Measurement", "Converters", "Frames", "Presentation", "Reports", "Conformance",
                "Statistics",
            ],
            swiftSettings: optimised),
        // A group call: participants, schedules, late frames, capacity.
        .target(
            name: "CallSimulation",
            dependencies: ["Streams", "Measurement", "Statistics", "Frames", "VPX", "Converters", "Presentation"],
            swiftSettings: optimised),
        // The regression gate: reference builds, head and reference processes side by side, the decision,
        // the checks that do not depend on the machine, and one whole gate run (GateRun) for any tool.
        .target(
            name: "Gate",
            dependencies: [
                "Reports", "Statistics", "Streams", "Measurement", "Converters", "Conformance", "Frames",
                "ConverterChecks",
            ],
            swiftSettings: optimised),
        // The check harness (checkasm for converters): exhaustive, sizes and
        // canaries, guard pages, frames, threads, speed; isolated in child processes.
        .target(
            name: "ConverterChecks",
            dependencies: ["Frames", "Statistics", "VPX", "Converters", "Plugins", "Conformance", "Measurement"],
            swiftSettings: optimised),
        // The report's renderers, for bench and any other tool: the text tables, the HTML page with its
        // inline SVG charts, the present and call tables, number formatting.
        .target(
            name: "ReportRendering",
            dependencies: [
                "Measurement", "ReportRun", "Streams", "Statistics", "Conformance", "Presentation", "CallSimulation",
            ],
            swiftSettings: optimised),
        // The command-line tool: argument handling, commands, wiring the libraries, printing.
        .executableTarget(
            name: "bench",
            dependencies: [
                "Statistics", "Frames", "VPX", "Converters", "Plugins", "Conformance", "Measurement", "Presentation",
                "ConverterChecks", "Reports", "Gate", "Streams", "CallSimulation", "ReportRun", "ReportRendering",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/bench"),
        // libFuzzer target over IVF parsing, decoding and converting; built by scripts/fuzz.
        .executableTarget(
            name: "fuzz-ivf",
            dependencies: ["Frames", "VPX", "Converters", "Conformance"],
            path: "Benchmarks/fuzz"),

        // Shared test helpers: paths, deterministic planes, guard pages, exhaustive inputs.
        .target(
            name: "TestSupport", dependencies: ["Frames", "Statistics", "ConverterChecks"], path: "Tests/TestSupport",
            swiftSettings: optimised),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics"]),
        .testTarget(name: "FramesTests", dependencies: ["Frames"]),
        .testTarget(name: "VPXTests", dependencies: ["VPX", "Conformance", "Frames", "Statistics", "TestSupport"]),
        .testTarget(name: "ConformanceTests", dependencies: ["Conformance", "VPX", "Frames", "TestSupport"]),
        .testTarget(
            name: "MeasurementTests",
            dependencies: [
                "Measurement", "Streams", "Statistics", "Converters", "Conformance", "Frames", "TestSupport",
            ]),
        .testTarget(
            name: "StreamsTests",
            dependencies: [
                "Streams", "Measurement", "Statistics", "Converters", "Conformance", "Frames", "TestSupport",
            ]),
        .testTarget(
            name: "PresentationTests",
            dependencies: [
                "Presentation", "CallSimulation", "Streams", "Measurement", "Converters", "Frames", "TestSupport",
            ]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Statistics"], exclude: ["Fixtures"]),
        .testTarget(name: "GateTests", dependencies: ["Gate", "Reports", "Statistics", "Frames"]),
        .testTarget(name: "ConverterChecksTests", dependencies: ["ConverterChecks", "Converters", "Frames"]),
        .testTarget(
            name: "PluginsTests", dependencies: ["Plugins", "CFrameBenchPlugin", "Converters", "Frames", "TestSupport"]),
        .testTarget(
            name: "ConvertersTests",
            dependencies: ["Converters", "SIMDRows", "Conformance", "VPX", "Frames", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
