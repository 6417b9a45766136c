import Foundation
import Testing
import ThreadExecutors

/// A ``ThreadExecutor`` runs every job it is given, even one that comes after its thread ended.
@Suite("ThreadExecutor")
struct ThreadExecutorTests {
    /// A default actor, run where its caller prefers.
    actor Counter {
        var value = 0
        func increment() -> Int {
            value += 1
            return value
        }
    }

    @Test("A job that comes after the executor's thread ended still runs, and a default actor last run there goes on")
    func lateJobRuns() async throws {
        let executor = ThreadExecutor()
        executor.finish()
        // Its thread (this call) has returned: nothing runs its jobs any more.
        executor.runUntilFinished()
        let counter = Counter()
        let outcome = await Self.within(.seconds(20)) { await Task(executorPreference: executor) { await counter.increment() }.value }
        #expect(outcome == 1, "a job queued after the executor's thread ended should run within 20 s")
        guard outcome != nil else { return }
        // The actor was last run on the ended executor; the next call from elsewhere is answered.
        #expect(await counter.increment() == 2)
    }

    @Test("Late jobs each run once, one at a time, even while a thread is lent to the executor")
    func lateJobsInOrder() async throws {
        let executor = ThreadExecutor()
        executor.finish()
        executor.runUntilFinished()
        let order = Order()
        let done: Void? = await Self.within(.seconds(20)) {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<50 {
                    group.addTask(executorPreference: executor) { order.append(index) }
                }
                // A thread lent to the executor meanwhile runs none of them beside the late thread.
                Thread { executor.runUntilFinished() }.start()
            }
        }
        #expect(done != nil, "50 jobs queued after the executor's thread ended should run within 20 s")
        #expect(order.values.sorted() == Array(0..<50), "every late job ran once")
        #expect(order.maximumAtOnce == 1, "late jobs overlapped")
    }

    /// What `operation` returns, or nil when it has not returned within `limit`: a job that
    /// never runs cannot be cancelled, so it is raced against a timer instead.
    static func within<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async -> T) async -> T? {
        await withCheckedContinuation { continuation in
            let once = Once()
            Task {
                let value = await operation()
                if once.claim() { continuation.resume(returning: value) }
            }
            Task {
                try? await Task.sleep(for: limit)
                if once.claim() { continuation.resume(returning: nil) }
            }
        }
    }

    /// True for the first caller of ``claim()`` only.
    final class Once: @unchecked Sendable {
        private let lock = NSLock()
        private var claimed = false
        func claim() -> Bool {
            lock.withLock {
                defer { claimed = true }
                return !claimed
            }
        }
    }

    final class Order: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0
        private var maximum = 0
        var maximumAtOnce: Int { lock.withLock { maximum } }
        private var recorded: [Int] = []
        var values: [Int] { lock.withLock { recorded } }

        func append(_ value: Int) {
            lock.withLock {
                running += 1
                maximum = max(maximum, running)
            }
            usleep(100)
            lock.withLock {
                recorded.append(value)
                running -= 1
            }
        }
    }
}
