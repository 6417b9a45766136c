import CRUDConformance
import Foundation

extension ComparisonReport {
    /// The same facts as the matrix, for machines. Keys are stable and sorted.
    public struct Document: Codable, Sendable, Equatable {
        public struct BackendTotals: Codable, Sendable, Equatable {
            public var name: String
            public var capabilities: [String]
            public var passed: Int
            public var failed: Int
            public var notApplicable: Int
        }

        public struct Outcome: Codable, Sendable, Equatable {
            public var status: String
            public var durationMilliseconds: Int
            public var reason: String?
            public var step: String?
            public var expected: String?
            public var actual: String?
        }

        public struct RuleRow: Codable, Sendable, Equatable {
            public var id: String
            public var level: String
            public var statement: String
            public var hint: String
            public var results: [String: Outcome]
        }

        public var format: String
        public var version: Int
        public var ok: Bool
        public var backends: [BackendTotals]
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
