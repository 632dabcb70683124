/// Runs checks, probes and pre-flights in child processes (`WorkerProcess`
/// running `CheckWorker`), so a converter that crashes or hangs fails its
/// check instead of ending the caller: a crash becomes `crashed (SIGSEGV)
/// at CASE` (or `read past the end of plane u at CASE` when the fault hit
/// a source plane's guard page, `wrote past the end of its destination at
/// CASE` when it hit the destination's), a hang `timed out at CASE`.
public struct IsolatedCheck: Sendable {
    /// The process runner.
    public let worker: WorkerProcess

    /// Checks through `worker`.
    public init(worker: WorkerProcess) { self.worker = worker }

    /// The converters of the plug-ins at `paths`, loaded and validated in a
    /// child (names and whether each is thread-safe).
    /// - Throws: `IsolatedCheckError` with the one-line refusal (or crash) to print.
    public func probe(plugins paths: [String]) throws(IsolatedCheckError) -> [(name: String, threadSafe: Bool)] {
        guard !paths.isEmpty else { return [] }
        let run = worker.run(CheckRequest(task: .probe, plugins: paths))
        if let (status, detail) = run.outcome, run.leftovers == 0 {
            guard status == .pass else { throw IsolatedCheckError(description: detail) }
            return run.lines.compactMap { line in
                if case .converter(let name, let threadSafe) = line { (name, threadSafe) } else { nil }
            }
        }
        let loading = paths.count == 1 ? "plug-in \(paths[0])" : "plug-ins \(paths.joined(separator: ", "))"
        throw IsolatedCheckError(description: "\(loading): \(describe(run, doing: "while loading"))")
    }

    /// Loads each plug-in at `paths` alone in a child: the plug-ins that
    /// crashed or hung while loading, with what happened; the others load
    /// (or refuse) as `probe(plugins:)` then says.
    public func loadFaults(plugins paths: [String]) -> [PluginLoadFault] {
        paths.compactMap { path in
            let run = worker.run(CheckRequest(task: .probe, plugins: [path]))
            guard run.outcome == nil || run.leftovers > 0 else { return nil }
            return PluginLoadFault(path: path, reason: describe(run, doing: "while loading"))
        }
    }

    /// Check `kind` of `converter` (after loading `plugins`) in a child.
    public func check(_ kind: CheckKind, converter: String, plugins: [String], options: CheckOptions) -> CheckOutcome {
        let run = worker.run(CheckRequest(task: .check(kind), plugins: plugins, converter: converter, options: options))
        return outcome(of: run, converter: converter, check: kind)
    }

    /// One conversion at each of `sizes` by `converter`, in a child: pass,
    /// skipped (unsupported) or fail (refused, crashed, hung).
    public func preflight(
        converter: String, plugins: [String], sizes: [String], matrix: String, orientation: Int32
    ) -> CheckOutcome {
        let run = worker.run(
            CheckRequest(
                task: .preflight(sizes: sizes, matrix: matrix, orientation: orientation), plugins: plugins,
                converter: converter))
        return outcome(of: run, converter: converter, check: .frames)
    }

    private func outcome(of run: WorkerProcess.Run, converter: String, check: CheckKind) -> CheckOutcome {
        if run.sourceWritePlane == nil, run.leftovers == 0, let (status, detail) = run.outcome,
            run.termination == .exited(0)
        {
            return CheckOutcome(converter: converter, check: check, status: status, detail: detail)
        }
        return CheckOutcome(converter: converter, check: check, status: .fail, detail: describe(run, doing: nil))
    }

    /// Why a child ended without an outcome, naming its last case.
    func describe(_ run: WorkerProcess.Run, doing: String?) -> String {
        let timeout = worker.caseTimeout
        let place = run.lastCase.map { "at \($0)" } ?? doing ?? "before its first case"
        if let plane = run.sourceWritePlane { return "wrote into its source plane \(plane) \(place)" }
        if run.leftovers > 0 {
            let processes = run.leftovers == 1 ? "1 process" : "\(run.leftovers) processes"
            return "left \(processes) running after its worker ended (killed) \(place)"
        }
        switch run.termination {
        case .signalled(let signal):
            let name = WorkerProcess.signalName(signal)
            if run.faultPlane == FaultReporter.destinationPlane {
                return "wrote past the end of its destination \(place) (\(name))"
            }
            if let plane = run.faultPlane { return "read past the end of plane \(plane) \(place) (\(name))" }
            return "crashed (\(name)) \(place)"
        case .timedOut: return "timed out \(place) (no progress for \(timeout.formatted) s)"
        case .exited(let status): return "worker exited with status \(status) \(place)"
        case .notStarted(let reason): return reason
        }
    }
}

extension Double {
    /// `10`, `0.5`: the value without a trailing `.0`.
    fileprivate var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}

/// A probe's refusal or crash, as the one line to print.
public struct IsolatedCheckError: Error, CustomStringConvertible {
    /// The line.
    public let description: String
}
