import Foundation

/// What to start as a child process: a program, its arguments and
/// environment, where it runs, where its standard streams go, which further
/// descriptors write into pipes of the parent, and whether it leads a
/// process group of its own.
public struct ChildCommand: Sendable {
    /// The program's full path (no `PATH` search); also the child's `argv[0]`.
    public var executable: String
    /// The arguments after `argv[0]`.
    public var arguments: [String]
    /// The child's whole environment.
    public var environment: [String: String]
    /// The directory the child starts in; nil: the parent's.
    public var directory: String?
    /// Where the child's standard input comes from.
    public var standardInput = ChildInput.inherit
    /// Where the child's standard output goes.
    public var standardOutput = ChildOutput.inherit
    /// Where the child's standard error goes.
    public var standardError = ChildOutput.inherit
    /// Descriptors above 2 that the child gets as the writing end of a pipe
    /// the parent reads (`ChildProcess.output(at:)`).
    public var outputPipes: [Int32] = []
    /// Whether the child leads a new process group, which a kill then
    /// reaches whole (the child's own children included).
    public var ownProcessGroup = false
    /// Whether the child keeps none of the parent's descriptors but those
    /// this command gives it (otherwise it inherits every descriptor not
    /// marked close-on-exec).
    public var closesOtherDescriptors = false

    /// `executable` with `arguments`, `environment` (default: this
    /// process's) and `directory` (nil: this process's); every stream
    /// inherited, no further pipes, no process group of its own.
    public init(
        _ executable: String, _ arguments: [String] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment, directory: String? = nil
    ) {
        (self.executable, self.arguments, self.environment, self.directory) =
            (executable, arguments, environment, directory)
    }
}
