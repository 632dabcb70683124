import ConverterChecks
import Foundation
import Reports

/// The gate of one plug-in's two builds (`bench gate --plugin NEW.so
/// --against OLD.so`): no git and no reference build, this `bench` on both
/// sides, each side loading one build.
extension GateRun {
    /// The gate of the plug-in at `new` against the build at `old`: their
    /// converters (those both builds have, or `converters`) timed side by
    /// side with libyuv in alternating pairs of this `bench`'s processes,
    /// and counted under Callgrind with the controls, decided as the
    /// gate decides on FrameBench's own builds.
    /// - Returns: The exit status: 0 (pass), 1 (a check failed, or the new
    ///   build's process gave no report) or 2 (a debug build, a plug-in
    ///   that does not load, a converter neither build has, or the old
    ///   build's process gave no report).
    public func run(plugin new: String, against old: String) -> Int32 {
        guard let isolation else {
            reporter.error("gate: plug-ins given without a way to load them in a child (GateRun's isolation)")
            return 2
        }
        let newPath = Self.absolute(new)
        let oldPath = Self.absolute(old)
        let names: (new: [String], old: [String])
        do {
            names = (
                try isolation.probe(plugins: [newPath]).map(\.name), try isolation.probe(plugins: [oldPath]).map(\.name)
            )
        } catch {
            reporter.error("gate: \(error.description)")
            return 2
        }
        let shared = names.new.filter(names.old.contains)
        if let unknown = converters?.first(where: { !shared.contains($0) && $0 != EntryCell.referenceConverter }) {
            reporter.error("gate: \(unknown) is not a converter of both builds (\(shared.joined(separator: ", ")))")
            return 2
        }
        let gated = converters?.filter(shared.contains) ?? shared
        guard !gated.isEmpty else {
            reporter.error(
                "gate: the two builds have no converter in common (\(new): \(names.new), \(old): \(names.old))")
            return 2
        }
        guard acceptsThisBuild() else { return 2 }
        let start = Date()
        defer { reporter.clearProgress() }
        reporter.line(
            "gate: plug-in \(new) against \(old) (\(gated.joined(separator: ", "))), "
                + "threshold \(GateLines.fixed(threshold * 100, 0)) %, counts \(GateLines.fixed(countThreshold * 100, 2)) %"
        )
        var checks: [GateCheck] = []
        for name in Set(names.new).symmetricDifference(names.old).sorted() {
            checks.append(
                GateCheck(
                    name: "\(name) in one build only", passed: names.new.contains(name),
                    detail: names.new.contains(name) ? "new in \(new) (not gated)" : "in \(old), not in \(new)"))
        }
        for check in checks { reporter.line(check.line) }
        return decide(
            head: (WorkerProcess.currentExecutable, [newPath]), reference: (WorkerProcess.currentExecutable, [oldPath]),
            referenceCommit: (old as NSString).lastPathComponent, measured: gated + [EntryCell.referenceConverter],
            directory: FileManager.default.currentDirectoryPath, checks: checks, start: start)
    }
}
