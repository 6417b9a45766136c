import CRUDBackends
import CRUDConformance
import CRUDMemory
import CRUDMutants
import CRUDSpec
import Foundation
import Testing

/// Backends whose stores keep their own time, as a remote server does: the suite cannot set
/// their dates, so rules that need to are not applicable, and the others must give the same
/// verdict as on a backend that takes the suite's clock.
@Suite("Backends with a clock of their own")
struct OwnClockTests {
    /// Storage that opens the inner backend's stores on the system clock, whatever clock
    /// the suite hands it.
    struct SystemClockStorage: BackendStorage {
        let inner: any BackendStorage
        func open(clock: any CRUDClock) async throws -> any CRUDSpec { try await inner.open(clock: SystemClock()) }
        func dispose() async { await inner.dispose() }
    }

    static func ownClock(_ backend: Backend) -> Backend {
        Backend(name: backend.name, capabilities: backend.capabilities, time: .ownClock) {
            SystemClockStorage(inner: try await backend.makeStorage())
        }
    }

    @Test(
        "A correct store on its own clock passes every rule but those that set the time, which are n/a with the reason",
        arguments: ["memory", "json"])
    func correctStorePasses(name: String) async throws {
        let builtIn = try #require(BuiltInBackends.named(name))
        let backend = Self.ownClock(builtIn)
        let results = await ConformanceRunner().run(Rules.all, on: [backend])
        let needingClock = Set(Rules.all.filter { $0.requires.contains(.injectedClock) }.map(\.id))
        #expect(needingClock.count >= 10, "rules that set the time: \(needingClock.sorted())")
        let notApplicable = Set(
            Rules.all.filter { !$0.requires.isSubset(of: builtIn.capabilities.subtracting([.injectedClock])) }.map(\.id))
        #expect(notApplicable.isSuperset(of: needingClock))
        for result in results {
            switch result.outcome {
            case .passed:
                #expect(!notApplicable.contains(result.rule.id))
            case .notApplicable(let reason):
                #expect(notApplicable.contains(result.rule.id), "\(result.rule.id): \(reason)")
                if needingClock.contains(result.rule.id) { #expect(reason.contains("injectedClock"), "\(result.rule.id): \(reason)") }
            case .failed(let failure):
                Issue.record("\(result.rule.id) failed on a correct store with its own clock: \(failure)")
            }
        }
        #expect(results.filter(\.passed).count == Rules.all.count - notApplicable.count)
    }

    @Test(
        "Rules that apply to an own-clock backend do not depend on how ties are broken: stores that break them wrongly pass",
        arguments: ["ties-to-chance", "same-instant-earlier-first"])
    func tiesAreNotMadeByChance(mutantName: String) async throws {
        let mutant = try #require(Mutant.all.first { $0.backend.name == mutantName }, "no mutant \(mutantName)")
        let results = await ConformanceRunner().run(Rules.all, on: [Self.ownClock(mutant.backend)])
        for result in results {
            if case .failed(let failure) = result.outcome { Issue.record("\(result.rule.id) failed on \(mutantName): \(failure)") }
        }
        // On the suite's clock the same store is caught.
        let caught = await ConformanceRunner().run(Rules.all.filter { mutant.aimedAt.contains($0.id) }, on: [mutant.backend])
        #expect(caught.contains { !$0.passed }, "\(mutantName) is not caught on the suite's clock")
    }

    @Test("A rule that uses the suite's clock without requiring it fails, naming the suite's mistake, on an own-clock backend")
    func undeclaredClockUseIsCaught() async throws {
        let template = try #require(Rules.rule(id: "TASK-CREATE-002"))
        let undeclared = Rule("TASK-CREATE-999", statement: "x.", reason: "x.", hint: "x.", check: template.check)
        let backend = Self.ownClock(Backend.ephemeral(name: "own-clock") { clock in MemoryStore(clock: clock) })
        let result = await ConformanceRunner().run(undeclared, on: backend)
        guard case .failed(let failure) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome.label)")
            return
        }
        #expect(failure.step == "using the suite's clock")
        #expect(failure.expected.contains("a mistake in the suite"))
    }
}
