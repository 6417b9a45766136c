import CRUDSpec
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock on a store, held from open to close.
///
/// It locks a companion file (`store.json.lock`), not the store itself: the store is
/// replaced by rename on every write, and a lock on the old file would not cover the new
/// one. `flock` locks belong to an open file, so a second open in the same process is
/// refused too, and the system releases the lock when the process ends, even on a crash.
final class FileLock: @unchecked Sendable {
    private var descriptor: Int32

    /// Takes the lock for the store at `storePath`, or throws ``CRUDError/storeLocked(path:)``.
    init(storePath: String) throws(CRUDError) {
        let fd = open(storePath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .storeUnavailable(path: storePath) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            close(fd)
            throw busy ? .storeLocked(path: storePath) : .storeUnavailable(path: storePath)
        }
        descriptor = fd
    }

    /// Releases the lock; later calls do nothing.
    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
