import Foundation

extension BenchReport {
    /// The backends that are references rather than subjects: drawn dashed on the charts.
    static let baselines: Set<String> = ["raw C", "raw libpq"]

    /// One chart per operation: cost per operation against N, a line per backend that ran it.
    /// The http rates are measured at one size only and have their own table instead.
    func charts() -> [LogLogChart] {
        let timed = results.filter { $0.backend != "http" }
        // The stores first, then the baselines, so that a backend's colour does not depend on
        // where its baseline's rows fall in the results.
        let named = timed.map(\.backend).uniqued()
        let backends = named.filter { !Self.baselines.contains($0) } + named.filter { Self.baselines.contains($0) }
        return timed.map(\.operation).uniqued().map { operation in
            let series = backends.enumerated().compactMap { index, backend -> LogLogChart.Series? in
                let points = timed.filter { $0.backend == backend && $0.operation == operation }
                    .map { (x: Double($0.size), y: $0.microsecondsPerOperation / 1e6) }
                guard !points.isEmpty else { return nil }
                return .init(name: backend, points: points, dashed: Self.baselines.contains(backend), colorIndex: index)
            }
            return LogLogChart(
                title: operation, xLabel: "N (tasks in the store)", yLabel: "time per operation", series: series,
                yTick: LogLogChart.duration)
        }
    }

    /// The report as one self-contained HTML page: the charts, the ratios with their targets,
    /// the http rates, every measurement, and the machine it ran on.
    func html(machine: Machine, date: Date = Date()) -> String {
        var body = "<h1>CRUDKit bench</h1>\n"
        body += "<p class=\"machine\">Measured on \(Markup.escape(machine.summary)), "
        body += "\(Markup.escape(date.formatted(.iso8601.year().month().day())))</p>\n"
        body += "<h2>Cost per operation against N</h2>\n"
        body += "<p>Both axes are logarithmic. Dashed lines are the raw C baselines. The lists, search and import are one "
        body += "operation on the whole store; the others are the cost of one call.</p>\n<div class=\"charts\">\n"
        for chart in charts() { body += "<figure>\(chart.svg())</figure>\n" }
        body += "</div>\n"
        body += ratioTable()
        body += httpTable()
        body += "<h2>Every measurement</h2>\n<details><summary>\(results.count) measurements</summary>\n"
        body += Self.table(
            header: ["backend", "N", "operation", "ops", "total", "per op"], numeric: [1, 3, 4, 5],
            rows: results.map { result in
                [
                    result.backend, "\(result.size)", result.operation, "\(result.count)", Self.format(result.seconds),
                    Self.format(result.microsecondsPerOperation / 1e6),
                ]
            })
        body += "</details>\n"
        return Markup.page(title: "CRUDKit bench", style: Self.style, body: body)
    }

    private func ratioTable() -> String {
        var out = "<h2>Ratios</h2>\n"
        guard !ratios.isEmpty else { return out + "<p>No ratio: the run measured nothing to compare.</p>\n" }
        out += "<table class=\"ratios\">\n<thead><tr><th>N</th><th>ratio</th><th>value</th><th>target</th><th></th></tr></thead>\n<tbody>\n"
        for ratio in ratios {
            let verdict = ratio.target.map { $0.isMet(by: ratio.ratio) ? ("met", "met") : ("missed", "NOT met") }
            out += "<tr><td class=\"number\">\(ratio.size)</td><td>\(Markup.escape(ratio.what))</td>"
            out += "<td class=\"number\">\(String(format: "%.2f", ratio.ratio))×</td>"
            out += "<td class=\"number\">\(Markup.escape(ratio.target?.text ?? ""))</td>"
            out += "<td\(verdict.map { " class=\"\($0.0)\"" } ?? "")>\(verdict?.1 ?? "")</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    private func httpTable() -> String {
        let http = results.filter { $0.backend == "http" }
        guard !http.isEmpty else { return "" }
        var out = "<h2>HTTP: requests per second</h2>\n"
        out += Self.table(
            header: ["operation", "N", "requests", "seconds", "per second"], numeric: [1, 2, 3, 4],
            rows: http.map { result in
                [
                    result.operation, "\(result.size)", "\(result.count)", String(format: "%.2f", result.seconds),
                    String(format: "%.0f", Double(result.count) / max(result.seconds, 1e-9)),
                ]
            })
        return out
    }

    /// A table of text cells, all escaped here; the columns in `numeric` align right.
    private static func table(header: [String], numeric: Set<Int>, rows: [[String]]) -> String {
        var out = "<table>\n<thead><tr>" + header.map { "<th>\(Markup.escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr>"
            for (index, cell) in row.enumerated() {
                out += numeric.contains(index) ? "<td class=\"number\">" : "<td>"
                out += "\(Markup.escape(cell))</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    private static let style = """
        .charts { display: flex; flex-wrap: wrap; gap: 1em; }
        figure { flex: 1 1 480px; max-width: 580px; margin: 0; border: 1px solid #d0d7de; border-radius: 6px; padding: 0.5em; }
        svg.chart { width: 100%; height: auto; }
        .machine { color: #57606a; }

        """
}

extension Sequence where Element: Hashable {
    /// The elements in their first order, each once.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
