import CRUDConformance
import CRUDKitCLI
import CRUDMemory
import CRUDMutants
import CRUDServer
import CRUDSpec
import CRUDTestSupport
import Foundation
import Testing

/// `crudkit compare` with a server named by URL: a Parse-dialect server the suite does not
/// start and whose clock it does not set. Here it is the kit's own server, in this process,
/// on an ephemeral port, over a store on the system clock.
@Suite("crudkit compare against a server named by URL")
struct RemoteCompareTests {
    /// A running server over `store`, stopped by `body`'s end.
    static func withServer<T>(
        over store: any CRUDSpec, applicationID: String = "remote-app", _ body: (String) async throws -> T
    ) async throws -> T {
        try await TestServer.run(over: store, .init(port: 0, applicationID: applicationID)) { served in
            try await body(served.url.absoluteString)
        }
    }

    static func run(_ arguments: [String]) async -> (status: Int32, out: String, err: String) {
        let console = CapturedConsole()
        let status = await CRUDKitTool.run(["compare"] + arguments, console: console, environment: [:])
        return (status, console.stdout, console.stderr)
    }

    @Test("Without --wipe-remote the command refuses, says why, and leaves the server's records alone")
    func refusesWithoutConsent() async throws {
        let store = MemoryStore(clock: SystemClock())
        let kept = try await store.createTask(title: "Someone's real task", notes: nil)
        try await Self.withServer(over: store) { url in
            let result = await Self.run(["--backends", url, "--app-id", "remote-app"])
            #expect(result.status == 64)
            #expect(result.err.contains("--wipe-remote") && result.err.contains("deletes every Task and Contact"), "\(result.err)")
        }
        #expect(try await store.tasks(TaskQuery()).map(\.id) == [kept.id])
    }

    @Test("A conforming server passes every applicable rule; the rules that set the time are n/a with the reason; its old records are gone")
    func conformingServer() async throws {
        let store = MemoryStore(clock: SystemClock())
        _ = try await store.createTask(title: "Left over", notes: nil)
        _ = try await store.createContact(name: "Left over", email: "left@example.com", phone: nil)
        let rules = Rules.all.filter { $0.id.hasPrefix("TASK-READ") }
        try await Self.withServer(over: store) { url in
            let result = await Self.run(["--backends", "memory,\(url)", "--rules", "TASK-READ", "--wipe-remote", "--app-id", "remote-app"])
            #expect(result.status == 0, "\(result.out)\n\(result.err)")
            let timeRules = rules.filter { $0.requires.contains(.injectedClock) }.map(\.id)
            #expect(timeRules.count >= 3)
            for rule in rules {
                let row = result.out.split(separator: "\n").first { $0.hasPrefix(rule.id + " ") }.map(String.init) ?? ""
                #expect(row.hasSuffix(timeRules.contains(rule.id) ? "pass    n/a" : "pass    pass"), "\(row)")
            }
            #expect(result.out.contains("the rule needs injectedClock"), "\(result.out)")
            #expect(result.out.contains("All applicable rules passed on memory, \(url)."))
        }
        #expect(try await store.countTasks(TaskQuery()) == 0)
        #expect(try await store.contacts(ContactQuery()).isEmpty)
    }

    @Test("The reopen rules run on the server only with --remote-durable")
    func durability() async throws {
        try await Self.withServer(over: MemoryStore(clock: SystemClock())) { url in
            let arguments = ["--backends", url, "--rules", "DURABILITY", "--wipe-remote", "--app-id", "remote-app", "--format", "json"]
            let volatile = await Self.run(arguments)
            let durable = await Self.run(arguments + ["--remote-durable"])
            for (result, passing) in [(volatile, 0), (durable, 5)] {
                #expect(result.status == 0, "\(result.err)")
                let document = try JSONDecoder().decode(ComparisonReport.Document.self, from: Data(result.out.utf8))
                let column = try #require(document.backends.first)
                #expect(column.passed == passing && column.failed == 0, "\(column)")
                #expect(column.passed + column.notApplicable == Rules.all.filter { $0.id.hasPrefix("DURABILITY") }.count)
            }
        }
    }

    @Test("A server whose store keeps untrimmed titles fails the trimming rules, with the server's URL in the report")
    func failingServer() async throws {
        let mutant = try #require(Mutant.all.first { $0.name == "untrimmed-titles" })
        let storage = try await mutant.backend.makeStorage()
        let store = try await storage.open(clock: SystemClock())
        try await Self.withServer(over: store) { url in
            let result = await Self.run(["--backends", url, "--rules", "TASK-CREATE", "--wipe-remote", "--app-id", "remote-app"])
            #expect(result.status == 1)
            #expect(result.out.contains("failed on \(url):"), "\(result.out)")
            let failing = Rules.all.filter { mutant.aimedAt.contains($0.id) && $0.id.hasPrefix("TASK-CREATE") }.map(\.id)
            #expect(!failing.isEmpty)
            for id in failing {
                let row = result.out.split(separator: "\n").first { $0.hasPrefix(id + " ") }.map(String.init) ?? ""
                #expect(row.hasSuffix("FAIL"), "\(row)")
            }
        }
        await storage.dispose()
    }

    @Test("A server that refuses the keys, or nothing at the address, stops the command before any check (status 69)")
    func unreachable() async throws {
        try await Self.withServer(over: MemoryStore(clock: SystemClock())) { url in
            let refused = await Self.run(["--backends", url, "--wipe-remote", "--app-id", "wrong-app"])
            #expect(refused.status == 69)
            #expect(refused.err.contains("cannot be checked") && refused.err.contains("--app-id"), "\(refused.err)")
            #expect(!refused.out.contains("RULE"))
        }
        // A held port nothing listens on: the address of a stopped server could be taken by
        // another test's server meanwhile, and this command would empty it.
        let address = try RefusingAddress()
        defer { address.release() }
        let closed = address.url.absoluteString
        let nothing = await Self.run(["--backends", closed, "--wipe-remote"])
        #expect(nothing.status == 69)
        #expect(nothing.err.contains("\(closed) cannot be checked"), "\(nothing.err)")
    }

    @Test("Server flags without a server URL, or a URL with --mutants, are usage errors")
    func usage() async {
        #expect(await Self.run(["--backends", "memory", "--wipe-remote"]).status == 64)
        #expect(await Self.run(["--backends", "memory", "--remote-durable"]).status == 64)
        #expect(await Self.run(["--mutants", "--backends", "http://127.0.0.1:1/parse", "--wipe-remote"]).status == 64)
        let twice = await Self.run(["--backends", "http://127.0.0.1:1/parse,HTTP://127.0.0.1:1/parse/", "--wipe-remote"])
        #expect(twice.status == 64 && twice.err.contains("are the same server"), "\(twice.err)")
    }
}
