import CRUDConformance

extension ComparisonReport {
    /// The matrix as aligned plain text, failure details below it.
    public func text() -> String {
        let idWidth = max(4, rows.map(\.rule.id.count).max() ?? 0)
        let widths = columns.map { max($0.name.count, 6) }
        func line(_ first: String, _ level: String, _ cells: [String]) -> String {
            let padded = zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
            return
                ([first.padding(toLength: idWidth, withPad: " ", startingAt: 0), level.padding(toLength: 6, withPad: " ", startingAt: 0)]
                + padded)
                .joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }
        var out = "CRUDKit conformance: \(rows.count) rules on \(columns.count) backend\(columns.count == 1 ? "" : "s")\n\n"
        out += line("RULE", "LEVEL", columns.map(\.name))
        for row in rows {
            out += line(row.rule.id, row.rule.level.rawValue, row.results.map(\.outcome.label))
        }
        out += "\n"
        out += line("passed", "", columns.map { "\($0.passed)" })
        out += line("failed", "", columns.map { "\($0.failed)" })
        out += line("n/a", "", columns.map { "\($0.notApplicable)" })
        if !failures.isEmpty {
            out += "\nFailures\n\n"
            out += failures.compactMap(\.failureReport).joined(separator: "\n\n") + "\n"
        }
        let reasons = notApplicableReasons()
        if !reasons.isEmpty {
            out += "\nNot applicable\n\n"
            for entry in reasons {
                out += "  \(entry.backend): \(entry.ruleIDs.joined(separator: ", ")): \(entry.reason)\n"
            }
        }
        out += "\n" + verdict() + "\n"
        return out
    }

    /// One sentence: all passed, or which backends failed how many rules.
    func verdict() -> String {
        let failing = columns.filter { $0.failed > 0 }
        if failing.isEmpty { return "All applicable rules passed on \(columns.map(\.name).joined(separator: ", "))." }
        return "FAILED: " + failing.map { "\($0.name) broke \($0.failed) rule\($0.failed == 1 ? "" : "s")" }.joined(separator: "; ") + "."
    }

    /// Not-applicable results grouped by backend and reason, so six durability rules on
    /// one backend take one line.
    func notApplicableReasons() -> [(backend: String, reason: String, ruleIDs: [String])] {
        var groups: [(backend: String, reason: String, ruleIDs: [String])] = []
        for result in notApplicable {
            guard case .notApplicable(let reason) = result.outcome else { continue }
            if let index = groups.firstIndex(where: { $0.backend == result.backendName && $0.reason == reason }) {
                groups[index].ruleIDs.append(result.rule.id)
            } else {
                groups.append((result.backendName, reason, [result.rule.id]))
            }
        }
        return groups
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
