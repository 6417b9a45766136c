import Foundation

/// Runs `body`, which blocks (waits for a process, a lock, a socket), on a thread started for
/// it, and awaits what it returns or throws.
///
/// Swift's cooperative pool has a thread per core, shared by every task of the process: on a
/// 2-core machine two blocking waits on it stop every other task, and whatever those tasks
/// were to answer (an in-process server, a timer, the waited-for process's peer) waits too.
public func offThePool<T: Sendable, Failure: Error>(
    _ body: @escaping @Sendable () throws(Failure) -> T
) async throws(Failure) -> T {
    let result: Result<T, Failure> = await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: Result { () throws(Failure) in try body() }) }.start()
    }
    return try result.get()
}
