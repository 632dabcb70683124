import CAVFormat
import Frames

/// A video track of a WebM, Matroska, MP4, MOV or other file, read packet by
/// packet through libavformat (FFmpeg's demuxers).
///
/// libavformat reads the file as it goes, so memory does not grow with the
/// file's length beyond the index the container itself keeps (an MP4's
/// `moov` box). Only one video track is read, the first or the one asked
/// for; libavformat is told to discard the others. Its log is silenced
/// (what goes wrong comes back as an error), and only the demuxers in
/// `demuxers` may open a file. A packet above
/// `IVFReader.maximumPacketSize` is refused before it is copied.
public final class AVFormatReader: PacketSource {
    /// The chosen track.
    public let track: Track
    /// The path given to `init`.
    public let path: String

    private var context: UnsafeMutablePointer<AVFormatContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let streamIndex: Int32
    private var buffer: [UInt8] = []
    private var nextNumber = 1
    private var lastPTS: Int64?
    private var ended = false
    private var annexB: UnsafeMutablePointer<AVBSFContext>?

    /// Opens the file at `path` and chooses its `trackNumber`-th video
    /// track (1-based; nil: the first).
    /// - Throws: `ContainerError` (no packet) when libavformat cannot open
    ///   or understand the file, it has no such video track, or the track's
    ///   codec is not a `Codec`, naming the codec.
    public init(path: String, trackNumber: Int? = nil) throws(ContainerError) {
        self.path = path
        framebench_avformat_quiet()
        framebench_demuxer_clear()
        var options: OpaquePointer?
        av_dict_set(&options, "format_whitelist", Self.demuxers, 0)
        let opened = avformat_open_input(&context, path, nil, &options)
        av_dict_free(&options)
        guard opened == 0, let context else {
            throw ContainerError(
                packet: nil, offset: 0,
                reason: "not a file FrameBench reads (IVF, WebM, Matroska, MP4, H.264): \(Self.failure(opened))")
        }
        self.context = context
        let probed = avformat_find_stream_info(context, nil)
        guard probed >= 0 else {
            avformat_close_input(&self.context)
            throw ContainerError(packet: nil, offset: 0, reason: "no stream information: \(Self.failure(probed))")
        }
        let streams = (0..<Int(context.pointee.nb_streams)).compactMap { context.pointee.streams[$0] }
        let videos = streams.filter { $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO }
        let wanted = (trackNumber ?? 1) - 1
        guard videos.indices.contains(wanted) else {
            avformat_close_input(&self.context)
            throw ContainerError(
                packet: nil, offset: nil,
                reason: "no video track \(wanted + 1) (the file has \(videos.count) video tracks)")
        }
        let stream = videos[wanted]
        let parameters = stream.pointee.codecpar.pointee
        guard let codec = Self.codec(parameters.codec_id) else {
            let name = avcodec_get_name(parameters.codec_id).map { String(cString: $0) } ?? "unknown"
            avformat_close_input(&self.context)
            throw ContainerError(
                packet: nil, offset: nil, reason: "the video track is \(name), which FrameBench does not decode")
        }
        // A raw stream's packets (a raw demuxer names its codec) have no
        // times: one tick of the frame rate per frame.
        let timestamped = context.pointee.iformat.pointee.raw_codec_id == 0
        let rate = stream.pointee.r_frame_rate
        let base =
            timestamped
            ? stream.pointee.time_base : rate.num > 0 && rate.den > 0 ? av_inv_q(rate) : AVRational(num: 1, den: 25)
        guard base.num > 0, base.den > 0,
            let timebase = Timebase(numerator: UInt32(base.num), denominator: UInt32(base.den))
        else {
            avformat_close_input(&self.context)
            throw ContainerError(packet: nil, offset: nil, reason: "invalid timebase \(base.num)/\(base.den)")
        }
        for other in streams where other != stream { other.pointee.discard = AVDISCARD_ALL }
        streamIndex = stream.pointee.index
        let size =
            parameters.width > 0 && parameters.height > 0
            ? FrameSize(width: Int(parameters.width), height: Int(parameters.height)) : nil
        track = Track(
            container: Self.containerName(context.pointee.iformat), codec: codec, timebase: timebase,
            declaredSize: size, otherTracks: streams.count - 1, isTimestamped: timestamped,
            profile: avcodec_profile_name(parameters.codec_id, parameters.profile).map { String(cString: $0) },
            frameDuration: Self.ticksPerFrame(rate: rate, timebase: timebase), number: wanted + 1)
        packet = av_packet_alloc()
        if codec == .h264, parameters.extradata_size > 0, parameters.extradata.pointee == 1 {
            do throws(ContainerError) {
                annexB = try Self.annexBFilter(stream.pointee)
            } catch {
                av_packet_free(&packet)
                avformat_close_input(&self.context)
                throw error
            }
        }
    }

    deinit {
        framebench_bsf_free(annexB)
        av_packet_free(&packet)
        avformat_close_input(&context)
    }

    /// The next packet of the chosen track. A packet without a pts takes
    /// its dts, else the pts before it (so the timestamp check reports it
    /// as a repeat); in a raw stream (no times at all) a packet's pts is
    /// its place in decode order, from 0.
    /// - Throws: `ContainerError` naming the packet and libavformat's byte
    ///   position when a read fails, a packet exceeds the size limit, or
    ///   the file ends where the demuxer says it should not (a truncated
    ///   WebM: libavformat ends it as a clean end, but its demuxer logs
    ///   the fault, which is kept, given as the reason and failed).
    public func next() throws(ContainerError) -> Packet? {
        guard !ended, let context, let packet else { return nil }
        while true {
            let before = context.pointee.pb.map { Int(avio_tell($0)) }
            framebench_demuxer_clear()
            let status = av_read_frame(context, packet)
            if status == framebench_avformat_eof() {
                ended = true
                guard let said = Self.demuxerMessage else { return nil }
                throw ContainerError(
                    packet: nextNumber, offset: position ?? before, reason: "the file ends early (libavformat: \(said))"
                )
            }
            guard status >= 0 else {
                ended = true
                throw ContainerError(packet: nextNumber, offset: position ?? before, reason: Self.failure(status))
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let offset = packet.pointee.pos >= 0 ? Int(packet.pointee.pos) : (before ?? 0)
            if let annexB {
                let filtered = framebench_bsf_rewrite(annexB, packet)
                guard filtered == 0 else {
                    ended = true
                    throw ContainerError(
                        packet: nextNumber, offset: offset,
                        reason: "H.264 sample not in length-prefixed form: \(Self.reason(filtered))")
                }
            }
            let size = Int(packet.pointee.size)
            guard size <= Int(IVFReader.maximumPacketSize) else {
                ended = true
                throw ContainerError(
                    packet: nextNumber, offset: offset,
                    reason: "packet size \(size) exceeds the \(IVFReader.maximumPacketSize)-byte limit")
            }
            if buffer.count < size { buffer = [UInt8](repeating: 0, count: max(size, 2 * buffer.count)) }
            if size > 0, let data = packet.pointee.data {
                buffer.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: data, count: size) }
            }
            let none = framebench_avformat_no_pts()
            let pts =
                !track.isTimestamped
                ? Int64(nextNumber - 1)
                : packet.pointee.pts != none
                    ? packet.pointee.pts : packet.pointee.dts != none ? packet.pointee.dts : lastPTS ?? 0
            lastPTS = pts
            defer { nextNumber += 1 }
            return Packet(number: nextNumber, offset: offset, pts: pts, data: buffer[0..<size])
        }
    }

    /// One frame at `rate` frames a second in ticks of `timebase`, rounded
    /// to the nearest tick (half up), in integers: nil when the rate is
    /// not positive or the frame lasts under half a tick.
    static func ticksPerFrame(rate: AVRational, timebase: Timebase) -> Int64? {
        guard rate.num > 0, rate.den > 0 else { return nil }
        // Seconds per frame ÷ seconds per tick: (rate.den / rate.num) ÷
        // (numerator / denominator). Each product is below 2^63.
        let dividend = Int64(rate.den) * Int64(timebase.denominator)
        let divisor = Int64(rate.num) * Int64(timebase.numerator)
        let (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
        let ticks = quotient + (remainder >= divisor - remainder ? 1 : 0)
        return ticks > 0 ? ticks : nil
    }

    /// The only demuxers libavformat may open (its `format_whitelist`):
    /// WebM and Matroska, MP4 and MOV (and their kin), raw H.264. Whatever
    /// else its probes recognise (WAV, MP3, hundreds more) is refused
    /// before a demuxer that FrameBench does not claim to read parses it.
    public static let demuxers = "matroska,webm,mov,mp4,m4a,3gp,3g2,mj2,h264"

    /// libavformat's position in the file, when it has one.
    private var position: Int? { context?.pointee.pb.map { Int(avio_tell($0)) } }

    /// libavcodec's `h264_mp4toannexb` filter, set up for `stream`.
    private static func annexBFilter(_ stream: AVStream) throws(ContainerError) -> UnsafeMutablePointer<AVBSFContext> {
        var filter: UnsafeMutablePointer<AVBSFContext>?
        let status = framebench_bsf_open_annexb(stream.codecpar, stream.time_base, &filter)
        guard status == 0, let filter else {
            throw ContainerError(
                packet: nil, offset: nil, reason: "cannot read the H.264 track's parameter sets: \(reason(status))")
        }
        return filter
    }

    private static func codec(_ id: AVCodecID) -> Codec? {
        switch id {
        case AV_CODEC_ID_VP8: .vp8
        case AV_CODEC_ID_VP9: .vp9
        case AV_CODEC_ID_AV1: .av1
        case AV_CODEC_ID_H264: .h264
        default: nil
        }
    }

    /// A reader's name for the container libavformat recognised.
    private static func containerName(_ format: UnsafePointer<AVInputFormat>?) -> String {
        let name = format.map { String(cString: $0.pointee.name) } ?? "unknown"
        if name.contains("matroska") { return "Matroska/WebM" }
        if name.contains("mp4") { return "MP4/MOV" }
        return name
    }

    /// What a demuxer logged on this thread since it was last cleared, in
    /// one line; nil when nothing.
    private static var demuxerMessage: String? {
        let words = String(cString: framebench_demuxer_message()).split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// libavformat's reason for `status`, with what the demuxer logged
    /// about it when it logged something.
    private static func failure(_ status: Int32) -> String {
        demuxerMessage.map { "\(reason(status)) (libavformat: \($0))" } ?? reason(status)
    }

    /// FFmpeg's phrase for the error code `status` (`av_strerror`), for
    /// libavformat's and libavcodec's return codes alike.
    public static func reason(_ status: Int32) -> String {
        var text = [CChar](repeating: 0, count: 128)
        av_strerror(status, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
