import CFrameBenchPlugin
import Converters
import Frames
import Peers
import Plugins
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The plug-in ABI's two versions in process (docs/plugins.md): a
/// plug-in exporting `framebench_plugin_v2` is loaded as version 2 and
/// converts NV12 as libyuv does, one exporting only `framebench_plugin_v1`
/// takes I420 only, a version 2 table is validated as a version 1 table
/// is, and the C example refuses a source the ABI does not allow with a
/// failure status, converting nothing. The plug-ins are
/// Tests/PluginFixtures/faulty_plugin.c (with no fault unless one is named)
/// and Examples/c-plugin, built with the system C compiler.
@Suite("plug-in ABI versions 1 and 2")
struct PluginABITests {
    /// The fixture built with `defines` (`ABI_2` for version 2, `FAULT_...`).
    static func fixture(_ defines: [String] = []) throws -> String {
        try #require(
            PluginBuild.library("Tests/PluginFixtures/faulty_plugin.c", defines: defines),
            "cannot build the fixture \(defines) with cc")
    }

    /// The C example plug-in.
    static func example() throws -> String {
        try #require(PluginBuild.library("Examples/c-plugin/scalar_plugin.c"), "cannot build Examples/c-plugin with cc")
    }

    /// The one converter of the plug-in at `path`.
    static func converter(_ path: String) throws -> PluginConverter {
        let converters = try PluginLoader.load(path)
        try #require(converters.count == 1, "\(converters.map(\.name))")
        return converters[0]
    }

    /// Where `converter`'s bytes for `frame` differ from libyuv's (the
    /// oracle, `LibYUVConverter`, given the same source), or nil. The
    /// converter's destination ends right before a guard page.
    static func mismatch(
        _ converter: PluginConverter, _ frame: GuardedSource, _ matrix: ColorMatrix, _ orientation: Orientation
    ) throws -> String? {
        let source = frame.view
        let size = orientation.orientedSize(of: source.size)
        let mine = GuardedBGRA(size: size)
        let want = BGRABuffer(size: size)
        try converter.convert(source, to: mine.view, matrix: matrix, orientation: orientation)
        LibYUVConverter().convert(source, to: want.view, matrix: matrix, orientation: orientation)
        for row in 0..<size.height where memcmp(mine.view.row(row), want.view.row(row), 4 * size.width) != 0 {
            return "\(source.layout) \(source.size) \(orientation) \(matrix): row \(row) differs from libyuv's"
        }
        return nil
    }

    /// Expects `converter` to answer an NV12 frame of `size` with
    /// `.unsupported` and to convert the I420 frame of the same `size`,
    /// `padding` and `seed` upright as libyuv does.
    static func expectI420Only(
        _ converter: PluginConverter, _ size: FrameSize, padding: Int, seed: UInt64, matrix: ColorMatrix
    ) throws {
        let nv12 = frame(size, .nv12, padding: padding, seed: seed)
        let target = BGRABuffer(size: size)
        #expect(throws: ConversionError.unsupported) {
            try withExtendedLifetime(nv12) { try converter.convert(nv12.view, to: target.view, matrix: matrix) }
        }
        let i420 = frame(size, .i420, padding: padding, seed: seed)
        #expect(try mismatch(converter, i420, matrix, .upright) == nil)
    }

    /// A random `size` frame in `layout` with `padding` bytes of stride
    /// padding, each plane ending right before a guard page.
    static func frame(_ size: FrameSize, _ layout: ChromaLayout, padding: Int, seed: UInt64) -> GuardedSource {
        GuardedSource(size: size, layout: layout, padding: padding, seed: seed)
    }

    @Test("the C example exports both tables; FrameBench takes version 2: both layouts")
    func exampleLoadsAsVersion2() throws {
        let path = try Self.example()
        let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL))
        #expect(dlsym(handle, "framebench_plugin_v1") != nil && dlsym(handle, "framebench_plugin_v2") != nil)
        let converter = try Self.converter(path)
        #expect(converter.name == "c-scalar")
        #expect(converter.abiVersion == 2)
        #expect(converter.layouts == ChromaLayout.allCases)
    }

    @Test(
        "the C example converts NV12 and I420 as libyuv does: widths 1…67, odd and even heights, every orientation and matrix, planes ending at guard pages",
        arguments: ChromaLayout.allCases)
    func exampleBitExact(_ layout: ChromaLayout) throws {
        let converter = try Self.converter(try Self.example())
        var failures: [String] = []
        for width in 1...67 {
            for height in [1, 2, 3, 4, 7, 17] {
                let size = FrameSize(width: width, height: height)
                let source = Self.frame(size, layout, padding: width % 4 * 3, seed: UInt64(width * 100 + height))
                for orientation in Orientation.allCases {
                    for matrix in ColorMatrix.allCases {
                        if let failure = try Self.mismatch(converter, source, matrix, orientation) {
                            failures.append(failure)
                        }
                    }
                }
            }
        }
        let wrong = failures.count
        #expect(wrong == 0, "the first: \(failures.prefix(3))")
    }

    @Test("a version 2 fixture is loaded as version 2 and converts NV12 (third plane NULL, stride 0) as libyuv does")
    func fixtureVersion2() throws {
        let converter = try Self.converter(try Self.fixture(["ABI_2"]))
        #expect(converter.abiVersion == 2)
        #expect(converter.layouts == ChromaLayout.allCases)
        for layout in ChromaLayout.allCases {
            for (index, size) in [
                FrameSize(width: 1, height: 1), .init(width: 5, height: 3), .init(width: 64, height: 48),
            ]
            .enumerated() {
                let source = Self.frame(size, layout, padding: index * 5, seed: UInt64(index))
                for matrix in ColorMatrix.allCases {
                    #expect(try Self.mismatch(converter, source, matrix, .upright) == nil)
                }
                // The fixture offers upright only: FRAMEBENCH_UNSUPPORTED is `.unsupported`.
                let target = BGRABuffer(size: Orientation.rotate90.orientedSize(of: size))
                #expect(throws: ConversionError.unsupported) {
                    try withExtendedLifetime(source) {
                        try converter.convert(source.view, to: target.view, matrix: .bt601, orientation: .rotate90)
                    }
                }
            }
        }
    }

    @Test("a version 2 converter that does not offer NV12 keeps every layout and answers NV12 with .unsupported")
    func version2WithoutNV12() throws {
        let converter = try Self.converter(try Self.fixture(["ABI_2", "NO_NV12"]))
        #expect(converter.abiVersion == 2 && converter.layouts == ChromaLayout.allCases)
        try Self.expectI420Only(converter, FrameSize(width: 9, height: 5), padding: 2, seed: 7, matrix: .bt709)
    }

    @Test("a version 1 plug-in takes I420 only: layouts [.i420], NV12 is .unsupported")
    func version1IsI420Only() throws {
        let converter = try Self.converter(try Self.fixture())
        #expect(converter.abiVersion == 1)
        #expect(converter.layouts == [.i420])
        try Self.expectI420Only(converter, FrameSize(width: 7, height: 3), padding: 1, seed: 3, matrix: .bt601)
    }

    @Test("the C example's version 1 table, for older hosts, converts I420 as libyuv does")
    func exampleVersion1Table() throws {
        let handle = try #require(dlopen(try Self.example(), RTLD_NOW | RTLD_LOCAL))
        typealias Entry = @convention(c) () -> UnsafePointer<framebench_plugin>?
        let symbol = try #require(dlsym(handle, "framebench_plugin_v1"))
        let plugin = try #require(unsafeBitCast(symbol, to: Entry.self)()).pointee
        #expect(plugin.abi_version == 1 && plugin.converter_count == 1)
        let entry = try #require(plugin.converters).pointee
        let convert = try #require(entry.convert)
        let name = try #require(entry.name)
        #expect(String(cString: name) == "c-scalar")
        for size in [FrameSize(width: 1, height: 1), .init(width: 13, height: 7), .init(width: 34, height: 18)] {
            let planes = GuardedSource(size: size, padding: 3, seed: UInt64(size.width))
            guard case .i420(let source) = planes.view else { return }
            defer { withExtendedLifetime(planes) {} }
            for orientation in Orientation.allCases {
                let oriented = orientation.orientedSize(of: size)
                let mine = BGRABuffer(size: oriented)
                let want = BGRABuffer(size: oriented)
                var image = framebench_i420(
                    y: source.y.base, u: source.u.base, v: source.v.base, y_stride: Int32(source.y.stride),
                    u_stride: Int32(source.u.stride), v_stride: Int32(source.v.stride), width: Int32(size.width),
                    height: Int32(size.height))
                var target = framebench_bgra(
                    data: mine.view.base, stride: Int32(mine.stride), width: Int32(oriented.width),
                    height: Int32(oriented.height))
                #expect(convert(nil, &image, &target, ColorMatrix.bt709.abiValue, orientation.abiValue) == 0)
                LibYUVConverter().convert(.i420(source), to: want.view, matrix: .bt709, orientation: orientation)
                #expect(Array(mine.allBytes) == Array(want.allBytes), "\(size) \(orientation)")
            }
        }
    }

    /// A source or destination the ABI does not allow, made from a valid
    /// 5×3 frame, and the status the example documents for it.
    struct BadInput: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let layout: ChromaLayout
        let status: Int32
        let spoil: @Sendable (inout framebench_yuv, inout framebench_bgra) -> Void
    }

    @Test(
        "the C example refuses a source the ABI does not allow with its documented failure status and writes nothing",
        arguments: [
            BadInput(testDescription: "layout 2", layout: .nv12, status: 2) { s, _ in s.layout = 2 },
            BadInput(testDescription: "layout -1", layout: .i420, status: 2) { s, _ in s.layout = -1 },
            BadInput(testDescription: "NV12 without Y", layout: .nv12, status: 3) { s, _ in s.planes.0 = nil },
            BadInput(testDescription: "NV12 without UV", layout: .nv12, status: 3) { s, _ in s.planes.1 = nil },
            BadInput(testDescription: "I420 without V", layout: .i420, status: 3) { s, _ in s.planes.2 = nil },
            BadInput(testDescription: "no destination", layout: .nv12, status: 3) { _, d in d.data = nil },
            // 2 × ((5 + 1) / 2) = 6 bytes of pairs a row: 5 is too few.
            BadInput(testDescription: "NV12 UV stride 5", layout: .nv12, status: 4) { s, _ in s.strides.1 = 5 },
            BadInput(testDescription: "NV12 Y stride 4", layout: .nv12, status: 4) { s, _ in s.strides.0 = 4 },
            BadInput(testDescription: "I420 U stride 2", layout: .i420, status: 4) { s, _ in s.strides.1 = 2 },
            BadInput(testDescription: "destination stride 19", layout: .i420, status: 4) { _, d in d.stride = 19 },
            BadInput(testDescription: "negative height", layout: .nv12, status: 5) { s, _ in s.height = -3 },
            BadInput(testDescription: "destination too tall", layout: .nv12, status: 5) { _, d in d.height = 4 },
        ])
    func exampleRefusesBadInput(_ bad: BadInput) throws {
        let handle = try #require(dlopen(try Self.example(), RTLD_NOW | RTLD_LOCAL))
        typealias Entry = @convention(c) () -> UnsafePointer<framebench_plugin2>?
        let symbol = try #require(dlsym(handle, "framebench_plugin_v2"))
        let plugin = try #require(unsafeBitCast(symbol, to: Entry.self)()).pointee
        let entry = try #require(plugin.converters).pointee
        let convert = try #require(entry.convert)
        let size = FrameSize(width: 5, height: 3)
        let i420 = I420Buffer(size: size, padding: 1)
        let nv12 = NV12Buffer(twinOf: i420.view, padding: 1)
        defer { withExtendedLifetime((i420, nv12)) {} }
        var source =
            switch bad.layout {
            case .i420:
                framebench_yuv(
                    layout: Int32(FRAMEBENCH_I420), width: 5, height: 3,
                    planes: (i420.view.y.base, i420.view.u.base, i420.view.v.base),
                    strides: (Int32(i420.yStride), Int32(i420.chromaStride), Int32(i420.chromaStride)))
            case .nv12:
                framebench_yuv(
                    layout: Int32(FRAMEBENCH_NV12), width: 5, height: 3,
                    planes: (nv12.view.y.base, nv12.view.uv.base, nil),
                    strides: (Int32(nv12.yStride), Int32(nv12.uvStride), 0))
            }
        let canary: UInt8 = 0xa5
        let destination = BGRABuffer(size: size, fill: canary)
        var target = framebench_bgra(
            data: destination.view.base, stride: Int32(destination.stride), width: 5, height: 3)
        // The frame as it is converts; spoiled, it is refused and nothing is written.
        var valid = target
        #expect(convert(nil, &source, &valid, ColorMatrix.bt601.abiValue, Orientation.upright.abiValue) == 0)
        destination.view.base.update(repeating: canary, count: destination.stride * size.height)
        bad.spoil(&source, &target)
        let status = convert(nil, &source, &target, ColorMatrix.bt601.abiValue, Orientation.upright.abiValue)
        #expect(status == bad.status)
        #expect(PluginStatus(rawValue: status).error == .failed(status: bad.status))
        #expect(destination.allBytes.allSatisfy { $0 == canary })
    }

    @Test(
        "a table that breaks the ABI is refused, in either version, before any converter runs",
        arguments: [
            (["ABI_2", "FAULT_ABI_VERSION"], PluginError.Reason.abiVersion(1, expected: 2)),
            (["FAULT_ABI_VERSION"], .abiVersion(2, expected: 1)),
            (["ABI_2", "FAULT_EMPTY_TABLE"], .emptyTable),
            (["FAULT_EMPTY_TABLE"], .emptyTable),
            (["ABI_2", "FAULT_HUGE_COUNT"], .tooManyConverters(4_000_000_000)),
            (["ABI_2", "FAULT_ILLEGAL_NAME"], .illegalName(index: 0, name: "Bad_Name")),
            (["ABI_2", "FAULT_TAKEN_NAME"], .nameTaken(name: "scalar", owner: "a built-in converter")),
            (["ABI_2", "FAULT_LEVEL_NAME"], .nameTaken(name: "simd-avx512vbmi", owner: "a built-in converter")),
            (
                ["ABI_2", "FAULT_DUPLICATE"],
                .nameTaken(name: "faulty", owner: "an earlier converter of the same plug-in")
            ),
            (["ABI_2", "FAULT_NULL_FUNCTION"], .nullFunction(name: "faulty")),
            (["FAULT_NULL_FUNCTION"], .nullFunction(name: "faulty")),
            (["ABI_2", "FAULT_NULL_TABLE"], .nullPlugin(version: 2)),
            (["FAULT_NULL_TABLE"], .nullPlugin(version: 1)),
            (["ABI_2", "FAULT_NO_SYMBOL"], .noEntryPoint),
        ])
    func refused(_ defines: [String], _ reason: PluginError.Reason) throws {
        let path = try Self.fixture(defines)
        #expect(throws: PluginError(path: path, reason: reason)) { try PluginLoader.load([path]) }
    }
}
