import ChildProcesses

/// Runs checks, probes and pre-flights in child processes (`WorkerProcess`
/// running `CheckWorker`), so a converter that crashes or hangs fails its
/// check instead of ending the caller, and judges each check here, from the
/// evidence the child sends, so a plug-in cannot write its own verdict: a crash becomes `crashed (SIGSEGV)
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

    /// Check `kind` of `converter` (after loading `plugins`): a child
    /// converts and sends evidence, and this process, which loads no
    /// plug-in, judges it against libyuv (`ReplayConverter`). The child's
    /// word counts for nothing: evidence missing, for another case, or
    /// beyond the check's cases fails, as does any line a worker does not send.
    /// `threadSafe` is the converter's flag as its table gave it.
    public func check(
        _ kind: CheckKind, converter: String, threadSafe: Bool, plugins: [String], options: CheckOptions
    ) -> CheckOutcome {
        let request = CheckRequest(task: .check(kind), plugins: plugins, converter: converter, options: options)
        func outcome(_ status: CheckOutcome.Status, _ detail: String) -> CheckOutcome {
            CheckOutcome(converter: converter, check: kind, status: status, detail: detail)
        }
        let session: WorkerSession
        switch worker.start(request) {
        case .failure(let failure): return outcome(.fail, failure.description)
        case .success(let started): session = started
        }
        let reader = EvidenceReader(session: session)
        let replay = ReplayConverter(name: converter, isThreadSafe: threadSafe, reader: reader)
        let verdict = ConverterCheck.run(
            kind, CheckContext(judging: replay, options: options, beginCase: { reader.place = $0 }))
        if reader.problem == nil && verdict.status == .fail {
            session.finish(killing: true)
            return outcome(.fail, [verdict.detail, reader.firstRepeat].compactMap { $0 }.joined(separator: "; "))
        }
        let missing = reader.problem == .ended
        if reader.problem == nil, let extra = reader.next() {
            session.finish(killing: true)
            return outcome(.fail, "sent evidence beyond the check's last case ('\(extra.text.prefix(200))')")
        }
        let place = reader.place.map { "at \($0)" } ?? "before its first case"
        if case .rejected(let description) = reader.problem {
            session.finish(killing: true)
            return outcome(.fail, "\(description) \(place)")
        }
        let run = session.finish(killing: false)
        if missing || run.termination != .exited(0) || run.leftovers > 0 || run.sourceWritePlane != nil {
            return outcome(.fail, describe(run, place: place, evidenceMissing: missing))
        }
        return outcome(verdict.status, verdict.detail)
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
        describe(run, place: run.lastCase.map { "at \($0)" } ?? doing ?? "before its first case")
    }

    /// Why a child ended as it did, at `place` (`at CASE`); with
    /// `evidenceMissing`, a child that exited did so before its evidence
    /// was complete.
    func describe(_ run: WorkerProcess.Run, place: String, evidenceMissing: Bool = false) -> String {
        let timeout = worker.caseTimeout
        if let plane = run.sourceWritePlane { return "wrote into its source plane \(plane) \(place)" }
        if run.leftovers > 0 {
            let processes = run.leftovers == 1 ? "1 process" : "\(run.leftovers) processes"
            return "left \(processes) running after its worker ended (killed) \(place)"
        }
        switch run.termination {
        case .signalled(let signal):
            let name = ChildTermination.name(ofSignal: signal)
            if run.faultPlane == FaultReporter.destinationPlane {
                return "wrote past the end of its destination \(place) (\(name))"
            }
            if let plane = run.faultPlane { return "read past the end of plane \(plane) \(place) (\(name))" }
            return "crashed (\(name)) \(place)"
        case .timedOut: return "timed out \(place) (no progress for \(timeout.formatted) s)"
        case .exited(let status) where evidenceMissing:
            return "worker exited with status \(status) \(place), its evidence missing"
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
