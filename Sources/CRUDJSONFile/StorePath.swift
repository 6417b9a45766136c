import CRUDSpec
import Foundation

/// Where a store kept in one file lives: shared by the stores that hold their file with a
/// ``FileLock`` (the JSON store and the journal).
package enum StorePath {
    /// The absolute path of `path`, its folder created, or `CRUDError.storeUnavailable(path:)`
    /// when the folder cannot be made.
    package static func prepared(_ path: String) throws(CRUDError) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        do {
            try FileManager.default.createDirectory(
                atPath: (absolute as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw .storeUnavailable(path: absolute)
        }
        return absolute
    }
}
