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

    /// A comparison of one measured time with another.
    struct Ratio: Codable, Sendable {
        var size: Int
        var what: String
        var ratio: Double
        var target: Double?
    }

    func time(_ backend: String, _ size: Int, _ operation: String) -> BenchResult? {
        results.first { $0.backend == backend && $0.size == size && $0.operation == operation }
    }

    /// SQLite store against raw C, and the JSON store's and the journal's cost per write against the smallest size.
    var ratios: [Ratio] {
        var ratios: [Ratio] = []
        let sizes = Array(Set(results.map(\.size))).sorted()
        for size in sizes {
            for operation in ["import (one batch)", "list by title"] {
                if let swift = time("sqlite", size, operation), let c = time("raw C", size, operation), c.seconds > 0 {
                    ratios.append(
                        Ratio(size: size, what: "sqlite store / raw C: \(operation)", ratio: swift.seconds / c.seconds, target: 2))
                }
                if let swift = time("postgres", size, operation), let c = time("raw libpq", size, operation), c.seconds > 0 {
                    ratios.append(
                        Ratio(size: size, what: "postgres store / raw libpq: \(operation)", ratio: swift.seconds / c.seconds, target: 1.5))
                }
            }
        }
        if let capacity = results.first(where: { $0.operation.hasPrefix("server capacity") }),
            let client = results.first(where: { $0.operation == "get by id, 8 clients" }), capacity.seconds > 0, client.seconds > 0
        {
            let ratio = (Double(capacity.count) / capacity.seconds) / (Double(client.count) / client.seconds)
            ratios.append(
                Ratio(size: capacity.size, what: "http server capacity / URLSession client rate (8 each)", ratio: ratio, target: nil))
        }
        // Renames run on a store of N tasks, so their cost per write shows how it grows with N:
        // in proportion for the JSON file, which rewrites it all; not at all for the journal,
        // which appends one line (its target: at most twice its cost at the smallest size).
        for (backend, target) in [("json", nil), ("journal", 2.0)] as [(String, Double?)] {
            guard let smallest = sizes.first, let base = time(backend, smallest, "rename"), base.microsecondsPerOperation > 0 else {
                continue
            }
            for size in sizes.dropFirst() {
                if let write = time(backend, size, "rename") {
                    ratios.append(
                        Ratio(
                            size: size,
                            what: "\(backend) cost per write (rename) at \(size) / at \(smallest) (store \(size / smallest)× larger)",
                            ratio: write.microsecondsPerOperation / base.microsecondsPerOperation, target: target))
                }
            }
        }
        return ratios
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
            let verdict = ratio.target.map { ratio.ratio <= $0 ? " (target ≤ \($0)×: met)" : " (target ≤ \($0)×: NOT met)" } ?? ""
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
                "| \(ratio.size) | \(ratio.what) | \(String(format: "%.2f", ratio.ratio))× | \(ratio.target.map { "≤ \($0)×" } ?? "") |\n"
        }
        return out
    }

    func json() throws -> String {
        struct Document: Codable {
            var format = "crudkit-bench"
            var version = 1
            var results: [BenchResult]
            var ratios: [Ratio]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(Document(results: results, ratios: ratios)), as: UTF8.self) + "\n"
    }
}
