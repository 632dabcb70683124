/// One pixel through the reference arithmetic (the last column of odd
/// widths).
@inlinable @inline(always)
func scalarPixel<M: SIMDRowMatrix>(
    _ m: M.Type, _ y: UInt8, _ u: UInt8, _ v: UInt8, _ out: UnsafeMutablePointer<UInt8>
) {
    let y1 = Int32(bitPattern: (UInt32(y) &* 0x0101 &* UInt32(M.yg)) >> 16) &+ Int32(M.yb)
    let ui = Int32(u) &- 128
    let vi = Int32(v) &- 128
    out[0] = clamp255((y1 &+ ui &* Int32(M.ub)) >> 6)
    out[1] = clamp255((y1 &- (ui &* Int32(M.ug) &+ vi &* Int32(M.vg))) >> 6)
    out[2] = clamp255((y1 &+ vi &* Int32(M.vr)) >> 6)
    out[3] = 255
}

/// Converts pixel `x` of the row `y`, whose chroma rows are `u` and `v`,
/// with the reference arithmetic (`scalarPixel`), into `out`'s pixel `x`.
@inlinable @inline(always)
func scalarPixel<M: SIMDRowMatrix>(
    _ m: M.Type, _ y: UnsafePointer<UInt8>, _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out: UnsafeMutablePointer<UInt8>, at x: Int
) {
    scalarPixel(
        m, y[x], chromaSampleAddress(m, u, x / 2).pointee, chromaSampleAddress(m, v, x / 2).pointee, out + 4 * x)
}

/// Converts pixel `x` of both rows of a pair, which share its chroma
/// sample, with the reference arithmetic (`scalarPixel`).
@inlinable @inline(always)
func scalarPixelPair<M: SIMDRowMatrix>(
    _ m: M.Type, _ y0: UnsafePointer<UInt8>, _ y1: UnsafePointer<UInt8>,
    _ u: UnsafePointer<UInt8>, _ v: UnsafePointer<UInt8>,
    _ out0: UnsafeMutablePointer<UInt8>, _ out1: UnsafeMutablePointer<UInt8>, at x: Int
) {
    scalarPixel(m, y0, u, v, out0, at: x)
    scalarPixel(m, y1, u, v, out1, at: x)
}

@inlinable @inline(always)
func clamp255(_ x: Int32) -> UInt8 {
    UInt8(truncatingIfNeeded: min(max(x, 0), 255))
}
