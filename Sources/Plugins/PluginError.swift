/// Why a plug-in was refused: each case names the file in `description`,
/// one line, before anything of the plug-in runs (other than its
/// `framebench_plugin_v2` or `framebench_plugin_v1`).
public struct PluginError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The shared library given.
    public let path: String
    /// What is wrong with it.
    public let reason: Reason

    /// A refusal of `path` for `reason`.
    public init(path: String, reason: Reason) {
        (self.path, self.reason) = (path, reason)
    }

    /// What can be wrong with a plug-in.
    public enum Reason: Equatable, Sendable, CustomStringConvertible {
        /// The file does not exist.
        case missingFile
        /// `dlopen` refused it, with `dlerror()`'s text.
        case notLoadable(String)
        /// It exports neither `framebench_plugin_v2` nor `framebench_plugin_v1`.
        case noEntryPoint
        /// `framebench_plugin_v1` or `framebench_plugin_v2`, as `version`
        /// says, returned NULL.
        case nullPlugin(version: UInt32)
        /// `abi_version` is not `expected`, the version of the entry point
        /// that returned the table (`FRAMEBENCH_PLUGIN_ABI` for
        /// `framebench_plugin_v1`, `FRAMEBENCH_PLUGIN_ABI_2` for
        /// `framebench_plugin_v2`).
        case abiVersion(UInt32, expected: UInt32)
        /// `converter_count` is 0 or the table pointer is NULL.
        case emptyTable
        /// `converter_count` is beyond `PluginLoader.maximumConverters`.
        case tooManyConverters(UInt32)
        /// Converter `index` has a NULL or malformed name (shown escaped).
        case illegalName(index: Int, name: String?)
        /// A converter's name is taken by `owner` (a built-in converter,
        /// another plug-in or an earlier entry of this one).
        case nameTaken(name: String, owner: String)
        /// Converter `name` has a NULL `convert`.
        case nullFunction(name: String)

        /// The reason in a few words.
        public var description: String {
            switch self {
            case .missingFile: "no such file"
            case .notLoadable(let text): "cannot load: \(text)"
            case .noEntryPoint: "no symbol framebench_plugin_v2 or framebench_plugin_v1 (not a FrameBench plug-in)"
            case .nullPlugin(let version): "framebench_plugin_v\(version) returned NULL"
            case .abiVersion(let version, let expected):
                "abi_version is \(version), but framebench_plugin_v\(expected) must return ABI \(expected)"
            case .emptyTable: "no converters (converter_count 0 or a NULL table)"
            case .tooManyConverters(let count):
                "converter_count is \(count), more than the \(PluginLoader.maximumConverters) a plug-in may offer"
            case .illegalName(let index, let name):
                "converter \(index) has an illegal name \(name.map { "'\($0)'" } ?? "(NULL)") (want [a-z0-9-], 1 to 32 characters)"
            case .nameTaken(let name, let owner): "converter name '\(name)' is already taken by \(owner)"
            case .nullFunction(let name): "converter '\(name)' has a NULL convert function"
            }
        }
    }

    /// `plug-in PATH: REASON`.
    public var description: String { "plug-in \(path): \(reason)" }
}
