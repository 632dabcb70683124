import Converters
import Dispatch
import Foundation
import Frames
import Synchronization

/// A thread-safe converter converts distinct frames on several threads at
/// once, each frame several times, and every result equals its own
/// single-threaded conversion of that frame; for every selected
/// orientation, the first matrix.
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
            } catch {
                return .fail(error.description)
            }
            context.beginCase("\(size) \(orientation.name) \(matrix.name), \(threads) threads")
            let outputs = sources.map { _ in BGRABuffer(size: oriented) }
            let shared = Shared(sources: sources, references: references, outputs: outputs)
            let results = Results(count: threads)
            let converter = context.converter
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
                        thread: thread, threads: threads, converter: converter, shared: shared, results: results,
                        matrix: matrix, orientation: orientation)
                    done.leave()
                }
                worker.start()
            }
            done.wait()
            if let failure = results.first {
                return .fail("\(failure) (\(size) \(orientation.name), \(threads) threads)")
            }
        }
        return unsupported.allRefused
            ? .skipped(unsupported.note(of: context.options.matrices))
            : .pass("\(threads) threads", unsupported.note(of: context.options.matrices))
    }

    /// Thread `thread`'s conversions: frames in turn into its own output,
    /// each compared with the frame's single-threaded result.
    private static func convertRounds(
        thread: Int, threads: Int, converter: any FrameConverter, shared: Shared, results: Results,
        matrix: ColorMatrix, orientation: Orientation
    ) {
        for round in 0..<repetitions {
            let frame = (thread + round) % threads
            do throws(ConversionError) {
                try converter.convert(
                    shared.sources[frame].view, to: shared.outputs[thread].view, matrix: matrix,
                    orientation: orientation)
            } catch {
                results.record(thread, "\(error) on thread \(thread)")
                return
            }
            if !shared.outputs[thread].allBytes.elementsEqual(shared.references[frame].allBytes) {
                results.record(
                    thread,
                    "thread \(thread), frame \(frame), round \(round): bytes differ from the single-threaded conversion"
                )
                return
            }
        }
    }

    /// The buffers the threads share: read-only sources and references,
    /// one output per thread.
    private struct Shared: @unchecked Sendable {
        let sources: [CheckSource]
        let references: [BGRABuffer]
        let outputs: [BGRABuffer]
    }

    /// One slot per thread for its failure.
    private final class Results: Sendable {
        private let failures: Mutex<[String?]>
        init(count: Int) { failures = Mutex(Array(repeating: nil, count: count)) }
        func record(_ thread: Int, _ failure: String) { failures.withLock { $0[thread] = failure } }
        var first: String? { failures.withLock { $0.lazy.compactMap { $0 }.first } }
    }
}
