import CRUDBackends
import CRUDConformance
import Foundation
import Testing

@testable import CRUDKitCLI

/// A machine with fixed facts, so that a page's text does not depend on where the test runs.
let fixedMachine = Machine(cpu: "Test CPU <x86>", cores: 2, system: "Test OS", swift: "6.3.1", build: "release")

/// A small bench report: two backends and a baseline at two sizes, and the http rates.
func sampleBenchReport() -> BenchReport {
    var report = BenchReport()
    for size in [1_000, 100_000] {
        for (backend, scale) in [("memory", 1.0), ("sqlite", 20.0)] {
            for operation in ["import (one batch)", "list by title", "get by id"] {
                report.results.append(
                    BenchResult(backend: backend, size: size, operation: operation, count: 10, seconds: scale * Double(size) * 1e-6))
            }
        }
        for operation in ["import (one batch)", "list by title"] {
            report.results.append(BenchResult(backend: "raw C", size: size, operation: operation, count: 1, seconds: Double(size) * 1e-7))
        }
    }
    report.results.append(BenchResult(backend: "http", size: 1_000, operation: "get by id, 1 client", count: 500, seconds: 0.5))
    return report
}

/// The SVG elements of a page or chart, each from `<svg` to its `</svg>`.
func svgElements(_ page: String) -> [String] {
    page.components(separatedBy: "<svg").dropFirst().map { $0.components(separatedBy: "</svg>").first ?? $0 }
}

/// How many times `needle` occurs in `text`.
func occurrences(of needle: String, in text: some StringProtocol) -> Int {
    text.components(separatedBy: needle).count - 1
}

/// Everything in a page that could make a browser fetch something: a URL, or a `src` or `href`.
func externalReferences(in page: String) -> [String] {
    ["http://", "https://", "src=", "href=", "url(", "@import"].filter { page.contains($0) }
}

@Suite("HTML pages of bench and compare, as text")
struct HTMLReportTests {
    @Test("Escaping writes the five special characters as entities and leaves the rest")
    func escaping() {
        #expect(Markup.escape(#"<a href="x">Tom & Jerry's</a>"#) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(Markup.escape("plain é 🙂") == "plain é 🙂")
        // A combining accent makes one Character with the quote before it; the quote must still go.
        #expect(Markup.escape("\"\u{301} onload=x <\u{301}") == "&quot;\u{301} onload=x &lt;\u{301}")
    }

    @Test("A chart draws a line and points per series, dashed for a baseline, with labelled ticks on both axes")
    func chart() {
        let chart = LogLogChart(
            title: "list", xLabel: "N", yLabel: "time",
            series: [
                .init(name: "memory", points: [(1_000, 1e-3), (10_000, 1e-2), (100_000, 1e-1)], colorIndex: 0),
                .init(name: "raw C", points: [(1_000, 5e-4), (100_000, 5e-2)], dashed: true, colorIndex: 1),
            ], yTick: LogLogChart.duration)
        let svg = chart.svg()
        #expect(occurrences(of: "<g class=\"series\"", in: svg) == 2, "\(svg)")
        #expect(occurrences(of: "<polyline", in: svg) == 2)
        #expect(occurrences(of: "<circle", in: svg) == 5)
        #expect(occurrences(of: "stroke-dasharray", in: svg) == 2, "the baseline's line and its legend entry are dashed")
        for label in ["1k", "10k", "100k", "1 ms", "10 ms", "100 ms"] {
            #expect(svg.contains(">\(label)</text>"), "no tick labelled \(label) in \(svg)")
        }
    }

    @Test("One size gives points and no line; zero, negative, infinite and NaN values are left out, never drawn")
    func awkwardValues() {
        let chart = LogLogChart(
            title: "one size", xLabel: "N", yLabel: "time",
            series: [
                .init(name: "a", points: [(100, 2e-6)]),
                .init(name: "b", points: [(100, 0), (100, -1), (100, .nan), (.infinity, 1), (0, 1), (100, 3e-6)], colorIndex: 1),
                .init(name: "nothing", points: [(100, 0)], colorIndex: 2),
            ])
        let svg = chart.svg()
        #expect(!svg.contains("<polyline"), "one point per series needs no line: \(svg)")
        #expect(occurrences(of: "<circle", in: svg) == 2)
        #expect(svg.contains("nothing (no data)"))
        #expect(!svg.contains(/(?i)\b(nan|inf)\b/), "a NaN or an infinity was written into \(svg)")

        let empty = LogLogChart(title: "none", xLabel: "N", yLabel: "time", series: [.init(name: "a", points: [(0, 0)])]).svg()
        #expect(empty.contains("no measurement to draw") && !empty.contains("<circle") && !empty.contains(/(?i)\b(nan|inf)\b/), "\(empty)")
    }

    @Test("The bench page has a chart per operation, the ratios with their targets, the http rates and the machine")
    func benchPage() {
        let page = sampleBenchReport().html(machine: fixedMachine)
        let charts = svgElements(page)
        #expect(charts.count == 3, "one chart per operation but http's")
        let importChart = charts.first { $0.contains(">import (one batch)</text>") } ?? ""
        #expect(occurrences(of: "<polyline", in: importChart) == 3, "memory, sqlite and raw C: \(importChart)")
        #expect(page.contains("<table class=\"ratios\">"))
        #expect(page.contains("sqlite store / raw C: list by title") && page.contains("≤ 1.2×") && page.contains("NOT met"))
        #expect(page.contains("Test CPU &lt;x86&gt;, 2 cores; Test OS; Swift 6.3.1, release build"))
        #expect(page.contains("get by id, 1 client</td>") && page.contains(">1000</td>"), "the http rate: 500 requests in 0.5 s")
        #expect(externalReferences(in: page) == [], "a self-contained page refers to nothing outside")
    }

    @Test("The compare page escapes what comes from data: backend names, rule text and failure details")
    func compareEscapes() throws {
        let rule = try #require(Rules.all.first)
        let backend = Backend(name: "<img src=x onerror=alert(1)>") { try await BuiltInBackends.memory.makeStorage() }
        let failure = CheckFailure(step: "<script>", expected: "a & b", actual: "\"quoted\"")
        let report = ComparisonReport(
            rules: [rule], backends: [backend],
            results: [RuleResult(rule: rule, backendName: backend.name, outcome: .failed(failure), duration: .zero)])
        let page = report.html()
        #expect(!page.contains("<img") && !page.contains("<script>"), "\(page)")
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;") && page.contains("step:     &lt;script&gt;"))
        #expect(page.contains("a &amp; b") && page.contains("&quot;quoted&quot;"))
        #expect(page.contains("<details><summary>FAIL</summary><pre>"))
    }

    @Test("The machine is found or said to be unknown, never empty")
    func machine() {
        let machine = Machine.current()
        #expect(machine.cores > 0)
        for field in [machine.cpu, machine.system, machine.swift, machine.build] { #expect(!field.isEmpty, "\(machine)") }
        #expect(machine.summary.contains("Swift "))
    }

    @Test("--format html is refused with --mutants, and an unknown format names html among the choices")
    func usage() async {
        let console = CapturedConsole()
        #expect(await CRUDKitTool.run(["compare", "--mutants", "--format", "html"], console: console) == 64)
        #expect(console.stderr.contains("--format html"), "\(console.stderr)")
        let other = CapturedConsole()
        #expect(await CRUDKitTool.run(["bench", "--format", "pdf"], console: other) == 64)
        #expect(other.stderr.contains("html"), "\(other.stderr)")
    }
}
