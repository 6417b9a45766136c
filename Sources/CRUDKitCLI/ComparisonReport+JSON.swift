import CRUDConformance
import Foundation

extension ComparisonReport {
    /// The same facts as the matrix, for machines. Keys are stable and sorted.
    public struct Document: Codable, Sendable, Equatable {
        /// One backend and how many rules passed, failed and did not apply on it.
        public struct BackendTotals: Codable, Sendable, Equatable {
            /// The backend's name, the key of its outcome in each ``RuleRow/results``.
            public var name: String
            /// The capabilities it declares, by their raw names (`durability`, …), sorted.
            public var capabilities: [String]
            /// How many rules passed.
            public var passed: Int
            /// How many rules failed.
            public var failed: Int
            /// How many rules were not checked because the backend cannot support them.
            public var notApplicable: Int
        }

        /// What one rule did on one backend.
        public struct Outcome: Codable, Sendable, Equatable {
            /// `pass`, `fail` or `notApplicable` (``RuleOutcome/status``).
            public var status: String
            /// How long the check took, in whole milliseconds.
            public var durationMilliseconds: Int
            /// Why the rule does not apply; only for `notApplicable`.
            public var reason: String?
            /// The step that went wrong; only for `fail`.
            public var step: String?
            /// What the rule expected at that step; only for `fail`.
            public var expected: String?
            /// What the backend did instead; only for `fail`.
            public var actual: String?
        }

        /// One rule, as the registry states it, and its outcome on each backend.
        public struct RuleRow: Codable, Sendable, Equatable {
            /// The rule's id, such as `TASK-CREATE-001`.
            public var id: String
            /// `MUST` or `SHOULD`.
            public var level: String
            /// What the rule requires, in one sentence.
            public var statement: String
            /// What to look at when the rule fails.
            public var hint: String
            /// The outcome on each backend, keyed by the backend's name.
            public var results: [String: Outcome]
        }

        /// Always `crudkit-compare`: what this document is, for a reader given any JSON.
        public var format: String
        /// The version of this layout; it changes when a key is removed or changes meaning.
        public var version: Int
        /// Whether every applicable rule passed on every backend.
        public var ok: Bool
        /// The backends, in the order they were run.
        public var backends: [BackendTotals]
        /// The rules, in the registry's order.
        public var rules: [RuleRow]
    }

    /// The report as a ``Document``.
    public func document() -> Document {
        Document(
            format: "crudkit-compare", version: 1, ok: allPassed,
            backends: columns.map {
                .init(
                    name: $0.name, capabilities: $0.capabilities.map(\.rawValue), passed: $0.passed, failed: $0.failed,
                    notApplicable: $0.notApplicable)
            },
            rules: rows.map { row in
                var results: [String: Document.Outcome] = [:]
                for result in row.results {
                    let milliseconds = Int(result.duration.milliseconds)
                    var outcome = Document.Outcome(status: result.outcome.status, durationMilliseconds: milliseconds)
                    switch result.outcome {
                    case .passed: break
                    case .notApplicable(let reason): outcome.reason = reason
                    case .failed(let failure):
                        outcome.step = failure.step
                        outcome.expected = failure.expected
                        outcome.actual = failure.actual
                    }
                    results[result.backendName] = outcome
                }
                return .init(
                    id: row.rule.id, level: row.rule.level.rawValue, statement: row.rule.statement, hint: row.rule.hint, results: results)
            })
    }

    /// The report as pretty-printed JSON with sorted keys.
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document()), as: UTF8.self) + "\n"
    }
}
