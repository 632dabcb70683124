import Containers
import ConverterChecks
import Converters
import Frames
import TestSupport
import Testing

/// Every converter path (`ConvertersUnderTest`: each SIMD level with both
/// store kinds, the parallel converter over every inner converter with
/// uneven bands) through the check harness that `bench check` runs on
/// plug-ins, in process, against libyuv:
/// - `exhaustive`: all 256³ `(y, u, v)` triples of all six matrices;
/// - `sizes`: widths 1…67 at heights 1, 2, 3, 4, 7, 16, 17 and 33 and a
///   1283×723 frame, padded strides of 1 to 29 bytes, canaries after each
///   destination row, every matrix and orientation;
/// - `over-read`: those widths and 127×11, 175×143, 176×144 with every
///   source plane and the destination ending right before a `PROT_NONE`
///   page (strides padded by 0 and 3 bytes), every orientation; a read or
///   write past them kills this process;
/// - `frames`: every frame of the official VP8 vectors and of `Vectors/`,
///   upright in all six matrices and in the other seven orientations.
///
/// Each check runs in both source layouts: NV12 frames are the I420
/// frames' twins, converted by libyuv's own NV12 functions as the oracle
/// (`LibYUVNV12Tests` holds those to libyuv's I420 output on the twins).
@Suite struct ConverterConformanceTests {
    /// The checks run, with every matrix and orientation (bt709 first, so
    /// the oriented frames are converted in it).
    static let options: CheckOptions = {
        var options = CheckOptions()
        options.matrices = [.bt709] + ColorMatrix.allCases.filter { $0 != .bt709 }
        options.vectorFiles = (TestPaths.officialVectors + TestPaths.ownVectors).map { StreamFile(path: $0) }
        return options
    }()

    /// Runs check `kind` on the converter labelled `label` with sources in
    /// `layout` and expects a pass.
    func check(_ kind: CheckKind, _ label: String, _ layout: ChromaLayout) {
        var options = Self.options
        options.layout = layout
        let context = CheckContext(converter: ConvertersUnderTest.named(label), options: options)
        let outcome = ConverterCheck.run(kind, context)
        #expect(outcome.status == .pass, "\(label) \(kind.rawValue) \(layout): \(outcome.detail)")
    }

    @Test("all 256³ triples of every matrix equal libyuv", arguments: ConvertersUnderTest.labels, ChromaLayout.allCases)
    func exhaustive(label: String, layout: ChromaLayout) { check(.exhaustive, label, layout) }

    @Test(
        "every size, padded strides, canaries intact, every matrix and orientation",
        arguments: ConvertersUnderTest.labels, ChromaLayout.allCases)
    func sizes(label: String, layout: ChromaLayout) { check(.sizes, label, layout) }

    @Test(
        "no read past a source plane or write past the destination", arguments: ConvertersUnderTest.labels,
        ChromaLayout.allCases)
    func overRead(label: String, layout: ChromaLayout) { check(.overRead, label, layout) }

    @Test("every frame of every vector equals libyuv", arguments: ConvertersUnderTest.labels, ChromaLayout.allCases)
    func frames(label: String, layout: ChromaLayout) { check(.frames, label, layout) }
}
