import Frames

/// The source layouts a gate measures and the arguments that ask a `bench`
/// process for them.
///
/// By default the gate measures every cell in I420, as before layouts, and
/// NV12 at `nv12Sizes` too. A `bench` built from a commit before layouts
/// knows no `--layout`: given one it would exit with a usage error, so such
/// a side gets no layout arguments and measures I420 only; the NV12 cells
/// the other side measures are then listed as not gated, with the reason
/// (`CellOutcome.Kind.notGated`).
public struct GateLayouts: Sendable, Equatable {
    /// The layouts measured; the first at every gated size.
    public let layouts: [ChromaLayout]
    /// The sizes at which the layouts after the first are measured (nil: every size).
    public let laterSizes: [FrameSize]?

    /// The sizes at which the default gate measures NV12 cells (issue 26).
    public static let nv12Sizes = ["1280x720", "1920x1080"].compactMap(FrameSize.init(parsing:))

    /// The option a `bench` that knows layouts lists in `bench report
    /// --help` (the newer of the two the gate passes).
    public static let probeOption = "--layout-sizes"

    /// `layouts` (nil: I420 at every size and NV12 at `nv12Sizes`).
    public init(_ layouts: [ChromaLayout]?) {
        if let layouts {
            self.layouts = layouts
            laterSizes = nil
        } else {
            self.layouts = [.i420, .nv12]
            laterSizes = Self.nv12Sizes
        }
    }

    /// The layouts' names, as report entries carry them.
    public var names: Set<String> { Set(layouts.map(\.rawValue)) }

    /// The arguments that ask a `bench` process for these layouts; none for
    /// I420 alone (what every `bench` measures without them).
    public var arguments: [String] {
        guard layouts != [.i420] else { return [] }
        return ["--layout", layouts.map(\.rawValue).joined(separator: ",")]
            + (laterSizes.map { [Self.probeOption, $0.map(\.description).joined(separator: ",")] } ?? [])
    }

    /// Whether the `bench report --help` text `help` shows a bench that knows layouts.
    public static func knowsLayouts(help: String) -> Bool { help.contains(probeOption) }
}
