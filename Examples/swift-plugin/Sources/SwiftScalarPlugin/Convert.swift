import CFrameBenchPlugin

/// libyuv's constants per matrix in the ABI's order (docs/arithmetic.md):
/// YG, YB, UB, UG, VG, VR.
private let constants: [(yg: Int32, yb: Int32, ub: Int32, ug: Int32, vg: Int32, vr: Int32)] = [
    (18997, -1160, 128, 25, 52, 102), (16320, 32, 113, 22, 46, 90), (18997, -1160, 128, 14, 34, 115),
    (16320, 32, 119, 12, 30, 101), (19003, -1160, 128, 12, 42, 107), (16320, 32, 120, 11, 37, 94),
]

/// `convert` of the ABI: the documented per-pixel arithmetic, upright
/// only (other orientations are refused as FRAMEBENCH_UNSUPPORTED, which
/// `bench check` reports as skipped).
func convertFrame(
    _ context: UnsafeMutableRawPointer?, _ source: UnsafePointer<framebench_i420>?,
    _ destination: UnsafePointer<framebench_bgra>?, _ matrix: Int32, _ orientation: Int32
) -> Int32 {
    guard let s = source?.pointee, let d = destination?.pointee, constants.indices.contains(Int(matrix)) else {
        return Int32(FRAMEBENCH_UNSUPPORTED)
    }
    guard orientation == Int32(FRAMEBENCH_UPRIGHT) else { return Int32(FRAMEBENCH_UNSUPPORTED) }
    let k = constants[Int(matrix)]
    for row in 0..<Int(d.height) {
        let out = d.data + row * Int(d.stride)
        let luma = s.y + row * Int(s.y_stride)
        let u = s.u + (row / 2) * Int(s.u_stride)
        let v = s.v + (row / 2) * Int(s.v_stride)
        for x in 0..<Int(d.width) {
            // 32-bit unsigned product and logical shift, then the bias.
            let y1 = Int32(bitPattern: (UInt32(luma[x]) &* 0x0101 &* UInt32(k.yg)) >> 16) + k.yb
            let ui = Int32(u[x / 2]) - 128
            let vi = Int32(v[x / 2]) - 128
            out[4 * x] = clamp((y1 + ui * k.ub) >> 6)
            out[4 * x + 1] = clamp((y1 - (ui * k.ug + vi * k.vg)) >> 6)
            out[4 * x + 2] = clamp((y1 + vi * k.vr) >> 6)
            out[4 * x + 3] = 255
        }
    }
    return Int32(FRAMEBENCH_OK)
}

/// `value` limited to 0 ... 255.
@inline(__always)
private func clamp(_ value: Int32) -> UInt8 { UInt8(min(max(value, 0), 255)) }
