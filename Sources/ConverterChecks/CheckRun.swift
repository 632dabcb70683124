import Converters
import Foundation
import Frames

/// One `bench check` run: the converters chosen among the built-ins and
/// the plug-ins' converters, each check of each run in a child process
/// (`IsolatedCheck`), and the outcomes with the settings they ran under.
public struct CheckRun: Codable, Sendable {
    /// A converter name that is neither a built-in's nor a loaded plug-in's.
    public struct UnknownConverter: Error, CustomStringConvertible {
        /// The name asked for.
        public let name: String
        /// Every name that could have been asked for.
        public let known: [String]

        /// `name`, not among `known`.
        public init(name: String, known: [String]) {
            self.name = name
            self.known = known
        }

        /// `unknown converter 'NAME' (KNOWN, ...)`.
        public var description: String { "unknown converter '\(name)' (\(known.joined(separator: ", ")))" }
    }

    /// The matrices' names.
    public let matrices: [String]
    /// The orientations' names.
    public let orientations: [String]
    /// The source layouts every check ran in.
    public let layouts: [ChromaLayout]
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
    public struct Selection: Sendable {
        /// Built-in and loaded plug-in converters, in table order then plug-in order.
        public let converters: [String]
        /// Converters of plug-ins that crashed or hung while loading: a name
        /// asked for that no loaded plug-in has, or else the plug-in's file name.
        public let unloaded: [(name: String, fault: PluginLoadFault)]
        /// The plug-ins that loaded, which every check's child loads.
        public let plugins: [String]
        /// The loaded plug-ins' converters flagged thread-safe.
        public let threadSafePlugins: Set<String>

        /// Whether `converter` is flagged thread-safe: a built-in as its
        /// table says, a plug-in's converter as its plug-in's table says.
        public func isThreadSafe(_ converter: String) -> Bool {
            threadSafePlugins.contains(converter) || ConverterRegistry.make(converter)?.isThreadSafe == true
        }
    }

    /// Loads each plug-in at `plugins` alone, then the ones that loaded
    /// together (in children of `isolation`), and picks the converters to
    /// check: those named in `requested`, or every exact built-in and every
    /// loaded plug-in converter when `requested` is empty. A plug-in that
    /// crashed or hung while loading is checked as failing: under each
    /// requested name no loaded plug-in has (with several such plug-ins,
    /// their faults together), or else under its file name.
    /// - Throws: `IsolatedCheckError` when the loaded plug-ins are refused
    ///   together (a bad table, a name taken twice); `UnknownConverter` for
    ///   a name that is not a converter when every plug-in loaded.
    public static func select(_ requested: [String], plugins: [String], isolation: IsolatedCheck) throws -> Selection {
        let faults = isolation.loadFaults(plugins: plugins)
        let loaded = plugins.filter { path in !faults.contains { $0.path == path } }
        let probed = try isolation.probe(plugins: loaded)
        let pluginNames = probed.map(\.name)
        let available = ConverterRegistry.knownNames + pluginNames
        let unknown = requested.filter { !available.contains($0) }
        if let first = unknown.first, faults.isEmpty { throw UnknownConverter(name: first, known: available) }
        let converters =
            requested.isEmpty ? ConverterRegistry.names + pluginNames : available.filter(requested.contains)
        let together = PluginLoadFault(
            path: faults.map(\.path).joined(separator: ", "), reason: faults.map(\.reason).joined(separator: "; "))
        let unloaded =
            unknown.isEmpty
            ? faults.map { ($0.fileName, $0) } : unknown.map { ($0, faults.count == 1 ? faults[0] : together) }
        return Selection(
            converters: converters, unloaded: unloaded, plugins: loaded,
            threadSafePlugins: Set(probed.filter(\.threadSafe).map(\.name)))
    }

    /// Runs each of `kinds` on each of `selection`'s converters (built-ins
    /// by name, or converters of its loaded plug-ins) in each of `layouts`
    /// with `options`, each in a child process of `isolation`; every case
    /// of an unloaded plug-in's converter fails with its load fault. Calls
    /// `each` with every outcome as it comes.
    public init(
        _ selection: Selection, kinds: [CheckKind], layouts: [ChromaLayout] = [.i420], options: CheckOptions,
        isolation: IsolatedCheck, each: (CheckOutcome) -> Void
    ) {
        var outcomes: [CheckOutcome] = []
        func record(_ outcome: CheckOutcome, _ layout: ChromaLayout) {
            var outcome = outcome
            outcome.layout = layout
            outcomes.append(outcome)
            each(outcome)
        }
        for converter in selection.converters {
            for layout in layouts {
                var options = options
                options.layout = layout
                for kind in kinds {
                    record(
                        isolation.check(
                            kind, converter: converter, threadSafe: selection.isThreadSafe(converter),
                            plugins: selection.plugins, options: options),
                        layout)
                }
            }
        }
        for (name, fault) in selection.unloaded {
            for layout in layouts {
                for kind in kinds { record(fault.outcome(kind, converter: name), layout) }
            }
        }
        self.layouts = layouts
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
