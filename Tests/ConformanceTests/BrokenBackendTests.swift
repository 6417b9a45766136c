import CRUDConformance
import CRUDMutants
import CRUDTestSupport
import Foundation
import Testing

/// The suite is only worth something if it catches real mistakes: each mutant must fail
/// the rules listed for it, and every rule must catch at least one mutant.
@Suite("Mutants are caught")
struct BrokenBackendTests {
    @Test("The suite catches the mistake", arguments: Mutant.all)
    func suiteCatchesTheMistake(broken: Mutant) async {
        // Only the rules aimed at the mutant: the whole suite on every mutant is
        // `crudkit compare --mutants`, which .ci/run runs.
        let results = await ConformanceRunner().run(Rules.all.filter { broken.aimedAt.contains($0.id) }, on: [broken.backend])
        let caughtBy = Set(results.filter { if case .failed = $0.outcome { true } else { false } }.map(\.rule.id))
        #expect(!caughtBy.isEmpty, "\(broken.name) (\(broken.mistake)) passed every rule")
        // The rules aimed at the mistake must all catch it. Others may fail too: a list
        // that is oldest-first breaks every rule that reads a list.
        let missed = broken.aimedAt.subtracting(caughtBy)
        #expect(
            missed.isEmpty,
            "\(broken.name) (\(broken.mistake)) passed \(missed.sorted()), which should catch it; it was caught by \(caughtBy.sorted())")
        // The failure message must name the rule, the statement, expected, actual and the hint.
        for result in results where broken.aimedAt.contains(result.rule.id) {
            guard let report = result.failureReport else { continue }
            #expect(report.contains(result.rule.id) && report.contains(result.rule.statement) && report.contains(result.rule.hint))
            #expect(report.contains("expected:") && report.contains("actual:"))
        }
    }

    @Test("The README states the size and score of each catalogue as they are")
    func readmeCounts() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
        #expect(readme.contains("runs every rule on \(Mutant.all.count) deliberately broken backends"))
        for (name, mutants) in Mutant.catalogues {
            let count = mutants.count
            #expect(readme.contains("**\(name)**, \(count) mutants"), "README: the size of the catalogue \(name)")
            #expect(readme.contains("**\(count)/\(count) caught (100%)**"), "README: the score of the catalogue \(name)")
        }
    }

    @Test("At least 30 mutants, and every rule is aimed at by one or listed with the reason none is")
    func everyRuleIsExercised() {
        #expect(Mutant.all.count >= 30)
        #expect(Set(Mutant.all.map(\.name)).count == Mutant.all.count, "two mutants share a name")
        let aimed = Set(Mutant.all.flatMap(\.aimedAt))
        for rule in Rules.all where !aimed.contains(rule.id) {
            #expect(Mutant.unexercised[rule.id] != nil, "no mutant is aimed at \(rule.id), and no reason is given")
        }
        for (id, reason) in Mutant.unexercised {
            #expect(
                Rules.rule(id: id) != nil && !aimed.contains(id) && !reason.isEmpty,
                "\(id) is listed as unexercised but \(aimed.contains(id) ? "a mutant is aimed at it" : "is unknown")")
        }
    }
}
