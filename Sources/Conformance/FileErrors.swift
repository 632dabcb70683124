import Foundation

/// Plain one-line reasons for file errors, instead of Foundation's
/// `NSCocoaErrorDomain` texts, for any tool that reports a file it could
/// not read or write.
public enum FileErrors {
    /// Why reading or writing a file failed, in a few lower-case words
    /// (`no such file or directory`, `permission denied`, `is a directory`,
    /// ...): the POSIX reason when the error carries one, else a plain
    /// reason for the common Cocoa codes, else the error's own description.
    public static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))).lowercased() }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on device"
        case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "not readable as text"
        default: return error.localizedDescription
        }
    }
}
