import CRUDConformance
import CRUDTestSupport
import Testing

/// The suite is only worth something if it catches real mistakes: each broken backend
/// must fail the rules listed for it.
@Suite("Broken backends are caught")
struct BrokenBackendTests {
    @Test("The suite catches the mistake", arguments: BrokenBackend.all)
    func suiteCatchesTheMistake(broken: BrokenBackend) async {
        let results = await ConformanceRunner().run(Rules.all, on: [broken.backend])
        let failed = Set(results.filter { if case .failed = $0.outcome { true } else { false } }.map(\.rule.id))
        #expect(!failed.isEmpty, "\(broken.name) (\(broken.mistake)) passed every rule")
        // The rules aimed at the mistake must all catch it. Others may fail too: a list
        // that is oldest-first breaks every rule that reads a list.
        let missed = broken.caughtBy.subtracting(failed)
        #expect(
            missed.isEmpty,
            "\(broken.name) (\(broken.mistake)) passed \(missed.sorted()), which should catch it; it failed \(failed.sorted())")
        // The failure message must name the rule, the statement, expected, actual and the hint.
        for result in results where broken.caughtBy.contains(result.rule.id) {
            guard let report = result.failureReport else { continue }
            #expect(report.contains(result.rule.id) && report.contains(result.rule.statement) && report.contains(result.rule.hint))
            #expect(report.contains("expected:") && report.contains("actual:"))
        }
    }

}
