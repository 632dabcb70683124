import ArgumentParser
import Conformance
import Containers
import ConverterChecks
import Converters
import Decoding
import Frames
import Streams

/// `bench decode FILE [--decoder NAME] [--md5 | --framemd5] [--bgra CONVERTER [--matrix NAME] [--orientation NAME] [--layout NAME]] [--threads N]`:
/// one line per shown frame, in `vpxdec --md5 --i420` format, or the MD5 of
/// the (oriented) BGRA bytes a converter makes of it; with `--md5`, one
/// line for the whole output; with `--framemd5`, `ffmpeg -f framemd5`'s lines.
struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract:
            "Per-frame MD5s of a VP8, VP9, AV1 or H.264 file (IVF, WebM, Matroska, MP4, Annex B), like vpxdec --md5.",
        discussion: """
            Prints '<md5>  <stem>-<w>x<h>-<NNNN>.i420' per shown frame, like \
            'vpxdec --md5 --i420 -o STEM-%wx%h-%4.i420'; with --bgra, the MD5 of the BGRA rows the \
            converter writes ('.bgra'), converting into --orientation (docs/orientation.md; then \
            <w>x<h> is the oriented size: swapped by rotate90 and rotate270) from the frame in --layout \
            (nv12: the decoded planes repacked losslessly, as a camera or a hardware decoder delivers them; \
            the same pixels). NNNN is the input packet. --decoder picks one of the codec's decoders \
            (\(Self.decoderList)); the first is the default. --md5 prints instead the MD5 of every shown \
            frame's rows one after another, and '  -', as 'vpxdec --i420 --md5' (I420) prints it. \
            --framemd5 prints the lines of 'ffmpeg -f framemd5' instead: stream, dts, pts, duration, size \
            and MD5 of each shown frame in presentation order, times in the track's own timebase (the \
            container's: milliseconds for WebM, the track's timescale for MP4; one frame a tick for raw \
            H.264), the duration one frame at the frame rate libavformat gives the track, as FFmpeg's \
            (for IVF, read without libavformat, the distance to the next frame's pts). \
            A --plugin converter is never loaded here: a child process decodes the file and converts each \
            frame with it, and its output is printed here from that child's evidence (a crash, a hang, an \
            early exit or evidence for another frame ends the list with a line naming the frame). \
            A 10-bit, 4:2:2 or 4:4:4 stream is refused at its first frame. A malformed file gives the frames \
            before the fault, one line on standard error naming the file, the packet and the byte \
            offset, and exit status 1.
            """)

    @Argument(
        help: "The file: IVF, WebM, Matroska, MP4 or H.264 Annex B (told apart by content), VP8, VP9, AV1 or H.264.")
    var file: String

    @Option(help: "The decoder (\(Self.decoderList)); default: the codec's first.")
    var decoder: String?

    @Option(help: "Which video track of a WebM, Matroska or MP4 file (1-based; default: the first).")
    var track: Int?

    @Flag(help: "Print one MD5 of the whole output instead of one per frame.")
    var md5 = false

    @Flag(help: "Print ffmpeg -f framemd5's lines (pts in the track's timebase) instead.")
    var framemd5 = false

    @Option(
        help:
            "Print the MD5 of the BGRA frame this converter (built-in or of a --plugin) makes instead of the I420 one."
    )
    var bgra: String?

    @OptionGroup var plugins: PluginOptions

    @Option(help: "The colour matrix of --bgra.")
    var matrix: ColorMatrix = .bt601

    @Option(help: "The orientation of --bgra (docs/orientation.md).")
    var orientation: Orientation = .upright

    @Option(help: "The source layout --bgra converts: i420 (as decoded) or nv12 (repacked).")
    var layout: ChromaLayout = .i420

    @Option(help: "Decoder threads (\(Limits.threads)).")
    var threads = 1

    /// Each codec with its decoders, the default first: `VP8: libvpx, ffmpeg; ...`.
    static var decoderList: String {
        Codec.allCases.map { codec in
            "\(codec): " + DecoderRegistry.decoders(of: codec).map(\.name).joined(separator: ", ")
        }.joined(separator: "; ")
    }

    func validate() throws {
        if let track { try Limits.check(track, in: Limits.tracks, "--track") }
        if let decoder, !DecoderRegistry.names.contains(decoder) {
            throw ValidationError(
                "--decoder: unknown decoder '\(decoder)' (\(DecoderRegistry.names.joined(separator: ", ")))")
        }
        try Limits.check(threads, in: Limits.threads, "--threads")
        if orientation != .upright && bgra == nil { throw ValidationError("--orientation only goes with --bgra") }
        if layout != .i420 && bgra == nil { throw ValidationError("--layout only goes with --bgra") }
        if framemd5 && (md5 || bgra != nil) { throw ValidationError("--framemd5 goes with neither --md5 nor --bgra") }
        if let bgra, plugins.paths.isEmpty, ConverterName(argument: bgra) == nil {
            throw ValidationError(
                "--bgra: unknown converter '\(bgra)' (\(ConverterRegistry.knownNames.joined(separator: ", ")), or one of a --plugin)"
            )
        }
        try ConverterName.requireAvailable(bgra.map { [$0] } ?? [])
    }

    func run() throws {
        let isolation = IsolatedCheck.bench()
        let probed: [(name: String, threadSafe: Bool)]
        do {
            probed = try isolation.probe(plugins: plugins.paths)
        } catch {
            Output.error(error.description)
            throw ExitCode(1)
        }
        let builtIn = bgra.flatMap { ConverterRegistry.make($0) }
        let plugin = builtIn == nil ? probed.first { $0.name == bgra } : nil
        if let bgra, builtIn == nil, plugin == nil {
            throw ValidationError("--bgra: no converter '\(bgra)' in the built-ins or the --plugin files")
        }
        let whole = md5 ? MD5() : nil
        do {
            if let plugin {
                try isolation.replayingFrames(
                    of: plugin, plugins: plugins.paths, file: StreamFile(path: file, track: track), decoder: decoder,
                    threads: threads, matrix: matrix, orientation: orientation, layout: layout
                ) { replay in try listFrames(converter: replay, whole: whole) }
            } else {
                try listFrames(converter: builtIn, whole: whole)
            }
        } catch let error as IsolatedCheckError {
            Output.error("\(file): \(error.description)")
            throw ExitCode(1)
        } catch {
            Output.error("\(file): \(error)")
            throw ExitCode(1)
        }
        if let whole { Output.line("\(whole.finalize())  -") }
    }

    /// Decodes the file, converting each shown frame with `converter`
    /// (none: decode only), and prints each frame's line, or adds it to
    /// `whole`.
    private func listFrames(converter: (any FrameConverter)?, whole: MD5?) throws {
        let stem = FrameDigest.stem(ofPath: file)
        let packets = try StreamDecoder.open(path: file, trackNumber: track)
        var listing =
            framemd5
            ? FrameMD5Listing(timebase: packets.track.timebase, frameDuration: packets.track.frameDuration) {
                Output.line($0)
            } : nil
        defer { listing?.finish() }
        if let note = packets.track.ignoredTracksNote { Output.error("\(file): \(note)") }
        _ = try ConvertedStream.run(
            packets: packets, decoder: decoder, threads: threads, converter: converter, matrix: matrix,
            orientation: orientation, layout: layout
        ) { frame, converted in
            if listing != nil {
                listing!.add(pts: frame.time.value, size: frame.image.size, digest: FrameDigest.i420(frame.image))
                return
            }
            if let whole {
                if let converted {
                    FrameDigest.add(converted, to: whole)
                } else {
                    FrameDigest.add(frame.image, to: whole)
                }
                return
            }
            let name = FrameDigest.frameName(
                stem: stem, size: converted?.size ?? frame.image.size, packet: frame.packet,
                ext: converted == nil ? "i420" : "bgra")
            Output.line("\(converted.map(FrameDigest.bgra) ?? FrameDigest.i420(frame.image))  \(name)")
        }
    }
}
