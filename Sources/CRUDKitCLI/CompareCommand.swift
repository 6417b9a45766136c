import CRUDBackends
import CRUDConformance
import CRUDMutants
import Foundation

/// `crudkit compare`: the whole suite on every chosen backend, side by side.
struct CompareCommand {
    static let name = "compare"
    static let summary = "Run the conformance suite on every backend and print the side-by-side matrix."
    static let options = ["backends", "format", "rules", "timeout", "jobs", "mutants", "help"]

    static var help: String {
        """
        USAGE: crudkit compare [--backends LIST] [--rules PREFIX] [--format text|markdown|json]
                               [--timeout SECONDS] [--jobs N]
               crudkit compare --mutants [--backends NAMES] [--format text|markdown|json]

        \(summary)
        Rules are rows, backends are columns; each cell is pass, FAIL or n/a (the rule needs
        something the backend does not declare, with the reason below the matrix).

        OPTIONS:
          --backends LIST   Comma-separated backends (default: all: \(BuiltInBackends.names.joined(separator: ", "))).
          --rules PREFIX    Only rules whose ID starts with PREFIX, for example TASK-READ.
          --format FORMAT   text (default), markdown or json.
          --timeout SECONDS How long one check may run before it fails (default: 120).
          --jobs N          How many checks run at once (default: 8).
          --mutants         Run the suite on every deliberately broken backend instead, and print
                            the mutation score of each catalogue: how many of them a rule aimed
                            at them catches. With --backends, only the mutants of those names.
          --help            Show this help.

        EXIT STATUS:
          0   every applicable rule passed on every backend
          1   a backend broke a rule
          64  the command line is wrong
        """
    }

    let backends: [Backend]
    let rules: [Rule]
    let format: String
    let runner: ConformanceRunner
    let mutants: Bool

    init(arguments words: [String], catalogue: [Backend]) throws(UsageError) {
        var arguments = Arguments(words)
        format = try arguments.choice("format", among: ["text", "markdown", "json"], default: "text")
        mutants = arguments.flag("mutants")
        let catalogue = mutants ? Mutant.all.map(\.backend) : catalogue
        let names = catalogue.map(\.name)
        if let list = try arguments.option("backends") {
            var chosen: [Backend] = []
            for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
                guard let backend = catalogue.first(where: { $0.name == name }) else { throw .unknown("backend", name, among: names) }
                if !chosen.contains(where: { $0.name == name }) { chosen.append(backend) }
            }
            guard !chosen.isEmpty else { throw UsageError("--backends needs at least one backend name.") }
            backends = chosen
        } else {
            backends = catalogue
        }
        if let prefix = try arguments.option("rules") {
            rules = Rules.all.filter { $0.id.hasPrefix(prefix.uppercased()) }
            guard !rules.isEmpty else { throw .unknown("rule prefix", prefix, among: Rules.areas.map(\.id)) }
        } else {
            rules = Rules.all
        }
        var runner = ConformanceRunner()
        if let value = try arguments.option("timeout") {
            guard let seconds = Double(value), seconds > 0 else {
                throw UsageError("--timeout needs a positive number of seconds, not '\(value)'.")
            }
            runner.timeout = .milliseconds(Int64(seconds * 1_000))
        }
        if let value = try arguments.option("jobs") {
            guard let jobs = Int(value), jobs > 0 else { throw UsageError("--jobs needs a positive whole number, not '\(value)'.") }
            runner.maxConcurrentChecks = jobs
        }
        self.runner = runner
        try arguments.finish(knownOptions: Self.options)
    }

    func run(console: any Console) async throws -> ExitCode {
        if mutants {
            let report = await MutationReport.run(runner: runner, names: Set(backends.map(\.name)), console: console)
            switch format {
            case "json": console.out(try Render.json(report))
            case "markdown": console.out(report.markdown())
            default: console.out(report.text())
            }
            return report.caught == report.total ? .success : .failure
        }
        console.err("Checking \(rules.count) rules on \(backends.map(\.name).joined(separator: ", "))…\n")
        let results = await runner.run(rules, on: backends)
        let report = ComparisonReport(rules: rules, backends: backends, results: results)
        switch format {
        case "json": console.out(try report.json())
        case "markdown": console.out(report.markdown())
        default: console.out(report.text())
        }
        return report.allPassed ? .success : .failure
    }
}
