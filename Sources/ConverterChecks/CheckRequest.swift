import Foundation
import Frames

/// What a check worker (a child process) is asked to do, passed as one
/// JSON argument.
public struct CheckRequest: Sendable, Codable, Equatable {
    /// The worker's task.
    public enum Task: Sendable, Codable, Equatable {
        /// Load and validate the plug-ins; list their converters.
        case probe
        /// Convert once at each of `sizes` with `matrix` and `orientation`
        /// (random frames), as a command will before using the converter
        /// in its own process.
        case preflight(sizes: [String], matrix: String, orientation: Int32)
        /// Run one check.
        case check(CheckKind)
    }

    /// The task.
    public var task: Task
    /// Plug-ins to load first, in order.
    public var plugins: [String]
    /// The converter (built-in or of a plug-in); ignored by `probe`.
    public var converter: String
    /// Options of `check`.
    public var options: CheckOptions

    /// A request with these fields.
    public init(task: Task, plugins: [String], converter: String = "", options: CheckOptions = CheckOptions()) {
        (self.task, self.plugins, self.converter, self.options) = (task, plugins, converter, options)
    }

    /// The request as the worker's argument.
    public var argument: String {
        String(decoding: try! JSONEncoder().encode(self), as: UTF8.self)
    }

    /// The request in `argument`, or nil.
    public init?(argument: String) {
        guard let request = try? JSONDecoder().decode(Self.self, from: Data(argument.utf8)) else { return nil }
        self = request
    }
}
