import CFrameBenchPlugin
import Foundation
import Frames

#if canImport(Glibc)
import Glibc
#endif

/// The peer `libyuv-latest`: libyuv built from its newest source with the
/// Swift toolchain's clang, as browsers and WebRTC build it
/// (`scripts/build-libyuv-latest`, docs/peers.md). It runs the same libyuv
/// calls as `LibYUVConverter` (Debian's build, the oracle) from a plug-in
/// whose only exports are its entry points, so both builds live in one
/// process without their symbols clashing, and its bytes are held to the
/// oracle's.
public struct LibYUVLatestConverter: FrameConverter {
    /// `"libyuv-latest"`.
    public let name = "libyuv-latest"
    private let build: LibYUVLatestBuild

    /// The converter of the build loaded in this process, or nil where it
    /// is not built or does not load (`LibYUVLatestBuild.loaded` says why).
    public init?() {
        guard case .success(let build) = LibYUVLatestBuild.loaded else { return nil }
        self.build = build
    }

    /// Both, through libyuv's own NV12 functions.
    public var layouts: [ChromaLayout] { ChromaLayout.allCases }

    /// Converts as `LibYUVConverter` does, with the newer build's functions.
    /// See `FrameConverter` for the guarantees.
    /// - Throws: `.failed` when the build reports an error (out of memory
    ///   for its scratch frames).
    public func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        checkSizes(source, destination, orientation)
        var image = framebench_yuv(source)
        var target = framebench_bgra(destination)
        let status = build.function(nil, &image, &target, matrix.abiValue, orientation.abiValue)
        switch status {
        case Int32(FRAMEBENCH_OK): return
        case Int32(FRAMEBENCH_UNSUPPORTED): throw .unsupported
        default: throw .failed(status: status)
        }
    }
}

/// The libyuv-latest build this process loaded: where it lies, which
/// libyuv version it was built from, and its conversion function.
public struct LibYUVLatestBuild: Sendable {
    /// The plug-in's path.
    public let path: String
    /// `LIBYUV_VERSION` of the source it was built from.
    public let version: Int
    /// The compiler that built it, as it names itself (`__VERSION__`).
    public let compiler: String
    /// The converter's `convert` from the plug-in's table.
    let function:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafePointer<framebench_yuv>?, UnsafePointer<framebench_bgra>?, Int32, Int32
        ) -> Int32

    /// Why the build is not available, in one line.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        /// The line: what is missing or refused, and how to build it.
        public let description: String
    }

    /// Where the build is looked for: `$FRAMEBENCH_LIBYUV_LATEST`, else
    /// `$XDG_CACHE_HOME/framebench/libyuv-latest/libyuv_latest.so`
    /// (`~/.cache/…`), where `scripts/build-libyuv-latest` puts it.
    public static var defaultPath: String {
        if let path = ProcessInfo.processInfo.environment["FRAMEBENCH_LIBYUV_LATEST"], !path.isEmpty { return path }
        return FrameBenchCache.directory + "/libyuv-latest/libyuv_latest.so"
    }

    /// The build at `defaultPath`, loaded once for the process, or why not.
    public static let loaded: Result<LibYUVLatestBuild, Unavailable> = load(defaultPath)

    /// Loads the build at `path`: its `framebench_plugin_v2` table must
    /// hold one converter named `libyuv-latest` with a function, and it
    /// must export `framebench_libyuv_version` and `framebench_libyuv_compiler`.
    public static func load(_ path: String) -> Result<LibYUVLatestBuild, Unavailable> {
        func refuse(_ why: String) -> Result<LibYUVLatestBuild, Unavailable> {
            .failure(Unavailable(description: "libyuv-latest: \(why) (scripts/build-libyuv-latest builds it)"))
        }
        guard access(path, F_OK) == 0 else { return refuse("not built: no \(path)") }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            return refuse("\(path) does not load: " + (dlerror().map { String(cString: $0) } ?? "unknown error"))
        }
        typealias Entry = @convention(c) () -> UnsafePointer<framebench_plugin2>?
        typealias Version = @convention(c) () -> Int32
        typealias Compiler = @convention(c) () -> UnsafePointer<CChar>?
        guard let entry = dlsym(handle, "framebench_plugin_v2"),
            let versionSymbol = dlsym(handle, "framebench_libyuv_version"),
            let compilerSymbol = dlsym(handle, "framebench_libyuv_compiler"),
            let compiler = unsafeBitCast(compilerSymbol, to: Compiler.self)(),
            let plugin = unsafeBitCast(entry, to: Entry.self)()?.pointee,
            plugin.abi_version == UInt32(FRAMEBENCH_PLUGIN_ABI_2), plugin.converter_count == 1,
            let converter = plugin.converters?.pointee, let name = converter.name,
            String(cString: name) == "libyuv-latest", let function = converter.convert
        else { return refuse("\(path) is not a libyuv-latest build") }
        let version = Int(unsafeBitCast(versionSymbol, to: Version.self)())
        return .success(
            LibYUVLatestBuild(path: path, version: version, compiler: String(cString: compiler), function: function))
    }
}

extension LibYUVLatestConverter {
    /// Its row of the converter table: a peer whose tolerance is 0 (its
    /// bytes must be the oracle's, and the conformance tests hold it to
    /// them), every orientation and layout, available where its build loads.
    public static let entry = ConverterEntry(
        name: "libyuv-latest", role: .peer(tolerance: { _ in 0 }),
        unavailableReason: {
            if case .failure(let why) = LibYUVLatestBuild.loaded { why.description } else { nil }
        },
        make: { _ in LibYUVLatestConverter() },
        conformancePaths: { LibYUVLatestConverter().map { [("libyuv-latest", $0)] } ?? [] })
}
