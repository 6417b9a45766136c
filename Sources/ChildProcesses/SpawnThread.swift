import CProcessControl
import Foundation

/// The one thread every ``ChildProcess`` is spawned from, which lives as long as the process.
///
/// On Linux a child that asks to die with its parent (the exercise host does, with
/// `PR_SET_PDEATHSIG`) dies when the parent *thread* that spawned it ends, not the parent
/// process. Swift's pool and Dispatch end idle threads, and the VIEW checks run on threads
/// made for one check: a host started from any of them would be killed under the grader's
/// feet. Spawned from here, it dies only with this process.
enum SpawnThread {
    private static let worker = Worker()

    /// Runs `body` on the spawn thread and returns what it returned, one spawn at a time.
    static func run<T>(_ body: () -> T) -> T {
        withoutActuallyEscaping(body) { escapable in
            let box = UncheckedBox(escapable)
            return worker.run { UncheckedBox(box.value()) }.value
        }
    }

    /// Carries a value to the spawn thread and back; the caller waits meanwhile, so it is
    /// never used by two threads at once.
    private struct UncheckedBox<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private final class Worker: @unchecked Sendable {
        private let callers = NSLock()
        // Guarded by `condition`.
        private var job: (() -> Void)?
        private var jobDone = false
        private let condition = NSCondition()

        init() {
            Thread { [self] in
                crudkit_name_this_thread("crudkit-spawn")
                serve()
            }.start()
        }

        func run<T: Sendable>(_ body: @escaping () -> T) -> T {
            callers.lock()
            defer { callers.unlock() }
            var result: T?
            let job = UncheckedBox { result = body() }
            condition.withLock {
                self.job = job.value
                jobDone = false
                condition.broadcast()
                while !jobDone { condition.wait() }
            }
            // `result` was written on the spawn thread before it set `jobDone` under the lock.
            guard let result else { preconditionFailure("the spawn thread returned without running its job") }
            return result
        }

        private func serve() {
            while true {
                condition.lock()
                while job == nil { condition.wait() }
                var next = job
                job = nil
                condition.unlock()
                next?()
                // Let go of the job before the caller returns: it holds the caller's closure.
                next = nil
                condition.withLock {
                    jobDone = true
                    condition.broadcast()
                }
            }
        }
    }
}
