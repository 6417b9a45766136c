import Foundation

/// A serial executor that is one thread of its own, for an actor whose work blocks: a
/// network round trip to a database server, a call to an exercise host that waits for its
/// answer. On its own thread, the actor never holds one of the few threads of Swift's
/// cooperative pool, which servers, clients and every other task need meanwhile.
///
/// ```swift
/// actor Store {
///     private let executor = ThreadExecutor(name: "store")
///     nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
///     deinit { executor.shutdown() }
/// }
/// ```
public final class ThreadExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var stopping = false

    /// Starts the thread, named `name`.
    public init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Runs `job` on the thread, after the jobs before it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// This executor, for an actor's `unownedExecutor`.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// This executor, for a task's `executorPreference`.
    public func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    /// Ends the thread once the jobs already queued have run.
    public func shutdown() {
        condition.withLock {
            stopping = true
            condition.signal()
        }
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }
}
