import CRUDJSONFile
import CRUDSpec
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The journal's file, open for appending: each change is one `write` and one `fsync`.
///
/// The file is made on the first change, with its header, by an atomic rename (so a file
/// that exists always has a whole header), and replaced the same way by compaction.
final class JournalFile {
    let path: String
    /// The descriptor appends go to; -1 until the file exists, and after closing.
    private var descriptor: Int32 = -1
    /// The length of the file up to its last whole line: where a failed append is cut back to.
    private(set) var length = 0

    /// The journal at `path`, opened for appending if it exists, and cut back to `validLength`
    /// when it is longer (a torn last line).
    init(path: String, existingLength: Int?, validLength: Int) throws(CRUDError) {
        self.path = path
        guard let existingLength else { return }
        try openForAppending()
        length = validLength
        if existingLength > validLength {
            guard ftruncate(descriptor, off_t(validLength)) == 0, fsync(descriptor) == 0 else {
                close()
                throw .storeUnavailable(path: path)
            }
        }
    }

    deinit { close() }

    /// Set when the file may no longer end in a whole line (a failed append that could not
    /// be cut back) or appends would go to a replaced file: nothing is written after that.
    private(set) var isBroken = false

    /// Appends `data` (whole lines) and flushes it to the disk. On failure the file is cut
    /// back to its last whole line; if even that fails, the file is marked broken.
    func append(_ data: Data) throws(CRUDError) {
        guard !isBroken else { throw .storeUnavailable(path: path) }
        if descriptor < 0 { try create() }
        guard AtomicFile.writeAll(data, to: descriptor), fsync(descriptor) == 0 else {
            if ftruncate(descriptor, off_t(length)) != 0 { isBroken = true }
            throw .storeUnavailable(path: path)
        }
        length += data.count
    }

    /// Replaces the whole file with `data` (a header and lines) atomically, and appends
    /// to the new file from then on. If the new file cannot be opened the store cannot go on.
    func replace(with data: Data) throws(CRUDError) {
        guard !isBroken else { throw .storeUnavailable(path: path) }
        try AtomicFile.write(data, to: path)
        close()
        do {
            try openForAppending()
        } catch {
            isBroken = true
            throw error
        }
        length = data.count
    }

    /// Closes the file; the journal on the disk is complete as it is.
    func close() {
        guard descriptor >= 0 else { return }
        closeDescriptor(descriptor)
        descriptor = -1
    }

    private func create() throws(CRUDError) {
        let header = JournalEntry.headerLine
        try AtomicFile.write(header, to: path)
        try openForAppending()
        length = header.count
    }

    private func openForAppending() throws(CRUDError) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw .storeUnavailable(path: path) }
        descriptor = fd
    }
}

// `close` is also a method here; naming the C function explicitly keeps them apart.
private func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(fd)
    #else
        _ = Darwin.close(fd)
    #endif
}
