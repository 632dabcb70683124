import CSwscale
import Foundation
import Frames

/// What one swscale context converts: a frame size, a source layout and a matrix.
struct SwscaleContextKey: Hashable, Sendable {
    let size: FrameSize
    let layout: ChromaLayout
    let matrix: ColorMatrix
}

/// An swscale context with the staging frames its size needs, used by one
/// thread at a time.
final class SwscaleWorker {
    /// swscale's converters write and read whole blocks of this many pixels.
    static let blockWidth = 16

    private let context: OpaquePointer
    /// The padded source and destination, when the size is not converted in place.
    private let staging: (source: SourceBuffer, destination: BGRABuffer)?

    /// A worker for `key`, or nil if swscale refuses to make the context.
    init?(_ key: SwscaleContextKey) {
        let size = key.size
        // Its NV12 path reads past the interleaved plane even then: NV12 is always staged.
        let inPlace = key.layout == .i420 && size.width % Self.blockWidth == 0 && size.height % 2 == 0
        let padded =
            inPlace
            ? size
            : FrameSize(
                width: (size.width + Self.blockWidth - 1) / Self.blockWidth * Self.blockWidth,
                height: (size.height + 1) / 2 * 2)
        guard let context = Self.makeContext(size: padded, layout: key.layout, matrix: key.matrix) else { return nil }
        self.context = context
        staging =
            inPlace
            ? nil : (SourceBuffer(size: padded, layout: key.layout, padding: Self.blockWidth), BGRABuffer(size: padded))
    }

    deinit { sws_freeContext(context) }

    /// Converts `source` into `destination` (both of the worker's size);
    /// returns `sws_scale`'s status (negative on failure).
    func convert(_ source: SourceFrame, to destination: BGRAView) -> Int32 {
        guard let staging else { return scale(source, to: destination) }
        let padded = staging.source.view
        for (from, to) in zip(source.planes, padded.planes) {
            Self.copyRepeatingEdges(from.plane, to: to.plane, sampleBytes: from.name == "uv" ? 2 : 1)
        }
        let status = scale(padded, to: staging.destination.view)
        guard status >= 0 else { return status }
        let staged = staging.destination.view
        for row in 0..<destination.height {
            memcpy(destination.row(row), staged.row(row), destination.width * 4)
        }
        return status
    }

    /// `sws_scale` of the whole `source` into `destination`: 0 or a negative status.
    private func scale(_ source: SourceFrame, to destination: BGRAView) -> Int32 {
        let used = source.planes.map(\.plane)
        let planes: [UnsafePointer<UInt8>?] = (0..<4).map { $0 < used.count ? used[$0].base : nil }
        let strides: [Int32] = (0..<4).map { $0 < used.count ? Int32(used[$0].stride) : 0 }
        var output: UnsafeMutablePointer<UInt8>? = destination.base
        var outputStride = Int32(destination.stride)
        let rows = sws_scale(context, planes, strides, 0, Int32(source.height), &output, &outputStride)
        return rows == Int32(source.height) ? 0 : min(rows, -1)
    }

    /// Copies `source` into the top left of the larger `target`, repeating
    /// each row's last sample (of `sampleBytes` bytes: 2 for a chroma pair)
    /// to its right and the last row below.
    private static func copyRepeatingEdges(_ source: PlaneView, to target: PlaneView, sampleBytes: Int) {
        for row in 0..<target.height {
            let to = UnsafeMutablePointer(mutating: target.row(row))
            let from = source.row(min(row, source.height - 1))
            memcpy(to, from, source.width)
            var x = source.width
            while x < target.width {
                memcpy(to + x, from + source.width - sampleBytes, sampleBytes)
                x += sampleBytes
            }
        }
    }

    /// A context converting `size` I420 or NV12 into BGRA with `matrix`'s
    /// source coefficients and range, full-range output.
    private static func makeContext(size: FrameSize, layout: ChromaLayout, matrix: ColorMatrix) -> OpaquePointer? {
        let format = layout == .nv12 ? AV_PIX_FMT_NV12 : AV_PIX_FMT_YUV420P
        guard let context = sws_alloc_context() else { return nil }
        let options: [(String, Int64)] = [
            ("srcw", Int64(size.width)), ("srch", Int64(size.height)),
            ("src_format", Int64(format.rawValue)),
            ("dstw", Int64(size.width)), ("dsth", Int64(size.height)),
            ("dst_format", Int64(AV_PIX_FMT_BGRA.rawValue)),
            ("sws_flags", Int64(SWS_POINT)),
        ]
        let configured =
            options.allSatisfy { av_opt_set_int(UnsafeMutableRawPointer(context), $0.0, $0.1, 0) >= 0 }
            && sws_init_context(context, nil, nil) >= 0
            && sws_setColorspaceDetails(
                context, sws_getCoefficients(colorspace(matrix)), matrix.isFullRange ? 1 : 0,
                sws_getCoefficients(SWS_CS_DEFAULT), 1, 0, 1 << 16, 1 << 16) >= 0
        guard configured else {
            sws_freeContext(context)
            return nil
        }
        return context
    }

    /// swscale's `SWS_CS_*` for the coefficients of `matrix`.
    private static func colorspace(_ matrix: ColorMatrix) -> Int32 {
        switch matrix {
        case .bt601, .bt601Full: SWS_CS_ITU601
        case .bt709, .bt709Full: SWS_CS_ITU709
        case .bt2020, .bt2020Full: SWS_CS_BT2020
        }
    }
}

/// Reusable swscale workers by key: `take` hands out one no other caller
/// holds (making one only when none is free), `give` returns it, so a call
/// allocates nothing once a size and matrix have been seen.
///
/// `@unchecked Sendable`: the free list is only touched under `lock`, a
/// pthread mutex (`NSLock`) the thread sanitizer sees, as in `ScratchFrames`.
final class SwscaleWorkers: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [SwscaleContextKey: [SwscaleWorker]] = [:]

    /// A worker for `key` no other caller holds, or nil if swscale refused to make one.
    func take(_ key: SwscaleContextKey) -> SwscaleWorker? {
        lock.withLock { free[key]?.popLast() } ?? SwscaleWorker(key)
    }

    /// Makes `worker` available to the next `take` of `key`.
    func give(_ worker: SwscaleWorker, for key: SwscaleContextKey) {
        lock.withLock { free[key, default: []].append(worker) }
    }
}
