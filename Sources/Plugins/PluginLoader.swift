import CFrameBenchPlugin
import Converters
import Frames

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads plug-ins (shared libraries exporting `framebench_plugin_v2` or
/// `framebench_plugin_v1`, the ABI of docs/plugins.md) and validates their
/// tables before any of their converters runs. Libraries stay loaded for
/// the life of the process.
public enum PluginLoader {
    /// The longest name the ABI allows.
    public static let maximumNameLength = 32
    /// The most converters one plug-in may offer: the table's length is the
    /// plug-in's word, so it is bounded before anything is read or kept.
    public static let maximumConverters: UInt32 = 1024

    /// Whether `name` is a legal converter name: `[a-z0-9-]`, 1 to 32 characters.
    public static func isLegalName(_ name: String) -> Bool {
        (1...maximumNameLength).contains(name.utf8.count)
            && name.utf8.allSatisfy { (0x61...0x7a).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2d }
    }

    /// The converters of every plug-in in `paths`, in order: each plug-in
    /// loaded and validated, names checked against the built-in converters
    /// (`ConverterRegistry.reservedNames`) and against the plug-ins before it.
    /// - Throws: the first plug-in's refusal.
    public static func load(_ paths: [String]) throws(PluginError) -> [PluginConverter] {
        var owners = Dictionary(
            uniqueKeysWithValues: ConverterRegistry.reservedNames.map { ($0, "a built-in converter") })
        var converters: [PluginConverter] = []
        for path in paths {
            let loaded = try load(path, takenNames: owners)
            for converter in loaded { owners[converter.name] = "plug-in \(path)" }
            converters += loaded
        }
        return converters
    }

    /// The converters of the plug-in at `path`, none of whose names may be
    /// a key of `takenNames` (the value says by whom, for the message):
    /// those of its `framebench_plugin_v2` table when it exports one (I420
    /// and NV12 sources), else of its `framebench_plugin_v1` table (I420 only).
    /// - Throws: `PluginError` naming `path` and the fault.
    public static func load(_ path: String, takenNames: [String: String] = [:]) throws(PluginError) -> [PluginConverter]
    {
        func refuse(_ reason: PluginError.Reason) -> PluginError { PluginError(path: path, reason: reason) }
        guard access(path, F_OK) == 0 else { throw refuse(.missingFile) }
        // A bare file name would make dlopen search the library path instead.
        let openable = path.contains("/") ? path : "./" + path
        // Loading runs the plug-in's constructors.
        guard let handle = PluginCalls.run({ dlopen(openable, RTLD_NOW | RTLD_LOCAL) }) else {
            throw refuse(.notLoadable(dlerror().map { String(cString: $0) } ?? "unknown dlopen error"))
        }
        if let symbol = dlsym(handle, "framebench_plugin_v2") {
            let plugin = header(returnedBy: symbol, as: framebench_plugin2.self)
            return try converters(
                of: plugin.map { ($0.converters, $0.converter_count, $0.abi_version) }, version: 2,
                expected: UInt32(FRAMEBENCH_PLUGIN_ABI_2), path: path, takenNames: takenNames, refuse: refuse
            ) { ($0.name, $0.flags, $0.context, $0.convert.map(PluginConverter.Function.v2)) }
        }
        guard let symbol = dlsym(handle, "framebench_plugin_v1") else { throw refuse(.noEntryPoint) }
        let plugin = header(returnedBy: symbol, as: framebench_plugin.self)
        return try converters(
            of: plugin.map { ($0.converters, $0.converter_count, $0.abi_version) }, version: 1,
            expected: UInt32(FRAMEBENCH_PLUGIN_ABI), path: path, takenNames: takenNames, refuse: refuse
        ) { ($0.name, $0.flags, $0.context, $0.convert.map(PluginConverter.Function.v1)) }
    }

    /// The table header (`framebench_plugin` or `framebench_plugin2`) that
    /// the entry point at `symbol`, a C function taking no argument, returns
    /// a pointer to; nil when it returns NULL.
    private static func header<Header>(returnedBy symbol: UnsafeMutableRawPointer, as _: Header.Type) -> Header? {
        typealias EntryPoint = @convention(c) () -> UnsafeRawPointer?
        return PluginCalls.run { unsafeBitCast(symbol, to: EntryPoint.self)() }?
            .assumingMemoryBound(to: Header.self).pointee
    }

    /// The converters of the table of ABI `version` whose header (the
    /// entries, their count and the ABI version it says) is `header`, nil
    /// when the entry point returned NULL: the version must be `expected`,
    /// the table neither empty nor longer than `maximumConverters`; each
    /// entry, which `fields` takes apart (the name, flags, context and
    /// `convert`, nil when NULL), must have a legal name, not a key of
    /// `takenNames` nor repeated, and a non-null `convert`.
    private static func converters<Entry>(
        of header: (table: UnsafePointer<Entry>?, count: UInt32, abiVersion: UInt32)?, version: UInt32,
        expected: UInt32, path: String, takenNames: [String: String], refuse: (PluginError.Reason) -> PluginError,
        fields: (Entry) -> (UnsafePointer<CChar>?, UInt32, UnsafeMutableRawPointer?, PluginConverter.Function?)
    ) throws(PluginError) -> [PluginConverter] {
        guard let header else { throw refuse(.nullPlugin(version: version)) }
        guard header.abiVersion == expected else { throw refuse(.abiVersion(header.abiVersion, expected: expected)) }
        guard header.count > 0, let start = header.table else { throw refuse(.emptyTable) }
        guard header.count <= maximumConverters else { throw refuse(.tooManyConverters(header.count)) }
        let table = UnsafeBufferPointer(start: start, count: Int(header.count))
        var converters: [PluginConverter] = []
        for (index, entry) in table.enumerated() {
            let (pointer, flags, context, function) = fields(entry)
            guard let name = legalName(pointer) else {
                throw refuse(.illegalName(index: index, name: pointer.map(escapedPrefix)))
            }
            if let owner = takenNames[name] { throw refuse(.nameTaken(name: name, owner: owner)) }
            if converters.contains(where: { $0.name == name }) {
                throw refuse(.nameTaken(name: name, owner: "an earlier converter of the same plug-in"))
            }
            guard let function else { throw refuse(.nullFunction(name: name)) }
            converters.append(
                PluginConverter(
                    name: name, flags: PluginFlags(rawValue: flags), pluginPath: path, context: context,
                    function: function))
        }
        return converters
    }

    /// The name at `pointer` when it is legal (read no further than one
    /// byte past the longest legal name).
    private static func legalName(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        let length = strnlen(pointer, maximumNameLength + 1)
        guard length <= maximumNameLength else { return nil }
        let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
        return isLegalName(name) ? name : nil
    }

    /// The bytes of the string at `pointer` that `legalName` read (no more
    /// than one past the longest legal name: the plug-in promised no more),
    /// bytes outside printable ASCII as `\xNN`, for the refusal message.
    private static func escapedPrefix(_ pointer: UnsafePointer<CChar>) -> String {
        let length = strnlen(pointer, maximumNameLength + 1)
        return UnsafeRawBufferPointer(start: pointer, count: length).map { byte in
            (0x20..<0x7f).contains(byte) && byte != 0x27 ? String(UnicodeScalar(byte)) : "\\x" + hex(byte)
        }.joined()
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
