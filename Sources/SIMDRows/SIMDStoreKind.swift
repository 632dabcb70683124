/// How the kernel writes whole vector blocks.
public protocol SIMDStoreKind {
    /// Whether the stores are streaming (non-temporal) ones, for a level
    /// that writes wider vectors than `store` takes.
    static var streams: Bool { get }

    /// Stores `value` at `address`, which is 32-byte aligned for streaming kinds.
    static func store(_ value: SIMD8<UInt32>, at address: UnsafeMutableRawPointer)
}

/// Ordinary stores, through the caches.
public enum CachedStores: SIMDStoreKind {
    /// No.
    @inlinable public static var streams: Bool { false }

    /// One ordinary (unaligned) 32-byte store.
    @inlinable @inline(__always)
    public static func store(_ value: SIMD8<UInt32>, at address: UnsafeMutableRawPointer) {
        address.storeBytes(of: value, as: SIMD8<UInt32>.self)
    }
}

/// Non-temporal stores of `Level`, around the caches.
public enum StreamingStores<Level: SIMDLevelTag>: SIMDStoreKind {
    /// Yes.
    @inlinable public static var streams: Bool { true }

    /// `Level.storeStreaming`.
    @inlinable @inline(__always)
    public static func store(_ value: SIMD8<UInt32>, at address: UnsafeMutableRawPointer) {
        Level.storeStreaming(value, at: address)
    }
}
