import CRUDConformance
import CRUDMemory
import CRUDSpec
import Foundation
import Synchronization
import Testing

@testable import CRUDKitCLI

/// The bench times a store and its C baseline in turns, so that a change in the machine's
/// speed during a run moves both sides of a ratio.
@Suite("crudkit bench: a store and its baseline take turns")
struct BenchTurnsTests {
    /// What happened, in order, from both sides.
    final class TurnLog: Sendable {
        private let events = Mutex<[String]>([])
        func note(_ event: String) { events.withLock { $0.append(event) } }
        var all: [String] { events.withLock { $0 } }
    }

    /// A memory store that notes its imports and its lists by title.
    struct LoggedStore: ForwardingStore {
        let inner = MemoryStore()
        let log: TurnLog

        func importTasks(titles: [String]) async throws -> [TaskItem] {
            log.note("store import")
            return try await inner.importTasks(titles: titles)
        }

        func tasks(_ query: TaskQuery) async throws -> [TaskItem] {
            if query.sort == .title { log.note("store list") }
            return try await inner.tasks(query)
        }
    }

    /// A baseline that notes its turns and reports the times it is given, in order; with no
    /// list time left, its list fails.
    actor LoggedBaseline: BenchBaseline {
        nonisolated let name = "raw test"
        let log: TurnLog
        private var importTimes: [Double]
        private var listTimes: [Double]

        init(log: TurnLog, importTimes: [Double], listTimes: [Double]) {
            self.log = log
            self.importTimes = importTimes
            self.listTimes = listTimes
        }

        func importOnce(size: Int) throws(CommandFailure) -> Double {
            log.note("baseline import")
            return importTimes.removeFirst()
        }

        func listByTitleOnce(expecting rows: Int) throws(CommandFailure) -> Double {
            log.note("baseline list")
            guard !listTimes.isEmpty else { throw CommandFailure("the test baseline's list failed", exitCode: .unavailable) }
            return listTimes.removeFirst()
        }

        func close() -> String? {
            log.note("baseline closed")
            return "left something behind"
        }
    }

    /// `bench --repeats 3`, parsed as the command line would be.
    private func benchCommand() throws -> BenchCommand? {
        guard case .run(let parsed) = try CommandParser.parse(["--repeats", "3"], as: BenchCommand.self, path: ["crudkit", "bench"]) else {
            return nil
        }
        return parsed as? BenchCommand
    }

    @Test(
        "Each round of the import and of the list by title is the store's and the baseline's, who goes first alternating; the fastest of each counts; the baseline is closed right after the lists"
    )
    func turns() async throws {
        let command = try #require(try benchCommand(), "bench --repeats 3 did not parse as a bench command")
        let log = TurnLog()
        let backend = Backend.ephemeral(name: "logged") { _ in LoggedStore(log: log) }
        let baseline = LoggedBaseline(log: log, importTimes: [0.3, 0.1, 0.2], listTimes: [0.05, 0.07, 0.04])
        let warnings = TurnLog()
        let results = try await command.measureReads(
            backend, size: 10, titles: (0..<10).map { "task \($0)" }, clock: SystemClock(), baseline: baseline, warn: warnings.note)

        let rounds = ["store", "baseline", "baseline", "store", "store", "baseline"]
        let turns = rounds.map { "\($0) import" } + rounds.map { "\($0) list" } + ["baseline closed"]
        #expect(log.all == turns, "expected the store and the baseline in turns, who goes first alternating, then the baseline closed")
        let baselineResults = results.filter { $0.backend == "raw test" }.map { "\($0.operation): \($0.seconds)" }
        #expect(baselineResults == ["import (one batch): 0.1", "list by title: 0.04"], "the baseline's fastest round of each")
        #expect(results.contains { $0.backend == "logged" && $0.operation == "list by title" && $0.count == 1 })
        #expect(results.contains { $0.backend == "logged" && $0.operation == "close and reopen" }, "the store's other timings still run")
        #expect(warnings.all == ["left something behind"], "what the baseline could not clean up is a warning")
    }

    @Test("A baseline whose list fails is closed, and the failure is the bench's")
    func failingBaseline() async throws {
        let command = try #require(try benchCommand(), "bench --repeats 3 did not parse as a bench command")
        let log = TurnLog()
        let backend = Backend.ephemeral(name: "logged") { _ in LoggedStore(log: log) }
        let baseline = LoggedBaseline(log: log, importTimes: [0.3, 0.1, 0.2], listTimes: [0.05])
        let warnings = TurnLog()
        await #expect(throws: CommandFailure("the test baseline's list failed", exitCode: .unavailable)) {
            _ = try await command.measureReads(
                backend, size: 10, titles: ["a"], clock: SystemClock(), baseline: baseline, warn: warnings.note)
        }
        #expect(log.all.suffix(2) == ["baseline list", "baseline closed"], "\(log.all)")
        #expect(warnings.all == ["left something behind"])
    }
}
