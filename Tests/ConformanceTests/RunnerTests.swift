import CRUDBackends
import CRUDConformance
import CRUDMemory
import CRUDMutants
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

@Suite("The runner")
struct RunnerTests {
    @Test("The registry has at least 40 rules with unique, well-formed IDs and full texts")
    func registry() {
        #expect(Rules.all.count >= 40)
        #expect(Set(Rules.all.map(\.id)).count == Rules.all.count, "duplicate rule IDs")
        let areas = Set(Rules.areas.map(\.id))
        for rule in Rules.all {
            #expect(rule.id.wholeMatch(of: /[A-Z]+(-[A-Z]+)*-\d{3}/) != nil, "\(rule.id) is not AREA-NNN")
            #expect(areas.contains(rule.area), "\(rule.id) has no area in Rules.areas")
            for text in [rule.statement, rule.reason, rule.hint] {
                #expect(text.last == ".", "\(rule.id): \(text)")
            }
            #expect(Rules.rule(id: rule.id)?.id == rule.id)
        }
    }

    @Test("A store that implements nothing fails every applicable rule: no check passes by default")
    func unimplementedStoreFailsEverything() async {
        let backend = Backend.ephemeral(name: "stub") { _ in UnimplementedStore() }
        let results = await ConformanceRunner().run(Rules.all, on: [backend])
        let applicable = Rules.applicable(to: backend)
        #expect(results.count == Rules.all.count, "one result per rule")
        let failed = results.filter(\.failed).map(\.rule.id)
        #expect(failed == applicable.map(\.id), "every applicable rule fails, and no other")
        for result in results {
            if case .failed(let failure) = result.outcome {
                #expect(failure.actual.contains("notImplemented"), "\(result.rule.id): \(failure.actual)")
            }
        }
    }

    @Test("A rule a backend cannot support is not applicable, with the reason, and nothing is opened")
    func notApplicable() async throws {
        let storage = CountingStorage { clock in MemoryStore(clock: clock) }
        let backend = Backend(name: "volatile") { storage }
        let rule = try #require(Rules.rule(id: "DURABILITY-001"))
        let result = await ConformanceRunner().run(rule, on: backend)
        guard case .notApplicable(let reason) = result.outcome else {
            Issue.record("expected n/a, got \(result.outcome.label)")
            return
        }
        #expect(reason.contains("durability") && reason.contains("volatile"))
        #expect(!result.passed)
        #expect(storage.opens == 0)
    }

    @Test("A backend that cannot run here gives every rule n/a with what is missing; any other storage error is a failure")
    func unavailableBackend() async throws {
        let missing = Backend(name: "needs-a-server") { throw BackendUnavailable("no server: install one with apt-get install it") }
        let rules = Array(Rules.all.prefix(3))
        let missingResults = await ConformanceRunner().run(rules, on: [missing])
        #expect(missingResults.count == rules.count, "one result per rule")
        for result in missingResults {
            guard case .notApplicable(let reason) = result.outcome else {
                Issue.record("\(result.rule.id): expected n/a, got \(result.outcome.label)")
                continue
            }
            #expect(reason == "needs-a-server cannot run here: no server: install one with apt-get install it")
            #expect(!result.passed && !result.failed)
        }
        let broken = Backend(name: "broken-storage") { throw CRUDError.storeUnavailable(path: "/nowhere") }
        let brokenResults = await ConformanceRunner().run(rules, on: [broken])
        #expect(brokenResults.count == rules.count, "one result per rule")
        for result in brokenResults {
            #expect(result.failed, "\(result.rule.id) on storage that cannot be made: \(result.outcome.label)")
        }
    }

    @Test("Storage is disposed of after a pass and after a failure")
    func disposal() async throws {
        let storage = CountingStorage { _ in UnimplementedStore() }
        let backend = Backend(name: "counted") { storage }
        let rule = try #require(Rules.rule(id: "TASK-CREATE-001"))
        let result = await ConformanceRunner().run(rule, on: backend)
        #expect(result.outcome.label == "FAIL")
        #expect(storage.disposals == 1)
        let good = CountingStorage { clock in MemoryStore(clock: clock) }
        let passed = await ConformanceRunner().run(rule, on: Backend(name: "good") { good })
        #expect(passed.passed)
        #expect(good.disposals == 1)
    }

    @Test("Reopening opens the same storage again")
    func reopen() async throws {
        let storage = CountingStorage { clock in MemoryStore(clock: clock) }
        let rule = try #require(Rules.rule(id: "DURABILITY-006"))
        _ = await ConformanceRunner().run(rule, on: Backend(name: "counted", capabilities: [.durability]) { storage })
        #expect(storage.opens == 2)
    }

    @Test("A check that never finishes fails after the timeout instead of hanging the run")
    func timeout() async throws {
        let backend = Backend.ephemeral(name: "hanging") { clock in HangingStore(inner: MemoryStore(clock: clock)) }
        let rule = try #require(Rules.rule(id: "TASK-READ-002"))
        let result = await ConformanceRunner(timeout: .milliseconds(300)).run(rule, on: backend)
        guard case .failed(let failure) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome.label)")
            return
        }
        #expect(failure.expected.contains("finishes within"))
    }

    @Test("A failure report names the rule, its statement, the step, expected, actual and the hint")
    func failureReport() async throws {
        let broken = try #require(Mutant.all.first { $0.name == "oldest-first" })
        let rule = try #require(Rules.rule(id: "TASK-READ-002"))
        let result = await ConformanceRunner().run(rule, on: broken.backend)
        let report = try #require(result.failureReport)
        #expect(report.hasPrefix("TASK-READ-002 (MUST) failed on oldest-first: \(rule.statement)"))
        #expect(report.contains("step:     tasks()"))
        #expect(report.contains(#"expected: ["third", "second", "first", "backdated"]"#))
        #expect(report.contains(#"actual:   ["backdated", "first", "second", "third"]"#))
        #expect(report.contains("hint:     \(rule.hint)"))
    }

    @Test("Results come back in backend order, then rule order")
    func resultOrder() async {
        let rules = Array(Rules.all.prefix(5))
        let results = await ConformanceRunner(maxConcurrentChecks: 3).run(rules, on: [BuiltInBackends.memory, BuiltInBackends.memory])
        #expect(results.map(\.rule.id) == rules.map(\.id) + rules.map(\.id))
    }

    @Test("A backend's own limit of checks at once holds, while other backends still run side by side")
    func perBackendLimit() async {
        let serial = ConcurrencyMeter()
        let parallel = ConcurrencyMeter()
        let rules = Array(Rules.all.filter { $0.requires.isEmpty }.prefix(12))
        let results = await ConformanceRunner(maxConcurrentChecks: 6).run(
            rules,
            on: [
                Backend(name: "serial", maxConcurrentChecks: 1) { serial.storage() },
                Backend(name: "parallel") { parallel.storage() },
            ])
        #expect(results.count == 2 * rules.count)
        #expect(results.allSatisfy { $0.passed }, "\(results.filter { !$0.passed }.map(\.rule.id))")
        #expect(serial.opened == rules.count && parallel.opened == rules.count)
        #expect(serial.highest == 1)
        #expect(parallel.highest > 1, "the other backend's checks never overlapped: \(parallel.highest)")
    }

    @Test("On a backend that takes one check at a time, the next check waits until a timed-out one has stopped")
    func timedOutCheckStopsFirst() async throws {
        let meter = ConcurrencyMeter()
        let backend = Backend(name: "shared-server", maxConcurrentChecks: 1) {
            meter.storage { SlowListStore(inner: MemoryStore(clock: $0)) }
        }
        let rules = try ["TASK-READ-002", "TASK-READ-003"].map { try #require(Rules.rule(id: $0)) }
        // Seconds, not milliseconds: the cancelled check must notice in time even when the whole
        // suite keeps both cores busy (its list takes a minute unless cancelled).
        let results = await ConformanceRunner(timeout: .seconds(3)).run(rules, on: [backend])
        for result in results {
            guard case .failed(let failure) = result.outcome else {
                Issue.record("\(result.rule.id): expected a timeout, got \(result.outcome.label)")
                continue
            }
            #expect(failure.actual.contains("it stopped when cancelled, before the next check on shared-server began"), "\(failure.actual)")
        }
        #expect(meter.opened == 2 && meter.highest == 1)
    }
}

/// A store whose lists take a minute, unless the caller is cancelled.
private struct SlowListStore: ForwardingStore {
    let inner: MemoryStore
    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        try await Task.sleep(for: .seconds(60))
        return try await inner.tasks(query)
    }
}

/// Counts how many checks hold storage at once (from open to dispose), the most it saw,
/// and how many were opened.
private final class ConcurrencyMeter: @unchecked Sendable {
    private let lock = NSLock()
    private var current = 0
    private(set) var highest = 0
    private(set) var opened = 0

    struct Storage: BackendStorage {
        let meter: ConcurrencyMeter
        let makeStore: @Sendable (any CRUDClock) -> any CRUDSpec
        func open(clock: any CRUDClock) async throws -> any CRUDSpec {
            meter.enter()
            // Long enough that checks started together overlap.
            try await Task.sleep(for: .milliseconds(20))
            return makeStore(clock)
        }
        func dispose() async { meter.leave() }
    }

    func storage(_ makeStore: @escaping @Sendable (any CRUDClock) -> any CRUDSpec = { MemoryStore(clock: $0) }) -> Storage {
        Storage(meter: self, makeStore: makeStore)
    }

    private func enter() {
        lock.withLock {
            current += 1
            opened += 1
            highest = max(highest, current)
        }
    }

    private func leave() { lock.withLock { current -= 1 } }
}
