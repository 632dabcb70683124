import Converters
import Dispatch
import Foundation
import Frames
import Synchronization

/// A thread-safe converter converts distinct frames on several threads at
/// once, each frame several times, and every result equals its own
/// single-threaded conversion of that frame, which equals the oracle's;
/// for every selected orientation, the first matrix. In a worker the
/// threads' outputs go to the parent as digests.
enum ThreadsCheck {
    /// Size of the frames (distinct sizes would hide shared scratch state less well).
    static let size = FrameSize(width: 320, height: 240)
    /// Conversions per thread.
    static let repetitions = 8

    static func run(_ context: CheckContext) -> CheckFinding {
        guard context.converter.isThreadSafe else { return .skipped("not flagged thread-safe") }
        guard let matrix = context.options.matrices.first else { return .skipped("no matrix selected") }
        let threads = max(2, context.options.threads)
        let sources = (0..<threads).map {
            let seed = 0x7eed + UInt64($0)
            return CheckSource(
                I420Buffer.random(size: size, padding: 0, seed: seed), layout: context.options.layout, padding: 0,
                seed: seed)
        }
        var unsupported = UnsupportedCases()
        for orientation in context.options.orientations {
            let oriented = orientation.orientedSize(of: size)
            let references = sources.map { _ in BGRABuffer(size: oriented) }
            do {
                let label = "\(size) \(orientation.name) \(matrix.name), one thread"
                let converted = try unsupported.attempt(label, matrix, orientation, in: context) {
                    () throws(ConversionError) in
                    for (source, reference) in zip(sources, references) {
                        try context.converter.convert(
                            source.view, to: reference.view, matrix: matrix, orientation: orientation)
                    }
                }
                guard converted else { continue }
                if let oracle = context.oracle {
                    var comparison = OutputComparison(tolerance: context.options.tolerance)
                    let expected = BGRABuffer(size: oriented)
                    for (frame, (source, reference)) in zip(sources, references).enumerated() {
                        try oracle.convert(source.view, to: expected.view, matrix: matrix, orientation: orientation)
                        if !comparison.compare(reference.view, expected.view, at: "\(label), frame \(frame)") {
                            return .fail(comparison.failure!)
                        }
                    }
                }
            } catch {
                return .fail("\(error)")
            }
            context.beginCase("\(size) \(orientation.name) \(matrix.name), \(threads) threads")
            let outcomes: [String]
            switch context.role {
            case .judge(let reader):
                guard let digests = reader.digests(count: threads * repetitions) else {
                    return .fail("evidence missing")
                }
                outcomes = digests
            case .gatherer(let subject):
                outcomes = convertConcurrently(
                    subject, sources: sources, oriented: oriented, matrix: matrix, orientation: orientation)
                CheckWorker.send(.digests(outcomes))
                continue
            case .inProcess:
                outcomes = convertConcurrently(
                    context.converter, sources: sources, oriented: oriented, matrix: matrix,
                    orientation: orientation)
            }
            let expected = references.map(EvidenceDigest.of)
            for index in outcomes.indices {
                let (thread, round) = index.quotientAndRemainder(dividingBy: repetitions)
                let frame = (thread + round) % threads
                guard outcomes[index] != expected[frame] else { continue }
                let what =
                    outcomes[index].hasPrefix(Self.errorMark)
                    ? "\(outcomes[index].dropFirst(Self.errorMark.count).replacingOccurrences(of: "_", with: " ")) on thread \(thread), round \(round)"
                    : "thread \(thread), frame \(frame), round \(round): bytes differ from the single-threaded conversion"
                return .fail("\(what) (\(size) \(orientation.name), \(threads) threads)")
            }
        }
        return unsupported.allRefused
            ? .skipped(unsupported.note(of: context.options.matrices))
            : .pass("\(threads) threads", unsupported.note(of: context.options.matrices))
    }

    /// What marks an outcome as an error rather than a digest.
    static let errorMark = "error:"

    /// Each of `sources.count` threads, released together, converts the
    /// frames in turn `repetitions` times into its own output with
    /// `converter`: the digest of each output (`EvidenceDigest`), or the
    /// error (after `errorMark`, no spaces) that ended the thread's rounds,
    /// thread by thread and round by round.
    private static func convertConcurrently(
        _ converter: any FrameConverter, sources: [CheckSource], oriented: FrameSize, matrix: ColorMatrix,
        orientation: Orientation
    ) -> [String] {
        let threads = sources.count
        let shared = Shared(sources: sources, outputs: sources.map { _ in BGRABuffer(size: oriented) })
        let results = Results(count: threads * repetitions)
        // Real threads released together by a barrier (concurrentPerform
        // may run the iterations one after another on a busy machine).
        let ready = DispatchGroup()
        let done = DispatchGroup()
        for _ in 0..<threads { ready.enter() }
        for thread in 0..<threads {
            done.enter()
            let worker = Thread {
                ready.leave()
                ready.wait()
                Self.convertRounds(
                    thread: thread, converter: converter, shared: shared, results: results, matrix: matrix,
                    orientation: orientation)
                done.leave()
            }
            worker.start()
        }
        done.wait()
        return results.all
    }

    /// Thread `thread`'s conversions: frames in turn into its own output,
    /// the digest of each recorded.
    private static func convertRounds(
        thread: Int, converter: any FrameConverter, shared: Shared, results: Results, matrix: ColorMatrix,
        orientation: Orientation
    ) {
        let threads = shared.sources.count
        for round in 0..<repetitions {
            let frame = (thread + round) % threads
            do throws(ConversionError) {
                try converter.convert(
                    shared.sources[frame].view, to: shared.outputs[thread].view, matrix: matrix,
                    orientation: orientation)
            } catch {
                let text = errorMark + "\(error)".replacingOccurrences(of: " ", with: "_")
                for later in round..<repetitions { results.record(thread * repetitions + later, text) }
                return
            }
            results.record(thread * repetitions + round, EvidenceDigest.of(shared.outputs[thread]))
        }
    }

    /// The buffers the threads share: read-only sources, one output per thread.
    private struct Shared: @unchecked Sendable {
        let sources: [CheckSource]
        let outputs: [BGRABuffer]
    }

    /// One slot per thread and round for its outcome.
    private final class Results: Sendable {
        private let outcomes: Mutex<[String]>
        init(count: Int) { outcomes = Mutex(Array(repeating: "", count: count)) }
        func record(_ index: Int, _ outcome: String) { outcomes.withLock { $0[index] = outcome } }
        var all: [String] { outcomes.withLock { $0 } }
    }
}
