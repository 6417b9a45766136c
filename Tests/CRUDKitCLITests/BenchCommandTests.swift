import CRUDKitCLI
import CRUDTestSupport
import Foundation
import Testing

@Suite("crudkit bench")
struct BenchCommandTests {
    struct Document: Decodable {
        struct Result: Decodable {
            var backend: String
            var size: Int
            var operation: String
            var count: Int
            var seconds: Double
        }
        struct Ratio: Decodable {
            var size: Int
            var what: String
            var ratio: Double
            var target: Target?
        }
        struct Target: Decodable, Equatable {
            var bound: String
            var value: Double
        }
        struct Machine: Decodable {
            var swift: String
            var build: String
        }
        var format: String
        var results: [Result]
        var ratios: [Ratio]
        var machine: Machine
    }

    @Test("A tiny run measures every operation of every backend and the raw C baseline, with ratios")
    func tinyRun() async throws {
        let console = CapturedConsole()
        let status = await CRUDKitTool.run(
            ["bench", "--sizes", "20,40", "--budget", "1", "--repeats", "1", "--format", "json"], console: console)
        #expect(status == 0, "\(console.stderr)")
        let document = try JSONDecoder().decode(Document.self, from: Data(console.stdout.utf8))
        #expect(document.format == "crudkit-bench")
        let operations = [
            "create one by one", "import (one batch)", "list newest first", "list by title", "search", "get by id", "rename", "delete",
            "close and reopen",
        ]
        for backend in ["memory", "json", "journal", "sqlite"] {
            for size in [20, 40] {
                let measured = document.results.filter { $0.backend == backend && $0.size == size }.map(\.operation)
                #expect(measured == operations, "\(backend) at \(size)")
            }
        }
        #expect(document.results.filter { $0.backend == "raw C" }.count == 4)
        let http = document.results.filter { $0.backend == "http" }.map(\.operation)
        #expect(
            http == [
                "get by id, 1 client", "get by id, bare URLSession loop", "get by id, 8 clients", "create, 1 client", "rename, 1 client",
                "server capacity, 8 keep-alive C clients",
            ])
        #expect(document.ratios.contains { $0.what.contains("http server capacity") && $0.ratio > 0 })
        // The client's rates against each other; higher is better, so the targets are floors.
        let floors = [
            ("http client: writes (create) / reads (1 client each)", 0.8), ("http client: 8 concurrent clients / 1 client (reads)", 2.5),
            ("http client / bare URLSession loop (reads, 1 client)", 0.8),
        ]
        for (what, floor) in floors {
            #expect(document.ratios.contains { $0.what == what && $0.target == Document.Target(bound: "≥", value: floor) }, "\(what)")
        }
        // The memory store against SQLite at every size, with the issue's ceilings.
        for (operation, ceiling) in [("import (one batch)", 0.25), ("list by title", 0.5), ("search", 1)] {
            let what = "memory store / sqlite store: \(operation)"
            #expect(
                document.ratios.contains { $0.what == what && $0.size == 40 && $0.target == Document.Target(bound: "≤", value: ceiling) })
        }
        #expect(document.results.allSatisfy { $0.count > 0 && $0.seconds >= 0 })
        // Below 100,000 tasks the store against raw C is shown without a target.
        #expect(document.ratios.contains { $0.what.contains("raw C: import") && $0.size == 40 && $0.target == nil })
        // Where PostgreSQL runs, or where CI requires it (then a missing server fails here).
        if PostgresAvailability.runs {
            // The same server for the store and the C baseline; the ratio has its 1.5× target.
            for size in [20, 40] {
                let measured = document.results.filter { $0.backend == "postgres" && $0.size == size }.map(\.operation)
                #expect(measured == operations, "postgres at \(size)")
            }
            #expect(document.results.filter { $0.backend == "raw libpq" }.count == 4)
            #expect(document.ratios.contains { $0.what == "postgres store / raw libpq: list by title" && $0.size == 40 })
        }
        #expect(document.ratios.contains { $0.what.contains("json cost per write") })
        // The journal's rename at the larger size against the smaller, with its target beside it.
        #expect(document.ratios.contains { $0.what.hasPrefix("journal cost per write (rename) at 40 / at 20") && $0.target?.value == 2 })
        #expect(console.stderr.contains("sqlite, 40 tasks"))
        #expect(console.stderr.contains("sqlite and raw C in turns, 40 tasks"), "the progress says which baseline takes turns")
        #if os(Linux)
            #expect(console.stderr.contains("http: client (on libcurl)"), "the progress says which transport the client ran on")
        #endif

        // The saved run shown again, measuring nothing: the same ratios, its own machine.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-bench-from-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let saved = folder.appendingPathComponent("run.json")
        try Data(console.stdout.utf8).write(to: saved)
        let shown = CapturedConsole()
        #expect(await CRUDKitTool.run(["bench", "--from", saved.path, "--format", "markdown"], console: shown) == 0, "\(shown.stderr)")
        for ratio in document.ratios {
            #expect(shown.stdout.contains("| \(ratio.size) | \(ratio.what) | \(String(format: "%.2f", ratio.ratio))× |"), "\(ratio.what)")
        }
        #expect(shown.stderr.isEmpty, "nothing measured, no progress: \(shown.stderr)")
        let page = CapturedConsole()
        #expect(await CRUDKitTool.run(["bench", "--from", saved.path, "--format", "html"], console: page) == 0)
        #expect(page.stdout.contains("Swift \(document.machine.swift), \(document.machine.build) build"), "the saved machine on the page")
    }

    @Test("--from refuses a missing file, a file that is not JSON, and another tool's document, each with its reason")
    func fromRefusals() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-bench-from-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(name: String, content: String?, status: Int32, message: String)] = [
            ("missing.json", nil, 66, "cannot read"),
            ("garbage.json", "{ not json", 65, "is not a bench run saved with --format json"),
            ("other.json", #"{"format": "crudkit-compare", "version": 1, "results": []}"#, 65, "expected crudkit-bench, version 1"),
        ]
        for (name, content, status, message) in cases {
            let path = folder.appendingPathComponent(name).path
            if let content { try Data(content.utf8).write(to: URL(fileURLWithPath: path)) }
            let console = CapturedConsole()
            #expect(await CRUDKitTool.run(["bench", "--from", path], console: console) == status, "\(name)")
            #expect(console.stderr.hasPrefix("error: ") && console.stderr.contains(message), "\(name): \(console.stderr)")
        }
    }

    @Test("Bad sizes, budgets and repeats, and unknown backends, are usage errors")
    func usage() async {
        for arguments in [
            ["bench", "--sizes", "0"], ["bench", "--sizes", "1000,10_000_001"], ["bench", "--backends", "oracle"],
            ["bench", "--budget", "-1"], ["bench", "--repeats", "0"],
        ] {
            let console = CapturedConsole()
            #expect(await CRUDKitTool.run(arguments, console: console) == 64)
            #expect(console.stderr.hasPrefix("error: "))
        }
    }
}
