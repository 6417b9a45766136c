import Foundation

extension BenchReport {
    /// What a ratio should be: at most or at least a value.
    struct Target: Codable, Sendable, Equatable {
        enum Bound: String, Codable, Sendable {
            case atMost = "≤"
            case atLeast = "≥"
        }
        var bound: Bound
        var value: Double

        static func atMost(_ value: Double) -> Target { Target(bound: .atMost, value: value) }
        static func atLeast(_ value: Double) -> Target { Target(bound: .atLeast, value: value) }

        func isMet(by ratio: Double) -> Bool { bound == .atMost ? ratio <= value : ratio >= value }

        /// "≤ 1.5×", "≥ 2.5×".
        var text: String { "\(bound.rawValue) \(String(format: "%g", value))×" }
    }

    /// A comparison of one measured time or rate with another, measured in the same run.
    struct Ratio: Codable, Sendable {
        var size: Int
        var what: String
        var ratio: Double
        var target: Target?

        /// "met" or "NOT met", or nil without a target.
        var verdict: String? { target.map { $0.isMet(by: ratio) ? "met" : "NOT met" } }
    }

    /// The store against its C baseline is judged where the issue set the targets: at 100,000
    /// tasks and above, where the per-row cost dominates; smaller sizes show the ratio alone.
    static let baselineTargetSize = 100_000

    /// Every ratio the run can give, with its target where the kit has one.
    var ratios: [Ratio] {
        var ratios: [Ratio] = []
        let sizes = Array(Set(results.map(\.size))).sorted()
        func compare(_ size: Int, _ what: String, _ numerator: BenchResult?, _ denominator: BenchResult?, _ target: Target?) {
            guard let numerator, let denominator, denominator.seconds > 0 else { return }
            ratios.append(Ratio(size: size, what: what, ratio: numerator.seconds / denominator.seconds, target: target))
        }
        for size in sizes {
            let large = size >= Self.baselineTargetSize
            let sqliteTargets = ["import (one batch)": 1.5, "list by title": 1.2]
            for operation in ["import (one batch)", "list by title"] {
                compare(
                    size, "sqlite store / raw C: \(operation)", time("sqlite", size, operation), time("raw C", size, operation),
                    large ? sqliteTargets[operation].map(Target.atMost) : nil)
                compare(
                    size, "postgres store / raw libpq: \(operation)", time("postgres", size, operation),
                    time("raw libpq", size, operation), .atMost(1.5))
            }
            // The memory store keeps no disk, so it should beat SQLite reading its file.
            for (operation, limit) in [("import (one batch)", 0.25), ("list by title", 0.5), ("search", 1)] {
                compare(
                    size, "memory store / sqlite store: \(operation)", time("memory", size, operation), time("sqlite", size, operation),
                    .atMost(limit))
            }
        }
        ratios += httpRatios()
        // Renames run on a store of N tasks, so their cost per write shows how it grows with N:
        // in proportion for the JSON file, which rewrites it all; not at all for the journal,
        // which appends one line (its target: at most twice its cost at the smallest size).
        for (backend, target) in [("json", nil), ("journal", Target.atMost(2))] {
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

    /// The http rates against each other (higher is better, so the targets are floors).
    private func httpRatios() -> [Ratio] {
        let http = results.filter { $0.backend == "http" && $0.seconds > 0 }
        func rate(_ operation: String) -> (size: Int, perSecond: Double)? {
            http.first { $0.operation == operation }.map { ($0.size, Double($0.count) / $0.seconds) }
        }
        var ratios: [Ratio] = []
        func compare(_ what: String, _ numerator: String, _ denominator: String, _ target: Target?) {
            guard let top = rate(numerator), let bottom = rate(denominator), bottom.perSecond > 0 else { return }
            ratios.append(Ratio(size: top.size, what: what, ratio: top.perSecond / bottom.perSecond, target: target))
        }
        // A write of one request against a read of one request; a rename, two requests, is
        // shown beside it without a target (at best about half the read rate).
        compare("http client: writes (create) / reads (1 client each)", "create, 1 client", "get by id, 1 client", .atLeast(0.8))
        compare("http client: renames (PUT, then GET) / reads (1 client each)", "rename, 1 client", "get by id, 1 client", nil)
        compare("http client: 8 concurrent clients / 1 client (reads)", "get by id, 8 clients", "get by id, 1 client", .atLeast(2.5))
        compare(
            "http client / bare URLSession loop (reads, 1 client)", "get by id, 1 client", "get by id, bare URLSession loop",
            .atLeast(0.8))
        if let capacity = http.first(where: { $0.operation.hasPrefix("server capacity") }) {
            compare("http server capacity / the kit's client rate (8 each)", capacity.operation, "get by id, 8 clients", nil)
        }
        return ratios
    }
}
