import Conformance
import Containers
import Converters
import Decoding
import Frames
import Measurement

/// One failed check of a verified file.
public struct CheckFailure: Sendable, CustomStringConvertible {
    /// Which check: `read`, `ivf`, `decode`, `md5`, `witness <decoder>`, `bgra-md5`,
    /// `bit-exact <converter>`, `convert <converter>` (it failed a conversion),
    /// `tolerance <peer>`, `timestamps`, `plug-in <converter>` (its frames
    /// judged outside its process failed).
    public let check: String
    /// 0-based index of the shown frame where it failed; nil for a fault of
    /// the whole file (it cannot be read, its sidecar cannot be read).
    public let frame: Int?
    /// What exactly (packet number, digests, times).
    public let detail: String

    /// `<check> at frame <n> (<detail>)`.
    public var description: String { place + (detail.isEmpty ? "" : " (\(detail))") }

    /// `<check> at frame <n>`, or `<check>` for a fault of the whole file.
    public var place: String { frame.map { "\(check) at frame \($0)" } ?? check }

    /// The failure of `check` at `frame` (nil: of the whole file), with `detail`.
    public init(check: String, frame: Int?, detail: String) {
        self.check = check
        self.frame = frame
        self.detail = detail
    }
}

/// The outcome of verifying one IVF file.
public struct FileVerdict: Sendable {
    /// The file's path as given.
    public let path: String
    /// Shown frames decoded.
    public let frames: Int
    /// Whether a `.ivf.md5` sidecar was found and compared.
    public let md5Checked: Bool
    /// Whether a golden `.bgra.md5` list was found and compared.
    public let goldenChecked: Bool
    /// The second decoder whose frames were compared with the decoder's
    /// (`DecoderRegistry.witness`); nil when the file header could not be read.
    public var witness: String?
    /// The first failure of each check, earliest frame first (empty: pass).
    public let failures: [CheckFailure]
    /// The converters that refused the orientation (`.unsupported`):
    /// skipped, not failed.
    public let skipped: [String]
    /// The timestamp check's result (nil if the file could not be read at all).
    public let timestamps: TimestampCheck?
    /// Each peer's deviation from libyuv over the frames it converted, by name.
    public var deviations: [String: Deviation] = [:]
    /// The track verified, as its container describes it; nil when the
    /// file header could not be read.
    public var track: Track?

    /// Whether every check passed.
    public var passed: Bool { failures.isEmpty }
    /// Whether the only failures are timestamp violations.
    public var failedOnlyTimestamps: Bool { !failures.isEmpty && failures.allSatisfy { $0.check == "timestamps" } }

    /// Whether the file passes as a whole: a file whose timestamps are
    /// broken on purpose (`expectedBad`, `VectorFiles.isExpectedBad`) when
    /// its timestamp check failed and nothing else did; any other file
    /// when every check passed.
    public func passes(expectedBad: Bool) -> Bool { expectedBad ? failedOnlyTimestamps : passed }

    /// `<peer> max |Δ| ...` for each peer's deviation, `; ` between; empty without peers.
    public var deviationSummary: String {
        deviations.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.summary)" }.joined(separator: "; ")
    }

    /// `pass`, or `FAIL: <check> at frame <n> (...)` plus `; also ...` for
    /// other checks; then `(skipped: unsupported: <converters>)` when some
    /// converters refused the orientation.
    public var summary: String {
        let skippedNote = skipped.isEmpty ? "" : " (skipped: unsupported: \(skipped.joined(separator: ", ")))"
        guard let first = failures.first else { return "pass" + skippedNote }
        let others = failures.dropFirst().map(\.place)
        return "FAIL: \(first)" + (others.isEmpty ? "" : "; also " + others.joined(separator: ", ")) + skippedNote
    }
}

/// Checks one file (IVF, WebM, Matroska, MP4, H.264 Annex B): decodes every
/// packet, compares each shown frame's MD5 with the sidecar (when there is
/// one) and with the frame the track's witness decoder (when it has one)
/// makes of the same packet, converts each frame with every
/// converter and compares with libyuv byte for byte (a peer with a
/// tolerance by its deviation, which must stay within the tolerance),
/// compares libyuv's
/// BGRA MD5 with the golden `<stem>.<matrix>.bgra.md5` list (when there is
/// one, beside the file or in `Vectors/golden/`), then checks that
/// shown-frame timestamps only go forward.
public struct StreamVerifier {
    /// The converters compared with libyuv (libyuv itself excluded).
    public let converters: [any FrameConverter]
    /// The matrix conversions use.
    public let matrix: ColorMatrix
    /// The orientation conversions convert into.
    public let orientation: Orientation
    /// The layout decoded frames are converted from (NV12: repacked
    /// losslessly, `SourceRepacker`; libyuv converts the same frames).
    public let layout: ChromaLayout

    /// The video track verified in files that hold several (1-based; nil: the first).
    public let trackNumber: Int?

    /// A verifier of `converters` (any named `libyuv` are skipped) with
    /// `matrix`, converting frames in `layout` into `orientation`, of each
    /// file's video track `trackNumber` (nil: the first).
    public init(
        converters: [any FrameConverter], matrix: ColorMatrix, orientation: Orientation = .upright,
        layout: ChromaLayout = .i420, trackNumber: Int? = nil
    ) {
        self.converters = converters.filter { $0.name != ConverterRegistry.oracleName }
        self.matrix = matrix
        self.orientation = orientation
        self.layout = layout
        self.trackNumber = trackNumber
    }

    /// Verifies the file at `path`. Never throws: unreadable files and
    /// decode errors are failures in the verdict.
    public func verify(_ path: String) -> FileVerdict {
        var failures: [CheckFailure] = []
        /// Records the first failure of `check` (later ones of the same check are dropped).
        func fail(_ check: String, _ frame: Int?, _ detail: String) {
            if !failures.contains(where: { $0.check == check }) {
                failures.append(CheckFailure(check: check, frame: frame, detail: detail))
            }
        }
        let expected: [String]?
        do { expected = try VectorFiles.sidecarDigests(for: path) } catch {
            expected = nil
            fail("md5", nil, "\(error)")
        }
        var golden: [String]?
        if orientation == .upright, let goldenPath = VectorFiles.goldenBGRAPath(for: path, matrix: matrix.name) {
            do { golden = try VectorFiles.digests(in: goldenPath) } catch { fail("bgra-md5", nil, "\(error)") }
        }
        let checker = BitExactChecker()
        var deviations: [String: Deviation] = [:]
        var shown: [ShownFrameTime] = []
        var decoded: [FrameIdentity] = []
        var skipped: [String] = []
        var readable = true
        var track: Track?
        do {
            track = try StreamDecoder.decode(path: path, track: trackNumber, layout: layout) { frame in
                let index = shown.count
                shown.append(ShownFrameTime(index: index, of: frame))
                let digest = FrameDigest.i420(frame.image)
                decoded.append(FrameIdentity(packet: frame.packet, size: frame.image.size, digest: digest))
                if let expected {
                    if index >= expected.count {
                        fail("md5", index, "packet \(frame.packet): no sidecar line for this frame")
                    } else if digest != expected[index] {
                        fail("md5", index, "packet \(frame.packet): \(digest), sidecar says \(expected[index])")
                    }
                }
                checker.load(frame.source, matrix: matrix, orientation: orientation)
                if let golden {
                    let digest = checker.referenceDigest()
                    if index >= golden.count || digest != golden[index] {
                        fail(
                            "bgra-md5", index,
                            "packet \(frame.packet): libyuv's BGRA \(digest), golden list says \(index < golden.count ? golden[index] : "nothing")"
                        )
                    }
                }
                for converter in converters
                where !ConverterRegistry.isPeer(converter.name) && !skipped.contains(converter.name) {
                    switch checker.compare(converter) {
                    case .equal: break
                    case .different:
                        fail("bit-exact \(converter.name)", index, "packet \(frame.packet), \(frame.image.size)")
                    case .refused(.unsupported): skipped.append(converter.name)
                    case .refused(let error):
                        fail("convert \(converter.name)", index, "packet \(frame.packet): \(error)")
                    }
                }
                for converter in converters
                where ConverterRegistry.isPeer(converter.name) && !skipped.contains(converter.name) {
                    let tolerance = ConverterRegistry.tolerance(of: converter.name, matrix: matrix) ?? 0
                    let deviation: Deviation
                    do throws(ConversionError) {
                        deviation = try checker.deviation(of: converter)
                    } catch .unsupported {
                        skipped.append(converter.name)
                        continue
                    } catch {
                        fail("convert \(converter.name)", index, "packet \(frame.packet): \(error)")
                        continue
                    }
                    deviations[converter.name, default: Deviation()].add(deviation)
                    if !deviation.isWithin(tolerance) {
                        fail(
                            "tolerance \(converter.name)", index,
                            "packet \(frame.packet), \(frame.image.size): max |Δ| \(deviation.maximum) > \(tolerance)")
                    }
                }
            }
            .track
        } catch {
            track = error.summary?.track
            let check =
                switch error.underlying {
                case is FileReadError: "read"
                case is IVFError: "ivf"
                default: "decode"
                }
            readable = check != "read"
            // A fault in the file header belongs to no frame.
            let inHeader = (error.underlying as? IVFError).map { $0.packet == nil } ?? false
            fail(check, readable && !inHeader ? shown.count : nil, "\(error)")
        }
        let decodedToEnd = readable && failures.allSatisfy { $0.check != "decode" && $0.check != "ivf" }
        if let expected, decodedToEnd, expected.count > shown.count {
            fail("md5", shown.count, "sidecar lists \(expected.count) frames, stream showed \(shown.count)")
        }
        if let golden, decodedToEnd, golden.count > shown.count {
            fail("bgra-md5", shown.count, "golden list has \(golden.count) frames, stream showed \(shown.count)")
        }
        let witness = track.flatMap { DecoderRegistry.witness(for: $0)?.name }
        if let witness,
            let detail = Self.witnessDisagreement(
                path, track: trackNumber, witness, decoded, decodedToEnd: decodedToEnd)
        {
            fail("witness \(witness)", detail.frame, detail.text)
        }
        if decodedToEnd, shown.isEmpty {
            fail("frames", nil, "the stream shows no frame: nothing to verify")
        }
        let timestamps = readable ? TimestampCheck(frames: shown) : nil
        if let violation = timestamps?.violations.first {
            let kind = violation.kind == .backwards ? "backwards" : "duplicate"
            fail(
                "timestamps", violation.frame.index,
                "\(kind), packet \(violation.frame.packet): \(violation.frame.time) after \(violation.previous)")
        }
        var verdict = FileVerdict(
            path: path, frames: shown.count, md5Checked: expected != nil, goldenChecked: golden != nil,
            failures: failures.sorted { ($0.frame ?? -1) < ($1.frame ?? -1) }, skipped: skipped,
            timestamps: timestamps, deviations: deviations)
        verdict.witness = witness
        verdict.track = track
        return verdict
    }

    /// A shown frame as a decoder made it: its packet, size and I420 MD5.
    struct FrameIdentity: Equatable {
        let packet: Int
        let size: FrameSize
        let digest: String
    }

    /// Where the `witness` decoder's frames of `path` (its video track
    /// `track`, 1-based, or the first) first differ from
    /// `decoded` (the decoder's, all of the stream when `decodedToEnd`,
    /// else those before its fault), or nil when they agree: a frame of
    /// another packet, size or MD5, a frame missing or extra, or the
    /// witness failing before the decoder did.
    static func witnessDisagreement(
        _ path: String, track: Int? = nil, _ witness: String, _ decoded: [FrameIdentity], decodedToEnd: Bool
    ) -> (frame: Int?, text: String)? {
        var theirs: [FrameIdentity] = []
        var fault: String?
        do {
            _ = try StreamDecoder.decode(path: path, track: track, decoder: witness) { frame in
                theirs.append(
                    FrameIdentity(packet: frame.packet, size: frame.image.size, digest: FrameDigest.i420(frame.image)))
            }
        } catch {
            fault = "\(error)"
        }
        for (index, (mine, other)) in zip(decoded, theirs).enumerated() where mine != other {
            return (
                index,
                "packet \(mine.packet) \(mine.size) \(mine.digest), \(witness) packet \(other.packet) \(other.size) \(other.digest)"
            )
        }
        if theirs.count < decoded.count {
            return (theirs.count, "\(witness) showed \(theirs.count) frames\(fault.map { ", then: \($0)" } ?? "")")
        }
        if decodedToEnd, theirs.count > decoded.count {
            return (decoded.count, "\(witness) showed \(theirs.count) frames, the decoder \(decoded.count)")
        }
        return nil
    }
}
