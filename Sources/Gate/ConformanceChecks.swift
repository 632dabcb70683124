import Conformance
import Converters
import Frames
import Measurement
import Streams

/// The gate's checks that do not depend on the machine, run in the build
/// being gated: bit-exactness of every converter in every orientation,
/// peers within their tolerance of libyuv, and the vectors' verification
/// (bad-ts files must fail, on their timestamps alone).
public enum ConformanceChecks {
    /// Sizes of the synthetic bit-exactness check: the report's plus odd and tiny ones.
    public static let exactnessSizes =
        SyntheticCell.defaultSizes
        + ["175x143", "33x17", "3x5", "2x2", "1x1"].compactMap(FrameSize.init(parsing:))

    /// Every converter against libyuv on the synthetic frames of every
    /// `exactnessSizes` size in every orientation, in each of `layouts`
    /// (libyuv converts NV12 itself); a converter that does not offer an
    /// orientation is skipped there (named in the detail).
    public static func syntheticExactness(
        _ converters: [any FrameConverter], matrix: ColorMatrix, layouts: [ChromaLayout] = [.i420]
    ) -> GateCheck {
        var mismatches: [String] = []
        var skipped: [String: Set<String>] = [:]
        for size in exactnessSizes {
            for layout in layouts {
                mismatches += exactness(converters, size: size, layout: layout, matrix: matrix, skipped: &skipped)
            }
        }
        let skippedText = skipped.sorted { $0.key < $1.key }.map { name, orientations in
            "\(name) skipped (unsupported) in "
                + Orientation.allCases.map(\.name).filter(orientations.contains)
                .joined(separator: ", ")
        }
        let layoutsText = layouts == [.i420] ? "" : " × \(layouts.count) layouts"
        return GateCheck(
            name: "bit-exact with libyuv on synthetic frames",
            passed: mismatches.isEmpty,
            detail: mismatches.isEmpty
                ? ([
                    "\(converters.count) converters × \(exactnessSizes.count) sizes × \(Orientation.allCases.count) orientations\(layoutsText) × \(ConverterBench.distinctFrames) frames"
                ]
                    + skippedText).joined(separator: "; ")
                : "mismatch: " + mismatches.joined(separator: ", "))
    }

    /// The cells of `size` in `layout` (every orientation) where a
    /// converter's bytes are not libyuv's; the orientations a converter
    /// refuses go into `skipped`.
    private static func exactness(
        _ converters: [any FrameConverter], size: FrameSize, layout: ChromaLayout, matrix: ColorMatrix,
        skipped: inout [String: Set<String>]
    ) -> [String] {
        var mismatches: [String] = []
        let frames = SyntheticFrames.frames(size: size, count: ConverterBench.distinctFrames, layout: layout)
        for orientation in Orientation.allCases {
            let exact = ConverterBench.bitExactness(
                converters, frames: frames, matrix: matrix, orientation: orientation)
            let cell = SyntheticCell(size: size, orientation: orientation, layout: layout)
            for converter in converters {
                switch exact[converter.name] {
                case nil: skipped[converter.name, default: []].insert(orientation.name)
                case false?: mismatches.append("\(converter.name) at \(cell)")
                case true?: break
                }
            }
        }
        return mismatches
    }

    /// Every peer's deviation from libyuv on the synthetic frames of every
    /// `exactnessSizes` size, which must stay within its tolerance.
    public static func syntheticDeviation(_ peers: [any FrameConverter], matrix: ColorMatrix) -> GateCheck {
        var figures: [String] = []
        var beyond: [String] = []
        for peer in peers {
            var total = Deviation()
            for size in exactnessSizes {
                let frames = SyntheticFrames.frames(size: size, count: ConverterBench.distinctFrames)
                guard let deviation = ConverterBench.deviations([peer], frames: frames, matrix: matrix)[peer.name]
                else {
                    beyond.append("\(peer.name) failed at \(size)")
                    continue
                }
                total.add(deviation)
            }
            let tolerance = ConverterRegistry.tolerance(of: peer.name, matrix: matrix) ?? 0
            figures.append("\(peer.name) \(total.summary) (tolerance \(tolerance))")
            if !total.isWithin(tolerance) { beyond.append("\(peer.name) max |Δ| \(total.maximum) > \(tolerance)") }
        }
        return GateCheck(
            name: "peers within their tolerance of libyuv on synthetic frames",
            passed: beyond.isEmpty,
            detail: (beyond.isEmpty ? figures : beyond).joined(separator: "; "))
    }

    /// One check per vector file: ordinary files must pass `verify`; bad-ts-*
    /// files must fail it on timestamps alone.
    public static func vectorChecks(
        _ paths: [String], converters: [any FrameConverter], matrix: ColorMatrix, orientation: Orientation
    ) -> [GateCheck] {
        let files = VectorFiles.expand(paths)
        guard !files.isEmpty else {
            return [
                GateCheck(name: "vectors", passed: false, detail: "no IVF files (no Vectors/ here and no --vectors)")
            ]
        }
        let verifier = StreamVerifier(converters: converters, matrix: matrix, orientation: orientation)
        return files.map { file in
            let verdict = verifier.verify(file)
            if VectorFiles.isExpectedBad(file) {
                return GateCheck(
                    name: "\(file) flagged (deliberately bad timestamps)",
                    passed: verdict.passes(expectedBad: true),
                    detail: verdict.passed
                        ? "verify passed it: the timestamp check missed the fault"
                        : verdict.summary)
            }
            let checked = [
                "\(verdict.frames) frames", verdict.md5Checked ? "I420 MD5s" : nil,
                verdict.goldenChecked ? "golden BGRA MD5s" : nil,
                orientation == .upright ? "bit-exact" : "bit-exact \(orientation)", "timestamps",
                verdict.skipped.isEmpty ? nil : "skipped (unsupported): " + verdict.skipped.joined(separator: ", "),
                verdict.deviationSummary.isEmpty ? nil : verdict.deviationSummary,
            ]
            return GateCheck(
                name: "\(file)", passed: verdict.passed,
                detail: verdict.passed ? checked.compactMap { $0 }.joined(separator: ", ") : verdict.summary)
        }
    }

}
