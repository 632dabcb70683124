import Containers
import Converters
import Decoding
import Frames
import Peers

// fuzz-ivf: a libFuzzer target over IVF parsing, libavformat's demuxers,
// VP8, VP9, AV1 and H.264 decoding (the decoder the header's fourcc names,
// so a mutated fourcc hands one codec's packets to another's decoder) and
// BGRA conversion.
//
// An input that does not start with `DKIF` goes where any other file goes,
// through `ContainerFile.open` to libavformat (WebM, Matroska, MP4, MOV,
// H.264 Annex B), written to a scratch file first: it must decode, or fail
// in one line at a place consistent with the frames and packets before it
// (`runContainer`). Every other input is taken as a whole IVF file:
//   1. `IVFReader` walks every packet; numbers, offsets and bytes must be
//      those of the input, and a fault must name the packet and offset it
//      stopped at.
//   2. `StreamDecoder.decode(bytes:)` decodes it; its error (if any) must
//      agree with the reader's, and with the frames it delivered.
//   3. Every shown frame is converted by every converter in
//      `ConverterRegistry.all()` (plus a `parallel` that always splits into
//      bands) into padded buffers and compared with libyuv byte for byte;
//      a mismatch or a write into the row padding is a crash.
//
// Built by scripts/fuzz with `-sanitize=fuzzer,address -DFUZZING`: then it
// defines `LLVMFuzzerTestOneInput` and runs libFuzzer's driver (all of
// libFuzzer's flags apply). In a normal `swift build` it is a reproducer:
//   fuzz-ivf FILE|DIR ...   runs the same checks on each file (directories:
//                           every file in them) and prints one line per input.
#if canImport(Glibc)
import Glibc
#endif

enum FuzzIVF {
    /// Frames above this many pixels are decoded but not converted (keeps
    /// each input fast; 1280x720 is still converted; larger frames are
    /// covered by the golden-MD5 tests).
    static let maximumConvertedPixels = 1 << 20

    /// Bytes of padding after each destination row, and their fill value.
    static let padding = 12
    static let fill: UInt8 = 0xA5
    static let paddingBytes = [UInt8](repeating: fill, count: padding)

    /// The oracle.
    static let reference = LibYUVConverter()

    /// Every registered converter (`parallel` with one thread, so on the
    /// calling thread), and `banded` (SIMD over bands of a few rows, as
    /// `parallel` splits frames, on this thread).
    static let converters: [any FrameConverter] = ConverterRegistry.all(threads: 1) + [BandedConverter()]

    /// `parallel` with three threads, forced to split even tiny frames.
    /// Used for one input in 32 only: Dispatch frees its per-thread caches
    /// on other threads later, which makes libFuzzer run a costly leak scan
    /// after every input that dispatches.
    static let forcedParallel = ParallelConverter(inner: SIMDConverter(), threads: 3, minimumParallelPixels: 0)

    /// Runs every check on one input; crashes (fatalError) on a violation.
    static func run(_ bytes: [UInt8]) {
        guard bytes.starts(with: Array("DKIF".utf8)) else { return runContainer(bytes) }
        let walk = walkPackets(bytes)
        var frames = FramesSeen(inputSize: bytes.count)
        do {
            let summary = try StreamDecoder.decode(bytes: bytes) { frames.see($0) }
            // A clean decode: the reader saw the same packets and no fault.
            expect(
                walk.error == nil,
                "decode succeeded but the reader failed: \(walk.error.map(String.init(describing:)) ?? "")")
            expect(summary.packets.map(\.offset) == walk.offsets, "decoded packet offsets differ from the reader's")
            expect(
                summary.packets.reduce(0) { $0 + $1.shownFrames } == frames.shown,
                "shown-frame count differs from frames delivered")
        } catch {
            check(error, walk: walk, shown: frames.shown, lastFramePacket: frames.lastPacket, bytes: bytes)
        }
        if let error = frames.error { fatalError(error) }
    }

    /// What the frames of one input showed: each frame's planes checked,
    /// the first frame and every size change converted and compared
    /// (`check(_:inputSize:error:)`; the converters' pixel arithmetic is
    /// tested exhaustively elsewhere, here what matters is the sizes,
    /// strides and content decoders make of hostile input).
    struct FramesSeen {
        let inputSize: Int
        private(set) var shown = 0
        /// The highest packet number a frame came from.
        private(set) var lastPacket = 0
        /// The first conversion failure.
        private(set) var error: String?
        private var lastConverted: FrameSize?

        init(inputSize: Int) { self.inputSize = inputSize }

        mutating func see(_ frame: DecodedFrame) {
            shown += 1
            lastPacket = max(lastPacket, frame.packet)
            checkPlanes(frame)
            if frame.image.size != lastConverted {
                lastConverted = frame.image.size
                check(frame, inputSize: inputSize, error: &error)
            }
        }
    }

    /// The scratch file a non-IVF input is written to (libavformat reads files).
    static let scratchPath = "/tmp/fuzz-ivf-\(getpid()).input"

    /// A non-IVF input, through the path every command opens files by.
    static func runContainer(_ bytes: [UInt8]) {
        guard let file = fopen(scratchPath, "wb") else { fatalError("fuzz-ivf: cannot write \(scratchPath)") }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        expect(written == bytes.count, "wrote \(written) of \(bytes.count) bytes to \(scratchPath)")
        var frames = FramesSeen(inputSize: bytes.count)
        do {
            let summary = try StreamDecoder.decode(path: scratchPath) { frames.see($0) }
            expect(
                frames.lastPacket <= summary.packets.count,
                "a frame from packet \(frames.lastPacket) of \(summary.packets.count)")
        } catch {
            let text = error.description
            expect(!text.contains("\n"), "multi-line error: \(text)")
            let packets = error.summary?.packets.count ?? 0
            let lastFramePacket = frames.lastPacket
            let place: Int? =
                switch error.underlying {
                case let container as ContainerError: container.packet
                case let decode as DecodeError: decode.packet
                case let ivf as IVFError: ivf.packet  // an empty or short file
                default: fatalError("unexpected error type \(type(of: error.underlying)): \(text)")
                }
            if let place {
                expect(packets == place - 1, "summary of \(packets) packets before a fault at packet \(place): \(text)")
                expect(lastFramePacket <= place, "a frame from packet \(lastFramePacket), after the fault: \(text)")
            } else {
                expect(packets == 0 && lastFramePacket == 0, "a fault with no packet after \(packets) packets: \(text)")
            }
        }
        if let error = frames.error { fatalError(error) }
    }

    /// What a plain `IVFReader` walk saw: packet offsets and the fault.
    struct Walk {
        var headerOK = false
        var offsets: [Int] = []
        var error: IVFError?
    }

    static func walkPackets(_ bytes: [UInt8]) -> Walk {
        var walk = Walk()
        var reader: IVFReader
        do {
            reader = try IVFReader(bytes: bytes)
        } catch {
            expect(error.packet == nil, "a file header error names a packet: \(error)")
            expect(
                error.offset >= 0 && error.offset < max(1, min(bytes.count, 32)),
                "header error offset out of range: \(error)")
            walk.error = error
            return walk
        }
        walk.headerOK = true
        var expectedOffset = IVFHeader.byteCount
        while true {
            do {
                guard let packet = try reader.next() else {
                    expect(
                        expectedOffset == bytes.count, "clean end of file at \(expectedOffset) of \(bytes.count) bytes")
                    return walk
                }
                expect(packet.number == walk.offsets.count + 1, "packet number \(packet.number) out of sequence")
                expect(
                    packet.offset == expectedOffset,
                    "packet \(packet.number) at \(packet.offset), expected \(expectedOffset)")
                let payload = packet.offset + 12..<packet.offset + 12 + packet.data.count
                expect(payload.upperBound <= bytes.count, "packet \(packet.number) bytes \(payload) outside the file")
                expect(
                    packet.data.elementsEqual(bytes[payload]), "packet \(packet.number) differs from bytes \(payload)")
                expect(packet.data.count <= Int(IVFReader.maximumPacketSize), "packet above the size limit")
                walk.offsets.append(packet.offset)
                expectedOffset = payload.upperBound
            } catch {
                expect(
                    error.packet == walk.offsets.count + 1 && error.offset == expectedOffset,
                    "reader fault \(error) at the wrong place (packet \(walk.offsets.count + 1), byte \(expectedOffset))"
                )
                // The reader stays at the faulty packet.
                do {
                    _ = try reader.next()
                    fatalError("reader moved past a fault: \(error)")
                } catch let again {
                    expect(again == error, "second read gave \(again), first \(error)")
                }
                walk.error = error
                return walk
            }
        }
    }

    /// A failed decode must agree with the reader walk.
    /// A frame may come from the failing packet itself (dav1d can show a
    /// frame from a temporal unit and then reject the rest of it), never
    /// from one after it.
    static func check(_ error: StreamDecodeError, walk: Walk, shown: Int, lastFramePacket: Int, bytes: [UInt8]) {
        if let ivf = error.underlying as? IVFError {
            expect(
                ivf == walk.error,
                "decoder's IVF error \(ivf) differs from the reader's \(String(describing: walk.error))")
            if ivf.packet == nil {
                expect(error.summary == nil && shown == 0, "frames or summary after a header error")
            } else {
                expect(
                    error.summary?.packets.count == walk.offsets.count,
                    "summary does not cover the packets before the fault")
            }
        } else if let vpx = error.underlying as? DecodeError {
            guard let packet = vpx.packet, let offset = vpx.offset else {
                fatalError("libvpx error without a place: \(vpx)")
            }
            expect(
                packet >= 1 && packet <= walk.offsets.count, "libvpx error at packet \(packet) of \(walk.offsets.count)"
            )
            expect(walk.offsets[packet - 1] == offset, "libvpx error offset \(offset) is not packet \(packet)'s")
            expect(error.summary?.packets.count == packet - 1, "summary does not end before the failing packet")
            expect(
                lastFramePacket <= packet, "a frame from packet \(lastFramePacket), after the failing packet \(packet)")
        } else {
            fatalError("unexpected error type \(type(of: error.underlying)): \(error)")
        }
        let text = error.description
        expect(!text.contains("\n"), "multi-line error: \(text)")
    }

    /// A decoded frame's planes are consistent.
    static func checkPlanes(_ frame: DecodedFrame) {
        let image = frame.image
        expect(image.width >= 1 && image.height >= 1, "empty frame at packet \(frame.packet)")
        expect(
            image.u.width == (image.width + 1) / 2 && image.u.height == (image.height + 1) / 2
                && image.v.width == image.u.width && image.v.height == image.u.height, "chroma planes of the wrong size"
        )
        expect(
            image.y.stride >= image.width && image.u.stride >= image.u.width && image.v.stride >= image.v.width,
            "a stride shorter than its row")
    }

    /// Converts `frame` with every converter and compares with libyuv:
    /// upright, and in one other orientation chosen from the packet and the
    /// input size (so an input's frames try several).
    static func check(_ frame: DecodedFrame, inputSize: Int, error: inout String?) {
        let image = frame.image
        guard image.width * image.height <= maximumConvertedPixels, error == nil else { return }
        let matrix = ColorMatrix.allCases[(frame.packet &+ inputSize) % ColorMatrix.allCases.count]
        let turned = Orientation.allCases[1 + (frame.packet &* 3 &+ inputSize) % (Orientation.allCases.count - 1)]
        for orientation in [Orientation.upright, turned] where error == nil {
            check(frame, matrix: matrix, orientation: orientation, inputSize: inputSize, error: &error)
        }
    }

    /// Converts `frame` with every converter in `orientation` and compares with libyuv.
    static func check(
        _ frame: DecodedFrame, matrix: ColorMatrix, orientation: Orientation, inputSize: Int, error: inout String?
    ) {
        let image = frame.image
        let size = orientation.orientedSize(of: image.size)
        let expected = BGRABuffer(size: size, padding: padding, fill: fill)
        reference.convert(.i420(image), to: expected.view, matrix: matrix, orientation: orientation)
        let all = inputSize % 32 == 0 ? converters + [forcedParallel] : converters
        for converter in all {
            let got = BGRABuffer(size: size, padding: padding, fill: fill)
            do {
                try converter.convert(image, to: got.view, matrix: matrix, orientation: orientation)
            } catch let failure {
                error = "\(converter.name) \(failure) (\(orientation)) at packet \(frame.packet)"
                return
            }
            let rowBytes = size.width * 4
            for row in 0..<size.height
            where memcmp(got.rowBytes(row).baseAddress!, expected.rowBytes(row).baseAddress!, rowBytes) != 0 {
                let column =
                    zip(got.rowBytes(row), expected.rowBytes(row)).enumerated().first { $1.0 != $1.1 }!.offset / 4
                error =
                    "\(converter.name) differs from libyuv (\(matrix.name), \(orientation)) at packet \(frame.packet), "
                    + "\(image.width)x\(image.height), output row \(row), pixel \(column)"
                return
            }
            let base = got.allBytes.baseAddress!
            for row in 0..<size.height {
                let start = base + row * got.stride + rowBytes
                if memcmp(start, paddingBytes, padding) != 0 {
                    error =
                        "\(converter.name) wrote into the row padding (\(orientation)) at packet \(frame.packet), "
                        + "\(image.width)x\(image.height), output row \(row)"
                    return
                }
            }
        }
    }

    static func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz-ivf: " + message()) }
    }
}

/// SIMD conversion band by band on one thread, as `ParallelConverter`
/// splits a frame: upright, source and destination bands of 2 to 14 rows,
/// each starting on an even row; in other orientations, bands of 1 to 13
/// destination rows (odd starts too) through `DestinationBandConverter`.
struct BandedConverter: FrameConverter {
    let name = "banded"
    let inner = SIMDConverter()

    func convert(
        _ source: SourceFrame, to destination: BGRAView, matrix: ColorMatrix, orientation: Orientation
    ) throws(ConversionError) {
        guard orientation == .upright else {
            var start = 0
            var step = 1
            while start < destination.height {
                let rows = start..<min(destination.height, start + step)
                try inner.convert(source, to: destination, matrix: matrix, orientation: orientation, rows: rows)
                start = rows.upperBound
                step = step % 13 + 1
            }
            return
        }
        var start = 0
        var step = 2
        while start < source.height {
            let rows = start..<min(source.height, start + step)
            try inner.convert(source.band(rows: rows), to: destination.band(rows: rows), matrix: matrix)
            start = rows.upperBound
            step = step % 14 + 2
        }
    }
}

#if FUZZING
/// libFuzzer's entry point: one input, any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIVFTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    FuzzIVF.run(bytes)
    return 0
}

/// libFuzzer's driver for programs with their own `main`
/// (`int LLVMFuzzerRunDriver(int *argc, char ***argv,
/// int (*UserCb)(const uint8_t *Data, size_t Size))`). SwiftPM gives every
/// executable its own `main`, so libFuzzer's is not linked and this file's
/// top-level code hands over to the driver instead, with the same callback.
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var fuzzArgc = CommandLine.argc
var fuzzArgv = CommandLine.unsafeArgv
exit(llvmFuzzerRunDriver(&fuzzArgc, &fuzzArgv, fuzzIVFTestOneInput))
#else
/// The reproducer: the same checks over files named on the command line.
/// Exits 2 on a usage error; a failed check crashes, as under libFuzzer.
func reproduce() -> Int32 {
    var paths: [String] = []
    for argument in CommandLine.arguments.dropFirst() {
        if let dir = opendir(argument) {
            defer { closedir(dir) }
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if !name.hasPrefix(".") { names.append(name) }
            }
            paths += names.sorted().map { argument + "/" + $0 }
        } else {
            paths.append(argument)
        }
    }
    guard !paths.isEmpty else {
        print("usage: fuzz-ivf FILE|DIR ...   (reproducer; scripts/fuzz builds the libFuzzer target)")
        return 2
    }
    for path in paths {
        do {
            let bytes = try FileBytes.read(path)
            FuzzIVF.run(bytes)
            print("ok  \(path) (\(bytes.count) bytes)")
        } catch {
            print("skipped  \(path): \(error)")
        }
    }
    return 0
}

exit(reproduce())
#endif
