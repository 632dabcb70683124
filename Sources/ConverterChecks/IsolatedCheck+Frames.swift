import Containers
import Frames

extension IsolatedCheck {
    /// The frames check of each of `converters` (those of the plug-ins at
    /// `plugins`, as `probe(plugins:)` gave them) on every frame of `file`
    /// in `layout`, with `matrix`, into `orientation`: each converter
    /// converts in a child and this process judges its evidence against
    /// libyuv, so neither a crash nor a forged verdict passes. One outcome
    /// per converter, in order.
    public func frames(
        of converters: [(name: String, threadSafe: Bool)], plugins: [String], file: StreamFile,
        matrix: ColorMatrix, orientation: Orientation, layout: ChromaLayout
    ) -> [CheckOutcome] {
        var options = CheckOptions()
        options.matrices = [matrix]
        options.orientations = [orientation]
        options.vectorFiles = [file]
        options.layout = layout
        return converters.map { converter in
            check(
                .frames, converter: converter.name, threadSafe: converter.threadSafe, plugins: plugins,
                options: options)
        }
    }
}
