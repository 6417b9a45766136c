import CRUDConformance
import CRUDMutants
import Foundation

/// `crudkit compare --mutants`: the whole suite on every deliberately broken backend, and
/// how many of them it catches (the mutation score).
struct MutationReport: Codable {
    struct Entry: Codable {
        var name: String
        var mistake: String
        var catalogue: String
        /// The rules that failed on this mutant.
        var caughtBy: [String]
        /// The rules the mutant is aimed at: all must be among ``caughtBy`` for it to count as caught.
        var aimedAt: [String]
        /// Whether every rule aimed at the mutant failed: a mutant that only unrelated rules
        /// notice, or that slips past one of its aimed rules, is not counted as caught.
        var caught: Bool
    }

    struct Score: Codable {
        var catalogue: String
        var caught: Int
        var total: Int
    }

    var format = "crudkit-mutants"
    var version = 2
    var caught: Int
    var total: Int
    var catalogues: [Score]
    var mutants: [Entry]
    var unexercisedRules: [String: String]

    /// Runs every rule on every mutant whose name is in `names` (all when nil).
    static func run(runner: ConformanceRunner, names: Set<String>? = nil, console: any Console) async -> MutationReport {
        let chosen = Mutant.catalogues.map { catalogue in
            (name: catalogue.name, mutants: catalogue.mutants.filter { names?.contains($0.name) ?? true })
        }
        console.err("Running \(Rules.all.count) rules on \(chosen.map(\.mutants.count).reduce(0, +)) mutants…\n")
        var entries: [Entry] = []
        var scores: [Score] = []
        for catalogue in chosen {
            for mutant in catalogue.mutants {
                let results = await runner.run(Rules.all, on: [mutant.backend])
                let caughtBy = results.filter { if case .failed = $0.outcome { true } else { false } }.map(\.rule.id)
                entries.append(
                    Entry(
                        name: mutant.name, mistake: mutant.mistake, catalogue: catalogue.name, caughtBy: caughtBy,
                        aimedAt: mutant.aimedAt.sorted(), caught: !mutant.aimedAt.isEmpty && mutant.aimedAt.isSubset(of: caughtBy)))
            }
            let mine = entries.filter { $0.catalogue == catalogue.name }
            scores.append(Score(catalogue: catalogue.name, caught: mine.filter(\.caught).count, total: mine.count))
        }
        return MutationReport(
            caught: entries.filter(\.caught).count, total: entries.count, catalogues: scores, mutants: entries,
            unexercisedRules: Mutant.unexercised)
    }

    static func score(_ caught: Int, _ total: Int) -> String {
        "\(caught)/\(total) mutants caught (\(total == 0 ? 0 : caught * 100 / total)%)"
    }

    var score: String { Self.score(caught, total) }

    func text() -> String {
        let width = max(6, mutants.map(\.name.count).max() ?? 0)
        var out = "Mutation score: \(score)\n"
        for catalogue in catalogues { out += "  \(catalogue.catalogue): \(Self.score(catalogue.caught, catalogue.total))\n" }
        out += "\n" + "MUTANT".padding(toLength: width, withPad: " ", startingAt: 0) + "  CAUGHT BY\n"
        for entry in mutants {
            let rules =
                entry.caughtBy.prefix(3).joined(separator: ", ") + (entry.caughtBy.count > 3 ? " and \(entry.caughtBy.count - 3) more" : "")
            let verdict = entry.caught ? rules : entry.caughtBy.isEmpty ? "SURVIVED" : "SURVIVED its aimed rules (only \(rules) failed)"
            out += entry.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + verdict + "\n"
            out += String(repeating: " ", count: width + 2) + entry.mistake + "\n"
        }
        let survivors = mutants.filter { !$0.caught }
        out += "\nSurvivors: " + (survivors.isEmpty ? "none" : survivors.map(\.name).joined(separator: ", ")) + "\n"
        out += "\nMistakes no rule can see, and the tests that catch them:\n"
        for entry in Mutant.caughtElsewhere { out += "  \(entry.mistake): \(entry.test)\n" }
        if !unexercisedRules.isEmpty {
            out += "\nRules no mutant is aimed at:\n"
            for (rule, reason) in unexercisedRules.sorted(by: { $0.key < $1.key }) { out += "  \(rule): \(reason)\n" }
        }
        return out
    }

    func markdown() -> String {
        var out = "**Mutation score: \(score)**\n\n"
        for catalogue in catalogues { out += "- \(catalogue.catalogue): \(Self.score(catalogue.caught, catalogue.total))\n" }
        out += "\n| Mutant | Mistake | Caught by |\n|---|---|---|\n"
        for entry in mutants {
            out +=
                "| `\(entry.name)` | \(entry.mistake) | \(entry.caught ? entry.caughtBy.map { "`\($0)`" }.joined(separator: ", ") : "**survived**") |\n"
        }
        return out
    }
}
