import Converters
import Frames
import Peers
import Plugins
import Statistics

#if canImport(Glibc)
import Glibc
#endif

/// The child side of `IsolatedCheck`: carries out one `CheckRequest`,
/// writing `WorkerLine`s on `descriptor` (not standard output, which a
/// plug-in may print on). A check sends evidence only (`EvidenceRecorder`);
/// the parent, which loads no plug-in, judges it.
public enum CheckWorker {
    /// The descriptor the parent reads the protocol from.
    public static let descriptor: Int32 = 3

    /// Carries out `request`; returns the exit status (0 unless the
    /// request could not be carried out at all).
    public static func run(_ request: CheckRequest) -> Int32 {
        FaultReporter.install(descriptor: descriptor)
        let plugins: [PluginConverter]
        do {
            plugins = try PluginLoader.load(request.plugins)
        } catch {
            send(.outcome(.fail, error.description))
            return 0
        }
        if case .probe = request.task {
            for converter in plugins { send(.converter(name: converter.name, threadSafe: converter.isThreadSafe)) }
            send(.outcome(.pass, ""))
            return 0
        }
        guard
            let converter: any FrameConverter = plugins.first(where: { $0.name == request.converter })
                ?? ConverterRegistry.make(request.converter)
        else {
            send(
                .outcome(
                    .fail,
                    ConverterRegistry.entry(named: request.converter)?.unavailableReason()
                        ?? "no converter named '\(request.converter)'"))
            return 0
        }
        switch request.task {
        case .probe: break
        case .preflight(let sizes, let matrix, let orientation):
            let watched = SourceWatchingConverter(inner: converter) { plane in
                send(.sourceWrite(plane))
                _exit(1)
            }
            let verdict = preflight(
                watched, sizes: sizes.compactMap(FrameSize.init(parsing:)),
                matrix: ColorMatrix(rawValue: matrix) ?? .bt601,
                orientation: Orientation(abiValue: orientation) ?? .upright)
            send(.outcome(verdict.status, verdict.detail))
        case .check(let kind):
            // Watched for writes into its source, except where it is timed;
            // the evidence goes to the parent, which alone judges.
            let watched = SourceWatchingConverter(inner: converter) { plane in
                send(.sourceWrite(plane))
                _exit(1)
            }
            let context = CheckContext(
                gathering: EvidenceRecorder(
                    inner: watched, oracle: request.options.tolerance == nil ? LibYUVConverter() : nil),
                subject: kind == .speed ? converter : watched,
                options: request.options, beginCase: { send(.begin($0)) },
                guarding: { FaultReporter.watch($0, destination: $1) })
            _ = ConverterCheck.run(kind, context)
        }
        return 0
    }

    /// One conversion of a random frame at each size, its source planes and
    /// its destination each ending right before a guard page (watched by
    /// `FaultReporter`), so reading or writing past them is named.
    static func preflight(
        _ converter: any FrameConverter, sizes: [FrameSize], matrix: ColorMatrix, orientation: Orientation
    )
        -> CheckFinding
    {
        for size in sizes {
            let label = "\(size) \(orientation.name) \(matrix.name)"
            send(.begin(label))
            let source = GuardedSource.random(size: size, layout: .i420, padding: 0, seed: UInt64(size.pixelCount))
            let destination = GuardedBGRA(size: orientation.orientedSize(of: size))
            FaultReporter.watch(source, destination: destination.bytes)
            defer { FaultReporter.watch(nil, destination: nil) }
            do throws(ConversionError) {
                try converter.convert(source.view, to: destination.view, matrix: matrix, orientation: orientation)
            } catch .unsupported {
                return .skipped("unsupported \(orientation.name) with \(matrix.name)")
            } catch {
                return .fail("\(error) at \(label)")
            }
        }
        return .pass()
    }

    /// Writes `line` and a newline on the protocol descriptor at once.
    static func send(_ line: WorkerLine) {
        let bytes = Array((line.text.replacingNewlines + "\n").utf8)
        bytes.withUnsafeBytes { send(bytes: $0) }
    }

    /// Writes `bytes` on the protocol descriptor.
    static func send(bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let n = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Waits for the parent's word on standard input, one byte: a count
    /// from 1 to 255 to go on with, or nil for stop (0, or the parent gone).
    static func waitForParent() -> Int? {
        var byte: UInt8 = 0
        var n = read(0, &byte, 1)
        while n < 0 && errno == EINTR { n = read(0, &byte, 1) }
        return n == 1 && byte > 0 ? Int(byte) : nil
    }
}

extension String {
    /// The string with line breaks as spaces (one protocol line).
    fileprivate var replacingNewlines: String {
        String(map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
