import Containers

/// A decoder FrameBench can run: its name, the codecs it decodes and how
/// to open one.
public struct DecoderEntry: Sendable {
    /// The name `--decoder` takes: `libvpx`, `dav1d`, `ffmpeg`, `libaom`, `openh264`.
    public let name: String
    /// The codecs it decodes.
    public let codecs: [Codec]
    private let open: @Sendable (Codec, Int) throws(DecodeError) -> any VideoDecoder
    private let accepts: @Sendable (Track) -> Bool

    /// An entry named `name` for `codecs`, opening decoders with `open`
    /// (given the codec and the thread count), and a witness only for the
    /// tracks `accepts` passes (default: every track of its codecs).
    public init(
        name: String, codecs: [Codec], witnessing accepts: @escaping @Sendable (Track) -> Bool = { _ in true },
        open: @escaping @Sendable (Codec, Int) throws(DecodeError) -> any VideoDecoder
    ) {
        self.name = name
        self.codecs = codecs
        self.accepts = accepts
        self.open = open
    }

    /// Whether this decoder is trusted as a witness of `track`: it decodes
    /// the track's codec, and the track's profile is one it fully supports.
    public func witnesses(_ track: Track) -> Bool {
        codecs.contains(track.codec) && accepts(track)
    }

    /// A new decoder of `codec` with `threads` threads.
    /// - Throws: `DecodeError` when the library refuses to open one.
    public func makeDecoder(_ codec: Codec, threads: Int = 1) throws(DecodeError) -> any VideoDecoder {
        try open(codec, threads)
    }
}

/// Every decoder FrameBench runs, one line each. For a codec, the first
/// entry that decodes it is its decoder, the one every command uses; the
/// next is its witness, written by other people, that the tests hold it
/// to frame by frame.
public enum DecoderRegistry {
    /// The decoders, in order of preference.
    public static let entries: [DecoderEntry] = [
        DecoderEntry(name: "libvpx", codecs: [.vp8, .vp9]) { codec, threads throws(DecodeError) in
            try VPXDecoder(codec == .vp8 ? .vp8 : .vp9, threads: threads)
        },
        DecoderEntry(name: "dav1d", codecs: [.av1]) { _, threads throws(DecodeError) in
            try Dav1dDecoder(threads: threads)
        },
        DecoderEntry(name: "ffmpeg", codecs: [.vp8, .vp9, .h264]) { codec, threads throws(DecodeError) in
            try AVCodecDecoder(name: codec.rawValue, threads: threads)
        },
        DecoderEntry(name: "libaom", codecs: [.av1]) { _, threads throws(DecodeError) in
            try AOMDecoder(threads: threads)
        },
        // OpenH264 implements constrained baseline fully; with x264's B-frames and weighted
        // prediction (Main, High) some of its frames differ from FFmpeg's and x264's.
        DecoderEntry(
            name: "openh264", codecs: [.h264],
            witnessing: { ["Baseline", "Constrained Baseline"].contains($0.profile) }
        ) {
            _, _ throws(DecodeError) in
            try OpenH264Decoder()
        },
    ]

    /// Every decoder's name, in order.
    public static var names: [String] { entries.map(\.name) }

    /// The decoders of `codec`, in order of preference.
    public static func decoders(of codec: Codec) -> [DecoderEntry] {
        entries.filter { $0.codecs.contains(codec) }
    }

    /// The decoder every command uses for `codec`.
    public static func primary(for codec: Codec) -> DecoderEntry {
        decoders(of: codec)[0]
    }

    /// The primary decoder's witness for `track`: the next decoder of its
    /// codec that witnesses it (`DecoderEntry.witnesses(_:)`), or nil when
    /// none does.
    public static func witness(for track: Track) -> DecoderEntry? {
        decoders(of: track.codec).dropFirst().first { $0.witnesses(track) }
    }

    /// The decoder named `name` for `codec`, or the primary one when `name`
    /// is nil.
    /// - Throws: `DecodeError` when no decoder has that name or it does not
    ///   decode `codec`.
    public static func decoder(named name: String?, for codec: Codec) throws(DecodeError) -> DecoderEntry {
        guard let name else { return primary(for: codec) }
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw DecodeError(
                packet: nil, offset: nil,
                message: "no decoder '\(name)' (decoders: \(names.joined(separator: ", ")))")
        }
        guard entry.codecs.contains(codec) else {
            let others = decoders(of: codec).map(\.name).joined(separator: ", ")
            throw DecodeError(
                packet: nil, offset: nil, message: "decoder '\(name)' does not decode \(codec) (\(codec): \(others))")
        }
        return entry
    }
}
