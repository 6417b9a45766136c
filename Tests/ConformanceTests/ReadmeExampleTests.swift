import CRUDConformance
import CRUDMemory
import CRUDSpec
import Testing

/// The README's "test your own backend" example, verbatim but for the store, so the
/// example cannot drift from the API.
private let mine = Backend.ephemeral(name: "mine") { clock in MemoryStore(clock: clock) }

@Test("README example: a third-party backend runs the suite", arguments: Rules.applicable(to: mine))
func myStoreFollows(rule: Rule) async {
    let result = await ConformanceRunner().run(rule, on: mine)
    if let report = result.failureReport { Issue.record(Comment(rawValue: report)) }
    #expect(result.passed)  // n/a too fails here: storage that could not run is no pass
}

@Test("Rules.applicable(to:) leaves out exactly the rules a backend cannot support")
func applicableRules() {
    let applicable = Rules.applicable(to: mine).map(\.id)
    #expect(applicable == Rules.all.filter { $0.requires.isSubset(of: [.injectedClock]) }.map(\.id))
    #expect(!applicable.contains { $0.hasPrefix("DURABILITY-") || $0.hasPrefix("SHARED-") })
    let durable = Backend(name: "durable", capabilities: [.durability]) { TemporaryStorage { clock in MemoryStore(clock: clock) } }
    #expect(Rules.applicable(to: durable).count == applicable.count + 7, "the seven durability rules are added")
    let everything = Backend(name: "everything", capabilities: Set(Capability.allCases)) {
        TemporaryStorage { clock in MemoryStore(clock: clock) }
    }
    #expect(Rules.applicable(to: everything).count == Rules.all.count)
    let remote = Backend(name: "remote", capabilities: [.durability], time: .ownClock) {
        TemporaryStorage { _ in MemoryStore(clock: SystemClock()) }
    }
    #expect(Rules.applicable(to: remote).map(\.id) == Rules.all.filter { $0.requires.isSubset(of: [.durability]) }.map(\.id))
    #expect(Rules.applicable(to: remote).count < Rules.all.count)
}
