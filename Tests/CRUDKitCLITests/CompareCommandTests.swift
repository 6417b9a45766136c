import CRUDBackends
import CRUDConformance
import CRUDKitCLI
import CRUDMutants
import CRUDTestSupport
import Foundation
import Testing

/// The memory backend and one that lists tasks oldest first, renamed for short columns.
private let catalogue = [
    BuiltInBackends.memory,
    Backend(name: "oldest") { try await oldestFirst.makeStorage() },
]

private let oldestFirst = Mutant.all.first { $0.name == "oldest-first" }?.backend ?? BuiltInBackends.memory

private func run(_ arguments: [String], backends: [Backend] = BuiltInBackends.all) async -> (status: Int32, out: String, err: String) {
    let console = CapturedConsole()
    let status = await CRUDKitTool.run(arguments, console: console, backends: backends)
    return (status, console.stdout, console.stderr)
}

@Suite("crudkit compare")
struct CompareCommandTests {
    @Test("The text matrix has a row per rule, a column per backend and totals")
    func textMatrix() async {
        let result = await run(["compare", "--backends", "memory"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map(String.init)
        for rule in Rules.all {
            #expect(
                lines.contains { $0.hasPrefix(rule.id + " ") && ($0.hasSuffix("pass") || $0.hasSuffix("n/a")) }, "no row for \(rule.id)")
        }
        #expect(lines.contains { $0.hasPrefix("RULE") && $0.hasSuffix("memory") })
        let applicable = Rules.all.filter { $0.requires.isSubset(of: BuiltInBackends.memory.capabilities) }.count
        #expect(lines.contains { $0.hasPrefix("passed") && $0.hasSuffix("\(applicable)") })
        #expect(result.out.contains("All applicable rules passed on memory."))
        #expect(result.out.contains("the rule needs durability"))
    }

    @Test("A failing backend gives FAIL cells, the details below the matrix, and exit status 1")
    func failingBackend() async {
        let result = await run(["compare"], backends: catalogue)
        #expect(result.status == 1)
        let row = result.out.split(separator: "\n").first { $0.hasPrefix("TASK-READ-002 ") }.map(String.init) ?? ""
        #expect(row.contains("pass") && row.hasSuffix("FAIL"), "\(row)")
        #expect(result.out.contains("TASK-READ-002 (MUST) failed on oldest:"))
        #expect(result.out.contains("hint:"))
        #expect(result.out.contains("FAILED: oldest broke"))
    }

    @Test("JSON gives the same facts as the matrix")
    func json() async throws {
        let result = await run(["compare", "--format", "json"], backends: catalogue)
        #expect(result.status == 1)
        let document = try JSONDecoder().decode(ComparisonReport.Document.self, from: Data(result.out.utf8))
        #expect(document.format == "crudkit-compare")
        #expect(document.ok == false)
        #expect(document.rules.map(\.id) == Rules.all.map(\.id))
        #expect(document.backends.map(\.name) == ["memory", "oldest"])
        let memory = try #require(document.backends.first)
        #expect(memory.failed == 0 && memory.passed + memory.notApplicable == Rules.all.count)
        let row = try #require(document.rules.first { $0.id == "TASK-READ-002" })
        #expect(row.results["memory"]?.status == "pass")
        #expect(row.results["oldest"]?.status == "fail")
        #expect(row.results["oldest"]?.expected?.contains("third") == true)
        let durable = try #require(document.rules.first { $0.id == "DURABILITY-001" })
        #expect(durable.results["memory"]?.status == "notApplicable")
        #expect(durable.results["memory"]?.reason?.isEmpty == false)
        // The matrix and the document agree on every cell.
        let text = await run(["compare"], backends: catalogue).out
        for rule in document.rules {
            let line = text.split(separator: "\n").first { $0.hasPrefix(rule.id + " ") } ?? ""
            let cells = line.split(separator: " ").suffix(2).map(String.init)
            let expected = ["memory", "oldest"].map { name -> String in
                switch rule.results[name]?.status {
                case "pass": "pass";
                case "fail": "FAIL";
                default: "n/a"
                }
            }
            #expect(cells == expected, "\(rule.id)")
        }
    }

    @Test("Markdown is a table with the failures below it")
    func markdown() async {
        let result = await run(["compare", "--format", "markdown"], backends: catalogue)
        #expect(result.out.contains("| Rule | Level | memory | oldest |"))
        #expect(result.out.contains("| `TASK-READ-002` | MUST | pass | **FAIL** |"))
        #expect(result.out.contains("## Failures"))
    }

    @Test("--backends and --rules choose the columns and rows")
    func choosing() async {
        let result = await run(["compare", "--backends", "oldest", "--rules", "task-read"], backends: catalogue)
        let rows = result.out.split(separator: "\n").filter { $0.wholeMatch(of: /[A-Z-]+-\d{3} +(MUST|SHOULD) +\S+/) != nil }
        #expect(rows.count == Rules.all.filter { $0.area == "TASK-READ" }.count)
        #expect(result.out.contains("RULE") && !result.out.contains(" memory"))
    }

    @Test(
        "Mistakes on the command line are usage errors that suggest the right word",
        arguments: [
            (["compare", "--backends", "memroy"], "unknown backend 'memroy'. Did you mean 'memory'?"),
            (["compare", "--formt", "json"], "unknown option '--formt'. Did you mean '--format'?"),
            (["compare", "--format", "yaml"], "unknown value for --format 'yaml'."),
            (["compair"], "unknown command 'compair'. Did you mean 'compare'?"),
            (["compare", "--timeout", "soon"], "--timeout needs a positive number of seconds, not 'soon'."),
            (["compare", "--backends"], "--backends needs a value."),
        ])
    func usageErrors(arguments: [String], message: String) async {
        let result = await run(arguments)
        #expect(result.status == 64)
        #expect(result.err.hasPrefix("error: \(message)"), "\(result.err)")
        #expect(result.out.isEmpty)
    }

    @Test("Every command has --help")
    func help() async {
        for command in [["--help"], ["compare", "--help"], ["rules", "--help"], ["bench", "--help"]] {
            let result = await run(command)
            #expect(result.status == 0)
            #expect(result.out.contains("USAGE: crudkit"))
        }
    }
}

@Suite("crudkit rules")
struct RulesCommandTests {
    @Test("Course/Specification.md is exactly what the registry generates")
    func specificationIsCurrent() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = root.appendingPathComponent("Course/Specification.md")
        let committed = try String(contentsOf: file, encoding: .utf8)
        let generated = await run(["rules", "--format", "markdown"]).out
        #expect(
            committed == generated,
            "Course/Specification.md is out of date: run swift run crudkit rules --format markdown > Course/Specification.md")
        for rule in Rules.all { #expect(committed.contains("### \(rule.id) (\(rule.level.rawValue))")) }
    }

    @Test("The JSON listing has every rule")
    func json() async throws {
        struct Entry: Decodable { var id: String; var level: String; var reason: String }
        let entries = try JSONDecoder().decode([Entry].self, from: Data(await run(["rules", "--format", "json"]).out.utf8))
        #expect(entries.map(\.id) == Rules.all.map(\.id))
        #expect(entries.allSatisfy { !$0.reason.isEmpty })
    }
}

@Suite("crudkit compare --mutants")
struct MutantsCommandTests {
    @Test("The mutation score counts, per catalogue, the mutants a rule aimed at them catches, and says which rules did")
    func score() async throws {
        // Two mutants: every mutant of both catalogues is run by "Mutants are caught" and by
        // .ci/run's `crudkit compare --mutants`; this checks the command's report.
        let chosen = ["oldest-first", "silent-delete"]
        let console = CapturedConsole()
        let status = await CRUDKitTool.run(
            ["compare", "--mutants", "--backends", chosen.joined(separator: ","), "--format", "json"], console: console)
        #expect(status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(console.stdout.utf8)) as? [String: Any])
        #expect(object["total"] as? Int == 2 && object["caught"] as? Int == 2)
        let catalogues = try #require(object["catalogues"] as? [[String: Any]])
        #expect(catalogues.map { $0["catalogue"] as? String } == Mutant.catalogues.map(\.name))
        let mutants = try #require(object["mutants"] as? [[String: Any]])
        let oldest = try #require(mutants.first { $0["name"] as? String == "oldest-first" })
        #expect((oldest["caughtBy"] as? [String])?.contains("TASK-READ-002") == true)
        #expect((oldest["aimedAt"] as? [String])?.contains("TASK-READ-002") == true)
        let text = CapturedConsole()
        _ = await CRUDKitTool.run(["compare", "--mutants", "--backends", chosen.joined(separator: ",")], console: text)
        #expect(text.stdout.hasPrefix("Mutation score: 2/2 mutants caught (100%)\n  written beside the rules: 2/2"))
        #expect(text.stdout.contains("Survivors: none"))
    }

    @Test("An unknown mutant name is a usage error that lists the mutants")
    func unknownMutant() async throws {
        let console = CapturedConsole()
        let status = await CRUDKitTool.run(["compare", "--mutants", "--backends", "no-such-mutant"], console: console)
        #expect(status == 64)
        #expect(console.stderr.contains("oldest-first"), "the usage error lists the mutants: \(console.stderr)")
    }
}

@Suite("crudkit fuzz")
struct FuzzCommandTests {
    @Test("A seed runs once on the chosen backends and agrees with the model")
    func seed() async {
        let console = CapturedConsole()
        let status = await CRUDKitTool.run(["fuzz", "--seed", "3", "--backends", "memory,json", "--length", "30"], console: console)
        #expect(status == 0)
        #expect(console.stdout == "1 sequence of 30 operations on memory, json agreed with the model.\n")
    }

    @Test("A differing backend fails with the seed and a shrunk sequence")
    func failure() async {
        // The first seed whose sequence lists two tasks shows the mutant; try seeds in order.
        var failing: (seed: Int, output: String)?
        for seed in 1...40 where failing == nil {
            let console = CapturedConsole()
            let status = await CRUDKitTool.run(
                ["fuzz", "--seed", "\(seed)", "--backends", "oldest", "--length", "80"], console: console, backends: catalogue)
            if status == 1 { failing = (seed, console.stdout) }
        }
        guard let (seed, output) = failing else {
            Issue.record("no seed of 40 showed the oldest-first backend")
            return
        }
        #expect(output.hasPrefix("oldest differs from the model (seed \(seed),"))
        #expect(output.contains("expected:") && output.contains("repeat with: crudkit fuzz --seed \(seed) --backends oldest"))
    }
}
