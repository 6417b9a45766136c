import CRUDConformance

extension ComparisonReport {
    /// The matrix as a GitHub-flavoured Markdown table, failure details below it.
    public func markdown() -> String {
        var out = "# CRUDKit conformance\n\n"
        out += "| Rule | Level | " + columns.map(\.name).joined(separator: " | ") + " |\n"
        out += "|---|---|" + String(repeating: "---|", count: columns.count) + "\n"
        for row in rows {
            let cells = row.results.map { $0.passed ? "pass" : "**\($0.outcome.label)**" }
            out += "| `\(row.rule.id)` | \(row.rule.level.rawValue) | " + cells.joined(separator: " | ") + " |\n"
        }
        for (label, value) in [("passed", \Column.passed), ("failed", \Column.failed), ("n/a", \Column.notApplicable)] {
            out += "| **\(label)** | | " + columns.map { "\($0[keyPath: value])" }.joined(separator: " | ") + " |\n"
        }
        if !failures.isEmpty {
            out += "\n## Failures\n"
            for failure in failures {
                guard let report = failure.failureReport else { continue }
                out += "\n```text\n\(report)\n```\n"
            }
        }
        let reasons = notApplicableReasons()
        if !reasons.isEmpty {
            out += "\n## Not applicable\n\n"
            for entry in reasons {
                out += "- **\(entry.backend)**: \(entry.ruleIDs.map { "`\($0)`" }.joined(separator: ", ")): \(entry.reason)\n"
            }
        }
        out += "\n\(verdict())\n"
        return out
    }
}
