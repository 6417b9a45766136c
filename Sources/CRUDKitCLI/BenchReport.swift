import Foundation

/// One timed operation: how many times it ran, and how long that took in all.
struct BenchResult: Codable, Sendable {
    var backend: String
    var size: Int
    var operation: String
    var count: Int
    var seconds: Double

    var microsecondsPerOperation: Double { count == 0 ? 0 : seconds / Double(count) * 1e6 }
}

/// The benchmark's results and the ratios it is judged by.
struct BenchReport: Codable, Sendable {
    var results: [BenchResult] = []

    func time(_ backend: String, _ size: Int, _ operation: String) -> BenchResult? {
        results.first { $0.backend == backend && $0.size == size && $0.operation == operation }
    }

    static func format(_ seconds: Double) -> String {
        seconds >= 1
            ? String(format: "%.2f s", seconds)
            : seconds >= 0.001 ? String(format: "%.1f ms", seconds * 1e3) : String(format: "%.0f µs", seconds * 1e6)
    }

    private var rows: [[String]] {
        results.map { result in
            if result.backend == "http" {
                let rate = String(format: "%.0f req/s", Double(result.count) / max(result.seconds, 1e-9))
                return [result.backend, "\(result.size)", result.operation, "\(result.count)", Self.format(result.seconds), rate]
            }
            let full = result.operation.hasPrefix("create one") ? result.size : nil
            let count = full.map { result.count < $0 ? "\(result.count) of \($0)" : "\(result.count)" } ?? "\(result.count)"
            return [
                result.backend, "\(result.size)", result.operation, count, Self.format(result.seconds),
                Self.format(result.microsecondsPerOperation / 1e6),
            ]
        }
    }

    private static let header = ["backend", "N", "operation", "ops", "total", "per op"]

    func text() -> String {
        let table = [Self.header] + rows
        let widths = (0..<Self.header.count).map { column in table.map { $0[column].count }.max() ?? 0 }
        var out =
            table.map { row in
                zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                    .trimmingTrailingSpaces()
            }.joined(separator: "\n") + "\n\nRatios\n"
        for ratio in ratios {
            let verdict = ratio.target.map { " (target \($0.text): \(ratio.verdict ?? ""))" } ?? ""
            out += "  N=\(ratio.size): \(ratio.what): \(String(format: "%.2f", ratio.ratio))×\(verdict)\n"
        }
        return out
    }

    func markdown() -> String {
        var out = "| " + Self.header.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: Self.header.count) + "\n"
        for row in rows { out += "| " + row.joined(separator: " | ") + " |\n" }
        out += "\n| N | ratio | value | target |\n|---|---|---|---|\n"
        for ratio in ratios {
            out +=
                "| \(ratio.size) | \(ratio.what) | \(String(format: "%.2f", ratio.ratio))× | \(ratio.target?.text ?? "") |\n"
        }
        return out
    }

    /// The JSON form of a run: what `--format json` writes and `--from` reads back.
    struct Document: Codable {
        var format = "crudkit-bench"
        var version = 1
        var results: [BenchResult]
        /// Written for readers; `--from` computes them again from the results.
        var ratios: [Ratio]?
        /// Absent from files written before the machine was recorded.
        var machine: Machine?
        var date: Date?
    }

    func json(machine: Machine, date: Date) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let document = Document(results: results, ratios: ratios, machine: machine, date: date)
        return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
    }

    /// A run saved with `--format json`, or why it cannot be read: a plain message.
    static func saved(_ data: Data, path: String) throws(CommandFailure) -> (report: BenchReport, machine: Machine?, date: Date?) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let document = try? decoder.decode(Document.self, from: data) else {
            throw CommandFailure(
                "\(path) is not a bench run saved with --format json (unreadable JSON or missing results)", exitCode: .invalidData)
        }
        guard document.format == "crudkit-bench", document.version == 1 else {
            throw CommandFailure(
                "\(path) is a '\(document.format)' document, version \(document.version); expected crudkit-bench, version 1",
                exitCode: .invalidData)
        }
        return (BenchReport(results: document.results), document.machine, document.date)
    }
}
