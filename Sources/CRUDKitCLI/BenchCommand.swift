import CRUDJSONFile
import CRUDMemory
import CRUDSQLite
import CRUDSpec
import CSQLiteBaseline
import Foundation

/// `crudkit bench`: times every backend on the same operations at growing sizes, beside a
/// raw C SQLite baseline measured in the same run.
struct BenchCommand {
    static let name = "bench"
    static let summary = "Time each backend's operations at 1,000 to 100,000 tasks, beside raw C SQLite."
    static let options = ["sizes", "backends", "format", "budget", "help"]
    static let backendNames = ["memory", "json", "sqlite"]

    static var help: String {
        """
        USAGE: crudkit bench [--sizes LIST] [--backends LIST] [--budget SECONDS]
                             [--format text|markdown|json]

        \(summary)
        For each backend and size N: create one by one, import N titles in one batch, list
        newest first and by title, search, get by id, rename, delete, and reopen. Loops stop
        when they use up the budget, and the table says how many operations ran, so slow
        backends (the JSON file at 100,000 tasks) are measured without waiting for hours.
        Progress goes to standard error. Build with -c release: debug builds are many times slower.

        OPTIONS:
          --sizes LIST      Comma-separated task counts (default: 1000,10000,100000).
          --backends LIST   Comma-separated backends (default: memory,json,sqlite).
          --budget SECONDS  The most time one loop may take (default: 10).
          --format FORMAT   text (default), markdown or json.
          --help            Show this help.
        """
    }

    let sizes: [Int]
    let backends: [String]
    let budget: Double
    let format: String

    init(arguments words: [String]) throws(UsageError) {
        var arguments = Arguments(words)
        format = try arguments.choice("format", among: ["text", "markdown", "json"], default: "text")
        var sizes = [1_000, 10_000, 100_000]
        if let list = try arguments.option("sizes") {
            sizes = []
            for word in list.split(separator: ",") {
                guard let size = Int(word.replacingOccurrences(of: "_", with: "")), size > 0 else {
                    throw UsageError("--sizes needs positive whole numbers, not '\(word)'.")
                }
                sizes.append(size)
            }
        }
        self.sizes = sizes
        var backends = Self.backendNames
        if let list = try arguments.option("backends") {
            backends = []
            for name in list.split(separator: ",").map(String.init) {
                guard Self.backendNames.contains(name) else { throw .unknown("backend", name, among: Self.backendNames) }
                backends.append(name)
            }
        }
        self.backends = backends
        budget =
            try arguments.option("budget").map { value throws(UsageError) in
                guard let seconds = Double(value), seconds > 0 else { throw UsageError("--budget needs a positive number of seconds.") }
                return seconds
            } ?? 10
        try arguments.finish(knownOptions: Self.options)
    }

    func run(console: any Console) async throws -> ExitCode {
        #if DEBUG
            console.err("warning: this is a debug build; run 'swift run -c release crudkit bench' for real figures.\n")
        #endif
        var report = BenchReport()
        for size in sizes {
            for backend in backends {
                console.err("\(backend), \(size) tasks…\n")
                report.results += try await measure(backend, size: size)
            }
            if backends.contains("sqlite") {
                console.err("raw C SQLite, \(size) tasks…\n")
                report.results += try baseline(size: size)
            }
        }
        switch format {
        case "json": console.out(try report.json())
        case "markdown": console.out(report.markdown())
        default: console.out(report.text())
        }
        return .success
    }

    private func open(_ backend: String, in folder: String) throws -> any CRUDSpec {
        switch backend {
        case "json": try JSONFileStore(path: folder + "/bench.json")
        case "sqlite": try SQLiteStore(path: folder + "/bench.sqlite")
        default: MemoryStore()
        }
    }

    /// Titles with repeats and a spread of sort keys, the same as the C baseline's.
    private static func titles(_ count: Int) -> [String] {
        (0..<count).map { "task \(($0 * 7_919) % count)" }
    }

    /// Runs `body` up to `count` times or until the budget is spent.
    private func loop(_ count: Int, _ body: (Int) async throws -> Void) async throws -> (count: Int, seconds: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        var done = 0
        while done < count {
            try await body(done)
            done += 1
            if (clock.now - start).seconds > budget { break }
        }
        return (done, (clock.now - start).seconds)
    }

    private func measure(_ backend: String, size: Int) async throws -> [BenchResult] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var results: [BenchResult] = []
        func record(_ operation: String, _ outcome: (count: Int, seconds: Double)) {
            results.append(BenchResult(backend: backend, size: size, operation: operation, count: outcome.count, seconds: outcome.seconds))
        }
        let titles = Self.titles(size)

        // One by one, into a store of its own.
        let single = try open(backend, in: folder + "/single")
        record("create one by one", try await loop(size) { index in _ = try await single.createTask(title: titles[index], notes: nil) })
        try await single.close()

        var store = try open(backend, in: folder)
        record("import (one batch)", try await loop(1) { _ in _ = try await store.importTasks(titles: titles) })
        let all = try await store.tasks(TaskQuery())
        let ids = all.map(\.id)
        var picker = SystemRandomNumberGenerator()
        let sample = (0..<1_000).compactMap { _ in ids.randomElement(using: &picker) }
        record("list newest first", try await loop(1) { _ in _ = try await store.tasks(TaskQuery()) })
        record("list by title", try await loop(1) { _ in _ = try await store.tasks(TaskQuery(sort: .title)) })
        record("search", try await loop(1) { _ in _ = try await store.tasks(TaskQuery(search: "TASK 7")) })
        record("get by id", try await loop(sample.count) { index in _ = try await store.task(id: sample[index]) })
        record(
            "rename",
            try await loop(min(sample.count, 100)) { index in _ = try await store.renameTask(id: sample[index], to: "renamed \(index)") })
        let victims = Array(Set(ids.prefix(100)))
        record("delete", try await loop(victims.count) { index in try await store.deleteTask(id: victims[index]) })
        record(
            "close and reopen",
            try await loop(1) { _ in
                try await store.close()
                store = try open(backend, in: folder)
                _ = try await store.countTasks(TaskQuery())
            })
        try await store.close()
        return results
    }

    private func baseline(size: Int) throws -> [BenchResult] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-bench-c-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/baseline.sqlite"
        let insert = crudkit_baseline_insert(path, Int32(size))
        var rows: Int32 = 0
        let select = crudkit_baseline_select_by_title(path, &rows)
        guard insert >= 0, select >= 0, rows == size else { throw CRUDError.storeUnavailable(path: path) }
        return [
            BenchResult(backend: "raw C", size: size, operation: "import (one batch)", count: 1, seconds: Double(insert) / 1e9),
            BenchResult(backend: "raw C", size: size, operation: "list by title", count: 1, seconds: Double(select) / 1e9),
        ]
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
