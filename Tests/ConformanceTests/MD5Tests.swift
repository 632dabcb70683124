import Conformance
import Frames
import Testing

/// MD5 against RFC 1321's published test suite, and the frame-name format.
@Suite struct MD5Tests {
    @Test(
        "RFC 1321 test suite",
        arguments: [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            (
                "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "57edf4a22be3c955ac49da2e2107b67a"
            ),
        ])
    func rfc1321(input: String, digest: String) {
        let md5 = MD5()
        Array(input.utf8).withUnsafeBufferPointer { md5.update($0) }
        #expect(md5.finalize() == digest)
    }

    @Test func incrementalUpdatesEqualOneUpdate() {
        let md5 = MD5()
        for part in ["1234567890", "1234567890123456789012345678901234567890", "123456789012345678901234567890"] {
            Array(part.utf8).withUnsafeBufferPointer { md5.update($0) }
        }
        #expect(md5.finalize() == "57edf4a22be3c955ac49da2e2107b67a")
    }

    @Test func frameNamesFollowVpxdec() {
        #expect(
            FrameDigest.frameName(
                stem: "vp80-00-comprehensive-006", size: FrameSize(width: 175, height: 143),
                packet: 7, ext: "i420") == "vp80-00-comprehensive-006-175x143-0007.i420")
        #expect(
            FrameDigest.frameName(stem: "s", size: FrameSize(width: 1, height: 1), packet: 12345, ext: "bgra")
                == "s-1x1-12345.bgra")
        #expect(FrameDigest.stem(ofPath: "/a/b.c/vp80-00-comprehensive-001.ivf") == "vp80-00-comprehensive-001")
        #expect(FrameDigest.stem(ofPath: "clip.bad.ivf") == "clip")
    }

    @Test func i420DigestSkipsStridePadding() {
        let size = FrameSize(width: 3, height: 3)
        let packed = I420Buffer(size: size)
        let padded = I420Buffer(size: size, padding: 5)
        for buffer in [packed, padded] {
            buffer.fill(.y) { x, y in UInt8(10 * y + x) }
            buffer.fill(.u) { x, y in UInt8(100 + 2 * y + x) }
            buffer.fill(.v) { x, y in UInt8(200 + 2 * y + x) }
        }
        // Independently: the 9 + 4 + 4 meaningful bytes in plane order.
        let bytes: [UInt8] = [0, 1, 2, 10, 11, 12, 20, 21, 22, 100, 101, 102, 103, 200, 201, 202, 203]
        let md5 = MD5()
        bytes.withUnsafeBufferPointer { md5.update($0) }
        let expected = md5.finalize()
        #expect(FrameDigest.i420(packed.view) == expected)
        #expect(FrameDigest.i420(padded.view) == expected)
    }
}
