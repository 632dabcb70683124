import CCallgrind
import Converters
import Frames
import Measurement

/// The counting side of `bench count`, run under Callgrind with collection
/// off at the start (`--collect-atstart=no --instr-atstart=no`): frames and
/// outputs are made first, uninstrumented; then each converter converts
/// each cell's frames with collection turned on around each `convert` call
/// alone, and the cell's counts are dumped under a name
/// (`CountPlan.request`). Outside Valgrind the client requests do nothing
/// and this only converts.
public enum CountedConversions {
    /// Converts `CountPlan.frames` frames of each of `cells` with each of
    /// `converters` (a converter that does not take a cell's layout or
    /// orientation is left out there), counting each cell's conversions
    /// apart; one conversion of each cell comes first, not counted.
    /// - Returns: One line per converter and cell left out, saying why.
    public static func run(
        _ converters: [any FrameConverter], cells: [SyntheticCell] = CountPlan.cells, matrix: ColorMatrix = .bt601
    ) -> [String] {
        let frames = cells.map { SyntheticFrames.frames(size: $0.size, count: CountPlan.frames, layout: $0.layout) }
        let outputs = cells.map { BGRABuffer(alignedRowsOf: $0.orientation.orientedSize(of: $0.size)) }
        var skipped: [String] = []
        framebench_callgrind_start_instrumentation()
        for (index, cell) in cells.enumerated() {
            let sources = frames[index].map(\.view)
            let output = outputs[index].view
            for converter in converters {
                guard converter.layouts.contains(cell.layout) else { continue }
                do {
                    try converter.convert(sources[0], to: output, matrix: matrix, orientation: cell.orientation)
                } catch {
                    skipped.append("\(converter.name) at \(cell): not counted (\(error))")
                    continue
                }
                framebench_callgrind_zero_stats()
                for source in sources {
                    framebench_callgrind_toggle_collect()
                    try? converter.convert(source, to: output, matrix: matrix, orientation: cell.orientation)
                    framebench_callgrind_toggle_collect()
                }
                framebench_callgrind_dump_stats_at(
                    CountPlan.request(converter: converter.name, cell: cell, frames: sources.count))
            }
        }
        framebench_callgrind_stop_instrumentation()
        return skipped
    }
}
