import CProcessControl
import Foundation

/// An executor that is one thread: its jobs run in order on that thread, whether they come
/// from an actor that names it as its serial executor or from a task that prefers it.
///
/// Code that must block (a network round trip to a database server, URLSession starting a
/// request, a server connection reading a socket, a view model waiting for an exercise
/// host's answer) runs here rather than on Swift's cooperative pool, which has a thread per
/// core: on a 2-core machine two blocked jobs stop every other task of the process, and
/// whatever those tasks were to answer waits with them.
///
/// Two ways to give it a thread:
/// - ``init(name:)`` starts one, which runs until ``shutdown()``:
///   ```swift
///   actor Store {
///       private let executor = ThreadExecutor(name: "store")
///       nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
///       deinit { executor.shutdown() }
///   }
///   ```
/// - ``init()`` starts none: the thread that calls ``runUntilFinished()`` runs the jobs,
///   until ``finish(_:)``. A plain thread that must wait for async work anyway (a server
///   connection's) lends itself that way, and no second thread is started.
@available(macOS 15.0, *)
public final class ThreadExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var finished = false
    /// Whether a thread is running the jobs (the executor's own, or one started after it ended).
    private var draining = false
    private let condition = NSCondition()

    /// An executor with no thread yet: call ``runUntilFinished()`` on the one that is to run it.
    public init() {}

    /// An executor on a thread of its own, started now and named `name` (Linux keeps 15
    /// bytes of it); the thread ends at ``shutdown()``.
    public convenience init(name: String) {
        self.init()
        Thread { [self] in
            crudkit_name_this_thread(name)
            runUntilFinished()
        }.start()
    }

    /// Queues `job` for the executor's thread, after the jobs before it.
    ///
    /// A job that comes after the executor's thread ended still runs, on a thread started for
    /// the jobs that come late, one at a time and in order: a default actor that was last run
    /// here queues its next jobs here too, and a job left unrun would stop that actor, and
    /// everyone who waits for it, for good.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let late = condition.withLock {
            jobs.append(job)
            condition.signal()
            guard finished && !draining else { return false }
            draining = true
            return true
        }
        if late {
            Thread { [self] in
                crudkit_name_this_thread("crudkit-late-jobs")
                runQueued()
            }.start()
        }
    }

    /// This executor, for an actor's `unownedExecutor`.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// This executor, for a task's executor preference.
    public func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
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

    /// Ends the thread of ``init(name:)`` once the jobs already queued have run.
    public func shutdown() { finish() }

    /// Runs the jobs given to this executor, on the calling thread, until ``finish(_:)``.
    public func runUntilFinished() {
        // A thread for late jobs may have started already (finish(_:) and a job came before
        // this call): it runs them, and two threads must never run this executor's jobs at once.
        let mine = condition.withLock {
            if draining { return false }
            draining = true
            return true
        }
        if mine { runQueued() }
    }

    /// Runs jobs on this thread until ``finish(_:)`` was called and none is left.
    private func runQueued() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty {
                draining = false
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        }
    }

    /// Runs `operation` with every job it does not hand to an actor on a thread started for
    /// it, named `name`, which ends when `operation` returns.
    public static func onOwnThread<T>(
        named name: String, _ operation: () async throws -> T
    ) async rethrows -> T {
        let executor = ThreadExecutor(name: name)
        defer { executor.shutdown() }
        return try await withTaskExecutorPreference(executor, operation: operation)
    }
}
