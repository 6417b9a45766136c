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
///
/// A second opener waits for the lock, up to its lock wait, polling: a blocking `flock`
/// cannot be given a deadline, and a command that opens a store holds it for milliseconds.
package final class FileLock: @unchecked Sendable {
    private var descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock for the store at `storePath`, waiting up to `wait` while another
    /// holds it (blocking this thread), or throws ``CRUDError/storeLocked(path:)``.
    package convenience init(storePath: String, wait: Duration) throws(CRUDError) {
        var attempt = try Attempt(storePath: storePath, wait: wait)
        while let pause = try attempt.next() {
            usleep(useconds_t(clamping: max(1, pause.milliseconds * 1_000)))
        }
        self.init(descriptor: attempt.descriptor)
    }

    /// Takes the lock like ``init(storePath:wait:)``, sleeping between tries instead of
    /// blocking a thread.
    package static func acquire(storePath: String, wait: Duration) async throws(CRUDError) -> FileLock {
        var attempt = try Attempt(storePath: storePath, wait: wait)
        while let pause = try attempt.next() {
            try? await Task.sleep(for: pause)
        }
        return FileLock(descriptor: attempt.descriptor)
    }

    /// One try after another at the lock, each a little further apart, until the deadline.
    private struct Attempt {
        let descriptor: Int32
        let storePath: String
        let deadline: ContinuousClock.Instant
        var pause = Duration.milliseconds(1)
        var toldHeld = false

        init(storePath: String, wait: Duration) throws(CRUDError) {
            let fd = open(storePath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw .storeUnavailable(path: storePath) }
            descriptor = fd
            self.storePath = storePath
            deadline = ContinuousClock.now + wait
        }

        /// Tries once: nil when the lock is taken, else how long to pause before the next
        /// try. Past the deadline, or on an error other than "held", it closes the file and throws.
        mutating func next() throws(CRUDError) -> Duration? {
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return nil }
            let busy = errno == EWOULDBLOCK || errno == EINTR
            if busy && !toldHeld {
                toldHeld = true
                LockWait.foundHeld()
            }
            let now = ContinuousClock.now
            guard busy, now < deadline else {
                close(descriptor)
                throw busy ? .storeLocked(path: storePath) : .storeUnavailable(path: storePath)
            }
            defer { pause = min(pause * 2, .milliseconds(25)) }
            return min(pause, deadline - now)
        }
    }

    /// Releases the lock; later calls do nothing.
    package func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
