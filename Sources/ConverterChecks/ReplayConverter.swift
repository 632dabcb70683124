import Converters
import Frames
import Peers

/// In the parent of a check worker, the converter under check as the
/// check sees it: each call takes the worker's next evidence, which must
/// be for this very case (`CaseIdentity`), and gives what the worker's
/// converter did: its destination bytes copied into `destination` (the
/// check then compares them with the oracle's), or libyuv's own bytes made
/// here when the worker sent a digest and it is theirs, a refusal, or a
/// failure.
/// Evidence that is missing, for another case, or says the source changed
/// ends the check (`EvidenceReader.problem` says why).
struct ReplayConverter: FrameConverter {
    /// The worker's converter's name.
    let name: String
    /// Whether it is flagged thread-safe (as the plug-in's table says).
    let isThreadSafe: Bool
    /// The worker's evidence.
    let reader: EvidenceReader
    /// libyuv, which makes the destination a digest stands for.
    let oracle = LibYUVConverter()

    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        let identity = CaseIdentity(source, destination, matrix, orientation).description
        guard let line = reader.next() else { throw .failed(status: -1) }
        let claimed: String
        switch line {
        case .output(_, _, let text), .outputDigest(_, _, let text), .refused(let text), .failed(_, let text):
            claimed = text
        default:
            reader.reject("sent '\(line.text.prefix(200))' where the evidence of a case was due")
            throw .failed(status: -1)
        }
        guard claimed == identity else {
            reader.reject("sent evidence for another case ('\(claimed.prefix(200))')")
            throw .failed(status: -1)
        }
        let expected = destination.stride * destination.height
        switch line {
        case .refused: throw .unsupported
        case .failed(let status, _): throw .failed(status: status)
        case .outputDigest(let sent, let sourceDigest, _):
            // libyuv's version of this destination, made here: the bytes
            // the worker says it has.
            oracle.convert(source, to: destination, matrix: matrix, orientation: orientation)
            var digest = EvidenceDigest()
            digest.add(destination.base, count: expected)
            guard digest.text == sent else {
                reader.reject(
                    "sent as libyuv's a digest that is not libyuv's (\(sent), libyuv's \(digest.text)), and not its bytes"
                )
                throw .failed(status: -1)
            }
            try accept(digest: digest.text, identity: identity, sourceDigest: sourceDigest, of: source)
        case .output(let byteCount, let sourceDigest, _):
            guard byteCount == expected else {
                reader.reject("sent \(byteCount) output bytes for a destination of \(expected)")
                throw .failed(status: -1)
            }
            guard reader.readBytes(into: UnsafeMutableRawBufferPointer(start: destination.base, count: expected))
            else { throw .failed(status: -1) }
            var digest = EvidenceDigest()
            digest.add(destination.base, count: expected)
            try accept(digest: digest.text, identity: identity, sourceDigest: sourceDigest, of: source)
        default: throw .failed(status: -1)
        }
    }

    /// Notes an output by its digest, and checks the source's digest after
    /// the call against `source`'s own.
    private func accept(digest: String, identity: String, sourceDigest: String, of source: SourceFrame)
        throws(ConversionError)
    {
        reader.noteOutput(digest: digest, identity: identity)
        guard sourceDigest == EvidenceDigest.of(source) else {
            reader.reject("changed its source planes (their digest after the call is not theirs)")
            throw .failed(status: -1)
        }
    }
}
