import CCrypto

/// An incremental MD5 digest over OpenSSL's libcrypto (`EVP_md5`).
///
/// Used for libvpx-style frame checksums, not for security. The libcrypto
/// context is created in `init` and freed in `deinit`.
public final class MD5 {
    private let context: OpaquePointer

    /// Starts an empty digest.
    public init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_md5(), nil) == 1 else {
            fatalError("libcrypto cannot provide MD5")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `count` bytes starting at `bytes`.
    public func update(_ bytes: UnsafeRawPointer, count: Int) {
        EVP_DigestUpdate(context, bytes, count)
    }

    /// Adds the bytes of `buffer`.
    public func update(_ buffer: UnsafeBufferPointer<UInt8>) {
        if let base = buffer.baseAddress { update(base, count: buffer.count) }
    }

    /// Finishes the digest and returns it as 32 lowercase hex digits. The
    /// digest cannot be updated afterwards.
    public func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        return digest.prefix(Int(length)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
