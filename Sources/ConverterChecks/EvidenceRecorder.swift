import Converters
import Frames

/// In a check worker, the converter under check as the check sees it:
/// every call is passed on, then reported to the parent as evidence (the
/// case's identity and what came of it: the destination's bytes, a refusal
/// or a failure status). The worker judges nothing; the parent compares.
struct EvidenceRecorder: FrameConverter {
    /// The converter under check.
    let inner: any FrameConverter

    var name: String { inner.name }

    var isThreadSafe: Bool { inner.isThreadSafe }

    var layouts: [ChromaLayout] { inner.layouts }

    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        let identity = CaseIdentity(source, destination, matrix, orientation).description
        do throws(ConversionError) {
            try inner.convert(source, to: destination, matrix: matrix, orientation: orientation)
        } catch .unsupported {
            CheckWorker.send(.refused(identity: identity))
            throw .unsupported
        } catch {
            if case .failed(let status) = error { CheckWorker.send(.failed(status: status, identity: identity)) }
            throw error
        }
        let count = destination.stride * destination.height
        CheckWorker.send(.output(byteCount: count, source: EvidenceDigest.of(source), identity: identity))
        CheckWorker.send(bytes: UnsafeRawBufferPointer(start: destination.base, count: count))
    }
}
