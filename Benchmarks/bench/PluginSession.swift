import ArgumentParser
import Containers
import ConverterChecks
import Converters
import Decoding
import Frames
import Measurement
import Plugins

/// The `--plugin PATH` option (repeatable) of report, verify and decode.
struct PluginOptions: ParsableArguments {
    @Option(
        name: .customLong("plugin"),
        help: ArgumentHelp("Load converters from this plug-in (repeatable; docs/plugins.md).", valueName: "PATH"))
    var paths: [String] = []
}

/// The plug-in converters a command may use in its own process: each
/// plug-in first loaded and validated in a child, then each of its
/// converters converting once at every size and in every orientation the
/// command will use, in a child, so a crash or hang there excludes that
/// converter (with a line)
/// instead of killing bench; only then loaded here, in a process that
/// `Supervisor` watches.
struct PluginSession {
    /// The converters that passed the pre-flight, in plug-in order.
    let converters: [PluginConverter]
    /// Whether a converter was excluded for failing (the command exits 1 at the end).
    let hadFailures: Bool
    /// Every converter the plug-ins declare, left out or not: names a
    /// command accepts (a left-out one is then simply not run).
    var names: [String] = []

    /// Pre-flights the plug-ins at `paths` at `sizes` in each of
    /// `orientations` with `matrix`; prints a line per excluded converter.
    /// The supervising parent judges the report's evidence (`Supervisor`). A
    /// converter that refuses some of the orientations (unsupported) but
    /// converts in another is kept: the command skips it where it refuses.
    /// - Throws: `ExitCode(1)` after one line when a plug-in is refused or
    ///   crashes while loading.
    static func prepare(
        _ paths: [String], sizes: [FrameSize], orientations: [Orientation] = [.upright], matrix: ColorMatrix
    ) throws -> PluginSession {
        guard !paths.isEmpty else { return PluginSession(converters: [], hadFailures: false) }
        Supervisor.superviseUnlessSupervised()
        let isolation = IsolatedCheck.bench()
        let probed: [(name: String, threadSafe: Bool)]
        do {
            probed = try isolation.probe(plugins: paths)
        } catch {
            Output.error(error.description)
            throw ExitCode(1)
        }
        var usable: Set<String> = []
        var hadFailures = false
        let sizeNames = Array(Set(sizes.map(\.description))).sorted()
        for (name, _) in probed {
            let outcomes = Array(Set(orientations)).sorted { $0.abiValue < $1.abiValue }.map { orientation in
                isolation.preflight(
                    converter: name, plugins: paths, sizes: sizeNames, matrix: matrix.name,
                    orientation: orientation.abiValue)
            }
            if let failed = outcomes.first(where: { $0.status == .fail }) {
                Output.error("plug-in converter \(name): left out, \(failed.detail)")
                hadFailures = true
            } else if outcomes.contains(where: { $0.status == .pass }) {
                usable.insert(name)
            } else if let skipped = outcomes.first {
                Output.error("plug-in converter \(name): left out, \(skipped.detail)")
            }
        }
        let loaded: [PluginConverter]
        do {
            loaded = try PluginLoader.load(paths)
        } catch {
            Output.error(error.description)
            throw ExitCode(1)
        }
        return PluginSession(
            converters: loaded.filter { usable.contains($0.name) }, hadFailures: hadFailures, names: probed.map(\.name))
    }
}
