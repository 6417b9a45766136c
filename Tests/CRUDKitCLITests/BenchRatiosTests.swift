import Testing

@testable import CRUDKitCLI

@Suite("crudkit bench: the ratios and their targets")
struct BenchRatiosTests {
    /// Times chosen so that each ratio lands on a known side of its target.
    func report() -> BenchReport {
        var report = BenchReport()
        for size in [1_000, 100_000] {
            let n = Double(size)
            report.results += [
                BenchResult(backend: "raw C", size: size, operation: "import (one batch)", count: 1, seconds: n * 1e-6),
                BenchResult(backend: "raw C", size: size, operation: "list by title", count: 1, seconds: n * 1e-6),
                BenchResult(backend: "sqlite", size: size, operation: "import (one batch)", count: 1, seconds: n * 1.4e-6),
                BenchResult(backend: "sqlite", size: size, operation: "list by title", count: 1, seconds: n * 1.3e-6),
                BenchResult(backend: "memory", size: size, operation: "list by title", count: 1, seconds: n * 0.7e-6),
            ]
        }
        report.results += [
            BenchResult(backend: "http", size: 1_000, operation: "get by id, 1 client", count: 1_000, seconds: 1),
            BenchResult(backend: "http", size: 1_000, operation: "get by id, 8 clients", count: 2_600, seconds: 1),
            BenchResult(backend: "http", size: 1_000, operation: "create, 1 client", count: 700, seconds: 1),
            BenchResult(backend: "http", size: 1_000, operation: "get by id, bare URLSession loop", count: 1_100, seconds: 1),
        ]
        return report
    }

    func ratio(_ what: String, at size: Int, in report: BenchReport) throws -> BenchReport.Ratio {
        try #require(report.ratios.first { $0.what == what && $0.size == size }, "no ratio '\(what)' at \(size)")
    }

    @Test("Ceilings and floors are judged the right way round, and the store against C only at 100,000 and above")
    func verdicts() throws {
        let report = report()
        let sqliteImport = try ratio("sqlite store / raw C: import (one batch)", at: 100_000, in: report)
        #expect(sqliteImport.target == .atMost(1.5) && sqliteImport.verdict == "met", "\(sqliteImport)")
        let sqliteList = try ratio("sqlite store / raw C: list by title", at: 100_000, in: report)
        #expect(sqliteList.target == .atMost(1.2) && sqliteList.verdict == "NOT met", "\(sqliteList)")
        let small = try ratio("sqlite store / raw C: list by title", at: 1_000, in: report)
        #expect(small.target == nil && small.verdict == nil, "\(small)")
        let memory = try ratio("memory store / sqlite store: list by title", at: 1_000, in: report)
        #expect(memory.target == .atMost(0.5) && memory.verdict == "NOT met", "0.7 / 1.3 = \(memory.ratio)")

        let writes = try ratio("http client: writes (create) / reads (1 client each)", at: 1_000, in: report)
        #expect(abs(writes.ratio - 0.7) < 1e-9 && writes.target == .atLeast(0.8) && writes.verdict == "NOT met", "\(writes)")
        let concurrent = try ratio("http client: 8 concurrent clients / 1 client (reads)", at: 1_000, in: report)
        #expect(abs(concurrent.ratio - 2.6) < 1e-9 && concurrent.verdict == "met", "\(concurrent)")
        let bare = try ratio("http client / bare URLSession loop (reads, 1 client)", at: 1_000, in: report)
        #expect(bare.target == .atLeast(0.8) && bare.verdict == "met", "1000 / 1100 = \(bare.ratio)")
    }

    @Test("Every format prints the target beside the ratio with its direction")
    func formats() {
        let report = report()
        #expect(
            report.text().contains("http client: writes (create) / reads (1 client each): 0.70× (target ≥ 0.8×: NOT met)"),
            "\(report.text())")
        #expect(report.markdown().contains("| 100000 | sqlite store / raw C: list by title | 1.30× | ≤ 1.2× |"), "\(report.markdown())")
    }
}
