import CFrameBenchPlugin

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The plug-in's table, built once and never freed: FrameBench keeps the
/// pointers for the life of the process.
nonisolated(unsafe) private let plugin: UnsafeMutablePointer<framebench_plugin> = {
    let converters = UnsafeMutablePointer<framebench_converter>.allocate(capacity: 1)
    converters.initialize(
        to: framebench_converter(
            name: UnsafePointer(strdup("swift-scalar")), flags: FRAMEBENCH_THREAD_SAFE, context: nil,
            convert: convertFrame))
    let table = UnsafeMutablePointer<framebench_plugin>.allocate(capacity: 1)
    table.initialize(
        to: framebench_plugin(abi_version: UInt32(FRAMEBENCH_PLUGIN_ABI), converter_count: 1, converters: converters))
    return table
}()

/// The one symbol FrameBench looks up.
@_cdecl("framebench_plugin_v1")
public func framebenchPluginV1() -> UnsafePointer<framebench_plugin> {
    UnsafePointer(plugin)
}
