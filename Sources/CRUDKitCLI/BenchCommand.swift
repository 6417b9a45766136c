import CLoadGenerator
import CRUDBackends
import CRUDConformance
import CRUDHTTP
import CRUDMemory
import CRUDServer
import CRUDSpec
import Foundation
import ThreadExecutors

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `crudkit bench`: times every backend on the same operations at growing sizes, beside raw
/// C baselines (SQLite, and libpq on the same PostgreSQL server) measured in the same run.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "bench", summary: "Time each backend's operations at 1,000 to 100,000 tasks, beside raw C SQLite and libpq.",
        discussion: """
            For each backend and size N: create one by one, import N titles in one batch, list
            newest first and by title, search, get by id, rename, delete, and reopen. For http:
            requests per second of the kit's client against the in-process mock server
            (sequential reads, the same reads in a bare URLSession loop, 8 concurrent clients,
            sequential creates and renames; each --repeats times, taking turns, the best counting),
            and the server's own capacity measured with a keep-alive C load generator (8
            connections). Loops stop
            when they use up the budget, and the table says how many operations ran, so slow
            backends (the JSON file at 100,000 tasks) are measured without waiting for hours.
            Whole-table reads (the lists and search) and the import run --repeats times (3
            unless told), here and in the C baselines, and the fastest counts; the sqlite and
            postgres stores take turns with their baselines, round by round, so a change in the
            machine's speed during the run moves both sides of a ratio. Progress goes to
            standard error. Build with -c release: debug builds are many times slower.
            """)

    @Option("sizes", value: "LIST", help: "Comma-separated task counts (default: 1000,10000,100000).", parser: sizeList)
    var sizes = [1_000, 10_000, 100_000]
    @Option("backends", value: "LIST", help: "Comma-separated backends (default: memory,json,journal,sqlite,http,postgres).") var backends:
        String?
    @Option("budget", value: "SECONDS", help: "The most time one loop may take (default: 10).", parser: .positiveSeconds)
    var budget: Duration = .seconds(10)
    @Option(
        "repeats", value: "N",
        help: "How many times the whole-table reads, the imports and the HTTP rates run; the best counts (default: 3).",
        parser: .positiveWholeNumber)
    var repeats = 3
    @Option(
        "format", value: "FORMAT", help: "text (default), markdown, json, or html (one page with charts).", parser: .reportFormat)
    var format = "text"
    @Option(
        "from", value: "FILE",
        help: "Measure nothing: show a run saved with --format json, in --format (its machine and date kept).")
    var from: String?

    /// The largest size a run takes: the C baselines count rows in 32 bits, and a store of
    /// ten million tasks already needs gigabytes of memory.
    static let largestSize = 10_000_000

    /// `1000,10_000`: positive whole numbers up to ``largestSize``, with `_` allowed between digits.
    static let sizeList = ValueParser<[Int]> { list, name throws(UsageError) in
        var sizes: [Int] = []
        for word in list.split(separator: ",") {
            guard let size = Int(word.replacingOccurrences(of: "_", with: "")), size > 0 else {
                throw UsageError("\(name) needs positive whole numbers, not '\(word)'.")
            }
            guard size <= largestSize else {
                throw UsageError("\(name) takes sizes up to 10_000_000, not '\(word)'.")
            }
            sizes.append(size)
        }
        return sizes
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let console = context.console
        if let from {
            guard let data = FileManager.default.contents(atPath: from) else {
                throw CommandFailure("cannot read \(from): no such file, or not readable", exitCode: .notFound)
            }
            let saved = try BenchReport.saved(data, path: from)
            let machine = saved.machine ?? Machine.unknown
            console.out(try render(saved.report, machine: machine, date: saved.date ?? Date(timeIntervalSince1970: 0)))
            return .success
        }
        let backends = try BackendList.backends(backends, among: context.backends)
        #if DEBUG
            console.err("warning: this is a debug build; run 'swift run -c release crudkit bench' for real figures.\n")
        #endif
        var report = BenchReport()
        for size in sizes {
            for backend in backends where backend.name != "http" {
                console.err("\(backend.name), \(size) tasks…\n")
                do {
                    report.results += try await measure(backend, size: size, progress: { console.err($0) }) {
                        console.err("warning: \($0)\n")
                    }
                } catch let unavailable as BackendUnavailable {
                    // Not timed, and said so: a missing server is no result, never a fast one.
                    console.err("\(backend.name) is not timed: it cannot run here: \(unavailable.reason)\n")
                }
            }
        }
        if backends.contains(where: { $0.name == "http" }) {
            report.results += try await measureHTTP { console.err($0) }
        }
        console.out(try render(report, machine: .current(), date: Date()))
        return .success
    }

    /// The report in the chosen format.
    private func render(_ report: BenchReport, machine: Machine, date: Date) throws -> String {
        switch format {
        case "json": try report.json(machine: machine, date: date)
        case "markdown": report.markdown()
        case "html": report.html(machine: machine, date: date)
        default: report.text()
        }
    }

    /// Runs `body` on fresh storage of `backend`, and disposes of the storage whatever happens.
    private func withStorage<T>(of backend: Backend, _ body: (any BackendStorage) async throws -> T) async throws -> T {
        let storage = try await backend.makeStorage()
        do {
            let result = try await body(storage)
            await storage.dispose()
            return result
        } catch {
            await storage.dispose()
            throw error
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
            if clock.now - start > budget { break }
        }
        return (done, (clock.now - start).seconds)
    }

    /// The seconds `body` takes, once.
    private func timed(_ body: () async throws -> Void) async throws -> Double {
        try await loop(1) { _ in try await body() }.seconds
    }

    /// Runs `body` ``repeats`` times and keeps the fastest of the seconds it reports, as one
    /// operation: one run slowed by another program then does not decide a ratio. With a
    /// `partner` (a baseline's same operation) the two take turns round by round, the store
    /// first in even rounds and the partner first in odd ones, so that neither always
    /// inherits what the other left the machine to finish (an import's writes); each side's
    /// fastest counts (`.infinity` for a missing partner).
    private func fastest(
        _ body: (_ round: Int) async throws -> Double, inTurnsWith partner: (() async throws -> Double)? = nil
    ) async throws -> (seconds: Double, partner: Double) {
        var best = (seconds: Double.infinity, partner: Double.infinity)
        for round in 0..<repeats {
            if round % 2 == 1, let partner { best.partner = min(best.partner, try await partner()) }
            best.seconds = min(best.seconds, try await body(round))
            if round % 2 == 0, let partner { best.partner = min(best.partner, try await partner()) }
        }
        return best
    }

    private func measure(_ backend: Backend, size: Int, progress: (String) -> Void, warn: (String) -> Void) async throws -> [BenchResult] {
        var results: [BenchResult] = []
        let titles = Self.titles(size)
        let clock = SystemClock()

        // One by one, into a store of its own.
        try await withStorage(of: backend) { storage in
            let single = try await storage.open(clock: clock)
            let outcome = try await loop(size) { index in _ = try await single.createTask(title: titles[index], notes: nil) }
            results.append(
                BenchResult(
                    backend: backend.name, size: size, operation: "create one by one", count: outcome.count, seconds: outcome.seconds))
            try await single.close()
        }

        // The baseline this backend's ratios are taken against, if any, timed in turns with it.
        let baseline = try await pairedBaseline(for: backend)
        if let baseline { progress("\(backend.name) and \(baseline.name) in turns, \(size) tasks…\n") }
        results += try await measureReads(backend, size: size, titles: titles, clock: clock, baseline: baseline, warn: warn)
        return results
    }

    /// The import and everything timed on the imported tasks. With a baseline, the import and
    /// the list by title take turns with it (``fastest(_:inTurnsWith:)``); the baseline is
    /// closed right after, so that its database stays out of the store's later timings, or
    /// as soon as anything fails. What it cannot clean up goes to `warn`.
    func measureReads(
        _ backend: Backend, size: Int, titles: [String], clock: SystemClock, baseline: (any BenchBaseline)?,
        warn: (String) -> Void
    ) async throws -> [BenchResult] {
        do {
            return try await measureReads(backend, size: size, titles: titles, clock: clock, closingAfterTurns: baseline, warn: warn)
        } catch {
            if let problem = await baseline?.close() { warn(problem) }
            throw error
        }
    }

    private func measureReads(
        _ backend: Backend, size: Int, titles: [String], clock: SystemClock, closingAfterTurns baseline: (any BenchBaseline)?,
        warn: (String) -> Void
    ) async throws -> [BenchResult] {
        var results: [BenchResult] = []
        func record(_ operation: String, _ outcome: (count: Int, seconds: Double), by name: String? = nil) {
            results.append(
                BenchResult(
                    backend: name ?? backend.name, size: size, operation: operation, count: outcome.count, seconds: outcome.seconds))
        }
        try await withStorage(of: backend) { storage in
            var store = try await storage.open(clock: clock)
            // Every import but the last runs into fresh storage of its own, only to be timed;
            // the last fills the storage the reads below use. The fastest counts.
            let imports = try await fastest(
                { round in
                    guard round == repeats - 1 else {
                        return try await withStorage(of: backend) { fresh in
                            let other = try await fresh.open(clock: clock)
                            let seconds = try await timed { _ = try await other.importTasks(titles: titles) }
                            try await other.close()
                            return seconds
                        }
                    }
                    return try await timed { _ = try await store.importTasks(titles: titles) }
                }, inTurnsWith: baseline.map { baseline in { try await baseline.importOnce(size: size) } })
            record("import (one batch)", (1, imports.seconds))
            if let baseline { record("import (one batch)", (1, imports.partner), by: baseline.name) }
            let all = try await store.tasks(TaskQuery())
            let ids = all.map(\.id)
            // The same positions in every run of a size: the reads differ only by the store.
            var picker = SeededRandom(seed: UInt64(size))
            let sample = (0..<1_000).compactMap { _ in ids.randomElement(using: &picker) }
            record("list newest first", (1, try await fastest { _ in try await timed { _ = try await store.tasks(TaskQuery()) } }.seconds))
            let lists = try await fastest(
                { _ in try await timed { _ = try await store.tasks(TaskQuery(sort: .title)) } },
                inTurnsWith: baseline.map { baseline in { try await baseline.listByTitleOnce(expecting: size) } })
            record("list by title", (1, lists.seconds))
            if let baseline {
                record("list by title", (1, lists.partner), by: baseline.name)
                if let problem = await baseline.close() { warn(problem) }
            }
            record(
                "search", (1, try await fastest { _ in try await timed { _ = try await store.tasks(TaskQuery(search: "TASK 7")) } }.seconds)
            )
            record("get by id", try await loop(sample.count) { index in _ = try await store.task(id: sample[index]) })
            record(
                "rename",
                try await loop(min(sample.count, 100)) { index in _ = try await store.renameTask(id: sample[index], to: "renamed \(index)")
                })
            let victims = Array(Set(ids.prefix(100)))
            record("delete", try await loop(victims.count) { index in try await store.deleteTask(id: victims[index]) })
            record(
                "close and reopen",
                try await loop(1) { _ in
                    try await store.close()
                    store = try await storage.open(clock: clock)
                    _ = try await store.countTasks(TaskQuery())
                })
            try await store.close()
        }
        return results
    }

    /// Requests per second through the kit's client, and the server's capacity with
    /// a C client that does nothing but send requests and read answers.
    private func measureHTTP(progress: (String) -> Void) async throws -> [BenchResult] {
        let store = MemoryStore()
        let tasks = try await store.importTasks(titles: Self.titles(1_000))
        let local = try LocalServer.start(over: store)
        let (server, client) = (local.server, local.client)
        // Which transport ran decides what the client's rates can be: say it.
        progress("http: client (on \(client.transportName)) and server rates…\n")
        let count = min(1_000, sizes.max() ?? 1_000)
        var results: [BenchResult] = []
        func record(_ operation: String, _ outcome: (count: Int, seconds: Double)) {
            results.append(
                BenchResult(backend: "http", size: tasks.count, operation: operation, count: outcome.count, seconds: outcome.seconds))
        }
        // Each rate is measured three times, the operations taking turns, and the best counts:
        // one request costs about a millisecond here, and a moment of another program's work
        // moves a single run by a third.
        var best: [String: (count: Int, seconds: Double)] = [:]
        let operations = [
            "get by id, 1 client", "get by id, bare URLSession loop", "get by id, 8 clients", "create, 1 client", "rename, 1 client",
        ]
        func keep(_ operation: String, _ outcome: (count: Int, seconds: Double)) {
            func rate(_ outcome: (count: Int, seconds: Double)) -> Double { Double(outcome.count) / max(outcome.seconds, 1e-9) }
            if best[operation].map({ rate(outcome) > rate($0) }) ?? true { best[operation] = outcome }
        }
        let ids = tasks.map(\.id)
        for round in 0..<repeats {
            keep(operations[0], try await loop(count) { index in _ = try await client.task(id: ids[index % ids.count]) })
            keep(operations[1], try await bareURLSessionLoop(server, ids, count: count))
            let clock = ContinuousClock()
            let start = clock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        for index in stride(from: worker, to: count * 2, by: 8) { _ = try await client.task(id: ids[index % ids.count]) }
                    }
                }
                try await group.waitForAll()
            }
            keep(operations[2], (count * 2, (clock.now - start).seconds))
            // A create is one request; a rename two (Parse answers a PUT with updatedAt only,
            // so the client reads the task back).
            keep(
                operations[3],
                try await loop(count / 2) { index in _ = try await client.createTask(title: "new \(round) \(index)", notes: nil) })
            keep(
                operations[4],
                try await loop(count / 2) { index in _ = try await client.renameTask(id: ids[index], to: "renamed \(round) \(index)") })
        }
        for operation in operations { if let outcome = best[operation] { record(operation, outcome) } }
        let request =
            "GET /parse/classes/Task/\(tasks[0].id.uuidString.lowercased()) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "X-Parse-Application-Id: \(server.configuration.applicationID)\r\n\r\n"
        let seconds = min(budget, .seconds(3)).seconds
        let port = server.port
        let answered = await offThePool { crudkit_load(port, request, 8, seconds) }
        try await client.close()  // stops the server
        guard answered > 0 else { throw CRUDError.network(reason: "the load generator could not reach the server") }
        record("server capacity, 8 keep-alive C clients", (Int(answered), seconds))
        return results
    }

    /// The client's floor: the same GETs as "get by id, 1 client", through a session of its
    /// own with plain `data(for:)` and nothing else (no retries, no decoding, no thread hop).
    private func bareURLSessionLoop(_ server: MockServer, _ ids: [UUID], count: Int) async throws -> (count: Int, seconds: Double) {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let requests = ids.compactMap { id in
            URL(string: server.baseURL.absoluteString + "/classes/Task/\(id.uuidString.lowercased())").map { url in
                var request = URLRequest(url: url)
                request.setValue(server.configuration.applicationID, forHTTPHeaderField: "X-Parse-Application-Id")
                return request
            }
        }
        guard !requests.isEmpty else { throw CRUDError.network(reason: "the bare URLSession loop has no request to send") }
        // On a thread of its own, as the URLSession client's requests are: URLSession on Linux
        // waits synchronously while it starts a request, a wait that must not hold one of the
        // pool's threads (two here) and that the two loops then pay alike.
        return try await ThreadExecutor.onOwnThread(named: "crudkit-bare-url") {
            try await loop(count) { index in
                let (_, response) = try await session.data(for: requests[index % requests.count])
                guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                    throw CRUDError.network(reason: "the bare URLSession loop was answered \(response) instead of 200")
                }
            }
        }
    }

    /// The C baseline timed in turns with `backend`: raw C SQLite beside the sqlite store, raw
    /// libpq on the same server beside the postgres store, none beside the others.
    private func pairedBaseline(for backend: Backend) async throws -> (any BenchBaseline)? {
        switch backend.name {
        case "sqlite": try SQLiteBaseline()
        case "postgres": PostgresBaseline(connection: try await PostgresServer.resolve().connectionString)
        default: nil
        }
    }
}
