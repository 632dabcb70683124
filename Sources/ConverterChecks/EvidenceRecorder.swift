import Converters
import Frames

#if canImport(Glibc)
import Glibc
#endif

/// In a check worker, the converter under check as the check sees it:
/// every call is passed on, then reported to the parent as evidence (the
/// case's identity and what came of it: the destination, a refusal or a
/// failure status). The worker judges nothing; the parent compares. With
/// an `oracle`, a destination that is byte for byte what the oracle makes
/// of the same destination goes as a digest (`digest` line), which the
/// parent checks against its own oracle's; any other goes as its bytes, so
/// the parent can name the first differing pixel. Without one (checks with
/// a tolerance, where near is not equal) every destination goes as bytes.
struct EvidenceRecorder: FrameConverter {
    /// The converter under check.
    let inner: any FrameConverter
    /// libyuv, or nil to send every destination's bytes.
    let oracle: (any FrameConverter)?
    /// Where the oracle's version of a destination is made.
    private let scratch = Scratch()

    /// Records `inner`'s calls, sending digests where `oracle` agrees.
    init(inner: any FrameConverter, oracle: (any FrameConverter)?) {
        (self.inner, self.oracle) = (inner, oracle)
    }

    var name: String { inner.name }

    var isThreadSafe: Bool { inner.isThreadSafe }

    var layouts: [ChromaLayout] { inner.layouts }

    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        let identity = CaseIdentity(source, destination, matrix, orientation).description
        let count = destination.stride * destination.height
        let expected = oracle.flatMap { oracle in
            scratch.expected(of: oracle, source, destination, count: count, matrix: matrix, orientation: orientation)
        }
        do throws(ConversionError) {
            try inner.convert(source, to: destination, matrix: matrix, orientation: orientation)
        } catch .unsupported {
            CheckWorker.send(.refused(identity: identity))
            throw .unsupported
        } catch {
            if case .failed(let status) = error { CheckWorker.send(.failed(status: status, identity: identity)) }
            throw error
        }
        let sourceDigest = EvidenceDigest.of(source)
        if let expected, memcmp(expected, destination.base, count) == 0 {
            var digest = EvidenceDigest()
            digest.add(destination.base, count: count)
            CheckWorker.send(.outputDigest(digest: digest.text, source: sourceDigest, identity: identity))
            return
        }
        CheckWorker.send(.output(byteCount: count, source: sourceDigest, identity: identity))
        CheckWorker.send(bytes: UnsafeRawBufferPointer(start: destination.base, count: count))
    }

    /// Memory the oracle's version of a destination is made in, kept from
    /// call to call (one thread records at a time).
    private final class Scratch: @unchecked Sendable {
        private var bytes: UnsafeMutableRawPointer?
        private var capacity = 0

        deinit { bytes?.deallocate() }

        /// The `count` bytes of `destination` as they are, with the
        /// oracle's pixels for `source` written over them; nil when the
        /// oracle refuses.
        func expected(
            of oracle: any FrameConverter, _ source: SourceFrame, _ destination: BGRAView, count: Int,
            matrix: ColorMatrix, orientation: Orientation
        ) -> UnsafeRawPointer? {
            if capacity < count {
                bytes?.deallocate()
                bytes = .allocate(byteCount: max(count, 1), alignment: 64)
                capacity = count
            }
            guard let bytes else { return nil }
            bytes.copyMemory(from: destination.base, byteCount: count)
            let view = BGRAView(
                base: bytes.assumingMemoryBound(to: UInt8.self), stride: destination.stride,
                width: destination.width, height: destination.height)
            do throws(ConversionError) {
                try oracle.convert(source, to: view, matrix: matrix, orientation: orientation)
            } catch {
                return nil
            }
            return UnsafeRawPointer(bytes)
        }
    }
}
