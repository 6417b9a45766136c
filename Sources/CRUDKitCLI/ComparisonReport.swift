import CRUDConformance

/// The results of the suite on several backends, arranged as the side-by-side matrix:
/// rules as rows, backends as columns.
public struct ComparisonReport: Sendable {
    /// One backend's column and its totals.
    public struct Column: Sendable {
        /// The backend's name, the column's heading.
        public let name: String
        /// What the backend declares it can do, sorted by name.
        public let capabilities: [Capability]
        /// How many rules passed on the backend.
        public var passed = 0
        /// How many rules failed on the backend.
        public var failed = 0
        /// How many rules were not checked because the backend cannot support them.
        public var notApplicable = 0
    }

    /// One rule's row: its outcome on each backend, in column order.
    public struct Row: Sendable {
        /// The rule.
        public let rule: Rule
        /// Its result on each backend that was run, in the order of ``ComparisonReport/columns``.
        public let results: [RuleResult]
    }

    /// One column per backend, in the order the backends were given.
    public private(set) var columns: [Column]
    /// One row per rule, in the order the rules were given.
    public private(set) var rows: [Row]

    /// Arranges `results`, which may come in any order, for `rules` on `backends`.
    public init(rules: [Rule], backends: [Backend], results: [RuleResult]) {
        let byKey = Dictionary(results.map { ("\($0.backendName)/\($0.rule.id)", $0) }, uniquingKeysWith: { first, _ in first })
        columns = backends.map { Column(name: $0.name, capabilities: $0.capabilities.sorted { $0.rawValue < $1.rawValue }) }
        rows = rules.map { rule in
            Row(rule: rule, results: backends.compactMap { byKey["\($0.name)/\(rule.id)"] })
        }
        for row in rows {
            for (index, result) in row.results.enumerated() {
                switch result.outcome {
                case .passed: columns[index].passed += 1
                case .failed: columns[index].failed += 1
                case .notApplicable: columns[index].notApplicable += 1
                }
            }
        }
    }

    /// Every failed result, in row order then column order.
    public var failures: [RuleResult] {
        rows.flatMap { $0.results.filter { !$0.passed && $0.failureReport != nil } }
    }

    /// Every not-applicable result, in row order then column order.
    public var notApplicable: [RuleResult] {
        rows.flatMap { row in row.results.filter { if case .notApplicable = $0.outcome { true } else { false } } }
    }

    /// Whether every applicable rule passed on every backend.
    public var allPassed: Bool { columns.allSatisfy { $0.failed == 0 } }
}
