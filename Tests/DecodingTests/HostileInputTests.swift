import Conformance
import Containers
import Decoding
import Frames
import Statistics
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Malformed and hostile IVF input: every case is built in the test from a
/// small valid vector (Vectors/size-33x17.ivf) and must end in a typed error
/// naming what went wrong, the packet and the byte offset, after the frames
/// before the fault were delivered — or decode, where the damage is
/// harmless. Nothing may crash, hang or read out of bounds.
@Suite struct HostileInputTests {
    // MARK: The valid source stream

    static let root = TestPaths.packageRoot
    static let sourcePath = root + "/Vectors/size-33x17.ivf"

    /// A packet of the source stream as the test itself parses it.
    struct RawPacket {
        let offset: Int
        let size: Int
        var payload: Range<Int> { offset + 12..<offset + 12 + size }
    }

    /// The source bytes, its packets and its manifest lines.
    struct Source {
        let bytes: [UInt8]
        let packets: [RawPacket]
        let manifest: [String]
    }

    static func source() throws -> Source {
        let bytes = try FileBytes.read(sourcePath)
        var packets: [RawPacket] = []
        var offset = 32
        while offset + 12 <= bytes.count {
            let size =
                Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
                | Int(bytes[offset + 3]) << 24
            packets.append(RawPacket(offset: offset, size: size))
            offset += 12 + size
        }
        try #require(offset == bytes.count && packets.count == 5, "unexpected \(sourcePath): run scripts/make-vectors")
        let manifest = try String(decoding: FileBytes.read(sourcePath + ".md5"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        try #require(manifest.count == 5)
        return Source(bytes: bytes, packets: packets, manifest: manifest)
    }

    // MARK: Helpers

    /// The outcome of decoding `bytes`: the lines for the frames delivered
    /// (as `bench decode` prints them, stem `size-33x17`) and the error, if any.
    static func decode(_ bytes: [UInt8]) -> (lines: [String], error: StreamDecodeError?) {
        var lines: [String] = []
        do {
            _ = try StreamDecoder.decode(bytes: bytes) { frame in
                let name = FrameDigest.frameName(
                    stem: "size-33x17", size: frame.image.size,
                    packet: frame.packet, ext: "i420")
                lines.append("\(FrameDigest.i420(frame.image))  \(name)")
            }
            return (lines, nil)
        } catch {
            return (lines, error)
        }
    }

    /// Decodes `bytes`, expecting an `IVFError` of `kind` at `packet` and
    /// `offset`, after exactly the first `framesBefore` frames of the source.
    static func expectIVFError(
        _ bytes: [UInt8], _ kind: IVFError.Kind, packet: Int?, offset: Int,
        framesBefore: Int, manifest: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (lines, error) = decode(bytes)
        guard let error else {
            Issue.record("decoded without error, expected \(kind)", sourceLocation: sourceLocation)
            return
        }
        guard let ivf = error.underlying as? IVFError else {
            Issue.record(
                "expected an IVFError, got \(type(of: error.underlying)): \(error)",
                sourceLocation: sourceLocation)
            return
        }
        #expect(ivf.kind == kind, sourceLocation: sourceLocation)
        #expect(ivf.packet == packet, sourceLocation: sourceLocation)
        #expect(ivf.offset == offset, sourceLocation: sourceLocation)
        #expect(lines == Array(manifest.prefix(framesBefore)), sourceLocation: sourceLocation)
        if packet == nil {
            #expect(error.summary == nil, "a bad file header leaves no summary", sourceLocation: sourceLocation)
        } else {
            #expect(error.summary?.packets.count == framesBefore, sourceLocation: sourceLocation)
        }
        // The message is one line naming the place.
        let text = String(describing: error)
        #expect(!text.contains("\n"), sourceLocation: sourceLocation)
        if let packet {
            #expect(text.contains("packet \(packet) at byte \(offset)"), "\(text)", sourceLocation: sourceLocation)
        } else {
            #expect(text.contains("file header at byte \(offset)"), "\(text)", sourceLocation: sourceLocation)
        }
    }

    static func setLE32(_ bytes: inout [UInt8], at offset: Int, _ value: UInt32) {
        for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))) }
    }

    // MARK: Container faults

    @Test("the source decodes to its manifest")
    func sourceDecodes() throws {
        let source = try Self.source()
        let (lines, error) = Self.decode(source.bytes)
        #expect(error == nil)
        #expect(lines == source.manifest)
    }

    @Test("empty file")
    func emptyFile() throws {
        let source = try Self.source()
        Self.expectIVFError([], .emptyFile, packet: nil, offset: 0, framesBefore: 0, manifest: source.manifest)
        #expect(throws: IVFError(.emptyFile, packet: nil, offset: 0)) { try IVFReader(bytes: []) }
    }

    @Test("not an IVF file")
    func notIVF() throws {
        let source = try Self.source()
        var riff = Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)
        riff += [UInt8](repeating: 0x41, count: 64)
        Self.expectIVFError(riff, .badSignature, packet: nil, offset: 0, framesBefore: 0, manifest: source.manifest)
        // The right magic in the wrong place is still wrong.
        Self.expectIVFError(
            [0x20] + source.bytes, .badSignature, packet: nil, offset: 0, framesBefore: 0,
            manifest: source.manifest)
    }

    @Test("truncated file header", arguments: [1, 4, 12, 31])
    func truncatedFileHeader(length: Int) throws {
        let source = try Self.source()
        Self.expectIVFError(
            Array(source.bytes.prefix(length)), .truncatedFileHeader(available: length),
            packet: nil, offset: 0, framesBefore: 0, manifest: source.manifest)
    }

    @Test("header only: no packets, no frames, no error")
    func headerOnly() throws {
        let source = try Self.source()
        let (lines, error) = Self.decode(Array(source.bytes.prefix(32)))
        #expect(error == nil)
        #expect(lines.isEmpty)
    }

    @Test("unsupported version, header length 0, unknown fourcc, zero timebase")
    func badHeaderFields() throws {
        let source = try Self.source()
        var version = source.bytes
        version[4] = 1
        Self.expectIVFError(
            version, .unsupportedVersion(1), packet: nil, offset: 4, framesBefore: 0,
            manifest: source.manifest)

        var headerLength = source.bytes
        headerLength[6] = 0
        headerLength[7] = 0
        Self.expectIVFError(
            headerLength, .unsupportedHeaderLength(0), packet: nil, offset: 6, framesBefore: 0,
            manifest: source.manifest)

        var hevc = source.bytes
        hevc.replaceSubrange(8..<12, with: Array("H265".utf8))
        Self.expectIVFError(
            hevc, .unsupportedFourCC("H265"), packet: nil, offset: 8, framesBefore: 0,
            manifest: source.manifest)

        var binary = source.bytes
        binary.replaceSubrange(8..<12, with: [0x00, 0xFF, 0x0A, 0x56])
        Self.expectIVFError(
            binary, .unsupportedFourCC("???V"), packet: nil, offset: 8, framesBefore: 0,
            manifest: source.manifest)

        var timebase = source.bytes
        Self.setLE32(&timebase, at: 16, 0)
        Self.expectIVFError(
            timebase, .invalidTimebase(rate: 0, scale: 1), packet: nil, offset: 16,
            framesBefore: 0, manifest: source.manifest)
    }

    @Test("truncated packet header")
    func truncatedPacketHeader() throws {
        let source = try Self.source()
        let third = source.packets[2]
        for available in [1, 4, 11] {
            Self.expectIVFError(
                Array(source.bytes.prefix(third.offset + available)),
                .truncatedPacketHeader(available: available), packet: 3, offset: third.offset,
                framesBefore: 2, manifest: source.manifest)
        }
    }

    @Test("truncated packet")
    func truncatedPacket() throws {
        let source = try Self.source()
        let third = source.packets[2]
        for available in [0, 1, third.size / 2, third.size - 1] {
            Self.expectIVFError(
                Array(source.bytes.prefix(third.offset + 12 + available)),
                .truncatedPacket(declared: UInt32(third.size), available: available),
                packet: 3, offset: third.offset, framesBefore: 2, manifest: source.manifest)
        }
        // The last packet one byte short.
        let last = source.packets[4]
        Self.expectIVFError(
            Array(source.bytes.dropLast()),
            .truncatedPacket(declared: UInt32(last.size), available: last.size - 1),
            packet: 5, offset: last.offset, framesBefore: 4, manifest: source.manifest)
    }

    @Test("packet size 0xFFFFFFF0 and other huge sizes")
    func hugePacketSize() throws {
        let source = try Self.source()
        let second = source.packets[1]
        var huge = source.bytes
        Self.setLE32(&huge, at: second.offset, 0xFFFF_FFF0)
        Self.expectIVFError(
            huge, .packetTooLarge(declared: 0xFFFF_FFF0), packet: 2, offset: second.offset,
            framesBefore: 1, manifest: source.manifest)

        // Just above the limit: too large; at the limit: truncated (the file is short).
        var above = source.bytes
        Self.setLE32(&above, at: second.offset, IVFReader.maximumPacketSize + 1)
        Self.expectIVFError(
            above, .packetTooLarge(declared: IVFReader.maximumPacketSize + 1), packet: 2,
            offset: second.offset, framesBefore: 1, manifest: source.manifest)
        var limit = source.bytes
        Self.setLE32(&limit, at: second.offset, IVFReader.maximumPacketSize)
        Self.expectIVFError(
            limit,
            .truncatedPacket(
                declared: IVFReader.maximumPacketSize,
                available: source.bytes.count - second.offset - 12),
            packet: 2, offset: second.offset, framesBefore: 1, manifest: source.manifest)
    }

    @Test("the reader stays at the faulty packet after a throw")
    func readerStaysAtFault() throws {
        let source = try Self.source()
        var reader = try IVFReader(bytes: Array(source.bytes.prefix(source.packets[1].offset + 5)))
        let first = try #require(try reader.next())
        #expect(first.number == 1 && first.offset == 32 && first.data.count == source.packets[0].size)
        let expected = IVFError(.truncatedPacketHeader(available: 5), packet: 2, offset: source.packets[1].offset)
        #expect(throws: expected) { try reader.next() }
        #expect(throws: expected) { try reader.next() }
    }

    @Test("header dimensions 65535x65535 over a small stream still decode")
    func hugeHeaderDimensions() throws {
        let source = try Self.source()
        var bytes = source.bytes
        bytes.replaceSubrange(12..<16, with: [0xFF, 0xFF, 0xFF, 0xFF])
        Self.setLE32(&bytes, at: 24, 0xFFFF_FFFF)  // and an absurd declared frame count
        let reader = try IVFReader(bytes: bytes)
        #expect(reader.header.width == 65535 && reader.header.height == 65535)
        #expect(reader.header.declaredFrameCount == 0xFFFF_FFFF)
        let (lines, error) = Self.decode(bytes)
        #expect(error == nil)
        #expect(lines == source.manifest)
    }

    // MARK: Codec faults

    @Test("a first packet that is not a keyframe fails at packet 1")
    func noKeyframe() throws {
        let source = try Self.source()
        // Drop packet 1: the stream starts with an inter frame.
        var bytes = Array(source.bytes.prefix(32))
        bytes += source.bytes[source.packets[1].offset...]
        let (lines, error) = Self.decode(bytes)
        let vpx = try #require(
            error?.underlying as? DecodeError, "expected a DecodeError, got \(String(describing: error))")
        #expect(vpx.packet == 1 && vpx.offset == 32)
        #expect(lines.isEmpty)
        #expect(String(describing: vpx).hasPrefix("packet 1 at byte 32: "))
    }

    @Test("a zero-length packet decodes or fails cleanly at that packet")
    func zeroLengthPacket() throws {
        let source = try Self.source()
        var bytes = source.bytes
        let third = source.packets[2]
        Self.setLE32(&bytes, at: third.offset, 0)
        bytes.removeSubrange(third.payload)
        let (lines, error) = Self.decode(bytes)
        #expect(Array(lines.prefix(2)) == Array(source.manifest.prefix(2)))
        if let error {
            let vpx = try #require(error.underlying as? DecodeError, "\(error)")
            #expect(vpx.packet ?? 0 >= 3)
        }
    }

    @Test("bit flips in packet payloads: decode what is decodable or fail cleanly")
    func bitFlips() throws {
        let source = try Self.source()
        var random = SplitMix64(seed: 0x5EED_0005)
        var failures = 0
        for trial in 0..<300 {
            var bytes = source.bytes
            let first = Int.random(in: 0..<source.packets.count, using: &random)
            var flipped = Set<Int>()
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let packet = source.packets[Int.random(in: first..<source.packets.count, using: &random)]
                let index = Int.random(in: packet.payload, using: &random)
                bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &random)
                flipped.insert(source.packets.firstIndex { $0.payload.contains(index) }!)
            }
            let damaged = flipped.min()!  // 0-based index of the first damaged packet
            let (lines, error) = Self.decode(bytes)
            // Frames before the first damaged packet are exactly the source's.
            #expect(Array(lines.prefix(damaged)) == Array(source.manifest.prefix(damaged)), "trial \(trial)")
            #expect(lines.count <= source.packets.count, "trial \(trial)")
            if let error {
                failures += 1
                let vpx = try #require(error.underlying as? DecodeError, "trial \(trial): \(error)")
                let packet = try #require(vpx.packet, "trial \(trial): \(vpx)")
                #expect(packet > damaged, "trial \(trial): fault reported at packet \(packet)")
                #expect(vpx.offset == source.packets[packet - 1].offset, "trial \(trial)")
                #expect(error.summary?.packets.count == packet - 1, "trial \(trial)")
                // A flipped show_frame bit can hide a frame, never add one.
                #expect(lines.count <= packet - 1, "trial \(trial)")
            }
        }
        // Some damage must be detected, or the test is not testing anything.
        #expect(failures > 0)
    }

    @Test("random bytes: as a whole file, after a valid header, and as packet payloads")
    func randomBytes() throws {
        let source = try Self.source()
        var random = SplitMix64(seed: 0xBAD_B17E5)
        for trial in 0..<100 {
            let count = Int.random(in: 0..<2048, using: &random)
            let noise = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }

            // A whole file of noise: an IVF header error.
            let (wholeLines, wholeError) = Self.decode(noise)
            #expect(wholeLines.isEmpty)
            #expect(wholeError?.underlying is IVFError, "trial \(trial)")

            // A valid header, then noise: a container or codec error, or
            // (rarely) frames; never a crash.
            let (_, tailError) = Self.decode(Array(source.bytes.prefix(32)) + noise)
            if let tailError {
                #expect(tailError.underlying is IVFError || tailError.underlying is DecodeError, "trial \(trial)")
            }

            // Well-formed packets of noise after the first real packet.
            var framed = Array(source.bytes[..<source.packets[1].offset])
            var chunk = noise[...]
            var pts: UInt32 = 1
            while !chunk.isEmpty {
                let size = min(chunk.count, Int.random(in: 1...600, using: &random))
                var header = [UInt8](repeating: 0, count: 12)
                Self.setLE32(&header, at: 0, UInt32(size))
                Self.setLE32(&header, at: 4, pts)
                framed += header + chunk.prefix(size)
                chunk = chunk.dropFirst(size)
                pts += 1
            }
            let (framedLines, framedError) = Self.decode(framed)
            #expect(framedLines.first == source.manifest.first, "trial \(trial)")
            if let framedError {
                let vpx = try #require(framedError.underlying as? DecodeError, "trial \(trial): \(framedError)")
                #expect((vpx.packet ?? 0) >= 2, "trial \(trial)")
            }
        }
    }

    @Test("an unreadable path is a file error, not a crash")
    func missingFile() {
        do {
            _ = try StreamDecoder.decode(path: "/nonexistent/framebench/missing.ivf") { _ in }
            Issue.record("decoded a missing file")
        } catch {
            #expect(error.underlying is FileReadError)
            #expect(error.summary == nil)
        }
        do {
            _ = try StreamDecoder.decode(path: "/tmp") { _ in }
            Issue.record("decoded a directory")
        } catch {
            #expect(error.underlying is FileReadError)
        }
    }

    // MARK: The command line

    /// Writes `bytes` to a new file at `path`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try #require(fopen(path, "wb"), "cannot create \(path)")
        defer { fclose(file) }
        try #require(bytes.isEmpty || fwrite(bytes, 1, bytes.count, file) == bytes.count, "cannot write \(path)")
    }

    @Test("bench decode on hostile files: exit 1, one stderr line naming file, packet and offset, frames before it")
    func commandLine() throws {
        try #require(BenchProcess.path != nil, Comment(rawValue: BenchProcess.notBuiltReason))
        let source = try Self.source()
        var template = Array("/tmp/framebench-hostile-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            Issue.record("mkdtemp failed")
            return
        }
        let directory = String(cString: made)
        var written: [String] = []
        defer {
            for file in written { unlink(file) }
            rmdir(directory)
        }

        struct Case {
            let name: String
            let bytes: [UInt8]
            let packet: Int
            let offset: Int
            let framesBefore: Int
        }
        let third = source.packets[2]
        let second = source.packets[1]
        var huge = source.bytes
        Self.setLE32(&huge, at: second.offset, 0xFFFF_FFF0)
        var garbage = source.bytes  // packet 4 replaced by an all-ones payload (a corrupt keyframe)
        garbage.replaceSubrange(
            source.packets[3].payload,
            with: [UInt8](repeating: 0xFE, count: source.packets[3].size))
        let noKeyframe = Array(source.bytes.prefix(32)) + source.bytes[second.offset...]
        // File names keep the stem `size-33x17`, so stdout equals the manifest's lines.
        let cases = [
            Case(
                name: "size-33x17.truncated-packet.ivf", bytes: Array(source.bytes.prefix(third.offset + 100)),
                packet: 3, offset: third.offset, framesBefore: 2),
            Case(
                name: "size-33x17.truncated-header.ivf", bytes: Array(source.bytes.prefix(third.offset + 7)),
                packet: 3, offset: third.offset, framesBefore: 2),
            Case(name: "size-33x17.huge-packet.ivf", bytes: huge, packet: 2, offset: second.offset, framesBefore: 1),
            Case(name: "size-33x17.no-keyframe.ivf", bytes: noKeyframe, packet: 1, offset: 32, framesBefore: 0),
            Case(
                name: "size-33x17.garbage.ivf", bytes: garbage, packet: 4, offset: source.packets[3].offset,
                framesBefore: 3),
        ]
        for item in cases {
            let path = directory + "/" + item.name
            try Self.write(item.bytes, to: path)
            written.append(path)
            let run = try BenchProcess.run(["decode", path], in: directory)
            #expect(run.status == 1, "\(item.name): exit status \(run.status), stderr: \(run.stderr)")
            let errorLines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(
                errorLines.count == 2 && errorLines[1].isEmpty,
                "\(item.name): stderr must be exactly one line, got: \(run.stderr)")
            let line = String(errorLines.first ?? "")
            #expect(line.contains(path), "\(item.name): \(line)")
            #expect(line.contains("packet \(item.packet)"), "\(item.name): \(line)")
            #expect(line.contains("byte \(item.offset)"), "\(item.name): \(line)")
            let frames = run.stdout.split(separator: "\n").map(String.init)
            #expect(frames == Array(source.manifest.prefix(item.framesBefore)), "\(item.name): stdout \(run.stdout)")
        }

        // A bad file header: exit 1, one line naming the file, no frames.
        let notIVF = directory + "/size-33x17.not-ivf.ivf"
        try Self.write(Array("not an ivf file at all, just text\n".utf8), to: notIVF)
        written.append(notIVF)
        let run = try BenchProcess.run(["decode", notIVF], in: directory)
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr.split(separator: "\n").count == 1 && run.stderr.contains(notIVF)
                && run.stderr.contains("byte 0"), "\(run.stderr)")
    }
}
