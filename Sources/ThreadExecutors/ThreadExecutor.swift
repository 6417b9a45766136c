import CProcessControl
import Foundation

/// A task executor that is one thread: its jobs run in order on the thread that calls
/// ``runUntilFinished()``.
///
/// Code that must block (a server connection reading a socket, a view model waiting for an
/// exercise host's answer) runs here rather than on Swift's cooperative pool, which has a
/// thread per core: on a 2-core machine two blocked jobs stop every other task of the
/// process, and whatever those tasks were to answer waits with them.
@available(macOS 15.0, *)
public final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var finished = false
    private let condition = NSCondition()

    /// An executor with no thread yet: call ``runUntilFinished()`` on the one that is to run it.
    public init() {}

    /// Queues `job` for the executor's thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Runs `record` under the executor's lock, then lets ``runUntilFinished()`` return once
    /// it has run the jobs queued so far.
    public func finish(_ record: () -> Void = {}) {
        condition.withLock {
            record()
            finished = true
            condition.signal()
        }
    }

    /// Runs the jobs given to this executor, on the calling thread, until ``finish(_:)``.
    public func runUntilFinished() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Runs `operation` with every job it does not hand to an actor on a thread started for
    /// it, named `name` (Linux keeps 15 bytes of it), which ends when `operation` returns.
    public static func onOwnThread<T>(
        named name: String, _ operation: () async throws -> T
    ) async rethrows -> T {
        let executor = ThreadExecutor()
        Thread {
            crudkit_name_this_thread(name)
            executor.runUntilFinished()
        }.start()
        defer { executor.finish() }
        return try await withTaskExecutorPreference(executor, operation: operation)
    }
}
