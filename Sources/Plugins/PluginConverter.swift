import CFrameBenchPlugin
import Converters
import Frames
import Peers
import Synchronization

/// A converter offered by a plug-in (docs/plugins.md): its C `convert`
/// called through the ABI's structs, its status mapped to
/// `ConversionError`. Calls of a converter without `FRAMEBENCH_THREAD_SAFE`
/// are serialised, so the value is safe to share anyway.
public final class PluginConverter: FrameConverter, @unchecked Sendable {
    // @unchecked: the C pointers are immutable after loading and the
    // library is never unloaded; calls that the plug-in does not declare
    // thread-safe go through `serialiser`.

    /// The converter's name in the plug-in's table.
    public let name: String
    /// Its flags.
    public let flags: PluginFlags
    /// The shared library it comes from.
    public let pluginPath: String

    private let context: UnsafeMutableRawPointer?
    private let function: Function
    private let serialiser = Mutex(())

    /// The plug-in's `convert`, as the table it came from declares it.
    enum Function {
        /// A version 1 `framebench_converter`'s: I420 only.
        case v1(
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafePointer<framebench_i420>?, UnsafePointer<framebench_bgra>?, Int32,
                Int32
            ) -> Int32)
        /// A version 2 `framebench_converter2`'s: any layout of `framebench_yuv`.
        case v2(
            @convention(c) (
                UnsafeMutableRawPointer?, UnsafePointer<framebench_yuv>?, UnsafePointer<framebench_bgra>?, Int32, Int32
            ) -> Int32)
    }

    init(name: String, flags: PluginFlags, pluginPath: String, context: UnsafeMutableRawPointer?, function: Function) {
        (self.name, self.flags, self.pluginPath, self.context, self.function) =
            (name, flags, pluginPath, context, function)
    }

    /// Whether the plug-in set `FRAMEBENCH_THREAD_SAFE`.
    public var isThreadSafe: Bool { flags.contains(.threadSafe) }

    /// The ABI version of the table this converter came from: 1
    /// (`framebench_plugin_v1`, I420 sources only) or 2
    /// (`framebench_plugin_v2`, I420 and NV12 sources).
    public var abiVersion: UInt32 {
        switch function {
        case .v1: 1
        case .v2: 2
        }
    }

    /// `[.i420]` for a version 1 converter; every layout for a version 2
    /// one, which answers `FRAMEBENCH_UNSUPPORTED` (`.unsupported`) for a
    /// layout it does not offer.
    public var layouts: [ChromaLayout] {
        switch function {
        case .v1: [.i420]
        case .v2: ChromaLayout.allCases
        }
    }

    /// Calls the plug-in's `convert` with the source's planes (a
    /// `framebench_i420` for version 1; a `framebench_yuv` for version 2,
    /// whose unused third plane of NV12 is NULL with stride 0),
    /// `matrix.abiValue` and `orientation.abiValue`.
    /// - Throws: `.unsupported` for `FRAMEBENCH_UNSUPPORTED` and, without
    ///   calling the plug-in, for NV12 given to a version 1 converter;
    ///   `.failed` for any other non-zero status.
    public func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        checkSizes(source, destination, orientation)
        var target = framebench_bgra(destination)
        let call: () -> Int32
        switch function {
        case .v1(let function):
            guard case .i420(let source) = source else { throw .unsupported }
            var image = framebench_i420(
                y: source.y.base, u: source.u.base, v: source.v.base, y_stride: Int32(source.y.stride),
                u_stride: Int32(source.u.stride), v_stride: Int32(source.v.stride), width: Int32(source.width),
                height: Int32(source.height))
            call = { function(self.context, &image, &target, matrix.abiValue, orientation.abiValue) }
        case .v2(let function):
            var image = framebench_yuv(source)
            call = { function(self.context, &image, &target, matrix.abiValue, orientation.abiValue) }
        }
        let status = PluginStatus(
            rawValue: isThreadSafe ? PluginCalls.run(call) : serialiser.withLock { _ in PluginCalls.run(call) })
        if let error = status.error { throw error }
    }
}
