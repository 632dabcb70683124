/// `max(a, b) - b` lane by lane: `a - b` clamped below at 0 (`psubusw`).
@inlinable @inline(always)
func saturatingSubtract(_ a: Words16, _ b: Words16) -> Words16 {
    a.replacing(with: b, where: a .< b) &- b
}

/// `min(a, b)` lane by lane (`pminuw`).
@inlinable @inline(always)
func pointwiseMinimum(_ a: Words16, _ b: Words16) -> Words16 {
    a.replacing(with: b, where: b .< a)
}

@inlinable @inline(always)
func mulHigh(_ a: UInt16, _ b: UInt16) -> UInt16 {
    UInt16(truncatingIfNeeded: (UInt32(a) &* UInt32(b)) &>> 16)
}

/// The high 16 bits of each unsigned product `a × k` (`pmulhuw`).
@inlinable @inline(always)
func mulHigh(_ a: Words16, _ k: UInt16) -> Words16 {
    Words16(
        mulHigh(a[0], k), mulHigh(a[1], k), mulHigh(a[2], k), mulHigh(a[3], k),
        mulHigh(a[4], k), mulHigh(a[5], k), mulHigh(a[6], k), mulHigh(a[7], k),
        mulHigh(a[8], k), mulHigh(a[9], k), mulHigh(a[10], k), mulHigh(a[11], k),
        mulHigh(a[12], k), mulHigh(a[13], k), mulHigh(a[14], k), mulHigh(a[15], k))
}

/// Luma bytes 0 ... 15 as `y * 0x0101` in pair order: pixels 0, 8, 1, 9, 2,
/// 10, 3, 11 | 4, 12, 5, 13, 6, 14, 7, 15 (one `pshufb`).
@inlinable @inline(always)
func lumaWords(_ y: Bytes16) -> Words16 {
    unsafeBitCast(
        Bytes32(
            y[0], y[0], y[8], y[8], y[1], y[1], y[9], y[9],
            y[2], y[2], y[10], y[10], y[3], y[3], y[11], y[11],
            y[4], y[4], y[12], y[12], y[5], y[5], y[13], y[13],
            y[6], y[6], y[14], y[14], y[7], y[7], y[15], y[15]), to: Words16.self)
}

/// Chroma bytes 0 ... 15 widened to words in the order 0, 1, 4, 5, 8, 9,
/// 12, 13 | 2, 3, 6, 7, 10, 11, 14, 15, from which `spreadLow` and
/// `spreadHigh` reach pair order without crossing 128-bit lanes.
@inlinable @inline(always)
func chromaWords(_ c: Bytes16) -> Words16 {
    let z: UInt8 = 0
    return unsafeBitCast(
        Bytes32(
            c[0], z, c[1], z, c[4], z, c[5], z, c[8], z, c[9], z, c[12], z, c[13], z,
            c[2], z, c[3], z, c[6], z, c[7], z, c[10], z, c[11], z, c[14], z, c[15], z),
        to: Words16.self)
}

/// Chroma words (`chromaWords` order) to pair order for pixels 0 ... 15,
/// which use chroma 0, 4, 0, 4, 1, 5, 1, 5 | 2, 6, 2, 6, 3, 7, 3, 7.
@inlinable @inline(always)
func spreadLow(_ t: Words16) -> Words16 {
    Words16(t[0], t[2], t[0], t[2], t[1], t[3], t[1], t[3], t[8], t[10], t[8], t[10], t[9], t[11], t[9], t[11])
}

/// Chroma words (`chromaWords` order) to pair order for pixels 16 ... 31.
@inlinable @inline(always)
func spreadHigh(_ t: Words16) -> Words16 {
    Words16(t[4], t[6], t[4], t[6], t[5], t[7], t[5], t[7], t[12], t[14], t[12], t[14], t[13], t[15], t[13], t[15])
}
