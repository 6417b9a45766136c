import CRUDConformance
import CRUDMemory
import CRUDMutants
import CRUDTestSupport
import Foundation
import Testing

/// The VIEW rules: registered like the others, and able to fail. Their passes on every
/// built-in backend are cases of ``ConformanceTests``; the mutants aimed at them are cases
/// of ``BrokenBackendTests``. Here, the one rule no mutant is aimed at, VIEW-002, fails on a
/// store that changes a record when it is read, and each rule's failure names what it
/// expected and what happened.
@Suite("VIEW rules")
struct ViewRuleTests {
    @Test("The VIEW area holds six rules, each with a statement, a reason and a hint, and compare's prefix finds them")
    func registered() {
        let view = Rules.all.filter { $0.area == "VIEW" }
        #expect(view.map(\.id) == (1...6).map { "VIEW-00\($0)" })
        #expect(Rules.areas.contains { $0.id == "VIEW" })
        for rule in view {
            #expect(!rule.statement.isEmpty && !rule.reason.isEmpty && !rule.hint.isEmpty, "\(rule.id)")
            #expect(rule.requires.isEmpty, "\(rule.id) runs on every backend")
        }
    }

    @Test("Each VIEW rule passes on the memory store", arguments: Rules.all.filter { $0.area == "VIEW" })
    func passesOnMemory(rule: Rule) async {
        let result = await ConformanceRunner().run(rule, on: Self.backend("memory") { MemoryStore(clock: $0) })
        #expect(!result.failed, "\(result.failureReport ?? result.summary)")
    }

    @Test("Each VIEW rule fails on a broken store, and says what it expected and what happened")
    func eachRuleCanFail() async {
        let readsWrite = Self.backend("reads-write") { ReadsWriteStore(inner: MemoryStore(clock: $0)) }
        for rule in Rules.all where rule.area == "VIEW" {
            // VIEW-002 has no mutant (Mutant.unexercised says why): a store whose reads write stands in.
            let broken = Mutant.all.filter { $0.aimedAt.contains(rule.id) }.map(\.backend) + (rule.id == "VIEW-002" ? [readsWrite] : [])
            #expect(!broken.isEmpty, "\(rule.id): no broken store to fail on")
            for backend in broken {
                let result = await ConformanceRunner().run(rule, on: backend)
                guard case .failed(let failure) = result.outcome else {
                    Issue.record("\(rule.id) passed on \(backend.name)")
                    continue
                }
                #expect(failure.expected != failure.actual && !failure.step.isEmpty, "\(rule.id) on \(backend.name): \(failure)")
                #expect(result.failureReport?.contains(rule.id) == true, "\(rule.id) on \(backend.name): the report names the rule")
            }
        }
    }

    @Test("VIEW-002 fails because cancel left the store changed, not on the way there")
    func cancelFailsOnTheStore() async throws {
        let rule = try #require(Rules.rule(id: "VIEW-002"))
        let result = await ConformanceRunner().run(rule, on: Self.backend("reads-write") { ReadsWriteStore(inner: MemoryStore(clock: $0)) })
        guard case .failed(let failure) = result.outcome else {
            Issue.record("VIEW-002 passed on a store that changes records when read")
            return
        }
        #expect(failure.step == "the tasks after cancelling four editors", "\(failure)")
    }

    /// A backend on fresh in-memory storage, through `open`.
    static func backend(_ name: String, _ open: @escaping @Sendable (any CRUDClock) -> any CRUDSpec) -> Backend {
        Backend(name: name) { TemporaryStorage { clock in open(clock) } }
    }
}

/// A store whose list reads write: each `tasks()` marks the oldest task's title as seen
/// before it answers, as a "last seen" feature stored in the record would.
struct ReadsWriteStore: ForwardingStore {
    let inner: MemoryStore

    func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
        if let oldest = try await inner.tasks(TaskQuery()).last {
            _ = try await inner.renameTask(id: oldest.id, to: oldest.title + "'")
        }
        return try await inner.tasks(query)
    }
}
