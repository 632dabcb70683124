import Measurement
import Conformance
import Converters
import Frames
import VPX

/// `bench decode FILE [--bgra CONVERTER [--matrix NAME]] [--threads N]`:
/// one line per shown frame, in `vpxdec --md5 --i420` format, or the MD5 of
/// the BGRA bytes a converter makes of it.
struct DecodeCommand {
    static let usage = """
        bench decode FILE.ivf [--bgra CONVERTER] [--matrix NAME] [--threads N]
          Prints '<md5>  <stem>-<w>x<h>-<NNNN>.i420' per shown frame, like
          'vpxdec --md5 --i420 -o STEM-%wx%h-%4.i420'; with --bgra, the MD5 of
          the BGRA rows the converter writes ('.bgra'). NNNN is the input packet.
          Converters: \(ConverterRegistry.knownNames.joined(separator: ", ")).
          Matrices: \(ColorMatrix.allCases.map(\.name).joined(separator: ", ")) (default bt601).
        """

    static func run(_ words: ArraySlice<String>) throws(UsageError) -> Int32 {
        var arguments = Arguments(words)
        let converterName = try arguments.value("--bgra")
        let matrix = try parseMatrix(try arguments.value("--matrix"))
        let threads = try arguments.integer("--threads", in: 1...64) ?? 1
        let files = try arguments.finish()
        guard files.count == 1 else { throw UsageError("decode takes exactly one FILE") }
        var converter: (any FrameConverter)?
        if let converterName {
            guard let made = ConverterRegistry.make(converterName) else {
                throw UsageError("unknown converter '\(converterName)'")
            }
            converter = made
        }
        let path = files[0]
        let stem = FrameDigest.stem(ofPath: path)
        var target: BGRABuffer?
        do {
            _ = try StreamDecoder.decode(path: path, threads: threads) { frame in
                let digest: String
                if let converter {
                    if target?.size != frame.image.size { target = BGRABuffer(size: frame.image.size) }
                    converter.convert(frame.image, to: target!.view, matrix: matrix)
                    digest = FrameDigest.bgra(target!.view)
                } else {
                    digest = FrameDigest.i420(frame.image)
                }
                let name = FrameDigest.frameName(stem: stem, size: frame.image.size, packet: frame.packet,
                                                 ext: converter == nil ? "i420" : "bgra")
                Output.line("\(digest)  \(name)")
            }
        } catch {
            Output.error("\(path): \(error)")
            return 1
        }
        return 0
    }
}

/// Parses a `--matrix` value (nil: BT.601 limited).
func parseMatrix(_ text: String?) throws(UsageError) -> ColorMatrix {
    guard let text else { return .bt601 }
    guard let matrix = ColorMatrix(rawValue: text) else {
        throw UsageError("unknown matrix '\(text)' (\(ColorMatrix.allCases.map(\.name).joined(separator: ", ")))")
    }
    return matrix
}
