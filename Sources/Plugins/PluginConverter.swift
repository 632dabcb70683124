import CFrameBenchPlugin
import Converters
import Frames
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
    private let function: PluginConvertFunction
    private let serialiser = Mutex(())

    /// The C type of `convert`.
    typealias PluginConvertFunction =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafePointer<framebench_i420>?, UnsafePointer<framebench_bgra>?, Int32, Int32
        ) -> Int32

    init(
        name: String, flags: PluginFlags, pluginPath: String, context: UnsafeMutableRawPointer?,
        function: PluginConvertFunction
    ) {
        (self.name, self.flags, self.pluginPath, self.context, self.function) =
            (name, flags, pluginPath, context, function)
    }

    /// Whether the plug-in set `FRAMEBENCH_THREAD_SAFE`.
    public var isThreadSafe: Bool { flags.contains(.threadSafe) }

    /// Calls the plug-in's `convert` with `matrix.abiValue` and
    /// `orientation.abiValue`.
    /// - Throws: `.unsupported` for `FRAMEBENCH_UNSUPPORTED`, `.failed` for
    ///   any other non-zero status.
    public func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        checkSizes(source, destination, orientation)
        guard case .i420(let source) = source else { throw .unsupported }
        var image = framebench_i420(
            y: source.y.base, u: source.u.base, v: source.v.base, y_stride: Int32(source.y.stride),
            u_stride: Int32(source.u.stride), v_stride: Int32(source.v.stride), width: Int32(source.width),
            height: Int32(source.height))
        var target = framebench_bgra(
            data: destination.base, stride: Int32(destination.stride), width: Int32(destination.width),
            height: Int32(destination.height))
        let call = { self.function(self.context, &image, &target, matrix.abiValue, orientation.abiValue) }
        let status = PluginStatus(rawValue: isThreadSafe ? call() : serialiser.withLock { _ in call() })
        if let error = status.error { throw error }
    }
}
