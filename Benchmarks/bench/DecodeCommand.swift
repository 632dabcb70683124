import ArgumentParser
import Conformance
import Converters
import Frames
import VPX

/// `bench decode FILE [--bgra CONVERTER [--matrix NAME] [--orientation NAME]] [--threads N]`:
/// one line per shown frame, in `vpxdec --md5 --i420` format, or the MD5 of
/// the (oriented) BGRA bytes a converter makes of it.
struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Per-frame MD5s of an IVF file, like vpxdec --md5.",
        discussion: """
            Prints '<md5>  <stem>-<w>x<h>-<NNNN>.i420' per shown frame, like \
            'vpxdec --md5 --i420 -o STEM-%wx%h-%4.i420'; with --bgra, the MD5 of the BGRA rows the \
            converter writes ('.bgra'), converting into --orientation (docs/orientation.md; then \
            <w>x<h> is the oriented size: swapped by rotate90 and rotate270). NNNN is the input packet. A malformed file gives the frames \
            before the fault, one line on standard error naming the file, the packet and the byte \
            offset, and exit status 1.
            """)

    @Argument(help: "The IVF file.")
    var file: String

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

    @Option(help: "libvpx decoder threads (\(Limits.threads)).")
    var threads = 1

    func validate() throws {
        try Limits.check(threads, in: Limits.threads, "--threads")
        if orientation != .upright && bgra == nil { throw ValidationError("--orientation only goes with --bgra") }
        if let bgra, plugins.paths.isEmpty, ConverterName(argument: bgra) == nil {
            throw ValidationError(
                "--bgra: unknown converter '\(bgra)' (\(ConverterRegistry.knownNames.joined(separator: ", ")), or one of a --plugin)"
            )
        }
    }

    func run() throws {
        let session = try PluginSession.prepare(
            plugins.paths, sizes: bgra == nil ? [] : PluginSession.sizes(of: [file]), orientations: [orientation],
            matrix: matrix)
        let converter = try bgra.map { name throws -> any FrameConverter in
            if let builtIn = ConverterRegistry.make(name) { return builtIn }
            if let loaded = session.converters.first(where: { $0.name == name }) { return loaded }
            if session.hadFailures { throw ExitCode(1) }
            throw ValidationError("--bgra: no converter '\(name)' in the built-ins or the --plugin files")
        }
        let stem = FrameDigest.stem(ofPath: file)
        var target: BGRABuffer?
        do {
            _ = try StreamDecoder.decode(path: file, threads: threads) { frame in
                let digest: String
                let size = converter == nil ? frame.image.size : orientation.orientedSize(of: frame.image.size)
                if let converter {
                    if target?.size != size { target = BGRABuffer(size: size) }
                    do throws(ConversionError) {
                        try converter.convert(frame.image, to: target!.view, matrix: matrix, orientation: orientation)
                    } catch {
                        throw ConversionFault(
                            description: "packet \(frame.packet): \(converter.name) \(orientation): \(error)")
                    }
                    digest = FrameDigest.bgra(target!.view)
                } else {
                    digest = FrameDigest.i420(frame.image)
                }
                let name = FrameDigest.frameName(
                    stem: stem, size: size, packet: frame.packet,
                    ext: converter == nil ? "i420" : "bgra")
                Output.line("\(digest)  \(name)")
            }
        } catch {
            Output.error("\(file): \(error)")
            throw ExitCode(1)
        }
    }
}

/// A converter refused or failed a frame of `bench decode --bgra`.
struct ConversionFault: Error, CustomStringConvertible {
    /// The packet, the converter, the orientation and what it reported.
    let description: String
}
