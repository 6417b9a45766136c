import CRUDConformance

extension ComparisonReport {
    /// The matrix as one self-contained HTML page: a row per rule, a column per backend, each
    /// failure's details and each n/a reason folded under its cell, and the totals.
    public func html() -> String {
        var body = "<h1>CRUDKit conformance</h1>\n"
        body += "<p class=\"verdict \(allPassed ? "met" : "missed")\">\(Markup.escape(verdict()))</p>\n"
        body += "<p>\(rows.count) rules on \(columns.count) backend\(columns.count == 1 ? "" : "s"). "
        body += "Open a FAIL cell for what was expected and what happened; an n/a cell for why the rule was not checked.</p>\n"
        body += "<table class=\"matrix\">\n<thead><tr><th scope=\"col\">Rule</th><th scope=\"col\">Level</th>"
        body += columns.map { "<th scope=\"col\" class=\"backend\">\(Markup.escape($0.name))</th>" }.joined()
        body += "</tr></thead>\n<tbody>\n"
        for row in rows {
            body += "<tr data-rule=\"\(Markup.escape(row.rule.id))\"><th scope=\"row\" title=\"\(Markup.escape(row.rule.statement))\">"
            body += "<code>\(Markup.escape(row.rule.id))</code></th><td>\(Markup.escape(row.rule.level.rawValue))</td>"
            body += row.results.map(Self.cell).joined()
            body += "</tr>\n"
        }
        body += "</tbody>\n<tfoot>\n"
        for (label, value) in [("passed", \Column.passed), ("failed", \Column.failed), ("n/a", \Column.notApplicable)] {
            body += "<tr><th scope=\"row\">\(label)</th><td></td>"
            body += columns.map { "<td class=\"number\">\($0[keyPath: value])</td>" }.joined() + "</tr>\n"
        }
        body += "</tfoot>\n</table>\n"
        return Markup.page(title: "CRUDKit conformance", style: Self.style, body: body)
    }

    /// One cell: the outcome, with what a reader needs to act on it folded under it.
    private static func cell(_ result: RuleResult) -> String {
        switch result.outcome {
        case .passed:
            return "<td class=\"pass\">pass</td>"
        case .failed:
            let report = result.failureReport ?? result.summary
            return "<td class=\"fail\"><details><summary>FAIL</summary><pre>\(Markup.escape(report))</pre></details></td>"
        case .notApplicable(let reason):
            return "<td class=\"na\"><details><summary>n/a</summary>\(Markup.escape(reason))</details></td>"
        }
    }

    private static let style = """
        table.matrix td.pass { background: #dafbe1; }
        table.matrix td.fail { background: #ffebe9; font-weight: bold; }
        table.matrix td.fail pre { font-weight: normal; min-width: 30em; }
        table.matrix td.na { background: #f6f8fa; color: #57606a; }
        table.matrix tfoot th, table.matrix tfoot td { background: #f6f8fa; }
        .verdict { font-size: 1.1em; }

        """
}
