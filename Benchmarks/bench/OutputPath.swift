import ArgumentParser
import Foundation

/// Checks made on an output file's path before anything is measured, so
/// a report never runs for minutes only to fail at the end.
enum OutputPath {
    /// Throws a one-line validation error naming `option` when `path`
    /// cannot be written: it is a directory, its directory does not exist,
    /// or that directory is not writable.
    static func check(_ path: String?, _ option: String) throws {
        guard let path else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw ValidationError("\(option) \(path): is a directory, not a file") }
            guard FileManager.default.isWritableFile(atPath: path) else {
                throw ValidationError("\(option) \(path): not writable")
            }
            return
        }
        let directory = (path as NSString).deletingLastPathComponent
        let parent = directory.isEmpty ? "." : directory
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(option) \(path): no such directory \(parent)")
        }
        guard FileManager.default.isWritableFile(atPath: parent) else {
            throw ValidationError("\(option) \(path): directory \(parent) is not writable")
        }
    }
}
