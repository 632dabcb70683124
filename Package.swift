// swift-tools-version: 6.0
// FrameBench: a benchmark and conformance suite for the conversion of
// decoded video-call frames (VP8, VP9, AV1, H.264; I420 and NV12) to BGRA.
// See README.md and docs/architecture.md (generated from this file).
import PackageDescription

/// Pixel code is compiled optimised even in debug builds, so `swift test`
/// checks the exhaustive input space in minutes and `swift run bench`
/// gives representative timings.
let optimised: [SwiftSetting] = [.unsafeFlags(["-O"])]

/// `-target-cpu` for one instruction-set level of the SIMD row kernel,
/// plus clang `-m` options (`features`) that add instructions to it for
/// both clang's intrinsics and Swift's code generation; empty where the
/// host is not x86-64 (the level then builds at baseline and the
/// dispatcher never picks it).
func targetCPU(_ cpu: String, features: [String] = []) -> [SwiftSetting] {
    #if arch(x86_64)
    return [.unsafeFlags(["-O", "-target-cpu", cpu] + features.flatMap { ["-Xcc", $0] })]
    #else
    return optimised
    #endif
}

/// A library target in `Sources/NAME` depending on `dependencies`, compiled
/// `optimised`: every library target but the SIMD levels' and `Decoding`.
func optimisedTarget(_ name: String, _ dependencies: [Target.Dependency] = []) -> Target {
    .target(name: name, dependencies: dependencies, swiftSettings: optimised)
}

let package = Package(
    name: "FrameBench",
    products: [
        .executable(name: "bench", targets: ["bench"]),
        .library(
            name: "FrameBenchKit",
            targets: [
                "Frames", "Containers", "Decoding", "SIMDRows", "Converters", "Plugins", "Conformance", "Presentation",
                "ConverterChecks",
            ]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0")
    ],
    targets: [
        // C libraries from Debian packages: module maps only.
        // libvpx: VP8 and VP9 decoding.
        .systemLibrary(
            name: "CVPX", pkgConfig: "vpx",
            providers: [.apt(["libvpx-dev"]), .brew(["libvpx"])]),
        // OpenH264: the second H.264 decoder, the witness on constrained baseline.
        .systemLibrary(
            name: "COpenH264", pkgConfig: "openh264",
            providers: [.apt(["libopenh264-dev"]), .brew(["openh264"])]),
        // dav1d: AV1 decoding.
        .systemLibrary(
            name: "CDav1d", pkgConfig: "dav1d",
            providers: [.apt(["libdav1d-dev"]), .brew(["dav1d"])]),
        // libaom: the second AV1 decoder, the witness.
        .systemLibrary(
            name: "CAom", pkgConfig: "aom",
            providers: [.apt(["libaom-dev"]), .brew(["aom"])]),
        // libavcodec: H.264 decoding, and the second VP8 and VP9 decoders.
        .systemLibrary(
            name: "CAVCodec", pkgConfig: "libavcodec",
            providers: [.apt(["libavcodec-dev"]), .brew(["ffmpeg"])]),
        // libavformat: the WebM, Matroska, MP4, MOV and raw H.264 demuxers.
        .systemLibrary(
            name: "CAVFormat", pkgConfig: "libavformat",
            providers: [.apt(["libavformat-dev"]), .brew(["ffmpeg"])]),
        // libyuv (Debian's, linked as `yuv`): the oracle and a peer.
        .systemLibrary(
            name: "CLibYUV",
            providers: [.apt(["libyuv-dev"]), .brew(["libyuv"])]),
        // The plug-in ABI's header (for plug-in authors too): no library to link.
        .systemLibrary(name: "CFrameBenchPlugin"),
        // The compiler's prefetch builtin, which Swift cannot reach otherwise: no library to link.
        .systemLibrary(name: "CPrefetch"),
        // A 16-byte broadcast load as one instruction, for the AVX2 block: no library to link.
        .systemLibrary(name: "CBroadcastLoad"),
        // glibc's posix_spawn working directory and closefrom, and pipe2, which Swift's Glibc leaves out: no
        // library to link.
        .systemLibrary(name: "CSpawn"),
        // CPUID leaf 7, what the running CPU (or Valgrind's) reports: no library to link.
        .systemLibrary(name: "CCPUID"),
        // Callgrind's client requests (valgrind/callgrind.h), for instruction counts: no library to link.
        .systemLibrary(name: "CCallgrind", providers: [.apt(["valgrind"]), .brew(["valgrind"])]),
        // swscale: a peer with a tolerance.
        .systemLibrary(
            name: "CSwscale", pkgConfig: "libswscale",
            providers: [.apt(["libswscale-dev"]), .brew(["ffmpeg"])]),
        // libcrypto: MD5 of frames, as the vectors' lists give them.
        .systemLibrary(
            name: "CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),

        // Percentiles (one convention), distributions, ratio intervals, and the clocks timings are read from.
        optimisedTarget("Statistics"),
        // Plane and frame types, media time, colour matrices, and the interface every converter implements
        // (FrameConverter, its errors, a converter table row).
        optimisedTarget("Frames"),
        // Child processes: spawn, pipes, deadlines, kill, reap, how each ended and what it used.
        optimisedTarget("ChildProcesses", ["CSpawn"]),
        // Containers: the IVF reader, libavformat's demuxers (WebM, Matroska, MP4, MOV, raw H.264) and the codec
        // each names.
        optimisedTarget("Containers", ["Frames", "CAVFormat"]),
        // Decoders behind one protocol (libvpx, dav1d, libavcodec, libaom, OpenH264), their registry, and the
        // stream decoder that reads, decodes and repacks for every consumer.
        .target(
            name: "Decoding", dependencies: ["Containers", "Frames", "CVPX", "CDav1d", "CAom", "CAVCodec", "COpenH264"]),
        // The SIMD row kernel (inlinable), its levels and store policy, and one module per instruction-set level.
        optimisedTarget("SIMDRows", ["Frames", "Statistics", "CPrefetch", "CCPUID"]),
        // The kernel and the floor's passes compiled for AVX2 (`-target-cpu haswell`).
        .target(
            name: "SIMDRowsAVX2", dependencies: ["SIMDRows", "Frames", "CBroadcastLoad"],
            swiftSettings: targetCPU("haswell")),
        // The kernel and the floor's passes compiled for AVX-512 (`-target-cpu skylake-avx512`).
        .target(
            name: "SIMDRowsAVX512", dependencies: ["SIMDRows", "Frames"], swiftSettings: targetCPU("skylake-avx512")),
        // The kernel compiled for AVX-512 with VBMI's byte permutes.
        .target(
            name: "SIMDRowsAVX512VBMI", dependencies: ["SIMDRows", "SIMDRowsAVX512", "Frames"],
            swiftSettings: targetCPU("skylake-avx512", features: ["-mavx512vbmi"])),
        // The peers FrameBench measures against, with their C libraries: libyuv (the oracle), the latest libyuv
        // built as a plug-in, swscale; the plug-in ABI's frame descriptions; FrameBench's cache directory.
        optimisedTarget("Peers", ["Frames", "CLibYUV", "CSwscale", "CFrameBenchPlugin"]),
        // FrameBench's own converters (one file each), the SIMD level table and the converter table (peers
        // included) with its roles.
        optimisedTarget(
            "Converters",
            ["Frames", "Statistics", "SIMDRows", "SIMDRowsAVX2", "SIMDRowsAVX512", "SIMDRowsAVX512VBMI", "Peers"]),
        // C plug-ins: the ABI's loader and the converters it makes.
        optimisedTarget("Plugins", ["Peers", "Frames", "Converters", "CFrameBenchPlugin"]),
        // Frame MD5s, vector manifests, timestamp checks, plain reasons for file errors.
        optimisedTarget("Conformance", ["Frames", "Containers", "Decoding", "Statistics", "CCrypto"]),
        // Presentation stamps, delivery scenarios and the checks on a presented sequence (no I/O).
        optimisedTarget("Presentation", ["Frames", "Statistics"]),
        // The one result model: the report document (written, read, printed, compared; the call's sections in it).
        optimisedTarget("Reports", ["Statistics"]),
        // The measurement harness: interleaved runner, contenders, memory floors, each cell summarized into report entries.
        optimisedTarget(
            "Measurement",
            [
                "Peers",
                "Statistics", "Frames", "Converters", "Conformance", "SIMDRows", "Reports",
            ]),
        // Whole streams: decode → convert runs (serial, pipelined), their verification, presentation runs.
        optimisedTarget(
            "Streams",
            [
                "Measurement", "Statistics", "Frames", "Containers", "Decoding", "Converters", "Conformance",
                "Presentation",
            ]),
        // One report run (synthetic cells, streams end to end, scaling, presentation) as a library call.
        optimisedTarget(
            "ReportRun",
            [
                "SIMDRows",
                "Peers",
                "Containers", "Streams", "Measurement", "Converters", "Frames", "Presentation", "Reports",
                "Conformance",
                "Statistics",
            ]),
        // A group call: participants, schedules, late frames, capacity.
        optimisedTarget(
            "CallSimulation",
            [
                "Streams", "Measurement", "Statistics", "Frames", "Containers", "Decoding", "Converters",
                "Presentation",
                "Reports",
            ]),
        // The regression gate: reference builds, head and reference processes side by side, the decision,
        // the checks that do not depend on the machine, and one whole gate run (GateRun) for any tool.
        optimisedTarget(
            "Gate",
            [
                "Peers",
                "Reports", "Statistics", "Streams", "Measurement", "Converters", "Conformance", "Frames",
                "ConverterChecks", "SIMDRows", "CCallgrind", "ChildProcesses",
            ]),
        // The check harness (checkasm for converters): exhaustive, sizes and
        // canaries, guard pages, frames, threads, speed; isolated in child processes.
        optimisedTarget(
            "ConverterChecks",
            [
                "Peers",
                "Frames", "Statistics", "Containers", "Decoding", "Converters", "Plugins", "Conformance", "Measurement",
                "Reports", "ChildProcesses",
            ]),
        // The report's renderers, for bench and any other tool: the text tables and the HTML page with its
        // inline SVG charts, printed from the report document (Reports), the present and call tables, number
        // formatting.
        optimisedTarget("ReportRendering", ["Reports", "Containers", "Converters", "CallSimulation", "Frames"]),
        // The command-line tool: argument handling, commands, wiring the libraries, printing.
        .executableTarget(
            name: "bench",
            dependencies: [
                "Statistics", "Frames", "Containers", "Decoding", "Converters", "Plugins", "Conformance", "Measurement",
                "Presentation",
                "ConverterChecks", "Reports", "Gate", "Streams", "CallSimulation", "ReportRun", "ReportRendering",
                "SIMDRows", "ChildProcesses", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/bench"),
        // libFuzzer target over IVF parsing, decoding and converting; built by scripts/fuzz.
        .executableTarget(
            name: "fuzz-ivf",
            dependencies: ["Peers", "Frames", "Containers", "Decoding", "Converters"],
            path: "Benchmarks/fuzz"),

        // Shared test helpers: paths, deterministic planes, guard pages, exhaustive inputs, a report made by hand.
        .target(
            name: "TestSupport",
            dependencies: [
                "Frames", "Statistics", "ConverterChecks", "Conformance", "Containers", "Measurement", "ReportRun",
                "Streams",
            ], path: "Tests/TestSupport",
            swiftSettings: optimised),
        .testTarget(name: "StatisticsTests", dependencies: ["Statistics"]),
        .testTarget(name: "FramesTests", dependencies: ["Frames"]),
        .testTarget(name: "ChildProcessesTests", dependencies: ["ChildProcesses"]),
        .testTarget(
            name: "DecodingTests",
            dependencies: ["Containers", "Decoding", "Conformance", "Frames", "Statistics", "TestSupport"]),
        .testTarget(
            name: "ConformanceTests", dependencies: ["Conformance", "Containers", "Decoding", "Frames", "TestSupport"]),
        .testTarget(
            name: "MeasurementTests",
            dependencies: [
                "Peers",
                "Measurement", "Streams", "Statistics", "Converters", "Conformance", "Frames", "SIMDRows", "Reports",
                "TestSupport",
            ]),
        .testTarget(
            name: "StreamsTests",
            dependencies: [
                "Peers",
                "Streams", "Measurement", "Converters", "Containers", "Decoding", "Frames", "TestSupport",
            ]),
        .testTarget(
            name: "PresentationTests",
            dependencies: [
                "Presentation", "CallSimulation", "Streams", "Measurement", "Converters", "Containers", "Frames",
                "Statistics", "TestSupport",
            ]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Statistics"], exclude: ["Fixtures"]),
        .testTarget(
            name: "ReportRunTests",
            dependencies: ["ReportRun", "Reports", "TestSupport"]),
        .testTarget(
            name: "ReportRenderingTests",
            dependencies: [
                "ReportRendering", "ReportRun", "Reports", "Streams", "Containers", "Frames", "Presentation",
                "CallSimulation", "TestSupport",
            ]),
        .testTarget(
            name: "GateTests", dependencies: ["Gate", "Reports", "Statistics", "Frames", "Measurement"]),
        .testTarget(
            name: "ConverterChecksTests",
            dependencies: ["ConverterChecks", "Containers", "Converters", "Decoding", "Frames", "TestSupport"]),
        .testTarget(
            name: "PluginsTests",
            dependencies: ["Peers", "Plugins", "CFrameBenchPlugin", "Converters", "Frames", "TestSupport"]),
        .testTarget(
            name: "ConvertersTests",
            dependencies: [
                "Peers",
                "Converters", "SIMDRows", "Conformance", "Containers", "ConverterChecks", "Decoding", "Frames",
                "TestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
