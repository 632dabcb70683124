import Containers
import Converters
import Frames

extension IsolatedCheck {
    /// Runs `body` with a converter that stands for plug-in converter
    /// `converter` (of the plug-ins at `plugins`) without loading it here:
    /// a child decodes `file` with `decoder` and `threads` and converts each
    /// of its frames once, in `layout`, with `matrix`, into `orientation`,
    /// and each call `body` makes of the converter given (one a frame, in
    /// the stream's order, as `ConvertedStream` makes them) takes that
    /// frame's output from the child's evidence. Only evidence for the very
    /// call (its source's bytes, strides and destination) is accepted, and
    /// an output the child says is libyuv's is made here by libyuv.
    /// - Throws: `IsolatedCheckError` naming the frame when the child could
    ///   not start, crashed, hung, exited, sent evidence for another call,
    ///   changed its source or sent more evidence than `body` asked for;
    ///   otherwise what `body` threw (the child is then stopped).
    public func replayingFrames(
        of converter: (name: String, threadSafe: Bool), plugins: [String], file: StreamFile, decoder: String?,
        threads: Int, matrix: ColorMatrix, orientation: Orientation, layout: ChromaLayout,
        _ body: (any FrameConverter) throws -> Void
    ) throws {
        var options = CheckOptions()
        options.matrices = [matrix]
        options.orientations = [orientation]
        options.vectorFiles = [file]
        options.layout = layout
        options.decoder = decoder
        options.decoderThreads = threads
        let request = CheckRequest(task: .check(.frames), plugins: plugins, converter: converter.name, options: options)
        let session: WorkerSession
        switch worker.start(request) {
        case .failure(let failure): throw IsolatedCheckError(description: failure.description)
        case .success(let started): session = started
        }
        let reader = EvidenceReader(session: session)
        let replay = PlacedReplay(
            replay: ReplayConverter(name: converter.name, isThreadSafe: converter.threadSafe, reader: reader),
            fileName: String(file.path.split(separator: "/").last ?? ""), frames: FrameCount())
        var thrown: (any Error)?
        do { try body(replay) } catch { thrown = error }
        let place = reader.place.map { "at \($0)" } ?? "before its first frame"
        if case .rejected(let description) = reader.problem {
            session.finish(killing: true)
            throw IsolatedCheckError(description: "plug-in converter \(converter.name) \(description) \(place)")
        }
        if reader.problem == nil, let thrown {
            session.finish(killing: true)
            throw thrown
        }
        let missing = reader.problem == .ended
        if !missing, let extra = reader.next() {
            session.finish(killing: true)
            throw IsolatedCheckError(
                description:
                    "plug-in converter \(converter.name) sent evidence beyond the stream's last frame ('\(extra.text.prefix(200))')"
            )
        }
        let run = session.finish(killing: false)
        if missing || run.termination != .exited(0) || run.leftovers > 0 || run.sourceWritePlane != nil {
            throw IsolatedCheckError(
                description:
                    "plug-in converter \(converter.name): \(describe(run, place: place, evidenceMissing: missing))")
        }
        if let thrown { throw thrown }
    }
}

/// The frames converted so far by a `PlacedReplay`.
private final class FrameCount: @unchecked Sendable {
    var value = 0
}

/// A `ReplayConverter` that names each call's frame (`SIZE ORIENTATION
/// MATRIX, FILE frame N`) as the evidence's place, for the lines that say
/// where a child failed.
private struct PlacedReplay: FrameConverter {
    let replay: ReplayConverter
    let fileName: String
    let frames: FrameCount

    var name: String { replay.name }
    var isThreadSafe: Bool { replay.isThreadSafe }
    var layouts: [ChromaLayout] { ChromaLayout.allCases }

    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        replay.reader.place =
            "\(source.size) \(orientation.name) \(matrix.name), \(fileName) frame \(frames.value)"
        frames.value += 1
        try replay.convert(source, to: destination, matrix: matrix, orientation: orientation)
    }
}
