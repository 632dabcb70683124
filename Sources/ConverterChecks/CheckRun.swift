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

    /// What a run checks: converters by name, and the names whose plug-in
    /// could not be loaded, each with its fault.
    public struct Selection: Sendable, Equatable {
        /// Built-in and loaded plug-in converters, in table order then plug-in order.
        public let converters: [String]
        /// Converters of plug-ins that crashed or hung while loading: a name
        /// asked for that no loaded plug-in has, or, when none was asked
        /// for, the plug-in's file name.
        public let unloaded: [(name: String, fault: PluginLoadFault)]

        public static func == (a: Selection, b: Selection) -> Bool {
            a.converters == b.converters && a.unloaded.map(\.name) == b.unloaded.map(\.name)
                && a.unloaded.map(\.fault) == b.unloaded.map(\.fault)
        }
    }

    /// The converters to check: those named in `requested`, or every exact
    /// built-in and every loaded plug-in converter when `requested` is
    /// empty. A name no built-in or loaded plug-in has belongs to a plug-in
    /// that crashed or hung while loading (`loadFaults`; with several, their
    /// faults together), and is unknown when every plug-in loaded.
    /// - Throws: `UnknownConverter` for the first name that is neither.
    public static func select(_ requested: [String], pluginNames: [String], loadFaults: [PluginLoadFault])
        throws(UnknownConverter) -> Selection
    {
        let available = ConverterRegistry.knownNames + pluginNames
        guard !requested.isEmpty else {
            return Selection(
                converters: ConverterRegistry.names + pluginNames, unloaded: loadFaults.map { ($0.fileName, $0) })
        }
        let unknown = requested.filter { !available.contains($0) }
        if let first = unknown.first, loadFaults.isEmpty { throw UnknownConverter(name: first, known: available) }
        let fault = PluginLoadFault(
            path: loadFaults.map(\.path).joined(separator: ", "),
            reason: loadFaults.map(\.reason).joined(separator: "; "))
        return Selection(
            converters: available.filter(requested.contains),
            unloaded: unknown.map { ($0, loadFaults.count == 1 ? loadFaults[0] : fault) })
    }

    /// Runs each of `kinds` on each of `selection`'s converters (built-ins
    /// by name, or converters of the plug-ins at `plugins`, which all load)
    /// with `options`, each in a child process of `isolation`; every case
    /// of an unloaded plug-in's converter fails with its load fault.
    /// Calls `each` with every outcome as it comes.
    public init(
        _ selection: Selection, kinds: [CheckKind], plugins: [String], options: CheckOptions,
        isolation: IsolatedCheck, each: (CheckOutcome) -> Void
    ) {
        var outcomes: [CheckOutcome] = []
        for converter in selection.converters {
            for kind in kinds {
                let outcome = isolation.check(kind, converter: converter, plugins: plugins, options: options)
                outcomes.append(outcome)
                each(outcome)
            }
        }
        for (name, fault) in selection.unloaded {
            for kind in kinds {
                let outcome = fault.outcome(kind, converter: name)
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
