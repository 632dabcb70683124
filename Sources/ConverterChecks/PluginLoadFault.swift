/// A plug-in whose loading (`dlopen` and its table call) crashed or hung in
/// a child process: every case of its converters fails with `reason`.
public struct PluginLoadFault: Sendable, Equatable {
    /// The plug-in's path.
    public let path: String
    /// `crashed (SIGSEGV) while loading`, `timed out while loading (...)`.
    public let reason: String

    /// The name its cases go under when no converter of it was asked for
    /// by name: the file's name.
    public var fileName: String { String(path.split(separator: "/").last ?? Substring(path)) }

    /// The outcome of check `kind` of `converter`, a converter of this plug-in.
    public func outcome(_ kind: CheckKind, converter: String) -> CheckOutcome {
        CheckOutcome(converter: converter, check: kind, status: .fail, detail: "\(reason) (plug-in \(path))")
    }
}
