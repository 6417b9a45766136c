import CRUDConformance
import CRUDMutants
import Foundation

/// `crudkit compare --mutants`: the whole suite on every deliberately broken backend, and
/// how many of them it catches (the mutation score).
struct MutationReport: Codable {
    struct Entry: Codable {
        var name: String
        var mistake: String
        var caughtBy: [String]
        var aimedAt: [String]
        var caught: Bool
    }

    var format = "crudkit-mutants"
    var version = 1
    var caught: Int
    var total: Int
    var mutants: [Entry]
    var unexercisedRules: [String: String]

    static func run(runner: ConformanceRunner, console: any Console) async -> MutationReport {
        console.err("Running \(Rules.all.count) rules on \(Mutant.all.count) mutants…\n")
        var entries: [Entry] = []
        for mutant in Mutant.all {
            let results = await runner.run(Rules.all, on: [mutant.backend])
            let failed = results.filter { if case .failed = $0.outcome { true } else { false } }.map(\.rule.id)
            entries.append(
                Entry(
                    name: mutant.name, mistake: mutant.mistake, caughtBy: failed, aimedAt: mutant.caughtBy.sorted(), caught: !failed.isEmpty
                ))
        }
        return MutationReport(
            caught: entries.filter(\.caught).count, total: entries.count, mutants: entries, unexercisedRules: Mutant.unexercised)
    }

    var score: String {
        "\(caught)/\(total) mutants caught (\(total == 0 ? 0 : caught * 100 / total)%)"
    }

    func text() -> String {
        let width = max(6, mutants.map(\.name.count).max() ?? 0)
        var out = "Mutation score: \(score)\n\n" + "MUTANT".padding(toLength: width, withPad: " ", startingAt: 0) + "  CAUGHT BY\n"
        for entry in mutants {
            let rules =
                entry.caughtBy.prefix(3).joined(separator: ", ") + (entry.caughtBy.count > 3 ? " and \(entry.caughtBy.count - 3) more" : "")
            out += entry.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (entry.caught ? rules : "SURVIVED") + "\n"
            out += String(repeating: " ", count: width + 2) + entry.mistake + "\n"
        }
        let survivors = mutants.filter { !$0.caught }
        out += "\nSurvivors: " + (survivors.isEmpty ? "none" : survivors.map(\.name).joined(separator: ", ")) + "\n"
        out += "\nMistakes no rule can see, and the tests that catch them:\n"
        for entry in Mutant.caughtElsewhere { out += "  \(entry.mistake): \(entry.caughtBy)\n" }
        if !unexercisedRules.isEmpty {
            out += "\nRules no mutant is aimed at:\n"
            for (rule, reason) in unexercisedRules.sorted(by: { $0.key < $1.key }) { out += "  \(rule): \(reason)\n" }
        }
        return out
    }

    func markdown() -> String {
        var out = "**Mutation score: \(score)**\n\n| Mutant | Mistake | Caught by |\n|---|---|---|\n"
        for entry in mutants {
            out +=
                "| `\(entry.name)` | \(entry.mistake) | \(entry.caught ? entry.caughtBy.map { "`\($0)`" }.joined(separator: ", ") : "**survived**") |\n"
        }
        return out
    }
}
