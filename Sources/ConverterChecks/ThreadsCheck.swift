import Converters
import Dispatch
import Frames

/// A thread-safe converter converts distinct frames on several threads at
/// once, each frame several times, and every result equals its own
/// single-threaded conversion of that frame; for every selected
/// orientation, the first matrix.
enum ThreadsCheck {
    /// Size of the frames (distinct sizes would hide shared scratch state less well).
    static let size = FrameSize(width: 320, height: 240)
    /// Conversions per thread.
    static let repetitions = 8

    static func run(_ context: CheckContext) -> Verdict {
        guard context.converter.isThreadSafe else { return .skipped("not flagged thread-safe") }
        guard let matrix = context.options.matrices.first else { return .skipped("no matrix selected") }
        let threads = max(2, context.options.threads)
        let sources = (0..<threads).map {
            SizesCheck.randomFrame(size: size, padding: 0, seed: 0x7eed + UInt64($0))
        }
        var unsupported = UnsupportedCases()
        for orientation in context.options.orientations {
            let oriented = orientation.orientedSize(of: size)
            let references = sources.map { _ in BGRABuffer(size: oriented) }
            context.beginCase("\(size) \(orientation.name) \(matrix.name), one thread")
            do throws(ConversionError) {
                for (source, reference) in zip(sources, references) {
                    try context.converter.convert(
                        source.view, to: reference.view, matrix: matrix, orientation: orientation)
                }
            } catch .unsupported {
                unsupported.refused(matrix, orientation)
                continue
            } catch {
                return .fail("\(error) at \(size) \(orientation.name)")
            }
            unsupported.converted()
            context.beginCase("\(size) \(orientation.name) \(matrix.name), \(threads) threads")
            let outputs = sources.map { _ in BGRABuffer(size: oriented) }
            let shared = Shared(sources: sources, references: references, outputs: outputs)
            let results = Results(count: threads)
            let converter = context.converter
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for round in 0..<repetitions {
                    let frame = (thread + round) % threads
                    // Thread `thread` owns output `thread`; frame indices rotate.
                    do throws(ConversionError) {
                        try converter.convert(
                            shared.sources[frame].view, to: shared.outputs[thread].view, matrix: matrix,
                            orientation: orientation)
                    } catch {
                        results.record(thread, "\(error) on thread \(thread)")
                        return
                    }
                    let output = shared.outputs[thread].allBytes
                    let reference = shared.references[frame].allBytes
                    if !output.elementsEqual(reference) {
                        results.record(
                            thread,
                            "thread \(thread), frame \(frame), round \(round): bytes differ from the single-threaded conversion"
                        )
                        return
                    }
                }
            }
            if let failure = results.first {
                return .fail("\(failure) (\(size) \(orientation.name), \(threads) threads)")
            }
        }
        return unsupported.allRefused
            ? .skipped(unsupported.note(of: context.options.matrices))
            : .pass("\(threads) threads", unsupported.note(of: context.options.matrices))
    }

    /// The buffers the threads share: read-only sources and references,
    /// one output per thread.
    private struct Shared: @unchecked Sendable {
        let sources: [I420Buffer]
        let references: [BGRABuffer]
        let outputs: [BGRABuffer]
    }

    /// One slot per thread for its failure, each written by its thread only.
    private final class Results: @unchecked Sendable {
        private var failures: [String?]
        init(count: Int) { failures = Array(repeating: nil, count: count) }
        func record(_ thread: Int, _ failure: String) { failures[thread] = failure }
        var first: String? { failures.lazy.compactMap { $0 }.first }
    }
}
