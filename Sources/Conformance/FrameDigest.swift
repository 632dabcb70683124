import Frames

/// Frame checksums in libvpx's `--md5` format: MD5 over the visible rows of
/// each plane in turn, without stride padding.
public enum FrameDigest {
    /// MD5 of the Y rows, then U rows, then V rows (`width` bytes each), as
    /// `vpxdec --md5 --i420` computes it.
    public static func i420(_ frame: I420View) -> String {
        let md5 = MD5()
        add(frame, to: md5)
        return md5.finalize()
    }

    /// Adds the Y rows, then U rows, then V rows of `frame` to `md5`: over
    /// every shown frame in turn, the whole-output MD5 that `vpxdec --i420
    /// --md5` prints.
    public static func add(_ frame: I420View, to md5: MD5) {
        for plane in [frame.y, frame.u, frame.v] {
            for row in 0..<plane.height { md5.update(plane.rowBytes(row)) }
        }
    }

    /// MD5 of the BGRA rows, `width × 4` bytes each, packed (no padding).
    public static func bgra(_ frame: BGRAView) -> String {
        let md5 = MD5()
        add(frame, to: md5)
        return md5.finalize()
    }

    /// Adds the BGRA rows of `frame`, packed, to `md5`.
    public static func add(_ frame: BGRAView, to md5: MD5) {
        for row in 0..<frame.height { md5.update(frame.row(row), count: frame.width * 4) }
    }

    /// The file name vpxdec gives a frame with `-o STEM-%wx%h-%4.EXT`:
    /// `<stem>-<w>x<h>-<NNNN>.<ext>`, where `stem` is the input's file name
    /// up to its first dot and `packet` the 1-based input packet number.
    public static func frameName(stem: String, size: FrameSize, packet: Int, ext: String) -> String {
        let number = String(packet)
        let padded = String(repeating: "0", count: max(0, 4 - number.count)) + number
        return "\(stem)-\(size.width)x\(size.height)-\(padded).\(ext)"
    }

    /// The stem of a path as vpxdec uses it: the last path component up to
    /// its first dot.
    public static func stem(ofPath path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return String(name.prefix { $0 != "." })
    }
}
