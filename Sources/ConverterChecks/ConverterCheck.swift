import Converters
import Frames

/// checkasm for converters: runs the checks of `CheckKind` on a
/// `FrameConverter` in this process, against libyuv. A converter that
/// crashes or hangs takes this process with it; `IsolatedCheck` runs the
/// same checks in a child process instead.
public enum ConverterCheck {
    /// Runs check `kind` on `context.converter`.
    public static func run(_ kind: CheckKind, _ context: CheckContext) -> CheckOutcome {
        let verdict =
            switch kind {
            case .exhaustive: ExhaustiveCheck.run(context)
            case .sizes: SizesCheck.run(context)
            case .overRead: OverReadCheck.run(context)
            case .frames: FramesCheck.run(context)
            case .threads: ThreadsCheck.run(context)
            case .speed: SpeedCheck.run(context)
            }
        return CheckOutcome(
            converter: context.converter.name, check: kind, status: verdict.status, detail: verdict.detail)
    }

    /// Runs every check of `kinds` (default all) on `converter` with
    /// `options`, in order.
    public static func run(
        _ converter: any FrameConverter, options: CheckOptions = CheckOptions(), kinds: [CheckKind] = CheckKind.allCases
    ) -> [CheckOutcome] {
        let context = CheckContext(converter: converter, options: options)
        return kinds.map { run($0, context) }
    }
}
