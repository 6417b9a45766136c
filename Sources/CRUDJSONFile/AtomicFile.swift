import CRUDSpec
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-file replacement that a crash cannot leave half-done.
///
/// The new bytes go to a temporary file in the same folder, which is flushed to the disk
/// (`fsync`), renamed over the target (atomic within one file system), and then the folder
/// itself is flushed, so the rename is on the disk too. Foundation's `.atomic` option does
/// the first three steps but not the last: after a power cut the old file could come back.
package enum AtomicFile {
    /// Replaces the file at `path` with `data`; on any failure the old file is untouched.
    package static func write(_ data: Data, to path: String) throws(CRUDError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .storeUnavailable(path: path) }
        let written = writeAll(data, to: fd)
        let synced = written && fsync(fd) == 0
        close(fd)
        guard synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .storeUnavailable(path: path)
        }
        syncFolder(folder.isEmpty ? "." : folder)
    }

    /// Writes every byte of `data` to `fd`, going on after interruptions and short writes;
    /// false on an error.
    package static func writeAll(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let result = systemWrite(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += result
            }
            return true
        }
    }

    /// Flushes a folder's entries (a rename) to the disk. Best effort: some file systems
    /// refuse to open folders for this, and the data itself is already safe.
    package static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}

// Swift has many `write` overloads; naming the C function explicitly keeps them apart.
@inline(__always)
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
        return Glibc.write(fd, buffer, count)
    #else
        return Darwin.write(fd, buffer, count)
    #endif
}
