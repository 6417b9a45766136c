import CRUDBackends
import CRUDTestSupport
import Foundation
import Testing

@testable import CRUDKitCLI

/// Runs crudkit in-process on a JSON store in `folder`.
private func run(_ arguments: [String], in folder: String) async -> (status: Int32, out: String, err: String) {
    let console = CapturedConsole()
    let environment = ["CRUDKIT_STORE": "json:\(folder)/store.json", "HOME": folder]
    let status = await CRUDKitTool.run(arguments, console: console, environment: environment)
    return (status, console.stdout, console.stderr)
}

/// The titles in the store, read back through `tasks list --json`.
private func titles(in folder: String) async throws -> [String] {
    struct Listed: Decodable { var title: String }
    let listed = await run(["tasks", "list", "--json"], in: folder)
    try #require(listed.status == 0, "tasks list --json failed: \(listed.err)")
    return try JSONDecoder().decode([Listed].self, from: Data(listed.out.utf8)).map(\.title)
}

/// A command with one of each kind of argument, for the parser alone.
private struct Sample: ParsableCommand {
    static let configuration = CommandConfiguration(name: "sample", summary: "A sample.")
    @Argument("FIRST", help: "The first word.") var first: String
    @Argument("SECOND", help: "An optional word.") var second: String?
    @Option("count", value: "N", help: "How many.", parser: .wholeNumber) var count = 1
    @Option("name", value: "NAME", help: "A name.") var name: String?
    @Option("tag", value: "TAG", help: "A tag (repeatable).") var tags: [String]
    @Flag("loud", help: "Shout.") var loud: Bool

    func run(_ context: CommandContext) async throws -> ExitCode { .success }
}

private func parseSample(_ words: [String]) throws(UsageError) -> Sample? {
    guard case .run(let command) = try CommandParser.parse(words, as: Sample.self, path: ["crudkit", "sample"]) else { return nil }
    return command as? Sample
}

@Suite("The command line, read from declared arguments")
struct CommandLineTests {
    @Test(
        "A usage error points to the help of the command it is about",
        arguments: [
            (["contacts", "delet", "3"], "crudkit contacts"), (["compare", "--jobs", "x"], "crudkit compare"),
            (["exercises", "hint", "99"], "crudkit exercises hint"), (["nonsense"], "crudkit"),
        ])
    func usageNamesTheCommand(arguments: [String], command: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-usage-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = await run(arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.err.hasSuffix("Run '\(command) --help' for usage.\n"), "\(result.err)")
    }

    @Test("Words after a lone -- are positional: tasks add -- --help adds a task titled --help")
    func literalWords() async throws {
        let workspace = try Workspace()
        let added = await run(["tasks", "add", "--", "--help"], in: workspace.path)
        #expect(added.status == 0, "\(added.err)")
        #expect(added.out.hasPrefix("Added task ") && added.out.hasSuffix(": --help\n"), "expected the task to be added, got: \(added.out)")
        #expect(!added.out.contains("USAGE"), "help was printed instead of adding the task")
        let dashed = await run(["tasks", "add", "--notes", "-n", "--", "-h"], in: workspace.path)
        #expect(dashed.status == 0, "\(dashed.err)")
        #expect(try await titles(in: workspace.path) == ["-h", "--help"])
        // Before the --, --help still asks for help, and adds nothing.
        let help = await run(["tasks", "add", "--help"], in: workspace.path)
        #expect(help.status == 0 && help.out.hasPrefix("USAGE: crudkit tasks add TITLE"), "\(help.out)")
        #expect(try await titles(in: workspace.path).count == 2)
    }

    @Test(
        "A mistyped subcommand is a usage error naming the closest one, and changes nothing",
        arguments: [
            (["contacts", "delet"], "unknown subcommand of contacts 'delet'. Did you mean 'delete'?"),
            (["contacts", "remove"], "unknown subcommand of contacts 'remove'. Valid: add, list, show, edit, delete."),
            (["contacts", "dlete", "--yes"], "unknown subcommand of contacts 'dlete'. Did you mean 'delete'?"),
            (["contacts", "Delete", "--yes"], "unknown subcommand of contacts 'Delete'. Did you mean 'delete'?"),
            (["tasks", "delet"], "unknown subcommand of tasks 'delet'. Did you mean 'delete'?"),
            (["tasks", "remove", "--yes"], "unknown subcommand of tasks 'remove'."),
            (["tasks", "tggle"], "unknown subcommand of tasks 'tggle'. Did you mean 'toggle'?"),
        ])
    func mistypedSubcommand(words: [String], message: String) async throws {
        let workspace = try Workspace()
        #expect(await run(["tasks", "add", "Keep me"], in: workspace.path).status == 0)
        let contact = await run(["contacts", "add", "--name", "Ada", "--email", "ada@example.com"], in: workspace.path)
        #expect(contact.status == 0, "\(contact.err)")
        let listed = await run(["contacts", "list", "--json"], in: workspace.path)
        struct Listed: Decodable { var id: String }
        let id = try #require(try JSONDecoder().decode([Listed].self, from: Data(listed.out.utf8)).first?.id)
        let taskID = try #require(
            try JSONDecoder().decode([Listed].self, from: Data(await run(["tasks", "list", "--json"], in: workspace.path).out.utf8)).first?
                .id)
        // The id each record's delete would take, right after the mistyped word.
        let target = words[0] == "contacts" ? id : taskID
        let result = await run(Array(words.prefix(2)) + [target] + words.dropFirst(2), in: workspace.path)
        #expect(result.status == 64, "expected exit 64, got \(result.status): \(result.err)")
        #expect(result.err.hasPrefix("error: \(message)"), "\(result.err)")
        #expect(result.out.isEmpty, "printed: \(result.out)")
        #expect(try await titles(in: workspace.path) == ["Keep me"])
        #expect(await run(["contacts", "list"], in: workspace.path).out.contains("ada@example.com"))
    }

    @Test("Every subcommand's help is written from what it declares")
    func helpFromDeclarations() async throws {
        let workspace = try Workspace()
        // Pinned here, not read from the declarations: an option the reflection missed
        // would be missing from both the help and the list below.
        let known = [
            (["bench"], ["--sizes", "--backends", "--repeats", "--format", "--from"]),
            (["compare"], ["--backends", "--rules", "--format"]),
            (["tasks", "delete"], ["--yes"]),
        ]
        for (path, labels) in known {
            let help = await run(path + ["--help"], in: workspace.path).out
            for label in labels { #expect(help.contains(label), "\(path) help lacks \(label): \(help)") }
        }
        #expect(CRUDKitCommand.configuration.subcommands.count >= 10, "the tool's commands: \(CRUDKitCommand.configuration.subcommands)")
        for group in CRUDKitCommand.configuration.subcommands {
            for command in [group] + group.configuration.subcommands {
                let path = command == group ? [group.configuration.name] : [group.configuration.name, command.configuration.name]
                let result = await run(path + ["--help"], in: workspace.path)
                #expect(result.status == 0, "\(path): \(result.err)")
                #expect(result.out.contains(command.configuration.summary), "\(path) help lacks its summary: \(result.out)")
                for argument in CommandParser.arguments(of: command.init()).map(\.declaration) {
                    #expect(result.out.contains(argument.label), "\(path) help lacks \(argument.label): \(result.out)")
                    #expect(result.out.contains(argument.help.prefix(30)), "\(path) help lacks the help of \(argument.label)")
                }
            }
        }
    }

    @Test("Options take --name VALUE and --name=VALUE; flags and positionals fill in; defaults stay")
    func parsing() throws {
        let sample = try #require(try parseSample(["one", "--count=3", "--name", "Ada", "--tag", "a", "--loud", "--tag=b", "two"]))
        #expect(sample.first == "one" && sample.second == "two")
        #expect(sample.count == 3 && sample.name == "Ada" && sample.tags == ["a", "b"] && sample.loud)
        let plain = try #require(try parseSample(["only"]))
        #expect(plain.first == "only" && plain.second == nil && plain.count == 1 && plain.name == nil && plain.tags.isEmpty && !plain.loud)
        // An option's value may start with a dash, and --name= gives an empty one.
        #expect(try parseSample(["x", "--name", "--loud"])?.name == "--loud")
        #expect(try parseSample(["x", "--name=", "y"])?.name == "")
        #expect(try parseSample(["x", "--name=", "y"])?.second == "y")
    }

    @Test(
        "Mistakes are usage errors that say what was expected",
        arguments: [
            (["one", "--cont", "2"], "unknown option '--cont'. Did you mean '--count'?"),
            (["one", "--count", "many"], "--count needs a whole number ≥ 0, not 'many'."),
            (["one", "--count"], "--count needs a value."),
            (["one", "--name", "a", "--name", "b"], "--name was given more than once."),
            (["one", "--loud=yes"], "--loud takes no value."),
            (["one", "two", "three"], "unexpected argument 'three'."),
            ([], "sample needs a FIRST."),
            (["-x"], "unknown option '-x'."),
        ])
    func mistakes(words: [String], message: String) {
        #expect {
            _ = try parseSample(words)
        } throws: { error in
            (error as? UsageError)?.message.hasPrefix(message) == true
        }
    }

    @Test("--help wins over every other mistake, and -h means the same")
    func helpWins() throws {
        for words in [["--help"], ["-h"], ["--bogus", "--help"], ["--count", "x", "-h"]] {
            let outcome = try CommandParser.parse(words, as: Sample.self, path: ["crudkit", "sample"])
            guard case .help(let text) = outcome else {
                Issue.record("\(words): expected help, got a command")
                continue
            }
            #expect(text.hasPrefix("USAGE: crudkit sample FIRST [SECOND] [--count N] [--name NAME] [--tag TAG ...] [--loud]"), "\(text)")
        }
    }
}

@Suite("One reading of --backends and of seconds")
struct SharedOptionTests {
    @Test(
        "compare, fuzz and bench read --backends with one parser, so their mistakes read the same", arguments: ["compare", "fuzz", "bench"])
    func backendList(command: String) async throws {
        let workspace = try Workspace()
        for (list, message) in [
            ("memroy", "unknown backend 'memroy'. Did you mean 'memory'?"), (" , ", "--backends needs at least one backend name."),
            ("memory,sqlit", "unknown backend 'sqlit'. Did you mean 'sqlite'?"),
        ] {
            let result = await run([command, "--backends", list], in: workspace.path)
            #expect(result.status == 64, "\(command) --backends '\(list)': expected 64, got \(result.status): \(result.err)")
            #expect(result.err.hasPrefix("error: \(message)"), "\(command) --backends '\(list)': \(result.err)")
            #expect(result.out.isEmpty)
        }
    }

    @Test("Only compare takes a server's URL in --backends")
    func serverURLs() throws {
        let catalogue = [BuiltInBackends.memory]
        let entries = try BackendList.parse("memory, http://127.0.0.1:1/parse,memory", among: catalogue, servers: true)
        #expect(entries.count == 2, "expected memory and the server once each, got \(entries)")
        guard case .server(let url, _) = entries.last else {
            Issue.record("expected the URL to be read as a server, got \(entries)")
            return
        }
        #expect(url.absoluteString == "http://127.0.0.1:1/parse")
        #expect(throws: UsageError.self) { try BackendList.backends("http://127.0.0.1:1/parse", among: catalogue) }
        #expect(try BackendList.backends(nil, among: catalogue).map(\.name) == ["memory"])
    }

    @Test("Seconds become a Duration in one place", arguments: [("1.5", 1_500), ("120", 120_000), ("0.001", 1)])
    func seconds(text: String, milliseconds: Int) throws {
        #expect(try ValueParser<Duration>.positiveSeconds.parse(text, "--timeout") == .milliseconds(milliseconds))
    }

    @Test("Seconds that are not a positive number are refused", arguments: ["0", "-1", "soon", "nan", "inf"])
    func badSeconds(text: String) {
        #expect(throws: UsageError("--timeout needs a positive number of seconds, not '\(text)'.")) {
            try ValueParser<Duration>.positiveSeconds.parse(text, "--timeout")
        }
    }
}
