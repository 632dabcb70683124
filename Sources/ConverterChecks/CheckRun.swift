import Converters
import Foundation

/// One `bench check` run: the converters chosen among the built-ins and
/// the plug-ins' converters, each check of each run in a child process
/// (`IsolatedCheck`), and the outcomes with the settings they ran under.
public struct CheckRun: Codable, Sendable, Equatable {
    /// A converter name that is neither a built-in's nor a loaded plug-in's.
    public struct UnknownConverter: Error, CustomStringConvertible {
        /// The name asked for.
        public let name: String
        /// Every name that could have been asked for.
        public let known: [String]

        /// `unknown converter 'NAME' (KNOWN, ...)`.
        public var description: String { "unknown converter '\(name)' (\(known.joined(separator: ", ")))" }
    }

    /// The matrices' names.
    public let matrices: [String]
    /// The orientations' names.
    public let orientations: [String]
    /// The tolerance, when bytes need not equal libyuv's.
    public let tolerance: Int?
    /// Each converter's outcome of each check, converter by converter.
    public let results: [CheckOutcome]
    /// Outcomes that passed.
    public let passed: Int
    /// Outcomes that failed.
    public let failed: Int

    /// The converters to check: those named in `requested`, in table order
    /// then plug-in order, or every exact built-in and every plug-in
    /// converter when `requested` is empty.
    /// - Throws: `UnknownConverter` for the first name that is neither.
    public static func converters(_ requested: [String], pluginNames: [String]) throws(UnknownConverter) -> [String] {
        let available = ConverterRegistry.knownNames + pluginNames
        if let unknown = requested.first(where: { !available.contains($0) }) {
            throw UnknownConverter(name: unknown, known: available)
        }
        return requested.isEmpty ? ConverterRegistry.names + pluginNames : available.filter(requested.contains)
    }

    /// Runs each of `kinds` on each of `converters` (built-ins by name, or
    /// converters of the plug-ins at `plugins`) with `options`, each in a
    /// child process of `isolation`, calling `each` with every outcome as
    /// it comes.
    public init(
        _ converters: [String], kinds: [CheckKind], plugins: [String], options: CheckOptions,
        isolation: IsolatedCheck, each: (CheckOutcome) -> Void
    ) {
        var outcomes: [CheckOutcome] = []
        for converter in converters {
            for kind in kinds {
                let outcome = isolation.check(kind, converter: converter, plugins: plugins, options: options)
                outcomes.append(outcome)
                each(outcome)
            }
        }
        matrices = options.matrices.map(\.name)
        orientations = options.orientations.map(\.name)
        tolerance = options.tolerance
        results = outcomes
        passed = outcomes.filter { $0.status == .pass }.count
        failed = outcomes.filter { $0.status == .fail }.count
    }

    /// The JSON `bench check --json` writes: pretty-printed, keys sorted,
    /// ending in a newline.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings and numbers only: encoding cannot fail.
        return (try? encoder.encode(self)).map { $0 + Data("\n".utf8) } ?? Data()
    }
}
