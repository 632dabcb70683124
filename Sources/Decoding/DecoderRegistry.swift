import Containers

/// A decoder FrameBench can run: its name, the codecs it decodes and how
/// to open one.
public struct DecoderEntry: Sendable {
    /// The name `--decoder` takes: `libvpx`, `dav1d`, `ffmpeg`, `libaom`.
    public let name: String
    /// The codecs it decodes.
    public let codecs: [Codec]
    private let open: @Sendable (Codec, Int) throws(DecodeError) -> any VideoDecoder

    /// An entry named `name` for `codecs`, opening decoders with `open`
    /// (given the codec and the thread count).
    public init(
        name: String, codecs: [Codec], open: @escaping @Sendable (Codec, Int) throws(DecodeError) -> any VideoDecoder
    ) {
        self.name = name
        self.codecs = codecs
        self.open = open
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
        DecoderEntry(name: "ffmpeg", codecs: [.vp8, .vp9]) { codec, threads throws(DecodeError) in
            try AVCodecDecoder(name: codec.rawValue, threads: threads)
        },
        DecoderEntry(name: "libaom", codecs: [.av1]) { _, threads throws(DecodeError) in
            try AOMDecoder(threads: threads)
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

    /// The second decoder of `codec`, the primary's witness.
    public static func witness(for codec: Codec) -> DecoderEntry {
        decoders(of: codec)[1]
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
