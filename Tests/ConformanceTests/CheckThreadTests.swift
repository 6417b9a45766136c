import CRUDConformance
import CRUDMemory
import Foundation
import Testing

/// Counts arrivals and lets everyone through once `expected` have arrived; each waits at most
/// `limit`, as a store's `fsync` or an exercise host's answer would block its thread.
private final class Barrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let expected: Int
    private var arrived = 0
    private var threadNames: Set<String> = []

    init(expected: Int) { self.expected = expected }

    /// Blocks the calling thread; true when all arrived in time.
    func arriveAndWait(limit: TimeInterval) -> Bool {
        condition.withLock {
            arrived += 1
            threadNames.insert(Thread.current.name ?? "unnamed")
            condition.broadcast()
            let deadline = Date(timeIntervalSinceNow: limit)
            while arrived < expected {
                if !condition.wait(until: deadline) { return arrived >= expected }
            }
            return true
        }
    }

    var names: Set<String> { condition.withLock { threadNames } }
}

@Suite("Each check runs on a thread of its own")
struct CheckThreadTests {
    @Test("Checks that block their thread all run at once, more of them than Swift's pool has threads")
    func blockingChecksDoNotWaitForEachOther() async throws {
        // More than the cooperative pool's threads (one per core): on the pool, the checks
        // past that number would wait for a thread while the first ones wait for them.
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let barrier = Barrier(expected: count)
        let rules = (1...count).map { number in
            Rule(
                String(format: "BLOCKING-%03d", number), statement: "Blocks its thread until every check has started.",
                reason: "A store that waits for the disk blocks its thread.", hint: "None."
            ) { _ in
                guard barrier.arriveAndWait(limit: 10) else {
                    throw CheckFailure(
                        step: "waiting for the other \(count - 1) checks", expected: "all \(count) checks running at once",
                        actual: "some had not started after 10 s: blocked checks held the threads they needed")
                }
            }
        }
        let backend = Backend.ephemeral(name: "memory") { clock in MemoryStore(clock: clock) }
        let results = await ConformanceRunner(maxConcurrentChecks: count).run(rules, on: [backend])
        for result in results {
            #expect(result.passed, Comment(rawValue: result.failureReport ?? result.summary))
        }
        #expect(barrier.names == ["crudkit-check"], "expected every check on a crudkit-check thread, got \(barrier.names.sorted())")
    }
}

/// Counts the creates that run at the same moment; each holds its thread for 20 ms, as a
/// store that does its work synchronously would.
private final class OverlapCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    private(set) var most = 0

    func enter() {
        lock.withLock {
            running += 1
            most = max(most, running)
        }
    }

    func leave() { lock.withLock { running -= 1 } }
    var mostAtOnce: Int { lock.withLock { most } }
}

private struct OverlapStore: ForwardingStore {
    let inner: MemoryStore
    let counter: OverlapCounter

    func createTask(title: String, notes: String?) async throws -> TaskItem {
        counter.enter()
        usleep(20_000)
        counter.leave()
        return try await inner.createTask(title: title, notes: notes)
    }
}

extension CheckThreadTests {
    @Test("The parallel parts of a rule still overlap: 100 parallel creates do not take turns on the check's thread")
    func parallelPartsOverlap() async throws {
        let counter = OverlapCounter()
        let backend = Backend.ephemeral(name: "overlap") { clock in OverlapStore(inner: MemoryStore(clock: clock), counter: counter) }
        let rule = try #require(Rules.rule(id: "CONCURRENCY-001"))
        let result = await ConformanceRunner().run(rule, on: backend)
        #expect(result.passed, Comment(rawValue: result.failureReport ?? result.summary))
        let expected = min(2, ProcessInfo.processInfo.activeProcessorCount)
        #expect(
            counter.mostAtOnce >= expected,
            "expected at least \(expected) creates at once (one per core of Swift's pool), got \(counter.mostAtOnce)")
    }
}
