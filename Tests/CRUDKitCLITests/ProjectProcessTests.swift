import CRUDKitCLI
import CRUDTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `crudkit` binary, run as a separate process for each command, the way a
/// person or a script runs it: no terminal, its own environment, exit statuses read back.
struct Crudkit {
    let environment: [String: String]

    struct Result {
        let status: Int32
        let out: String
        let err: String
    }

    struct MissingExecutable: Error, CustomStringConvertible {
        var description: String { "crudkit was not built beside the tests" }
    }

    static func executableURL() throws -> URL {
        guard let url = executable else { throw MissingExecutable() }
        return url
    }

    static var executable: URL? {
        BuiltProduct.path("crudkit").map(URL.init(fileURLWithPath:))
    }

    /// A clean environment: HOME and XDG_DATA_HOME in `folder`, no CRUDKIT_STORE unless given.
    init(folder: String, store: String? = nil, extra: [String: String] = [:]) {
        var environment = ["HOME": folder, "XDG_DATA_HOME": folder + "/data", "PATH": "/usr/bin:/bin"]
        if let store { environment["CRUDKIT_STORE"] = store }
        self.environment = environment.merging(extra) { _, new in new }
    }

    func callAsFunction(_ arguments: String...) async throws -> Result {
        try await run(arguments)
    }

    /// Runs the program and waits for it on a thread of its own (`finished()`): waiting for a
    /// child process must not hold one of the few threads of the cooperative pool that
    /// in-process servers need.
    func run(_ arguments: [String]) async throws -> Result {
        let child = try ChildProcess(try Self.executableURL().path, arguments, environment: environment)
        let (ending, out, err) = await child.finished()
        guard case .exited(let status) = ending else { throw SpawnError(description: "crudkit \(arguments): \(ending)") }
        return Result(status: status, out: out, err: err)
    }
}

/// A fresh folder per test, removed at the end.
final class Workspace {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

struct TaskJSON: Decodable, Equatable {
    var id: String
    var title: String
    var notes: String?
    var isCompleted: Bool
    var createdAt: String
    var updatedAt: String
}

@Suite("The practical project, as a program")
struct ProjectProcessTests {
    @Test("Data persists between launches", arguments: ["json", "sqlite", "default"])
    func persistence(kind: String) async throws {
        let workspace = try Workspace()
        let store: String? =
            switch kind {
            case "json": "json:\(workspace.path)/tasks.json"
            case "sqlite": "sqlite:\(workspace.path)/tasks.sqlite"
            default: nil
            }
        let crudkit = Crudkit(folder: workspace.path, store: store)
        #expect(try await crudkit("tasks", "add", "Buy milk", "--notes", "2 litres").status == 0)
        #expect(try await crudkit("contacts", "add", "--name", "Ada", "--email", "ADA@example.com").status == 0)
        let listed = try await crudkit("tasks", "list", "--json")
        let tasks = try JSONDecoder().decode([TaskJSON].self, from: Data(listed.out.utf8))
        #expect(tasks.map(\.title) == ["Buy milk"] && tasks.first?.notes == "2 litres")
        #expect(try await crudkit("tasks", "done", String(tasks[0].id.prefix(8))).status == 0)
        let again = try JSONDecoder().decode([TaskJSON].self, from: Data(try await crudkit("tasks", "list", "--json").out.utf8))
        #expect(again.first?.isCompleted == true)
        #expect(try await crudkit("contacts", "list").out.contains("ada@example.com"))
        if kind == "default" {
            #expect(FileManager.default.fileExists(atPath: workspace.path + "/data/crudkit/crudkit.sqlite"))
        }
    }

    @Test("The memory store keeps nothing between launches")
    func memoryForgets() async throws {
        let workspace = try Workspace()
        let crudkit = Crudkit(folder: workspace.path, store: "memory")
        #expect(try await crudkit("tasks", "add", "Gone soon").status == 0)
        #expect(try await crudkit("tasks", "list").out.hasPrefix("No tasks yet."))
    }

    @Test("Persistence over HTTP: crudkit tasks against crudkit serve")
    func overHTTP() async throws {
        let workspace = try Workspace()
        let server = try ChildProcess(
            try Crudkit.executableURL().path, ["serve", "--port", "0", "--quiet", "--store", "sqlite:\(workspace.path)/server.sqlite"])
        // Killed on every way out; reaped below when the test gets that far.
        defer { server.kill(SIGTERM) }
        let line = await server.firstLine()
        let url = try #require(line.split(separator: " ").last.map(String.init), "no URL in: \(line)")
        let crudkit = Crudkit(folder: workspace.path, store: url)
        #expect(try await crudkit("tasks", "add", "Remote").status == 0)
        #expect(try await crudkit("tasks", "list").out.contains("Remote"))
        let wrongKey = Crudkit(folder: workspace.path, store: url, extra: ["CRUDKIT_APP_ID": "wrong"])
        let refused = try await wrongKey("tasks", "list")
        #expect(refused.status == 69 && refused.err == "error: The server refused the application id or the client key.\n")
        server.kill(SIGTERM)
        #expect(await server.finished().ending == .exited(0))
    }

    @Test("An empty store says how to start")
    func emptyState() async throws {
        let workspace = try Workspace()
        let crudkit = Crudkit(folder: workspace.path, store: "json:\(workspace.path)/t.json")
        #expect(try await crudkit("tasks", "list").out == "No tasks yet. Add one with: crudkit tasks add \"Buy milk\"\n")
        #expect(try await crudkit("contacts", "list").out.hasPrefix("No contacts yet. Add one with: crudkit contacts add"))
        let empty = try await crudkit("tasks", "list", "--json").out
        #expect(empty == "[\n\n]\n" || empty == "[]\n")
    }

    @Test("Without a terminal, delete needs --yes, and nothing is deleted without it")
    func deleteNeedsYes() async throws {
        let workspace = try Workspace()
        let crudkit = Crudkit(folder: workspace.path, store: "json:\(workspace.path)/t.json")
        _ = try await crudkit("tasks", "add", "Precious")
        let id = try JSONDecoder().decode([TaskJSON].self, from: Data(try await crudkit("tasks", "list", "--json").out.utf8))[0].id
        let refused = try await crudkit("tasks", "delete", String(id.prefix(8)))
        #expect(refused.status == 64 && refused.out.isEmpty)
        #expect(refused.err.hasPrefix("error: not deleting task 'Precious' without confirmation"))
        #expect(try await crudkit("tasks", "list").out.contains("Precious"))
        let deleted = try await crudkit("tasks", "delete", String(id.prefix(8)), "--yes")
        #expect(deleted.status == 0 && deleted.out.contains("Deleted task"))
        #expect(try await crudkit("tasks", "list").out.hasPrefix("No tasks yet."))
    }

    @Test("Every error is one plain line on stderr with its own exit status")
    func exitStatuses() async throws {
        let workspace = try Workspace()
        let crudkit = Crudkit(folder: workspace.path, store: "json:\(workspace.path)/t.json")
        _ = try await crudkit("contacts", "add", "--name", "Ada", "--email", "ada@example.com")
        try Data("not a store".utf8).write(to: URL(fileURLWithPath: workspace.path + "/broken.json"))
        let cases: [([String], Int32, String)] = [
            (["tasks", "add", "   "], 65, "error: Task title cannot be empty.\n"),
            (
                ["contacts", "add", "--name", "B", "--email", "ADA@example.com"], 65,
                "error: Another contact already has this email address.\n"
            ),
            (["tasks", "show", "abcdef12"], 66, "error: No task has an id starting with 'abcdef12'.\n"),
            (
                ["tasks", "import", workspace.path + "/missing.txt"], 66,
                "error: Cannot read '\(workspace.path)/missing.txt': no such file, or no permission.\n"
            ),
            (
                ["tasks", "list", "--store", "json:\(workspace.path)/broken.json"], 74,
                "error: The store at \(workspace.path)/broken.json is damaged or is not a CRUDKit store. It was left unchanged.\n"
            ),
            (["tasks", "list", "--store", "http://127.0.0.1:9/parse"], 69, "error: The server could not be reached"),
            (["tasks", "lst"], 64, "error: unknown subcommand of tasks 'lst'. Did you mean 'list'?\n"),
            (["tasks", "list", "--sortt", "title"], 64, "error: unknown option '--sortt'. Did you mean '--sort'?\n"),
            (["tasks", "list", "--store", "oracle://x"], 64, "error: --store must be one of"),
            (["tasks", "show", "xyz"], 64, "error: 'xyz' is not a task id"),
        ]
        for (arguments, status, message) in cases {
            let result = try await crudkit.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.err)")
            #expect(result.err.hasPrefix(message), "\(arguments): \(result.err)")
            #expect(result.out.isEmpty, "\(arguments) printed to stdout: \(result.out)")
            #expect(!result.err.contains("Fatal error") && !result.err.contains(".swift:"), "\(arguments): \(result.err)")
        }
        #expect(try String(contentsOfFile: workspace.path + "/broken.json", encoding: .utf8) == "not a store")
    }

    @Test("An ambiguous id prefix is refused and names the candidates")
    func ambiguousPrefix() async throws {
        let workspace = try Workspace()
        let crudkit = Crudkit(folder: workspace.path, store: "sqlite:\(workspace.path)/t.sqlite")
        // 17 ids over 16 hex digits: two must share their first digit.
        try (1...17).map { "task \($0)" }.joined(separator: "\n").write(
            toFile: workspace.path + "/titles.txt", atomically: true, encoding: .utf8)
        #expect(try await crudkit("tasks", "import", workspace.path + "/titles.txt").out == "Imported 17 tasks.\n")
        let ids = try JSONDecoder().decode([TaskJSON].self, from: Data(try await crudkit("tasks", "list", "--json").out.utf8)).map(\.id)
        let shared = try #require(Dictionary(grouping: ids, by: { $0.prefix(1) }).first { $0.value.count > 1 }?.key)
        let result = try await crudkit("tasks", "show", String(shared))
        #expect(result.status == 65)
        #expect(result.err.contains("'\(shared)' matches") && result.err.contains("type more of the id"))
    }

    @Test("Output has no colour codes without a terminal, and --json has stable keys")
    func plainOutput() async throws {
        let workspace = try Workspace()
        let crudkit = Crudkit(folder: workspace.path, store: "json:\(workspace.path)/t.json")
        _ = try await crudkit("tasks", "add", "Plain")
        let table = try await crudkit("tasks", "list")
        #expect(!table.out.contains("\u{1B}["))
        #expect(table.out.contains("[ ] ") && table.out.contains("just now"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(try await crudkit("tasks", "list", "--json").out.utf8)) as? [[String: Any]])
        #expect(object.first.map { $0.keys.sorted() } == ["createdAt", "id", "isCompleted", "notes", "title", "updatedAt"])
        #expect(object.first?["notes"] is NSNull)
    }
}

@Suite("Confirmation on a terminal")
struct ConfirmationTests {
    @Test(
        "On a terminal, delete asks; 'y' deletes and anything else keeps the record",
        arguments: [("y", true), ("yes", true), ("n", false), ("", false)])
    func asks(answer: String, deletes: Bool) async throws {
        let workspace = try Workspace()
        let environment = ["CRUDKIT_STORE": "json:\(workspace.path)/t.json", "HOME": workspace.path]
        _ = await CRUDKitTool.run(["tasks", "add", "Maybe"], console: CapturedConsole(), environment: environment)
        let listing = CapturedConsole()
        _ = await CRUDKitTool.run(["tasks", "list", "--json"], console: listing, environment: environment)
        let id = try JSONDecoder().decode([TaskJSON].self, from: Data(listing.stdout.utf8))[0].id
        let terminal = CapturedConsole(input: [answer], isInteractive: true)
        let status = await CRUDKitTool.run(["tasks", "delete", id], console: terminal, environment: environment)
        #expect(status == 0)
        #expect(terminal.stdout.hasPrefix("Delete task 'Maybe'? [y/N] "))
        #expect(terminal.stdout.contains(deletes ? "Deleted task" : "Nothing was deleted."))
        let after = CapturedConsole()
        _ = await CRUDKitTool.run(["tasks", "list"], console: after, environment: environment)
        #expect(after.stdout.contains("Maybe") == !deletes)
    }
}
