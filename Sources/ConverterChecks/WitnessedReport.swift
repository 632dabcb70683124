import Converters
import Foundation
import Frames
import Measurement
import Peers
import Reports

/// A report made in a process that loads plug-ins, as its parent, which
/// loads none, receives it: the report document, and for every synthetic
/// cell of a plug-in converter the digests of its outputs on the cell's
/// frames (`SyntheticFrames`, `ConverterBench.distinctFrames` of them,
/// converted again after the measurement, for this evidence). The parent
/// recomputes libyuv's outputs on the same frames and holds each cell's
/// `bit_exact` to the digests (`problems`): the column and the exit status
/// then rest on evidence it checked, not on the child's word.
public struct WitnessedReport: Codable, Sendable {
    /// The document the child made.
    public let document: ReportDocument
    /// Per entry name, the digests of the converter's outputs on the
    /// cell's frames in order; empty when it refused the cell.
    public let digests: [String: [String]]

    /// The evidence for `document`'s cells of `converters` (the plug-in
    /// converters), converted again here.
    public init(document: ReportDocument, converters: [any FrameConverter]) {
        self.document = document
        var digests: [String: [String]] = [:]
        for entry in document.benchmarks {
            guard let name = entry.converter, let converter = converters.first(where: { $0.name == name }),
                let cell = Self.cell(of: entry)
            else { continue }
            digests[entry.name] = Self.outputs(of: converter, in: cell)
        }
        self.digests = digests
    }

    /// What a cell converts: frames of its size and layout, with its
    /// matrix, into its orientation.
    struct Cell {
        let size: FrameSize
        let layout: ChromaLayout
        let matrix: ColorMatrix
        let orientation: Orientation
    }

    /// The synthetic cell `entry` measured, or nil for another kind of entry.
    static func cell(of entry: ReportEntry) -> Cell? {
        guard entry.name.hasPrefix("convert/"), let width = entry.width, let height = entry.height,
            let matrix = entry.matrix.flatMap(ColorMatrix.init(rawValue:)),
            let orientation = Orientation(name: entry.orientation ?? "upright"),
            let layout = ChromaLayout(rawValue: entry.layout ?? "i420"), width > 0, height > 0, width <= 8192,
            height <= 8192
        else { return nil }
        return Cell(
            size: FrameSize(width: width, height: height), layout: layout, matrix: matrix, orientation: orientation)
    }

    /// The digests of `converter`'s outputs on `cell`'s frames (pixel
    /// bytes; the buffer has no padding), or none when it refuses or fails.
    static func outputs(of converter: any FrameConverter, in cell: Cell) -> [String] {
        let output = BGRABuffer(size: cell.orientation.orientedSize(of: cell.size))
        var digests: [String] = []
        for frame in SyntheticFrames.frames(size: cell.size, count: ConverterBench.distinctFrames, layout: cell.layout)
        {
            output.view.base.update(repeating: 0xA5, count: output.allBytes.count)
            do throws(ConversionError) {
                try converter.convert(frame.view, to: output.view, matrix: cell.matrix, orientation: cell.orientation)
            } catch {
                return []
            }
            digests.append(EvidenceDigest.of(output))
        }
        return digests
    }

    /// The cells whose `bit_exact` is held to evidence: synthetic cells
    /// of converters other than the built-ins that claim it either way.
    private var claims: [(entry: ReportEntry, claim: Bool, cell: Cell)] {
        document.benchmarks.compactMap { entry in
            guard let name = entry.converter, !ConverterRegistry.knownNames.contains(name),
                let claim = entry.bitExact, let cell = Self.cell(of: entry)
            else { return nil }
            return (entry, claim, cell)
        }
    }

    /// Every claim of the document the evidence does not bear out, one
    /// line each: a cell of a plug-in converter that says `bit_exact`
    /// where its digests are not libyuv's (or are missing), or not where
    /// they are. Empty when every claim holds.
    public func problems() -> [String] {
        var problems: [String] = []
        let oracle = LibYUVConverter()
        for (entry, claim, cell) in claims {
            guard let sent = digests[entry.name], !sent.isEmpty else {
                if claim {
                    problems.append("\(entry.name): the report says bit-exact, and no output was sent to show it")
                }
                continue
            }
            let exact = sent == Self.outputs(of: oracle, in: cell)
            if claim != exact {
                problems.append(
                    "\(entry.name): the report says \(claim ? "bit-exact" : "not bit-exact"), and the outputs sent are \(exact ? "" : "not ")libyuv's"
                )
            }
        }
        return problems
    }

    /// Cells whose `bit_exact` was checked against outputs sent for them.
    public var judgedCells: Int {
        claims.filter { digests[$0.entry.name]?.isEmpty == false }.count
    }
}
