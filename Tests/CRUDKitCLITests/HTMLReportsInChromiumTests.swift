import CRUDBackends
import CRUDConformance
import CRUDKitCLI
import CRUDMutants
import CRUDTestSupport
import Foundation
import Testing

/// Whether the browser tests run: chromium is here, or CI requires it (then its absence fails).
private enum Browser {
    static let missing: String? = {
        guard let reason = HeadlessChromium.unavailableReason else { return nil }
        print("The HTML pages of bench and compare are not opened in a browser: \(reason)")
        return reason
    }()

    static var runs: Bool { missing == nil || HeadlessChromium.isRequired }
}

/// `page` written to a file of its own, opened in headless Chromium: its DOM and its console.
private func open(_ page: String) async throws -> (dom: String, console: [String]) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crudkit-html-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("page.html")
    try page.write(to: file, atomically: true, encoding: .utf8)
    return try await HeadlessChromium.page(at: file, budget: .seconds(2))
}

/// The `<tr>` elements of `dom`'s table body, each up to its `</tr>`.
private func bodyRows(_ dom: String) -> [String] {
    let body = dom.components(separatedBy: "<tbody>").dropFirst().first?.components(separatedBy: "</tbody>").first ?? ""
    return body.components(separatedBy: "<tr").dropFirst().map { $0.components(separatedBy: "</tr>").first ?? $0 }
}

/// One browser at a time: each is several processes, and the machine may have two cores.
@Suite(
    "The HTML pages of bench and compare, in headless Chromium",
    .enabled(if: Browser.runs, "needs chromium: apt-get install chromium (CI sets CRUDKIT_REQUIRE_CHROMIUM=1)"),
    .timeLimit(.minutes(5)), .serialized)
struct HTMLReportsInChromiumTests {
    @Test("The console check sees a page's console errors: a page with a deliberate one does not pass")
    func consoleCheckIsReal() async throws {
        if let missing = Browser.missing { Issue.record("CRUDKIT_REQUIRE_CHROMIUM=1, but \(missing)") }
        let page =
            "<!DOCTYPE html><html><body><p>broken</p><script>console.error('deliberate error'); undefinedCall();</script></body></html>"
        let opened = try await open(page)
        #expect(opened.dom.contains("<p>broken</p>"), "the page did not load: \(opened.dom)")
        #expect(opened.console.contains { $0.contains("deliberate error") }, "the console error was not seen: \(opened.console)")
        #expect(opened.console.contains { $0.contains("undefinedCall") }, "the script error was not seen: \(opened.console)")
    }

    @Test("A real bench run's page: a chart per operation with a line per backend, the ratios with targets, the machine")
    func benchPage() async throws {
        if let missing = Browser.missing { Issue.record("CRUDKIT_REQUIRE_CHROMIUM=1, but \(missing)") }
        let console = CapturedConsole()
        let status = await CRUDKitTool.run(
            ["bench", "--sizes", "10,100", "--backends", "memory,sqlite", "--budget", "1", "--repeats", "1", "--format", "html"],
            console: console)
        try #require(status == 0, "crudkit bench exited with \(status): \(console.stderr)")
        #expect(externalReferences(in: console.stdout) == [], "the page refers to something outside it")
        let (dom, messages) = try await open(console.stdout)
        #expect(messages == [], "the page wrote to the console")

        let operations = [
            "create one by one", "import (one batch)", "list newest first", "list by title", "search", "get by id", "rename", "delete",
            "close and reopen",
        ]
        let charts = svgElements(dom)
        #expect(charts.count == operations.count, "expected a chart per operation, found \(charts.count)")
        for operation in operations {
            let chart = try #require(charts.first { $0.contains(">\(operation)</text>") }, "no chart for \(operation)")
            // Two sizes: every backend has a line; raw C SQLite is measured for import and list by title.
            var backends = ["memory", "sqlite"]
            if operation == "import (one batch)" || operation == "list by title" { backends.append("raw C") }
            for backend in backends {
                let after = chart.components(separatedBy: "data-series=\"\(backend)\"").dropFirst().first ?? ""
                let group = after.components(separatedBy: "</g>").first ?? ""
                #expect(occurrences(of: "<polyline", in: group) == 1, "\(operation): no line for \(backend)")
                #expect(occurrences(of: "<circle", in: group) == 2, "\(operation): expected a point per size for \(backend)")
            }
            #expect(occurrences(of: "data-series=", in: chart) == backends.count, "\(operation): \(backends)")
            #expect(chart.contains(">10</text>") && chart.contains(">100</text>"), "\(operation): the x axis has no labelled ticks")
        }
        let ratios = dom.components(separatedBy: "<table class=\"ratios\">").dropFirst().first ?? ""
        for size in [10, 100] {
            #expect(ratios.contains("<td class=\"number\">\(size)</td><td>sqlite store / raw C: list by title</td>"), "ratio at \(size)")
        }
        // The memory store against sqlite has its targets at every size.
        #expect(ratios.contains("memory store / sqlite store: list by title") && ratios.contains("≤ 0.5×"), "the ratios' target is missing")
        #expect(dom.contains("<p class=\"machine\">Measured on ") && dom.contains("cores; ") && dom.contains("Swift "))
    }

    @Test("A real compare run's page: a row per rule, a column per backend, a failing cell's details folded under it")
    func comparePage() async throws {
        if let missing = Browser.missing { Issue.record("CRUDKIT_REQUIRE_CHROMIUM=1, but \(missing)") }
        let oldest = try #require(Mutant.all.first { $0.name == "oldest-first" }, "the oldest-first mutant is gone")
        let backends = [BuiltInBackends.memory, Backend(name: "oldest") { try await oldest.backend.makeStorage() }]
        let console = CapturedConsole()
        let status = await CRUDKitTool.run(["compare", "--format", "html"], console: console, backends: backends)
        #expect(status == 1, "the failing backend fails the run: \(console.stderr)")
        #expect(externalReferences(in: console.stdout) == [], "the page refers to something outside it")
        let (dom, messages) = try await open(console.stdout)
        #expect(messages == [], "the page wrote to the console")

        let header = dom.components(separatedBy: "<thead>").dropFirst().first?.components(separatedBy: "</thead>").first ?? ""
        #expect(header.contains(">memory</th>") && header.contains(">oldest</th>"), "\(header)")
        let rows = bodyRows(dom)
        #expect(rows.count == Rules.all.count, "expected a row per rule")
        for (row, rule) in zip(rows, Rules.all) {
            #expect(row.contains("data-rule=\"\(rule.id)\""), "rows out of order at \(rule.id)")
            #expect(occurrences(of: "<td class=\"", in: row) == 2, "\(rule.id): expected a cell per backend")
        }
        let failing = try #require(rows.first { $0.contains("data-rule=\"TASK-READ-002\"") })
        let cell = try #require(failing.components(separatedBy: "<td class=\"fail\">").dropFirst().first, "no failing cell")
        #expect(cell.hasPrefix("<details><summary>FAIL</summary><pre>TASK-READ-002 (MUST) failed on oldest:"), "\(cell)")
        #expect(cell.contains("expected: ") && cell.contains("hint: "), "the folded details lack what was expected and the hint")
        #expect(!failing.contains("<details open"), "the details are folded until opened")
        #expect(dom.contains("FAILED: oldest broke"))
    }
}
